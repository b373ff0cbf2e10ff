// How the daemon's V8 heap grows. Its live heap is flat (about 23 MB after 10,000 steps, as after
// 1,000: no growth per step), but with V8's defaults the resident size is not: the young generation
// grows from 1 MB to 16 MB a semi-space (32 MB resident that it never gives back) and the old
// generation is let grow to up to 4 times what survived the last full collection, 145 MB resident
// after 10,000 steps. A step allocates little and keeps almost nothing, so a young generation at its
// first size (one scavenge every few steps, each over a handful of survivors) and an old generation
// let grow 30% over what survived cost no measurable CPU per step and keep the daemon near 100 MB
// (bench/footprint.ts; the figures are in the report of issue 14).
import { setFlagsFromString } from "node:v8";

/** Read by V8 whenever it would grow a space, so they work set at run time, before the daemon allocates much. */
export const DAEMON_V8_FLAGS = "--semi-space-growth-factor=1 --heap-growing-percent=30";

export function limitDaemonHeap(): void {
  setFlagsFromString(DAEMON_V8_FLAGS);
}
