// The approval channel: where the human sees what is asked and answers. The daemon only ever hands
// a code to `show`; it never returns one anywhere else. Implementations: the simulated display and
// key (tests and demos, --simulate), and none (no device: requests wait, nothing is approved).
// The hardware issue adds the APV1 display and the FIDO2 key behind the same interface.
import { appendFile, chmod, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import type { ApprovalChannelInfo } from "../core/introspect.js";
import type { Logger } from "./log.js";

export type RequestKind = "confirmation" | "challenge" | "unblock" | "halt" | "config";

export interface ApprovalScreen {
  readonly requestId: string;
  readonly kind: RequestKind;
  readonly agent: string;
  /** The action exactly as the human is asked to judge it (already sanitised). */
  readonly text: string;
  /** Only for challenges: the code, grouped. Never leaves the channel. */
  readonly code?: string;
  /** Hex SHA-256 of the exact action approved (verify/digest.ts); a key's challenge commits to it. */
  readonly actionDigest?: string;
  readonly expiresAt: number;
}

export type Via = "display" | "security-key";

export interface HumanDecision {
  readonly requestId: string;
  readonly decision: "approve" | "deny";
  readonly via: Via;
}

export interface ApprovalChannel {
  readonly info: ApprovalChannelInfo;
  show(screen: ApprovalScreen): Promise<void>;
  clear(requestId: string): Promise<void>;
  onDecision(handler: (d: HumanDecision) => void): void;
}

/**
 * Simulated display and security key. The display appends every screen as a JSON line to
 * display.jsonl (0600); `press` and `touch` play the human. Named "simulated" everywhere it shows.
 */
export class SimulatedChannel implements ApprovalChannel {
  readonly info: ApprovalChannelInfo = { simulated: true, display: "attached", securityKey: "attached" };
  private handler: ((d: HumanDecision) => void) | undefined;
  private writes: Promise<void> = Promise.resolve();
  private ready: Promise<void> | undefined;

  constructor(private readonly displayLog: string) {}

  private append(line: Record<string, unknown>): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(dirname(this.displayLog), { recursive: true, mode: 0o700 });
      await appendFile(this.displayLog, "", { mode: 0o600 });
      await chmod(this.displayLog, 0o600);
    })();
    const write = this.writes.then(() => this.ready).then(() => appendFile(this.displayLog, `${JSON.stringify(line)}\n`, { mode: 0o600 }));
    this.writes = write.catch(() => undefined);
    return write;
  }

  show(s: ApprovalScreen): Promise<void> {
    return this.append({
      event: "show",
      ts: new Date().toISOString(),
      requestId: s.requestId,
      kind: s.kind,
      agent: s.agent,
      text: s.text,
      ...(s.code !== undefined ? { code: s.code } : {}),
      expiresAt: new Date(s.expiresAt).toISOString(),
      simulated: true,
    });
  }

  clear(requestId: string): Promise<void> {
    return this.append({ event: "clear", ts: new Date().toISOString(), requestId, simulated: true });
  }

  onDecision(handler: (d: HumanDecision) => void): void {
    this.handler = handler;
  }

  press(requestId: string, decision: "approve" | "deny"): void {
    this.handler?.({ requestId, decision, via: "display" });
  }

  touch(requestId: string): void {
    this.handler?.({ requestId, decision: "approve", via: "security-key" });
  }
}

/** No device attached: requests are logged (without codes) and can never be approved. */
export class NoChannel implements ApprovalChannel {
  readonly info: ApprovalChannelInfo = { simulated: false, display: "none", securityKey: "none" };
  constructor(private readonly log: Logger) {}
  async show(s: ApprovalScreen): Promise<void> {
    this.log.warn({ requestId: s.requestId, kind: s.kind, agent: s.agent }, "no approval device attached: this request cannot be answered");
  }
  async clear(): Promise<void> {}
  onDecision(): void {}
}
