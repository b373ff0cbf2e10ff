// Code handed to an interpreter (python3 -c, python3 - <<EOF, node -e, perl -e, ruby -e), read for
// the calls that act on the system: file removal, process spawning, writes to files, permission
// changes. Python is read with tree-sitter-python; the other languages by their spawn and removal
// calls on string literals. Each call found becomes the shell command with the same effect
// (shutil.rmtree("/home") is `rm -rf /home`), so the shell rules judge it.
import { decodeEscapes } from "./escapes.js";
import { fieldOf, parsePython, textOf, type SyntaxNode, type SyntaxTree } from "./syntax.js";

export interface CodeAction {
  /** The call as written in the code, qualified through imports ("shutil.rmtree"). */
  readonly call: string;
  /** The equivalent command. */
  readonly argv?: readonly string[];
  /** A command line the call hands to a shell. */
  readonly shell?: string;
}

export interface CodeReading {
  readonly actions: readonly CodeAction[];
  readonly problems: readonly string[];
}

const MAX_ACTIONS = 256;
const MAX_NODES = 200_000;
const NON_ASCII = /[^\x00-\x7f]/;

/** Python calls that run a command line through a shell. */
const PY_SHELL = new Set(["os.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput", "commands.getoutput", "pty.spawn"]);
const PY_SUBPROCESS = new Set(["subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output", "subprocess.Popen"]);
const PY_EXEC_NAME = String.raw`exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?`;
const PY_EXEC = new RegExp(String.raw`^os\.(?:${PY_EXEC_NAME})$`);
const PY_FILE_OPS: Readonly<Record<string, (args: string[]) => string[] | undefined>> = {
  "shutil.rmtree": (a) => ["rm", "-rf", a[0]!],
  "os.remove": (a) => ["rm", "-f", a[0]!],
  "os.unlink": (a) => ["rm", "-f", a[0]!],
  "os.rmdir": (a) => ["rmdir", a[0]!],
  "os.removedirs": (a) => ["rmdir", "-p", a[0]!],
  "os.truncate": (a) => ["truncate", "-s", "0", a[0]!],
  "shutil.move": (a) => (a.length >= 2 ? ["mv", a[0]!, a[1]!] : undefined),
  "os.rename": (a) => (a.length >= 2 ? ["mv", a[0]!, a[1]!] : undefined),
  "os.replace": (a) => (a.length >= 2 ? ["mv", a[0]!, a[1]!] : undefined),
  "shutil.copy": (a) => (a.length >= 2 ? ["cp", a[0]!, a[1]!] : undefined),
  "shutil.copy2": (a) => (a.length >= 2 ? ["cp", a[0]!, a[1]!] : undefined),
  "shutil.copyfile": (a) => (a.length >= 2 ? ["cp", a[0]!, a[1]!] : undefined),
  "shutil.copytree": (a) => (a.length >= 2 ? ["cp", "-r", a[0]!, a[1]!] : undefined),
  "os.symlink": (a) => (a.length >= 2 ? ["ln", "-s", a[0]!, a[1]!] : undefined),
  "os.setuid": (a) => ["setuid", a[0]!],
};
/** Methods of pathlib.Path(p). */
const PATH_METHODS: Readonly<Record<string, (p: string) => string[]>> = {
  unlink: (p) => ["rm", "-f", p],
  rmdir: (p) => ["rmdir", p],
  write_text: (p) => ["tee", p],
  write_bytes: (p) => ["tee", p],
};

class PythonReader {
  readonly actions: CodeAction[] = [];
  readonly problems: string[] = [];
  /** Local name → qualified module or function name, from imports. */
  private readonly names = new Map<string, string>();
  /** Variables assigned a string literal. */
  private readonly strings = new Map<string, string>();

  constructor(private readonly tree: SyntaxTree) {}

  read(depth: number): void {
    // Code Python cannot parse does not run (a SyntaxError stops it before the first line), so a
    // parse error is no reason for caution; what tree-sitter recovers is still read.
    let visited = 0;
    const stack: SyntaxNode[] = [this.tree.root];
    // Pre-order, so an import or assignment is seen before the calls after it.
    while (stack.length > 0 && this.actions.length < MAX_ACTIONS) {
      const n = stack.pop()!;
      if (++visited > MAX_NODES) {
        this.problems.push("the Python code is too large to read fully");
        return;
      }
      if (n.type === "import_statement" || n.type === "import_from_statement") this.importOf(n);
      else if (n.type === "assignment") this.assignment(n);
      else if (n.type === "call") this.call(n, depth);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
    }
  }

  private text(n: SyntaxNode): string {
    return textOf(this.tree, n);
  }

  /**
   * A name as Python reads it: identifiers are NFKC-normalised, so `os.ｓｙｓｔｅｍ` is os.system
   * and `import ｓｈｕｔｉｌ as sh` binds shutil. (String values are data and stay as written.)
   */
  private id(n: SyntaxNode): string {
    const t = this.text(n);
    return NON_ASCII.test(t) ? t.normalize("NFKC") : t;
  }

  private importOf(n: SyntaxNode): void {
    const module = n.type === "import_from_statement" ? fieldOf(n, "module_name") : undefined;
    const prefix = module ? `${this.id(module)}.` : "";
    for (const c of n.children) {
      if (c.field !== "name") continue;
      if (c.type === "aliased_import") {
        const name = fieldOf(c, "name");
        const alias = fieldOf(c, "alias");
        if (name && alias) this.names.set(this.id(alias), prefix + this.id(name));
      } else if (c.type === "dotted_name") {
        const full = this.id(c);
        if (prefix) this.names.set(full, prefix + full);
      }
    }
  }

  private assignment(n: SyntaxNode): void {
    const left = fieldOf(n, "left");
    const right = fieldOf(n, "right");
    if (left?.type !== "identifier" || !right) return;
    const v = this.literal(right);
    if (v !== undefined) this.strings.set(this.id(left), v);
    else this.strings.delete(this.id(left));
  }

  /** A string expression's value when it is made only of literals (and variables holding them). */
  literal(n: SyntaxNode): string | undefined {
    switch (n.type) {
      case "string": {
        const start = n.children.find((c) => c.type === "string_start");
        const prefix = start ? this.text(start).toLowerCase() : "";
        if (n.children.some((c) => c.type === "interpolation")) return undefined;
        let out = "";
        for (const c of n.children) {
          if (c.type === "string_content") out += prefix.includes("r") ? this.text(c) : decodeEscapes(this.text(c), false).text;
          else if (c.type === "escape_sequence") out += prefix.includes("r") ? this.text(c) : decodeEscapes(this.text(c), false).text;
        }
        return out;
      }
      case "concatenated_string": {
        const parts = n.children.filter((c) => c.named).map((c) => this.literal(c));
        return parts.every((p) => p !== undefined) ? parts.join("") : undefined;
      }
      case "binary_operator": {
        const l = fieldOf(n, "left");
        const r = fieldOf(n, "right");
        const op = n.children.find((c) => c.field === "operator");
        if (!l || !r || !op || this.text(op) !== "+") return undefined;
        const a = this.literal(l);
        const b = this.literal(r);
        return a !== undefined && b !== undefined ? a + b : undefined;
      }
      case "identifier":
        return this.strings.get(this.id(n));
      case "parenthesized_expression": {
        const inner = n.children.find((c) => c.named);
        return inner ? this.literal(inner) : undefined;
      }
      case "call": {
        // Path("/home"), os.path.expanduser("~/x"), pathlib.Path(...): the path argument.
        const f = fieldOf(n, "function");
        const name = f ? this.qualified(f) : "";
        if (/^(?:pathlib\.)?Path$|^os\.path\.(?:expanduser|join|abspath|realpath)$|^str$/.test(name)) {
          const args = this.positional(n);
          if (args.length === 0 || args.some((a) => a === undefined)) return undefined;
          return name.endsWith("join") ? (args as string[]).join("/") : args[0];
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  private positional(call: SyntaxNode): Array<string | undefined> {
    const list = fieldOf(call, "arguments");
    if (!list) return [];
    return list.children.filter((c) => c.named && c.type !== "keyword_argument" && c.type !== "comment").map((c) => this.literal(c));
  }

  private keyword(call: SyntaxNode, name: string): SyntaxNode | undefined {
    const list = fieldOf(call, "arguments");
    const kw = list?.children.find((c) => c.type === "keyword_argument" && fieldOf(c, "name") && this.id(fieldOf(c, "name")!) === name);
    return kw ? fieldOf(kw, "value") : undefined;
  }

  /** The callee through imports: `sh.rmtree` after `import shutil as sh` is shutil.rmtree. */
  qualified(f: SyntaxNode): string {
    if (f.type === "identifier") {
      const t = this.id(f);
      return this.names.get(t) ?? t;
    }
    if (f.type === "attribute") {
      const obj = fieldOf(f, "object");
      const attr = fieldOf(f, "attribute");
      if (!obj || !attr) return this.id(f);
      let head: string;
      if (obj.type === "call" && fieldOf(obj, "function") && this.id(fieldOf(obj, "function")!) === "__import__") {
        head = this.positional(obj)[0] ?? "__import__(?)";
      } else head = this.qualified(obj);
      return `${head}.${this.id(attr)}`;
    }
    return this.id(f);
  }

  private list(n: SyntaxNode | undefined): string[] | undefined {
    if (!n || (n.type !== "list" && n.type !== "tuple")) return undefined;
    const items = n.children.filter((c) => c.named).map((c) => this.literal(c));
    return items.every((i) => i !== undefined) && items.length > 0 ? (items as string[]) : undefined;
  }

  private call(n: SyntaxNode, depth: number): void {
    const f = fieldOf(n, "function");
    if (!f) return;
    const name = this.qualified(f);
    const list = fieldOf(n, "arguments");
    const firstNode = list?.children.find((c) => c.named && c.type !== "keyword_argument" && c.type !== "comment");
    const args = this.positional(n);
    const push = (a: CodeAction): void => {
      if (this.actions.length < MAX_ACTIONS) this.actions.push(a);
    };
    if (PY_SHELL.has(name) || (PY_SUBPROCESS.has(name) && firstNode && firstNode.type !== "list" && firstNode.type !== "tuple")) {
      const cmd = firstNode ? this.literal(firstNode) : undefined;
      const asList = this.list(firstNode);
      if (asList) push({ call: name, argv: asList });
      else if (cmd !== undefined) push({ call: name, shell: cmd });
      else if (firstNode) this.problems.push(`${name} runs a command built at run time: ${clip(this.text(firstNode))}`);
      return;
    }
    if (PY_SUBPROCESS.has(name)) {
      const argv = this.list(firstNode);
      if (argv) {
        const shell = this.keyword(n, "shell");
        push(shell && this.id(shell) === "True" ? { call: name, shell: argv.join(" ") } : { call: name, argv });
      }
      return;
    }
    if (PY_EXEC.test(name)) {
      // os.execvp("rm", ["rm", "-rf", "/"]), os.execl("/bin/rm", "rm", "-rf", "/"), os.spawnv(os.P_WAIT, …)
      const nodes = list?.children.filter((c) => c.named && c.type !== "keyword_argument") ?? [];
      const lst = nodes.map((c) => this.list(c)).find((l) => l !== undefined);
      const strs = nodes.map((c) => this.literal(c)).filter((s): s is string => s !== undefined);
      const argv = lst ?? strs.slice(1);
      if (argv.length > 0) push({ call: name, argv });
      return;
    }
    const op = Object.hasOwn(PY_FILE_OPS, name) ? PY_FILE_OPS[name] : undefined;
    if (op) {
      if (args.length > 0 && args.every((a) => a !== undefined)) {
        const argv = op(args as string[]);
        if (argv) push({ call: name, argv });
      }
      return;
    }
    if (name === "os.chmod" && args[0] !== undefined && list) {
      const mode = list.children.filter((c) => c.named)[1];
      if (mode) push({ call: name, argv: ["chmod", this.text(mode).replace(/^0o/, ""), args[0]] });
      return;
    }
    if (name === "open" && args[0] !== undefined) {
      const mode = args[1] ?? (this.keyword(n, "mode") ? this.literal(this.keyword(n, "mode")!) : undefined) ?? "r";
      if (/[wax+]/.test(mode)) push({ call: name, argv: mode.includes("a") ? ["tee", "-a", args[0]] : ["tee", args[0]] });
      return;
    }
    if ((name === "exec" || name === "eval") && args[0] !== undefined && depth < 3) {
      const inner = readPython(args[0], depth + 1);
      this.actions.push(...inner.actions.slice(0, MAX_ACTIONS - this.actions.length));
      this.problems.push(...inner.problems);
      return;
    }
    // pathlib: Path("/etc/x").unlink(), and shutil.rmtree(Path(...)) is handled by literal().
    if (f.type === "attribute") {
      const obj = fieldOf(f, "object");
      const method = fieldOf(f, "attribute");
      const m = method && Object.hasOwn(PATH_METHODS, this.id(method)) ? PATH_METHODS[this.id(method)] : undefined;
      if (obj && m && obj.type === "call") {
        const p = this.literal(obj);
        if (p !== undefined) push({ call: `Path.${this.id(method!)}`, argv: m(p) });
      }
    }
  }
}

const clip = (s: string, n = 60): string => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/**
 * The last name of every call the reader acts on, read from its tables (the sets above, pathlib's
 * methods) and the calls it names itself (os.chmod, open, exec, eval). A call's qualified name ends in the name as written at the call, in its import (`from os
 * import system as s`) or in `__import__("os").system`: code in which none of these words stands,
 * once NFKC-normalised as Python normalises names, has no call the reader acts on, and none it
 * reports a problem of.
 */
const ACTED_ON_NAME = new RegExp(
  String.raw`\b(?:${[
    ...new Set(
      // os.chmod, open, exec and eval are the calls PythonReader.call names outside the tables.
      [...PY_SHELL, ...PY_SUBPROCESS, ...Object.keys(PY_FILE_OPS), ...Object.keys(PATH_METHODS), "os.chmod", "open", "exec", "eval"].map((n) => n.slice(n.lastIndexOf(".") + 1)),
    ),
  ].join("|")}|${PY_EXEC_NAME})\b`,
);
/**
 * Code longer than this is parsed whatever it holds: MAX_NODES, the reader's bound, is far above
 * the nodes a text this short can make, so below it skipping the parse loses no "too large".
 */
const SKIP_PARSE_BELOW = MAX_NODES / 16;

/** What the reader would find, read from the tree. */
export function readPythonTree(code: string, depth = 0): CodeReading {
  const reader = new PythonReader(parsePython(code));
  reader.read(depth);
  return { actions: reader.actions, problems: reader.problems };
}

/**
 * The reading of Python code. A parse costs milliseconds on a few KB (most of the time of a step
 * that writes a test script), so code that names no call the reader acts on is not parsed: its
 * reading is empty either way (test/interpreters-skip.test.ts holds the two equal).
 */
/**
 * Whether the code is read without a parse: short, and none of the names stands in it, as written
 * or NFKC-normalised (`system²` is `system2` normalised, while tree-sitter's recovery still reads
 * `system` in it).
 */
export const skipsParse = (code: string): boolean =>
  code.length < SKIP_PARSE_BELOW && !ACTED_ON_NAME.test(code) && !(NON_ASCII.test(code) && ACTED_ON_NAME.test(code.normalize("NFKC")));

function readPython(code: string, depth: number): CodeReading {
  if (skipsParse(code)) return { actions: [], problems: [] };
  // A script written and then run in one command (`cat > t.py << 'EOF' … EOF`, then `python t.py`)
  // is read twice, when written and when run: the second reading is the first's. A reading is a
  // function of the code alone, and no caller changes it.
  if (last?.code === code && last.depth === depth) return last.reading;
  const reading = readPythonTree(code, depth);
  last = { code, depth, reading };
  return reading;
}
let last: { readonly code: string; readonly depth: number; readonly reading: CodeReading } | undefined;

/** `depth`: how deep in exec/eval this code is read (its own exec and eval are read up to 3). */
export const readPythonCode = (code: string, depth = 0): CodeReading => readPython(code, depth);

// ───────────── other interpreters: their spawn and removal calls on string literals ─────────────

const STR = String.raw`(?:'((?:[^'\\\n]|\\.){0,2000})'|"((?:[^"\\\n]|\\.){0,2000})"|\x60((?:[^\x60\\$]|\\.|\$(?!\{)){0,2000})\x60)`;
/** A call that hands its string to a shell: Node's exec/execSync, Perl/Ruby/PHP system, exec, backticks. */
const SCRIPT_SHELL = new RegExp(String.raw`\b(execSync|exec|system|shell_exec|passthru|popen|proc_open|spawnSync|spawn|%x|qx)\s*\(?\s*${STR}`, "g");
const SCRIPT_RECURSIVE_REMOVE = new RegExp(String.raw`\b((?:fs\.|fsp\.|promises\.)?(?:rmSync|rmdirSync|rm|rmdir)|rimraf(?:\.sync)?|FileUtils\.rm_rf|FileUtils\.rm_r|FileUtils\.remove_dir|rmtree|remove_tree)\s*\(\s*${STR}([^)]{0,80})`, "g");
const SCRIPT_REMOVE = new RegExp(String.raw`\b((?:fs\.)?unlinkSync|(?:fs\.)?unlink|File\.delete|FileUtils\.rm|unlink)\s*\(?\s*${STR}`, "g");

export function readScriptStrings(code: string): CodeReading {
  const actions: CodeAction[] = [];
  const value = (m: RegExpMatchArray, from: number): string => {
    const raw = m[from] ?? m[from + 1] ?? m[from + 2] ?? "";
    return decodeEscapes(raw, false).text;
  };
  for (const m of code.matchAll(SCRIPT_SHELL)) {
    if (actions.length >= MAX_ACTIONS) break;
    const call = m[1]!;
    const s = value(m, 2);
    // spawn('rm', [...]) names a program; its argument list is read by the rules' second reading.
    if ((call === "spawn" || call === "spawnSync") && !/\s/.test(s)) continue;
    actions.push({ call, shell: s });
  }
  for (const m of code.matchAll(SCRIPT_RECURSIVE_REMOVE)) {
    if (actions.length >= MAX_ACTIONS) break;
    const call = m[1]!;
    const recursive = /rimraf|rm_rf|rm_r|remove_dir|rmtree|remove_tree/i.test(call) || /recursive\s*:\s*true/.test(m[5] ?? "");
    actions.push({ call, argv: recursive ? ["rm", "-rf", value(m, 2)] : ["rm", "-f", value(m, 2)] });
  }
  for (const m of code.matchAll(SCRIPT_REMOVE)) {
    if (actions.length >= MAX_ACTIONS) break;
    actions.push({ call: m[1]!, argv: ["rm", "-f", value(m, 2)] });
  }
  return { actions, problems: [] };
}
