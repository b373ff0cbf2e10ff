// The shell reader's state and budgets, and how it reads words: quoting, variables, expansions and
// command substitutions (see read.ts).
import { ansiC } from "./escapes.js";
import { type SyntaxNode, type SyntaxTree, textOf } from "./syntax.js";
import { cap, type Frame, isStatement, joinOutput, MAX_PROBLEMS, type ShellCommand, splits, type Stdin, unescapeDoubleQuoted, unescapeWord, type Word } from "./read-model.js";

export abstract class WordReader {
  /** Runs a node that holds statements (read-walk.ts). */
  abstract statement(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin?: Stdin): string | undefined;
  /** Reads the substitutions inside a node that is not itself run (read-walk.ts). */
  protected abstract walkSubstitutions(tree: SyntaxTree, node: SyntaxNode, frame: Frame): void;

  readonly commands: ShellCommand[] = [];
  readonly problems: string[] = [];
  protected readonly vars = new Map<string, Word>();
  protected readonly aliases = new Map<string, string>();
  protected readonly functions = new Map<string, { tree: SyntaxTree; body: SyntaxNode }>();
  /** Files the script wrote with known contents (write-then-execute). */
  protected readonly files = new Map<string, string>();
  /** The top-level parse: only its here-document bodies have offsets in the source the caller holds. */
  protected top: SyntaxTree | undefined;
  /** Inputs made from a top-level here-document or here-string that bash delimits as tree-sitter does. */
  protected readonly bodies = new Map<object, readonly [number, number]>();
  /** Bodies written to files by cat or tee, and top-level comments (see ShellReading.data). */
  readonly data: Array<readonly [number, number]> = [];
  protected parsedBudget: number;
  /** Characters that variable expansions may still produce: `X=$X$X` repeated must not grow without bound. */
  protected expansionBudget: number;
  protected stepBudget: number;
  protected capped = false;

  /**
   * `fastPath`: plain text is read by the scanner in plain.ts instead of tree-sitter (the same
   * tree); false only to hold the two to each other in tests and the bench.
   */
  constructor(size: number, protected readonly fastPath = true) {
    this.parsedBudget = 4 * size + 16 * 1024;
    this.stepBudget = 16 * size + 20_000;
    this.expansionBudget = 8 * size + 64 * 1024;
  }

  problem(p: string): void {
    if (this.problems.length < MAX_PROBLEMS && !this.problems.includes(p)) this.problems.push(p);
  }

  /** Whether the top-level text holds no backslash, once asked (topBackslashFree). */
  private topBackslashFree: boolean | undefined;

  /**
   * Whether `tree` is the top-level parse and its text holds no backslash: then no word of it has
   * an escape to take out, and a word's text is its source as written (one search of the text,
   * instead of one scan of every word for a backslash).
   */
  protected backslashFree(tree: SyntaxTree): boolean {
    return tree === this.top && (this.topBackslashFree ??= !tree.source.includes("\\"));
  }

  protected overBudget(): boolean {
    if (this.capped) return true;
    if (this.stepBudget-- > 0) return false;
    if (!this.capped) this.problem("the script is too large to read fully");
    this.capped = true;
    return true;
  }


  // ───────────────────────────── words ─────────────────────────────

  /** The words one argument node becomes: unquoted expansions split on whitespace. */
  protected words(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word[] {
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
        if (hasNamedChild(node)) return this.concat(tree, node, frame);
        return { text: this.backslashFree(tree) ? textOf(tree, node) : unescapedText(tree, node), exact: true };
      case "raw_string":
        return { text: tree.source.slice(node.start + 1, node.end - 1), exact: true, quoted: true };
      case "ansi_c_string":
        return { text: ansiC(tree.source.slice(node.start + 2, node.end - 1)), exact: true, quoted: true };
      case "translated_string":
      case "string":
        // "$X" alone shows X's value as it will run; a string with literal text in it stays quoted.
        return node.children.some((c) => c.type === "string_content") ? { ...this.doubleQuoted(tree, node, frame), quoted: true } : this.doubleQuoted(tree, node, frame);
      case "string_content":
        return { text: unescapeDoubleQuoted(textOf(tree, node)), exact: true };
      case "concatenation":
        return this.concat(tree, node, frame);
      case "simple_expansion":
      case "expansion":
        return this.expansion(tree, node, frame);
      case "command_substitution":
      case "process_substitution": {
        const out = this.substitution(tree, node, frame);
        if (node.type === "process_substitution" || out === undefined) return { text: textOf(tree, node), exact: false };
        return cap({ text: out.replace(/\n+$/, ""), exact: true });
      }
      case "arithmetic_expansion":
        this.walkSubstitutions(tree, node, frame);
        return { text: textOf(tree, node), exact: false };
      case "brace_expression":
        return { text: textOf(tree, node), exact: false };
      default: {
        this.walkSubstitutions(tree, node, frame);
        const raw = textOf(tree, node);
        return { text: raw, exact: !/[$`]/.test(raw) && !assignment ? true : false };
      }
    }
  }

  protected concat(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word {
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

  protected doubleQuoted(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word {
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

  protected expansion(tree: SyntaxTree, node: SyntaxNode, frame: Frame): Word {
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

  protected concatNodes(tree: SyntaxTree, nodes: readonly SyntaxNode[], frame: Frame): Word {
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
  protected substitution(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string | undefined {
    const inner: Frame = { ...frame, via: frame.via ?? "command substitution" };
    let out: string | undefined = "";
    for (const c of node.children) {
      if (!c.named) continue;
      const o = isStatement(c) ? this.statement(tree, c, inner) : (this.walkSubstitutions(tree, c, inner), undefined);
      out = joinOutput(out, o);
    }
    return out;
  }

}

/** unescapeWord(textOf(tree, node)), its backslash looked for in the source in place (most words have none). */
export function unescapedText(tree: SyntaxTree, node: SyntaxNode): string {
  const s = tree.source;
  for (let k = node.start; k < node.end; k++) if (s.charCodeAt(k) === 92 /* \ */) return unescapeWord(s.slice(node.start, node.end));
  return s.slice(node.start, node.end);
}

function hasNamedChild(node: SyntaxNode): boolean {
  for (const c of node.children) if (c.named) return true;
  return false;
}
