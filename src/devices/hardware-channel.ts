// The approval channel on devices: an APV1 display (shows the action and the code, answers with
// a MAC'd button press) and FIDO2/U2F security keys (a touch bound to one request's challenge).
// Real hardware and the simulators are driven by this same code; only the `DisplayLink` and
// `KeySource` behind it differ (node-hid, or an in-memory transport to a simulator).
//
// What the human approves is bound to the request three ways: the display's decision carries the
// request id and the digest of exactly what it rendered (checked by the APV1 host), and a key's
// challenge is SHA-256("APV1-fido" ‖ requestId ‖ actionDigest ‖ shownDigest) (hardware-channel.md §5.5),
// itself hashed with the audit head so that the touch also signs a checkpoint of the audit chain.
import { timingSafeEqual } from "node:crypto";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { ApprovalChannelInfo } from "../core/introspect.js";
import { fitsDisplay } from "../hw/apv1-text.js";
import type { DisplayLinkRequest } from "../hw/apv1-display-link.js";
import { sha256 } from "../hw/bytes.js";
import { approvalChallenge, preloadVerifier, type RelyingParty } from "../hw/webauthn.js";
import type { ApprovalChannel, ApprovalScreen, HumanDecision, RequestKind } from "../core/approval-channel.js";
import type { KeyCallOptions, KeyDevice, KeyRing } from "./keyring.js";
import type { Logger } from "../daemon/log.js";

/** What the daemon needs from a paired display: Apv1DisplayLink (src/hw/apv1-display-link.ts), or the simulator's flushing wrapper of it. */
export interface DisplayLink {
  readonly cols: number;
  readonly rows: number;
  readonly simulated: boolean;
  /** Shows one request; resolves with the digest of what the device rendered. */
  show(s: DisplayLinkRequest): Promise<{ shownDigest: Uint8Array }>;
  /** The verified decision for the request on screen; rejects on any protocol or device failure. */
  wait(requestId: string, signal: AbortSignal): Promise<"approve" | "deny" | "expired" | "cancelled" | "replaced">;
  clear(requestId: string): Promise<void>;
}

/** Where security keys come from: node-hid enumeration, or the simulator. */
export interface KeySource {
  readonly simulated: boolean;
  /** The first attached key, opened; undefined when none is plugged in. */
  open(): Promise<KeyDevice | undefined>;
}

export class ApprovalRefusedError extends Error {
  constructor(
    readonly code: "UNKNOWN_REQUEST" | "NO_KEY_ATTACHED" | "NO_KEYS_ENROLLED" | "STALE_CHALLENGE" | "NEEDS_USB_KEY",
    message: string,
  ) {
    super(message);
  }
}

interface Shown {
  readonly screen: ApprovalScreen;
  readonly digest: Uint8Array;
  /** Resolves once the display rendered it, skipped it or failed: `show` returns then. */
  readonly settled: Promise<void>;
  readonly settle: () => void;
  shownDigest?: Uint8Array;
  shownAt?: number;
}

const TITLES: Record<RequestKind, string> = {
  confirmation: "APPROVE ACTION?",
  challenge: "CODE FOR AGENT",
  unblock: "UNBLOCK AGENT?",
  halt: "ACKNOWLEDGE HALT?",
  config: "CHANGE HALT CONFIG?",
  enrol: "ENROLL BROWSER KEY?",
};

/** Inverse of TITLES, for tools that read the simulated display (tests, demos). */
export const KIND_OF_TITLE: ReadonlyMap<string, RequestKind> = new Map(Object.entries(TITLES).map(([k, t]) => [t, k as RequestKind]));

/**
 * Display text is printable ASCII in APV1 v1 (the device rejects anything else rather than
 * guessing). Anything outside it is written as \u{XXXX}, so a look-alike letter shows as what it is.
 */
export function asciiForDisplay(text: string): string {
  let out = "";
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += c >= 0x20 && c <= 0x7e ? ch : `\\u{${c.toString(16).toUpperCase()}}`;
  }
  return out;
}

export class HardwareChannel implements ApprovalChannel {
  private handler: ((d: HumanDecision) => Promise<void>) | undefined;
  private readonly screens = new Map<string, Shown>();
  /** Requests waiting for the display, newest first: a new request replaces the one on screen. */
  private readonly queue: string[] = [];
  private onScreen: { id: string; abort: AbortController; why?: "replaced" | "cleared" } | undefined;
  private driving = false;
  private closing = false;
  /** Requests a key is blinking for right now. */
  private readonly approving = new Set<string>();

  private display: DisplayLink | undefined;
  /** Set while a pairing has the device: the link to go back to if the pairing fails. */
  private suspended: DisplayLink | undefined;
  private driver: Promise<void> = Promise.resolve();

  constructor(
    private readonly d: {
      readonly display: DisplayLink | undefined;
      readonly keys: KeySource;
      readonly keyring: KeyRing;
      readonly log: Logger;
      readonly now: () => number;
      /** Device and protocol failures go to the audit log (bad MAC, replay, unplug). */
      readonly audit: (type: string, data: Record<string, unknown>) => void;
    },
  ) {
    this.display = d.display;
  }

  /** The daemon is stopping: what is on screen is abandoned quietly, not reported as a device failure. */
  async close(): Promise<void> {
    this.closing = true;
    this.onScreen?.abort.abort();
    await this.driver;
  }

  /** A display paired while the daemon runs takes over from the next request on. */
  setDisplay(link: DisplayLink): void {
    this.display = link;
    this.suspended = undefined;
    for (const id of this.screens.keys()) if (!this.queue.includes(id)) this.queue.push(id);
    this.drive();
  }

  get info(): ApprovalChannelInfo {
    return {
      simulated: (this.display?.simulated ?? false) || this.d.keys.simulated,
      display: this.display ? "attached" : "none",
      securityKey: this.d.keyring.size > 0 ? "attached" : "none",
    };
  }

  onDecision(handler: (d: HumanDecision) => Promise<void>): void {
    this.handler = handler;
  }

  async show(screen: ApprovalScreen): Promise<void> {
    const known = this.screens.get(screen.requestId);
    if (known) return; // shown or queued already; asking again changes nothing on the device
    const digest = screen.actionDigest ? Buffer.from(screen.actionDigest, "hex") : sha256(`${screen.kind}\0${screen.agent}\0${screen.text}`);
    let settle = (): void => undefined;
    const settled = new Promise<void>((r) => (settle = r));
    const entry: Shown = { screen, digest, settled, settle };
    this.screens.set(screen.requestId, entry);
    // A touch may follow: its verification should not wait for the verifier to load.
    if (this.d.keyring.size > 0) preloadVerifier();
    if (!this.display) return;
    // Newest first: the request the human was just told about is the one on the display. The one
    // it replaces is shown again afterwards; the device's 500 ms input lock after every SHOW keeps
    // a press meant for the old screen from landing on the new one.
    // Requests this one overtakes before they reached the screen wait in the queue; their agents
    // are answered now rather than when the display gets to them.
    for (const id of this.queue) this.screens.get(id)?.settle();
    this.queue.unshift(screen.requestId);
    if (this.onScreen && this.onScreen.id !== screen.requestId) {
      this.onScreen.why = "replaced";
      this.onScreen.abort.abort();
    }
    this.drive();
    // The agent's answer goes out once the human can see the request (or the display gave up),
    // but a stuck device never holds the agent longer than this.
    await Promise.race([settled, new Promise<void>((r) => setTimeout(r, SHOW_WAIT_MS).unref())]);
  }

  async clear(requestId: string): Promise<void> {
    this.screens.delete(requestId);
    const i = this.queue.indexOf(requestId);
    if (i >= 0) this.queue.splice(i, 1);
    if (this.onScreen?.id === requestId) {
      this.onScreen.why = "cleared";
      this.onScreen.abort.abort();
    }
  }

  /**
   * Takes the display off the approval path while it pairs (pairing mode power-cycles it): the
   * request on screen goes back to the queue and nothing is shown until `setDisplay` or
   * `resumeDisplay`.
   */
  async suspendDisplay(): Promise<void> {
    if (!this.display) return;
    this.suspended = this.display;
    this.display = undefined;
    if (this.onScreen) {
      this.onScreen.why = "replaced";
      this.onScreen.abort.abort();
    }
    await this.driver;
  }

  /** The pairing failed: the display paired before it is used again. */
  resumeDisplay(): void {
    if (this.suspended) this.setDisplay(this.suspended);
  }

  /** Where a request is now, for the CLI: on the display, queued behind another, or key only. */
  where(requestId: string): { known: boolean; onDisplay: boolean; shownAt?: number; text?: string; kind?: RequestKind } {
    const s = this.screens.get(requestId);
    if (!s) return { known: false, onDisplay: false };
    return { known: true, onDisplay: this.onScreen?.id === requestId, ...(s.shownAt ? { shownAt: s.shownAt } : {}), text: s.screen.text, kind: s.screen.kind };
  }

  /**
   * The human touches a key for one request (`haltkey approve <id>`). The challenge commits to the
   * request id, the action digest and, when the display showed it, what the display rendered.
   */
  async approveWithKey(requestId: string, opts: KeyCallOptions = {}): Promise<{ key: string; label: string }> {
    const s = this.screens.get(requestId);
    if (!s) throw new ApprovalRefusedError("UNKNOWN_REQUEST", `no pending request ${requestId} (it may have been answered or expired; see \`haltkey status\`)`);
    if (this.d.keyring.size === 0) throw new ApprovalRefusedError("NO_KEYS_ENROLLED", "no security key is enrolled; enroll one with `haltkey enroll`");
    return this.withKey(async (device) => {
      this.approving.add(requestId);
      try {
        // The touch also signs the audit head (a checkpoint, store/checkpoint.ts).
        const binding = approvalChallenge(requestId, s.digest, s.shownDigest);
        return this.approvedBy(requestId, await this.d.keyring.assertCheckpointed(device, binding, { purpose: "approve", request: requestId, kind: s.screen.kind }, opts));
      } finally {
        this.approving.delete(requestId);
      }
    });
  }

  /**
   * A verified touch (key or browser) answers the request, if it is still pending; resolves once
   * the engine has applied the answer durably, so whoever touched (`haltkey approve`, `sim touch`,
   * the console) returns after the agent's next step would see it.
   */
  private async approvedBy(requestId: string, key: { id: string; label: string }): Promise<{ key: string; label: string }> {
    if (!this.screens.has(requestId)) throw new ApprovalRefusedError("UNKNOWN_REQUEST", `request ${requestId} was answered or expired while waiting for the touch`);
    await this.handler?.({ requestId, decision: "approve", via: "security-key" });
    return { key: key.id, label: key.label };
  }

  /**
   * The challenge a key would sign for this request now (the CTAP path's, above), for the
   * operator console's browser; undefined when no such request is pending.
   */
  approvalChallengeFor(requestId: string): Uint8Array | undefined {
    const s = this.screens.get(requestId);
    return s ? approvalChallenge(requestId, s.digest, s.shownDigest) : undefined;
  }

  /**
   * Approves a request with an assertion the console's browser made with an enrolled browser
   * credential. `challenge` is what the browser signed: the request's approval challenge followed
   * by a fresh nonce (BROWSER_NONCE_BYTES), so one assertion answers one console ceremony only.
   * The human decision is the same as a key touch's (via "security-key"); the audit says browser.
   */
  async approveWithBrowserKey(requestId: string, challenge: Uint8Array, response: AuthenticationResponseJSON, rp: RelyingParty): Promise<{ key: string; label: string }> {
    const s = this.screens.get(requestId);
    if (!s) throw new ApprovalRefusedError("UNKNOWN_REQUEST", `no pending request ${requestId} (it may have been answered or expired)`);
    // A browser key never approves the enrolment of a browser key: otherwise one browser
    // credential could multiply itself without any USB key.
    if (s.screen.kind === "enrol") throw new ApprovalRefusedError("NEEDS_USB_KEY", `request ${requestId} enrols a browser key; only an enrolled key over CTAP may approve it: haltkey approve ${requestId}`);
    const binding = approvalChallenge(requestId, s.digest, s.shownDigest);
    if (challenge.length !== binding.length + BROWSER_NONCE_BYTES || !timingSafeEqual(challenge.subarray(0, binding.length), binding)) {
      // The display rendered the request (or rendered it again) after the browser was asked.
      throw new ApprovalRefusedError("STALE_CHALLENGE", `request ${requestId} changed on the approval display since the browser was asked; approve again`);
    }
    return this.approvedBy(requestId, await this.d.keyring.assertBrowser(response, challenge, { purpose: "approve", request: requestId, kind: s.screen.kind, via: "browser" }, rp));
  }

  isApproving(requestId: string): boolean {
    return this.approving.has(requestId);
  }

  /** Every key ceremony (approval, enrolment, removal) runs on the first attached key. */
  async withKey<T>(run: (device: KeyDevice) => Promise<T>): Promise<T> {
    const device = await this.d.keys.open();
    if (!device) throw new ApprovalRefusedError("NO_KEY_ATTACHED", "no security key is plugged in; insert an enrolled key and try again");
    try {
      return await run(device);
    } finally {
      await device.close().catch(() => undefined);
    }
  }

  /**
   * One request at a time on the device (APV1 §10.4), driven by one loop so SHOW, WAIT and CLEAR
   * never interleave: show the newest request, wait for its answer, or clear it when it is
   * replaced or answered elsewhere.
   */
  private drive(): void {
    if (this.driving) return;
    this.driving = true;
    this.driver = (async () => {
      try {
        for (;;) {
          const display = this.display;
          const id = this.queue[0];
          if (!display || id === undefined || this.closing) break;
          await this.showAndWait(display, id);
        }
      } finally {
        this.driving = false;
      }
    })();
  }

  private async showAndWait(display: DisplayLink, id: string): Promise<void> {
    const s = this.screens.get(id);
    const drop = (): void => {
      const i = this.queue.indexOf(id);
      if (i >= 0) this.queue.splice(i, 1);
    };
    if (!s) return drop();
    const dropAndSettle = (): void => {
      drop();
      s.settle();
    };
    if (s.screen.expiresAt <= this.d.now()) {
      // Expired while queued (its request ended unanswered): never shown, and forgotten.
      dropAndSettle();
      this.screens.delete(id);
      return;
    }
    const body = asciiForDisplay(s.screen.text);
    if (!fitsDisplay(body, display.cols, display.rows)) {
      // Never cut: a screen this device cannot show whole (its text is already as short as the
      // daemon can make it without hiding what runs, display-text.ts) is left to a key touch after
      // the CLI showed the whole action and its digest (`haltkey show`, `haltkey approve`).
      dropAndSettle();
      this.d.log.warn({ requestId: id, chars: body.length, cols: display.cols, rows: display.rows }, `too long for this display; \`haltkey approve ${id}\` shows it in full and a key touch approves it`);
      this.d.audit("display_skipped_too_long", { request: id, chars: body.length, cols: display.cols, rows: display.rows });
      return;
    }
    const abort = new AbortController();
    const current: { id: string; abort: AbortController; why?: "replaced" | "cleared" } = { id, abort };
    this.onScreen = current;
    try {
      const ttlSeconds = Math.min(600, Math.ceil((s.screen.expiresAt - this.d.now()) / 1000));
      const shown = await display.show({ requestId: id, title: TITLES[s.screen.kind], body, code: s.screen.code ?? "", actionDigest: s.digest, ttlSeconds, longPress: true });
      s.shownDigest = shown.shownDigest;
      s.shownAt = this.d.now();
      s.settle();
      if (!abort.signal.aborted) {
        const decision = await display.wait(id, abort.signal);
        if (!abort.signal.aborted) {
          drop();
          if (decision === "approve" || decision === "deny") void this.handler?.({ requestId: id, decision, via: "display" });
          return;
        }
      }
    } catch (e) {
      if (!abort.signal.aborted) {
        // Bad MAC, replay, unplug, timeout: never an approval. Audited; the request stays pending
        // for a key touch.
        dropAndSettle();
        const err = e as Error & { code?: string };
        this.d.log.error({ err: err.message, requestId: id }, "approval display failed");
        this.d.audit("display_failed", { request: id, error: err.code ?? "DISPLAY_ERROR", message: err.message.slice(0, 300) });
        return;
      }
    } finally {
      if (this.onScreen === current) this.onScreen = undefined;
    }
    // Replaced by a newer request (it stays queued) or answered elsewhere: take it off the screen.
    s.shownAt = undefined;
    await display.clear(id).catch((e: Error) => this.d.log.warn({ err: e.message, requestId: id }, "display did not clear"));
  }
}

const SHOW_WAIT_MS = 3000;

/** The fresh part of a browser approval's challenge, after the request's approval challenge. */
export const BROWSER_NONCE_BYTES = 16;

