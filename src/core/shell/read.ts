// A shell script read the way the shell will run it, statically: each simple command's argument
// vector after what can be resolved without running anything (variables and aliases and functions
// defined earlier in the script, quoting, $'…', echo -e and printf escapes, command substitutions of
// printf/echo/base64 -d, here-strings and here-documents fed to shells and interpreters, eval of a
// literal, write-then-execute, pipelines into shells and xargs, find -exec, and wrappers such as
// sudo, env, nohup and timeout). What cannot be resolved is reported as a problem and the reading is
// marked incomplete: a caller must treat that as a reason for caution, never as harmless.
//
// Linear in the input: the source is parsed once, every re-reading (eval, bash -c, an alias, a
// function call, a written script) draws on one budget of parsed characters and visited nodes that
// is proportional to the input, and nesting, values and the number of commands are capped.
import { ansiC, base64Decode, echoOutput, printfOutput } from "./escapes.js";
import { readPythonCode, readScriptStrings } from "./interpreters.js";
import { fieldOf, fieldsOf, parseBash, textOf, type SyntaxNode, type SyntaxTree } from "./syntax.js";

export interface ShellCommand {
  readonly argv: readonly string[];
  readonly redirects: ReadonlyArray<{ readonly op: string; readonly target: string }>;
  /** The command line as it will run: argv quoted where needed, then the redirections. */
  readonly text: string;
  /** How it was reached when not written directly ("alias ls", "eval", "bash -c", "sudo", …). */
  readonly via?: string;
}

export interface ShellReading {
  readonly commands: readonly ShellCommand[];
  /** False when something that decides what runs could not be read statically (see problems). */
  readonly complete: boolean;
  readonly problems: readonly string[];
  /**
   * Offsets [start, end) of the source's here-document and here-string bodies that `cat` or `tee`
   * writes to files and nothing runs: data, not commands. What such a file would do when run is
   * judged now, by its kind (see WRITTEN_SCRIPT), and its commands are in `commands`.
   */
  readonly data?: ReadonlyArray<readonly [number, number]>;
}

/** Nested readings (eval in bash -c in an alias…) deeper than this are not followed. */
export const MAX_READ_DEPTH = 8;
export const MAX_COMMANDS = 512;
/** A variable's value, a printed text or a decoded payload longer than this is cut and inexact. */
export const MAX_VALUE = 16 * 1024;
/** Loop bodies are read once per literal value, for at most this many values. */
const MAX_LOOP_VALUES = 8;
const MAX_PROBLEMS = 16;

/** A word's value; `exact` is false when part of it could not be resolved (kept as written). */
interface Word {
  readonly text: string;
  readonly exact: boolean;
  /** Written as one quoted string: shown quoted, so a rule still tells an argument from a command word. */
  readonly quoted?: boolean;
}

/** What a command reads on standard input: known text, or where unknown text comes from. */
type Stdin = { readonly text: string } | { readonly from: string } | undefined;

interface Frame {
  readonly depth: number;
  readonly via: string | undefined;
  /** $1…, inside a function. */
  readonly positional: readonly Word[] | undefined;
}

const SAFE_WORD = /^[\w@%+=:,./~^-]+$/;
/** The argument as the shell would need it quoted to give the same word. */
export const quoteWord = (w: string): string => (w.length > 0 && SAFE_WORD.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

const base = (path: string): string => path.slice(path.lastIndexOf("/") + 1);
const cap = (w: Word): Word => (w.text.length > MAX_VALUE ? { text: w.text.slice(0, MAX_VALUE), exact: false } : w);

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish", "rbash"]);
const PYTHONS = /^(?:python[\d.]*|pypy[\d.]*)$/;
const SCRIPT_INTERPRETERS = /^(?:node|nodejs|deno|bun|perl|ruby|php|lua|osascript)$/;
/** Commands that print nothing on standard output, so a substitution or pipe of them is known to be empty. */
/**
 * Commands whose output is shell code that only sets up the environment (variables, shell
 * functions, completions), made to be run with eval "$(…)": `eval "$(ssh-agent -s)"` is harmless
 * and read as printing nothing. Keyed by program, then the argument that selects that output.
 */
const ENVIRONMENT_SETUP: Readonly<Record<string, RegExp>> = {
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

const SILENT = new Set(["cd", "true", ":", "false", "export", "alias", "unalias", "mkdir", "rm", "rmdir", "chmod", "chown", "touch", "cp", "mv", "ln", "set", "shopt", "unset", "sleep", "wait"]);
/** Options that take a value, per wrapper: the command they run comes after them. */
const WRAPPER_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
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
const SSH_VALUE_OPTIONS = new Set(["-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-E", "-e", "-m", "-O", "-Q", "-S", "-W", "-w", "-B", "-I"]);
const XARGS_VALUE_OPTIONS = new Set(["-n", "-L", "-l", "-P", "-s", "-a", "-d", "-E", "-e", "-I", "-i", "--max-args", "--max-lines", "--max-procs", "--max-chars", "--arg-file", "--delimiter", "--eof", "--replace", "--process-slot-var"]);

class Reader {
  readonly commands: ShellCommand[] = [];
  readonly problems: string[] = [];
  private readonly vars = new Map<string, Word>();
  private readonly aliases = new Map<string, string>();
  private readonly functions = new Map<string, { tree: SyntaxTree; body: SyntaxNode }>();
  /** Files the script wrote with known contents (write-then-execute). */
  private readonly files = new Map<string, string>();
  /** The top-level parse: only its here-document bodies have offsets in the source the caller holds. */
  private top: SyntaxTree | undefined;
  /** Inputs made from a top-level here-document or here-string that bash delimits as tree-sitter does. */
  private readonly bodies = new Map<object, readonly [number, number]>();
  /** Bodies written to files by cat or tee (see ShellReading.data). */
  readonly data: Array<readonly [number, number]> = [];
  private parsedBudget: number;
  /** Characters that variable expansions may still produce: `X=$X$X` repeated must not grow without bound. */
  private expansionBudget: number;
  private stepBudget: number;
  private capped = false;

  constructor(size: number) {
    this.parsedBudget = 4 * size + 16 * 1024;
    this.stepBudget = 16 * size + 20_000;
    this.expansionBudget = 8 * size + 64 * 1024;
  }

  problem(p: string): void {
    if (this.problems.length < MAX_PROBLEMS && !this.problems.includes(p)) this.problems.push(p);
  }

  private overBudget(): boolean {
    if (this.capped) return true;
    if (this.stepBudget-- > 0) return false;
    if (!this.capped) this.problem("the script is too large to read fully");
    this.capped = true;
    return true;
  }

  /** Reads a script's text: the top level, or text the script builds and runs (eval, bash -c, …). */
  readText(source: string, frame: Frame, stdin: Stdin = undefined): string | undefined {
    if (frame.depth > MAX_READ_DEPTH) {
      this.problem(`nested too deeply to read (${frame.via ?? "script"})`);
      return undefined;
    }
    // Each parse also costs a fixed amount, so a script cannot make many tiny re-readings for free.
    if (source.length + 64 > this.parsedBudget) {
      this.problem("the script is too large to read fully");
      this.capped = true;
      return undefined;
    }
    this.parsedBudget -= source.length + 64;
    const expansions = heredocExpansions(source);
    if (expansions > MAX_HEREDOC_EXPANSIONS) {
      // tree-sitter-bash takes time quadratic in these; no real here-document has so many.
      this.problem(`here-documents with ${expansions} expansions are more than can be read`);
      return undefined;
    }
    const { tree } = parseTerminated(source);
    if (frame.depth === 0 && this.top === undefined) this.top = tree;
    if (tree.hasError) this.problem(`the shell cannot parse ${frame.via ? `what ${frame.via} runs` : "the command"}: ${snippet(source)}`);
    if (tree.truncated) this.problem("the command nests too deeply to read");
    return this.statement(tree, tree.root, frame, stdin);
  }

  /** Runs a node that holds statements; returns what it prints when that is known. */
  statement(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin = undefined): string | undefined {
    if (this.overBudget()) return undefined;
    switch (node.type) {
      case "command":
        return this.command(tree, node, frame, stdin, []);
      case "pipeline":
        return this.pipeline(tree, node.children.filter((c) => c.named), frame, stdin);
      case "redirected_statement":
        return this.redirected(tree, node, frame, stdin);
      case "variable_assignment":
        this.assign(tree, node, frame);
        return "";
      case "variable_assignments":
        for (const c of node.children) if (c.type === "variable_assignment") this.assign(tree, c, frame);
        return "";
      case "declaration_command":
        return this.declaration(tree, node, frame);
      case "unset_command":
        for (const c of node.children) if (c.named) this.vars.delete(textOf(tree, c));
        return "";
      case "function_definition": {
        const name = fieldOf(node, "name");
        const body = fieldOf(node, "body");
        if (name && body) this.functions.set(textOf(tree, name), { tree, body });
        return "";
      }
      case "for_statement":
        return this.forLoop(tree, node, frame);
      case "comment":
      case "heredoc_body":
      case "heredoc_end":
      case "heredoc_start":
        return "";
      default: {
        // Lists, subshells, groups, if/while/case and the like: every branch may run.
        let out: string | undefined = "";
        for (const c of node.children) {
          if (!c.named) continue;
          if (c.type === "ERROR") {
            this.walkSubstitutions(tree, c, frame);
            out = undefined;
            continue;
          }
          const o = isStatement(c) ? this.statement(tree, c, frame, node.type === "program" ? stdin : undefined) : this.evaluateIgnored(tree, c, frame);
          out = out !== undefined && o !== undefined ? out + o : undefined;
        }
        return out;
      }
    }
  }

  /** A node that is not a statement (a condition's test, a case value): its substitutions still run. */
  private evaluateIgnored(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string | undefined {
    this.walkSubstitutions(tree, node, frame);
    return "";
  }

  /** Runs every command substitution inside a node whose own value is not needed. */
  private walkSubstitutions(tree: SyntaxTree, node: SyntaxNode, frame: Frame): void {
    const stack = [node];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (this.overBudget()) return;
      if (n.type === "command_substitution" || n.type === "process_substitution") {
        this.substitution(tree, n, frame);
        continue;
      }
      if (isStatement(n) && n !== node) {
        this.statement(tree, n, frame);
        continue;
      }
      for (const c of n.children) stack.push(c);
    }
  }

  private pipeline(tree: SyntaxTree, stages: readonly SyntaxNode[], frame: Frame, stdin: Stdin): string | undefined {
    let input: Stdin = stdin;
    let out: string | undefined;
    for (const stage of stages) {
      out = this.statement(tree, stage, frame, input);
      input = out !== undefined ? { text: out } : { from: snippet(textOf(tree, stage), 60) || "a command" };
    }
    return out;
  }

  private redirected(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin): string | undefined {
    const body = fieldOf(node, "body");
    const redirects = node.children.filter((c) => c.field === "redirect");
    // tree-sitter-bash puts what follows a here-document's start (`cat <<EOF | sh`) inside it.
    const continuations: SyntaxNode[] = [];
    for (const r of redirects) for (const c of r.children) if (c.named && isStatement(c)) continuations.push(c);
    let out: string | undefined;
    if (body && body.type === "command") out = this.command(tree, body, frame, stdin, redirects);
    else if (body && (body.type === "list" || body.type === "pipeline")) out = this.lastRedirected(tree, body, frame, stdin, redirects);
    else {
      const input = this.inputOf(tree, redirects, frame) ?? stdin;
      out = body ? this.statement(tree, body, frame, input) : "";
      const w = this.writeTargets(tree, redirects, frame);
      if (w.length > 0) out = "";
    }
    for (const c of continuations) {
      const stages = c.type === "pipeline" ? c.children.filter((x) => x.named) : [c];
      out = this.pipeline(tree, stages, frame, out !== undefined ? { text: out } : { from: "a here-document" });
    }
    return out;
  }

  /**
   * tree-sitter-bash hangs the redirections written after `a && cat > f <<EOF` or `a | cat > f` on
   * the whole list or pipeline; bash binds them to its last command, which is what this runs.
   */
  private lastRedirected(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin, redirects: readonly SyntaxNode[]): string | undefined {
    const parts = node.children.filter((c) => c.named && c.type !== "comment");
    const last = parts.pop();
    if (!last || !isStatement(last)) {
      this.statement(tree, node, frame);
      return undefined;
    }
    let input: Stdin = node.type === "pipeline" ? stdin : undefined;
    for (const p of parts) {
      const o = isStatement(p) ? this.statement(tree, p, frame, input) : this.evaluateIgnored(tree, p, frame);
      if (node.type === "pipeline") input = o !== undefined ? { text: o } : { from: snippet(textOf(tree, p), 60) || "a command" };
    }
    if (last.type === "command") return this.command(tree, last, frame, input, redirects);
    if (last.type === "list" || last.type === "pipeline") return this.lastRedirected(tree, last, frame, input, redirects);
    // A group or subshell takes the redirections as a whole.
    const inner = this.inputOf(tree, redirects, frame) ?? input;
    const out = this.statement(tree, last, frame, inner);
    return this.writeTargets(tree, redirects, frame).length > 0 ? "" : out;
  }

  private assign(tree: SyntaxTree, node: SyntaxNode, frame: Frame): void {
    const name = fieldOf(node, "name");
    const value = fieldOf(node, "value");
    if (!name) return;
    const key = textOf(tree, name);
    const appending = node.children.some((c) => !c.named && textOf(tree, c) === "+=");
    let w: Word = value ? this.word(tree, value, frame, true) : { text: "", exact: true };
    if (value?.type === "array") w = { text: value.children.filter((c) => c.named).map((c) => this.word(tree, c, frame, true).text).join(" "), exact: false };
    if (appending) {
      const old = this.vars.get(key) ?? { text: "", exact: true };
      w = { text: old.text + w.text, exact: old.exact && w.exact };
    }
    this.vars.set(key, cap(w));
  }

  private declaration(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string {
    for (const c of node.children) {
      if (c.type === "variable_assignment") this.assign(tree, c, frame);
      else if (c.named && c.type !== "word" && c.type !== "variable_name") this.walkSubstitutions(tree, c, frame);
    }
    return "";
  }

  private forLoop(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string | undefined {
    const variable = fieldOf(node, "variable");
    const body = fieldOf(node, "body");
    const values = fieldsOf(node, "value").flatMap((v) => this.words(tree, v, frame));
    if (!body) return "";
    const key = variable ? textOf(tree, variable) : undefined;
    const literal = values.length > 0 && values.every((v) => v.exact);
    const rounds = literal ? values.slice(0, MAX_LOOP_VALUES) : [undefined];
    let out: string | undefined = "";
    for (const v of rounds) {
      if (key !== undefined) {
        if (v) this.vars.set(key, v);
        else this.vars.set(key, { text: `$${key}`, exact: false });
      }
      const o = this.statement(tree, body, frame);
      out = out !== undefined && o !== undefined ? out + o : undefined;
    }
    return out;
  }

  // ───────────────────────────── words ─────────────────────────────

  /** The words one argument node becomes: unquoted expansions split on whitespace. */
  private words(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word[] {
    if ((node.type === "simple_expansion" || node.type === "expansion") && textOf(tree, node).match(/^\$\{?[@*]\}?$/) && frame.positional) {
      return [...frame.positional];
    }
    const w = this.word(tree, node, frame, false);
    if (!splits(node)) return [w];
    const parts = w.text.split(/[ \t\n]+/).filter((p) => p.length > 0);
    return parts.length === 0 && w.exact ? [] : parts.map((text) => ({ text, exact: w.exact }));
  }

  /** One word's value. `assignment`: the right side of X=…, where ~ and splitting do not apply. */
  word(tree: SyntaxTree, node: SyntaxNode, frame: Frame, assignment: boolean): Word {
    if (this.overBudget()) return { text: textOf(tree, node), exact: false };
    const raw = textOf(tree, node);
    switch (node.type) {
      case "word":
      case "number":
      case "command_name":
      case "variable_name":
      case "file_descriptor":
      case "special_variable_name":
      case "extglob_pattern":
      case "regex":
        if (node.type === "command_name" && node.children.length > 0) return this.concat(tree, node, frame);
        if (node.children.some((c) => c.named)) return this.concat(tree, node, frame);
        return { text: unescapeWord(raw), exact: true };
      case "raw_string":
        return { text: raw.slice(1, -1), exact: true, quoted: true };
      case "ansi_c_string":
        return { text: ansiC(raw.slice(2, -1)), exact: true, quoted: true };
      case "translated_string":
      case "string":
        // "$X" alone shows X's value as it will run; a string with literal text in it stays quoted.
        return node.children.some((c) => c.type === "string_content") ? { ...this.doubleQuoted(tree, node, frame), quoted: true } : this.doubleQuoted(tree, node, frame);
      case "string_content":
        return { text: unescapeDoubleQuoted(raw), exact: true };
      case "concatenation":
        return this.concat(tree, node, frame);
      case "simple_expansion":
      case "expansion":
        return this.expansion(tree, node, frame);
      case "command_substitution":
      case "process_substitution": {
        const out = this.substitution(tree, node, frame);
        if (node.type === "process_substitution" || out === undefined) return { text: raw, exact: false };
        return cap({ text: out.replace(/\n+$/, ""), exact: true });
      }
      case "arithmetic_expansion":
        this.walkSubstitutions(tree, node, frame);
        return { text: raw, exact: false };
      case "brace_expression":
        return { text: raw, exact: false };
      default:
        this.walkSubstitutions(tree, node, frame);
        return { text: raw, exact: !/[$`]/.test(raw) && !assignment ? true : false };
    }
  }

  private concat(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word {
    let text = "";
    let exact = true;
    let at = node.start;
    for (const c of node.children) {
      if (c.start > at) text += unescapeWord(tree.source.slice(at, c.start));
      const w = this.word(tree, c, frame, false);
      text += w.text;
      exact &&= w.exact;
      at = c.end;
    }
    if (node.end > at) text += unescapeWord(tree.source.slice(at, node.end));
    return cap({ text, exact });
  }

  private doubleQuoted(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word {
    let text = "";
    let exact = true;
    let at = node.start + (node.type === "translated_string" ? 2 : 1);
    const end = node.end - 1;
    for (const c of node.children) {
      if (!c.named) continue;
      if (c.start > at) text += unescapeDoubleQuoted(tree.source.slice(at, c.start));
      const w = this.word(tree, c, frame, false);
      text += w.text;
      exact &&= w.exact;
      at = c.end;
    }
    if (end > at) text += unescapeDoubleQuoted(tree.source.slice(at, end));
    return cap({ text, exact });
  }

  private expansion(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word {
    const raw = textOf(tree, node);
    const nameNode = node.children.find((c) => c.type === "variable_name" || c.type === "special_variable_name");
    if (!nameNode) {
      this.walkSubstitutions(tree, node, frame);
      return { text: raw, exact: false };
    }
    const name = textOf(tree, nameNode);
    const rest = node.children.filter((c) => c !== nameNode && c.named);
    const operator = node.children.find((c) => !c.named && c.field === "operator");
    let value: Word | undefined;
    if (/^\d+$/.test(name) && frame.positional) value = frame.positional[Number(name) - 1] ?? { text: "", exact: true };
    else value = this.vars.get(name);
    if (node.type === "expansion" && (rest.length > 0 || operator)) {
      // ${X:-default}, ${X:=default}: the default when X is not set in the script.
      const op = operator ? textOf(tree, operator) : "";
      if (value === undefined && (op === ":-" || op === "-" || op === ":=" || op === "=") && rest.length > 0) {
        const d = this.concatNodes(tree, rest, frame);
        return { text: d.text, exact: false };
      }
      this.walkSubstitutions(tree, node, frame);
      return { text: value?.text ?? raw, exact: false };
    }
    if (raw.startsWith("${#") || raw.startsWith("${!")) return { text: raw, exact: false };
    if (value === undefined) return { text: raw, exact: false };
    this.expansionBudget -= value.text.length;
    if (this.expansionBudget < 0) {
      this.problem("the script expands to more text than can be read");
      return { text: raw, exact: false };
    }
    return value;
  }

  private concatNodes(tree: SyntaxTree, nodes: readonly SyntaxNode[], frame: Frame): Word {
    let text = "";
    let exact = true;
    for (const n of nodes) {
      const w = this.word(tree, n, frame, false);
      text += w.text;
      exact &&= w.exact;
    }
    return { text, exact };
  }

  /** Runs $(…), `…` or <(…); returns what it prints when that is known. */
  private substitution(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string | undefined {
    const inner: Frame = { ...frame, via: frame.via ?? "command substitution" };
    let out: string | undefined = "";
    for (const c of node.children) {
      if (!c.named) continue;
      const o = isStatement(c) ? this.statement(tree, c, inner) : (this.walkSubstitutions(tree, c, inner), undefined);
      out = out !== undefined && o !== undefined ? out + o : undefined;
    }
    return out;
  }

  // ───────────────────────────── commands ─────────────────────────────

  private inputOf(tree: SyntaxTree, redirects: readonly SyntaxNode[], frame: Frame): Stdin {
    let input: Stdin;
    for (const r of redirects) {
      if (r.type === "herestring_redirect") {
        const arg = r.children.find((c) => c.named);
        if (!arg) continue;
        const w = this.word(tree, arg, frame, false);
        input = w.exact ? { text: `${w.text}\n` } : { from: "a here-string that cannot be read statically" };
        const span = tree === this.top && w.exact ? hereStringSpan(tree, arg) : undefined;
        if (span) this.bodies.set(input, span);
      } else if (r.type === "heredoc_redirect") {
        input = this.heredoc(tree, r, frame);
        const span = tree === this.top && input ? hereDocumentSpan(tree, r) : undefined;
        if (span && input) this.bodies.set(input, span);
      } else if (r.type === "file_redirect" && /^\d*<$/.test(redirectOp(tree, r))) {
        const dest = fieldOf(r, "destination");
        const path = dest ? this.word(tree, dest, frame, false).text : "";
        const known = this.files.get(normalPath(path));
        input = known !== undefined ? { text: known } : { from: path };
      }
    }
    return input;
  }

  private heredoc(tree: SyntaxTree, r: SyntaxNode, frame: Frame): Stdin {
    const start = r.children.find((c) => c.type === "heredoc_start");
    const body = r.children.find((c) => c.type === "heredoc_body");
    if (!body) return { text: "" };
    const quoted = start ? /['"\\]/.test(textOf(tree, start)) : false;
    const stripTabs = r.children.some((c) => !c.named && textOf(tree, c) === "<<-");
    let text: string;
    let exact = true;
    if (quoted) text = textOf(tree, body);
    else {
      text = "";
      let at = body.start;
      for (const c of body.children) {
        if (!c.named) continue;
        if (c.start > at) text += tree.source.slice(at, c.start).replace(/\\([$`\\\n])/g, "$1");
        const w = this.word(tree, c, frame, false);
        text += w.text;
        exact &&= w.exact;
        at = c.end;
      }
      if (body.end > at) text += tree.source.slice(at, body.end).replace(/\\([$`\\\n])/g, "$1");
    }
    if (stripTabs) text = text.replace(/^\t+/gm, "");
    return exact ? { text } : { text, from: "a here-document with parts that cannot be read statically" } as Stdin;
  }

  /** Files a command's output goes to (> f, >> f), recorded with the output when it is known. */
  private writeTargets(tree: SyntaxTree, redirects: readonly SyntaxNode[], frame: Frame): string[] {
    const out: string[] = [];
    for (const r of redirects) {
      if (r.type !== "file_redirect") continue;
      const op = redirectOp(tree, r);
      if (!/^(?:1?>|>>|1>>|&>|&>>|>\|)$/.test(op)) continue;
      const dest = fieldOf(r, "destination");
      if (dest) out.push(this.word(tree, dest, frame, false).text);
    }
    return out;
  }

  private command(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin, outer: readonly SyntaxNode[]): string | undefined {
    const assignments = node.children.filter((c) => c.type === "variable_assignment");
    const nameNode = fieldOf(node, "name");
    const redirectNodes = [...node.children.filter((c) => c.field === "redirect" || c.type.endsWith("_redirect")), ...outer];
    // Prefix assignments (X=1 cmd) hold for that command; the reading keeps them, erring toward more known values.
    for (const a of assignments) this.assign(tree, a, frame);
    if (!nameNode) return "";
    const argNodes = node.children.filter((c) => c.field === "argument");
    // Words tree-sitter attaches to a redirection after its target (`cmd > out arg`) are arguments.
    const extra: SyntaxNode[] = [];
    for (const r of redirectNodes) if (r.type === "file_redirect") extra.push(...fieldsOf(r, "destination").slice(1));
    const argv: Word[] = [];
    if (nameNode.children.length === 1 && splits(nameNode.children[0]!)) argv.push(...this.words(tree, nameNode.children[0]!, frame));
    else argv.push(this.word(tree, nameNode, frame, false));
    for (const a of [...argNodes, ...extra]) argv.push(...this.words(tree, a, frame));
    const redirects = redirectNodes.flatMap((r) => this.describeRedirect(tree, r, frame));
    const input = this.inputOf(tree, redirectNodes, frame) ?? stdin;
    if (argv.length === 0) return "";
    if (!argv[0]!.exact && !readableName(argv[0]!.text)) {
      this.problem(`the command name ${snippet(textOf(tree, nameNode), 60)} cannot be read statically`);
    }
    const out = this.run(argv, redirects, input, frame);
    const targets = this.writeTargets(tree, redirectNodes, frame);
    if (targets.length > 0) {
      for (const t of targets) {
        const key = normalPath(t);
        const appending = redirects.some((r) => r.target === t && r.op.endsWith(">>"));
        if (out !== undefined) {
          this.files.set(key, cap({ text: (appending ? (this.files.get(key) ?? "") : "") + out, exact: true }).text);
          this.judgeWritten(t, out, frame);
        } else this.files.delete(key);
      }
      return "";
    }
    return out;
  }

  private describeRedirect(tree: SyntaxTree, r: SyntaxNode, frame: Frame): Array<{ op: string; target: string }> {
    if (r.type === "file_redirect") {
      const dest = fieldOf(r, "destination");
      const fd = r.children.find((c) => c.type === "file_descriptor");
      return [{ op: (fd ? textOf(tree, fd) : "") + redirectOp(tree, r), target: dest ? this.word(tree, dest, frame, false).text : "" }];
    }
    if (r.type === "herestring_redirect") {
      const arg = r.children.find((c) => c.named);
      return [{ op: "<<<", target: arg ? this.word(tree, arg, frame, false).text : "" }];
    }
    if (r.type === "heredoc_redirect") {
      const start = r.children.find((c) => c.type === "heredoc_start");
      const inner = r.children.filter((c) => c.type === "file_redirect").flatMap((c) => this.describeRedirect(tree, c, frame));
      return [{ op: "<<", target: start ? textOf(tree, start).replace(/['"\\]/g, "") : "" }, ...inner];
    }
    return [];
  }

  private record(words: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, via: string | undefined): void {
    const argv = words.map((w) => w.text);
    if (this.commands.length >= MAX_COMMANDS) {
      if (!this.capped) this.problem("the script runs too many commands to read fully");
      this.capped = true;
      return;
    }
    // Input from a here-document or here-string is not shown: what reads it as code is read on its
    // own, and what copies it to a file copies data (the raw text still holds it, unless it is data).
    const shown = redirects.filter((r) => r.op !== "<<" && r.op !== "<<<").map((r) => `${r.op}${r.op === "<<<" ? " " : ""}${quoteWord(r.target)}`);
    // The command name as it resolves; an argument written quoted stays quoted (`-k 'delete'` is a
    // test filter, not a delete verb), except an option, which quoting does not change.
    const shownArgs = words.map((w, i) => (i > 0 && w.quoted && !/^-[\w-]+$/.test(w.text) ? `'${w.text.replace(/'/g, `'\\''`)}'` : quoteWord(w.text)));
    const text = [...shownArgs, ...shown].join(" ");
    this.commands.push({ argv, redirects, text, ...(via !== undefined ? { via } : {}) });
  }

  /** Records a command and follows what it runs; returns what it prints when that is known. */
  run(argv: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, stdin: Stdin, frame: Frame): string | undefined {
    const words = argv.map((w) => w.text);
    this.record(argv, redirects, frame.via);
    const name = base(words[0]!);
    const args = argv.slice(1);
    const deeper = (via: string): Frame => ({ depth: frame.depth + 1, via, positional: frame.positional });
    const known = (ws: readonly Word[]): boolean => ws.every((w) => w.exact);
    const joined = (ws: readonly Word[]): string => ws.map((w) => w.text).join(" ");

    // Aliases and functions defined earlier in the script come first, as in the shell.
    const alias = this.aliases.get(words[0]!);
    if (alias !== undefined && frame.via !== `alias ${words[0]}`) {
      return this.readText([alias, ...words.slice(1).map(quoteWord)].join(" "), deeper(`alias ${words[0]}`), stdin);
    }
    const fn = this.functions.get(words[0]!);
    if (fn) {
      if (frame.depth >= MAX_READ_DEPTH) {
        this.problem(`function ${words[0]} calls itself too deeply to read`);
        return undefined;
      }
      return this.statement(fn.tree, fn.body, { depth: frame.depth + 1, via: `function ${words[0]}`, positional: args }, stdin);
    }

    // Own keys only: a command named `constructor` or `__proto__` must not find Object's.
    const setup = Object.hasOwn(ENVIRONMENT_SETUP, name) ? ENVIRONMENT_SETUP[name] : undefined;
    if (setup && known(args) && (args.length === 0 ? setup.test("") : args.some((a) => setup.test(a.text)))) return "";

    switch (name) {
      case "alias":
        for (const a of args) {
          const m = /^([^=\s]+)=(.*)$/s.exec(a.text);
          if (m) this.aliases.set(m[1]!, m[2]!);
        }
        return "";
      case "unalias":
        for (const a of args) this.aliases.delete(a.text);
        return "";
      case "export":
      case "declare":
      case "typeset":
      case "local":
      case "readonly":
        for (const a of args) {
          const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(a.text);
          if (m) this.vars.set(m[1]!, { text: m[2]!, exact: a.exact });
        }
        return "";
      case "echo":
        return known(args) ? `${echoOutput(args.map((a) => a.text))}\n` : undefined;
      case "printf": {
        if (!known(args)) return undefined;
        return printfOutput(args.map((a) => a.text));
      }
      case "cat": {
        const files = args.filter((a) => !a.text.startsWith("-") || a.text === "-");
        if (files.length === 0 || (files.length === 1 && files[0]!.text === "-")) {
          this.writtenBody(stdin, redirects.filter((r) => OUTPUT_TO_FILE.test(r.op)).map((r) => r.target), redirects);
          return stdin && "text" in stdin ? stdin.text : undefined;
        }
        const texts = files.map((f) => this.files.get(normalPath(f.text)));
        return texts.every((t) => t !== undefined) ? texts.join("") : undefined;
      }
      case "base64":
      case "gbase64":
      case "openssl": {
        const decoding = name === "openssl" ? words.includes("base64") && words.includes("-d") : args.some((a) => /^(?:-d|-D|--decode|-di|-id)$/.test(a.text));
        if (!decoding) return undefined;
        const file = args.find((a) => !a.text.startsWith("-") && a.text !== "base64" && a.text !== "enc");
        const payload = file ? this.files.get(normalPath(file.text)) : stdin && "text" in stdin ? stdin.text : undefined;
        if (payload === undefined) return undefined;
        const decoded = base64Decode(payload);
        return decoded;
      }
      case "xxd": {
        if (!(words.includes("-r") && words.includes("-p")) || !stdin || !("text" in stdin)) return undefined;
        const hex = stdin.text.replace(/\s+/g, "");
        return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, "hex").toString("utf8") : undefined;
      }
      case "rev":
        return stdin && "text" in stdin ? stdin.text.split("\n").map((l) => [...l].reverse().join("")).join("\n") : undefined;
      case "tee": {
        const files = args.filter((a) => !a.text.startsWith("-"));
        const append = args.some((a) => a.text === "-a" || a.text === "--append");
        for (const f of files) {
          const key = normalPath(f.text);
          if (stdin && "text" in stdin) {
            this.files.set(key, (append ? (this.files.get(key) ?? "") : "") + stdin.text);
            this.judgeWritten(f.text, stdin.text, frame);
          } else this.files.delete(key);
        }
        if (files.every((f) => f.exact && isPlainFile(f.text))) this.writtenBody(stdin, files.map((f) => f.text), redirects);
        return stdin && "text" in stdin ? stdin.text : undefined;
      }
      case "which":
      case "type": {
        const targets = args.filter((a) => !a.text.startsWith("-"));
        return targets.length > 0 ? targets.map((t) => `${t.text}\n`).join("") : undefined;
      }
      case "eval": {
        if (args.length === 0) return "";
        if (!known(args)) {
          this.problem(`eval runs a string that cannot be read statically: ${snippet(joined(args), 60)}`);
          return undefined;
        }
        return this.readText(joined(args), deeper("eval"), stdin);
      }
      case "source":
      case ".": {
        const file = args[0];
        if (!file) return "";
        const text = this.files.get(normalPath(file.text));
        return text !== undefined ? this.readText(text, deeper(`${file.text} written earlier`), stdin) : undefined;
      }
      case "find":
        return this.findExec(argv, stdin, frame);
      case "xargs":
        return this.xargs(args, stdin, frame);
      case "ssh":
        return this.ssh(args, frame);
      case "watch": {
        let i = 0;
        while (i < args.length && args[i]!.text.startsWith("-")) i += /^-(?:n|d|-interval)$/.test(args[i]!.text) ? 2 : 1;
        const rest = args.slice(i);
        if (rest.length === 0) return undefined;
        return known(rest) ? (this.readText(joined(rest), deeper("watch"), undefined), undefined) : (this.problem("watch runs a command that cannot be read statically"), undefined);
      }
      case "su":
      case "runuser": {
        const c = args.findIndex((a) => a.text === "-c" || a.text === "--command");
        if (c >= 0 && args[c + 1]) return this.shellString(args[c + 1]!, deeper(`${name} -c`), stdin);
        const dd = args.findIndex((a) => a.text === "--");
        if (name === "runuser" && dd >= 0 && args[dd + 1]) return this.run(args.slice(dd + 1), [], stdin, deeper(name));
        return undefined;
      }
    }
    if (Object.hasOwn(WRAPPER_VALUE_OPTIONS, name) || name === "xvfb-run") return this.wrapper(name, args, redirects, stdin, frame);
    if (name === "busybox" && args.length > 0) return this.run(args, redirects, stdin, deeper("busybox"));
    if (name === "chroot" && args.length > 1) {
      const rest = args.slice(1).filter((_a, i, all) => i > 0 || !all[0]!.text.startsWith("-"));
      return this.run(rest.length > 0 ? rest : args.slice(1), redirects, stdin, deeper("chroot"));
    }
    if (SHELLS.has(name) || name === "busybox") return this.shell(name, args, stdin, frame);
    if (PYTHONS.test(name)) return this.interpreter(name, args, stdin, frame, "python");
    if (SCRIPT_INTERPRETERS.test(name)) return this.interpreter(name, args, stdin, frame, "script");
    // A script written earlier in the same command (`echo … > x.sh; bash x.sh`, `./x.sh`).
    const written = this.files.get(normalPath(words[0]!));
    if (written !== undefined && words[0]!.includes("/")) return this.readText(written, deeper(`${words[0]} written earlier`), stdin);
    return SILENT.has(name) ? "" : undefined;
  }

  /**
   * `cat` or `tee` copying its input to `paths`: when that input is a top-level here-document or
   * here-string, everything it prints goes to plain files and no path is a shell script, the body
   * is data (a shell script's body stays shell text, judged as such).
   */
  private writtenBody(stdin: Stdin, paths: readonly string[], redirects: ReadonlyArray<{ op: string; target: string }>): void {
    const span = stdin ? this.bodies.get(stdin) : undefined;
    if (!span || !stdin || !("text" in stdin) || paths.length === 0 || !outputOnlyToFiles(redirects)) return;
    if (paths.some((p) => writtenKind(p, stdin.text) === "shell")) return;
    if (!this.data.some(([a, b]) => a === span[0] && b === span[1])) this.data.push(span);
  }

  /**
   * A file written with known text may be run later: a script is judged now, by its kind. It is read
   * by a reader of its own (nothing it defines leaks into this command), and its commands are this
   * command's. What cannot be read in it is not a reason for caution about this step, which does not
   * run it; a script too large for the budget is.
   */
  private judgeWritten(path: string, text: string, frame: Frame): void {
    if (path === "/dev/null" || text.trim() === "") return;
    const kind = writtenKind(path, this.files.get(normalPath(path)) ?? text);
    if (kind === undefined) return;
    if (text.length + 64 > this.parsedBudget) {
      this.problem("the script is too large to read fully");
      this.capped = true;
      return;
    }
    this.parsedBudget -= text.length + 64;
    const child = new Reader(text.length);
    const f: Frame = { depth: frame.depth + 1, via: `${path} written`, positional: undefined };
    try {
      if (kind === "shell") child.readText(text, f);
      else child.code(path, text, "python", f);
    } catch (e) {
      this.problem(`the reader failed on ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const c of child.commands) {
      if (this.commands.length >= MAX_COMMANDS) {
        if (!this.capped) this.problem("the script runs too many commands to read fully");
        this.capped = true;
        break;
      }
      this.commands.push(c);
    }
    for (const p of child.problems) if (BUDGET_PROBLEM.test(p)) this.problem(`${path}: ${p}`);
  }

  private shellString(w: Word, frame: Frame, stdin: Stdin): string | undefined {
    if (!w.exact) {
      this.problem(`${frame.via ?? "a shell"} runs a string that cannot be read statically: ${snippet(w.text, 60)}`);
      return undefined;
    }
    return this.readText(w.text, frame, stdin);
  }

  private shell(name: string, args: readonly Word[], stdin: Stdin, frame: Frame): string | undefined {
    const deeper = (via: string): Frame => ({ depth: frame.depth + 1, via, positional: frame.positional });
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.text;
      if (a === "--" || a === "-") {
        i++;
        if (a === "-" || i >= args.length) break;
        return this.scriptFile(name, args[i]!, stdin, frame);
      }
      if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) {
        const str = args[i + 1];
        return str ? this.shellString(str, deeper(`${name} -c`), stdin) : undefined;
      }
      if (/^[-+]o$/.test(a) || a === "-O" || a === "+O" || a === "--rcfile" || a === "--init-file") {
        i++;
        continue;
      }
      if (a.startsWith("-") || a.startsWith("+")) continue;
      if (name === "busybox") return this.run(args.slice(i), [], stdin, deeper("busybox"));
      return this.scriptFile(name, args[i]!, stdin, frame);
    }
    // No script and no -c: the shell runs its standard input.
    if (stdin === undefined) return undefined;
    // A here-document with expansions the reading could not resolve keeps them as written ($X):
    // the shell that reads it expands them again, and the inner reading judges each where it lands.
    if ("text" in stdin) return this.readText(stdin.text, deeper(`${name} reading its input`), undefined);
    this.problem(`${name} runs its input from ${"from" in stdin ? stdin.from : "elsewhere"}, which cannot be read statically`);
    return undefined;
  }

  private scriptFile(name: string, file: Word, stdin: Stdin, frame: Frame): string | undefined {
    const text = this.files.get(normalPath(file.text));
    if (text === undefined) return undefined;
    return this.readText(text, { depth: frame.depth + 1, via: `${name} ${file.text} written earlier`, positional: frame.positional }, stdin);
  }

  private interpreter(name: string, args: readonly Word[], stdin: Stdin, frame: Frame, kind: "python" | "script"): string | undefined {
    let code: Word | undefined;
    let fromStdin = true;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.text;
      if (kind === "python" ? /^-[a-zA-Z]*c$/.test(a) : /^(?:-e|-E|--eval|-p|--print|-r|-x)$/.test(a) && !(name === "php" && a === "-e")) {
        code = args[i + 1];
        fromStdin = false;
        break;
      }
      if (kind === "python" && (a === "-m" || a === "-W" || a === "-X" || a === "-Q")) {
        fromStdin = false;
        break;
      }
      if (a === "-") break;
      if (a.startsWith("-")) continue;
      // A script file: read it when the command wrote it earlier.
      const written = this.files.get(normalPath(a));
      if (written !== undefined) code = { text: written, exact: true };
      fromStdin = false;
      break;
    }
    if (fromStdin && stdin !== undefined) {
      if ("text" in stdin) code = { text: stdin.text, exact: !("from" in stdin) };
      else {
        this.problem(`${name} runs code from ${stdin.from}, which cannot be read statically`);
        return undefined;
      }
    }
    if (!code) return undefined;
    if (!code.exact) {
      this.problem(`${name} runs code that cannot be read statically: ${snippet(code.text, 60)}`);
      return undefined;
    }
    return this.code(name, code.text, kind, frame);
  }

  /** Interpreter code: each call that acts on the system is read as the command with its effect. */
  private code(name: string, code: string, kind: "python" | "script", frame: Frame): undefined {
    const frameFor = (via: string): Frame => ({ depth: frame.depth + 1, via, positional: frame.positional });
    if (frame.depth + 1 > MAX_READ_DEPTH) {
      this.problem(`nested too deeply to read (${name})`);
      return undefined;
    }
    if (code.length > this.parsedBudget) {
      this.problem("the script is too large to read fully");
      return undefined;
    }
    this.parsedBudget -= code.length;
    const found = kind === "python" ? readPythonCode(code) : readScriptStrings(code);
    for (const p of found.problems) this.problem(`${name}: ${p}`);
    for (const act of found.actions) {
      if (act.shell !== undefined) this.readText(act.shell, frameFor(`${name} ${act.call}`));
      else if (act.argv) this.run(act.argv.map((text) => ({ text, exact: true })), [], undefined, frameFor(`${name} ${act.call}`));
    }
    return undefined;
  }

  private wrapper(name: string, args: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, stdin: Stdin, frame: Frame): string | undefined {
    const valued = (Object.hasOwn(WRAPPER_VALUE_OPTIONS, name) ? WRAPPER_VALUE_OPTIONS[name] : undefined) ?? new Set<string>();
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i]!.text;
      if (a === "--") {
        i++;
        break;
      }
      if (name === "env" && /^[A-Za-z_]\w*=/.test(a)) continue;
      if (name === "env" && (a === "-S" || a.startsWith("--split-string"))) {
        const str = a.includes("=") ? { text: a.slice(a.indexOf("=") + 1), exact: args[i]!.exact } : args[i + 1];
        const rest = args.slice(a.includes("=") ? i + 1 : i + 2);
        if (!str) return undefined;
        return this.shellString({ text: [str.text, ...rest.map((r) => quoteWord(r.text))].join(" "), exact: str.exact && rest.every((r) => r.exact) }, { depth: frame.depth + 1, via: "env -S", positional: frame.positional }, stdin);
      }
      if (!a.startsWith("-") || a === "-") {
        if (name === "timeout" && /^\d/.test(a)) continue; // the duration
        if ((name === "nice" || name === "ionice") && /^-?\d+$/.test(a)) continue;
        break;
      }
      if (valued.has(a)) i++;
    }
    const rest = args.slice(i);
    if (rest.length === 0) return undefined;
    return this.run(rest, redirects, stdin, { depth: frame.depth + 1, via: name, positional: frame.positional });
  }

  private findExec(argv: readonly Word[], _stdin: Stdin, frame: Frame): string | undefined {
    for (let i = 1; i < argv.length; i++) {
      if (!/^-(?:exec|execdir|ok|okdir)$/.test(argv[i]!.text)) continue;
      let j = i + 1;
      while (j < argv.length && argv[j]!.text !== ";" && argv[j]!.text !== "+" && argv[j]!.text !== "\\;") j++;
      const inner = argv.slice(i + 1, j);
      if (inner.length > 0) this.run(inner, [], undefined, { depth: frame.depth + 1, via: `find ${argv[i]!.text}`, positional: frame.positional });
      i = j;
    }
    return undefined;
  }

  private xargs(args: readonly Word[], stdin: Stdin, frame: Frame): string | undefined {
    let i = 0;
    let replace: string | undefined;
    let nul = false;
    for (; i < args.length; i++) {
      const a = args[i]!.text;
      if (a === "--") {
        i++;
        break;
      }
      if (!a.startsWith("-")) break;
      if (a === "-0" || a === "--null") nul = true;
      if (a === "-I" || a === "-i") replace = args[i + 1]?.text ?? "{}";
      else if (a.startsWith("-I") && a.length > 2) replace = a.slice(2);
      if (XARGS_VALUE_OPTIONS.has(a)) i++;
    }
    const inner = args.slice(i);
    const cmd = inner.length > 0 ? inner : [{ text: "echo", exact: true }];
    const items = stdin && "text" in stdin && !("from" in stdin) ? stdin.text.split(nul ? "\0" : /\s+/).filter((s) => s.length > 0).slice(0, 64) : undefined;
    const via: Frame = { depth: frame.depth + 1, via: "xargs", positional: frame.positional };
    if (!items || items.length === 0) return this.run(cmd, [], undefined, via);
    if (replace !== undefined) {
      for (const item of items.slice(0, MAX_LOOP_VALUES)) this.run(cmd.map((w) => ({ text: w.text.split(replace!).join(item), exact: w.exact })), [], undefined, via);
      return undefined;
    }
    return this.run([...cmd, ...items.map((text) => ({ text, exact: true }))], [], undefined, via);
  }

  private ssh(args: readonly Word[], frame: Frame): string | undefined {
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i]!.text;
      if (!a.startsWith("-")) break;
      if (SSH_VALUE_OPTIONS.has(a)) i++;
    }
    const host = args[i];
    const rest = args.slice(i + 1);
    if (!host || rest.length === 0) return undefined;
    const w = { text: rest.map((r) => r.text).join(" "), exact: rest.every((r) => r.exact) };
    return this.shellString(w, { depth: frame.depth + 1, via: `ssh ${host.text}`, positional: frame.positional }, undefined);
  }
}

/** A problem that says the reading ran out of budget or depth, not that something is unreadable. */
const BUDGET_PROBLEM = /too large|too deeply|too many|more text than|more than can be read/;

/** Node types that are statements (run for effect) rather than words. */
const STATEMENTS = new Set([
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
const isStatement = (n: SyntaxNode): boolean => STATEMENTS.has(n.type);

/** Unquoted expansions and substitutions split into several words. */
const splits = (n: SyntaxNode): boolean => n.type === "simple_expansion" || n.type === "expansion" || n.type === "command_substitution";

const redirectOp = (tree: SyntaxTree, r: SyntaxNode): string =>
  r.children
    .filter((c) => !c.named)
    .map((c) => textOf(tree, c))
    .join("");

/** An unquoted word's backslashes: `r\m` is rm, `a\ b` is "a b". */
const unescapeWord = (s: string): string => (s.includes("\\") ? s.replace(/\\(\n|.)/g, (_m, c: string) => (c === "\n" ? "" : c)) : s);
/** Inside double quotes a backslash only escapes $ ` " \ and a newline. */
const unescapeDoubleQuoted = (s: string): string => (s.includes("\\") ? s.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === "\n" ? "" : c)) : s);

const normalPath = (p: string): string => p.replace(/^\.\//, "").replace(/\/{2,}/g, "/");

/**
 * A command name with an unresolved part is still readable when the part is a directory in front of
 * a literal program name (`$VIRTUAL_ENV/bin/python`, `"$HOME"/bin/tool`).
 */
const readableName = (text: string): boolean => /\/[\w.+-]+$/.test(text) && !/[$`]/.test(text.slice(text.lastIndexOf("/")));

const snippet = (s: string, n = 80): string => {
  const one = s.replace(/\s+/g, " ");
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** Expansions ($, `) in unquoted here-document bodies, summed over a script: more is not read. */
export const MAX_HEREDOC_EXPANSIONS = 64;

/**
 * How many expansions the unquoted here-document bodies of a script hold, in one pass: tree-sitter
 * re-scans such a body for each expansion in it, so their number bounds what parsing costs.
 */
function heredocExpansions(source: string): number {
  if (!source.includes("<<")) return 0;
  let total = 0;
  const start = /(?<!<)<<(?!<)-?[ \t]*(['"\\]?)([\w.-]{1,64})/g;
  let m: RegExpExecArray | null;
  while ((m = start.exec(source)) !== null) {
    if (m[1]) continue; // a quoted delimiter: the body is literal
    const bodyStart = source.indexOf("\n", start.lastIndex);
    if (bodyStart < 0) break;
    const end = new RegExp(`\n\t*${m[2]!.replace(/[.-]/g, "\\$&")}(?=\n|$)`, "g");
    end.lastIndex = bodyStart;
    const e = end.exec(source);
    const bodyEnd = e ? e.index : source.length;
    for (let i = bodyStart; i < bodyEnd; i++) {
      const c = source.charCodeAt(i);
      if (c === 36 /* $ */ || c === 96 /* ` */) total++;
    }
    start.lastIndex = bodyEnd;
  }
  return total;
}

/**
 * A here-document's delimiter word as written, bare or quoted as a whole ('EOF', "EOF", \EOF): the
 * only forms whose delimiter bash and this reader surely agree on.
 */
const PLAIN_DELIMITER = /^(?:([\w.-]{1,64})|'([\w.-]{1,64})'|"([\w.-]{1,64})"|\\([\w.-]{1,64}))$/;

/**
 * The span of a top-level here-document's body, when it is certainly the text bash takes as that
 * body and nothing in it runs: the delimiter is plain; the body starts on a line of its own and
 * ends before the first line that is exactly the delimiter (leading tabs stripped for <<-), as bash
 * ends it, or at the end of the input; and an unquoted body holds no command substitution and no
 * line continuation. Otherwise there is no span and the body is judged as text, as before.
 */
function hereDocumentSpan(tree: SyntaxTree, r: SyntaxNode): readonly [number, number] | undefined {
  const start = r.children.find((c) => c.type === "heredoc_start");
  const body = r.children.find((c) => c.type === "heredoc_body");
  if (!start || !body) return undefined;
  const m = PLAIN_DELIMITER.exec(textOf(tree, start));
  if (!m) return undefined;
  const delimiter = m[1] ?? m[2] ?? m[3] ?? m[4]!;
  const quoted = m[1] === undefined;
  const stripTabs = r.children.some((c) => !c.named && textOf(tree, c) === "<<-");
  const source = tree.source;
  const text = source.slice(body.start, body.end);
  if (!quoted && (/\$\(|`/.test(text) || text.includes("\\\n"))) return undefined;
  if (body.start > 0 && source[body.start - 1] !== "\n") return undefined;
  const isDelimiter = (line: string): boolean => (stripTabs ? line.replace(/^\t+/, "") : line) === delimiter;
  if (text.split("\n").some(isDelimiter)) return undefined;
  if (body.end < source.length) {
    const nl = source.indexOf("\n", body.end);
    if (!isDelimiter(source.slice(body.end, nl < 0 ? source.length : nl))) return undefined;
  }
  return body.end > body.start ? [body.start, body.end] : undefined;
}

/** The span of a top-level here-string's text: a quoted string or a word with nothing to expand. */
function hereStringSpan(tree: SyntaxTree, arg: SyntaxNode): readonly [number, number] | undefined {
  const raw = textOf(tree, arg);
  if (arg.type === "raw_string") return raw.length > 2 ? [arg.start + 1, arg.end - 1] : undefined;
  if (/[$`\\]/.test(raw)) return undefined;
  if (arg.type === "string") return raw.length > 2 ? [arg.start + 1, arg.end - 1] : undefined;
  if (arg.type === "word") return raw.length > 0 ? [arg.start, arg.end] : undefined;
  return undefined;
}

/** Where a command's standard output may go when what it prints is only data: a file, or nowhere. */
const OUTPUT_TO_FILE = /^(?:1?>|1?>>|>\||&>|&>>)$/;
/** Redirections that leave standard output alone: inputs, and standard error anywhere. */
const LEAVES_OUTPUT = /^(?:<<|<<<|2>|2>>)$/;
/** A path that is a plain file (or /dev/null): not a device, a descriptor, a socket or a variable. */
const isPlainFile = (target: string): boolean => target.length > 0 && !/[$`]/.test(target) && (target === "/dev/null" || !/^\/(?:dev|proc)\//.test(target));

/**
 * True when what a command prints goes only to plain files: at least one output redirection to a
 * file, and no redirection that points standard output anywhere else (a descriptor, a device).
 */
function outputOnlyToFiles(redirects: ReadonlyArray<{ readonly op: string; readonly target: string }>): boolean {
  let toFile = false;
  for (const r of redirects) {
    if (OUTPUT_TO_FILE.test(r.op)) {
      if (!isPlainFile(r.target)) return false;
      toFile = true;
    } else if (!(LEAVES_OUTPUT.test(r.op) || (r.op === "2>&" && r.target === "1"))) return false;
  }
  return toFile;
}

/** Start-up files the shell reads later: what is written there runs at the next login or shell. */
const SHELL_STARTUP = /(?:^|\/)(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|envrc)|bash\.bashrc|profile\.d\/[^/]+|rc\.local|\.git\/hooks\/[^/]+)$/;
const SHELL_SCRIPT = /\.(?:sh|bash|zsh|ksh)$/i;
const PYTHON_SCRIPT = /\.pyw?$/i;
/** The program a #! line names, through `env` and its options: `#!/usr/bin/env -S bash -e` is bash. */
function shebangProgram(text: string): string | undefined {
  if (!text.startsWith("#!")) return undefined;
  const words = text.slice(2, text.indexOf("\n") < 0 ? undefined : text.indexOf("\n")).trim().split(/[ \t]+/);
  if (base(words[0] ?? "") !== "env") return base(words[0] ?? "");
  const program = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("="));
  return program !== undefined ? base(program) : undefined;
}

/**
 * What a file written with known text would run, by its kind: a shell script (by its name, a
 * start-up file or hook, or a #! line naming a shell), Python (*.py or #!…python), or data.
 */
export function writtenKind(path: string, text: string): "shell" | "python" | undefined {
  const program = shebangProgram(text);
  if (program !== undefined && SHELLS.has(program)) return "shell";
  if (program !== undefined && PYTHONS.test(program)) return "python";
  if (SHELL_SCRIPT.test(path) || SHELL_STARTUP.test(path)) return "shell";
  if (PYTHON_SCRIPT.test(path)) return "python";
  return undefined;
}

/** `<<EOF`, `<<-'EOF'`, `<< "EOF"`: a here-document's delimiter. */
const HEREDOC_START = /<<-?[ \t]*(['"]?)([\w.-]{1,64})\1/g;

/**
 * Parses a script; bash ends a here-document that has no closing delimiter at the end of the input
 * (with a warning) and runs it, which tree-sitter reports as an error: such a script is parsed again
 * with the delimiter it lacks.
 */
function parseTerminated(source: string): { tree: SyntaxTree; unterminatedQuote: boolean } {
  const tree = parseBash(source);
  if (!tree.hasError) return { tree, unterminatedQuote: false };
  if (source.includes("<<")) {
    let last: string | undefined;
    for (const m of source.matchAll(HEREDOC_START)) last = m[2];
    if (last !== undefined) {
      const closed = parseBash(`${source}\n${last}\n`);
      if (!closed.hasError) return { tree: closed, unterminatedQuote: false };
    }
  }
  // A quote left open at the end: bash stops with "unexpected EOF while looking for matching quote"
  // and runs nothing of that command. Read with the quote closed, everything after it is a string,
  // as bash would have taken it had the quote been closed; the rules still judge the raw text.
  // Only the quote whose count is odd can be the open one: one more parse at most.
  const odd = (q: string): boolean => (source.split(q).length - 1) % 2 === 1;
  const close = odd("'") ? "'" : odd('"') ? '"' : undefined;
  if (close !== undefined) {
    const closed = parseBash(source + close);
    if (!closed.hasError) return { tree: closed, unterminatedQuote: true };
  }
  return { tree, unterminatedQuote: false };
}

export function readShell(source: string): ShellReading {
  const reader = new Reader(source.length);
  try {
    reader.readText(source, { depth: 0, via: undefined, positional: undefined });
  } catch (e) {
    // Fail closed: a reader that throws has not read the command.
    reader.problem(`the reader failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const data = reader.data.map(([a, b]) => [a, Math.min(b, source.length)] as const).filter(([a, b]) => b > a);
  return { commands: reader.commands, complete: reader.problems.length === 0, problems: reader.problems, ...(data.length > 0 ? { data } : {}) };
}

