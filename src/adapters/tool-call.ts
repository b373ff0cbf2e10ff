// A real tool call (a Claude Code hook payload, an MCP tools/call) turned into the structured
// record_execution_step the daemon evaluates. Pure: the same call always gives the same step, so a
// human's approval (bound to the exact hint) lets the same call through once when it is retried.
import { createHash } from "node:crypto";
import { canonicalJson } from "../core/canonical-json.js";
import { FIELD_LIMITS } from "../core/wire.js";

export interface ToolCall {
  readonly tool: string;
  /** The MCP server or system the tool belongs to. */
  readonly server: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Read or write when the adapter knows; otherwise the daemon decides from the tool name. */
  readonly access?: "read" | "write";
  /** Why the call is made, when the caller says (Claude Code's Bash `description`). */
  readonly justification?: string;
}

/** The record_execution_step parameters an adapter sends (besides element_name and execution_id). */
export interface StepParams {
  readonly nextActionHint: string;
  readonly tool: string;
  readonly server: string;
  readonly arguments?: Record<string, unknown>;
  readonly access?: "read" | "write";
  readonly resources?: string[];
  readonly justification?: string;
  readonly findings?: string;
}

/**
 * Argument names that carry a payload (file contents, message bodies, edits) rather than say what
 * the call does. They are summarised in the hint by size and digest: no display can show a file,
 * and the digest still binds an approval to these exact bytes. Every other argument is shown in
 * full, so a long command or query is too long to approve rather than approved half-read.
 */
const PAYLOAD_KEYS: ReadonlySet<string> = new Set([
  "content",
  "contents",
  "text",
  "body",
  "data",
  "file_text",
  "new_string",
  "old_string",
  "new_source",
  "newtext",
  "oldtext",
  "edits",
  "patch",
  "diff",
]);

/** Argument names whose string values name what the call touches, for the scope breaker. */
const RESOURCE_KEY = /(?:^|_)(?:path|paths|file|filename|file_path|notebook_path|uri|url|dir|directory|source|destination|target)$/i;
const MAX_RESOURCES = 64;

const shortDigest = (s: string): string => createHash("sha256").update(s).digest("hex").slice(0, 12);

function renderArgument(key: string, value: unknown): string {
  const json = canonicalJson(value) ?? "null";
  if (PAYLOAD_KEYS.has(key.toLowerCase())) {
    const size = typeof value === "string" ? `${value.length} chars` : `${json.length} bytes of JSON`;
    return `${key}=<${size}, sha256:${shortDigest(json)}>`;
  }
  return `${key}=${json}`;
}

/**
 * The human-readable action: what the approval display shows and what policy globs match.
 * Shell commands use the phrasing the rule packs were written against. Keys are sorted (nested ones
 * too), so the same arguments in another order describe the same call.
 */
export function describeCall(call: ToolCall): string {
  const command = call.arguments.command;
  if (call.tool === "Bash" && typeof command === "string") return `executing shell command: ${command}`;
  const args = Object.keys(call.arguments)
    .sort()
    .map((k) => renderArgument(k, call.arguments[k]));
  return `calling ${call.tool} on ${call.server}${args.length > 0 ? ` with ${args.join(", ")}` : ""}`;
}

function resourcesOf(args: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(args)) {
    if (!RESOURCE_KEY.test(k)) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === "string" && item.length > 0 && item.length <= 1024 && out.length < MAX_RESOURCES) out.push(item);
    }
  }
  return out;
}

/** The step reported BEFORE the call runs. */
export function preCallStep(call: ToolCall): StepParams {
  const resources = resourcesOf(call.arguments);
  return {
    nextActionHint: describeCall(call),
    tool: call.tool,
    server: call.server,
    arguments: { ...call.arguments },
    ...(call.access ? { access: call.access } : {}),
    ...(resources.length > 0 ? { resources } : {}),
    ...(call.justification && call.justification.trim().length > 0 ? { justification: call.justification.slice(0, FIELD_LIMITS.reason) } : {}),
  };
}

/** Outputs are checked in chunks the daemon accepts as findings, overlapping so no marker is cut. */
const CHUNK = FIELD_LIMITS.findings;
const OVERLAP = 4096;
export const MAX_OUTPUT_CHARS = 8 * CHUNK;

export class FindingsTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`the tool's output is ${size} characters, more than the ${MAX_OUTPUT_CHARS} haltkey checks`);
  }
}

/**
 * The steps reported AFTER the call ran: its output as findings (in chunks when long), so the
 * daemon scans it for secrets and injection markers and taints the execution. The hint names the
 * output by size and digest only. Repeating the tool name or arguments would let a glob or rule
 * that matched the call match again here. The digest binds an approval to exactly this output:
 * the same call made again after a human approved returns it once if it is unchanged.
 */
export function postCallSteps(call: Pick<ToolCall, "tool" | "server">, output: string): StepParams[] {
  if (output.length > MAX_OUTPUT_CHARS) throw new FindingsTooLargeError(output.length);
  const chunks: string[] = [];
  for (let start = 0; chunks.length === 0 || start + OVERLAP < output.length; start += CHUNK - OVERLAP) chunks.push(output.slice(start, start + CHUNK));
  const sha = shortDigest(output);
  return chunks.map((findings, i) => ({
    nextActionHint: `reading the output of a tool call (${output.length} chars, sha256:${sha}${chunks.length > 1 ? `, part ${i + 1} of ${chunks.length}` : ""})`,
    tool: call.tool,
    server: call.server,
    access: "read" as const,
    findings,
  }));
}

const BASE64_PAYLOAD = /^[A-Za-z0-9+/=\s_-]+$/;
const BINARY_KEYS: ReadonlySet<string> = new Set(["base64", "blob", "data"]);

/**
 * Every string in a tool's output, one per line, as the model will read them. Binary payloads
 * (base64 images and blobs) are left out: they are not text an injection could hide in as
 * instructions, and they would crowd the text out of the size limit.
 */
export function outputText(value: unknown): string {
  const out: string[] = [];
  const stack: Array<[unknown, number, string]> = [[value, 0, ""]];
  while (stack.length > 0) {
    const [v, depth, key] = stack.pop()!;
    if (typeof v === "string") {
      if (BINARY_KEYS.has(key) && v.length > 1024 && BASE64_PAYLOAD.test(v.slice(0, 4096))) continue;
      out.push(v);
    } else if (typeof v === "number" || typeof v === "boolean") {
      out.push(String(v));
    } else if (v !== null && typeof v === "object" && depth < 64) {
      const entries = Array.isArray(v) ? v.map((x, i): [string, unknown] => [String(i), x]) : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, item] = entries[i]!;
        if (k === "_meta") continue;
        stack.push([item, depth + 1, Array.isArray(v) ? key : k]);
      }
    }
  }
  return out.join("\n");
}

/**
 * A daemon session id (a UUID) derived from an outside session id, so every short-lived hook
 * process of one Claude Code session lands in the same daemon session: its pauses, blocks, taint
 * and step count follow the session, not the process.
 */
export function derivedSessionId(namespace: string, externalId: string): string {
  const h = createHash("sha256").update(`haltkey\u0000${namespace}\u0000${externalId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80; // version 8: custom
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
