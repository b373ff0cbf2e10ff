// Plain shell read without tree-sitter: most command lines an agent runs use only words, quotes,
// the operators ; && || | & and newlines, simple redirections and comments. For such a line this
// scanner builds, in one linear pass, the same syntax tree tree-sitter-bash builds (same node types,
// fields and offsets; a number is a word, which the reader treats alike), so the one reader in
// read-walk.ts and read-commands.ts walks it unchanged. A parse of a few KB costs milliseconds in
// tree-sitter and microseconds here.
//
// Conservative by construction: anything outside the subset below returns undefined and the text
// is parsed by tree-sitter as before. test/shell-plain.test.ts holds the scanner to tree-sitter's
// tree and reading on the session corpus, the shell corpora, the rules' examples and generated text.
//
// The subset:
// - words made of unquoted runs of printable ASCII other than ' " < > { } [ ] ( ) ` $ | & ; ! and
//   blanks, where a backslash escapes a printable character (\; \'); single-quoted strings; and
//   double-quoted strings without $ ` ! (newlines, and a backslash before a printable character,
//   allowed). A word may not start with `=`, only a quoted word may hold non-ASCII text, and `{}`
//   may stand alone as an argument;
// - leading NAME=value / NAME+=value assignments, and statements of assignments alone;
// - the operators ; & && || | and newlines (a newline may follow && || |), `#` comments that end a
//   line;
// - redirections after the command's words: > >> < >& <& >| &> &>> with an optional descriptor
//   (2> 2>&1) and plain targets;
// - a command name that is not a reserved word, a declaration or alias, nor a word tree-sitter's
//   scanner may take as a variable name (a%b, a@b);
// - and none of the arrangements where the differential tests found tree-sitter reading the text
//   other than it reads the same shapes elsewhere (a pipeline of three before &&, `0>`,
//   `rm - 2>f`, …): those are left to it, so the reading stays the one tree-sitter gives. Where
//   tree-sitter takes a newline for a blank (after a pipeline of three, after two assignments) and
//   the reader reads its text again with a `;` there, the scanner ends the statement at the newline,
//   as bash does: the reading is the same.
// No other character may appear outside quotes: tabs and spaces are the only blanks; no control
// characters (a carriage return included) anywhere.
//
// Text bash refuses. An agent's prose, written where a command goes ("… the pool settings (max 20,
// idle timeout 30s) and …"), is plain but for two syntax errors bash refuses at once: a reserved
// word that closes a compound command where a command starts (then, else, elif, fi, do, done,
// esac), and parentheses after a command's words (`words (…)`, never a function definition or a
// subshell there). tree-sitter recovers from both in ways of its own and costs milliseconds on a
// few KB of prose. The scanner reads such text as errors (ERROR nodes, so the reading is marked
// incomplete and a command source pauses as unreadable): the reserved word is left out of the
// command after it, what is between the parentheses is read as commands, and so are the words after
// the `)` both alone and as more of the command before the `(`, as tree-sitter sometimes joins
// them (and, when no `)` comes, the words after the `(`). A `)` nothing opened, nested parentheses
// and anything else are left to tree-sitter. bash runs nothing of a line it refuses; the reading judges what the agent said, and
// test/shell-plain.test.ts holds it to keep every word tree-sitter reads as part of a command in one
// command, in order.
import type { SyntaxNode, SyntaxTree } from "./syntax.js";

interface Node {
  type: string;
  field: string | null;
  named: boolean;
  start: number;
  end: number;
  children: readonly Node[];
}

/** Words that tree-sitter or the shell read as syntax at a command's position, and commands whose words tree-sitter parses apart. */
const NOT_PLAIN_COMMAND = new Set([
  "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "function", "select", "time", "in", "coproc",
  "declare", "typeset", "export", "readonly", "local", "unset", "unsetenv", "alias", "unalias",
]);

/** Deeper operator nesting than this is left to tree-sitter (and its depth limit). */
const MAX_NESTING = 64;

/** What tree-sitter's scanner may read as a variable name (a%b, a@b, 1=2) or a glob at a command's name. Sticky: matched in place. */
export const NAME_NOT_PLAIN = /\w+[=[:%#@?+]|[^\w./~'"]/y;
/** \w: the characters of a variable's name. */
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) if (/\w/.test(String.fromCharCode(c))) NAME_CHAR[c] = 1;

/** Whether NAME_NOT_PLAIN matches at `i`, by character checks: a run of \w and one of = [ : % # @ ? + after it, or one character that is not \w . / ~ ' ". */
export function nameNotPlain(s: string, i: number): boolean {
  if (i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c < 128 && NAME_CHAR[c] === 1) {
    let k = i + 1;
    while (k < s.length && s.charCodeAt(k) < 128 && NAME_CHAR[s.charCodeAt(k)] === 1) k++;
    if (k >= s.length) return false;
    const d = s.charCodeAt(k);
    return d === 61 /* = */ || d === 91 /* [ */ || d === 58 /* : */ || d === 37 /* % */ || d === 35 /* # */ || d === 64 /* @ */ || d === 63 /* ? */ || d === 43 /* + */;
  }
  return !(c === 46 /* . */ || c === 47 /* / */ || c === 126 /* ~ */ || c === 39 /* ' */ || c === 34 /* " */);
}

class NotPlain extends Error {}
const notPlain = new NotPlain();

/**
 * The children of every leaf: one empty list, not one per node. Nothing adds to a node's children
 * once it is made (the type says so). Not frozen: V8 iterates a frozen array with for…of slowly.
 */
const NO_CHILDREN: readonly Node[] = [];
const node = (type: string, start: number, end: number, children: readonly Node[] = NO_CHILDREN, field: string | null = null, named = true): Node => ({ type, field, named, start, end, children });
const token = (type: string, start: number, field: string | null = null): Node => node(type, start, start + type.length, NO_CHILDREN, field, false);

// Character classes by code. An unquoted word character: printable ASCII except the specials.
const WORD_CHAR = new Uint8Array(128);
for (let c = 0x21; c < 0x7f; c++) WORD_CHAR[c] = 1;
for (const s of "'\"<>{}[]()`$|&;\\!") WORD_CHAR[s.charCodeAt(0)] = 0; // the backslash is read apart
const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const HASH = 35;
const SQUOTE = 39;
const DQUOTE = 34;
const BACKSLASH = 92;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
/** A here-document's delimiter inside its quotes: a shell name. Sticky. */
const HERE_DELIMITER = /[A-Za-z_][A-Za-z0-9_]*/y;
/** A blank or newline to tree-sitter's here-document scanner: ASCII white space and Unicode's spaces (every \s). */
const isBlank = (c: number): boolean => c === SPACE || c === TAB || c === NEWLINE || (c > 127 || c === 11 || c === 12 || c === 13 ? /\s/.test(String.fromCharCode(c)) : false);
/** A reserved word that only closes or continues a compound command, standing where a command starts. Sticky. */
export const CLOSER = /(?:then|else|elif|fi|do|done|esac)(?=[ \t\n;&|]|$)/y;

class Scanner {
  /** The text holds something bash refuses (see "Text bash refuses" above). */
  hasError = false;
  /** Where a `(` ends a command that has a name and arguments: a syntax error bash refuses. */
  private parenAfterWords = -1;
  /** An operator the text ends on (dangling): the last node of the program. */
  private trailing: Node | undefined;
  /** Such parentheses open: a `)` closes one. */
  private parens = 0;
  /** The command last read, and the one a `(` ended, whose words tree-sitter may join to those after the `)`. */
  private lastCommand: Node | undefined;
  private beforeParen: Node | undefined;
  /** The first statement after an open `(`: joined to the command before it when no `)` comes. */
  private afterParen: Node | undefined;
  private i = 0;
  private readonly n: number;
  constructor(private readonly s: string) {
    this.n = s.length;
  }

  program(): Node {
    const children: Node[] = [];
    let first = -1;
    for (;;) {
      this.blanks(true);
      if (this.i >= this.n) break;
      if (first < 0) first = this.i;
      if (this.code() === HASH) {
        children.push(this.comment());
        continue;
      }
      // Prose (see "Text bash refuses" above): a closing reserved word where a command starts.
      // (Each closing word starts with d, e, f or t: the regex runs only where one does.)
      const lead = this.code();
      let closer: RegExpExecArray | null = null;
      if (lead === 100 || lead === 101 || lead === 102 || lead === 116) {
        CLOSER.lastIndex = this.i;
        closer = CLOSER.exec(this.s);
      }
      let command = true;
      if (closer) {
        children.push(this.error(closer[0].length));
        this.blanks(false);
        command = this.atWord();
      }
      if (command) {
        const joins = this.beforeParen !== undefined && this.parens === 0 && children[children.length - 1]?.type === "ERROR";
        const opened = this.parens > 0 && this.afterParen === undefined && children[children.length - 1]?.type === "ERROR";
        const statement = this.statement();
        children.push(statement);
        if (opened) this.afterParen = statement;
        // After `words ( … )`, tree-sitter sometimes reads the words after the `)` as more of the
        // command before the `(`: that command is read too, so nothing it reads is lost.
        if (joins) {
          const joined = this.joined(this.beforeParen!, statement);
          if (joined) children.push(joined);
        }
        if (this.parens === 0) this.beforeParen = undefined;
      }
      this.blanks(false);
      if (this.i >= this.n) break;
      const c = this.s[this.i]!;
      if (c === "(" && this.parenAfterWords === this.i) {
        // Parentheses after a command's words: what is between them is read as commands.
        if (this.parens > 0) throw notPlain; // nested: left to tree-sitter
        this.parens++;
        this.beforeParen = this.lastCommand;
        children.push(this.error(1));
      } else if (c === ")" && this.parens > 0) {
        this.parens--;
        this.afterParen = undefined;
        children.push(this.error(1));
        // Joined only to words on the same line.
        const k = this.i;
        this.blanks(false);
        if (!this.atWord()) this.beforeParen = undefined;
        this.i = k;
      } else if (c === ";") {
        if (this.s[this.i + 1] === ";") throw notPlain;
        children.push(token(";", this.i++));
      } else if (c === "&") {
        children.push(token("&", this.i++));
      } else if (c === "\n") {
        this.i++;
      } else if (c === "#") {
        children.push(this.comment());
      } else throw notPlain;
    }
    if (this.trailing) children.push(this.trailing);
    // A `(` never closed: tree-sitter reads the words after it as more of the command before it.
    if (this.parens > 0) {
      if (this.beforeParen === undefined || this.afterParen === undefined) throw notPlain;
      const joined = this.joined(this.beforeParen, this.afterParen);
      if (!joined) throw notPlain;
      children.push(joined);
    }
    return node("program", first < 0 ? this.n : first, this.n, children);
  }

  /**
   * The character code at the scanner's position, NaN at the end (as charCodeAt gives it). Every read
   * past the end is checked here and below, not left to charCodeAt: V8 stops inlining a charCodeAt
   * that once read past the end of its string, and calls it from then on.
   */
  private code(): number {
    return this.i < this.n ? this.s.charCodeAt(this.i) : NaN;
  }

  /** `before`'s words and those of the first command of `after`, as one command; undefined when `after` does not start with a command. */
  private joined(before: Node, after: Node): Node | undefined {
    let first = after;
    while (first.type !== "command" && first.children.length > 0 && first.children[0]!.type !== "ERROR") first = first.children[0]!;
    if (first.type !== "command") return undefined;
    // The command's words after before's: its name's word as an argument, its assignments left out.
    const children = before.children.slice();
    for (const c of first.children) {
      if (c.type === "command_name") for (const w of c.children) children.push({ ...w, field: "argument" });
      else if (c.type !== "variable_assignment") children.push(c);
    }
    return node("command", before.start, first.end, children);
  }

  /** Text bash refuses, `length` characters here: an ERROR node, as tree-sitter marks what it cannot read. */
  private error(length: number): Node {
    this.hasError = true;
    const start = this.i;
    this.i += length;
    return node("ERROR", start, this.i, [node("word", start, this.i)]);
  }

  /** Skips spaces and tabs, and newlines when `newlines`. */
  private blanks(newlines: boolean): void {
    const s = this.s;
    let i = this.i;
    for (; i < this.n; i++) {
      const c = s.charCodeAt(i);
      if (c !== SPACE && c !== TAB && !(newlines && c === NEWLINE)) break;
    }
    this.i = i;
  }

  private comment(): Node {
    const start = this.i;
    let end = this.s.indexOf("\n", start);
    if (end < 0) end = this.n;
    for (let k = start; k < end; k++) {
      const c = this.s.charCodeAt(k);
      if (c < 32 ? c !== TAB : c === 0x7f) throw notPlain;
    }
    this.i = end;
    return node("comment", start, end);
  }

  /**
   * An and-or list of pipelines of commands, with redirections, shaped as tree-sitter shapes it:
   * lists are left-associative, a pipeline binds tighter than a list, and redirections written
   * after a command wrap everything of the statement before them (`a && b > f` is the list
   * redirected), which the reader resolves to the last command as bash does.
   */
  private statement(): Node {
    // After a pipeline of three or more commands, tree-sitter may take a newline for a blank and
    // what follows for more of the last command (`a | b | c` newline `d > f`); the reader then reads
    // the text again with that newline as `;` (read-walk.ts). Here the newline ends the statement,
    // as bash ends it: the same reading, without two tree-sitter parses.
    return this.andOr();
  }

  private pipes = 0;

  private andOr(): Node {
    let last = this.command();
    let cur = last;
    let nesting = 0;
    // Pipes since the statement's start or its last && or ||: tree-sitter parses `a | b | c && d`
    // as a | (b | c && d), and in ways harder to state with redirections; such text is left to it.
    this.pipes = 0;
    for (;;) {
      this.blanks(false);
      if (this.atRedirect()) {
        if (last.type !== "command") throw notPlain;
        const redirects: Node[] = [];
        while (this.atRedirect()) {
          redirects.push(this.redirect());
          this.blanks(false);
        }
        cur = node("redirected_statement", cur.start, redirects[redirects.length - 1]!.end, [{ ...cur, field: "body" }, ...redirects]);
        nesting++;
      }
      const c = this.s[this.i];
      const d = this.s[this.i + 1];
      if ((c === "&" && d === "&") || (c === "|" && d === "|")) {
        if (this.pipes >= 2) throw notPlain;
        this.pipes = 0;
        const op = token(c + d, this.i);
        this.i += 2;
        if (this.dangling(op)) return cur;
        this.operand();
        last = this.command();
        cur = node("list", cur.start, last.end, [cur, op, last]);
        nesting++;
      } else if (c === "|" && d !== "&") {
        this.pipes++;
        const op = token("|", this.i++);
        if (this.dangling(op)) return cur;
        this.operand();
        last = this.command();
        cur = this.pipe(cur, op, last);
        nesting++;
      } else return cur;
      if (nesting > MAX_NESTING) throw notPlain;
    }
  }

  /** After && || |: blanks and newlines, then a command (no comment in between). */
  /**
   * An operator with nothing after it but blanks and comments (`a |` at the end of the text): bash stops at the
   * end of the input and runs none of the line. Read as text bash refuses: an ERROR at the end.
   */
  private dangling(op: Node): boolean {
    const at = this.i;
    // Blanks and comments (`a | # note`) to the end of the text.
    for (this.blanks(true); this.i < this.n && this.code() === HASH; this.blanks(true)) {
      const end = this.s.indexOf("\n", this.i);
      this.i = end < 0 ? this.n : end;
    }
    if (this.i < this.n) {
      this.i = at;
      return false;
    }
    this.hasError = true;
    this.trailing = node("ERROR", op.start, op.end, [node("word", op.start, op.end)]);
    return true;
  }

  private operand(): void {
    this.blanks(true);
    if (this.i >= this.n || this.code() === HASH) throw notPlain;
  }

  /** `cur | right`: the pipe takes the last operand of a list, extends a pipeline, or starts one. */
  private pipe(cur: Node, op: Node, right: Node): Node {
    if (cur.type === "list") {
      const last = cur.children[cur.children.length - 1]!;
      return { ...cur, end: right.end, children: [...cur.children.slice(0, -1), this.pipe(last, op, right)] };
    }
    if (cur.type === "pipeline") return { ...cur, end: right.end, children: [...cur.children, op, right] };
    return node("pipeline", cur.start, right.end, [cur, op, right]);
  }

  /** A simple command (assignments, name, arguments) or a statement of assignments alone. */
  private command(): Node {
    const start = this.i;
    const assignments: Node[] = [];
    for (;;) {
      const a = this.assignment();
      if (!a) break;
      assignments.push(a);
      this.blanks(false);
    }
    if (!this.atWord()) {
      if (assignments.length === 0) throw notPlain;
      if (assignments.length === 1) return assignments[0]!;
      // tree-sitter takes a newline after two assignments for a blank (`X=1 Y=2` newline `b` is
      // one command b) and the reader reads it again with a `;` there; here the newline ends it.
      return node("variable_assignments", start, assignments[assignments.length - 1]!.end, assignments);
    }
    // tree-sitter's scanner reads a leading word as a variable name before these (a%b, a@b, a+b).
    // A name that starts like a glob (`*_:+` after an assignment) is an error to it.
    if (nameNotPlain(this.s, this.i)) throw notPlain;
    const literal = this.literal();
    if (NOT_PLAIN_COMMAND.has(this.valueOf(literal))) throw notPlain;
    const name = node("command_name", literal.start, literal.end, [literal], "name");
    const children = assignments;
    children.push(name);
    let end = name.end;
    for (;;) {
      this.blanks(false);
      if (this.atBraces()) {
        // find's {} on its own: two one-character words to tree-sitter.
        const at = this.i;
        this.i += 2;
        children.push(node("concatenation", at, at + 2, [node("word", at, at + 1), node("word", at + 1, at + 2)], "argument"));
        end = at + 2;
        continue;
      }
      // A `)` nothing opened: tree-sitter's recovery joins it to words or drops words around it in
      // ways of its own. Left to it.
      if (this.code() === CLOSE_PAREN && this.parens === 0) throw notPlain;
      if (!this.atWord()) {
        if (this.code() === OPEN_PAREN) {
          // `name words (` or `name (words`: never a function definition (that is `name ()`), nor
          // an extglob pattern (`*(`, `@(`, … joined to what is before): bash refuses the line.
          const before = this.s[this.i - 1]!;
          let next = this.i + 1;
          while (this.s[next] === " " || this.s[next] === "\t") next++;
          if (children.length < (this.s[next] === ")" || next >= this.n ? 2 : 1) || "*?+@!=".includes(before)) throw notPlain;
          this.parenAfterWords = this.i;
        }
        break;
      }
      if (this.code() === 61 /* = */) throw notPlain; // `==` and `=~` are operators there
      const arg = this.literal();
      arg.field = "argument";
      children.push(arg);
      end = arg.end;
      // tree-sitter drops a lone `-` before a descriptor's redirection or a here-document (`rm -
      // 2>f` reads as rm 2>f, `python3 - << 'EOF'` as python3 << 'EOF').
      if (arg.end - arg.start === 1 && this.s[arg.start] === "-") {
        this.blanks(false);
        if ((/^\d/.test(this.s[this.i] ?? "") && this.atRedirect()) || this.s.startsWith("<<", this.i)) throw notPlain;
      }
    }
    this.lastCommand = node("command", start, end, children);
    return this.lastCommand;
  }

  /** `{}` standing alone as an argument. */
  private atBraces(): boolean {
    const s = this.s;
    if (this.i + 1 >= this.n || s.charCodeAt(this.i) !== 123 /* { */ || s.charCodeAt(this.i + 1) !== 125 /* } */) return false;
    if (this.i + 2 >= this.n) return true;
    const after = s.charCodeAt(this.i + 2);
    return after === SPACE || after === TAB || after === NEWLINE || after === 59 /* ; */ || after === 38 /* & */ || after === 124 /* | */;
  }

  /** NAME=value or NAME+=value at a command's start. */
  private assignment(): Node | undefined {
    // NAME= or NAME+= (but not `_=`, a command word to tree-sitter), scanned in place.
    const s = this.s;
    const start = this.i;
    const first = s.charCodeAt(start);
    if (!(first === 95 || ((first | 32) >= 97 && (first | 32) <= 122))) return undefined;
    let nameEnd = start + 1;
    while (nameEnd < this.n && NAME_CHAR[s.charCodeAt(nameEnd)] === 1) nameEnd++;
    const next = nameEnd < this.n ? s.charCodeAt(nameEnd) : NaN;
    const op = next === 61 ? "=" : next === 43 && nameEnd + 1 < this.n && s.charCodeAt(nameEnd + 1) === 61 ? "+=" : undefined;
    if (op === undefined || (first === 95 && nameEnd === start + 1)) return undefined;
    const children = [node("variable_name", start, nameEnd, NO_CHILDREN, "name"), token(op, nameEnd)];
    this.i = nameEnd + op.length;
    // tree-sitter ends a value that starts with # at the next quote (X=#a'b' runs 'b'): not plain.
    if (this.code() === HASH) throw notPlain;
    if (this.i < this.n && this.wordStartsHere()) {
      const value = this.literal();
      value.field = "value";
      children.push(value);
    } else if (this.i < this.n && !/[ \t\n]/.test(this.s[this.i]!)) throw notPlain; // tree-sitter errs on `X=||`
    return node("variable_assignment", start, this.i, children);
  }

  /** The start of a word: not an operator, a redirection, a comment, a blank or the end. */
  private atWord(): boolean {
    if (this.i >= this.n || !this.wordStartsHere()) return false;
    // Only a word that starts with a digit can be a redirection's descriptor (2>f).
    const c = this.code();
    return !(c >= 48 && c <= 57 && this.atRedirect());
  }

  private wordStartsHere(): boolean {
    const c = this.code();
    if (c === SQUOTE || c === DQUOTE) return true;
    if (c >= 128) throw notPlain;
    if (c === HASH) return false;
    if (WORD_CHAR[c] || c === BACKSLASH) return true;
    if (c === SPACE || c === TAB || c === NEWLINE || c === 59 /* ; */ || c === 38 /* & */ || c === 124 /* | */ || c === 60 /* < */ || c === 62 /* > */) return false;
    if (c === OPEN_PAREN || c === CLOSE_PAREN) return false;
    throw notPlain;
  }

  private atRedirect(): boolean {
    const s = this.s;
    let k = this.i;
    if (k >= this.n) return false;
    const c = s.charCodeAt(k);
    if (c === 62 /* > */ || c === 60 /* < */) return true;
    if (c === 38 /* & */) return k + 1 < this.n && s.charCodeAt(k + 1) === 62;
    while (k < this.n && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
    const after = k < this.n ? s.charCodeAt(k) : NaN;
    if (k === this.i || (after !== 62 && after !== 60)) return false;
    // tree-sitter never reads a descriptor that starts with 0 (`0>&1` is a word and `>&1`; `01>` an error).
    if (c === 48) throw notPlain;
    return true;
  }

  private redirect(): Node {
    const s = this.s;
    const start = this.i;
    const children: Node[] = [];
    let k = this.i;
    while (s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
    if (k > this.i) children.push(node("file_descriptor", this.i, k, NO_CHILDREN, "descriptor"));
    this.i = k;
    if (children.length === 0 && s.charCodeAt(k) === 60 /* < */ && s.charCodeAt(k + 1) === 60) return this.hereDocument(start);
    const op = /^(?:&>>|&>|>>|>&|>\||>|<&|<)/.exec(s.slice(k, k + 3))?.[0];
    if (op === undefined || (op.startsWith("&") && children.length > 0)) throw notPlain;
    const after = s[k + op.length];
    // Here-strings, <>, closing a descriptor (>&-), process substitution: not plain.
    if (after === "<" || after === ">" || after === "-" || after === "(" || after === "&" || after === "|") throw notPlain;
    children.push(token(op, k));
    this.i = k + op.length;
    this.blanks(false);
    if (!this.atWord()) throw notPlain;
    for (;;) {
      const dest = this.literal();
      dest.field = "destination";
      children.push(dest);
      this.blanks(false);
      // A lone `-` before a descriptor's redirection or a here-document is dropped here too
      // (`&>f - 2>g`, `bash -s >log - << 'EOF'`).
      if (dest.end - dest.start === 1 && s[dest.start] === "-" && ((/^\d/.test(s[this.i] ?? "") && this.atRedirect()) || s.startsWith("<<", this.i))) throw notPlain;
      if (!this.atWord()) break;
      if (this.code() === 61 /* = */) throw notPlain;
    }
    return node("file_redirect", start, children[children.length - 1]!.end, children, "redirect");
  }

  /**
   * A here-document whose delimiter is quoted (`<< 'EOF'`, `<<"EOF"`), the last thing on its line:
   * bash expands nothing in its body, and tree-sitter makes the body one heredoc_body node. The body
   * is every line after this one up to the first line that is the delimiter alone. Anything else is
   * left to tree-sitter: an unquoted delimiter (the body is expanded), `<<-`, more after the
   * delimiter on its line, `<<` joined to the word before it, a body that starts with a blank, a newline or a backslash, a body line that starts
   * with the delimiter but is not it, a line that ends in a backslash, no closing line, a carriage return or another control
   * character but a tab.
   */
  private hereDocument(start: number): Node {
    const s = this.s;
    // Joined to the word before it, tree-sitter may take some of the word into the `<<` (`-s<<`).
    const before = s.charCodeAt(start - 1);
    if (before !== SPACE && before !== TAB) throw notPlain;
    const op = token("<<", start);
    this.i = start + 2;
    this.blanks(false);
    const quote = this.code();
    if (quote !== SQUOTE && quote !== DQUOTE) throw notPlain;
    const delimStart = this.i;
    HERE_DELIMITER.lastIndex = delimStart + 1;
    const m = HERE_DELIMITER.exec(s);
    if (!m || s.charCodeAt(delimStart + 1 + m[0].length) !== quote) throw notPlain;
    const delimiter = m[0];
    this.i = delimStart + m[0].length + 2;
    const opening = node("heredoc_start", delimStart, this.i);
    this.blanks(false);
    if (this.code() !== NEWLINE) throw notPlain;
    const bodyStart = this.i + 1;
    // tree-sitter starts the body after any blanks and newlines it begins with (Unicode spaces
    // too, and mis-places it after a tab there), and reads a backslash there as a word: such a
    // body is left to it.
    const first = s.charCodeAt(bodyStart);
    if (first === BACKSLASH || isBlank(first)) throw notPlain;
    let line = bodyStart;
    for (;;) {
      if (line >= this.n) throw notPlain; // no closing line
      let eol = s.indexOf("\n", line);
      if (eol < 0) eol = this.n;
      let k = line;
      while (k < eol && isBlank(s.charCodeAt(k))) k++;
      if (s.startsWith(delimiter, k)) {
        if (k === line && eol === line + delimiter.length) {
          this.i = eol;
          const body = node("heredoc_body", bodyStart, line);
          return node("heredoc_redirect", start, eol, [op, opening, body, node("heredoc_end", line, eol)], "redirect");
        }
        throw notPlain; // the delimiter with blanks or more on its line: tree-sitter's ending may differ from bash's
      }
      for (; k < eol; k++) {
        const c = s.charCodeAt(k);
        if (c < 32 ? c !== TAB : c === 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0xd800 && c < 0xe000)) throw notPlain;
      }
      // A backslash that ends a line is text to bash here; tree-sitter errs on it.
      if (eol > line && s.charCodeAt(eol - 1) === BACKSLASH) throw notPlain;
      line = eol + 1;
    }
  }

  /** One word: unquoted runs and quoted strings with nothing between them; a later unquoted run may start with # (a'b'#c). */
  private literal(): Node {
    const start = this.i;
    // Most words are one piece: the list is made only for a second one.
    let first: Node | undefined;
    let pieces: Node[] | undefined;
    for (;;) {
      if (this.i >= this.n) break;
      const c = this.code();
      let piece: Node;
      if (c === SQUOTE) piece = this.singleQuoted();
      else if (c === DQUOTE) piece = this.doubleQuoted();
      else if (c < 128 && (WORD_CHAR[c] || c === HASH || c === BACKSLASH)) {
        if (c === HASH && first === undefined) throw notPlain;
        // After a quoted piece, tree-sitter starts a new word at a backslash (""\#x is two words).
        if (c === BACKSLASH && first !== undefined) throw notPlain;
        const s = this.s;
        const from = this.i;
        let i = from;
        while (i < this.n) {
          const d = s.charCodeAt(i);
          if (d >= 128) throw notPlain;
          if (d === BACKSLASH) {
            // An escaped printable character belongs to the word (\; \' \$); an escaped blank or
            // newline is a line continuation or an escaped space: not plain.
            const e = s.charCodeAt(i + 1);
            if (!(e > 32 && e < 127)) throw notPlain;
            i += 2;
            continue;
          }
          if (!WORD_CHAR[d]) break;
          i++;
        }
        this.i = i;
        // tree-sitter errs on a number with an empty base (`0#`, `-1#`) and on `_0>f`. The regex
        // only runs on a word that starts with _, a digit, or - and a digit.
        const f = s.charCodeAt(from);
        const digit = f === 45 ? (from + 1 < this.n ? s.charCodeAt(from + 1) : NaN) : f;
        if ((f === 95 || (digit >= 48 && digit <= 57)) && /^-?\d+#|^_\d+$/.test(s.slice(from, Math.min(i, from + 64))) && (f !== 95 || s[i] === "<" || s[i] === ">")) throw notPlain;
        piece = node("word", from, i);
      } else if (c >= 128) throw notPlain;
      else if (c === SPACE || c === TAB || c === NEWLINE || c === 59 || c === 38 || c === 124 || c === 60 || c === 62) break;
      else if ((c === OPEN_PAREN || c === CLOSE_PAREN) && first !== undefined) break;
      else throw notPlain;
      if (first === undefined) first = piece;
      else (pieces ??= [first]).push(piece);
    }
    if (first === undefined) throw notPlain;
    return pieces === undefined ? first : node("concatenation", start, this.i, pieces);
  }

  private singleQuoted(): Node {
    const start = this.i;
    const end = this.s.indexOf("'", start + 1);
    if (end < 0) throw notPlain;
    for (let k = start + 1; k < end; k++) {
      const c = this.s.charCodeAt(k);
      if (c < 32 ? c !== TAB && c !== NEWLINE : c === 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0xd800 && c < 0xe000)) throw notPlain;
    }
    this.i = end + 1;
    return node("raw_string", start, this.i);
  }

  /**
   * "…" with nothing to expand. tree-sitter makes one string_content per line of it, and none of a
   * line (or line part) that holds only blanks before a newline or the closing quote.
   */
  private doubleQuoted(): Node {
    const start = this.i;
    const children: Node[] = [token('"', start)];
    let k = start + 1;
    let run = k;
    let blank = true;
    for (;; k++) {
      if (k >= this.n) throw notPlain;
      const c = this.s.charCodeAt(k);
      if (c === DQUOTE || c === NEWLINE) {
        if (k > run && !blank) children.push(node("string_content", run, k));
        if (c === DQUOTE) break;
        run = k + 1;
        blank = true;
        continue;
      }
      if (c === BACKSLASH) {
        // \" \\ \$ \n…: the pair is text of the string (unescapeDoubleQuoted reads it).
        const e = this.s.charCodeAt(k + 1);
        // An escaped blank or newline is a blank or a line continuation to tree-sitter, even there.
        if (!(e > 32 && e < 127)) throw notPlain;
        k++;
        blank = false;
        continue;
      }
      if (c === 36 /* $ */ || c === 96 /* ` */ || c === 33 /* ! */) throw notPlain;
      if (c < 32 ? c !== TAB : c === 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0xd800 && c < 0xe000)) throw notPlain;
      if (c !== SPACE && c !== TAB) blank = false;
    }
    // The closing quote's token starts where the blanks before it start.
    children.push(node('"', blank && k > run ? run : k, k + 1, NO_CHILDREN, null, false));
    this.i = k + 1;
    return node("string", start, this.i, children);
  }

  /** A word's text with its quotes taken away (nothing in the subset needs more). */
  private valueOf(n: Node): string {
    if (n.type === "raw_string" || n.type === "string") return this.s.slice(n.start + 1, n.end - 1);
    if (n.type !== "concatenation") return this.s.slice(n.start, n.end);
    let value = "";
    for (const c of n.children) value += this.valueOf(c);
    return value;
  }
}

/** The syntax tree of a plain shell text, as tree-sitter-bash gives it; undefined when the text is not plain. */
export function plainTree(source: string): SyntaxTree | undefined {
  try {
    const scanner = new Scanner(source);
    const root: SyntaxNode = scanner.program();
    return { source, root, hasError: scanner.hasError, truncated: false };
  } catch (e) {
    if (e === notPlain) return undefined;
    throw e;
  }
}
