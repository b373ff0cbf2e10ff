// A recording approval channel for service-level tests: it keeps every screen and lets a test
// play the human's decision.
import type { ApprovalChannel, ApprovalScreen, HumanDecision } from "../../src/core/approval-channel.js";

export class RecordingChannel implements ApprovalChannel {
  readonly info = { simulated: true, display: "attached" as const, securityKey: "attached" as const };
  readonly screens: ApprovalScreen[] = [];
  /** Requests taken off the channel, in order. */
  readonly cleared: string[] = [];
  private handler: ((d: HumanDecision) => Promise<void>) | undefined;

  async show(s: ApprovalScreen): Promise<void> {
    this.screens.push(s);
  }
  async clear(requestId: string): Promise<void> {
    this.cleared.push(requestId);
  }
  /** Shown and not taken off since: what the channel still holds (codes included). */
  held(): string[] {
    return [...new Set(this.screens.map((s) => s.requestId))].filter((id) => !this.cleared.includes(id));
  }
  onDecision(h: (d: HumanDecision) => Promise<void>): void {
    this.handler = h;
  }
  /** Plays the human's decision; resolves once the service has applied it. */
  async decide(d: HumanDecision): Promise<void> {
    if (!this.handler) throw new Error("no decision handler registered");
    await this.handler(d);
  }
  /** The code the display showed for a challenge. */
  code(requestId: string): string {
    const s = [...this.screens].reverse().find((x) => x.requestId === requestId && x.code);
    if (!s?.code) throw new Error(`no code for ${requestId}`);
    return s.code;
  }
  /** The latest screen of a kind. */
  last(kind: string): ApprovalScreen {
    const s = [...this.screens].reverse().find((x) => x.kind === kind);
    if (!s) throw new Error(`no ${kind} screen shown`);
    return s;
  }
}
