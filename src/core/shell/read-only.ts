// Which shell command lines only read: what the step limit does not count (docs/decisions.md "What
// the step limit counts"). A command line is read-only when the shell reader reads all of it
// (complete), every command it runs is a reader below with none of its writing options, and no
// redirection writes to a file. Anything else, including anything the reader cannot read, counts as
// a change: this only ever decides not to count a step, never whether a step is allowed.
import { ASSIGNMENT, readShellCached, type ShellCommand } from "./read.js";

/** A program that only reads, unless one of `writes` is among its arguments (matched per argument). */
interface ReadOnlyProgram {
  readonly writes?: RegExp;
  /** For programs with subcommands: the first non-option argument must be one of these. */
  readonly subcommands?: ReadonlySet<string>;
  /** env: what it sets and its options are read like a command's own environment. */
  readonly env?: true;
}

const PLAIN: ReadOnlyProgram = {};

/** The readers, as data; `READ_ONLY_EXAMPLES` below runs as a test. */
export const READ_ONLY_PROGRAMS: Readonly<Record<string, ReadOnlyProgram>> = {
  cat: PLAIN, ls: PLAIN, ll: PLAIN, head: PLAIN, tail: PLAIN, wc: PLAIN, pwd: PLAIN, cd: PLAIN, echo: PLAIN, printf: PLAIN,
  grep: PLAIN, egrep: PLAIN, fgrep: PLAIN, rg: PLAIN, ag: PLAIN, ack: PLAIN, nl: PLAIN, cut: PLAIN, tr: PLAIN, uniq: PLAIN, diff: PLAIN, cmp: PLAIN,
  file: PLAIN, stat: PLAIN, which: PLAIN, type: PLAIN, du: PLAIN, df: PLAIN, less: PLAIN, more: PLAIN, basename: PLAIN, dirname: PLAIN,
  realpath: PLAIN, readlink: PLAIN, true: PLAIN, false: PLAIN, test: PLAIN, "[": PLAIN, date: PLAIN, whoami: PLAIN, id: PLAIN, env: { env: true }, printenv: PLAIN,
  column: PLAIN, jq: PLAIN, od: PLAIN, xxd: PLAIN, hexdump: PLAIN, strings: PLAIN, comm: PLAIN, paste: PLAIN, fold: PLAIN, rev: PLAIN, seq: PLAIN,
  tree: { writes: /^-o/ },
  sort: { writes: /^(?:-o|--output|--compress-program)/ },
  // -i, and a script with a w/W command or flag (writes a file) or an e command or flag (runs a shell command).
  sed: { writes: /^(?:-[a-zA-Z]*i|--in-place)|(?:^|[\s;{}!\d$/=])[ewW](?:[\s;}]|$)|\/[gpIiMm\d]*[ew][gpIiMm\d]*(?:[\s;}]|$)/ },
  find: { writes: /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/ },
  // --output writes a file; a pager or external diff runs a program.
  git: { writes: /^(?:--output|--open-files-in-pager|-O|--ext-diff)/, subcommands: new Set(["status", "diff", "log", "show", "grep", "blame", "ls-files", "ls-tree", "rev-parse", "shortlog", "describe", "cat-file"]) },
};

const SILENT_TARGET = /^\/dev\/(?:null|stdout|stderr)$|^&\d$/;

/**
 * Environment a reader may be given and still only read: locale, time zone, terminal size and
 * colour. Any other (LD_PRELOAD, BASH_ENV, PAGER, GIT_EXTERNAL_DIFF, LESSOPEN, …) can make it run
 * code; a pager set to cat is the one exception agents write often.
 */
const DATA_ENV = /^(?:LANG|LANGUAGE|LC_[A-Z]+|TZ|COLUMNS|LINES|NO_COLOR|FORCE_COLOR|CLICOLOR|TERM)=/;
const CAT_PAGER = /^(?:PAGER|GIT_PAGER)=cat$/;
const harmlessEnv = (assignment: string): boolean => DATA_ENV.test(assignment) || CAT_PAGER.test(assignment);

export function commandReadsOnly(c: ShellCommand): boolean {
  const [name, ...args] = c.argv;
  const silent = c.redirects.every((r) => !/>/.test(r.op) || SILENT_TARGET.test(r.target));
  // A redirection with no command still opens its target: `> f` empties f.
  if (name === undefined) return silent;
  if (!(c.assignments ?? []).every(harmlessEnv)) return false;
  const program = READ_ONLY_PROGRAMS[name.slice(name.lastIndexOf("/") + 1)];
  if (!program) return false;
  if (program.env) {
    // env's own options (-S runs a string, -i, -u, -C) and the environment it sets, up to the command it runs.
    for (const a of args) {
      if (a.startsWith("-")) return false;
      if (!ASSIGNMENT.test(a)) break;
      if (!harmlessEnv(a)) return false;
    }
  }
  if (program.writes && args.some((a) => program.writes!.test(a))) return false;
  if (program.subcommands) {
    const sub = args.find((a) => !a.startsWith("-"));
    if (sub === undefined || !program.subcommands.has(sub)) return false;
  }
  return silent;
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
    "LC_ALL=C sort words.txt | uniq -c",
    "GIT_PAGER=cat git log -3",
    "sed -n '/def test/,/return/p' tests/test_views.py",
    "sed 's/old/new/g' notes.txt | head",
    "tree -L 2 src",
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
    "> notes.txt",
    "ls; >> ~/.bashrc",
    "LD_PRELOAD=/tmp/x.so cat f",
    "env PAGER='sh -c id' git log",
    "sed -n '1e rm -rf ~' /etc/hostname",
    "sed -n 's/x/y/e' f",
    "sed -n 'w /home/u/.bashrc' notes.txt",
    "sed -n '/a/s//b/gw out.txt' f",
    "git diff --output=/home/u/.bashrc",
    "git grep -O'rm -rf x' foo",
    "sort --compress-program=/tmp/x f",
    "tree -o out.txt",
  ],
} as const;
