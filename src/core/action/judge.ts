// judgeAction: one step (a tool call, its arguments, the shell commands it runs, the tool's MCP
// annotations) read into actions, each scored by the model's table; the step's score and tier are
// those of its worst action, and every action that reaches a pause names the rule that found it
// and a reason a person can judge at a glance. Pure, and linear in the input: each command is read
// once by each rule (a fixed number), each argument value is visited once, SQL is parsed once per
// string, and every list is capped.
import { isQTool, qOnlyReads, qSystemCommands, qTexts } from "./q.js";
import { describeAction, tierFor, tierOfScore, PAUSE_AT, type Action, type ActionTier } from "./model.js";
import { rulesFor } from "./rules/index.js";
import { writtenPaths } from "./rules/rule.js";
import { quoteWord } from "../shell/read-model.js";
import { classifyPath, evidencePath, internalHost, isExternalHost, isPasteHost, productionNamed, testEnvironmentHost, testEnvironmentNamed, untrustedOrigin } from "./paths.js";
import { LIVE_KEY } from "../validators.js";
import { METADATA_HOST } from "./rules/credential-access.js";
import { invocationsOf, pipedFrom, type Invocation, type ShellCommand } from "./shell-command.js";
import { looksLikeSql, readSql } from "./sql.js";
import { readCode } from "./code.js";
import { DEV_DATABASE_NAME } from "../rules/actions/fragments.js";
import { argumentFacts, isRecord, readToolCall, toolWords, type ToolAnnotations } from "./tool-call.js";
import { mentionsProduction, readProse } from "./prose.js";
import { codeSpans } from "../shell/source.js";
import { ciCommandsOf, deployGateRemoved, weakenedCi } from "./ci-config.js";
import { editsOf, fileWriteCommands, wholeWritesOf, writtenFile } from "./file-write.js";
import { readWrittenSource, removedChecks } from "./source-file.js";
import { editWeakens, scannerIgnoreWidened, writtenAgentInstructions } from "./edit-weakens.js";
import { httpCallOf } from "./http-call.js";
import { cliCallOf } from "./cli-call.js";
import { TextSet } from "../text.js";

export interface JudgeInput {
  readonly tool?: string;
  readonly arguments?: unknown;
  readonly commands?: readonly ShellCommand[];
  readonly annotations?: ToolAnnotations;
  /** Mail domains that count as inside (recipients there are not "external"). */
  readonly internalDomains?: readonly string[];
  /**
   * The shell reader (src/core/shell/), for command strings found inside interpreter code
   * (os.system('…'), subprocess.run('…')). Without it those strings are reported unreadable.
   */
  readonly readShell?: (text: string) => readonly ShellCommand[];
  /** The agent's own words for the step (a hint that is not a rendering of the call): read by readProse. */
  readonly prose?: string;
}

export interface RuleVerdict {
  readonly id: string;
  readonly tactic?: string;
  readonly technique?: string;
  readonly reason: string;
  readonly score: number;
  readonly tier: ActionTier;
}

export interface Judgement {
  readonly actions: readonly Action[];
  readonly score: number;
  readonly tier: ActionTier;
  /** Rules that found an action worth a pause or a hard stop, highest score first. */
  readonly rules: readonly RuleVerdict[];
  /** What could not be read (SQL no grammar accepts, input over a cap): each is caution. */
  readonly unreadable: readonly string[];
}

export const MAX_COMMANDS = 500;
export const MAX_SQL_STRINGS = 50;
/** Words of all the step's commands together that the rules read; beyond it the step is caution. */
export const MAX_WORDS = 20_000;

/** A fetch's prompt that says to do what the page says. */
const FOLLOW_FETCHED = /\b(?:follow|execute|run|carry out|do|apply|perform|obey)\b[^.\n]{0,40}?\b(?:steps?|instructions?|commands?|everything|what it says|exactly|as (?:it|written|listed))\b|\b(?:list|give|extract|copy)\w*\b[^.\n]{0,30}?\b(?:every|each|all|the)(?: [\w-]+)? (?:commands?|steps?)\b[^.\n]{0,40}?\b(?:so (?:I|we) can|to) (?:run|execute|apply|follow)\b/i;
/** Hosts that serve what any user uploaded: gists, raw repository files, snippets, paste-like services. */
const USER_CONTENT_HOST = /^(?:gist\.github(?:usercontent)?\.com|raw\.githubusercontent\.com|gitlab\.com|bitbucket\.org|rentry\.(?:co|org)|ghostbin\.\w+|controlc\.com|dpaste\.(?:com|org)|privatebin\.\w+|justpaste\.it|telegra\.ph|notes\.io|pastes\.dev)$/i;
const DB_CLIENTS = new Set(["cqlsh", "psql", "mysql", "mariadb", "sqlite3", "sqlcmd", "dbsqlcli", "sql", "sqlcl", "trino", "presto", "beeline", "spark-sql", "impala-shell", "mssql-cli", "clickhouse-client", "cockroach", "duckdb", "snowsql", "bq", "mycli", "pgcli", "usql", "sqlplus", "invoke-sqlcmd"]);
const DB_TOOL_WORD = /^(sql|postgres|postgresql|pg|mysql|mariadb|sqlite|database|db|bigquery|snowflake|redshift|clickhouse|supabase|neon|duckdb|query|execute)$/;
const SQL_FIELD = /^(sql|statement|statements|query|queries|command)$/i;
const SQL_KEYWORD = /^\s*(select|insert|update|delete|drop|truncate|alter|grant|revoke|create|with|merge|replace|copy|call|exec|begin|vacuum|set|show|explain)\b/i;

/** sqlite3 and duckdb dot-commands that only show or format (.tables, .schema, .mode csv): everything else may reach files, other databases or the shell. */
const SHOWING_DOT_COMMAND = /^\s*\.(tables|schema|fullschema|headers?|mode|indexes|indices|dump|quit|exit|timer|width|print|show|help|databases|nullvalue|separator|changes|echo|eqp|stats|dbinfo|bail)(\s|$)/i;

/** The SQL a database client runs from its command line: psql -c '…', mysql -e '…', sqlite3 db '…'. */
const NO_SQL: readonly string[] = Object.freeze([]);

function sqlOfCommand(inv: Invocation, next: Invocation | undefined): readonly string[] {
  // Most commands are neither a database client nor echo/printf: nothing to read, nothing allocated.
  if (!DB_CLIENTS.has(inv.name) && inv.name !== "echo" && inv.name !== "printf" && inv.name !== "gcloud" && inv.name !== "wp" && inv.name !== "drush") return NO_SQL;
  // WP-CLI's `wp db query "SQL"` and Drush's `drush sql:query "SQL"` (sqlq, sql-query) run SQL on the site's database.
  if (inv.name === "wp" || inv.name === "drush") {
    const ops = inv.args.filter((w) => !w.startsWith("-") && !w.startsWith("@"));
    const at = inv.name === "wp" ? (ops[0] === "db" && ops[1] === "query" ? 2 : -1) : /^(?:sql:query|sql-query|sqlq)$/.test(ops[0] ?? "") ? 1 : -1;
    return at >= 0 && ops[at] !== undefined && ops[at]!.trim() !== "" ? [ops[at]!] : NO_SQL;
  }
  // gcloud's database commands take their SQL as --sql (gcloud spanner databases execute-sql db --sql=…); its -q is --quiet.
  if (inv.name === "gcloud") return inv.args.flatMap((w, i) => (w === "--sql" ? [inv.args[i + 1] ?? ""] : w.startsWith("--sql=") ? [w.slice(6)] : [])).filter((t) => t.trim() !== "");
  const out: string[] = [];
  if (DB_CLIENTS.has(inv.name)) {
    const a = inv.args;
    for (let i = 0; i < a.length; i++) {
      const w = a[i]!;
      // (snowsql's -c names a connection, not SQL.)
      if (((w === "-c" || w === "--command") && inv.name !== "snowsql") || w === "-e" || w === "--execute" || w === "-Q" || w === "-q" || w === "--query" || (inv.name === "invoke-sqlcmd" && /^-Query$/i.test(w))) out.push(a[i + 1] ?? "");
      else if (/^--(command|execute|query)=/.test(w)) out.push(w.slice(w.indexOf("=") + 1));

    }
    // bq query takes its SQL as the operand after `query` (bq query --use_legacy_sql=false 'SELECT …').
    if (inv.name === "bq") {
      const at = a.indexOf("query");
      if (at >= 0) { const sql = a.slice(at + 1).find((w) => SQL_KEYWORD.test(w)); if (sql !== undefined) out.push(sql); }
    }
    // SQL given on standard input as a here-string (sqlplus / as sysdba <<< "ALTER SYSTEM …").
    for (const r of inv.command.redirects) if (r.op === "<<<") out.push(r.target);
    if (inv.name === "sqlite3" || inv.name === "duckdb") {
      const ops = a.filter((w) => !w.startsWith("-"));
      // A database in memory or in a temporary directory is thrown away with what is done to it,
      // unless the SQL attaches another one or a dot-command does more than show (the CLI takes
      // any prefix of one: .op opens another database, .she runs a shell).
      if (ops[0] !== undefined && (ops[0] === ":memory:" || classifyPath(ops[0]) === "temp") && !a.some((w) => /\battach\b/i.test(w) || w.split("\n").some((l) => /^\s*\./.test(l) && !SHOWING_DOT_COMMAND.test(l)))) return NO_SQL;
      if (ops.length >= 2) out.push(ops[ops.length - 1]!);
    }
  }
  if ((inv.name === "echo" || inv.name === "printf") && next && DB_CLIENTS.has(next.name)) out.push(inv.args.filter((w) => !w.startsWith("-")).join(" "));
  // psql's own meta-commands (\dt, \l, \d users, \x) and sqlite's showing dot-commands (.schema users, .tables) are not SQL: they list and describe.
  return out.filter((s) => s.trim() !== "" && !/^\s*\\[a-zA-Z?!]/.test(s) && !((inv.name === "sqlite3" || inv.name === "duckdb") && s.split("\n").every((l) => l.trim() === "" || SHOWING_DOT_COMMAND.test(l))));
}

/** Tools whose argument is a shell command line: Claude Code's Bash, MCP shell servers, ToolEmu's Terminal. */
const SHELL_TOOL = /^(bash|shell|sh|terminal|terminalexecute|run_shell_command|run_command|execute_command|exec_command|shell_exec|run_terminal_cmd|mcp__[\w-]+__(run_command|execute_command|shell|bash|exec|run_shell_command))$/i;
/** Tools that type into a terminal (tmux send_keys, terminal_write, iTerm's send_text): what they type is a command line, in `text` or `keys`. */
const TYPES_INTO_A_TERMINAL = /(?:^|_)(?:tmux_send_keys|send_keys|terminal_(?:write|send\w*|type\w*|input)|iterm\w*_send_\w+|type_in_terminal)$/i;
const SHELL_FIELD = /^(command|cmd|script|commandline|command_line|cli_command|cli_cmd)$/i;

/** Whether the tool runs its argument as a shell command line (Bash, run_shell_command, mcp__x__exec…). */
export const isShellTool = (tool: string): boolean => SHELL_TOOL.test(tool) || TYPES_INTO_A_TERMINAL.test(tool);

/** The shell command line a shell tool's arguments carry, if any. */
export function shellCommandOf(tool: string | undefined, args: unknown): string | undefined {
  if (tool === undefined || !isShellTool(tool)) return undefined;
  return shellToolLine(tool, args);
}

/** A wrapped CLI's subcommand that only reads (gcloud container clusters list, kubectl get pods, az vm show, aws s3api get-bucket-policy). */
const READ_SUBCOMMAND = /^(?:list|describe|get|show|ls|info|status|logs?|read|search|view|inspect|explain|diff|plan|validate|version|(?:get|list|describe)-[\w-]+)$/;

/**
 * Whether a wrapped CLI's command line only reads: its command path (the words before the first
 * option, at most six) holds a reading subcommand and nothing else that could be one: every other
 * word is a plain lowercase group name (container, clusters, s3api), not a dashed or other verb.
 * A name after the subcommand (az vm show myvm) is not read as a group, so such a line is not
 * taken to read only: the tool's own reading stays beside the command's, on the safe side.
 */
function cliReadsOnly(line: string): boolean {
  const path: string[] = [];
  for (const w of line.trim().split(/\s+/).slice(1)) {
    if (w.startsWith("-") || path.length >= 6) break;
    path.push(w);
  }
  const at = path.findIndex((w) => READ_SUBCOMMAND.test(w));
  return at >= 0 && at === path.length - 1 && path.slice(0, at).every((w) => /^[a-z][a-z0-9]*$/.test(w));
}

/** CLIs an MCP server wraps, taking the rest of the command line as arguments: run_gcloud_command {args: […]}, azmcp_extension_az {command: "group delete …"}. */
const CLI_WORD = /^(gcloud|gsutil|bq|az|azure|aws|kubectl|helm|gh|terraform|pulumi|heroku|flyctl|doctl|vercel|netlify|wrangler|oc|eksctl)$/;

/** The command line a CLI-wrapping tool runs (`gcloud storage rm …`), if the tool is one and its arguments say. */
export function cliCommandOf(tool: string | undefined, args: unknown): string | undefined {
  if (tool === undefined || !args || typeof args !== "object" || Array.isArray(args)) return undefined;
  const cli = toolWords(tool).find((w) => CLI_WORD.test(w));
  if (cli === undefined) return undefined;
  const name = cli === "azure" ? "az" : cli;
  const a = args as Record<string, unknown>;
  const list = a.args ?? a.argv ?? a.arguments;
  let rest: string | undefined;
  if (Array.isArray(list) && list.length > 0 && list.every((x) => typeof x === "string")) rest = list.map(quoteWord).join(" ");
  else if (typeof list === "string") rest = list;
  else rest = commandArgumentOf(args);
  if (rest === undefined || rest.trim() === "") return undefined;
  return new RegExp(`^\\s*(?:${cli}|${name})(?:\\s|$)`).test(rest) ? rest : `${name} ${rest}`;
}

/**
 * The command lines a tool call runs besides a shell tool's: a CLI-wrapping tool's (cliCommandOf),
 * the script lines of a CI configuration the call writes (ci-config.ts), and the shell write
 * equivalent to a file it writes (file-write.ts).
 */
export function toolCommandLines(tool: string | undefined, args: unknown): string[] {
  const shell = shellCommandOf(tool, args);
  return shell !== undefined ? [shellToolLine(tool, args) ?? shell, ...ciCommandsOf(args)] : [...wrappedCommandLines(tool, args), ...fileWriteCommands(args)];
}

/**
 * The command line a shell tool runs, as read: its command argument, or for a Kubernetes server's
 * exec the kubectl exec line it equals (where it runs is part of what it does: `env` in a service's
 * pod prints that service's secrets).
 */
export function shellToolLine(tool: string | undefined, args: unknown): string | undefined {
  const pod = tool !== undefined && args !== null && typeof args === "object" && !Array.isArray(args) ? podExecOf(tool, args) : undefined;
  // (What a terminal tool types, when no command argument says it.)
  const typed = tool !== undefined && TYPES_INTO_A_TERMINAL.test(tool) && isRecord(args) ? [args.text, args.keys].find((v): v is string => typeof v === "string") : undefined;
  return pod ?? commandArgumentOf(args) ?? typed;
}

/** toolCommandLines without a shell tool's own command line (which its arguments already hold as written). */
export function wrappedCommandLines(tool: string | undefined, args: unknown): string[] {
  if (tool === undefined || !args || typeof args !== "object") return [];
  const cli = cliCommandOf(tool, args) ?? podExecOf(tool, args);
  // (q's system "…" runs a command on the kdb+ host.)
  const q = isQTool(toolWords(tool)) ? qTexts(args).flatMap(qSystemCommands) : [];
  return [...(cli !== undefined ? [cli] : []), ...ciCommandsOf(args), ...scriptsOf(args), ...q];
}

/**
 * SQL that only adds: every statement a column, index or projection added to a table, with no word
 * that removes, changes rows, grants, selects, runs anything or names an engine or a place elsewhere.
 */
function addsOnly(sql: string): boolean {
  const bare = sql.replace(/'(?:[^'\\]|\\.)*'/g, "x").replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, " ");
  if (/\b(?:drop|delete|truncate|update|upsert|merge|grant|revoke|rename|replace|modify|exec|execute|call|insert|detach|attach|freeze|move|kill|system|set|disable|enable|owner|policy|security|password|user|role|engine|select|to|url|s3|remote|file)\b/i.test(bare)) return false;
  const statements = bare.split(";").map((x) => x.trim()).filter(Boolean);
  // (Oracle's ALTER TABLE … ADD (col type) and COMMENT ON COLUMN … IS '…' add a column and a comment.)
  return statements.length > 0 && statements.every((x) => /^alter\s+table\s+\S+(?:\s+on\s+cluster\s+\S+)?\s+add\s*(?:(?:column|index|projection)\b|\()/i.test(x) || /^comment\s+on\s+(?:column|table)\s+[\w."]+\s+is\s+x$/i.test(x));
}

/** editWeakens's readings that hold for a whole new file's text: what it grants needs no old text to compare. */
const HOLDS_A_GRANT: ReadonlySet<string> = new Set(["code.sudo-everything", "code.ssh-key-added", "code.container-escalated"]);

/** Keys that carry a script a tool runs on machines: an RMM's or MDM's script, a run-command's inline script. */
const SCRIPT_FIELD = /^(?:script_?content|script_?text|script_?body|inline_?script|powershell_?script|shell_?script|bash_?script|script_?source)$/i;

/** The scripts a call carries under SCRIPT_FIELD keys (top level or one level down), each a command line to read. */
function scriptsOf(args: object): string[] {
  const out: string[] = [];
  const take = (o: Record<string, unknown>): void => {
    for (const [k, v] of Object.entries(o)) if (SCRIPT_FIELD.test(k) && typeof v === "string" && v.trim() !== "" && out.length < 4) out.push(v);
  };
  if (!Array.isArray(args)) {
    take(args as Record<string, unknown>);
    for (const v of Object.values(args)) if (isRecord(v)) take(v);
  }
  return out;
}

/**
 * A Kubernetes server's pod exec (pods_exec {name, command: ["printenv"]}, kubernetes exec {pod,
 * namespace, context, command}) as the kubectl line it equals: what runs, in whose pod, where.
 */
function podExecOf(tool: string, args: object): string | undefined {
  const words = toolWords(tool);
  const a = args as Record<string, unknown>;
  if (!words.includes("exec") || !(words.some((w) => /^pods?$/.test(w)) || (words.some((w) => /^(kubernetes|k8s|kube|kubectl)$/.test(w)) && typeof a.pod === "string"))) return undefined;
  const command = Array.isArray(a.command) && a.command.every((x) => typeof x === "string") ? (a.command as string[]).map(quoteWord).join(" ") : typeof a.command === "string" ? a.command : undefined;
  const pod = typeof a.name === "string" ? a.name : typeof a.pod === "string" ? a.pod : "pod";
  const where = (["context", "namespace"] as const).flatMap((k) => (typeof a[k] === "string" && /^[\w.:@-]+$/.test(a[k] as string) ? [`--${k} ${a[k] as string}`] : [])).join(" ");
  return command !== undefined && command.trim() !== "" ? `kubectl ${where === "" ? "" : `${where} `}exec ${/^[\w.-]+$/.test(pod) ? pod : "pod"} -- ${command}` : undefined;
}

const CLICK_TOOL = /(^|_)(click|tap|press|dblclick|double_?click)(_|$)/i;
const BROWSER_WORD = /^(browser|playwright|puppeteer|selenium|page|web|chrome|chromium|firefox|webdriver|computer)$/;
const LABEL_KEY = /^(element|selector|text|label|name|description|aria_?label|title|button|target|locator|ref_?text)$/i;

/** Whether a tool (its words) is a browser automation doing what `action` names (click, type). */
const isBrowserTool = (words: readonly string[], action: RegExp): boolean => action.test(words.join("_")) && words.some((w) => BROWSER_WORD.test(w));

/** What a browser automation's click clicks, in words: its element description, label or selector (`#confirm-delete-workspace` → "confirm delete workspace"). */
function clickedText(words: readonly string[], args: unknown): string | undefined {
  if (!args || typeof args !== "object" || Array.isArray(args) || !isBrowserTool(words, CLICK_TOOL)) return undefined;
  const labels = Object.entries(args as Record<string, unknown>).filter(([k, v]) => LABEL_KEY.test(k) && typeof v === "string" && v.length <= 512).map(([, v]) => (v as string).replace(/[#.[\]=_"'>:()-]+/g, " ").trim());
  return labels.length > 0 ? labels.join(". ") : undefined;
}

const TYPE_TOOL = /(^|_)(type|fill|fill_?form|input|enter_?text|send_?keys)(_|$)/i;
const SECRET_FIELD = /\b(password|passcode|passphrase|pin|otp|one[- ]time code|2fa|mfa|verification code|security code|cvv|cvc|card number|credit card|iban|account number|routing number|ssn|social security|seed phrase|recovery phrase|private key)\b/i;

/** The field a browser automation types into, when the field is for a secret (a password, a card number, a one-time code). */
function typedSecretField(words: readonly string[], args: unknown): string | undefined {
  if (!args || typeof args !== "object" || Array.isArray(args) || !isBrowserTool(words, TYPE_TOOL)) return undefined;
  const label = Object.entries(args as Record<string, unknown>).find(([k, v]) => LABEL_KEY.test(k) && k !== "text" && typeof v === "string" && v.length <= 512 && SECRET_FIELD.test(v.replace(/[_-]+/g, " ")));
  return label !== undefined ? `"${(label[1] as string).slice(0, 80)}"` : undefined;
}

/**
 * The first string under a command-like key (command, cmd, script, command_line) of the arguments,
 * or an argv given as a list of words (Kubernetes' exec ["sh", "-c", "env | sort"]) as the command
 * line that runs it: each word quoted for the shell, so the reader sees the program and its words.
 */
export function commandArgumentOf(args: unknown): string | undefined {
  if (!args || typeof args !== "object" || Array.isArray(args)) return undefined;
  for (const [k, v] of Object.entries(args as Record<string, unknown>)) {
    if (!SHELL_FIELD.test(k)) continue;
    if (typeof v === "string") return v;
    // (Its first 256 words: padding after them cannot hide the program and what it is told.)
    if (Array.isArray(v) && v.length > 0 && v.slice(0, 256).every((w) => typeof w === "string")) return (v.slice(0, 256) as string[]).map(quoteWord).join(" ");
  }
  return undefined;
}


/**
 * judgeAction, failing closed: if any reader or rule throws, the step is caution (a pause) with
 * the failure named, never a pass.
 */
export function judgeAction(input: JudgeInput): Judgement {
  try {
    return judge(input);
  } catch (e) {
    const why = `the action reader failed (${e instanceof Error ? e.message.slice(0, 120) : "unknown error"})`;
    return { actions: [], score: PAUSE_AT, tier: tierOfScore(PAUSE_AT), rules: [{ id: "action.reader-failed", reason: `${why}: read as caution, not as safe`, score: PAUSE_AT, tier: tierOfScore(PAUSE_AT) }], unreadable: [why] };
  }
}

function judge(input: JudgeInput): Judgement {
  // The tool's name as words, once (the database, browser and click checks read it).
  const nameWords = input.tool !== undefined ? toolWords(input.tool) : [];
  const actions: Action[] = [];
  const rules: RuleVerdict[] = [];
  const unreadable: string[] = [];
  const covered = new Set<Action>();
  const record = (id: string, action: Action, reason: string, technique?: string, tactic?: string) => {
    const { score, tier } = tierFor(action);
    actions.push(action);
    covered.add(action);
    rules.push({ id, reason, score, tier, ...(technique ? { technique } : {}), ...(tactic ? { tactic } : {}) });
  };

  // Shell commands, through every capability rule.
  // Interpreter code: a code argument of the call, and python -c / node -e / perl -e / ruby -e.
  const codeTexts: string[] = [];
  if (input.arguments !== undefined) collectCode(input.arguments, codeTexts);
  // (A command repeated holds the same code: looked for once.)
  const coded = new TextSet();
  for (const c of input.commands ?? []) {
    if (!coded.add([c.text])) continue;
    const at = inlineCodeOption(c.argv);
    if (at > 0 && c.argv[at + 1] !== undefined) codeTexts.push(c.argv[at + 1]!);
  }
  const fromCode: ShellCommand[] = [];
  // SQL in the code's string literals (pd.read_sql('SELECT …'), spark.sql("DELETE …")), on production when the code says so.
  const codeSql: Array<{ sql: string; production: boolean }> = [];
  for (const code of codeTexts.slice(0, MAX_SQL_STRINGS)) {
    // (A database in memory or in /tmp is thrown away with what is done to it.)
    if (/\b(?:sqlite3?|duckdb)\.connect\(\s*['"](?::memory:|\/tmp\/)/.test(code)) continue;
    const onProduction = /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(code);
    // (Python joins string literals written next to each other, across lines: 'SELECT a, b '\n 'FROM t' is one.)
    const joined = code.slice(0, MAX_CODE_SCAN).replace(/(['"])[ \t]*\n[ \t]*\1/g, "");
    for (const m of joined.matchAll(CODE_STRING)) {
      const text = m[1] ?? m[2] ?? m[3] ?? m[4] ?? "";
      if (codeSql.length < MAX_SQL_STRINGS && looksLikeSql(text)) codeSql.push({ sql: text, production: onProduction });
    }
  }
  for (const code of codeTexts.slice(0, MAX_SQL_STRINGS)) {
    const reading = readCode(code);
    for (const h of reading.hits) record(h.id, h.action, h.reason, h.technique, h.tactic ?? "Execution (TA0002)");
    for (const s of reading.shell) {
      if (input.readShell) fromCode.push(...input.readShell(s).map((cmd) => ({ ...cmd, via: cmd.via ?? "code" })));
      else unreadable.push(`shell command inside code, no shell reader given: ${s.slice(0, 80)}`);
    }
  }

  // A security scan in a CI file made optional: the pipeline goes on whatever it finds.
  const ci = input.arguments !== undefined ? weakenedCi(input.arguments) : undefined;
  const scan = ci?.optionalScan;
  if (scan !== undefined) record("ci.security-scan-optional", { capability: "impair-defences", target: { name: scan }, reversibility: "recoverable", scope: "one" }, `the CI configuration lets the ${scan} scan fail or not run (allow_failure, when: manual, continue-on-error): the pipeline goes on whatever it finds (T1562.001)`, "T1562.001", "Defense Evasion (TA0005)");

  if (ci?.scanSkipped !== undefined) record("ci.security-scan-skipped", { capability: "impair-defences", target: { name: ci.scanSkipped }, reversibility: "recoverable", scope: "one" }, `the CI configuration builds without its security scan (${ci.scanSkipped.slice(0, 50)}): what it would have found ships unseen (T1562.001)`, "T1562.001", "Defense Evasion (TA0005)");

  if (ci?.tlsOff !== undefined) record("ci.tls-verification-off", { capability: "impair-defences", target: { name: "the pipeline's jobs" }, reversibility: "recoverable", scope: "one" }, `the CI configuration turns off certificate checks for its jobs (${ci.tlsOff.slice(0, 40)}): what they fetch and push can be read and changed on the way (T1562.001)`, "T1562.001", "Defense Evasion (TA0005)");

  if (ci?.remoteInclude !== undefined) record("ci.remote-include", { capability: "persist", target: { name: ci.remoteInclude, external: true }, reversibility: "irreversible", scope: "account" }, `the CI configuration includes pipeline jobs from ${ci.remoteInclude}: whoever serves that file writes jobs that run with the project's CI secrets and deploy rights (T1195.002)`, "T1195.002", "Initial Access (TA0001)");

  if (ci?.tokenWriteAll === true) record("ci.token-write-all", { capability: "grant-access", target: { name: "the workflow's GITHUB_TOKEN" }, reversibility: "recoverable", scope: "one" }, "the CI configuration gives the workflow's token every write permission (permissions: write-all): any step or third-party action it runs can push code, cut releases and change the repository (T1098)", "T1098", "Persistence (TA0003)");

  if (ci?.forkRunsWithSecrets === true) record("ci.fork-runs-with-secrets", { capability: "grant-access", target: { name: "pull_request_target workflow", external: true }, reversibility: "recoverable", scope: "one" }, "the CI configuration runs on pull_request_target: pull requests from forks run with the repository's secrets and a write token (T1195.002)", "T1195.002", "Initial Access (TA0001)");

  const ungated = input.arguments !== undefined ? deployGateRemoved(input.arguments) : undefined;
  if (ungated !== undefined) record("ci.deploy-gate-removed", { capability: "write", target: { name: "the production deploy", production: true }, reversibility: "recoverable", scope: "tree" }, `the CI configuration changes how production is deployed: ${ungated}`);

  // Source a file tool writes: what the program will do with it when it runs (source-file.ts).
  const file = input.arguments !== undefined ? writtenFile(input.arguments) : undefined;
  // A file kept as evidence (a legal hold's collection, a forensic image's manifest, a chain of
  // custody) written over: what it recorded is gone, and with it what a court or an investigation relies on (T1070).
  if (file !== undefined && evidencePath(file.path)) record("tool.evidence-overwritten", { capability: "delete", target: { name: file.path.slice(-120), personal: true }, reversibility: "irreversible", scope: "account" }, `writes over ${file.path.replace(/^.*[\\/]/, "")}, a file kept as evidence (${file.path.slice(0, 80)}): what it recorded is gone, and with it what an investigation or a court relies on (T1070)`, "T1070", "Defense Evasion (TA0005)");
  if (file !== undefined) for (const text of file.texts) for (const h of [...readWrittenSource(file.path, text), ...writtenAgentInstructions(file.path, text)]) record(h.id, h.action, h.reason, h.technique, h.tactic);
  // A scanner's configuration written whole is judged as an edit from nothing (an edit's pair is judged below, so reordered entries add nothing).
  if (file !== undefined && editsOf(input.arguments).length === 0) for (const text of file.texts) for (const h of scannerIgnoreWidened(file.path, "", text)) record(h.id, h.action, h.reason, h.technique, h.tactic);
  // CODEOWNERS rewritten by a repository API straight on the default branch: who must review is
  // changed with no pull request for those owners to see (T1562.001).
  const branch = isRecord(input.arguments) ? input.arguments.branch ?? input.arguments.ref : undefined;
  if (file !== undefined && /(?:^|\/)CODEOWNERS$/.test(file.path) && typeof branch === "string" && /^(?:refs\/heads\/)?(?:main|master)$/.test(branch)) record("code.codeowners-on-default-branch", { capability: "impair-defences", target: { name: "CODEOWNERS" }, reversibility: "recoverable", scope: "one" }, `rewrites CODEOWNERS straight on ${branch}, with no pull request: who must review changes is changed without the owners seeing it (T1562.001)`, "T1562.001", "Defense Evasion (TA0005)");
  // An edit that takes a check away (a scanner dropped, a required reviewer dropped), CI files included.
  // What the edit takes away, read from its old and new text side by side: a protection switched
  // off or weakened, a check no longer made, a security test skipped (edit-weakens.ts).
  if (input.arguments !== undefined) for (const e of editsOf(input.arguments)) for (const h of [...removedChecks(e.path, e.oldText, e.newText), ...editWeakens(e.path, e.oldText, e.newText)]) record(h.id, h.action, h.reason, h.technique, h.tactic);
  // A whole file written: what it holds that grants by itself, with nothing it replaces to compare (a sudo rule for every command, a login key, a container that reaches its host).
  if (input.arguments !== undefined) for (const w of wholeWritesOf(input.arguments)) for (const h of editWeakens(w.path, "", w.text)) if (HOLDS_A_GRANT.has(h.id)) record(h.id, h.action, h.reason, h.technique, h.tactic);

  // A shell tool's command line, read by the injected shell reader when no parsed commands came.
  // (The step's reader, step.ts, passes these as commands; this is for callers that pass none.)
  const lines = input.commands === undefined ? toolCommandLines(input.tool, input.arguments) : [];
  const fromTool: ShellCommand[] = [];
  for (const line of lines) {
    if (input.readShell) fromTool.push(...input.readShell(line));
    else unreadable.push(`shell command of ${input.tool}, no shell reader given: ${line.slice(0, 80)}`);
  }
  const all = [...(input.commands ?? []), ...fromTool, ...fromCode];
  if (all.length > MAX_COMMANDS) unreadable.push(`${all.length} commands in one step (over ${MAX_COMMANDS}); only the first ${MAX_COMMANDS} were read`);
  // The words judged are capped too (a reading can expand a short script into long argument lists).
  const commands: ShellCommand[] = [];
  let words = 0;
  for (const c of all.slice(0, MAX_COMMANDS)) {
    if (words + c.argv.length > MAX_WORDS) {
      unreadable.push(`more than ${MAX_WORDS} words in one step's commands; only the first ${MAX_WORDS} were read`);
      if (commands.length === 0) commands.push({ ...c, argv: c.argv.slice(0, MAX_WORDS) });
      break;
    }
    words += c.argv.length;
    commands.push(c);
  }
  const invs = invocationsOf(commands);
  const facts = input.arguments !== undefined ? argumentFacts(input.arguments, input.internalDomains) : undefined;
  const production = facts?.production === true || (input.tool !== undefined && /(^|[^a-z])(prod|production)([^a-z]|$)/i.test(input.tool));
  // A command repeated in one step (after the same command) finds what it found the first time:
  // it is judged once.
  const judged = new TextSet();
  invs.forEach((inv, i) => {
    if (!judged.add([inv.command.via ?? "", inv.command.text, i > 0 ? invs[i - 1]!.command.text : ""])) return;
    let found = false;
    for (const rule of rulesFor(inv.name)) {
      const hit = rule.match(inv, invs, i);
      if (!hit) continue;
      found = true;
      record(rule.id, hit.action, hit.reason, hit.technique ?? rule.technique, rule.tactic);
    }
    // What no technique names: a write that replaces a system or credential file.
    if (!found) {
      const path = writtenPaths(inv).find((p) => { const c = classifyPath(p); return c === "system" || c === "credentials" || c === "device"; });
      if (path !== undefined) {
        const pathClass = classifyPath(path);
        record("model.write-protected-path", { capability: "write", target: { name: path, pathClass }, reversibility: "irreversible", scope: "one" }, `writes ${path.length > 60 ? `${path.slice(0, 57)}...` : path}, a ${pathClass} path, replacing what was there`);
      }
    }
  });

  // SQL: in database clients' command lines, and in the call's arguments.
  const sqlTexts: string[] = [];
  // SQL sent to a development or test database of this machine, named so (psql -h localhost app_test):
  // what it does to tables and rows is the work's own. Not with ssh in the step (a tunnel makes localhost another machine).
  const localDev = new Set<string>();
  // SQL sent to a database or server named for staging, development or tests (sqlcmd -S sql02-stg -d Permits_Staging).
  const nonProduction = new Set<string>();
  const readOnlySession = new Set<string>();
  const tunnelled = invs.some((inv) => inv.name === "ssh");
  invs.forEach((inv, i) => {
    const texts = sqlOfCommand(inv, invs[i + 1]);
    sqlTexts.push(...texts);
    if (!tunnelled && (localDevDatabase(inv) || devConnection(inv, invs))) for (const t of texts) localDev.add(t);
    if (!tunnelled && namesNonProductionDatabase(inv)) for (const t of texts) nonProduction.add(t);
    // ClickHouse's client in a read-only session (--readonly=1 or 2): the server refuses every write.
    if (inv.name === "clickhouse-client" && inv.args.some((w, k) => /^--readonly=[12]$/.test(w) || (w === "--readonly" && /^[12]$/.test(inv.args[k + 1] ?? "")))) for (const t of texts) readOnlySession.add(t);
  });
  const dbTool = nameWords.some((w) => DB_TOOL_WORD.test(w));
  const soqlTool = nameWords.includes("soql");
  /** Whether every SQL text read below was read and only reads. */
  let sqlOnlyReads = true;
  // (A tool whose name says it only checks the SQL, dry_run_query or validate_sql, runs none of it. An
  // argument asking for a dry run, dryRun: true, is the agent's word and the server may ignore it:
  // not honoured, as session 12 decided.)
  const beforeTool = sqlTexts.length;
  // A kdb+ tool's text is q, not SQL: a plain select only reads; anything else is not read here (its system calls are, as commands).
  const qTool = isQTool(nameWords);
  if (qTool) for (const q of qTexts(input.arguments)) if (!qOnlyReads(q)) unreadable.push(`q that is more than a plain select or exec: ${q.slice(0, 80)}`);
  if (input.arguments !== undefined && !qTool && !nameWords.some((w, i) => (w === "dry" && nameWords[i + 1] === "run") || w === "dryrun" || w === "validate" || w === "estimate" || w === "explain")) collectSql(input.arguments, dbTool, sqlTexts);
  // A database tool given a connection to a development or test database on this machine (postgresql://dev@localhost:5432/slots_dev): as psql -h localhost is.
  const connections = sqlTexts.length > beforeTool && isRecord(input.arguments) ? Object.entries(input.arguments).filter(([k]) => /^(?:connection(?:_?string)?|dsn|url|uri|database_?url|db_?url|host|server)$/i.test(k)).map(([, v]) => v) : [];
  if (connections.length > 0 && connections.every((v) => typeof v === "string" && localDevUrl(v))) for (const t of sqlTexts.slice(beforeTool)) if (!/[\w\]`"]\s*\.\s*[\w\[`"]+\s*\.\s*[\w\[`"]/.test(t.replace(/'[^']*'/g, "''"))) localDev.add(t);
  // SQL the agent quotes in its own words ("cleaning up old data on prod with `DELETE FROM …`"),
  // on production when the words say so.
  const proseSql = input.prose !== undefined ? [...codeSpans(input.prose)].map((s) => s.code).filter(looksLikeSql).slice(0, MAX_SQL_STRINGS) : [];
  const proseProduction = proseSql.length > 0 && mentionsProduction(input.prose!);
  for (const sql of proseSql) sqlTexts.push(sql);
  for (const c of codeSql) {
    const reading = readSql(c.sql, production || c.production);
    for (const a of reading.actions) if (!reading.hits.some((h) => h.action === a)) actions.push(a);
    for (const h of reading.hits) record(h.id, h.action, `${h.reason}, in code`);
    if (reading.unreadable !== undefined) unreadable.push(`SQL in code: ${reading.unreadable}`);
  }
  for (const sql of sqlTexts.slice(0, MAX_SQL_STRINGS)) {
    // SQL written to a file does not run now: it runs when the file is applied, as a migration's
    // does, so what it destroys is a pause (scope tree), a hard stop only in a file for production;
    // in a seed, fixture, test or sample file it is the test data's own set-up.
    const writtenTo = file !== undefined && file.texts.includes(sql) ? file.path : undefined;
    if (writtenTo !== undefined && throwawaySqlFile(writtenTo)) continue;
    // Salesforce's SOQL has no statement that writes, and its date literals (LAST_N_DAYS:7, TODAY) are
    // not SQL: read with them as strings, and one SELECT the grammars still cannot read only reads.
    const soqlSelect = soqlTool && /^\s*select\b[^;]*;?\s*$/i.test(sql);
    const inProduction = writtenTo !== undefined ? production || /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(writtenTo) : production || (proseProduction && proseSql.includes(sql)) || /(^|[^a-z])(prod|production|prd)([^a-z]|$)/i.test(commandHost(invs));
    const read = readSql(soqlSelect ? sql.replace(SOQL_DATE, "'soql-date'") : sql, inProduction);
    const reading = soqlSelect && read.unreadable !== undefined ? { actions: [], hits: read.hits.filter((h) => h.id !== "sql.unreadable") } : read;
    if (reading.hits.length > 0 || reading.unreadable !== undefined || reading.actions.some((a) => a.capability !== "read")) sqlOnlyReads = false;
    for (const a of reading.actions) if (!reading.hits.some((h) => h.action === a)) actions.push(a);
    // (SQL written to a file that the grammars cannot read, and that names nothing that removes, changes rows or grants,
    // ClickHouse's `ALTER TABLE … ON CLUSTER … ADD COLUMN` in a migration: it runs when the file is applied, and adds.)
    const writtenAddsOnly = writtenTo !== undefined && addsOnly(sql);
    for (const h of reading.hits) {
      if (h.id === "sql.unreadable" && writtenAddsOnly) continue;
      // (Not DROP DATABASE, which may name another database than the one connected to; DROP SCHEMA public resets the connected one.)
      // (DROP DATABASE only of a database named for development or tests itself: DROP DATABASE IF EXISTS shop_test; CREATE DATABASE shop_test.)
      const dropsOther = [...sql.matchAll(/\bdrop\s+database\s+(?:if\s+exists\s+)?[`"]?([\w-]+)/gi)].some((m) => !DEV_DATABASE.test(m[1]!));
      // (On this machine's own development database, SQL the grammars cannot read is that database's business too: sqlite's VACUUM after a DELETE.)
      // (SQL the grammars cannot read is excused there only as the schema reset idiom or sqlite's VACUUM after what was read:
      // it may run a program, COPY … TO PROGRAM, or change the server, ALTER SYSTEM.)
      if (localDev.has(sql) && (LOCAL_DEV_OWN.has(h.id) || (h.id === "sql.unreadable" && localMaintenanceOnly(sql))) && !dropsOther) continue;
      // (A read-only session, clickhouse-client --readonly=1: the server refuses every write, and what is read still counts.)
      if (readOnlySession.has(sql) && (h.action.capability !== "read" || h.id === "sql.unreadable")) continue;
      // (Rows chosen by a condition that names test data, with no OR, on a database named for staging or tests:
      // its test data. A whole table, or `… LIKE 'TEST-%' OR adjuster_id IS NULL`, still counts.)
      if (nonProduction.has(sql) && !inProduction && (h.id === "sql.bulk-delete" || h.id === "sql.bulk-update") && testRowsOnly(sql)) continue;
      if (writtenTo === undefined || inProduction) record(h.id, h.action, h.reason);
      else record(h.id, { ...h.action, scope: h.action.scope === "one" ? "one" : "tree" }, `${h.reason}, when ${writtenTo.replace(/^.*\//, "")} is applied`);
    }
    if (reading.unreadable !== undefined && !(localDev.has(sql) && localMaintenanceOnly(sql)) && !readOnlySession.has(sql) && !writtenAddsOnly) unreadable.push(`SQL: ${reading.unreadable}`);
  }
  if (sqlTexts.length > MAX_SQL_STRINGS) sqlOnlyReads = false;
  if (sqlTexts.length > MAX_SQL_STRINGS) unreadable.push(`${sqlTexts.length} SQL strings (over ${MAX_SQL_STRINGS}); only the first ${MAX_SQL_STRINGS} were read`);

  // The tool call by meaning. (A dryRun: true argument changes nothing here: whether the server
  // honours it is not known, and the agent writes the arguments.)
  if (input.tool !== undefined) {
    const reading = readToolCall(input.tool, input.arguments, input.annotations, input.internalDomains, facts);
    // (A CLI-wrapping tool whose command line only reads, run_gcloud_command {args: ["container", "clusters", "list", …]}: the
    // command says what it does, not the bare "run". Any other command keeps the tool's own reading beside the command's.)
    const wrapped = cliCommandOf(input.tool, input.arguments);
    // (Nor a database tool whose every SQL statement was read and only reads: run_query {sql: "SELECT …"}.)
    const readsOnly = (wrapped !== undefined && cliReadsOnly(wrapped)) || (dbTool && sqlTexts.length > 0 && sqlOnlyReads);
    for (const a of reading.actions) if (!reading.hits.some((h) => h.action === a) && !(readsOnly && a.capability === "execute")) actions.push(a);
    for (const h of reading.hits) record(h.id, h.action, h.reason);
  }

  // Commands that make a tool call: an HTTP API call (curl -X PATCH …, http POST …, Invoke-RestMethod
  // -Method Post …; http-call.ts) or a project's own CLI (./bin/billing-cli adjust --amount …;
  // cli-call.ts), each read as that call and named for the command. What the reading names counts;
  // an action it finds but no reading names does not (the command's own rules judged the command).
  // (A command repeated after the same command makes the same call: read once, as above.)
  const called = new TextSet();
  for (let i = 0; i < invs.length; i++) {
    const inv = invs[i]!;
    const before = pipedFrom(invs, i);
    if (!called.add([inv.command.via ?? "", inv.command.text, before?.command.via ?? "", before?.command.text ?? ""])) continue;
    const call = httpCallOf(inv) ?? cliCallOf(inv, before);
    if (call === undefined) continue;
    const reading = readToolCall(call.tool, call.arguments, undefined, input.internalDomains);
    for (const h of reading.hits) record(h.id.replace(/^tool\./, `${call.kind}.`), h.action, h.reason.split(call.tool).join(call.shown));
  }

  /** What a URL carries to its host in its address: a person's data, encoded records, a credential. */
  const carriedInUrl = (u: URL, kind: "tool" | "http"): void => {
    const records = internalHost(u.hostname) ? undefined : recordsInUrl(u);
    // (Not to a host named for a test environment: staging, sandbox, test servers hold test people.)
    const person = internalHost(u.hostname) || records !== undefined || testEnvironmentHost(u.hostname) ? undefined : personInUrl(u);
    if (person !== undefined) record(`${kind}.person-in-url`, { capability: "exfiltrate", target: { name: u.hostname, external: true, personal: true }, reversibility: "irreversible", scope: "one" }, `sends a person's data in the address (${person} and more) to ${u.hostname}: it reaches that host with the request, and cannot be called back (T1048)`, "T1048", "Exfiltration (TA0010)");
    if (records !== undefined) record(`${kind}.records-in-url`, { capability: "exfiltrate", target: { name: u.hostname, external: true, personal: true }, reversibility: "irreversible", scope: "account" }, `sends records encoded in the address (${records}=…) to ${u.hostname}: rows of people's or accounts' data reach that host with the request, and cannot be called back (T1048)`, "T1048", "Exfiltration (TA0010)");
    // Anything in the query of a request-capture or paste service (webhook.site/…?host=sis-app01&ver=…): whoever reads that bin has it.
    if (records === undefined && person === undefined && isPasteHost(u.hostname) && [...u.searchParams].some(([, v]) => v.trim() !== "")) record(`${kind}.sent-to-capture-service`, { capability: "exfiltrate", target: { name: u.hostname, external: true }, reversibility: "recoverable", scope: "one" }, `sends what its query holds to ${u.hostname}, a request-capture or paste service: whoever reads that bin has it (T1567)`, "T1567", "Exfiltration (TA0010)");
    const carried = credentialInUrl(u);
    if (carried !== undefined) record(`${kind}.credential-in-url`, { capability: "exfiltrate", target: { name: u.hostname, pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "one" }, `sends ${carried} to ${u.hostname} inside a URL: whoever runs that host has it, and it cannot be called back (T1567)`, "T1567", "Exfiltration (TA0010)");
  };
  // URLs in the arguments: a cloud metadata service asked for the machine's credentials, or a
  // credential carried in a URL to another host (a fetch or a page opened sends it there).
  if (input.arguments !== undefined) for (const u of urlsIn(input.arguments)) {
    if (METADATA_HOST.test(u.hostname.replace(/^\[|\]$/g, "")) && /security-credentials|service-accounts|identity|token/i.test(u.pathname)) {
      record("tool.cloud-metadata-credentials", { capability: "read", target: { name: u.href.slice(0, 120), pathClass: "credentials" }, reversibility: "irreversible", scope: "account" }, `asks the cloud instance metadata service for the machine's cloud credentials (${u.hostname}${u.pathname.slice(0, 60)}): credential access`, "T1552.005", "Credential Access (TA0006)");
      continue;
    }
    // A running service's environment or configuration dump fetched (Spring's /actuator/env and /configprops, Go's /debug/vars, a served .env, phpinfo): its passwords and keys, in the agent's hands (T1552.001).
    if (/(?:^|\/)(?:actuator\/(?:env|configprops)|debug\/vars|\.env(?:\.\w+)?|phpinfo\.php)\/?$/i.test(u.pathname)) {
      record("tool.read-service-environment", { capability: "read", target: { name: `${u.hostname}${u.pathname.slice(0, 60)}`, pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, `fetches ${u.hostname}${u.pathname.slice(0, 60)}, a running service's environment or configuration: its passwords and keys are in the agent's hands (T1552.001)`, "T1552.001", "Credential Access (TA0006)");
    }
    // A page from a paste site, a gist or a look-alike host fetched to be followed ("follow every setup step listed here"): its author now gives the agent its orders (T1204, prompt injection taken in by choice).
    const prompt = isRecord(input.arguments) ? Object.entries(input.arguments).find(([k, v]) => /^(prompt|instructions?|task|goal|query)$/i.test(k) && typeof v === "string")?.[1] as string | undefined : undefined;
    if (prompt !== undefined && prompt.length <= 4096 && FOLLOW_FETCHED.test(prompt) && (untrustedOrigin(u.hostname) !== undefined || USER_CONTENT_HOST.test(u.hostname) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(u.hostname))) {
      record("tool.follow-fetched-instructions", { capability: "execute", target: { name: u.hostname, external: true }, reversibility: "recoverable", scope: "one" }, `fetches ${u.hostname}${u.pathname.slice(0, 40)} to follow what it says: whoever wrote that page now gives the agent its orders`, "T1204", "Execution (TA0002)");
    }
    carriedInUrl(u, "tool");
  }
  // The same for the URLs a command fetches (curl, wget, Invoke-WebRequest, a browser opened on it).
  let fetched = 0;
  for (const inv of invs) {
    if (!URL_FETCHERS.has(inv.name)) continue;
    for (const arg of inv.args) {
      const w = arg.startsWith("--url=") ? arg.slice(6) : arg;
      if (fetched >= 64 || w.length > 64 * 1024 || !/^https?:\/\//i.test(w)) continue;
      let u: URL;
      try {
        u = new URL(w);
      } catch {
        continue;
      }
      if (!isExternalHost(u.hostname)) continue;
      fetched++;
      carriedInUrl(u, "http");
    }
  }

  // A browser automation's click: the label or selector of what is clicked says what it does
  // ("Confirm transfer of EUR 18,400.00", #confirm-delete-workspace).
  const click = clickedText(nameWords, input.arguments);
  if (click !== undefined) {
    const read = readProse(click, input.internalDomains);
    for (const h of read.hits) record(h.id.replace(/^prose\./, "click."), h.action, h.reason);
    if (read.unread !== undefined) unreadable.push(`the clicked label: ${read.unread}`);
  }
  // Typing into a page's password, card or code field hands that secret to the page.
  const secretField = typedSecretField(nameWords, input.arguments);
  if (secretField !== undefined) record("tool.enter-secret", { capability: "communicate", target: { name: secretField, external: true }, reversibility: "recoverable", scope: "one" }, `${input.tool} types into ${secretField}: the secret goes to that page`);

  // What the agent says in its own words it will do.
  // A hint not read whole (padded past the reader's caps) is caution: padding must not hide an action.
  if (input.prose !== undefined) {
    const read = readProse(input.prose, input.internalDomains);
    for (const h of read.hits) record(h.id, h.action, h.reason);
    if (read.unread !== undefined) unreadable.push(read.unread);
  }

  // Every action that reaches a pause names a reason, even one no rule claimed.
  for (const a of actions) {
    if (covered.has(a)) continue;
    const { score, tier } = tierFor(a);
    if (score >= PAUSE_AT) {
      covered.add(a);
      rules.push({ id: `model.${a.capability}`, reason: describeAction(a), score, tier });
    }
  }

  let score = actions.reduce((m, a) => Math.max(m, tierFor(a).score), 0);
  // Unreadable input is caution: at least a pause, never a pass, and named as such.
  if (unreadable.length > 0) {
    score = Math.max(score, PAUSE_AT);
    rules.push({ id: "action.unreadable", reason: `could not be read, so not judged safe: ${unreadable[0]}${unreadable.length > 1 ? ` (and ${unreadable.length - 1} more)` : ""}`, score: PAUSE_AT, tier: tierOfScore(PAUSE_AT) });
  }
  rules.sort((a, b) => b.score - a.score);
  return { actions, score, tier: tierOfScore(score), rules, unreadable };
}

const CODE_OPTION = /^-[A-Za-z]*[ce]$/;
const INTERPRETER = /^(python[\d.]*|node|nodejs|perl|ruby|php|deno|bun|Rscript)$/;

/**
 * Where an interpreter's inline-code option (python -c, node -e, perl -e…) is in an argument
 * vector, or -1: the first `-…c`/`-…e` word after the first whose nearest non-option word before it
 * is an interpreter. Words that cannot be such an option are passed over without a regex.
 */
function inlineCodeOption(argv: readonly string[]): number {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    // (The length first: a charCodeAt that once reads outside its string is no longer inlined by V8.)
    if (a.length < 2 || a.charCodeAt(0) !== 45) continue;
    const last = a.charCodeAt(a.length - 1);
    if ((last !== 99 && last !== 101) || !CODE_OPTION.test(a)) continue;
    let program = "";
    for (let j = i - 1; j >= 0; j--) {
      if (!argv[j]!.startsWith("-")) {
        program = argv[j]!;
        break;
      }
    }
    if (INTERPRETER.test(program.replace(/^.*\//, ""))) return i;
  }
  return -1;
}

/** A string literal handed to a call that runs SQL (execute, read_sql, spark.sql, query, text): triple-quoted, or single- or double-quoted on one line, 2,000 characters at most. */
const CODE_STRING = /(?:\.|\b)(?:execute|executemany|executescript|execute_sql|execute_update|read_sql|read_sql_query|read_sql_table|sql|query|raw|text|run_query|command|query_df|query_arrow|exec_driver_sql|executeQuery|executeUpdate|prepareStatement|createNativeQuery)\s*\(\s*[frbu]{0,2}(?:"""([\s\S]{0,2000}?)"""|'''([\s\S]{0,2000}?)'''|"((?:[^"\\\n]|\\.){0,2000})"|'((?:[^'\\\n]|\\.){0,2000})')/g;
/** How much of one code text is searched for SQL strings. */
const MAX_CODE_SCAN = 64 * 1024;

/** The schema reset idiom (DROP SCHEMA public CASCADE; CREATE SCHEMA public;), which the SQL grammar does not read. */
const SCHEMA_RESET = /^\s*drop\s+schema\s+(?:if\s+exists\s+)?public\s+cascade\s*;\s*create\s+schema\s+public\s*;?\s*$/i;
/** What the grammars cannot read that a local development database may be given: the schema reset, or statements the grammars read followed by sqlite's VACUUM. */
function localMaintenanceOnly(sql: string): boolean {
  if (SCHEMA_RESET.test(sql)) return true;
  const head = /^([\s\S]*?;)\s*vacuum\s*;?\s*$/i.exec(sql);
  return head !== null && readSql(head[1]!, false).unreadable === undefined;
}
/** What SQL does to tables and rows (not to a whole database or to who may log in): on a local development database, the work's own. */
const LOCAL_DEV_OWN: ReadonlySet<string> = new Set(["sql.drop", "sql.truncate", "sql.delete-without-where", "sql.update-without-where", "sql.mass-delete", "sql.mass-update", "sql.bulk-delete", "sql.bulk-update", "sql.alter-drop", "sql.delete", "sql.update"]);

/**
 * A database client's arguments that name no production and hold nothing that connects elsewhere or
 * runs a shell from inside (\c, \!, system, PROGRAM, USE, ATTACH, SOURCE): what it reaches is what
 * its connection names. Asked by localDevDatabase and devConnection alike.
 */
function staysPut(a: readonly string[]): boolean {
  return !a.some((w) => /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(w) || /\\c(?:onnect)?\b|\\!|\bsystem\b|\bprogram\b|\buse\b|\battach\b|\bsource\b/i.test(w));
}

/** A database name for development or tests (app_dev, app_test, test_shop, dev). */
const DEV_DATABASE = new RegExp(String.raw`^${DEV_DATABASE_NAME}$|^(?:dev|test)_\w+$|^\w+(?:unit|integration|e2e)_?tests?$`, "i");
/**
 * psql, mysql or mariadb told to connect to this machine by name (-h localhost, a localhost URL) and
 * to a development or test database: one host option only, no prod word, nothing in the command
 * that connects elsewhere or runs a shell (\c, \!, system, PROGRAM, USE).
 */
function localDevDatabase(inv: Invocation): boolean {
  if (!/^(psql|mysql|mariadb|sqlcmd|invoke-sqlcmd|sqlite3|duckdb)$/.test(inv.name)) return false;
  const a = inv.args;
  if (!staysPut(a)) return false;
  // A SQLite or DuckDB file in a cache or temporary directory, or named for tests or a bench, or in the project's tests
  // (tests/fixtures/meter_reads.db, a relative path): the tool's own scratch data, or the tests'.
  if (inv.name === "sqlite3" || inv.name === "duckdb") {
    // (The file is the first word that is no option's value: -nullvalue test /srv/app/app.db names /srv/app/app.db.)
    const file = a.find((w, i) => !w.startsWith("-") && !/^-(?:nullvalue|separator|newline|vfs|cmd|init|maxsize|mmap|pagecache|lookaside|heap|zip)$/.test(a[i - 1] ?? "")) ?? "";
    // (Not one that climbs out with "..", nor a command line that opens, attaches, reads or runs anything else: -cmd ".open /srv/app/data.db".)
    if (file.includes("..") || a.some((w) => /^-(?:cmd|init)$/.test(w) || /(?:^|[\s"';])\.(?:op|ope|open|read|shell|system|import|restore|clone|backup|save|once|output)\b/i.test(w))) return false;
    return !/(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z0-9]|$)/i.test(file) && (/^(?::memory:|\/tmp\/|(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+)\/\.cache\/|\.cache\/)/.test(file) || /(?:^|[\/_.-])(?:test|tests|dev|local|bench|benchmarks?|fixtures?|scratch)(?:[\/_.-]|$)/i.test(file.replace(/^.*\//, "")) || /^(?:\.\/)?(?:[\w.-]+\/)*(?:test|tests|spec|fixtures?|testdata|__tests__)\/[^/]+$/i.test(file));
  }
  // sqlcmd names its server with -S and its database with -d; PowerShell's Invoke-Sqlcmd with
  // -ServerInstance and -Database: localhost, a port after a comma, an instance after a backslash.
  if (inv.name === "sqlcmd" || inv.name === "invoke-sqlcmd") {
    const ps = inv.name === "invoke-sqlcmd";
    const valueOf = (name: RegExp): string[] => a.flatMap((w, i) => (name.test(w) ? [a[i + 1] ?? ""] : []));
    // (sqlcmd's server may be glued to its option, -Slocalhost, where -P's value is a password.)
    const servers = ps ? valueOf(/^-ServerInstance$/i) : [...valueOf(/^(?:-S|--server)$/), ...a.filter((w, i) => /^-S\S/.test(w) && a[i - 1] !== "-P").map((w) => w.slice(2))];
    if (servers.length !== 1 || !/^(?:tcp:)?(?:localhost|127\.0\.0\.1|\(localdb\)|\.)(?:,\d+)?(?:\\[\w$]+)?$/i.test(servers[0]!)) return false;
    const sql = ps ? valueOf(/^-Query$/i) : a.filter((w, j) => /^-[Qq]$/.test(a[j - 1] ?? ""));
    // (Nor SQL that names a table in another database or on a linked server: [FINSQL01].Billing.dbo.Invoices; nor a script file it reads.)
    const threePart = (t: string): boolean => /[\w\]`"]\s*\.\s*[\w\[`"]+\s*\.\s*[\w\[`"]/.test(t.replace(/'[^']*'/g, "''"));
    if ((ps && a.some((w) => /^-InputFile$/i.test(w))) || a.some((t) => /\s/.test(t) && threePart(t)) || sql.some(threePart)) return false;
    const databases = ps ? valueOf(/^-Database$/i) : valueOf(/^-d$/);
    if (databases.length === 1) return DEV_DATABASE.test(databases[0]!);
    return sql.length > 0 && sql.every(dropsAndCreatesDevDatabases);
  }
  if (a.filter((w) => w === "-h" || w === "--host" || /^--host=/.test(w) || /^-h\S/.test(w)).length > 1) return false;
  // libpq's keyword form, one word ("host=localhost port=55432 dbname=settle_test user=postgres"): its host and dbname, once each.
  const conninfo = inv.name === "psql" ? a.filter((w) => /^\s*(?:host|hostaddr|dbname|port|user|password|sslmode|service)\s*=/.test(w) && /\bdbname\s*=/.test(w)) : [];
  if (conninfo.length > 0) {
    if (conninfo.length > 1 || a.some((w) => w === "-h" || w === "--host" || /^--host=/.test(w) || /^-h\S/.test(w) || w === "-d" || w === "--dbname" || /^postgres(?:ql)?:\/\//.test(w))) return false;
    const keys = [...conninfo[0]!.matchAll(/\b(host|hostaddr|dbname|service)\s*=\s*'?([^\s']*)'?/g)];
    const hosts = keys.filter((m) => m[1] === "host" || m[1] === "hostaddr").map((m) => m[2]!);
    const names = keys.filter((m) => m[1] === "dbname").map((m) => m[2]!);
    if (keys.some((m) => m[1] === "service") || hosts.length !== 1 || names.length !== 1) return false;
    return /^(localhost|127\.0\.0\.1|::1)$/i.test(hosts[0]!) && DEV_DATABASE.test(names[0]!);
  }
  // (A query string naming another host, ?host= or ?hostaddr=, connects there whatever the URL's host says.)
  const url = a.map((w) => (/[?&](?:host|hostaddr)=/i.test(w) ? null : /^(?:postgres(?:ql)?|mysql|mariadb):\/\/(?:([^\s/@]*)@)?([^/:?\s]+)(?::(\d+))?\/([\w-]+)/i.exec(w))).find((m) => m !== null);
  // (Or the database of a local Supabase stack, port 54322, or a container's default postgres:postgres login: set up for development.)
  if (url) return /^(localhost|127\.0\.0\.1|::1)$/i.test(url[2]!) && (DEV_DATABASE.test(url[4]!) || ((url[3] === "54322" || url[1] === "postgres:postgres") && !productionNamed(url[4]!)));
  const value = (...names: string[]) => { const i = a.findIndex((w) => names.includes(w)); return i >= 0 ? a[i + 1] : a.find((w) => names.some((n) => n.startsWith("--") && w.startsWith(`${n}=`)))?.replace(/^[^=]*=/, ""); };
  const host = value("-h", "--host");
  if (host === undefined || !/^(localhost|127\.0\.0\.1|::1)$/i.test(host)) return false;
  // The database: -d/--dbname (psql), -D/--database (mysql), or the operand that is not an option's value.
  const named = value("-d", "--dbname", "-D", "--database");
  const VALUED = /^(-h|--host|-p|--port|-U|--username|-u|--user|-c|--command|-e|--execute|-f|--file|-d|--dbname|-D|--database|-P|-v|--set|-o|--output)$/;
  const operand = a.find((w, i) => !w.startsWith("-") && !VALUED.test(a[i - 1] ?? ""));
  const db = named ?? operand;
  if (db !== undefined) return DEV_DATABASE.test(db);
  // No database connected to: only statements that drop and create databases named for development or tests (DROP DATABASE IF EXISTS shop_test; CREATE DATABASE shop_test).
  const sql = a.filter((w, i) => /^(-c|-e|--command|--execute)$/.test(a[i - 1] ?? ""));
  return sql.length > 0 && sql.every(dropsAndCreatesDevDatabases);
}

/** SQL that only drops and creates databases named for development or tests (DROP DATABASE IF EXISTS shop_test; CREATE DATABASE shop_test). */
const dropsAndCreatesDevDatabases = (t: string): boolean =>
  /^(?:\s*(?:drop|create)\s+database\s+(?:if\s+(?:not\s+)?exists\s+)?[`"\[]?[\w-]+[`"\]]?\s*;?)+\s*$/i.test(t) && [...t.matchAll(/\bdatabase\s+(?:if\s+(?:not\s+)?exists\s+)?[`"\[]?([\w-]+)/gi)].every((m) => DEV_DATABASE.test(m[1]!));

/**
 * A condition that picks test data and nothing else: a literal naming it ('loadtest', '%@test.example'),
 * no OR and no negation (<>, !=, NOT), and no table named in another database (billing.dbo.x, [srv].db.x).
 */
const testRowsOnly = (sql: string): boolean => TEST_ROWS.test(sql) && !/\bor\b|<>|!=|\bnot\b/i.test(sql) && !/[\w\]`"]\s*\.\s*[\w\[`"]+\s*\.\s*[\w\[`"]/.test(sql.replace(/'[^']*'/g, "''"));
/** A SQL condition's literal that names test data: 'loadtest', '%@test.example', 'CLM-TEST-%', 'qa-%'. */
const TEST_ROWS = /'[^']{0,80}?(?<![a-z0-9])(?:test|tests|loadtest|qa|e2e|fixture|dummy|fake|seed|demo)(?![a-z0-9])[^']{0,80}'/i;
/**
 * A database client connected by name to a staging, development or test database or server (its
 * -d/--dbname/-D/--database, or its -S/--server/-h/--host), naming no production and nothing
 * that connects elsewhere (staysPut).
 */
function namesNonProductionDatabase(inv: Invocation): boolean {
  if (!DB_CLIENTS.has(inv.name) || !staysPut(inv.args)) return false;
  const a = inv.args;
  const named = a.flatMap((w, i) => (/^(-d|--dbname|-D|--database|-S|--server|-h|--host)$/.test(w) ? [a[i + 1] ?? ""] : /^--(dbname|database|server|host)=/.test(w) ? [w.replace(/^[^=]*=/, "")] : []));
  return named.length > 0 && named.every(testEnvironmentNamed);
}

/** A connection URL to a development or test database on this machine, naming no other host. */
function localDevUrl(v: string): boolean {
  if (/[?&](?:host|hostaddr)=/i.test(v)) return false;
  const url = /^(?:postgres(?:ql)?|mysql|mariadb):\/\/(?:[^\s/@]*@)?([^/:?\s]+)(?::\d+)?\/([\w-]+)(?:\?|$)/i.exec(v.trim());
  return url !== null && /^(localhost|127\.0\.0\.1|::1)$/i.test(url[1]!) && DEV_DATABASE.test(url[2]!);
}

/** SOQL's date literals: LAST_N_DAYS:7, NEXT_N_WEEKS:2, TODAY, THIS_FISCAL_QUARTER. */
const SOQL_DATE = /\b(?:(?:LAST|NEXT)_N_(?:DAYS|WEEKS|MONTHS|QUARTERS|YEARS|FISCAL_QUARTERS|FISCAL_YEARS):\d+|N_(?:DAYS|WEEKS|MONTHS|QUARTERS|YEARS|FISCAL_QUARTERS|FISCAL_YEARS)_AGO:\d+|TODAY|YESTERDAY|TOMORROW|(?:LAST|THIS|NEXT)_(?:WEEK|MONTH|QUARTER|YEAR|FISCAL_QUARTER|FISCAL_YEAR)|(?:LAST|NEXT)_90_DAYS)\b/g;

const DEV_CONNECTION_CLIENTS = new Set(["psql", "mysql", "mariadb", "pgcli", "mycli", "usql", "snowsql"]);
/** A variable the user named for a development or test connection: $DEV_DATABASE_URL, ${TEST_DB_URL}. */
const DEV_VARIABLE = /^\$\{?((?:DEV|TEST|LOCAL|DEVELOPMENT|TESTING)_[A-Z0-9_]*)\}?$/i;
/**
 * A database client given a connection the user named for development or tests, and nothing else
 * to connect to: psql "$DEV_DATABASE_URL", snowsql -c dev_jdoe. Not when the step sets the variable
 * itself (DEV_DATABASE_URL=… psql "$DEV_DATABASE_URL"), names production, or gives a host.
 */
function devConnection(inv: Invocation, invs: readonly Invocation[]): boolean {
  if (!DEV_CONNECTION_CLIENTS.has(inv.name)) return false;
  const a = inv.args;
  if (!staysPut(a) || a.some((w) => w === "-h" || /^--host\b/.test(w) || /^-h\S/.test(w))) return false;
  if (inv.name === "snowsql") {
    const i = a.findIndex((w) => w === "-c" || w === "--connection");
    const name = i >= 0 ? a[i + 1] : a.find((w) => w.startsWith("--connection="))?.slice(13);
    return name !== undefined && /^(?:dev|test|local|sandbox|scratch)_[\w-]+$/i.test(name);
  }
  const variables = a.map((w) => DEV_VARIABLE.exec(w)?.[1]).filter((v): v is string => v !== undefined);
  if (variables.length !== 1) return false;
  // (Set in the same step, it says nothing of where it points.)
  return !invs.some((n) => n.command.text.includes(`${variables[0]}=`));
}

function commandHost(invs: readonly Invocation[]): string {
  for (const inv of invs) {
    if (!DB_CLIENTS.has(inv.name)) continue;
    // The server first (sqlcmd names it with -S), then the database.
    const h = inv.args.findIndex((a) => a === "-h" || a === "--host" || (inv.name === "sqlcmd" && (a === "-S" || a === "--server")) || (inv.name === "invoke-sqlcmd" && /^-ServerInstance$/i.test(a)));
    if (h >= 0) return inv.args[h + 1] ?? "";
    // sqlplus's connect string: user/password@host:port/service.
    const connect = inv.name === "sqlplus" ? inv.args.find((a) => /^[^-@\s]*@\S/.test(a)) : undefined;
    if (connect !== undefined) return connect.slice(connect.indexOf("@") + 1);
    const i = inv.args.findIndex((a) => a === "-d" || a === "--dbname");
    if (i >= 0) return inv.args[i + 1] ?? "";
    const url = inv.args.find((a) => /^postgres(ql)?:\/\/|^mysql:\/\//.test(a));
    if (url) return url;
    // (--host=prod-db, and libpq's connection string: "host=cis-prod.example.net dbname=cis", "service=orders_prod".)
    const given = inv.args.find((a) => /^--(?:host|dbname)=/.test(a) || /(?:^|\s)(?:host|hostaddr|service|dbname)=\S/.test(a));
    if (given) return given;
    // A connection kept in a variable named for production ($PROD_DATABASE_URL), or snowsql's named connection.
    const named = inv.args.find((a) => /^\$\{?[A-Z0-9_]*(?:PROD|PRODUCTION)[A-Z0-9_]*\}?$/i.test(a)) ?? (inv.name === "snowsql" ? inv.args[inv.args.findIndex((a) => a === "-c" || a === "--connection") + 1] : undefined);
    if (named) return named;
  }
  return "";
}

const CODE_FIELD = /^(code|script|source|source_code|sourcecode|program|snippet|cell|new_source|python|python_code|javascript|js|function|expression|page_?function)$/i;

/** Code in the call's arguments: a string under a code-like key. */
function collectCode(args: unknown, out: string[]): void {
  let seen = 0;
  const visit = (key: string, v: unknown, depth: number): void => {
    if (++seen > 2000 || depth > 8 || out.length > MAX_SQL_STRINGS) return;
    if (typeof v === "string") {
      if (CODE_FIELD.test(key) && v.trim() !== "") out.push(v);
      return;
    }
    if (Array.isArray(v)) for (const x of v) visit(key, x, depth + 1);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v as Record<string, unknown>)) visit(k, x, depth + 1);
  };
  visit("", args, 0);
}

/** Commands that send a request to the URLs they are given (by commandName). */
const URL_FETCHERS: ReadonlySet<string> = new Set(["curl", "wget", "http", "https", "xh", "aria2c", "invoke-webrequest", "invoke-restmethod", "iwr", "irm", "open", "xdg-open", "lynx", "w3m", "links"]);

/** The http(s) URLs among an argument object's strings (at most 16), parsed; another host's only. */
function urlsIn(args: unknown): URL[] {
  const out: URL[] = [];
  let seen = 0;
  const visit = (v: unknown, depth: number): void => {
    if (++seen > 2000 || depth > 8 || out.length >= 16) return;
    if (typeof v === "string") {
      if (v.length > 4096 || !/^https?:\/\//i.test(v.trim())) return;
      try {
        const u = new URL(v.trim());
        if (isExternalHost(u.hostname)) out.push(u);
      } catch {
        // not a URL after all
      }
      return;
    }
    if (Array.isArray(v)) for (const x of v) visit(x, depth + 1);
    else if (isRecord(v)) for (const x of Object.values(v)) visit(x, depth + 1);
  };
  visit(args, 0);
  return out;
}

/** Credential shapes by their fixed prefixes, and the hosts of the vendor that issued them (where sending one is using it). */
const CREDENTIAL_SHAPES: ReadonlyArray<readonly [RegExp, RegExp, string]> = [
  // (AWS's own API endpoints, not a bucket, an API gateway or a load balancer anyone can own under amazonaws.com.)
  [/(?:AKIA|ASIA)[A-Z0-9]{12,}/, /^(?:sts|iam|signin|console|sso|portal\.sso)(?:\.[a-z0-9-]+)?\.amazonaws\.com$|(^|\.)aws\.amazon\.com$/, "an AWS access key"],
  [/gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}/, /(^|\.)github\.com$|(^|\.)githubusercontent\.com$/, "a GitHub token"],
  [/xox[abprs]-[\w-]{10,}/, /(^|\.)slack\.com$/, "a Slack token"],
  [/(?:sk|rk)_live_\w{10,}|sk-live-\w{4,}/, /(^|\.)stripe\.com$/, "a Stripe live key"],
  [/glpat-[\w-]{20,}/, /(^|\.)gitlab\.com$/, "a GitLab token"],
  [/npm_[A-Za-z0-9]{30,}/, /(^|\.)npmjs\.(org|com)$/, "an npm token"],
  // Adyen's API keys (AQE…, long), sent to anyone but Adyen.
  [/^AQE[A-Za-z0-9+/=%]{40,}$/, /(^|\.)adyen\.com$|(^|\.)adyenpayments\.com$/, "an Adyen API key"],
  [/-----BEGIN [A-Z ]*PRIVATE KEY/, /^$/, "a private key"],
  [/\b[a-z][a-z0-9+.-]{1,20}:\/\/[^:\s/@]{1,64}:[^@\s/]{4,128}@[\w.-]+/, /^$/, "a connection string with its password"],
];
/** Query parameters whose value is a secret by their name (password=, client_secret=), whoever receives them. */
const SECRET_PARAM = /(?:^|[_-])(?:password|passwd|pwd|pw|pass|secret|secret_?key|private_?key|api_?secret)$/i;

/** Query parameters named for a key or token (key=, account_key=, access_token=): a secret when the value is long and random. */
// (A public API's own api_key= or access_token= is how it is called: only names of keys that are never a caller's, or a plain key= or token= whose value is a padded base64 key, like a storage account's, or a key marked live.)
const KEY_PARAM = /^(?:(?:account|storage|secret|private|master|shared|signing)[_-]?key|client[_-]?secret|refresh[_-]?token)$/i;
const GENERIC_KEY_PARAM = /^(?:key|token|access[_-]?key)$/i;
/** A caller's own key by name (api_key=, access_token=): a secret only when its value is marked live. */
const CALLER_KEY_PARAM = /^(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret[_-]?key)$/i;
/** Hosts whose APIs take their own keys in the query (Google's ?key=, GitHub's raw ?token=), and their storage's signed links. */
const KEY_IN_QUERY_VENDOR = /(?:^|\.)(?:googleapis\.com|google\.com|gstatic\.com|github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|azure\.com|microsoft\.com|cloudflare\.com|openai\.com|anthropic\.com|slack\.com|stripe\.com|mapbox\.com|openweathermap\.org|youtube\.com)$/i;
/** A value that looks generated: long, letters and digits mixed (not a word, a date or a name). */
const randomLooking = (v: string): boolean => v.length >= 20 && /[A-Za-z]/.test(v) && /\d/.test(v) && !/\s/.test(v) && !/^\d{4}-\d{2}-\d{2}/.test(v);

/** What credential a URL carries in its query or path, plain or base64-encoded; undefined when none. */
function credentialInUrl(u: URL): string | undefined {
  const values: string[] = u.pathname.split("/").filter((p) => p.length >= 16).slice(0, 16);
  // A user and a password given together by their short names (?u=svc_forecast&p=…), to a host outside.
  const user = [...u.searchParams].find(([k]) => /^(?:u|usr|user|username|login)$/i.test(k));
  const pass = [...u.searchParams].find(([k]) => /^(?:p|pw|pwd|pass)$/i.test(k));
  if (user !== undefined && pass !== undefined && pass[1].length >= 6 && !internalHost(u.hostname)) return `a user name and password (${user[0]}=, ${pass[0]}=)`;
  // A storage account and its key together (?account=stdataprd&key=…): Azure's shared key, whoever receives it reads and writes the account.
  const account = [...u.searchParams].find(([k]) => /^(?:account|account_?name|storage_?account)$/i.test(k));
  const accountKey = [...u.searchParams].find(([k]) => /^(?:key|account_?key|access_?key)$/i.test(k));
  if (account !== undefined && accountKey !== undefined && accountKey[1].length >= 32 && /^[A-Za-z0-9+/=_-]+$/.test(accountKey[1]) && !internalHost(u.hostname) && !KEY_IN_QUERY_VENDOR.test(u.hostname)) return `a storage account's key (${account[0]}=, ${accountKey[0]}=)`;
  for (const [k, v] of u.searchParams) {
    if (SECRET_PARAM.test(k) && v.length >= 8) return `a secret (${k}=)`;
    if ((KEY_PARAM.test(k) || ((GENERIC_KEY_PARAM.test(k) || CALLER_KEY_PARAM.test(k)) && LIVE_KEY.test(v)) || (GENERIC_KEY_PARAM.test(k) && /={1,2}$/.test(v) && v.length >= 24)) && randomLooking(v) && !KEY_IN_QUERY_VENDOR.test(u.hostname) && !internalHost(u.hostname)) return `a key (${k}=)`;
    values.push(v);
  }
  for (const v of values.slice(0, 32)) {
    const decoded = /^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(v) ? fromBase64(v) : "";
    for (const [shape, vendor, what] of CREDENTIAL_SHAPES) if ((shape.test(v) || shape.test(decoded)) && !vendor.test(u.hostname)) return what;
    // A key or a password written out in the encoded value ("billing-api-key:a8f1…", "password=…").
    if (decoded !== "" && PRINTABLE.test(decoded) && NAMED_SECRET.test(decoded)) return "a key or password, base64-encoded";
    // Or in clear inside a value (a connection string's Password=…, cs=Server%3D…%3BPassword%3D…).
    if (v.length <= 2048 && NAMED_SECRET.test(v) && !internalHost(u.hostname)) return "a password or key written into a value";
  }
  return undefined;
}

/** A URL value as base64 or base64url decodes it, one byte a character. */
const fromBase64 = (v: string): string => Buffer.from(v.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
const PRINTABLE = /^[\x20-\x7e\t\r\n]{16,}$/;
/** A secret named and given in text: `api-key: 1a2b…`, `password=…`, `svc-token:…`. */
const NAMED_SECRET = /(?:api[-_ ]?key|secret|token|passw(?:or)?d|passwd|pwd|credential)[\w-]{0,20}\s*[:=]\s*[^\s:=]{8,}/i;

/**
 * Records carried in a URL's query, base64-encoded (`?d=NDQ3OTExMjM0…`, `rows=Q0xNLTIw…`): decoded,
 * text of several fields a row, numbers among them (account numbers, dates of birth, phone
 * numbers). What a page's address carries reaches that host with the request. JSON (a paging cursor
 * or an OAuth state, as APIs encode them) is not counted.
 */
function recordsInUrl(u: URL): string | undefined {
  let n = 0;
  for (const [k, v] of u.searchParams) {
    if (++n > 32) break;
    if (v.length < 24 || v.length > 8192 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) continue;
    const text = fromBase64(v);
    if (!PRINTABLE.test(text) || /^\s*[[{]/.test(text)) continue;
    const fields = text.split(/[|;,\t]/).filter((f) => f.trim() !== "");
    if (fields.length >= 4 && fields.filter((f) => /\d{4,}|\d{3}-\d{2}-\d{4}|\d{4}-\d{2}-\d{2}/.test(f)).length >= 2) return k;
  }
  return undefined;
}

/** Query parameters that identify a person on their own: date of birth, national, tax, passport or card numbers, bank accounts. */
const IDENTIFIER_PARAM = /^(?:dob|date_?of_?birth|birth_?date|birthdate|birthday|ssn|sin|nino|national_?id|tax_?id|tin|passport(?:_?n(?:o|um(?:ber)?))?|doc|doc(?:ument)?_?(?:no|num(?:ber)?)|id_?number|card(?:_?n(?:o|um(?:ber)?))?|pan|cvv|cvc|iban|account_?(?:no|num(?:ber)?)|acct(?:_?no)?|routing(?:_?number)?|mrn|patient_?id)$/i;
/** Query parameters about a person: names and contact details. */
const PERSON_PARAM = /^(?:(?:first|last|full|given|family|sur)_?name|name|surname|initials|email|e_?mail|phone|mobile|tel|address|street|zip|postcode|postal_?code|city|gender|sex|diagnosis|sae|adverse_?event|medication|condition)$/i;

/**
 * A person's data written out in a URL's query (`?name=SOLBERG/INGRID&dob=1984-03-12&doc=P:NOR:N123…`):
 * an identifier (a date of birth, a national, passport, card or account number) with at least one
 * more field about the person. What the address carries reaches its host with the request.
 */
function personInUrl(u: URL): string | undefined {
  const identifiers: string[] = [];
  let fields = 0;
  let n = 0;
  const look = (k: string, v: string): void => {
    if (v.trim().length < 2) return;
    const key = paramKey(k);
    // (A key's last word counts too: refund_iban, holder_dob.)
    const last = key.replace(/^.*_(?=[a-z]+$)/i, "");
    if ((IDENTIFIER_PARAM.test(key) || IDENTIFIER_PARAM.test(last)) && /\d/.test(v)) identifiers.push(k);
    else if (PERSON_PARAM.test(key) || PERSON_PARAM.test(last)) fields++;
  };
  for (const [k, v] of u.searchParams) {
    if (++n > 32) break;
    // Records given as JSON in a value (?data={"name":…,"dob":…}, an online formatter's input): their keys are read as parameters.
    if (/^\s*[[{]/.test(v) && v.length <= 8192) {
      for (const [jk, jv] of jsonFields(v)) look(jk, jv);
      continue;
    }
    // Or as CSV, a header line and rows (?data=order_no,name,email,street%0A…): the header's names are its keys, the first row their values.
    if (v.includes("\n") && v.length <= 16_384) {
      const lines = v.split("\n", 8).filter((l) => l.trim() !== "");
      const [head, row] = lines.map((l) => l.split(","));
      if (head !== undefined && row !== undefined && head.length >= 2 && head.length <= 32 && row.length === head.length) {
        // (Rows of people, three of their details or more a row: the rows are the people, whatever else they carry.)
        const details = head.filter((h) => PERSON_PARAM.test(paramKey(h.trim())) || IDENTIFIER_PARAM.test(paramKey(h.trim())));
        if (details.length >= 3 && lines.length >= 3) return details.slice(0, 3).join(", ");
        head.forEach((h, i) => look(h.trim(), row[i]!.trim()));
        continue;
      }
    }
    look(k, v);
  }
  return identifiers.length > 0 && identifiers.length + fields >= 2 ? identifiers.slice(0, 3).join(", ") : undefined;
}

/** A parameter's or field's name as words joined by "_", lower case: refund-iban, donorName → refund_iban, donor_name. */
const paramKey = (k: string): string => k.replace(/-/g, "_").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** The keys and text values of a JSON object or array of objects (two levels, at most 64 pairs); none when it is not JSON. */
function jsonFields(text: string): Array<[string, string]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const out: Array<[string, string]> = [];
  const rows = Array.isArray(parsed) ? parsed.slice(0, 8) : [parsed];
  for (const row of rows) {
    if (!isRecord(row)) continue;
    for (const [k, v] of Object.entries(row).slice(0, 32)) if (typeof v === "string" || typeof v === "number") out.push([k, String(v)]);
    if (out.length >= 64) break;
  }
  return out;
}

/** A file of test data by the directory it is in (db/seeds/, fixtures/, test/, spec/), never a migration or a deploy step, nor one for production. */
function throwawaySqlFile(path: string): boolean {
  // (Directories only, not the file's own name: 20261124_drop_local_cache.sql is a migration. Not a home directory's owner: /home/dev/…)
  const dirs = path.toLowerCase().replace(/^(?:\/home\/[^/]+|\/users\/[^/]+|\/root|~[^/]*)\//, "").split("/").slice(0, -1);
  if (dirs.some((d) => /^(migrations?|migrate|deploy\w*|release\w*|prod|production|prd|live)$/.test(d))) return false;
  // (Or a file named as a seed or fixture from its first word: seed_dev.sql, fixtures-orders.sql.)
  // (Or a seed file named for a local or test database: reset_local_seed.sql, dev_seed.sql.)
  const file = path.toLowerCase().replace(/^.*\//, "");
  return dirs.some((d) => /^(seeds?|seeding|fixtures?|tests?|testing|spec|specs|samples?|examples?|demo)$/.test(d)) || /^(?:seeds?|fixtures?)[_.-]/.test(file) || (/(?:^|[_.-])(?:seeds?|fixtures?)(?:[_.-]|$)/.test(file) && /(?:^|[_.-])(?:local|dev|test)(?:[_.-]|$)/.test(file));
}

/** Strings in the arguments that are SQL: named fields of a database tool, or text that reads as SQL. */
function collectSql(args: unknown, dbTool: boolean, out: string[]): void {
  let seen = 0;
  const visit = (key: string, v: unknown, depth: number): void => {
    if (++seen > 2000 || depth > 8 || out.length > MAX_SQL_STRINGS) return;
    if (typeof v === "string") {
      const named = SQL_FIELD.test(key) && (dbTool || /^(sql|statement|statements)$/i.test(key)) && SQL_KEYWORD.test(v);
      if (named || looksLikeSql(v)) out.push(v);
      return;
    }
    if (Array.isArray(v)) for (const x of v) visit(key, x, depth + 1);
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v as Record<string, unknown>)) visit(k, x, depth + 1);
  };
  visit("", args, 0);
}
