// What the shell reader (read.ts) shares between its parts: the reading it returns, its limits,
// the words and frames it passes around, the programs it knows, and small syntax helpers.
import { type SyntaxNode, type SyntaxTree, textOf } from "./syntax.js";

export interface ShellCommand {
  readonly argv: readonly string[];
  readonly redirects: ReadonlyArray<{ readonly op: string; readonly target: string }>;
  /** The command line as it will run: argv quoted where needed, then the redirections. */
  readonly text: string;
  /** How it was reached when not written directly ("alias ls", "eval", "bash -c", "sudo", …). */
  readonly via?: string;
  /** The file this command line writes that runs this command when it is itself run or loaded later (a script, a unit, a plist). */
  readonly from?: string;
  /**
   * Assignments written in front of the command (`LD_PRELOAD=/tmp/x.so app`), as NAME=value with
   * the value as resolved: they are the command's environment, and shown first in `text`.
   */
  readonly assignments?: readonly string[];
}

export interface ShellReading {
  readonly commands: readonly ShellCommand[];
  /** False when something that decides what runs could not be read statically (see problems). */
  readonly complete: boolean;
  readonly problems: readonly string[];
  /**
   * Offsets [start, end) of the source's here-document and here-string bodies that `cat` or `tee`
   * writes to files and nothing runs: data, not commands. What such a file would do when run is
   * judged now, by its kind (see WRITTEN_SCRIPT), and its commands are in `commands`. Top-level
   * comments are data too: they run nothing.
   */
  readonly data?: ReadonlyArray<readonly [number, number]>;
}

/** Nested readings (eval in bash -c in an alias…) deeper than this are not followed. */
export const MAX_READ_DEPTH = 8;
export const MAX_COMMANDS = 512;
/** A variable's value, a printed text or a decoded payload longer than this is cut and inexact. */
export const MAX_VALUE = 16 * 1024;
/** Loop bodies are read once per literal value, for at most this many values. */
export const MAX_LOOP_VALUES = 8;
export const MAX_PROBLEMS = 16;

/** A word's value; `exact` is false when part of it could not be resolved (kept as written). */
export interface Word {
  readonly text: string;
  readonly exact: boolean;
  /** Written as one quoted string: shown quoted, so a rule still tells an argument from a command word. */
  readonly quoted?: boolean;
}

/** What a command reads on standard input: known text, or where unknown text comes from. */
export type Stdin = { readonly text: string } | { readonly from: string } | undefined;

export interface Frame {
  readonly depth: number;
  readonly via: string | undefined;
  /** $1…, inside a function. */
  readonly positional: readonly Word[] | undefined;
}

/** A word that is an assignment, NAME=value: the name and the value. */
export const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/** The characters a word may hold and still be shown unquoted: [\w@%+=:,./~^-], by code below 128. */
const SAFE_CHAR = new Uint8Array(128);
for (const c of "@%+=:,./~^-_") SAFE_CHAR[c.charCodeAt(0)] = 1;
for (let c = 48; c < 58; c++) SAFE_CHAR[c] = 1;
for (let c = 65; c < 91; c++) SAFE_CHAR[c] = SAFE_CHAR[c + 32] = 1;
/** Whether a word needs no quotes to be read back as itself (/^[\w@%+=:,./~^-]+$/, one table look-up a character). */
export function isSafeWord(w: string): boolean {
  if (w.length === 0) return false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 128 || SAFE_CHAR[c] === 0) return false;
  }
  return true;
}
/** The argument as the shell would need it quoted to give the same word. */
export const quoteWord = (w: string): string => (isSafeWord(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/**
 * What a script prints, joined: unknown when either part is, or when together they pass
 * MAX_OUTPUT. Nested loops multiply what they print, and a known text that every enclosing level
 * copies made reading them grow with the square of the input; an unknown output is read with
 * caution by whatever consumes it (a shell reading it, eval), never as harmless.
 */
export const MAX_OUTPUT = 4 * MAX_VALUE;
export const joinOutput = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined || b === undefined || a.length + b.length > MAX_OUTPUT ? undefined : a + b;

/** The last part of a path. (A loop from the end: lastIndexOf is a call into the runtime, made for every command.) */
export function base(path: string): string {
  let slash = path.length - 1;
  while (slash >= 0 && path.charCodeAt(slash) !== 47 /* / */) slash--;
  return slash < 0 ? path : path.slice(slash + 1);
}
export const cap = (w: Word): Word => (w.text.length > MAX_VALUE ? { text: w.text.slice(0, MAX_VALUE), exact: false } : w);

export const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish", "rbash"]);
export const PYTHONS = /^(?:python[\d.]*|pypy[\d.]*)$/;
export const SCRIPT_INTERPRETERS = /^(?:node|nodejs|deno|bun|perl|ruby|php|lua|osascript)$/;
/** Commands that print nothing on standard output, so a substitution or pipe of them is known to be empty. */
/**
 * Commands whose output is shell code that only sets up the environment (variables, shell
 * functions, completions), made to be run with eval "$(…)": `eval "$(ssh-agent -s)"` is harmless
 * and read as printing nothing. Keyed by program, then the argument that selects that output.
 */
export const ENVIRONMENT_SETUP: Readonly<Record<string, RegExp>> = {
  "ssh-agent": /^-[sck]$|^$/,
  "gpg-agent": /^--daemon$/,
  keychain: /^--eval$/,
  pyenv: /^(?:init|virtualenv-init|sh-\w+)$/,
  rbenv: /^init$/,
  nodenv: /^init$/,
  goenv: /^init$/,
  jenv: /^init$/,
  plenv: /^init$/,
  direnv: /^(?:hook|export)$/,
  conda: /^shell\.\w+$/,
  brew: /^shellenv$/,
  opam: /^env$/,
  dircolors: /^/,
  zoxide: /^init$/,
  starship: /^init$/,
  fnm: /^env$/,
  mise: /^(?:activate|env)$/,
  rtx: /^activate$/,
  luarocks: /^path$/,
  "thefuck": /^--alias$/,
  atuin: /^init$/,
  mcfly: /^init$/,
  "register-python-argcomplete": /^/,
};

export const SILENT = new Set(["cd", "true", ":", "false", "export", "alias", "unalias", "mkdir", "rm", "rmdir", "chmod", "chown", "touch", "cp", "mv", "ln", "set", "shopt", "unset", "sleep", "wait"]);
/** Options that take a value, per wrapper: the command they run comes after them. */
export const WRAPPER_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  sudo: new Set(["-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R", "--user", "--group", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--close-from", "--command-timeout", "--chroot"]),
  doas: new Set(["-u", "-C"]),
  env: new Set(["-u", "-C", "--unset", "--chdir", "-P"]),
  nice: new Set(["-n", "--adjustment"]),
  ionice: new Set(["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"]),
  timeout: new Set(["-s", "-k", "--signal", "--kill-after"]),
  stdbuf: new Set(["-i", "-o", "-e"]),
  setsid: new Set(),
  nohup: new Set(),
  time: new Set(["-f", "-o", "--format", "--output"]),
  command: new Set(),
  builtin: new Set(),
  exec: new Set(["-a"]),
  unbuffer: new Set(),
  caffeinate: new Set(["-t", "-w"]),
  torsocks: new Set(["-u", "-p", "-a", "-P"]),
  proxychains: new Set(["-f"]),
  proxychains4: new Set(["-f"]),
  strace: new Set(["-e", "-o", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-P", "-S", "-X"]),
  ltrace: new Set(["-e", "-o", "-p", "-s", "-u", "-a", "-n"]),
  flock: new Set(["-w", "-E", "--timeout", "--conflict-exit-code"]),
  chronic: new Set(),
  xvfb_run: new Set(),
  firejail: new Set(),
  doppler: new Set(),
};
export const SSH_VALUE_OPTIONS = new Set(["-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-E", "-e", "-m", "-O", "-Q", "-S", "-W", "-w", "-B", "-I"]);
export const XARGS_VALUE_OPTIONS = new Set(["-n", "-L", "-l", "-P", "-s", "-a", "-d", "-E", "-e", "-I", "-i", "--max-args", "--max-lines", "--max-procs", "--max-chars", "--arg-file", "--delimiter", "--eof", "--replace", "--process-slot-var"]);

/** A problem that says the reading ran out of budget or depth, not that something is unreadable. */
export const BUDGET_PROBLEM = /too large|too deeply|too many|more text than|more than can be read/;

/** Node types that are statements (run for effect) rather than words. */
export const STATEMENTS = new Set([
  "command",
  "pipeline",
  "list",
  "redirected_statement",
  "variable_assignment",
  "variable_assignments",
  "declaration_command",
  "unset_command",
  "function_definition",
  "subshell",
  "compound_statement",
  "if_statement",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "negated_command",
  "test_command",
  "do_group",
  "elif_clause",
  "else_clause",
  "case_item",
  "program",
]);
export const isStatement = (n: SyntaxNode): boolean => STATEMENTS.has(n.type);

/** Unquoted expansions and substitutions split into several words. */
export const splits = (n: SyntaxNode): boolean => n.type === "simple_expansion" || n.type === "expansion" || n.type === "command_substitution";

export const redirectOp = (tree: SyntaxTree, r: SyntaxNode): string =>
  r.children
    .filter((c) => !c.named)
    .map((c) => textOf(tree, c))
    .join("");

/** An unquoted word's backslashes: `r\m` is rm, `a\ b` is "a b". */
export const unescapeWord = (s: string): string => (s.includes("\\") ? s.replace(/\\(\n|.)/g, (_m, c: string) => (c === "\n" ? "" : c)) : s);
/** Inside double quotes a backslash only escapes $ ` " \ and a newline. */
export const unescapeDoubleQuoted = (s: string): string => (s.includes("\\") ? s.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === "\n" ? "" : c)) : s);

export const normalPath = (p: string): string => (p.startsWith("./") || p.includes("//") ? p.replace(/^\.\//, "").replace(/\/{2,}/g, "/") : p);

/**
 * A command name with an unresolved part is still readable when the part is a directory in front of
 * a literal program name (`$VIRTUAL_ENV/bin/python`, `"$HOME"/bin/tool`).
 */
export const readableName = (text: string): boolean => /\/[\w.+-]+$/.test(text) && !/[$`]/.test(text.slice(text.lastIndexOf("/")));

export const snippet = (s: string, n = 80): string => {
  // Only the head is shown: blanks are folded in the first 4n characters, not in all of a long text.
  const cut = s.length > 4 * n;
  const one = (cut ? s.slice(0, 4 * n) : s).replace(/\s+/g, " ");
  return one.length > n || cut ? `${one.slice(0, n - 1)}…` : one;
};

/**
 * Names of what a build or an editor makes again (compiled leftovers, .DS_Store, swap and merge
 * files), as find's -name writes them, lower case: the reader reads `find . -name __pycache__ -exec
 * rm -rf {} +` as the rm on that name, and the rule pack lets such a find through (rules/actions/fragments.ts).
 */
export const REGENERABLE_NAMES = String.raw`\*\.py[co]|__pycache__|\*\.o|\*\.class|\.ds_store|\*\.orig|\*\.rej|\*~|\*\.sw[po]`;
