// ───────────────────── a second reading: what the shell or interpreter will run ─────────────────────
// The shell drops quotes and backslashes inside a word before it runs it, so `r\m`, `"r"m`, `gi''t`
// and `$'rm'` are rm and git; `rm '-rf'` passes -rf; `$(printf 'rm -rf x')` becomes its literal text.
// An interpreter's spawn call with one string per word (`subprocess.run(["git", "reset", "--hard"])`,
// `spawn('rm', ['-rf', 'dist'])`, `system("rm", "-rf", "x")`, `exec.Command(…)`, `new String[]{…}`) runs
// that command line, and so does Groovy's `"rm -rf x".execute()`. Every rule is also tried on this
// reading (see Rule.rewrite); quotes around phrases stay, so a commit message or an echoed string is
// still read as text.

/** Quote or backslash tricks inside a word: what each of the word-level steps below needs. */
const WORD_TRIGGER = /\\[a-z0-9_]|''|""|[a-z0-9_-]['"][a-z0-9_.-]{1,40}['"]|['"][a-z0-9_.-]{1,40}['"][a-z0-9_]|\$['"]| ['"]-/;
/** Calls whose arguments are a command line, and literal prints. */
const CALL_TRIGGER = /\$\( ?(?:printf|echo) |\x60 ?(?:printf|echo) |\( ?\[? ?['"]|['"]\.execute\(/;
const IN_WORD_BACKSLASH = /(?<=[a-z0-9_])\\(?=[a-z0-9_])|(?<=^|[\s;&|(\x60])\\(?=[a-z])/g;
const EMPTY_QUOTES_IN_WORD = /(?<=[a-z0-9_])(?:''|"")(?=[a-z0-9_-])|(?<=^|[\s;&|(\x60])(?:''|"")(?=[a-z0-9_])/g;
const QUOTED_WORD_PART = /(?<=[a-z0-9_-])(['"])([a-z0-9_.-]{1,40})\1|\$?(['"])([a-z0-9_.-]{1,40})\3(?=[a-z0-9_])|(?<=^|[\s;&|(\x60])\$(['"])([a-z0-9_.-]{1,40})\5(?=$|[\s;&|)])/g;
const QUOTED_OPTION = /(?<= )(['"])(-{1,2}[a-z0-9][a-z0-9-]{0,40})\1(?=$|[\s;&|)'"])/g;
/** `$(printf 'text')`, `$(echo text)`: literal text without format directives, escapes or expansions. */
const LITERAL_PRINT = /\$\( ?(?:printf|echo)(?: -[a-z]{1,3})? (['"]?)([^'"%\\$\x60()]{1,300})\1 ?\)|\x60 ?(?:printf|echo)(?: -[a-z]{1,3})? (['"]?)([^'"%\\$\x60()]{1,300})\3 ?\x60/g;
/**
 * A call that spawns a process from an argument vector (Python, Node, Ruby, Perl, PHP, Java, Go, Rust,
 * .NET); any run/call/popen given a list literal (`sp.run([…])` after `import subprocess as sp`); an
 * os.spawn* mode argument (os.P_WAIT) is skipped.
 */
const SPAWN_CALL = /\b(?:subprocess\.(?:run|call|check_call|check_output|popen)|exec\.command|execa(?:sync|\.sync)?|os\.(?:exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|(?:[a-z_]\w{0,30}\.)?(?:run|call|check_call|check_output|popen)(?=\( ?\[)|(?:child_process\.)?(?:spawn|spawnsync|execfile|execfilesync)|(?:kernel\.)?(?:system|exec)|(?:open3\.)?(?:popen[23]?|capture[23]e?)|proc_open|pcntl_exec|processbuilder|runtime\.getruntime\(\)\.exec|process\.start|command::new)\( ?(?:(?:os\.)?p_\w{1,10} ?, ?)?/g;
const ARGV_WORD = /^ ?,? ?(?:(?:args|cmd|command) ?= ?)?(?:\[|new string ?\[\] ?\{)? ?(['"])([^'"]{1,200})\1 ?[\]}]?/;
/** Groovy and Kotlin scripts run a string as a command with "…".execute(). */
const STRING_EXECUTE = /(['"])([^'"]{1,300})\1\.execute\(/g;

/** The words of a spawn call's argument vector, program first; null when it is not one. */
function spawnedCommand(text: string, from: number): { words: string[]; end: number } | null {
  const words: string[] = [];
  let at = from;
  for (let n = 0; n < 64; n++) {
    const m = ARGV_WORD.exec(text.slice(at, at + 260));
    if (!m || (n === 0 && m[0].trimStart().startsWith(","))) break;
    words.push(m[2]!);
    at += m[0].length;
    if (!/^ ?,/.test(text.slice(at, at + 2))) break;
  }
  if (words.length < 2) return null;
  // os.execvp("git", ["git", …]): the program, then the argument vector repeating it as argv[0].
  const base = (w: string): string => w.slice(w.lastIndexOf("/") + 1);
  if (words.length > 2 && base(words[0]!) === base(words[1]!)) words.shift();
  return { words, end: at };
}

/** The command lines a text will run, read as the shell and the spawn calls will read them. */
export function shellReading(text: string): string {
  // Both triggers need a quote, a backquote, a backslash or "$(": four searches for a character
  // (native and fast) settle most text before either regex reads it.
  if (!text.includes("'") && !text.includes('"') && !text.includes("\\") && !text.includes("\x60") && !text.includes("$(")) return text;
  if (!CALL_TRIGGER.test(text) && !WORD_TRIGGER.test(text)) return text;
  // Argument vectors first: their words are quoted one by one, which the word-level steps would blur.
  let s = text.replace(LITERAL_PRINT, (_m, _q1, a: string | undefined, _q3, b: string | undefined) => a ?? b ?? "").replace(STRING_EXECUTE, "($2).execute(");
  if (s.includes("(")) {
    let out = "";
    let last = 0;
    for (const m of s.matchAll(SPAWN_CALL)) {
      const start = m.index + m[0].length;
      if (start < last) continue;
      const cmd = spawnedCommand(s, start);
      if (!cmd) continue;
      // A separator first, so the command starts where a command can (after a mode argument too).
      out += `${s.slice(last, start)}; ${cmd.words.join(" ")}`;
      last = cmd.end;
    }
    if (last > 0) s = out + s.slice(last);
  }
  // Code full of f("…") calls is common and has no quoting tricks: the word-level steps only run
  // when one of them can change something.
  if (!WORD_TRIGGER.test(s)) return s;
  return s
    .replace(IN_WORD_BACKSLASH, "")
    .replace(EMPTY_QUOTES_IN_WORD, "")
    .replace(QUOTED_WORD_PART, (_m, _a, w1: string | undefined, _b, w2: string | undefined, _c, w3: string | undefined) => w1 ?? w2 ?? w3 ?? "")
    .replace(QUOTED_OPTION, "$2");
}
