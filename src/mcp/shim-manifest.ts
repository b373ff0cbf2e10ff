// What `haltkey mcp` says without asking the daemon: the tool lists, the prompt, the protocol
// versions it speaks, and the fail-closed refusals, all computed at build time from the modules
// that define them (tools.ts, core/operations.ts, core/halt.ts, the MCP SDK's types) by
// shim-manifest-build.ts, which `npm run build` runs after tsc. The shim reads the JSON file next
// to its compiled code and so never loads zod or the MCP SDK (issue 14: the SDK server and zod were
// 40 MB and 200 ms of the shim's start).
//
// Why generated at build time rather than sent by the daemon in its `hello` answer: the list is a
// pure function of the code, so a build-time copy is exact, and test/shim-manifest.test.ts holds
// it equal to tools.ts's runtime toolList(). Sending it in hello would add 30 KB to every hello (the
// command hook says hello once per tool call) and make the daemon's socket protocol carry MCP
// presentation; the shim would also have nothing to answer tools/list with before the daemon is up.
import { readFileSync } from "node:fs";
import type { OperationResult } from "../core/wire.js";

export const MANIFEST_FILE = "shim-manifest.json";

/** Stands for the reason the daemon could not be reached in the refusal templates. */
export const WHY = "{{haltkey:why}}";
/** Stands for the prompt name in the unknown-prompt message. */
export const NAME = "{{haltkey:name}}";

export interface ShimManifest {
  /** The MCP SDK's SUPPORTED_PROTOCOL_VERSIONS, newest first; the first is its LATEST_PROTOCOL_VERSION. */
  readonly protocolVersions: readonly string[];
  /** SERVER_CAPABILITIES (tools.ts). */
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** toolList(mode) (tools.ts) for each endpoint mode. */
  readonly tools: { readonly semantic: readonly unknown[]; readonly single: readonly unknown[] };
  /** The prompts/list answer's prompts and the one prompt's prompts/get answer. */
  readonly prompts: readonly unknown[];
  readonly prompt: { readonly name: string; readonly result: unknown };
  /** The message for prompts/get of another name, NAME standing for the name asked for. */
  readonly unknownPrompt: string;
  /** The halt-conditions tools (core/halt.ts HALT_TOOLS): they answer with the spec's objects. */
  readonly haltTools: readonly string[];
  /** spellingNotes (core/operations.ts) as a table: operation → other spelling → the note it earns, in order. */
  readonly spellingNotes: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** tools.ts's refusals when the daemon cannot be reached, WHY standing for the reason. */
  readonly refusals: {
    /** unavailableResult("record_execution_step", WHY): carries a directive. */
    readonly step: OperationResult;
    /** unavailableResult(other operation, WHY). */
    readonly other: OperationResult;
    /** guardrail_check_halt_conditions' fail-safe answer data. */
    readonly haltCheck: unknown;
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads the manifest next to the compiled shim. It is this build's own output, but a missing or
 * truncated file must stop the shim with a clear message rather than answer wrongly.
 */
export function loadManifest(url: URL = new URL(`./${MANIFEST_FILE}`, import.meta.url)): ShimManifest {
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(url, "utf8"));
  } catch (e) {
    throw new Error(`cannot read ${url.pathname} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); it is written by \`npm run build\``);
  }
  const ok =
    isRecord(m) &&
    Array.isArray(m.protocolVersions) &&
    m.protocolVersions.length > 0 &&
    m.protocolVersions.every((v) => typeof v === "string") &&
    isRecord(m.capabilities) &&
    isRecord(m.tools) &&
    Array.isArray(m.tools.semantic) &&
    Array.isArray(m.tools.single) &&
    Array.isArray(m.prompts) &&
    isRecord(m.prompt) &&
    typeof m.prompt.name === "string" &&
    typeof m.unknownPrompt === "string" &&
    Array.isArray(m.haltTools) &&
    isRecord(m.spellingNotes) &&
    isRecord(m.refusals) &&
    isRecord(m.refusals.step) &&
    isRecord(m.refusals.other) &&
    m.refusals.haltCheck !== undefined;
  if (!ok) throw new Error(`${url.pathname} is not a haltkey shim manifest; run \`npm run build\``);
  return m as unknown as ShimManifest;
}

/** A template with every WHY in its strings replaced by `why`. */
export function fillWhy<T>(template: T, why: string): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === "string") return v.includes(WHY) ? v.replaceAll(WHY, () => why) : v;
    if (Array.isArray(v)) return v.map(fill);
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = fill(x);
      return out;
    }
    return v;
  };
  return fill(template) as T;
}
