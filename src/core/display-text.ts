// What the approval display shows of an action. The human approves exactly what they read, so an
// action is shown whole, never cut. One that is long only because of data it writes to files (a
// here-document or here-string that `cat` or `tee` writes and nothing runs: ShellReading.data) is
// shown with each such body replaced by a marker naming its size; every command that runs stays
// on the display. The approval itself stays bound to the full action (its digest, the one-time
// code, a key's challenge); the CLI and the console show the full text.
import { base, PYTHONS } from "./shell/read-model.js";
import { readShellCached, type ShellCommand, type ShellReading } from "./shell/read.js";
import { commandReadsOnly } from "./shell/read-only.js";
import { shellSources } from "./shell/source.js";
import { DISPLAY_TEXT_MAX, fitsOnDisplay, sanitizeForDisplay } from "./text.js";

export interface ActionOnDisplay {
  /** The action as the display shows it: as written, or with file contents replaced by markers. */
  readonly text: string;
  /** The here-document and here-string bodies replaced by a marker: how many, and their characters. */
  readonly elided?: { readonly bodies: number; readonly chars: number };
}

/** Stands in for a body on the display: plain ASCII, and says what was left out and how much. */
export const elisionMarker = (chars: number): string => `<${chars} chars of file content>`;

/** Bodies are left out one at a time, largest first; a text with more than this many is not shortened. */
const MAX_ELISIONS = 64;

interface Body {
  readonly source: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The text to show for an action: the action as written when it fits the display; otherwise the
 * action with the fewest file-content bodies (largest first) replaced by `elisionMarker` that makes
 * it fit; undefined when even that does not fit (nobody can approve it). Only texts that the shell
 * source detection (shellSources) holds to be shell are read, and only complete readings are
 * shortened: a body the reader is not sure about is shown, or the action is refused.
 */
export function actionOnDisplay(action: string): ActionOnDisplay | undefined {
  if (fitsOnDisplay(action)) return { text: action };
  const sources = shellSources(action);
  if (sources.length === 0) return undefined;
  const bodies: Body[] = [];
  // One action may carry several command lines (a tool's arguments): what one writes, another may run.
  const readings = sources.map((s) => readShellCached(s.source));
  if (!onlyDataWritten(readings)) return undefined;
  sources.forEach((s, i) => {
    const reading = readings[i]!;
    if (!reading.complete || reading.data === undefined) return;
    let at = 0;
    for (const [start, end] of [...reading.data].sort((a, b) => a[0] - b[0])) {
      // Overlapping or out-of-range spans are not data this function can vouch for: left as written.
      if (start < at || end > s.source.length || end <= start) continue;
      at = end;
      // A marker longer than the body only lengthens the text.
      if (end - start > elisionMarker(end - start).length + 1) bodies.push({ source: i, start, end });
    }
  });
  if (bodies.length === 0 || bodies.length > MAX_ELISIONS) return undefined;
  bodies.sort((a, b) => b.end - b.start - (a.end - a.start) || a.source - b.source || a.start - b.start);
  const chosen: Body[] = [];
  for (const body of bodies) {
    chosen.push(body);
    const text = elide(action, sources, chosen);
    if (fitsOnDisplay(text)) return { text, elided: { bodies: chosen.length, chars: chosen.reduce((n, b) => n + b.end - b.start, 0) } };
  }
  return undefined;
}

/**
 * Whether the bodies a reading marks as data stay data for the whole command line: a file written
 * and then run (`sh f`, `. f`, `./f`, `cat f | sh`, `cp f x.sh`), written where the system runs it
 * (cron, ~/.ssh, a program on PATH, a dotfile, through a symlink or after `cd`), or read by a
 * program that runs what its files say (make, npm, git) is not data, and the human must see it.
 * Only what cannot run a file is allowed beside the writes: the read-only programs, cd into a plain
 * directory, mkdir, rm, and Python running a file the line wrote (a test file: the recorded shape),
 * none of it reached through a file's own commands. Anything else and nothing is left out.
 */
function onlyDataWritten(readings: readonly ShellReading[]): boolean {
  const commands = readings.flatMap((r) => r.commands);
  const written = new Set<string>();
  for (const c of commands) if (writesData(c)) for (const p of c.redirects.filter((r) => /^(?:1?>|1?>>|>\||&>|&>>)$/.test(r.op)).map((r) => r.target).concat(c.argv.slice(1))) written.add(p);
  return commands.every((c) => {
    // A file the Python script opens: the recorded shape (a fix script rewriting a source file).
    if (c.via !== undefined && / open$/.test(c.via) && (written.has(c.via.slice(0, -5)) || PYTHONS.test(c.via.slice(0, -5)))) {
      return (c.argv[0] === "tee" || c.argv[0] === "cat") && c.argv.slice(1).every((a) => a === "-a" || localFile(a)) && c.redirects.length === 0;
    }
    if (c.via !== undefined && !WRAPPERS.has(c.via)) return false;
    if (writesData(c)) return true;
    const [name = "", ...args] = c.argv;
    const program = base(name);
    if (program === ":") return true;
    if (program === "cd") return args.length === 1 && plainDirectory(args[0]!) && c.redirects.length === 0;
    if (program === "mkdir" || program === "rm" || program === "rmdir") return !args.some((a) => /[*?[]/.test(a)) && c.redirects.every(quietRedirect);
    if (PYTHONS.test(program) || program === "pytest") return runsWrittenPython(args, written) && c.redirects.every(quietRedirect);
    return WRAPPERS.has(program) ? WRAPPED_ONLY.test(c.text) : commandReadsOnly(c) && !args.some((a) => written.has(a) && /^(?:env|find|xargs)$/.test(program));
  });
}

/** Wrappers whose inner command the reading records on its own (checked on its own). */
const WRAPPERS = new Set(["timeout", "nohup", "nice", "time", "stdbuf"]);
/** A wrapper's own options and values, as recorded: its inner command is a command of its own. */
const WRAPPED_ONLY = /^(?:timeout|nohup|nice|time|stdbuf)(?: -[\w=-]+| \d+[smhd]?)* /;

/** `cat` or `tee` copying its input to plain local files (a here-document or here-string body). */
function writesData(c: ShellCommand): boolean {
  const [name, ...args] = c.argv;
  if (c.via !== undefined) return false;
  if (name === "cat" && args.length > 0) return false;
  if (name === "tee" && !args.every((a) => a === "-a" || a === "--append" || localFile(a))) return false;
  if (name !== "cat" && name !== "tee") return false;
  return c.redirects.every((r) => r.op === "<<" || r.op === "<<<" || quietRedirect(r) || (/^(?:1?>|1?>>|>\||&>|&>>)$/.test(r.op) && localFile(r.target)));
}

/** A file in the working directory or /tmp by a plain path: no ~, no dot-file or dot-directory, no `..`, no pattern. */
function localFile(path: string): boolean {
  if (path.endsWith("/")) return false;
  const slash = path.lastIndexOf("/");
  return plainDirectory(slash < 0 ? "." : path.slice(0, slash + 1)) && plainDirectory(path);
}

/**
 * A directory to write in or cd into: relative, /tmp, or a project's directory (/testbed,
 * /home/me/src/app); never a system directory, a home directory itself, a bin directory (what is
 * there runs by name), a dot-file or dot-directory, `..`, or anything with ~, $, a pattern or a
 * backslash in it.
 */
function plainDirectory(path: string): boolean {
  if (path.length === 0 || /[~$`*?[\]\\]/.test(path)) return false;
  const segments = path.split("/").filter((seg, i) => !(i === 0 && seg === "") && seg !== "" && seg !== ".");
  if (segments.some((seg) => seg.startsWith(".") || seg === "bin" || seg === "sbin")) return false;
  if (!path.startsWith("/")) return true;
  if (/^\/(?:home|Users)\/[^/]+\/[^/]+/.test(path) || /^\/root\/[^/]+/.test(path)) return true;
  return segments.length > 0 && !/^(?:etc|usr|var|root|home|Users|boot|lib|lib32|lib64|libx32|sys|proc|dev|opt|srv|run|System|Library|private|snap|mnt|media)$/.test(segments[0]!);
}

/** Standard error to a file or the null device, or joined to standard output: nothing runs from it. */
const quietRedirect = (r: { readonly op: string; readonly target: string }): boolean => (/^2>>?$/.test(r.op) && (r.target === "/dev/null" || localFile(r.target))) || (r.op === "2>&" && r.target === "1");

/** `python [-u -B …] f.py args` or `python -m pytest [options] f.py …`, f.py written by this line. */
function runsWrittenPython(args: readonly string[], written: ReadonlySet<string>): boolean {
  let i = 0;
  while (i < args.length && /^-[uBOqsIE]+$/.test(args[i]!)) i++;
  if (args[i] === "-m" && args[i + 1] === "pytest") i += 2;
  const files = args.slice(i).filter((a) => !a.startsWith("-"));
  return files.length > 0 && written.has(files[0]!) && files.every((a) => written.has(a) || /^[\w.-]+$/.test(a));
}

/** `action` with the chosen bodies of its shell sources replaced by markers. */
function elide(action: string, sources: ReturnType<typeof shellSources>, chosen: readonly Body[]): string {
  let out = action;
  // From the last source to the first, so the offsets of those before stay as they are.
  for (let i = sources.length - 1; i >= 0; i--) {
    const mine = chosen.filter((b) => b.source === i).sort((a, b) => b.start - a.start);
    if (mine.length === 0) continue;
    const { source, at, json } = sources[i]!;
    let shortened = source;
    for (const { start, end } of mine) {
      const body = source.slice(start, end);
      // A here-document body ends with its line break (and, for <<-, the tabs before the delimiter):
      // kept, so the delimiter stays on a line of its own.
      const lineEnd = /\n\t*$/.exec(body)?.[0] ?? "";
      shortened = shortened.slice(0, start) + elisionMarker(end - start) + lineEnd + shortened.slice(end);
    }
    out = out.slice(0, at[0]) + (json ? JSON.stringify(shortened) : shortened) + out.slice(at[1]);
  }
  return out;
}

/**
 * The screen text for an action (sanitizeForDisplay of actionOnDisplay). An action that cannot be
 * shown whole is shown cut, with an explicit ellipsis: such a screen can carry a hard block's code,
 * but approves nothing (the engine grants only actions actionOnDisplay can show).
 */
export function actionScreenText(agent: string, action: string): string {
  return sanitizeForDisplay(agent, actionOnDisplay(action)?.text ?? action);
}

/** What the agent and the audit log are told when the display leaves bodies out. */
export function elisionNote(e: NonNullable<ActionOnDisplay["elided"]>): string {
  return `The approval display shows this action with ${e.bodies} file-content bod${e.bodies === 1 ? "y" : "ies"} (${e.chars} chars, data written to files, nothing that runs) left out to fit its ${DISPLAY_TEXT_MAX} characters; the approval is bound to the full action, which \`haltkey show\` and the console show`;
}
