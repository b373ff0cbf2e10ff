// The typed client of the daemon's socket API: the stdio MCP shim, the CLI and the proxy use it.
// Each request is checked against its method's parameter schema before it is sent, and each answer
// against the method's result schema (protocol.ts) before the caller sees it.
import { ErrorCode } from "../core/errors.js";
import { DaemonConnection } from "./connection.js";
import { DaemonError } from "./daemon-error.js";
import { parseParams, parseResult, type Method, type Params, type Result } from "./protocol.js";

export { DaemonError } from "./daemon-error.js";

export class DaemonClient {
  private constructor(private readonly connection: DaemonConnection) {}

  static async connect(socketPath: string, timeoutMs = 2000): Promise<DaemonClient> {
    return new DaemonClient(await DaemonConnection.open(socketPath, timeoutMs));
  }

  /** The typed client over a connection already open (the shim opens it before it loads the protocol's schemas). */
  static over(connection: DaemonConnection): DaemonClient {
    return new DaemonClient(connection);
  }

  get isClosed(): boolean {
    return this.connection.isClosed;
  }

  /** Calls `method`; resolves with its result, checked, or rejects with a DaemonError. */
  async request<M extends Method>(method: M, params: Params<M>, timeoutMs?: number): Promise<Result<M>> {
    const checked = parseParams(method, params);
    if (!checked.ok) throw checked.error;
    const raw = await this.connection.call(method, params, timeoutMs);
    const result = parseResult(method, raw);
    if (!result.ok) throw new DaemonError(ErrorCode.internal, `the daemon's answer to ${method} does not match the protocol (${result.problem})`);
    return result.value;
  }

  close(): void {
    this.connection.close();
  }
}
