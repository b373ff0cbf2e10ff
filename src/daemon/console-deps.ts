// What the operator console (console.ts) reads from and asks of the daemon.
import type { HardwareChannel } from "../devices/hardware-channel.js";
import type { KeyRing } from "../devices/keyring.js";
import type { SafetyService } from "../engine/engine.js";
import type { Logger } from "./log.js";

export type ConsoleService = Pick<
  SafetyService,
  "status" | "pendingRequest" | "denyAsOperator" | "askHuman" | "waitForHuman" | "unacknowledgedHalts" | "recentAudit" | "verifyAudit" | "auditHead"
>;

export interface ConsoleDeps {
  /** 0 picks a free port. */
  readonly port: number;
  readonly home: string;
  readonly service: ConsoleService;
  readonly channel: Pick<HardwareChannel, "approvalChallengeFor" | "approveWithBrowserKey" | "where">;
  readonly keyring: Pick<KeyRing, "list" | "browserKeys" | "verifyBrowserRegistration" | "addBrowserKey">;
  readonly simulated: boolean;
  readonly version: string;
  readonly log: Logger;
  readonly now: () => number;
  readonly randomBytes: (n: number) => Buffer;
  readonly uuid: () => string;
}
