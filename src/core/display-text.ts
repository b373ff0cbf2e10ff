// What the approval display shows of an action. The human approves exactly what they read, so an
// action is shown whole, never cut. One that is long only because of data it writes to files (a
// here-document or here-string that `cat` or `tee` writes and nothing runs: ShellReading.data) is
// shown with each such body replaced by a marker naming its size; every command that runs stays
// on the display. The approval itself stays bound to the full action (its digest, the one-time
// code, a key's challenge); the CLI and the console show the full text.
import { readShellCached } from "./shell/read.js";
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
  sources.forEach((s, i) => {
    const reading = readShellCached(s.source);
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
      // A here-document body ends with its line break: kept, so the delimiter stays on a line of its own.
      shortened = shortened.slice(0, start) + elisionMarker(end - start) + (body.endsWith("\n") ? "\n" : "") + shortened.slice(end);
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
