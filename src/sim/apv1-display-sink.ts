// What the simulated APV1 display (apv1-display.ts) renders, as events, and a sink that appends
// them as JSON lines to a file.
import { appendFile, chmod, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import type { ClearReasonName } from "../hw/apv1.js";

/** Why a request left the screen without a button press. */
export type ClearEventReason = ClearReasonName | "replaced" | "unpaired" | "reset";

export type DisplayEvent =
  | {
      readonly event: "show";
      readonly ts: string;
      readonly requestId: string;
      readonly title: string;
      readonly body: string;
      readonly code: string;
      readonly shownDigest: string;
      readonly ttlSec: number;
      readonly simulated: true;
    }
  | { readonly event: "clear"; readonly ts: string; readonly requestId: string; readonly reason: ClearEventReason; readonly simulated: true }
  | { readonly event: "decision"; readonly ts: string; readonly requestId: string; readonly decision: "approve" | "deny"; readonly simulated: true }
  | { readonly event: "pairing"; readonly ts: string; readonly sas: string; readonly simulated: true };

export type DisplaySink = (event: DisplayEvent) => void;

/**
 * A sink appending one JSON line per event to `path` ($HALTKEY_HOME/sim/display.jsonl): the file
 * is created 0600 in a 0700 directory, since it holds codes. Writes are queued in order; `flush`
 * resolves once everything so far is on disk, or rejects with the first write error.
 */
export function jsonlDisplaySink(path: string): { readonly sink: DisplaySink; flush(): Promise<void> } {
  let ready: Promise<void> | undefined;
  let tail: Promise<void> = Promise.resolve();
  let failure: unknown;
  const sink: DisplaySink = (event) => {
    ready ??= (async () => {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await appendFile(path, "", { mode: 0o600 });
      await chmod(path, 0o600);
    })();
    const line = `${JSON.stringify(event)}\n`;
    tail = tail
      .then(() => ready)
      .then(() => appendFile(path, line, { mode: 0o600 }))
      .catch((e: unknown) => {
        failure ??= e;
      });
  };
  return {
    sink,
    flush: async () => {
      await tail;
      if (failure !== undefined) throw failure;
    },
  };
}
