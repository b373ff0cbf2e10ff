// The downstream server's MCP tool annotations (destructiveHint, readOnlyHint, openWorldHint,
// idempotentHint), read from its tools/list results and passed with each tools/call step. A server
// can lie, so what it says may only raise the risk of a call: once a tool is declared destructive
// or open-world it stays so for the proxy's life, and read-only or idempotent holds only while every
// list has said so. Pure; capped.
import type { ToolAnnotations } from "../core/action/tool-call.js";

/** Tools whose annotations are remembered; a server listing more is read for the first ones only. */
export const MAX_ANNOTATED_TOOLS = 4096;
const MAX_NAME = 256;

export type AnnotationCache = ReadonlyMap<string, ToolAnnotations>;

const RAISING = ["destructiveHint", "openWorldHint"] as const;
const LOWERING = ["readOnlyHint", "idempotentHint"] as const;

function merge(before: ToolAnnotations | undefined, now: ToolAnnotations): ToolAnnotations {
  const out: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {};
  for (const k of RAISING) if (before?.[k] === true || now[k] === true) out[k] = true;
  for (const k of LOWERING) if (now[k] === true && (before === undefined || before[k] === true)) out[k] = true;
  // Closed-world (openWorldHint false) narrows only the tool's own destructive claim (MCP reads a
  // missing hint as open-world); it holds only while every list has said so.
  if (out.openWorldHint !== true && now.openWorldHint === false && (before === undefined || before.openWorldHint === false)) out.openWorldHint = false;
  return out;
}

/** The cache after one tools/list result: each listed tool's boolean hints, merged so they only raise. */
export function withListedAnnotations(cache: AnnotationCache, result: unknown): AnnotationCache {
  const tools = (result as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(tools)) return cache;
  const next = new Map(cache);
  for (const tool of tools.slice(0, MAX_ANNOTATED_TOOLS)) {
    const name = (tool as { name?: unknown } | null)?.name;
    const raw = (tool as { annotations?: unknown } | null)?.annotations;
    if (typeof name !== "string" || name.length === 0 || name.length > MAX_NAME) continue;
    const declared = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    const now: { -readonly [K in keyof ToolAnnotations]: ToolAnnotations[K] } = {};
    for (const k of [...RAISING, ...LOWERING]) if (declared[k] === true) now[k] = true;
    if (declared.openWorldHint === false) now.openWorldHint = false;
    if (!next.has(name) && next.size >= MAX_ANNOTATED_TOOLS) continue;
    const merged = merge(next.get(name), now);
    if (Object.keys(merged).length > 0) next.set(name, merged);
    else next.delete(name);
  }
  return next;
}
