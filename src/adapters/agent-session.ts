// One adapter's conversation with the daemon over the agent socket: hello (a keyed session for the
// hook, else a session the daemon issues with a credential, resumed with it after a reconnect), one
// execution per (session, agent) started or reused, steps, findings, and waiting for the human on
// a confirmation. Uses only the operations every MCP client has; no daemon privilege.
import { DaemonConnection, type SessionHandle } from "../daemon/connection.js";
import { DaemonError } from "../daemon/daemon-error.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import { daemonDown, verdictOf, type Verdict } from "./verdict.js";
import type { StepParams } from "./tool-call.js";
import { boolean, isObject, object, optionalBoolean, optionalString, string, type Obj } from "./shape.js";

/**
 * What a session asks the daemon through: `hello` and `aql`, answered with the raw result or a
 * DaemonError. The daemon's socket (DaemonConnection) for every client but one: the http hook runs
 * inside the daemon and asks its service directly (http-hook.ts).
 */
export interface DaemonLink {
  readonly isClosed: boolean;
  call(method: "hello" | "aql", params: Record<string, unknown>, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

export type { SessionHandle } from "../daemon/connection.js";

export interface SessionOptions {
  readonly paths: HaltkeyPaths;
  /**
   * The hook's keyed session (a process per call, nothing kept between them): the client and its
   * own session id. Without it the daemon issues a session; `resume` names one issued before.
   */
  readonly sessionKey?: { readonly client: string; readonly id: string };
  readonly resume?: SessionHandle;
  readonly agent: string;
  /** Shown in the audit log with the execution. */
  readonly goal: string;
  /** Names this front end in hello. */
  readonly client: string;
  readonly connectTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  /** How to reach the daemon; default its socket at paths.socket. */
  readonly link?: () => Promise<DaemonLink>;
}

/** The daemon's hello: checked by hand, as everything on the command hook's path (shape.ts). */
function parseHello(v: unknown): { sessionId: string; credential: string | undefined; simulated: boolean; endpointMode: "semantic" | "single" } {
  const h = object(v, "hello.");
  const sessionId = string(h, "sessionId", "hello.", 256);
  const credential = optionalString(h, "credential", "hello.", 64);
  const mode = optionalString(h, "endpointMode", "hello.", 16);
  if (mode !== undefined && mode !== "semantic" && mode !== "single") throw new Error("hello.endpointMode: expected semantic or single");
  return { sessionId, credential, simulated: optionalBoolean(h, "simulated", "hello.") === true, endpointMode: mode ?? "semantic" };
}

/** What report_findings found in a tool's output, or why it could not be checked. */
export type FindingsVerdict =
  | { readonly kind: "checked"; readonly injectionMarkers: number; readonly strongInjection: boolean; readonly sensitive: number; readonly detections: readonly string[] }
  | { readonly kind: "refused"; readonly reason: string };

interface Result {
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly code: string; readonly message: string; readonly details?: Obj };
}

function parseResult(v: unknown): Result {
  const r = object(v, "");
  const success = boolean(r, "success", "");
  if (r.error === undefined) return { success, data: r.data };
  const e = object(r.error, "error.");
  const details = e.details === undefined ? undefined : object(e.details, "error.details.");
  return { success, data: r.data, error: { code: string(e, "code", "error.", 256), message: string(e, "message", "error.", 64 * 1024), ...(details ? { details } : {}) } };
}

const CONFIRM_STATUSES = ["approved", "denied", "pending", "expired"] as const;

export type HumanAnswer = "approved" | "denied" | "pending" | "expired" | "unavailable";

export class AgentSession {
  private executionId: string | undefined;

  private constructor(
    private readonly client: DaemonLink,
    private readonly opts: SessionOptions,
    /** Whether the daemon runs with simulated hardware (its hello says so). */
    readonly simulated: boolean,
    private readonly endpointMode: "semantic" | "single",
    /** The issued session and its credential (none for a keyed session). */
    readonly handle: SessionHandle | undefined,
  ) {}

  /** Connects and says hello; throws DaemonError when there is no daemon to ask. */
  static async open(opts: SessionOptions): Promise<AgentSession> {
    const client = await (opts.link ? opts.link() : DaemonConnection.open(opts.paths.socket, opts.connectTimeoutMs ?? 2000));
    try {
      const ask = opts.sessionKey ? { sessionKey: opts.sessionKey } : opts.resume ? { sessionId: opts.resume.sessionId, credential: opts.resume.credential } : {};
      const timeout = opts.requestTimeoutMs ?? 10_000;
      const hello = parseHello(
        await client.call("hello", { ...ask, client: opts.client }, timeout).catch((e: unknown) => {
          // The daemon forgot the session: it keeps a credential as long as anything is kept for
          // the session, so a new session sheds nothing.
          if (opts.resume && e instanceof DaemonError && e.code === "PERMISSION_DENIED") return client.call("hello", { client: opts.client }, timeout);
          throw e;
        }),
      );
      const handle = opts.sessionKey ? undefined : hello.credential !== undefined ? { sessionId: hello.sessionId, credential: hello.credential } : opts.resume;
      return new AgentSession(client, opts, hello.simulated, hello.endpointMode, handle);
    } catch (e) {
      client.close();
      throw e instanceof DaemonError ? e : new DaemonError("INTERNAL_ERROR", `unexpected hello from the daemon: ${(e as Error).message}`);
    }
  }

  get isClosed(): boolean {
    return this.client.isClosed;
  }

  private async aql(endpoint: "create" | "execute", operation: string, params: Record<string, unknown>, timeoutMs?: number): Promise<Result> {
    const tool = this.endpointMode === "single" ? "mcp_aql" : `mcp_aql_${endpoint}`;
    return parseResult(await this.client.call("aql", { tool, arguments: { operation, params } }, timeoutMs ?? this.opts.requestTimeoutMs ?? 10_000));
  }

  /**
   * The execution this session records against: started on first use, reused when the daemon
   * says one is already active (another hook process of the same session started it). A blocked
   * agent has none; its steps are still reported and answered with the block.
   */
  private async ensureExecution(): Promise<string | undefined> {
    if (this.executionId) return this.executionId;
    const r = await this.aql("execute", "execute_agent", { element_name: this.opts.agent, goal: this.opts.goal });
    if (r.success) {
      this.executionId = string(object(r.data, "data."), "execution_id", "data.", 256);
    } else if (r.error?.code === "CONFLICT_EXECUTION_ACTIVE" && typeof r.error.details?.execution_id === "string") {
      this.executionId = r.error.details.execution_id;
    } else if (r.error?.code !== "PERMISSION_AGENT_BLOCKED") {
      throw new DaemonError(r.error?.code ?? "INTERNAL_ERROR", `could not start an execution: ${r.error?.message ?? "no answer"}`);
    }
    return this.executionId;
  }

  /** Reports a step and says what the daemon decided. Never throws: failures are refusals. */
  async step(step: StepParams): Promise<Verdict> {
    try {
      const executionId = await this.ensureExecution();
      const params: Record<string, unknown> = { element_name: this.opts.agent, ...step, ...(executionId ? { execution_id: executionId } : {}) };
      let r = await this.aql("create", "record_execution_step", params);
      // The execution ended behind our back (completed from elsewhere, swept after a day idle):
      // start a new one once. The step count and any pause belong to the session and carry over.
      if (r.success && executionId && (r.data as { execution_id?: unknown } | undefined)?.execution_id === undefined) {
        this.executionId = undefined;
        const fresh = await this.ensureExecution();
        if (fresh) r = await this.aql("create", "record_execution_step", { ...params, execution_id: fresh });
      }
      return verdictOf(r);
    } catch (e) {
      return e instanceof DaemonError && e.code.startsWith("INTERNAL_DAEMON") ? daemonDown(e.message) : { kind: "refused", code: (e as DaemonError).code ?? "INTERNAL_ERROR", reason: (e as Error).message };
    }
  }

  /**
   * Reports what a tool returned (report_findings): counted into the session's breakers, never a
   * step. Never throws: a failure is "refused", which callers treat as unchecked output.
   */
  async reportFindings(findings: string, call: { readonly tool?: string; readonly server?: string }): Promise<FindingsVerdict> {
    try {
      const r = await this.aql("create", "report_findings", {
        element_name: this.opts.agent,
        findings,
        ...(call.tool !== undefined ? { tool: call.tool.slice(0, 256) } : {}),
        ...(call.server !== undefined ? { server: call.server.slice(0, 256) } : {}),
      });
      if (!r.success) return { kind: "refused", reason: `${r.error?.code ?? "INTERNAL_ERROR"}: ${r.error?.message ?? "no answer"}` };
      const f = object(object(r.data, "data.").findings, "data.findings.");
      const count = (k: string): number => (typeof f[k] === "number" ? (f[k] as number) : 0);
      const detections = Array.isArray(f.detections) ? f.detections.flatMap((d) => (isObject(d) && typeof d.reason === "string" && typeof d.kind === "string" ? [`${d.kind}: ${d.reason}`] : [])) : [];
      return { kind: "checked", injectionMarkers: count("injectionMarkers"), strongInjection: f.strongInjection === true, sensitive: count("sensitive"), detections };
    } catch (e) {
      return { kind: "refused", reason: e instanceof DaemonError && e.code.startsWith("INTERNAL_DAEMON") ? daemonDown(e.message).reason : (e as Error).message };
    }
  }

  /** Waits up to `seconds` for the human's answer to a confirmation on the approval device. */
  async waitForHuman(confirmationId: string, seconds: number): Promise<HumanAnswer> {
    try {
      const r = await this.aql("execute", "confirm_operation", { confirmation_id: confirmationId, element_name: this.opts.agent, wait_seconds: seconds }, (seconds + 10) * 1000);
      if (!r.success) return "unavailable";
      const status = isObject(r.data) ? r.data.status : undefined;
      return CONFIRM_STATUSES.find((x) => x === status) ?? "unavailable";
    } catch {
      return "unavailable";
    }
  }

  /** Ends the execution (best effort): the proxy's client went away. */
  async complete(summary: string): Promise<void> {
    if (!this.executionId) return;
    await this.aql("execute", "complete_execution", { element_name: this.opts.agent, execution_id: this.executionId, summary }, 3000).catch(() => undefined);
    this.executionId = undefined;
  }

  close(): void {
    this.client.close();
  }
}
