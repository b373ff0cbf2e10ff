// How the daemon's heap grows. Its live heap is flat (about 23 MB after 10,000 steps, as after
// 1,000: no growth per step), but with V8's defaults its resident size is not: the young generation
// grows from 1 MB to 16 MB a semi-space, 32 MB resident that it never gives back, and the old
// generation may grow to 4 times what survived the last full collection (131 to 151 MB after 10,000
// steps, bench/footprint.ts). Both growths are V8 flags read whenever a space would grow, so they
// work set at run time.
//
// The size is a trade against CPU (issue 14 report: the daemon's CPU a step over 10,000 steps with
// 50 sessions at once on the agent socket, and over MCP HTTP). A step keeps almost nothing, and one
// agent at a time costs no measurable CPU with a 1 MB semi-space; but 50 sessions at once keep their
// requests alive across a scavenge, which a 1 MB semi-space copies and promotes: 28% more CPU a
// step. 4 MB a semi-space (8 MB) costs nothing measurable, so the young generation grows as V8 sees
// fit up to that and no further. The old generation may grow 50% over what survived (V8 picks 10%
// to 300% by its own speed measure). What survives is about 17 to 23 MB, so the old generation
// stays near 27 MB where 100% let it reach 37 MB (session 7: 111 and 112 MB resident after 10,000
// steps against 122 and 124 MB; the steps' CPU on the agent socket the same, over HTTP with 50
// clients 1,052 µs against 998 µs a step, inside that figure's ±50 µs spread). Session 6 measured
// 30% at 11% more CPU a step over HTTP.
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/** The young generation (both semi-spaces) the daemon may grow to. */
export const YOUNG_GENERATION_BYTES = 8 * 1024 * 1024;
/** The young generation: V8's own growth (doubling) until the limit, then none. The old one: 50%. */
export const GROW = "--semi-space-growth-factor=2 --heap-growing-percent=50";
export const STOP = "--semi-space-growth-factor=1";

const youngGenerationBytes = (): number => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;

let limited = false;

/**
 * Limits the old generation's growth, and stops the young generation's once it holds
 * YOUNG_GENERATION_BYTES: checked after each collection, from before the daemon's modules load
 * (main.ts). A check that comes late leaves at most one doubling more; called late, it stops the
 * growth where it is.
 */
export function limitHeapGrowth(): void {
  if (limited) return;
  limited = true;
  setFlagsFromString(GROW);
  if (youngGenerationBytes() >= YOUNG_GENERATION_BYTES) return setFlagsFromString(STOP);
  const observer = new PerformanceObserver(() => {
    if (youngGenerationBytes() < YOUNG_GENERATION_BYTES) return;
    setFlagsFromString(STOP);
    observer.disconnect();
  });
  observer.observe({ entryTypes: ["gc"] });
}
