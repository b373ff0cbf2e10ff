// `haltkey serve`: the single owner of the database and the approval devices, listening on a unix
// socket. What a front end may ask, with what parameters, and what it gets back is protocol.ts;
// what each method does is handlers.ts. This file owns the sockets, the limits and the lifecycle.
import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdir, readFile, unlink } from "node:fs/promises";
import { createServer, connect, type Server, type Socket } from "node:net";
import { ErrorCode } from "../core/errors.js";
import { compilePolicy, defaultPolicy, parsePolicy, type CompiledPolicy } from "../core/policy.js";
import { defaultRuleSet } from "../core/rules/index.js";
import { Store } from "../store/store.js";
import { ConsoleStartError, startConsole, type ConsoleFrontEnd } from "./console.js";
import type { Hardware } from "../devices/discovery.js";
import type { SimulatedHardware } from "../sim/hardware.js";
import { FrameError, readLines } from "./framing.js";
import { createHandlers, type Connection, type Handlers } from "./handlers.js";
import type { Logger } from "./log.js";
import { MAX_SOCKET_PATH, type HaltkeyPaths } from "./paths.js";
import { DaemonError, describeIssue, errorsOf, isErrorCode, isMethod, MessageId, METHODS, parseParams, parseResult, RequestFrame, type ErrorFrame, type Method, type SocketRole as Role } from "./protocol.js";
import { SafetyService } from "../engine/engine.js";
import { VERSION } from "./version.js";

export { VERSION } from "./version.js";
export { OPERATOR_METHODS } from "./protocol.js";

export interface DaemonOptions {
  readonly paths: HaltkeyPaths;
  readonly simulate: boolean;
  readonly policyPath?: string;
  /** 0o600 (default) or 0o660 for a dedicated `haltkey` group. */
  readonly socketMode?: number;
  readonly endpointMode?: "semantic" | "single";
  readonly log: Logger;
  /**
   * Front ends the composition root (`haltkey serve`) adds once the service runs, such as MCP over
   * HTTP (src/mcp/http.ts). Started in order after the sockets; closed before them.
   */
  readonly frontEnds?: readonly FrontEndStarter[];
  /** Also serve the operator console on 127.0.0.1 (src/daemon/console.ts); port 0 picks a free one. */
  readonly console?: { readonly port: number };
}

export class DaemonStartError extends Error {}

/** What a front end started beside the sockets gets from the daemon. */
export interface DaemonCore {
  readonly service: SafetyService;
  readonly paths: HaltkeyPaths;
  readonly endpointMode: "semantic" | "single";
  /** The agent socket's mode (0600, or 0660 for the haltkey group): a socket serving agents has it. */
  readonly agentSocketMode: number;
  readonly log: Logger;
}

export interface FrontEnd {
  close(): Promise<void>;
}

/** Starts one front end; a DaemonStartError says what to fix. */
export type FrontEndStarter = (core: DaemonCore) => Promise<FrontEnd>;

/** Per socket server; an agent cannot exhaust the daemon's file descriptors through one. */
export const MAX_CONNECTIONS = 256;
/** Per connection; beyond it requests are refused, not queued. */
export const MAX_IN_FLIGHT = 64;
const SWEEP_INTERVAL_MS = 60_000;

export async function loadPolicy(path: string | undefined): Promise<CompiledPolicy> {
  if (path === undefined) return compilePolicy(defaultPolicy());
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new DaemonStartError(`cannot read policy file ${path}: ${(e as Error).message}`);
  }
  return compilePolicy(parsePolicy(text, path));
}

export interface RunningDaemon {
  readonly service: SafetyService;
  readonly server: Server;
  close(): Promise<void>;
}

/** True when something answers on the socket: another daemon owns this HALTKEY_HOME. */
function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

export async function startDaemon(opts: DaemonOptions): Promise<RunningDaemon> {
  const { paths, log } = opts;
  if (Buffer.byteLength(paths.operatorSocket) > MAX_SOCKET_PATH) {
    throw new DaemonStartError(`socket path ${paths.operatorSocket} is longer than ${MAX_SOCKET_PATH} bytes; choose a shorter HALTKEY_HOME`);
  }
  // The hardware set's modules load while the policy and the store are read (its failure is the
  // approval devices' failure, below).
  const hardwareModule = opts.simulate ? import("../sim/hardware.js") : import("../devices/discovery.js");
  hardwareModule.catch(() => undefined);
  await mkdir(paths.home, { recursive: true, mode: 0o700 });
  // LevelDB opens on libuv's threads (about 15 ms of disk at a first start) while the policy and the
  // rule packs compile here. A store another daemon holds fails to open without being touched, and
  // that daemon answering on the socket is said first, as before; a store opened for a start that
  // fails is closed.
  const opening = Store.open(paths.db);
  opening.catch(() => undefined);
  let policy: CompiledPolicy;
  let rules: ReturnType<typeof defaultRuleSet>;
  try {
    policy = await loadPolicy(opts.policyPath);
    rules = defaultRuleSet();
    if (await socketAnswers(paths.socket)) throw new DaemonStartError(`a haltkey daemon is already running on ${paths.socket}`);
  } catch (e) {
    await opening.then((s) => s.close(), () => undefined);
    throw e;
  }
  const store = await opening;
  let service: SafetyService;
  let hardware: Hardware;
  // Simulated devices only when asked for, never as a fallback (DESIGN.md "Trust boundaries").
  let sim: SimulatedHardware | undefined;
  try {
    // Only the set asked for is loaded: the simulator's devices are not in a real daemon's memory.
    const loaded = await hardwareModule;
    if ("openSimulatedHardware" in loaded) hardware = sim = await loaded.openSimulatedHardware({ store, paths, log, now: Date.now });
    else hardware = await loaded.openHardware({ store, log, now: Date.now });
  } catch (e) {
    await store.close();
    throw new DaemonStartError(`cannot start the approval devices: ${(e as Error).message}`);
  }
  const channel = hardware.channel;
  const endpointMode = opts.endpointMode ?? "semantic";
  try {
    service = await SafetyService.start({
      store,
      policy,
      rules,
      channel,
      now: Date.now,
      randomBytes,
      uuid: randomUUID,
      log,
      endpointMode,
    });
  } catch (e) {
    await hardware.close();
    await store.close();
    throw e;
  }
  const handlers = createHandlers({ service, hardware, sim, policy, paths, endpointMode, log, now: Date.now });

  const sockets = new Set<Socket>();
  const agentSocketMode = opts.socketMode ?? 0o600;
  /**
   * Two sockets, two audiences. The agent socket (what `haltkey mcp` uses; 0600, or 0660 for the
   * haltkey group) serves only hello and aql: no more than MCP offers. The operator socket (always
   * 0600, the daemon's own user) serves status, audit, admin unblock and the simulator, so an agent
   * in the haltkey group can neither start an unblock nor read other sessions' pending actions.
   */
  const serve = (role: Role): Server => {
    const server = createServer((socket) => onConnection(socket, role));
    server.maxConnections = MAX_CONNECTIONS;
    // Accept errors (EMFILE under a connection flood) are logged, never thrown.
    server.on("error", (e) => log.error({ err: e.message, role }, "socket server error"));
    return server;
  };
  const onConnection = (socket: Socket, role: Role): void => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    // Until hello, a connection acts in a session of its own that nothing else can name.
    const conn: Connection = { caller: { sessionId: randomUUID() } };
    let inFlight = 0;
    const send = (msg: object): void => {
      if (socket.destroyed) return;
      try {
        socket.write(`${JSON.stringify(msg)}\n`);
      } catch (e) {
        // Nothing a peer sends may bring the daemon down; this connection's framing is lost, so end it.
        log.error({ err: (e as Error).message, role }, "could not send an answer");
        socket.destroy();
      }
    };
    readLines(
      socket,
      (line) => {
        if (inFlight >= MAX_IN_FLIGHT) {
          return send(errorFrame(idOf(line), new DaemonError(ErrorCode.rateLimited, `more than ${MAX_IN_FLIGHT} requests in flight on one connection`)));
        }
        inFlight++;
        void answer(handlers, role, line, conn, log)
          .then(send)
          .finally(() => inFlight--);
      },
      (e: FrameError) => {
        send(errorFrame(null, new DaemonError(e.code, e.message)));
        socket.end();
      },
    );
  };

  const sweeper = setInterval(() => {
    service.sweep().catch((e: Error) => log.error({ err: e.message }, "sweep failed"));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const server = serve("agent");
  const operatorServer = serve("operator");
  await listenOn(operatorServer, paths.operatorSocket, 0o600);
  await listenOn(server, paths.socket, agentSocketMode);

  const frontEnds: FrontEnd[] = [];
  let consoleFront: ConsoleFrontEnd | undefined;
  const running: RunningDaemon = {
    service,
    server,
    async close(): Promise<void> {
      clearInterval(sweeper);
      await consoleFront?.close();
      for (const f of frontEnds.splice(0).reverse()) await f.close();
      await Promise.all(
        [server, operatorServer].map(
          (srv) =>
            new Promise<void>((resolve) => {
              srv.close(() => resolve());
              for (const s of sockets) s.destroy();
            }),
        ),
      );
      await hardware.close();
      await store.close();
      await unlink(paths.socket).catch(() => undefined);
      await unlink(paths.operatorSocket).catch(() => undefined);
    },
  };
  // Front ends last, so a port in use leaves nothing half-started.
  for (const start of opts.frontEnds ?? []) {
    try {
      frontEnds.push(await start({ service, paths, endpointMode, agentSocketMode, log }));
    } catch (e) {
      await running.close();
      throw e;
    }
  }
  if (opts.console) {
    try {
      consoleFront = await startConsole({ port: opts.console.port, home: paths.home, service, channel, keyring: hardware.keyring, simulated: hardware.simulated, version: VERSION, log, now: Date.now, randomBytes, uuid: randomUUID });
    } catch (e) {
      await running.close();
      throw e instanceof ConsoleStartError ? new DaemonStartError(e.message) : e;
    }
  }
  return running;
}

/** Listens on a unix socket at `path` (a stale one removed first) and gives it `mode`. */
export async function listenOn(server: Server, path: string, mode: number): Promise<void> {
  await unlink(path).catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(path, mode);
}

/** The id of a request line, if it is one the protocol allows, to echo in a refusal. */
function idOf(line: string): MessageId | null {
  try {
    const id = MessageId.safeParse((JSON.parse(line) as { id?: unknown } | null)?.id);
    return id.success ? id.data : null;
  } catch {
    return null;
  }
}

function errorFrame(id: MessageId | null, e: DaemonError): ErrorFrame {
  const code = isErrorCode(e.code) ? e.code : ErrorCode.internal;
  return { id, error: e.details ? { code, message: e.message, details: e.details } : { code, message: e.message } };
}

/**
 * One request line in, one answer out; never throws. The frame, the method (on this socket), the
 * parameters and the handler's result are each checked against protocol.ts; a refusal carries one
 * of the method's declared codes, and anything else becomes INTERNAL_ERROR (the agent side's front
 * ends treat that as "do not act").
 */
export async function answer(handlers: Handlers, role: Role, line: string, conn: Connection, log: Logger): Promise<object> {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return errorFrame(null, new DaemonError(ErrorCode.invalidType, "message is not valid JSON"));
  }
  const frame = RequestFrame.safeParse(raw);
  if (!frame.success) {
    return errorFrame(idOf(line), new DaemonError(ErrorCode.invalidValue, `malformed request: ${describeIssue(frame.error)}; expected {"id", "method", "params"}`));
  }
  const { id, method, params } = frame.data;
  if (!isMethod(method) || METHODS[method].socket !== role) {
    return errorFrame(id, new DaemonError(ErrorCode.unknownOperation, `unknown method ${method.slice(0, 64)} on the ${role} socket`));
  }
  try {
    return { id, result: await run(handlers, method, params, conn) };
  } catch (e) {
    if (e instanceof DaemonError && isErrorCode(e.code) && errorsOf(method).has(e.code)) return errorFrame(id, e);
    log.error({ method, err: (e as Error).message, code: (e as { code?: unknown }).code }, "request failed");
    return errorFrame(id, new DaemonError(ErrorCode.internal, `${method} failed: ${(e as Error).message}`));
  }
}

async function run<M extends Method>(handlers: Handlers, method: M, params: unknown, conn: Connection): Promise<unknown> {
  const parsed = parseParams(method, params);
  if (!parsed.ok) throw parsed.error;
  const handler: Handlers[M] = handlers[method];
  const result = await handler(parsed.value, conn);
  const checked = parseResult(method, result);
  if (!checked.ok) throw new Error(`the answer does not match the protocol (${checked.problem})`);
  return result;
}
