// What each method of the daemon socket does, one handler per method of protocol.ts. A handler
// receives parameters already checked against the method's schema and returns its result type; the
// server checks the result against the schema again before it goes out. Refusals are DaemonErrors
// with the method's declared codes.
import type { CompiledPolicy } from "../core/policy.js";
import { ErrorCode } from "../core/errors.js";
import type { SecurityKeyRecord } from "../core/records.js";
import type { Hardware } from "../devices/discovery.js";
import type { SimulatedHardware } from "../sim/hardware.js";
import type { Logger } from "./log.js";
import type { HaltkeyPaths } from "./paths.js";
import { DaemonError, isErrorCode, METHODS, type KeyView, type Method, type ParsedParams, type Result } from "./protocol.js";
import type { Caller, SafetyService } from "../engine/engine.js";
import { VERSION } from "./version.js";

/** One socket connection: who is calling (set by `hello`). */
export interface Connection {
  caller: Caller;
}

export type Handler<M extends Method> = (params: ParsedParams<M>, conn: Connection) => Promise<Result<M>> | Result<M>;
export type Handlers = { readonly [M in Method]: Handler<M> };

export interface HandlerDeps {
  readonly service: SafetyService;
  readonly hardware: Hardware;
  /** The same devices, when they are the simulated ones (--simulate): what `sim.*` drives. */
  readonly sim: SimulatedHardware | undefined;
  readonly policy: CompiledPolicy;
  readonly paths: HaltkeyPaths;
  readonly endpointMode: "semantic" | "single";
  readonly log: Logger;
  readonly now: () => number;
}

/**
 * A device's refusal (KeyRefusedError, ApprovalRefusedError, the simulator's), under its own code
 * when it is one of ErrorCode, else DEVICE_ERROR naming the device's code.
 */
export function deviceRefusal(e: unknown): DaemonError {
  if (e instanceof DaemonError) return e;
  const err = e instanceof Error ? e : new Error(String(e));
  const code: unknown = (err as Error & { code?: unknown }).code;
  if (isErrorCode(code)) return new DaemonError(code, err.message);
  if (typeof code === "string") return new DaemonError(ErrorCode.deviceError, `${code}: ${err.message}`, { device: code });
  return new DaemonError(ErrorCode.deviceError, err.message);
}

const refuse = (e: unknown): never => {
  throw deviceRefusal(e);
};

const withTimeout = (seconds: number): AbortSignal => AbortSignal.timeout(seconds * 1000);

export function keyView(k: SecurityKeyRecord): KeyView {
  return {
    id: k.id,
    label: k.label,
    protocol: k.protocol,
    transport: k.transport,
    counter: k.counter,
    enrolledAt: new Date(k.enrolledAt).toISOString(),
    ...(k.lastUsedAt ? { lastUsedAt: new Date(k.lastUsedAt).toISOString() } : {}),
  };
}

const noPending = (id: string): DaemonError => new DaemonError(ErrorCode.notFound, `no pending request ${id} (answered, expired, or never existed; see haltkey status)`);
const notSimulated = (): DaemonError => new DaemonError(ErrorCode.permissionDenied, "the daemon is not running with --simulate; sim commands are refused");
const noDisplay = (): DaemonError => new DaemonError(ErrorCode.noDisplay, "no approval display is attached");

export function createHandlers(d: HandlerDeps): Handlers {
  const { service, hardware, policy, log } = d;
  const channel = hardware.channel;
  return {
    async hello(p, conn) {
      const h = await service.hello(p);
      if (!h.ok) throw new DaemonError(ErrorCode.permissionDenied, h.reason);
      conn.caller = h.caller;
      return {
        sessionId: h.caller.sessionId,
        ...(h.credential !== undefined ? { credential: h.credential } : {}),
        resumed: h.resumed,
        keyed: p.sessionKey !== undefined,
        version: VERSION,
        simulated: channel.info.simulated,
        mode: policy.file.mode,
        endpointMode: d.endpointMode,
      };
    },
    aql: (p, conn) => service.call(conn.caller, p.tool, p.arguments),
    // The service builds this view as a plain record; it is checked into the result type here.
    status: () => METHODS.status.result.parse({ version: VERSION, pid: process.pid, socket: d.paths.socket, home: d.paths.home, ...service.status() }),
    "audit.verify": () => service.verifyAudit(),
    devices: () => ({
      simulated: hardware.simulated,
      display: hardware.display?.describe() ?? { state: "none" },
      enrolledKeys: hardware.keyring.list().map((k) => ({ id: k.id, label: k.label })),
    }),
    "keys.list": () => hardware.keyring.list().map(keyView),
    "keys.enroll": async (p) => keyView(await channel.withKey((dev) => hardware.keyring.enroll(dev, p.label, { signal: withTimeout(p.waitSeconds) })).catch(refuse)),
    "keys.remove": async (p) => keyView(await channel.withKey((dev) => hardware.keyring.remove(dev, p.key, { signal: withTimeout(p.waitSeconds) })).catch(refuse)),
    "request.get"(p) {
      const r = service.pendingRequest(p.requestId);
      if (!r) throw noPending(p.requestId);
      return { ...r, onDisplay: channel.where(p.requestId).onDisplay };
    },
    async approve(p) {
      if (!service.pendingRequest(p.requestId)) throw noPending(p.requestId);
      const by = await channel.approveWithKey(p.requestId, { signal: withTimeout(p.waitSeconds) }).catch(refuse);
      return { requestId: p.requestId, key: by.key, label: by.label };
    },
    async deny(p) {
      if (!(await service.denyAsOperator(p.requestId, "cli"))) throw noPending(p.requestId);
      return { requestId: p.requestId, denied: true };
    },
    verify: async (p) => METHODS.verify.result.parse(await service.verifyAsOperator(p.challengeId, p.code)),
    async "pair.begin"() {
      const display = hardware.display;
      if (!display) throw noDisplay();
      await channel.suspendDisplay();
      return display.pairBegin().catch((e: unknown) => {
        channel.resumeDisplay();
        return refuse(e);
      });
    },
    "pair.confirm"(p) {
      const display = hardware.display;
      if (!display) throw noDisplay();
      return display.pairConfirm({ signal: withTimeout(p.waitSeconds) }).catch((e: unknown) => {
        channel.resumeDisplay();
        return refuse(e);
      });
    },
    "admin.unblock": (p) =>
      // The unblock needs a touch: the key starts blinking as soon as the request is shown.
      service.requestUnblock(p.agent, p.waitSeconds * 1000, (id) => {
        void channel.approveWithKey(id, { signal: withTimeout(p.waitSeconds) }).catch((e: Error) => log.warn({ err: e.message, request: id }, "unblock not approved by a key"));
      }),
    async "sim.press"(p) {
      const sim = d.sim;
      if (!sim) throw notSimulated();
      const kind = service.requestKind(p.requestId);
      if (!kind) throw noPending(p.requestId);
      // Display buttons answer confirmations and halt acknowledgements; challenges, unblocks and
      // config changes need the code or a key touch.
      if (kind !== "confirmation" && kind !== "halt") {
        throw new DaemonError(ErrorCode.invalidValue, `${p.requestId} is a ${kind}: answer it with the code (verify_challenge) or a key touch (sim touch)`);
      }
      const where = channel.where(p.requestId);
      if (!where.onDisplay) throw new DaemonError(ErrorCode.invalidValue, `${p.requestId} is not on the display now (another request is shown, or it was too long to show)`);
      await sim.display.press(p.decision, where.shownAt ?? d.now()).catch(refuse);
      return { requestId: p.requestId, kind, decision: p.decision, via: "display" };
    },
    async "sim.touch"(p) {
      const human = d.sim?.human;
      if (!human) throw notSimulated();
      if (p.requestId === undefined) {
        // Whatever the key is blinking for (enrolment, removal): the human touches it.
        if (!human.touchWaiting()) throw new DaemonError(ErrorCode.notFound, "the simulated key is not blinking: nothing is waiting for a touch");
        return { touched: true, via: "security-key" };
      }
      const kind = service.requestKind(p.requestId);
      if (!kind) throw noPending(p.requestId);
      // A key already blinking for this request (haltkey approve / unblock) gets the touch;
      // otherwise the simulated human runs `haltkey approve` with the finger already on the key.
      if (!(channel.isApproving(p.requestId) && human.touchWaiting())) {
        human.arm();
        await channel.approveWithKey(p.requestId, { signal: withTimeout(30) }).catch(refuse);
      }
      return { requestId: p.requestId, kind, decision: "approve", via: "security-key" };
    },
  };
}
