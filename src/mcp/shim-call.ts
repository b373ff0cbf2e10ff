// One tools/call in the shim: the daemon's answer, checked (shim-answers.ts), as the MCP tool result
// tools.ts's callTool gives, or the same fail-closed refusal callTool gives when the daemon cannot
// be reached or answers wrongly. callTool needs zod (its module builds the tool schemas); this is
// its zod-free twin for the shim, the refusal texts taken from callTool itself at build time
// (shim-manifest.ts), and test/shim-stdio.test.ts runs both on the same calls and answers.
import { isRecoverable, withRefusalDirective } from "../core/errors.js";
import type { OperationResult } from "../core/wire.js";
import { DaemonError } from "../daemon/daemon-error.js";
import { operationResultOf } from "./shim-answers.js";
import { fillWhy, type ShimManifest } from "./shim-manifest.js";

/** Sends one `aql` request; resolves with the daemon's raw answer or rejects (DaemonError, or why it could not ask). */
export type Ask = (tool: string, args: unknown) => Promise<unknown>;

export interface CallToolResult {
  readonly content: [{ readonly type: "text"; readonly text: string }];
  readonly isError: boolean;
}

/** The tool whose failure is a halt, not a refusal (the halt-conditions spec: no check, no go). */
const HALT_CHECK = "guardrail_check_halt_conditions";

export class ShimCalls {
  private readonly haltTools: ReadonlySet<string>;

  constructor(private readonly manifest: ShimManifest) {
    this.haltTools = new Set(manifest.haltTools);
  }

  /** tools.ts toCallToolResult. */
  private toResult(result: OperationResult, tool: string): CallToolResult {
    // The halt tools answer with the spec's output objects; MCP-AQL tools with {success, data|error}.
    const halt = this.haltTools.has(tool);
    const body = halt ? (result.success ? result.data : { error: result.error }) : result;
    return { content: [{ type: "text", text: JSON.stringify(body) }], isError: halt ? !result.success : !result.success && !isRecoverable(result.error.code) };
  }

  /** tools.ts withSpellingNotes: a call that used another spelling of an id is told the parameter's name. */
  private withSpellingNotes(result: OperationResult, args: unknown): OperationResult {
    if (!result.success || typeof args !== "object" || args === null || Array.isArray(args)) return result;
    const input = args as Record<string, unknown>;
    const operation = input.operation;
    if (typeof operation !== "string" || !Object.hasOwn(this.manifest.spellingNotes, operation)) return result;
    const params = input.params !== null && typeof input.params === "object" && !Array.isArray(input.params) ? (input.params as Record<string, unknown>) : {};
    const notes = Object.entries(this.manifest.spellingNotes[operation]!)
      .filter(([alias]) => Object.hasOwn(params, alias) || Object.hasOwn(input, alias))
      .map(([, note]) => note);
    return notes.length === 0 ? result : { ...result, warnings: [...(result.warnings ?? []), ...notes] };
  }

  /** tools.ts callTool: every failure is a fail-closed answer. */
  async call(tool: string, rawArgs: unknown, ask: Ask): Promise<CallToolResult> {
    const args: unknown = rawArgs ?? {};
    const operation = (args as { operation?: unknown }).operation;
    try {
      return this.toResult(this.withSpellingNotes(operationResultOf(await ask(tool, args)), args), tool);
    } catch (e) {
      if (e instanceof DaemonError && e.code.startsWith("VALIDATION_")) {
        return this.toResult(withRefusalDirective({ success: false, error: { code: e.code, message: e.message } }, operation), "");
      }
      // As callTool: the reason is what was thrown's message.
      const why = String((e as { message?: unknown } | null)?.message);
      if (tool === HALT_CHECK) return this.toResult({ success: true, data: fillWhy(this.manifest.refusals.haltCheck, why) }, tool);
      return this.toResult(fillWhy(operation === "record_execution_step" ? this.manifest.refusals.step : this.manifest.refusals.other, why), tool);
    }
  }
}
