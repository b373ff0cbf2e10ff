// The daemon's heap limits (daemon/heap.ts) as V8 applies them, in a fresh Node process: a young
// generation that would grow to V8's default of 32 MB under an allocation load that keeps much
// alive stays at its limit. Run from dist/, like the CLI.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const HEAP = fileURLToPath(new URL("../dist/src/daemon/heap.js", import.meta.url));

/** Young generation bytes after an allocation load with many survivors, with or without the daemon's limits. */
function youngAfterLoad(limited: boolean): { young: number; serving: number } {
  const code = `
    import { getHeapSpaceStatistics } from "node:v8";
    import { limitHeapGrowth, YOUNG_GENERATION_BYTES } from ${JSON.stringify(HEAP)};
    if (${limited}) limitHeapGrowth();
    let keep = [];
    for (let round = 0; round < 200; round++) {
      for (let i = 0; i < 20000; i++) keep.push({ i, s: "x" + i });
      if (keep.length > 400000) keep = [];
      await new Promise((r) => setImmediate(r));
    }
    const young = getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
    process.stdout.write(JSON.stringify({ young, serving: YOUNG_GENERATION_BYTES }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { young: number; serving: number };
}

describe("the daemon's young generation", () => {
  it("grows to its limit and no further, where V8's default grows to 32 MB", () => {
    const control = youngAfterLoad(false);
    expect(control.young, "control: this load grows V8's default young generation past the serving size").toBeGreaterThan(control.serving);
    const limited = youngAfterLoad(true);
    // At its limit; a check after a collection that comes late leaves one doubling more at most.
    expect(limited.young).toBeGreaterThanOrEqual(limited.serving);
    expect(limited.young).toBeLessThanOrEqual(2 * limited.serving);
    expect(limited.young).toBeLessThan(control.young);
  });
});
