// Which shell command lines only read: what the step limit does not count (docs/decisions.md "What
// the step limit counts"). A command line is read-only when the shell reader reads all of it
// (complete), every command it runs is a reader below with none of its writing options, and no
// redirection writes to a file. Anything else, including anything the reader cannot read, counts as
// a change: this only ever decides not to count a step, never whether a step is allowed.
import { readShellCached, type ShellCommand } from "./read.js";

/** A program that only reads, unless one of `writes` is among its arguments (matched per argument). */
interface ReadOnlyProgram {
  readonly writes?: RegExp;
  /** For programs with subcommands: the first non-option argument must be one of these. */
  readonly subcommands?: ReadonlySet<string>;
}

const PLAIN: ReadOnlyProgram = {};

/** The readers, as data; `READ_ONLY_EXAMPLES` below runs as a test. */
export const READ_ONLY_PROGRAMS: Readonly<Record<string, ReadOnlyProgram>> = {
  cat: PLAIN, ls: PLAIN, ll: PLAIN, head: PLAIN, tail: PLAIN, wc: PLAIN, pwd: PLAIN, cd: PLAIN, echo: PLAIN, printf: PLAIN,
  grep: PLAIN, egrep: PLAIN, fgrep: PLAIN, rg: PLAIN, ag: PLAIN, ack: PLAIN, nl: PLAIN, cut: PLAIN, tr: PLAIN, uniq: PLAIN, diff: PLAIN, cmp: PLAIN,
  file: PLAIN, stat: PLAIN, which: PLAIN, type: PLAIN, tree: PLAIN, du: PLAIN, df: PLAIN, less: PLAIN, more: PLAIN, basename: PLAIN, dirname: PLAIN,
  realpath: PLAIN, readlink: PLAIN, true: PLAIN, false: PLAIN, test: PLAIN, "[": PLAIN, date: PLAIN, whoami: PLAIN, id: PLAIN, env: PLAIN, printenv: PLAIN,
  column: PLAIN, jq: PLAIN, od: PLAIN, xxd: PLAIN, hexdump: PLAIN, strings: PLAIN, comm: PLAIN, paste: PLAIN, fold: PLAIN, rev: PLAIN, seq: PLAIN,
  sort: { writes: /^(?:-o|--output)/ },
  sed: { writes: /^(?:-[a-zA-Z]*i|--in-place)/ },
  find: { writes: /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/ },
  git: { subcommands: new Set(["status", "diff", "log", "show", "grep", "blame", "ls-files", "ls-tree", "rev-parse", "shortlog", "describe", "cat-file"]) },
};

const SILENT_TARGET = /^\/dev\/(?:null|stdout|stderr)$|^&\d$/;

export function commandReadsOnly(c: ShellCommand): boolean {
  const [name, ...args] = c.argv;
  if (name === undefined) return true;
  const program = READ_ONLY_PROGRAMS[name.slice(name.lastIndexOf("/") + 1)];
  if (!program) return false;
  if (program.writes && args.some((a) => program.writes!.test(a))) return false;
  if (program.subcommands) {
    const sub = args.find((a) => !a.startsWith("-"));
    if (sub === undefined || !program.subcommands.has(sub)) return false;
  }
  return c.redirects.every((r) => !/>/.test(r.op) || SILENT_TARGET.test(r.target));
}

/** True when every command of the line only reads (see the file's header). */
export function readsOnly(commandLine: string): boolean {
  const reading = readShellCached(commandLine);
  return reading.complete && reading.commands.length > 0 && reading.commands.every(commandReadsOnly);
}

export const READ_ONLY_EXAMPLES = {
  readOnly: [
    "cd /testbed && grep -rn 'def foo' src | head -20",
    "cat setup.py",
    "ls -la && git status && git diff",
    "find . -name '*.py' -path '*tests*' | head",
    "sed -n '1,40p' django/db/models/deletion.py",
    "which python 2>/dev/null; echo done",
    "git log --oneline -5",
  ],
  changes: [
    "sed -i 's/a/b/' x.py",
    "find . -name '*.pyc' -delete",
    "cat a > b",
    "git checkout -- .",
    "python reproduce.py",
    "echo x >> notes.txt",
    "sort -o out.txt in.txt",
    "grep foo $(rm -rf ~)",
    "$EDITOR file",
  ],
} as const;
