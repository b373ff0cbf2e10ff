// The daemon loads its approval devices' code only when it starts them (daemon/server.ts). If that
// code cannot be loaded (node-hid's native module missing, a broken install), the start fails
// closed: a DaemonStartError that says so, no socket, and the store closed again.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolvePaths } from "../src/daemon/paths.js";
import { silentLogger } from "../src/daemon/log.js";
import { DaemonStartError, startDaemon } from "../src/daemon/server.js";
import { Store } from "../src/store/store.js";

vi.mock("../src/devices/discovery.js", () => {
  throw new Error("node-hid: cannot open shared object file");
});

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

describe("approval devices whose code does not load", () => {
  it("stop the start: no socket, the store released", async () => {
    const home = mkdtempSync(join(tmpdir(), "hk-dev-"));
    homes.push(home);
    const paths = resolvePaths({ HALTKEY_HOME: home });
    const start = startDaemon({ paths, simulate: false, log: silentLogger() });
    await expect(start).rejects.toBeInstanceOf(DaemonStartError);
    await expect(start).rejects.toThrow(/^cannot start the approval devices: /);
    expect(existsSync(paths.socket)).toBe(false);
    expect(existsSync(paths.operatorSocket)).toBe(false);
    // The store was opened and closed again: another process may open it (LevelDB's lock is free).
    const store = await Store.open(paths.db);
    await store.close();
  });
});
