// A shell script read the way the shell will run it, statically: each simple command's argument
// vector after what can be resolved without running anything (variables and aliases and functions
// defined earlier in the script, quoting, $'…', echo -e and printf escapes, command substitutions of
// printf/echo/base64 -d, here-strings and here-documents fed to shells and interpreters, eval of a
// literal, write-then-execute, pipelines into shells and xargs, find -exec, and wrappers such as
// sudo, env, nohup and timeout). What cannot be resolved is reported as a problem and the reading is
// marked incomplete: a caller must treat that as a reason for caution, never as harmless.
//
// Linear in the input: the source is parsed once, every re-reading (eval, bash -c, an alias, a
// function call, a written script, a loop body read again for its next value) draws on one budget
// of parsed characters and visited nodes that is proportional to the input, and nesting, values,
// what a script prints and the number of commands are capped.
//
// The reader is split by what each part does: read-model.ts (shared types and limits), read-words.ts
// (words and expansions), read-walk.ts (statements), read-commands.ts (command resolution) and
// here-documents.ts (here-documents and data bodies). A plain command line (most of what agents
// run) is parsed by plain.ts into the tree tree-sitter would give, without tree-sitter.
import { Reader } from "./read-commands.js";
import { ParseTimeout, withParseDeadline } from "./syntax.js";
import { MAX_COMMANDS, type ShellReading } from "./read-model.js";
import { flatCopy } from "../text.js";
import { isWindowsLine, readsOnlyPowerShell } from "./windows-line.js";

export { ASSIGNMENT, MAX_COMMANDS, MAX_READ_DEPTH, MAX_VALUE, quoteWord, type ShellCommand, type ShellReading } from "./read-model.js";
export { MAX_HEREDOC_EXPANSIONS, writtenKind } from "./here-documents.js";

/**
 * How long a reading's parses may take: two seconds and 20 µs a character, four seconds at most. A
 * valid 32 KB script parses in about 15 ms once the parser is warm (a valid 4 MB one in 10 s), and
 * a daemon's first parse also compiles the parser's code; the deadline bounds text tree-sitter's
 * error recovery chokes on (syntax.ts), and how long one command can hold the daemon.
 */
export const parseDeadlineMs = (length: number): number => Math.min(2000 + 0.02 * length, MAX_PARSE_MS);
const MAX_PARSE_MS = 4000;
/** What reading the pieces of a text whose parse was cut off may take on top (readPieces). */
const PIECES_MS = 2000;

/**
 * `fastPath: false` parses every text with tree-sitter, plain or not; `deadlineMs` replaces the
 * parse deadline (Infinity: none). Both for tests and the bench, which compare readings.
 */
export function readShell(text: string, options: { readonly fastPath?: boolean; readonly deadlineMs?: number } = {}): ShellReading {
  // Read character by character many times over: a copy of its own, not a view into a longer text.
  const source = flatCopy(text);
  const reader = new Reader(source.length, options.fastPath ?? true);
  try {
    // PowerShell that only reads (readsOnlyPowerShell: Get-ADUser … | Where-Object … | Select-Object …)
    // is read as PowerShell alone: bash cannot parse its `@{…}` and `$_`, and would call it unreadable.
    const powershellRead = readsOnlyPowerShell(source);
    if (!powershellRead) withParseDeadline(performance.now() + (options.deadlineMs ?? parseDeadlineMs(source.length)), () => reader.readText(source, { depth: 0, via: undefined, positional: undefined }));
    // A line cmd.exe would run is also read as cmd reads it (windows-line.ts), and what that finds
    // is added: which shell runs the line is not known here, and a second reading only adds
    // commands (a line made to look like cmd's still has everything POSIX shell would run read).
    if (powershellRead || isWindowsLine(source)) reader.readWindowsText(source, { depth: 0, via: undefined, positional: undefined }, powershellRead);
  } catch (e) {
    // Fail closed: a reader that throws has not read the command.
    reader.problem(`the reader failed: ${e instanceof Error ? e.message : String(e)}`);
    try {
      if (e instanceof ParseTimeout) readPieces(reader, source, options.fastPath ?? true);
    } catch {
      // What the pieces found so far counts; the reading is incomplete already.
    }
  }
  reader.settleData();
  const data = reader.data.map(([a, b]) => [a, Math.min(b, source.length)] as const).filter(([a, b]) => b > a);
  return { commands: reader.commands, complete: reader.problems.length === 0, problems: reader.problems, ...(data.length > 0 ? { data } : {}) };
}

/**
 * Where a text's parse is cut off at the deadline, what it runs is still read: the text is cut at
 * every separator, bracket and backtick (where tree-sitter's error recovery slows down) and each
 * piece read on its own, within a deadline of its own (PIECES_MS). Only what pieces cannot hide is found, and
 * over-read (a quoted `;` cuts a string): the reading is already incomplete and a pause; this only
 * keeps a hard stop (`rm -rf / ; ` before 40 KB of `echo \`x )\``) from falling to a pause.
 */
function readPieces(reader: Reader, source: string, fastPath: boolean): void {
  // Each piece once: noise repeated to slow the parse down is read once, not once a copy.
  const pieces = [...new Set(source.split(/[;&|\n`()]+/).map((p) => p.trim()))].filter((p) => p !== "");
  const until = performance.now() + PIECES_MS;
  withParseDeadline(until, () => {
    for (const piece of pieces) {
      if (performance.now() > until) return reader.problem("the text's pieces take too long to read");
      // A reader of its own for each piece, as readShell reads a text.
      const apart = new Reader(piece.length, fastPath);
      try {
        apart.readText(piece, { depth: 0, via: undefined, positional: undefined });
      } catch {
        // This piece is not read (the reading is incomplete already); what it found so far counts.
      }
      for (const c of apart.commands) {
        if (reader.commands.length >= MAX_COMMANDS) return reader.problem("the script runs too many commands to read fully");
        reader.commands.push(c);
      }
    }
  });
}

/**
 * One command line is read by the rule pack, the action model and the step limit's read-only check
 * in the same step (the pipeline reads each of a step's lines once for the first two, see
 * pipeline.ts): the last line read is kept, so a step that carries one line parses it once.
 * Only the last: a kept reading of a 4 KB hint is hundreds of objects that every young-generation
 * collection copies while it is kept (four kept readings made each such pause three times as long,
 * and those pauses are the engine's p99). Readings are plain data and never changed by their users.
 */
let lastSource: string | undefined;
let lastReading: ShellReading | undefined;
export function readShellCached(source: string): ShellReading {
  // One entry, compared with ===, not looked up in a map: a map hashes every character of each new
  // text (4 KB for a long hint), while === stops at the first difference (or at once on the same string).
  if (source === lastSource && lastReading !== undefined) return lastReading;
  const reading = readShell(source);
  lastSource = source;
  lastReading = reading;
  return reading;
}
