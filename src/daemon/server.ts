// `haltkey serve`: the single owner of the database and the approval devices, listening on a unix
// socket. Everything a front end may ask is in METHODS; every parameter is validated here.
import { randomBytes, randomUUID } from "node:crypto";
import { chmod, mkdir, readFile, unlink } from "node:fs/promises";
import { createServer, connect, type Server, type Socket } from "node:net";
import { z } from "zod";
import { compilePolicy, defaultPolicy, parsePolicy, type CompiledPolicy } from "../core/policy.js";
import { defaultRuleSet } from "../core/rules/index.js";
import { Store } from "../store/store.js";
import { openHardware } from "./devices.js";
import { ApprovalRefusedError } from "./hardware-channel.js";
import { KeyLabel, KeyRefusedError } from "./keyring.js";
import { FrameError, readLines } from "./framing.js";
import { HttpStartError, startHttp, type HttpFrontEnd } from "./http.js";
import { ConsoleStartError, startConsole, type ConsoleFrontEnd } from "./console.js";
import type { Logger } from "./log.js";
import { MAX_SOCKET_PATH, type HaltkeyPaths } from "./paths.js";
import { SafetyService, type Caller } from "./service.js";

export { VERSION } from "./version.js";
import { VERSION } from "./version.js";
import { AqlCall } from "../mcp/tools.js";

export interface DaemonOptions {
  readonly paths: HaltkeyPaths;
  readonly simulate: boolean;
  readonly policyPath?: string;
  /** 0o600 (default) or 0o660 for a dedicated `haltkey` group. */
  readonly socketMode?: number;
  readonly endpointMode?: "semantic" | "single";
  readonly log: Logger;
  /** Also serve MCP Streamable HTTP on 127.0.0.1 (src/daemon/http.ts); port 0 picks a free one. */
  readonly http?: { readonly port: number };
  /** Also serve the operator console on 127.0.0.1 (src/daemon/console.ts); port 0 picks a free one. */
  readonly console?: { readonly port: number };
}

export class DaemonStartError extends Error {}

const Hello = z.strictObject({ sessionId: z.string().uuid().optional(), client: z.string().max(128).optional() });
const SimPress = z.strictObject({ requestId: z.string().uuid(), decision: z.enum(["approve", "deny"]) });
const SimTouch = z.strictObject({ requestId: z.string().uuid().optional() });
const Unblock = z.strictObject({ agent: z.string().min(1).max(128), waitSeconds: z.number().int().min(1).max(600).default(120) });
const Wait = z.number().int().min(1).max(600).default(60);
const RequestRef = z.strictObject({ requestId: z.string().uuid() });
const Approve = z.strictObject({ requestId: z.string().uuid(), waitSeconds: Wait });
const Enroll = z.strictObject({ label: KeyLabel, waitSeconds: Wait });
const RemoveKey = z.strictObject({ key: z.string().min(1).max(256), waitSeconds: Wait });
const PairConfirm = z.strictObject({ waitSeconds: Wait });
const Verify = z.strictObject({ challengeId: z.string().uuid(), code: z.string().min(1).max(64) });
const Empty = z.strictObject({});

const AGENT_METHODS: ReadonlySet<string> = new Set(["hello", "aql"]);
export const OPERATOR_METHODS: ReadonlySet<string> = new Set([
  "status",
  "audit.verify",
  "sim.press",
  "sim.touch",
  "admin.unblock",
  "devices",
  "keys.list",
  "keys.enroll",
  "keys.remove",
  "request.get",
  "approve",
  "deny",
  "pair.begin",
  "pair.confirm",
  "verify",
]);

/** Per socket server; an agent cannot exhaust the daemon's file descriptors through one. */
const MAX_CONNECTIONS = 256;
/** Per connection; beyond it requests are refused, not queued. */
const MAX_IN_FLIGHT = 64;
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
  await mkdir(paths.home, { recursive: true, mode: 0o700 });
  const policy = await loadPolicy(opts.policyPath);
  if (await socketAnswers(paths.socket)) throw new DaemonStartError(`a haltkey daemon is already running on ${paths.socket}`);
  const store = await Store.open(paths.db);
  let service: SafetyService;
  let hardware: Awaited<ReturnType<typeof openHardware>>;
  try {
    hardware = await openHardware({ simulate: opts.simulate, store, paths, log, now: Date.now });
  } catch (e) {
    await store.close();
    throw new DaemonStartError(`cannot start the approval devices: ${(e as Error).message}`);
  }
  const channel = hardware.channel;
  try {
    service = await SafetyService.start({
      store,
      policy,
      rules: defaultRuleSet(),
      channel,
      now: Date.now,
      randomBytes,
      uuid: randomUUID,
      log,
      endpointMode: opts.endpointMode ?? "semantic",
    });
  } catch (e) {
    await hardware.close();
    await store.close();
    throw e;
  }
  const refused = (e: unknown): never => {
    if (e instanceof KeyRefusedError || e instanceof ApprovalRefusedError) throw Object.assign(new Error(e.message), { code: e.code });
    const err = e as Error & { code?: string };
    throw Object.assign(new Error(err.message), { code: typeof err.code === "string" ? err.code : "DEVICE_ERROR" });
  };
  const withTimeout = (seconds: number): AbortSignal => AbortSignal.timeout(seconds * 1000);
  const keyView = (k: ReturnType<typeof hardware.keyring.list>[number]) => ({
    id: k.id,
    label: k.label,
    protocol: k.protocol,
    transport: k.transport,
    counter: k.counter,
    enrolledAt: new Date(k.enrolledAt).toISOString(),
    ...(k.lastUsedAt ? { lastUsedAt: new Date(k.lastUsedAt).toISOString() } : {}),
  });

  const sockets = new Set<Socket>();
  /**
   * Two sockets, two audiences. The agent socket (what `haltkey mcp` uses; 0600, or 0660 for the
   * haltkey group) serves only hello and aql: no more than MCP offers. The operator socket (always
   * 0600, the daemon's own user) serves status, audit, admin unblock and the simulator, so an agent
   * in the haltkey group can neither start an unblock nor read other sessions' pending actions.
   */
  const serve = (role: "agent" | "operator"): Server => {
    const server = createServer((socket) => onConnection(socket, role));
    server.maxConnections = MAX_CONNECTIONS;
    // Accept errors (EMFILE under a connection flood) are logged, never thrown.
    server.on("error", (e) => log.error({ err: e.message, role }, "socket server error"));
    return server;
  };
  const onConnection = (socket: Socket, role: "agent" | "operator"): void => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let caller: Caller = { sessionId: randomUUID() };
    let inFlight = 0;
    const send = (msg: unknown): void => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(msg)}\n`);
    };
    readLines(
      socket,
      (line) => {
        let msg: { id?: unknown; method?: unknown; params?: unknown };
        try {
          msg = JSON.parse(line);
        } catch {
          return send({ id: null, error: { code: "VALIDATION_INVALID_TYPE", message: "message is not valid JSON" } });
        }
        const id = typeof msg?.id === "number" || typeof msg?.id === "string" ? msg.id : null;
        if (inFlight >= MAX_IN_FLIGHT) {
          return send({ id, error: { code: "RATE_LIMIT_EXCEEDED", message: `more than ${MAX_IN_FLIGHT} requests in flight on one connection` } });
        }
        inFlight++;
        void handle(msg?.method, msg?.params ?? {})
          .then((result) => send({ id, result }))
          .catch((e: Error & { code?: string }) => send({ id, error: { code: e.code ?? "INTERNAL_ERROR", message: e.message } }))
          .finally(() => inFlight--);
      },
      (e: FrameError) => {
        send({ id: null, error: { code: e.code, message: e.message } });
        socket.end();
      },
    );

    async function handle(method: unknown, params: unknown): Promise<unknown> {
      const parse = <T extends z.ZodType>(schema: T): z.infer<T> => {
        const r = schema.safeParse(params);
        if (!r.success) throw Object.assign(new Error(`invalid params for ${String(method)}: ${r.error.issues[0]?.message}`), { code: "VALIDATION_INVALID_VALUE" });
        return r.data;
      };
      const allowed = role === "agent" ? AGENT_METHODS : OPERATOR_METHODS;
      if (typeof method !== "string" || !allowed.has(method)) {
        throw Object.assign(new Error(`unknown method ${String(method).slice(0, 64)} on the ${role} socket`), { code: "NOT_FOUND_OPERATION" });
      }
      switch (method) {
        case "hello": {
          const p = parse(Hello);
          if (p.sessionId) caller = { sessionId: p.sessionId };
          return { sessionId: caller.sessionId, version: VERSION, simulated: channel.info.simulated, mode: policy.file.mode, endpointMode: opts.endpointMode ?? "semantic" };
        }
        case "aql": {
          const p = parse(AqlCall);
          return service.call(caller, p.tool, p.arguments);
        }
        case "status":
          parse(Empty);
          return { version: VERSION, pid: process.pid, socket: paths.socket, home: paths.home, ...service.status() };
        case "audit.verify":
          parse(Empty);
          return store.verifyAudit();
        case "sim.press": {
          const p = parse(SimPress);
          const sim = hardware.display?.sim;
          if (!hardware.simulated || !sim) throw Object.assign(new Error("the daemon is not running with --simulate; sim commands are refused"), { code: "PERMISSION_DENIED" });
          const kind = service.requestKind(p.requestId);
          if (!kind) throw Object.assign(new Error(`no pending request ${p.requestId}`), { code: "NOT_FOUND_RESOURCE" });
          // Display buttons answer confirmations and halt acknowledgements; challenges, unblocks and
          // config changes need the code or a key touch.
          if (kind !== "confirmation" && kind !== "halt") {
            throw Object.assign(new Error(`${p.requestId} is a ${kind}: answer it with the code (verify_challenge) or a key touch (sim touch)`), { code: "VALIDATION_INVALID_VALUE" });
          }
          const where = channel.where(p.requestId);
          if (!where.onDisplay) throw Object.assign(new Error(`${p.requestId} is not on the display now (another request is shown, or it was too long to show)`), { code: "VALIDATION_INVALID_VALUE" });
          await sim.press(p.decision, where.shownAt ?? Date.now());
          return { requestId: p.requestId, kind, decision: p.decision, via: "display" };
        }
        case "sim.touch": {
          const p = parse(SimTouch);
          const human = hardware.human;
          if (!hardware.simulated || !human) throw Object.assign(new Error("the daemon is not running with --simulate; sim commands are refused"), { code: "PERMISSION_DENIED" });
          if (p.requestId === undefined) {
            // Whatever the key is blinking for (enrolment, removal): the human touches it.
            if (!human.touchWaiting()) throw Object.assign(new Error("the simulated key is not blinking: nothing is waiting for a touch"), { code: "NOT_FOUND_RESOURCE" });
            return { touched: true, via: "security-key" };
          }
          const kind = service.requestKind(p.requestId);
          if (!kind) throw Object.assign(new Error(`no pending request ${p.requestId}`), { code: "NOT_FOUND_RESOURCE" });
          // A key already blinking for this request (haltkey approve / unblock) gets the touch;
          // otherwise the simulated human runs `haltkey approve` with the finger already on the key.
          if (!(channel.isApproving(p.requestId) && human.touchWaiting())) {
            human.arm();
            await channel.approveWithKey(p.requestId, { signal: withTimeout(30) }).catch(refused);
          }
          return { requestId: p.requestId, kind, decision: "approve", via: "security-key" };
        }
        case "devices":
          parse(Empty);
          return {
            simulated: hardware.simulated,
            display: hardware.display?.describe() ?? { state: "none" },
            enrolledKeys: hardware.keyring.list().map((k) => ({ id: k.id, label: k.label })),
          };
        case "keys.list":
          parse(Empty);
          return hardware.keyring.list().map(keyView);
        case "keys.enroll": {
          const p = parse(Enroll);
          const k = await channel.withKey((d) => hardware.keyring.enroll(d, p.label, { signal: withTimeout(p.waitSeconds) })).catch(refused);
          return keyView(k);
        }
        case "keys.remove": {
          const p = parse(RemoveKey);
          const k = await channel.withKey((d) => hardware.keyring.remove(d, p.key, { signal: withTimeout(p.waitSeconds) })).catch(refused);
          return keyView(k);
        }
        case "request.get": {
          const p = parse(RequestRef);
          const r = service.pendingRequest(p.requestId);
          if (!r) throw Object.assign(new Error(`no pending request ${p.requestId} (answered, expired, or never existed; see haltkey status)`), { code: "NOT_FOUND_RESOURCE" });
          return { ...r, onDisplay: channel.where(p.requestId).onDisplay };
        }
        case "approve": {
          const p = parse(Approve);
          if (!service.pendingRequest(p.requestId)) throw Object.assign(new Error(`no pending request ${p.requestId}`), { code: "NOT_FOUND_RESOURCE" });
          const by = await channel.approveWithKey(p.requestId, { signal: withTimeout(p.waitSeconds) }).catch(refused);
          return { requestId: p.requestId, key: by.key, label: by.label };
        }
        case "deny": {
          const p = parse(RequestRef);
          if (!(await service.denyAsOperator(p.requestId, "cli"))) {
            throw Object.assign(new Error(`no pending request ${p.requestId} (answered, expired, or never existed; see haltkey status)`), { code: "NOT_FOUND_RESOURCE" });
          }
          return { requestId: p.requestId, denied: true };
        }
        case "verify": {
          const p = parse(Verify);
          return service.verifyAsOperator(p.challengeId, p.code);
        }
        case "pair.begin": {
          parse(Empty);
          const display = hardware.display;
          if (!display) throw Object.assign(new Error("no approval display is attached"), { code: "NO_DISPLAY" });
          await channel.suspendDisplay();
          return display.pairBegin().catch((e: unknown) => {
            channel.resumeDisplay();
            return refused(e);
          });
        }
        case "pair.confirm": {
          const p = parse(PairConfirm);
          const display = hardware.display;
          if (!display) throw Object.assign(new Error("no approval display is attached"), { code: "NO_DISPLAY" });
          return display.pairConfirm({ signal: withTimeout(p.waitSeconds) }).catch((e: unknown) => {
            channel.resumeDisplay();
            return refused(e);
          });
        }
        case "admin.unblock": {
          const p = parse(Unblock);
          // The unblock needs a touch: the key starts blinking as soon as the request is shown.
          return service.requestUnblock(p.agent, p.waitSeconds * 1000, (id) => {
            void channel.approveWithKey(id, { signal: withTimeout(p.waitSeconds) }).catch((e: Error) => log.warn({ err: e.message, request: id }, "unblock not approved by a key"));
          });
        }
        default:
          throw Object.assign(new Error(`unknown method ${String(method).slice(0, 64)}`), { code: "NOT_FOUND_OPERATION" });
      }
    }
  };

  const listenOn = async (server: Server, path: string, mode: number): Promise<void> => {
    await unlink(path).catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(path, () => {
        server.off("error", reject);
        resolve();
      });
    });
    await chmod(path, mode);
  };
  const sweeper = setInterval(() => {
    service.sweep().catch((e: Error) => log.error({ err: e.message }, "sweep failed"));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const server = serve("agent");
  const operatorServer = serve("operator");
  await listenOn(operatorServer, paths.operatorSocket, 0o600);
  await listenOn(server, paths.socket, opts.socketMode ?? 0o600);

  let http: HttpFrontEnd | undefined;
  let consoleFront: ConsoleFrontEnd | undefined;
  const running: RunningDaemon = {
    service,
    server,
    async close(): Promise<void> {
      clearInterval(sweeper);
      await consoleFront?.close();
      await http?.close();
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
  // HTTP last, so a port in use leaves nothing half-started.
  if (opts.http) {
    try {
      http = await startHttp({ port: opts.http.port, home: paths.home, service, endpointMode: opts.endpointMode ?? "semantic", version: VERSION, log, now: Date.now, randomBytes, uuid: randomUUID });
      service.onDangerZone((n) => http?.announce(n));
    } catch (e) {
      await running.close();
      throw e instanceof HttpStartError ? new DaemonStartError(e.message) : e;
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
