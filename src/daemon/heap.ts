// How the daemon's V8 heap grows. Its live heap is flat (about 23 MB after 10,000 steps, as after
// 1,000: no growth per step), but with V8's defaults the resident size is not: the young generation
// grows from 1 MB to 16 MB a semi-space (32 MB resident that it never gives back) and the old
// generation is let grow to up to 4 times what survived the last full collection: 131 to 151 MB
// resident after 10,000 steps (bench/footprint.ts). Both are V8 flags read whenever a space would
// grow, so they work set at run time.
//
// Each limit is a trade against CPU, measured (issue 14 report) as the daemon's CPU a step with 50
// sessions at once, on the agent socket and over MCP HTTP, against V8's defaults:
//   - young generation: a step keeps almost nothing, and one agent at a time costs no measurable CPU
//     with a 1 MB semi-space; but 50 sessions at once keep their requests alive across a scavenge,
//     which a 1 MB semi-space copies and promotes (28% more CPU a step on the socket); 4 MB costs
//     nothing measurable. So the daemon starts with 1 MB and, once it serves, lets the young
//     generation grow to 4 MB a semi-space (8 MB) and no further.
//   - old generation: let grow 100% over what survived (V8 picks 10% to 300% by its own speed
//     measure) costs nothing measurable; 30% would keep 9 MB less but costs 11% more CPU a step
//     over HTTP, where the front end promotes more.
// 119 MB after 10,000 steps instead of 131 to 151 MB; 110 MB with 30% and its CPU.
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/** Set before the daemon's modules load: the young generation stays at 1 MB a semi-space, the old one grows 100% over what survived. */
export const DAEMON_V8_FLAGS = "--semi-space-growth-factor=1 --heap-growing-percent=100";

/** The young generation (both semi-spaces) the serving daemon may grow to. */
export const SERVING_YOUNG_GENERATION_BYTES = 8 * 1024 * 1024;

export function limitDaemonHeap(): void {
  setFlagsFromString(DAEMON_V8_FLAGS);
}

const youngGenerationBytes = (): number => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;

/**
 * Once the daemon serves: the young generation doubles as V8 sees fit until it holds
 * SERVING_YOUNG_GENERATION_BYTES, then grows no more. Checked after each collection; a check that
 * comes late leaves at most one doubling more (16 MB), still half of V8's default.
 */
export function youngGenerationForServing(): void {
  if (youngGenerationBytes() >= SERVING_YOUNG_GENERATION_BYTES) return setFlagsFromString("--semi-space-growth-factor=1");
  setFlagsFromString("--semi-space-growth-factor=2");
  const observer = new PerformanceObserver(() => {
    if (youngGenerationBytes() < SERVING_YOUNG_GENERATION_BYTES) return;
    setFlagsFromString("--semi-space-growth-factor=1");
    observer.disconnect();
  });
  observer.observe({ entryTypes: ["gc"] });
}
