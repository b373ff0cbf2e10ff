// The parsed shell command this module reads: the shell reader's own type (src/core/shell/read.ts),
// produced by readShell; the action rules only read it.
import { ASSIGNMENT, type ShellCommand } from "../shell/read.js";
export type { ShellCommand };

/** Commands that run the rest of their arguments as another command. */
const WRAPPERS = new Set(["sudo", "doas", "env", "nohup", "time", "timeout", "nice", "ionice", "command", "builtin", "exec", "stdbuf", "setsid", "unbuffer", "chroot", "xargs", "busybox", "torsocks", "proxychains", "proxychains4"]);
/** Options of those wrappers that take a value. */
const WRAPPER_VALUE_OPTS = new Set(["-u", "-g", "-C", "-h", "-p", "-n", "-c", "-s", "-k", "-E", "-I", "-L", "-P", "-d", "-a", "--user", "--group"]);

export interface Invocation {
  /**
   * The command name as commandName gives it: no directory, lower case, no `.exe`
   * (`/usr/bin/curl` → `curl`, `SC.EXE` → `sc`, `Stop-Service` → `stop-service`).
   */
  readonly name: string;
  /** The arguments after the name. */
  readonly args: readonly string[];
  /** Environment assignments written in front of the command (`LD_PRELOAD=x ls`). */
  readonly env: ReadonlyMap<string, string>;
  /** Whether a wrapper that raises privilege (sudo, doas) ran it. */
  readonly privileged: boolean;
  readonly command: ShellCommand;
}


const NO_ENV: ReadonlyMap<string, string> = new Map();

/** What actually runs: wrappers, their options and leading assignments stripped. Linear in argv. */
export function invocationOf(command: ShellCommand): Invocation {
  const argv = command.argv;
  // Most commands set no variable: they share one empty map (read-only to every reader).
  let env: Map<string, string> | undefined;
  for (const a of command.assignments ?? []) {
    const m = ASSIGNMENT.exec(a);
    if (m) (env ??= new Map()).set(m[1]!, m[2]!);
  }
  let privileged = command.via !== undefined && /\b(sudo|doas|su)\b/.test(command.via);
  let i = 0;
  // The last wrapper: with nothing after it, it is what runs (`env` alone prints the environment).
  let wrapper = -1;
  while (i < argv.length) {
    const word = argv[i]!;
    const assignment = word.includes("=") ? ASSIGNMENT.exec(word) : null;
    if (assignment) {
      (env ??= new Map()).set(assignment[1]!, assignment[2]!);
      i++;
      continue;
    }
    const name = commandName(word);
    if (!WRAPPERS.has(name)) break;
    wrapper = i;
    if (name === "sudo" || name === "doas") privileged = true;
    i++;
    // The wrapper's options, and for timeout/nice a bare number.
    while (i < argv.length) {
      const w = argv[i]!;
      if (w === "--") {
        i++;
        break;
      }
      if (w.startsWith("-")) {
        i += WRAPPER_VALUE_OPTS.has(w) && name !== "env" ? 2 : 1;
        continue;
      }
      if ((name === "timeout" || name === "nice") && /^\d/.test(w)) {
        i++;
        continue;
      }
      break;
    }
  }
  if (i >= argv.length && wrapper >= 0) i = wrapper;
  const name = commandName(argv[i] ?? "");
  const args = argv.slice(i + 1);
  return { name, args: CLOUD_GLOBALS.has(name) ? serviceFirst(args, CLOUD_GLOBALS.get(name)!) : args, env: env ?? NO_ENV, privileged, command };
}

/** The global options of the cloud CLIs that take a value, which may come before the service (aws --profile prod ec2 …). */
const CLOUD_GLOBALS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["aws", new Set(["--profile", "--region", "--output", "--endpoint-url", "--ca-bundle", "--color", "--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format", "--query"])],
  ["gcloud", new Set(["--project", "--account", "--configuration", "--verbosity", "--format", "--impersonate-service-account", "--billing-project"])],
  ["az", new Set(["--subscription", "--output", "-o", "--query"])],
]);

/** The arguments with the global options written before the service moved after it, so the service and its command come first. */
function serviceFirst(args: readonly string[], globals: ReadonlySet<string>): readonly string[] {
  let k = 0;
  while (k < args.length && args[k]!.startsWith("-")) {
    const a = args[k]!;
    const eq = a.indexOf("=");
    if (globals.has(eq > 0 ? a.slice(0, eq) : a)) k += eq > 0 ? 1 : 2;
    else if (/^--(?:debug|no-cli-pager|no-paginate|no-verify-ssl|no-sign-request|quiet|verbose)$/.test(a)) k += 1;
    else return args;
  }
  return k === 0 || k >= args.length ? args : [...args.slice(k), ...args.slice(0, k)];
}

export function baseName(word: string): string {
  // String.prototype.lastIndexOf leaves optimised code in V8 (twice as slow as this loop on a short
  // word, and it runs twice per command): the last "/" is looked for from the end by hand.
  let slash = word.length - 1;
  while (slash >= 0 && word.charCodeAt(slash) !== 47) slash--;
  const base = slash >= 0 ? word.slice(slash + 1) : word;
  return base.charCodeAt(0) === 92 ? base.slice(1) : base;
}

/**
 * The name a command is judged by: its file name (baseName), in lower case, without `.exe`, `.com`,
 * `.bat` or `.cmd`. Windows
 * runs `SC.EXE`, `Stop-Service` and `STOP-SERVICE` alike, and macOS's default file system finds
 * `/bin/rm` for `RM`, so a rule keyed on a name must not be passed by spelling it differently. Every
 * name a rule declares is written this way (test/action-rules.test.ts).
 */
export function commandName(word: string): string {
  const base = baseName(word);
  // Most names are plain lower case already: no copy is made for them.
  let plain = true;
  for (let k = 0; k < base.length; k++) {
    const c = base.charCodeAt(k);
    if (c >= 65 && c <= 90) {
      plain = false;
      break;
    }
  }
  const lower = plain ? base : base.toLowerCase();
  // (Windows finds a program by any of its executable extensions: format.com, setup.bat, build.cmd.)
  return lower.length > 4 && /\.(?:exe|com|bat|cmd)$/.test(lower) ? lower.slice(0, -4) : lower;
}

/** Short option letters present, for `-rf`-style clusters (`-Rf` → r, f), case-sensitive. */
export function hasFlag(args: readonly string[], letter: string, long?: string): boolean {
  for (const a of args) {
    if (a === "--") return false;
    if (long !== undefined && (a === long || a.startsWith(`${long}=`))) return true;
    if (a.charCodeAt(0) === 45 && a.includes(letter) && /^-[A-Za-z]+$/.test(a)) return true;
  }
  return false;
}

/** The words after the options (a rough split: an option's value may be counted as an operand). */
export function operands(args: readonly string[]): string[] {
  const out: string[] = [];
  let rest = false;
  for (const a of args) {
    if (rest || !a.startsWith("-") || a === "-") out.push(a);
    else if (a === "--") rest = true;
  }
  return out;
}

/** PowerShell's filters between a search and what acts on its results (… | Where-Object {…} | Remove-ADUser), and what their blocks call. */
const PIPELINE_FILTER = /^(?:where-object|where|\?|select-object|select|sort-object|sort|get-date)$/;

/** The command whose output reaches this one, past PowerShell's filters (at most four back). */
export function pipedFrom(invs: readonly Invocation[], index: number): Invocation | undefined {
  for (let k = index - 1; k >= 0 && k >= index - 4; k--) if (!PIPELINE_FILTER.test(invs[k]!.name)) return invs[k];
  return undefined;
}

/**
 * The invocations of a step's commands, with the command find runs for each match (-exec, -execdir,
 * -ok) read as one more invocation of its own, `via` "find -exec" (a shell reader may already have
 * split it out; then the find's own argv no longer holds it and nothing is doubled).
 */
export function invocationsOf(commands: readonly ShellCommand[]): Invocation[] {
  const out: Invocation[] = [];
  for (const command of commands) {
    const inv = invocationOf(command);
    out.push(inv);
    if (inv.name !== "find") continue;
    const at = inv.args.findIndex((a) => a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir");
    if (at < 0) continue;
    const end = inv.args.findIndex((a, i) => i > at && (a === ";" || a === "\\;" || a === "+"));
    const argv = inv.args.slice(at + 1, end < 0 ? undefined : end);
    if (argv.length) out.push(invocationOf({ argv, redirects: [], text: command.text, via: "find -exec" }));
  }
  return out;
}
