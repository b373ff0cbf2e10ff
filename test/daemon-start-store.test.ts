// The daemon opens its store while the policy and the rule packs compile (daemon/server.ts). A start
// refused after that (a bad policy, another daemon on the socket) closes the store it opened, and a
// running daemon's store is not touched by a second start.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths } from "../src/daemon/paths.js";
import { silentLogger } from "../src/daemon/log.js";
import { startDaemon } from "../src/daemon/server.js";
import { Store } from "../src/store/store.js";

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

function home(): string {
  const h = mkdtempSync(join(tmpdir(), "hk-start-"));
  homes.push(h);
  return h;
}

describe("a start refused after the store opened", () => {
  it("for its policy: the store is released, and the next start with a good policy serves", async () => {
    const h = home();
    const paths = resolvePaths({ HALTKEY_HOME: h });
    const bad = join(h, "policy.json");
    writeFileSync(bad, JSON.stringify({ maxAutonomousSteps: "many" }));
    await expect(startDaemon({ paths, simulate: true, policyPath: bad, log: silentLogger() })).rejects.toThrow(/maxAutonomousSteps/);
    // LevelDB's lock is free again in this same process.
    const store = await Store.open(paths.db);
    await store.close();
    const daemon = await startDaemon({ paths, simulate: true, log: silentLogger() });
    expect(daemon.service.status().mode).toBe("enforcing");
    await daemon.close();
  });

  it("for a daemon already running: that is what it says, and the running daemon keeps its store", async () => {
    const paths = resolvePaths({ HALTKEY_HOME: home() });
    const first = await startDaemon({ paths, simulate: true, log: silentLogger() });
    let head: { seq: number; hash: string };
    try {
      await expect(startDaemon({ paths, simulate: true, log: silentLogger() })).rejects.toThrow(/already running/);
      head = { ...first.service.auditHead };
    } finally {
      await first.close();
    }
    // The store the first daemon closed opens whole, at the audit head it had.
    const store = await Store.open(paths.db);
    try {
      expect(store.auditHead).toEqual(head);
      expect(head.seq, "control: the daemon's start wrote to its audit log").toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
