// A capability rule: data (id, ATT&CK tactic and technique, examples that must and must not match)
// plus one pure matcher over the parsed commands of a step. A matcher reads one command (with the
// commands around it, for "pack then send" and "fetch then run"), and returns the action it found
// with a one-line reason a person can judge at a glance.
import type { Action } from "../model.js";
import { productionNamed } from "../paths.js";
import { hasFlag, type Invocation } from "../shell-command.js";

export interface RuleHit {
  readonly action: Action;
  readonly reason: string;
  /** A more precise technique than the rule's own, when the matcher knows it (T1552.004 for a key). */
  readonly technique?: string;
}

export interface CommandRule {
  /** family.name, e.g. "persistence.cron". */
  readonly id: string;
  /** ATT&CK tactic name and id, e.g. "Persistence (TA0003)". */
  readonly tactic: string;
  /** ATT&CK technique id the rule covers, e.g. "T1053.003". */
  readonly technique: string;
  /**
   * The command names (Invocation.name, exactly as written) of every command this rule can match,
   * when it only ever matches commands of those names: the judge then asks it about those commands
   * only (rulesFor, index.ts). Left out when the rule may match a command of any name (it reads
   * what a command writes, its redirections, environment or text, or a name by pattern). A test
   * holds each declaration to every rule's examples (test/action-rule-names.test.ts).
   */
  readonly names?: readonly string[];
  readonly match: (inv: Invocation, all: readonly Invocation[], index: number) => RuleHit | undefined;
  /** Shell lines that must match, and lines from real work that must not. Run as tests. */
  readonly examples: { readonly match: readonly string[]; readonly noMatch: readonly string[] };
}

/**
 * writtenPaths of the invocation asked about last: the rules judge one command at a time and some
 * fifteen of them ask for it. Keyed by the invocation object, which is read-only, so the answer
 * never changes under it (a WeakMap cost more per lookup than this saves).
 */
let lastInvocation: Invocation | undefined;
let lastWritten: readonly string[] = [];

/** Every file a command writes: output redirects, tee, cp/mv/install/ln destinations, sed -i files, dd of=. */
export function writtenPaths(inv: Invocation): readonly string[] {
  if (inv !== lastInvocation) {
    lastWritten = Object.freeze(writtenPathsOf(inv));
    lastInvocation = inv;
  }
  return lastWritten;
}

function writtenPathsOf(inv: Invocation): string[] {
  const out: string[] = [];
  for (const r of inv.command.redirects) if (/^(>|>>|>\||&>|&>>|\d>|\d>>)$/.test(r.op) && !/^&?\d$/.test(r.target)) out.push(r.target);
  const ops = inv.args.filter((a) => !a.startsWith("-"));
  switch (inv.name) {
    case "tee":
      out.push(...ops);
      break;
    case "cp":
    case "mv":
    case "install":
    case "ln":
    case "rsync":
    case "ditto": {
      const t = targetDirectoryOption(inv.args);
      if (t !== undefined) out.push(t);
      else if (ops.length >= 2) out.push(ops[ops.length - 1]!);
      break;
    }
    case "sed":
    case "perl":
      if (inv.args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith("--in-place"))) out.push(...ops.slice(1));
      break;
    case "dd":
      for (const a of inv.args) if (a.startsWith("of=")) out.push(a.slice(3));
      break;
    case "curl":
    case "wget": {
      // curl -o FILE / --output FILE; wget -O FILE / --output-document FILE (curl's -O takes no value).
      const short = inv.name === "curl" ? "-o" : "-O";
      const long = inv.name === "curl" ? "--output" : "--output-document";
      inv.args.forEach((a, i) => {
        if (a === short || a === long) out.push(inv.args[i + 1] ?? "");
        else if (a.startsWith(`${long}=`)) out.push(a.slice(long.length + 1));
      });
      break;
    }
    case "truncate":
    case "touch":
    case "chmod":
    case "chown":
      break;
  }
  return out;
}

function targetDirectoryOption(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-t" || a === "--target-directory") return args[i + 1];
    if (a.startsWith("--target-directory=")) return a.slice("--target-directory=".length);
  }
  return undefined;
}

const FIELD_FILE = /^[\w.-]+=@(.+)$/;
const AT_FILE = /^@(.+)$/;

/** Every path-looking word a command reads: its operands and `<` redirects. */
export function readPaths(inv: Invocation): string[] {
  const out: string[] = [];
  for (const r of inv.command.redirects) if (r.op === "<") out.push(r.target);
  for (const a of inv.args) {
    if (a.startsWith("-")) {
      const eq = a.indexOf("=");
      const at = a.indexOf("@");
      // (An option's value is a file when it looks like one: `--kubeconfig=admin.conf`, `--from=~/x`;
      // `--project=chromium` names Playwright's browser, not its profile folder.)
      if (eq > 0 && /[/.~]/.test(a.slice(eq + 1))) out.push(a.slice(eq + 1).replace(/^@/, ""));
      else if (at > 0) out.push(a.slice(at + 1));
      continue;
    }
    // name=@file and @file (curl -F, -d): both need an "@", which few words hold.
    const at = a.includes("@") ? (FIELD_FILE.exec(a) ?? AT_FILE.exec(a)) : null;
    out.push(at ? at[1]! : a);
  }
  return out;
}

export function isRecursive(inv: Invocation): boolean {
  return hasFlag(inv.args, "r") || hasFlag(inv.args, "R", "--recursive");
}


/** A word from the command's argv, quoted for a reason line (kept short). */
export function shown(word: string): string {
  return word.length > 60 ? `${word.slice(0, 57)}...` : word;
}

/** The command that runs before this one in the step (a pipeline's writer, or the previous command). */
export function previous(all: readonly Invocation[], index: number): Invocation | undefined {
  return index > 0 ? all[index - 1] : undefined;
}

/**
 * The commands this one runs inside it, as the shell reader read them (kubectl exec's command and the
 * sh -c script in it, ssh's remote command): those right after it in the reading that came through a
 * wrapper (a command of the line itself has no `via`).
 */
export function nestedIn(all: readonly Invocation[], index: number): readonly Invocation[] {
  let end = index + 1;
  while (end < all.length && all[end]!.command.via != null) end++;
  return all.slice(index + 1, end);
}

/** The commands that run after this one in the step. */
export function following(all: readonly Invocation[], index: number): readonly Invocation[] {
  return all.slice(index + 1);
}

/** Options of cloud and cluster CLIs whose value is the next word: `aws --profile prod rds …`, `kubectl --context prod get …`. */
const VALUED_OPTIONS: Readonly<Record<string, RegExp>> = {
  kubectl: /^(--context|--namespace|-n|--kubeconfig|--cluster|--user|--as|--as-group|-l|--selector|--field-selector|-c|--container|-o|--output|-s|--server|--token|--request-timeout)$/,
  aws: /^(--profile|--region|--output|--endpoint-url|--query|--color|--ca-bundle|--cli-read-timeout|--cli-connect-timeout|--cli-binary-format)$/,
  gcloud: /^(--project|--account|--configuration|--format|--verbosity|--impersonate-service-account|--billing-project|--flags-file|--region|--zone)$/,
  az: /^(--subscription|--output|-o|--query|--resource-group|-g)$/,
  heroku: /^(--app|-a|--remote|-r)$/,
  doppler: /^(-p|--project|-c|--config|--token|--scope)$/,
  infisical: /^(--env|--projectId|--path|--token|--domain)$/,
};

/** The values an option is given, written `--name value`, `-n value` or `--name=value`, in order. */
export function optionValues(args: readonly string[], names: readonly string[]): string[] {
  return args.flatMap((x, i) => (names.includes(args[i - 1] ?? "") && !names.includes(x) ? [x] : names.some((n) => n.startsWith("--") && x.startsWith(`${n}=`)) ? [x.slice(x.indexOf("=") + 1)] : []));
}

/** Options that say where a deployment, cluster or cloud command acts: its context, cluster, namespace, app, project, service, profile, subscription or resource group. */
const WHERE_OPTIONS = ["--context", "--kube-context", "--cluster", "-n", "--namespace", "-a", "--app", "--project", "--service", "--profile", "--subscription", "--resource-group"];
/** The first value of those options that names production (productionNamed), or undefined. */
export function productionWhere(args: readonly string[]): string | undefined {
  return optionValues(args, WHERE_OPTIONS).find(productionNamed);
}

/** A CLI's words that are neither options nor an option's value (its command and operands, in order). */
export function commandWords(name: string, args: readonly string[]): string[] {
  const valued = VALUED_OPTIONS[name];
  return args.filter((x, i) => !x.startsWith("-") && !(valued?.test(args[i - 1] ?? "") ?? false));
}

/**
 * A word that expands a secret: a variable named for one ($AWS_SECRET_ACCESS_KEY, ${GITHUB_TOKEN},
 * $DB_PASSWORD) or a CI expression over the secrets (${{ secrets.NPM_TOKEN }}, ${{ toJSON(secrets) }}).
 */
// (Any name around the word: $DB_PASSWORD2, ${GH_TOKENv2}, $APISECRETKEY; not the names that only
// count or point at one: $MAX_TOKENS, $NEXT_PAGE_TOKEN, $CSRF_TOKEN, $SECRET_NAME, $TOKENIZER_PATH.)
export const SECRET_EXPANSION = /\$\{?(?![A-Za-z_]{0,40}?(?:MAX|NUM|TOTAL|NEXT|PAGE|PREV|CSRF|XSRF|CURSOR|CONTINUATION)_?(?:TOKEN|SECRET|PASS|KEY))(?![A-Za-z_]\w{0,60}?(?:_(?:NAME|ARN|ID|PATH|FILE|LENGTH|LEN|COUNT|TYPE|URL|URI|ENDPOINT|REGION|VERSION)|IZER)\b)[A-Za-z_]?\w{0,60}?(?:SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIAL)\w{0,60}\}?|\$\{\{[^}]{0,200}?\bsecrets\b/i;
