// The APV1 host in the shape the daemon's hardware channel calls a display link
// (src/devices/hardware-channel.ts).
import { toHex, type DecisionName } from "./apv1.js";
import type { Apv1DeviceSummary, Apv1Host } from "./apv1-host.js";

/** One display request as the daemon's hardware channel phrases it. */
export interface DisplayLinkRequest {
  readonly requestId: string;
  readonly title: string;
  readonly body: string;
  /** "" when a press is all that is asked. */
  readonly code: string;
  readonly actionDigest: Uint8Array;
  readonly ttlSeconds: number;
  /** Approve needs a press of at least 800 ms (SHOW flag bit 0). */
  readonly longPress?: boolean;
}

/**
 * The host in the shape src/devices/hardware-channel.ts calls a `DisplayLink` (structurally: the
 * hw layer does not import the daemon). `open` authenticates the display first, so `cols` and
 * `rows` are the device's; a session dropped by a failure is re-opened on the next `show`.
 */
export class Apv1DisplayLink {
  private constructor(
    readonly host: Apv1Host,
    readonly simulated: boolean,
    private summary: Apv1DeviceSummary,
  ) {}

  static async open(host: Apv1Host, opts: { readonly simulated: boolean }): Promise<Apv1DisplayLink> {
    return new Apv1DisplayLink(host, opts.simulated, await host.hello());
  }

  get cols(): number {
    return this.summary.cols;
  }

  get rows(): number {
    return this.summary.rows;
  }

  async show(r: DisplayLinkRequest): Promise<{ shownDigest: Uint8Array }> {
    if (!this.host.device) this.summary = await this.host.hello();
    const shown = await this.host.show({ requestId: r.requestId, actionDigest: toHex(r.actionDigest), title: r.title, body: r.body, code: r.code, ttlSec: r.ttlSeconds, longPress: r.longPress ?? false });
    return { shownDigest: new Uint8Array(Buffer.from(shown.shownDigest, "hex")) };
  }

  /** The verified decision; rejects with Apv1Error on anything that does not verify. */
  async wait(requestId: string, signal: AbortSignal): Promise<DecisionName> {
    return (await this.host.wait(requestId, { signal })).decision;
  }

  clear(requestId: string): Promise<void> {
    return this.host.clear(requestId);
  }
}
