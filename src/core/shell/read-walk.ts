// The shell reader's walk over statements: lists, pipelines, redirections, assignments, loops,
// functions, and each simple command's words and inputs (see read.ts).
import { fieldOf, fieldsOf, type SyntaxNode, type SyntaxTree, textOf } from "./syntax.js";
import { cap, type Frame, type ShellCommand, isSafeWord, isStatement, joinOutput, MAX_COMMANDS, MAX_LOOP_VALUES, MAX_READ_DEPTH, normalPath, quoteWord, readableName, redirectOp, snippet, splits, type Stdin, type Word } from "./read-model.js";
import { heredocExpansions, hereDocumentSpan, hereStringSpan, MAX_HEREDOC_EXPANSIONS, parseTerminated } from "./here-documents.js";
import { plainTree } from "./plain.js";
import { WordReader } from "./read-words.js";

/** No redirections from outside, no assignments: shared empty lists, read only. */
const NO_NODES: readonly SyntaxNode[] = [];
const NO_ASSIGNMENTS: readonly string[] = [];
const NO_REDIRECTS: ReadonlyArray<{ readonly op: string; readonly target: string }> = [];

export abstract class WalkReader extends WordReader {
  /** Words made by brace expansion so far: a script holds at most 4 × MAX_BRACE_WORDS of them. */
  private braceWords = 0;
  /** Whether the top-level text holds no `{` (so none of its words has a brace expansion), once asked. */
  private topBraceFree: boolean | undefined;
  /** Records a command and follows what it runs (read-commands.ts). */
  abstract run(argv: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, stdin: Stdin, frame: Frame, assignments?: readonly string[]): string | undefined;
  /** Reads a file the script wrote when it is a script (read-commands.ts). */
  protected abstract judgeWritten(path: string, text: string, frame: Frame): void;

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
    const plain = this.fastPath ? plainTree(source) : undefined;
    let tree = plain ?? parseTerminated(source).tree;
    // A comment runs nothing: at the top level, where its offsets are the caller's, it is data the
    // rules do not read as a command ("# Remove local build artefacts (inside the repo)"). Taken
    // from the first parse (the newline rewrite below blanks some).
    // tree-sitter also takes for a comment a `#` that bash reads as part of a word or an arithmetic
    // expression (`x\r#; rm …`, `x\` newline `#$(rm …)`, `(( 1 #$(rm …)` newline `))`), where
    // what follows runs: such a text is not read as tree-sitter parses it, and nothing in it is data.
    if (source.includes("#")) {
      const { spans, misread } = commentsOf(tree);
      if (misread !== undefined) this.problem(`the shell does not take ${snippet(textOf(tree, misread))} for a comment: what follows the # runs`);
      else if (frame.depth === 0 && this.top === undefined) this.data.push(...spans);
    }
    // tree-sitter sometimes takes a newline for a blank (after `a | b | c`, before a redirected
    // command) and reads the next line's words as the last command's arguments; bash ends the
    // command there. Read again with each such newline written as `;` (same offsets).
    // (The plain scanner ends a statement at such a newline itself.)
    for (let round = 0; round < 4 && plain === undefined; round++) {
      const at = newlinesInCommands(tree);
      if (at.length === 0) break;
      const chars = tree.source.split("");
      for (const { at: k, comment } of at) {
        if (comment) for (let c = comment.start; c < comment.end; c++) chars[c] = " ";
        chars[k] = ";";
      }
      tree = parseTerminated(chars.join("")).tree;
    }
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
        return this.command(tree, node, frame, stdin, NO_NODES);
      case "pipeline":
        return this.pipeline(tree, node.children.filter((c) => c.named), frame, stdin);
      case "redirected_statement":
        return this.redirected(tree, node, frame, stdin);
      // Assignments, declarations and unset change the shell's own state (HISTFILE=, export
      // LD_PRELOAD=, unset HISTFILE): each is also recorded as a command, argv as written with
      // values resolved, so the rules see it.
      case "variable_assignment":
        this.assign(tree, node, frame);
        this.record([this.assignmentWord(tree, node)], [], frame.via);
        return "";
      case "variable_assignments": {
        const words: Word[] = [];
        for (const c of node.children) {
          if (c.type !== "variable_assignment") continue;
          this.assign(tree, c, frame);
          words.push(this.assignmentWord(tree, c));
        }
        if (words.length > 0) this.record(words, [], frame.via);
        return "";
      }
      case "declaration_command":
        return this.declaration(tree, node, frame);
      case "unset_command": {
        const names: Word[] = [];
        for (const c of node.children) {
          if (!c.named) continue;
          this.vars.delete(textOf(tree, c));
          names.push({ text: textOf(tree, c), exact: true });
        }
        this.record([{ text: "unset", exact: true }, ...names], [], frame.via);
        return "";
      }
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
          out = joinOutput(out, o);
        }
        return out;
      }
    }
  }

  /** A node that is not a statement (a condition's test, a case value): its substitutions still run. */
  protected evaluateIgnored(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string | undefined {
    this.walkSubstitutions(tree, node, frame);
    return "";
  }

  /** Runs every command substitution inside a node whose own value is not needed. */
  protected walkSubstitutions(tree: SyntaxTree, node: SyntaxNode, frame: Frame): void {
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

  protected pipeline(tree: SyntaxTree, stages: readonly SyntaxNode[], frame: Frame, stdin: Stdin): string | undefined {
    let input: Stdin = stdin;
    let out: string | undefined;
    for (const stage of stages) {
      out = this.statement(tree, stage, frame, input);
      input = out !== undefined ? { text: out } : { from: snippet(textOf(tree, stage), 60) || "a command" };
    }
    return out;
  }

  protected redirected(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin): string | undefined {
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
      if (!body) this.record([], redirects.flatMap((r) => this.describeRedirect(tree, r, frame)), frame.via);
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
  protected lastRedirected(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin, redirects: readonly SyntaxNode[]): string | undefined {
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

  protected assign(tree: SyntaxTree, node: SyntaxNode, frame: Frame): void {
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

  protected declaration(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string {
    const keyword = node.children.find((c) => !c.named);
    const words: Word[] = [{ text: keyword ? textOf(tree, keyword) : "declare", exact: true }];
    for (const c of node.children) {
      if (c.type === "variable_assignment") {
        this.assign(tree, c, frame);
        words.push(this.assignmentWord(tree, c));
      } else if (c.type === "word" || c.type === "variable_name") words.push({ text: textOf(tree, c), exact: true });
      else if (c.named) this.walkSubstitutions(tree, c, frame);
    }
    this.record(words, [], frame.via);
    return "";
  }

  /** An assignment just made, as NAME=value with the value as the reader now holds it. */
  protected assignmentWord(tree: SyntaxTree, node: SyntaxNode): Word {
    const name = fieldOf(node, "name");
    const key = name ? textOf(tree, name) : textOf(tree, node);
    const value = this.vars.get(key) ?? { text: "", exact: true };
    return { text: `${key}=${value.text}`, exact: value.exact };
  }

  protected forLoop(tree: SyntaxTree, node: SyntaxNode, frame: Frame): string | undefined {
    const variable = fieldOf(node, "variable");
    const body = fieldOf(node, "body");
    const values = fieldsOf(node, "value").flatMap((v) => this.words(tree, v, frame));
    if (!body) return "";
    const key = variable ? textOf(tree, variable) : undefined;
    const literal = values.length > 0 && values.every((v) => v.exact);
    let rounds: ReadonlyArray<Word | undefined> = literal ? values.slice(0, MAX_LOOP_VALUES) : [undefined];
    // Reading the body again for each value is a re-reading, paid from the budget of parsed text:
    // nested loops multiply their rounds, and unpaid they made the reading grow faster than the
    // input. A loop the budget cannot pay for is read once with its variable unknown.
    const again = (rounds.length - 1) * (body.end - body.start);
    if (again > this.parsedBudget) {
      this.problem("the script's loops are too large to read fully");
      rounds = [undefined];
    } else this.parsedBudget -= again;
    let out: string | undefined = "";
    for (const v of rounds) {
      if (key !== undefined) {
        if (v) this.vars.set(key, v);
        else this.vars.set(key, { text: `$${key}`, exact: false });
      }
      const o = this.statement(tree, body, frame);
      out = joinOutput(out, o);
    }
    return out;
  }


  // ───────────────────────────── commands ─────────────────────────────

  protected inputOf(tree: SyntaxTree, redirects: readonly SyntaxNode[], frame: Frame): Stdin {
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

  protected heredoc(tree: SyntaxTree, r: SyntaxNode, frame: Frame): Stdin {
    const start = r.children.find((c) => c.type === "heredoc_start");
    const body = r.children.find((c) => c.type === "heredoc_body");
    if (!body) return { text: "" };
    const quoted = start ? /['"\\]/.test(textOf(tree, start)) : false;
    const stripTabs = r.children.some((c) => !c.named && textOf(tree, c) === "<<-");
    // bash ends the body at the first line that is its delimiter, which ends at a metacharacter
    // (`<<EOF;` is EOF then `;`); tree-sitter may read on (to `EOF;`), taking commands for body.
    const delimiter = start ? bashDelimiter(textOf(tree, start)) : undefined;
    const lines = delimiter !== undefined ? textOf(tree, body).split("\n") : [];
    const end = lines.findIndex((l) => (stripTabs ? l.replace(/^\t+/, "") : l) === delimiter);
    if (end >= 0) {
      this.problem(`bash ends the here-document at the line ${snippet(delimiter!, 40)} and runs what follows it`);
      // What bash runs after it: the rest of the body and tree-sitter's end line.
      const after = [...lines.slice(end + 1), start ? textOf(tree, start) : ""].join("\n");
      this.readText(after, { depth: frame.depth + 1, via: "the lines after a here-document", positional: frame.positional });
    }
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
  protected writeTargets(tree: SyntaxTree, redirects: readonly SyntaxNode[], frame: Frame): readonly string[] {
    if (redirects.length === 0) return NO_ASSIGNMENTS;
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

  protected command(tree: SyntaxTree, node: SyntaxNode, frame: Frame, stdin: Stdin, outer: readonly SyntaxNode[]): string | undefined {
    // The command's parts, in the order written: assignments, its name, arguments, redirections
    // (its own, then those written after the list or pipeline it ends). Prefix assignments (X=1
    // cmd) hold for that command; the reading keeps them, erring toward more known values.
    let nameNode: SyntaxNode | undefined;
    let env: string[] | undefined;
    let own: SyntaxNode[] | undefined;
    // The arguments (children in the field "argument") are found where they are read, below: no list of them is made.
    const children = node.children;
    for (const c of children) {
      if (c.type === "variable_assignment") {
        this.assign(tree, c, frame);
        (env ??= []).push(this.assignmentWord(tree, c).text);
      }
      if (c.field === "name" && nameNode === undefined) nameNode = c;
      if (c.field === "redirect" || isRedirectType(c.type)) (own ??= []).push(c);
    }
    const redirectNodes = own === undefined ? outer : outer.length === 0 ? own : own.concat(outer);
    if (!nameNode) {
      // Assignments or redirections alone (`X=1 > f`, `> ~/.bash_history`): recorded, nothing runs.
      const redirects = this.describeRedirects(tree, redirectNodes, frame);
      if (env !== undefined || redirects.length > 0) this.record((env ?? []).map((text) => ({ text, exact: true })), redirects, frame.via);
      return "";
    }
    // tree-sitter reads an unquoted `_=1` as the command's name (and `_=1 X=2` after it as
    // arguments); bash takes them for assignments like any other, and runs the word after them.
    let name: SyntaxNode | undefined = nameNode;
    /** Where the next argument not read yet is among the children. */
    let next = nextArgument(children, 0);
    while (name && startsAssignment(tree, name)) {
      (env ??= []).push(this.word(tree, name, frame, true).text);
      name = next < children.length ? children[next] : undefined;
      next = nextArgument(children, next + 1);
    }
    if (!name) {
      this.record((env ?? []).map((text) => ({ text, exact: true })), this.describeRedirects(tree, redirectNodes, frame), frame.via);
      return "";
    }
    // The words: the name, the arguments after it, and words tree-sitter attaches to a redirection
    // after its target (`cmd > out arg`), which are arguments.
    const argv: Word[] = [];
    let previousEnd = this.addWords(tree, name, nameNode, frame, argv, -1);
    for (; next < children.length; next = nextArgument(children, next + 1)) previousEnd = this.addWords(tree, children[next]!, nameNode, frame, argv, previousEnd);
    for (const r of redirectNodes) {
      if (r.type !== "file_redirect") continue;
      let destinations = 0;
      for (const c of r.children) if (c.field === "destination" && destinations++ > 0) previousEnd = this.addWords(tree, c, nameNode, frame, argv, previousEnd);
    }
    const redirects = this.describeRedirects(tree, redirectNodes, frame);
    const input = this.inputOf(tree, redirectNodes, frame) ?? stdin;
    if (argv.length === 0) return "";
    if (!argv[0]!.exact && !readableName(argv[0]!.text)) {
      this.problem(`the command name ${snippet(textOf(tree, nameNode), 60)} cannot be read statically`);
    }
    const out = this.run(argv, redirects, input, frame, env ?? NO_ASSIGNMENTS);
    const targets = this.writeTargets(tree, redirectNodes, frame);
    if (targets.length > 0) {
      // One pass over the redirections: a command with thousands of them is read in linear time.
      const appended = new Set(redirects.filter((r) => r.op.endsWith(">>")).map((r) => r.target));
      for (const t of targets) {
        const key = normalPath(t);
        const appending = appended.has(t);
        if (out !== undefined) {
          this.files.set(key, cap({ text: (appending ? (this.files.get(key) ?? "") : "") + out, exact: true }).text);
          this.judgeWritten(t, out, frame);
        } else this.files.delete(key);
      }
      return "";
    }
    return out;
  }

  /**
   * The words one node of a command becomes, appended to argv: brace expansion as bash does it
   * first, and a word tree-sitter splits at a backslash after a quoted piece (`"r"\m`) joined
   * again. Returns where the node ends (`previousEnd` of the next).
   */
  private addWords(tree: SyntaxTree, n: SyntaxNode, nameNode: SyntaxNode, frame: Frame, argv: Word[], previousEnd: number): number {
    // Most nodes are one word (only an unquoted expansion splits): no list is made for those.
    let one: Word | undefined;
    let ws: Word[] | undefined;
    if (n === nameNode && nameNode.children.length === 1 && splits(nameNode.children[0]!)) ws = this.words(tree, nameNode.children[0]!, frame);
    else if (n === nameNode || !splits(n)) one = this.word(tree, n, frame, false);
    else ws = this.words(tree, n, frame);
    // Brace expansion, as bash does it first: `rm {-rf,~}` is rm -rf ~.
    // A text without a `{` has no brace expansion (most): looked for once in the top-level text.
    const braceFree = tree === this.top && (this.topBraceFree ??= !tree.source.includes("{"));
    const braced = braceFree ? undefined : bracesOf(tree, n.type === "command_name" && n.children.length === 1 ? n.children[0]! : n);
    if (braced === "unreadable" || (braced !== undefined && (this.braceWords += braced.length) > MAX_BRACE_WORDS * 4)) {
      this.problem(`the word ${snippet(textOf(tree, n), 60)} holds a brace expansion that cannot be read statically`);
    } else if (braced !== undefined) {
      one = undefined;
      ws = braced.map((text) => ({ text, exact: true }));
    }
    // tree-sitter splits a word at a backslash after a quoted piece (`"r"\m`): bash reads one word.
    const joins = n.start === previousEnd && argv.length > 0;
    if (one !== undefined) pushWord(argv, one, joins);
    else for (let k = 0; k < ws!.length; k++) pushWord(argv, ws![k]!, joins && k === 0);
    return n.end;
  }

  protected describeRedirects(tree: SyntaxTree, redirects: readonly SyntaxNode[], frame: Frame): Array<{ op: string; target: string }> {
    // Most commands have none: they share one empty list (read only, as every reading is).
    if (redirects.length === 0) return NO_REDIRECTS as Array<{ op: string; target: string }>;
    const out: Array<{ op: string; target: string }> = [];
    for (const r of redirects) for (const d of this.describeRedirect(tree, r, frame)) out.push(d);
    return out;
  }

  protected describeRedirect(tree: SyntaxTree, r: SyntaxNode, frame: Frame): Array<{ op: string; target: string }> {
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

  /** Records a command (unless the reading holds MAX_COMMANDS already); returns its argv. */
  protected record(words: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, via: string | undefined, assignments: readonly string[] = []): readonly string[] {
    const argv = words.map((w) => w.text);
    if (this.commands.length >= MAX_COMMANDS) {
      if (!this.capped) this.problem("the script runs too many commands to read fully");
      this.capped = true;
      return argv;
    }
    const command: { -readonly [K in keyof ShellCommand]: ShellCommand[K] } = { argv, redirects, text: shownLine(words, argv, redirects, assignments) };
    if (via !== undefined) command.via = via;
    if (assignments.length > 0) command.assignments = assignments;
    this.commands.push(command);
    return argv;
  }

}

/** The command line as shown (ShellCommand.text): assignments, then the words, then the redirections. */
function shownLine(words: readonly Word[], argv: readonly string[], redirects: ReadonlyArray<{ op: string; target: string }>, assignments: readonly string[]): string {
  // Most commands are words that need no quotes, with no assignment in front and nothing redirected:
  // shown as they are, joined.
  let asWritten = assignments.length === 0 && redirects.length === 0;
  for (let i = 0; asWritten && i < words.length; i++) asWritten = (i === 0 || !words[i]!.quoted) && isSafeWord(words[i]!.text);
  if (asWritten) return argv.join(" ");
  const shown: string[] = [];
  for (const a of assignments) shown.push(quoteWord(a));
  // The command name as it resolves; an argument written quoted stays quoted (`-k 'delete'` is a
  // test filter, not a delete verb), except an option, which quoting does not change.
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    shown.push(i > 0 && w.quoted && !/^-[\w-]+$/.test(w.text) ? `'${w.text.replace(/'/g, `'\\''`)}'` : quoteWord(w.text));
  }
  // Input from a here-document or here-string is not shown: what reads it as code is read on its
  // own, and what copies it to a file copies data (the raw text still holds it, unless it is data).
  for (const r of redirects) if (r.op !== "<<" && r.op !== "<<<") shown.push(`${r.op}${quoteWord(r.target)}`);
  return shown.join(" ");
}

/** Whether a node type ends with "_redirect", its last character looked at first (a command's every word is asked). */
export function isRedirectType(type: string): boolean {
  return type.length >= 9 && type.charCodeAt(type.length - 1) === 116 /* t */ && type.endsWith("_redirect");
}

/** The index of the first child at or after `from` that is an argument (field "argument"); past the last child when none is. */
function nextArgument(children: readonly SyntaxNode[], from: number): number {
  let k = from;
  while (k < children.length && children[k]!.field !== "argument") k++;
  return k;
}

/** Whether a node's text starts as an assignment does (/^[A-Za-z_]\w*\+?=/), read in place (no copy of the text). */
export function startsAssignment(tree: SyntaxTree, n: SyntaxNode): boolean {
  const s = tree.source;
  let k = n.start;
  if (k >= n.end) return false;
  const first = s.charCodeAt(k);
  if (!(first === 95 || (first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return false;
  for (k++; k < n.end; k++) {
    const c = s.charCodeAt(k);
    if (!(c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) break;
  }
  if (k < n.end && s.charCodeAt(k) === 43 /* + */) k++;
  return k < n.end && s.charCodeAt(k) === 61 /* = */;
}

/** Appends a word to argv, or (`joins`) to the word argv ends with. */
function pushWord(argv: Word[], w: Word, joins: boolean): void {
  if (!joins) {
    argv.push(w);
    return;
  }
  const last = argv.pop()!;
  argv.push({ text: last.text + w.text, exact: last.exact && w.exact });
}

/**
 * The offsets of every comment in a tree, and the first comment node bash does not read as one: a
 * `#` that does not start a word (after a carriage return, form feed or vertical tab, which bash
 * does not take for blanks; after an escaped blank or a line continuation, which join it to the word
 * before), or one inside an arithmetic expression, where bash has no comments and expands `$(…)`.
 */
function commentsOf(tree: SyntaxTree): { spans: Array<readonly [number, number]>; misread?: SyntaxNode } {
  const spans: Array<readonly [number, number]> = [];
  const stack: Array<{ node: SyntaxNode; arithmetic: boolean }> = [{ node: tree.root, arithmetic: false }];
  while (stack.length > 0) {
    const { node: n, arithmetic } = stack.pop()!;
    if (n.type === "comment") {
      if (arithmetic || !startsAWord(tree.source, n.start)) return { spans, misread: n };
      spans.push([n.start, n.end]);
      continue;
    }
    const inside = arithmetic || ARITHMETIC.has(n.type) || (n.type === "compound_statement" && n.children[0]?.type === "((");
    for (const c of n.children) if (c.named) stack.push({ node: c, arithmetic: inside });
  }
  return { spans };
}

/** Where bash has no comments: `$((…))`, `$[…]`, `((…))` (above) and `for ((…))`. */
const ARITHMETIC: ReadonlySet<string> = new Set(["arithmetic_expansion", "c_style_for_statement"]);

/** The delimiter bash takes from a here-document's start word: up to an unquoted metacharacter, quotes removed. */
function bashDelimiter(word: string): string {
  let out = "";
  let quote: string | undefined;
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (quote === '"' && c === "\\" && i + 1 < word.length) out += word[++i];
      else out += c;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "\\" && i + 1 < word.length) out += word[++i];
    else if (/[;&|()<>\s]/.test(c)) break;
    else out += c;
  }
  return out;
}

/** Whether bash starts a word at `at`: after the start, a blank, a newline or an operator, none of them escaped. */
function startsAWord(s: string, at: number): boolean {
  if (at === 0) return true;
  if (!WORD_BREAK.has(s[at - 1]!)) return false;
  let slashes = 0;
  for (let k = at - 2; k >= 0 && s.charCodeAt(k) === 92 /* backslash */; k--) slashes++;
  return slashes % 2 === 0;
}
const WORD_BREAK: ReadonlySet<string> = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")", "<", ">"]);

/**
 * Unescaped newlines between the words of a simple command or a redirection: bash ends the command
 * at each. `comment` is a comment that ends at the newline (`X=1 Y=2 # note` newline `rm …`): it is
 * blanked when the newline becomes `;`, or the `;` would be part of the comment and hide what follows.
 */
export function newlinesInCommands(tree: SyntaxTree): Array<{ readonly at: number; readonly comment?: SyntaxNode }> {
  const out: Array<{ at: number; comment?: SyntaxNode }> = [];
  const stack: SyntaxNode[] = [tree.root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === "command" || n.type === "file_redirect") {
      for (let i = 1; i < n.children.length; i++) {
        const before = n.children[i - 1]!;
        for (let k = before.end; k < n.children[i]!.start; k++) {
          if (tree.source[k] === "\n" && tree.source[k - 1] !== "\\") {
            out.push(before.type === "comment" ? { at: k, comment: before } : { at: k });
            break;
          }
        }
      }
    }
    for (const c of n.children) stack.push(c);
  }
  return out;
}

/** Brace expansion of an unquoted word (see braceExpansion); one with quotes or expansions in it is unreadable. */
function bracesOf(tree: SyntaxTree, n: SyntaxNode): string[] | undefined | "unreadable" {
  // A word without a `{` has no brace expansion (most words): braceExpansion is not asked.
  if (n.type === "word" || n.type === "brace_expression") return holdsBrace(tree, n) ? braceExpansion(textOf(tree, n)) : undefined;
  if (n.type !== "concatenation") return undefined;
  const plain = (c: SyntaxNode): boolean => c.type === "word" || c.type === "brace_expression" || c.type === "number";
  if (n.children.every(plain)) return holdsBrace(tree, n) ? braceExpansion(textOf(tree, n)) : undefined;
  const braces = n.children.some((c) => c.type === "brace_expression" || (c.type === "word" && textOf(tree, c) === "{"));
  return braces && braceExpansion(textOf(tree, n).replace(/['"$`\\]/g, "")) !== undefined ? "unreadable" : undefined;
}

/** Whether a node's text holds a `{`, read in place (no copy of the text). */
function holdsBrace(tree: SyntaxTree, n: SyntaxNode): boolean {
  for (let k = n.start; k < n.end; k++) if (tree.source.charCodeAt(k) === 123 /* { */) return true;
  return false;
}

/** More words than this from one brace expansion are not read. */
const MAX_BRACE_WORDS = 256;

/**
 * The words bash makes of an unquoted word by brace expansion (`a{b,c}` is ab ac, `{1..3}` is 1 2 3),
 * undefined when it has none, "unreadable" when it has one inside quotes, expansions or escapes,
 * or makes too many words.
 */
export function braceExpansion(raw: string): string[] | undefined | "unreadable" {
  if (!raw.includes("{") || !/\{[^{}]*(?:,|\.\.)[^{}]*\}|\{[^}]*\{/.test(raw)) return undefined;
  if (/['"$`\\]/.test(raw)) return "unreadable";
  const out: string[] = [];
  const expand = (text: string): boolean => {
    for (let open = text.indexOf("{"); open >= 0; open = text.indexOf("{", open + 1)) {
      let depth = 0;
      const commas: number[] = [];
      let close = -1;
      for (let k = open; k < text.length; k++) {
        if (text[k] === "{") depth++;
        else if (text[k] === "}" && --depth === 0) {
          close = k;
          break;
        } else if (text[k] === "," && depth === 1) commas.push(k);
      }
      if (close < 0) return true;
      const inner = text.slice(open + 1, close);
      let parts: string[] | undefined;
      if (commas.length > 0) parts = [open, ...commas].map((at, i, all) => text.slice(at + 1, i + 1 < all.length ? all[i + 1] : close));
      else {
        const range = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
        if (range) parts = braceRange(range[1]!, range[2]!, range[3]);
      }
      if (parts === undefined) continue;
      for (const p of parts) {
        if (!expand(text.slice(0, open) + p + text.slice(close + 1))) return false;
      }
      return true;
    }
    out.push(text);
    return out.length <= MAX_BRACE_WORDS;
  };
  if (!expand(raw)) return "unreadable";
  return out.length === 1 && out[0] === raw ? undefined : out.filter((w) => w.length > 0);
}

function braceRange(from: string, to: string, step: string | undefined): string[] | undefined {
  const numeric = /\d/.test(from);
  if (numeric !== /\d/.test(to)) return undefined;
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const by = Math.abs(Number(step ?? 1)) || 1;
  if (Math.abs(b - a) / by > MAX_BRACE_WORDS) return ["", ...Array.from({ length: MAX_BRACE_WORDS + 1 }, () => "")];
  const out: string[] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? by : -by) out.push(numeric ? String(v) : String.fromCharCode(v));
  return out;
}
