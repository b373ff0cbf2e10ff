// A tool call written out in a hint. Agents built on the ReAct pattern print their next call as
// "Action: GmailSendEmail" then "Action Input: {…}", and function-calling agents as JSON
// ({"name": "…", "arguments": {…}}); an agent that reports such text as its step names the call it
// is about to make. It is read as that call (its name and arguments), beside the hint's prose.

export interface HintCall {
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Calls read from one hint at most. */
const MAX_CALLS = 4;
const MAX_INPUT = 16 * 1024;
const REACT = /(?:^|\n)[ \t]*Action:[ \t]*([A-Za-z_][\w.:-]{0,80})[ \t]*\r?\n[ \t]*Action Input:[ \t]*/g;
const NEXT_PART = /\n[ \t]*(?:Observation|Thought|Action|Final Answer)\s*:/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The arguments as written: a JSON object, or the text itself as `input`. */
function argumentsOf(text: string): Record<string, unknown> {
  const t = text.trim();
  if (t.startsWith("{")) {
    try {
      const v: unknown = JSON.parse(t);
      if (isRecord(v)) return v;
    } catch {
      // Not JSON after all: the text is the input.
    }
  }
  return { input: t };
}

/** The function-call JSON form: {"name"|"tool"|"function": "…", "arguments"|"args"|"parameters"|"input": {…} or a JSON string}. */
function jsonCall(v: unknown): HintCall | undefined {
  if (!isRecord(v)) return undefined;
  const fn = isRecord(v.function) ? v.function : v;
  const name = [fn.name, fn.tool, fn.tool_name, typeof v.function === "string" ? v.function : undefined].find((x): x is string => typeof x === "string" && /^[A-Za-z_][\w.:-]{0,80}$/.test(x));
  if (name === undefined) return undefined;
  let args: unknown = fn.arguments ?? fn.args ?? fn.parameters ?? fn.input;
  if (typeof args === "string" && args.length <= MAX_INPUT) args = argumentsOf(args);
  return { tool: name, arguments: isRecord(args) ? args : {} };
}

/** The tool calls a hint writes out, in either form; none for prose. Linear in the hint. */
export function callsInHint(hint: string): HintCall[] {
  const out: HintCall[] = [];
  const t = hint.trim();
  if (t.startsWith("{") && t.length <= MAX_INPUT) {
    try {
      const call = jsonCall(JSON.parse(t));
      if (call) return [call];
    } catch {
      // Not JSON: read on as text.
    }
  }
  if (!hint.includes("Action Input:")) return out;
  REACT.lastIndex = 0;
  for (let m = REACT.exec(hint); m !== null && out.length < MAX_CALLS; m = REACT.exec(hint)) {
    const rest = hint.slice(REACT.lastIndex, REACT.lastIndex + MAX_INPUT);
    const end = rest.search(NEXT_PART);
    out.push({ tool: m[1]!, arguments: argumentsOf(end >= 0 ? rest.slice(0, end) : rest) });
  }
  return out;
}
