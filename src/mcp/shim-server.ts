// The MCP methods `haltkey mcp` serves, over shim-rpc.ts's messages: initialize, ping, tools/list,
// tools/call, prompts/list, prompts/get, and the notifications initialized and cancelled. Every
// answer to a valid request is the one the MCP SDK server with tools.ts's registerTools gave (the
// shim was that server; test/shim-stdio.test.ts runs both on the same messages). Parameters are
// checked where the shim reads them, and a bad one is an Invalid params error naming it; the SDK
// answered those with an internal error carrying zod's report. Members MCP may add later are
// ignored, as the SDK ignored them. A tool call's arguments are the daemon's to check (its `aql`
// request, with the socket protocol's schemas), as they always were.
import type { ShimCalls, Ask } from "./shim-call.js";
import { NAME, type ShimManifest } from "./shim-manifest.js";
import { errorLine, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, readMessage, resultLine, type Id } from "./shim-rpc.js";

export type EndpointMode = "semantic" | "single";

export interface ShimServerDeps {
  readonly manifest: ShimManifest;
  readonly calls: ShimCalls;
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** The endpoint mode the daemon decided (its hello), once it is known or known to be unreachable. */
  readonly endpointMode: () => Promise<EndpointMode>;
  readonly ask: Ask;
  /** Writes one answer line to the client. */
  readonly write: (line: string) => void;
  /**
   * Told when a request starts to wait (a tool call on the daemon) and just after its answer is
   * written, or when it is withdrawn: what the daemon's MCP socket tells the native relay, so that
   * the relay can answer it if the daemon goes away meanwhile (socket-session.ts).
   */
  readonly watch?: { readonly waiting: (id: Id) => void; readonly done: (id: Id) => void };
}

/** A bad parameter: answered as Invalid params. */
class BadParams extends Error {}
/** An answer that is an error the SDK server gave with this code and message. */
class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function need(ok: boolean, path: string, what: string): void {
  if (!ok) throw new BadParams(`Invalid params: ${path}: expected ${what}`);
}

/** The request's params as an object: `required` says whether it may be absent. */
function paramsOf(params: unknown, required: boolean): Record<string, unknown> {
  if (params === undefined && !required) return {};
  need(isRecord(params), "params", "an object");
  const p = params as Record<string, unknown>;
  need(p._meta === undefined || isRecord(p._meta), "params._meta", "an object");
  return p;
}

const optionalString = (p: Record<string, unknown>, key: string): void => need(p[key] === undefined || typeof p[key] === "string", `params.${key}`, "a string");

export class ShimServer {
  /** Requests still being answered, so notifications/cancelled can withdraw their answer (as the SDK did). */
  private readonly pending = new Map<Id, { cancelled: boolean }>();
  private readonly listJson = new Map<EndpointMode, string>();
  private readonly promptsJson: string;
  private readonly promptJson: string;

  constructor(private readonly deps: ShimServerDeps) {
    this.promptsJson = JSON.stringify({ prompts: deps.manifest.prompts });
    this.promptJson = JSON.stringify(deps.manifest.prompt.result);
  }

  /** One line from the client. Never throws: whatever goes wrong is an error answer. */
  onLine(line: string): void {
    let id: Id | null = null;
    try {
      const m = readMessage(line);
      if (m.kind === "invalid") return this.send(errorLine(m.id, m.code, m.message));
      if (m.kind === "notification") return this.notification(m.method, m.params);
      if (m.kind === "response") return;
      id = m.id;
      const answer = this.request(m.method, m.params);
      if (typeof answer === "string") this.send(resultLine(m.id, answer));
      else this.later(m.id, answer);
    } catch (e) {
      this.send(this.errorFor(id, e));
    }
  }

  /** Writes one answer. A write that fails means the client is gone (stdio.ts exits then): nothing to answer. */
  private send(line: string): void {
    try {
      this.deps.write(line);
    } catch {
      // the client is gone
    }
  }

  /** A line the reader refused (too large, not UTF-8). */
  onBad(code: number, message: string): void {
    this.send(errorLine(null, code, message));
  }

  private errorFor(id: Id | null, e: unknown): string {
    if (e instanceof BadParams) return errorLine(id, INVALID_PARAMS, e.message);
    if (e instanceof Refusal) return errorLine(id, e.code, e.message);
    return errorLine(id, INTERNAL_ERROR, `Internal error: ${String((e as { message?: unknown } | null)?.message ?? e)}`);
  }

  private later(id: Id, answer: Promise<string>): void {
    const entry = { cancelled: false };
    this.pending.set(id, entry);
    this.deps.watch?.waiting(id);
    answer
      .then(
        (json) => {
          if (!entry.cancelled) this.send(resultLine(id, json));
          this.deps.watch?.done(id);
        },
        (e: unknown) => {
          if (!entry.cancelled) this.send(this.errorFor(id, e));
          this.deps.watch?.done(id);
        },
      )
      .catch(() => undefined)
      .finally(() => {
        if (this.pending.get(id) === entry) this.pending.delete(id);
      });
  }

  private notification(method: string, params: unknown): void {
    // The client withdrew a request: its answer is not sent (MCP cancellation).
    if (method === "notifications/cancelled" && isRecord(params)) {
      const id = params.requestId;
      if (typeof id === "string" || typeof id === "number") {
        const entry = this.pending.get(id);
        if (entry) entry.cancelled = true;
      }
    }
    // notifications/initialized and anything else: nothing to do.
  }

  /** The result JSON now, or later for what waits on the daemon. */
  private request(method: string, params: unknown): string | Promise<string> {
    switch (method) {
      case "initialize":
        return this.initialize(paramsOf(params, true));
      case "ping":
        paramsOf(params, false);
        return "{}";
      case "tools/list":
        optionalString(paramsOf(params, false), "cursor");
        return this.deps.endpointMode().then((mode) => this.toolsJson(mode));
      case "tools/call":
        return this.callTool(paramsOf(params, true));
      case "prompts/list":
        optionalString(paramsOf(params, false), "cursor");
        return this.promptsJson;
      case "prompts/get":
        return this.getPrompt(paramsOf(params, true));
      default:
        throw new Refusal(METHOD_NOT_FOUND, "Method not found");
    }
  }

  private initialize(p: Record<string, unknown>): string {
    need(typeof p.protocolVersion === "string", "params.protocolVersion", "a string");
    need(isRecord(p.capabilities), "params.capabilities", "an object");
    need(isRecord(p.clientInfo), "params.clientInfo", "an object");
    const info = p.clientInfo as Record<string, unknown>;
    need(typeof info.name === "string", "params.clientInfo.name", "a string");
    need(typeof info.version === "string", "params.clientInfo.version", "a string");
    // As the SDK server negotiates: the client's version when supported, else the newest.
    const versions = this.deps.manifest.protocolVersions;
    const protocolVersion = versions.includes(p.protocolVersion as string) ? (p.protocolVersion as string) : versions[0]!;
    return JSON.stringify({ protocolVersion, capabilities: this.deps.manifest.capabilities, serverInfo: this.deps.serverInfo });
  }

  private toolsJson(mode: EndpointMode): string {
    let json = this.listJson.get(mode);
    if (json === undefined) this.listJson.set(mode, (json = JSON.stringify({ tools: this.deps.manifest.tools[mode] })));
    return json;
  }

  private async callTool(p: Record<string, unknown>): Promise<string> {
    // A task-augmented call (params.task): the SDK server refused it before reading anything else.
    if (p.task !== undefined) {
      need(isRecord(p.task) && ((p.task as Record<string, unknown>).ttl === undefined || typeof (p.task as Record<string, unknown>).ttl === "number"), "params.task", "an object");
      throw new Refusal(INTERNAL_ERROR, "Server does not support task creation (required for tools/call)");
    }
    need(typeof p.name === "string", "params.name", "a string");
    need(p.arguments === undefined || isRecord(p.arguments), "params.arguments", "an object");
    return JSON.stringify(await this.deps.calls.call(p.name as string, p.arguments, this.deps.ask));
  }

  private getPrompt(p: Record<string, unknown>): string {
    need(typeof p.name === "string", "params.name", "a string");
    const args = p.arguments;
    need(args === undefined || (isRecord(args) && Object.values(args).every((v) => typeof v === "string")), "params.arguments", "an object of strings");
    const name = p.name as string;
    // tools.ts names at most 64 characters of what was asked for.
    if (name !== this.deps.manifest.prompt.name) throw new Refusal(INVALID_PARAMS, this.deps.manifest.unknownPrompt.replace(NAME, () => name.slice(0, 64)));
    return this.promptJson;
  }
}
