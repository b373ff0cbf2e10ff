// A tool call written out in a hint. Agents built on the ReAct pattern print their next call as
// "Action: GmailSendEmail" then "Action Input: {…}", and function-calling agents as JSON
// ({"name": "…", "arguments": {…}}); an agent that reports such text as its step names the call it
// is about to make. It is read as that call (its name and arguments), beside the hint's prose.

import { isRecord } from "./tool-call.js";

export interface HintCall {
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Calls read from one hint at most. */
const MAX_CALLS = 4;
const MAX_INPUT = 16 * 1024;
// Each part on its own line, or all on one line as a hint flattens them ("Thought: … Action: x Action Input: {…}").
const REACT = /(?:^|\s)Action:[ \t]*([A-Za-z_][\w.:-]{0,80})[ \t]*(?:\r?\n[ \t]*|[ \t]+)Action Input:[ \t]*/g;
const NEXT_PART = /\s(?:Observation|Thought|Action|Final Answer)[ \t]*:/;
const OBSERVATION = /^[ \t]*\r?\n[ \t]*Observation[ \t]*:/;


/**
 * The arguments as written: a JSON object, or the text itself as `input`; and how much of the text
 * they took (words after the JSON on its line are the agent's again, not the call's).
 */
function argumentsOf(text: string): { args: Record<string, unknown>; used: number } {
  const lead = text.length - text.trimStart().length;
  const t = text.trim();
  if (t.startsWith("{")) {
    const end = objectEnd(t);
    try {
      const v: unknown = JSON.parse(t.slice(0, end));
      if (isRecord(v)) return { args: v, used: lead + end };
    } catch {
      // Not JSON after all: the text is the input.
    }
  }
  return { args: { input: t }, used: text.length };
}

/** Where the JSON object that opens `t` closes (its braces counted outside strings), or t's end. Linear. */
function objectEnd(t: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if ((c === "}" || c === "]") && --depth === 0) return i + 1;
  }
  return t.length;
}

/** The function-call JSON form: {"name"|"tool"|"function": "…", "arguments"|"args"|"parameters"|"input": {…} or a JSON string}. */
function jsonCall(v: unknown): HintCall | undefined {
  if (!isRecord(v)) return undefined;
  const fn = isRecord(v.function) ? v.function : v;
  const name = [fn.name, fn.tool, fn.tool_name, typeof v.function === "string" ? v.function : undefined].find((x): x is string => typeof x === "string" && /^[A-Za-z_][\w.:-]{0,80}$/.test(x));
  if (name === undefined) return undefined;
  let args: unknown = fn.arguments ?? fn.args ?? fn.parameters ?? fn.input;
  if (typeof args === "string" && args.length <= MAX_INPUT) args = argumentsOf(args).args;
  return { tool: name, arguments: isRecord(args) ? args : {} };
}

/** What a hint writes out: its calls, the rest of it (the agent's own words), and what could not be read. */
export interface HintCalls {
  readonly calls: HintCall[];
  /** The hint without the calls it writes out and their observations: what the agent says in its own words. */
  readonly prose: string;
  /** A written call not read in full (its input over MAX_INPUT, calls over MAX_CALLS): caution, not a pass. */
  readonly unread?: string;
}

/** The tool calls a hint writes out, in either form; none for prose. Linear in the hint. */
export function callsInHint(hint: string): HintCall[] {
  return readHintCalls(hint).calls;
}

/**
 * The tool calls a hint writes out and the prose around them. Every written call's span (its
 * Action line and input) and every Observation (a tool's output, not the agent's words) is cut from
 * the prose; a thought before, between or after the calls is kept. Linear in the hint.
 */
export function readHintCalls(hint: string): HintCalls {
  const out: HintCall[] = [];
  const t = hint.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    if (t.length > MAX_INPUT) return /"(name|tool|tool_name|function)"\s*:/.test(t) ? { calls: out, prose: "", unread: `a call written out as JSON over ${MAX_INPUT} characters` } : { calls: out, prose: hint };
    try {
      const v: unknown = JSON.parse(t);
      // One call, a list of them (parallel calls), or a message's tool_calls.
      const list = Array.isArray(v) ? v : isRecord(v) && Array.isArray(v.tool_calls) ? v.tool_calls : [v];
      const calls = list.slice(0, MAX_CALLS + 1).map(jsonCall).filter((c): c is HintCall => c !== undefined);
      if (calls.length > MAX_CALLS) return { calls: calls.slice(0, MAX_CALLS), prose: "", unread: `more than ${MAX_CALLS} calls written out in the hint; only the first ${MAX_CALLS} were read` };
      if (calls.length > 0) return { calls, prose: "" };
    } catch {
      // Not JSON: read on as text.
    }
  }
  if (!hint.includes("Action Input:")) return { calls: out, prose: hint };
  const kept: string[] = [];
  let from = 0;
  let unread: string | undefined;
  REACT.lastIndex = 0;
  for (let m = REACT.exec(hint); m !== null; m = REACT.exec(hint)) {
    if (m.index < from) continue;
    kept.push(hint.slice(from, m.index));
    const start = REACT.lastIndex;
    const window = hint.slice(start, start + MAX_INPUT + 1);
    // A JSON input ends where its object closes: a part's name inside one of its strings
    // ("subject": "Re: Thought: later") does not end it. (Only for the calls read: past them the
    // step is caution anyway, and the walk stays bounded on a hint made of open objects.)
    const lead = window.length - window.trimStart().length;
    const close = window[lead] === "{" && out.length < MAX_CALLS ? lead + objectEnd(window.slice(lead)) : 0;
    const after = close > 0 && window[close - 1] === "}" ? close : 0;
    const next = window.slice(after).search(NEXT_PART);
    const end = next < 0 ? -1 : after + next;
    if (end < 0 && hint.length - start > MAX_INPUT) unread ??= `the input of ${m[1]!} written out in the hint is over ${MAX_INPUT} characters`;
    const stop = end >= 0 ? start + end : Math.min(hint.length, start + MAX_INPUT);
    const { args, used } = argumentsOf(hint.slice(start, stop));
    if (out.length < MAX_CALLS) out.push({ tool: m[1]!, arguments: args });
    else unread ??= `more than ${MAX_CALLS} calls written out in the hint; only the first ${MAX_CALLS} were read`;
    // What follows the input's JSON on its line is the agent's words again, read as prose.
    from = start + used;
    // A tool's output after the call is not the agent's words.
    const obs = OBSERVATION.exec(hint.slice(from, from + MAX_INPUT + 1));
    if (obs !== null && obs.index === 0) {
      const rest = hint.slice(from + obs[0].length, from + obs[0].length + MAX_INPUT + 1).search(NEXT_PART);
      from = rest >= 0 ? from + obs[0].length + rest : hint.length;
    }
    REACT.lastIndex = Math.max(REACT.lastIndex, from);
  }
  kept.push(hint.slice(from));
  const prose = kept.join("\n");
  return unread !== undefined ? { calls: out, prose, unread } : { calls: out, prose };
}
