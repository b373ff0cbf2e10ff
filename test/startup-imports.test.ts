// What the daemon and the shim load at start-up (docs/performance.md, cold start): the daemon
// leaves SimpleWebAuthn and the operator console unloaded until they are used, loads only the
// hardware set it uses and no commander, and `haltkey mcp` and `haltkey serve` read their own
// options (cli/mcp-main.ts, cli/serve-command.ts) exactly where commander would accept them.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { mcpOptions } from "../src/cli/mcp-main.js";
import { serveOptions } from "../src/cli/serve-command.js";
import { GROW, STOP } from "../src/daemon/heap.js";
import { CLI, cleanup, tempHome } from "./helpers/daemon.js";

const RECORDER = fileURLToPath(new URL("./fixtures/import-recorder/register.mjs", import.meta.url));
const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) cleanup(h);
});

/** The modules `haltkey serve <args>` resolved by the time it said it serves, then stopped. */
async function serveImports(args: string[], simulate = true): Promise<string[]> {
  const home = tempHome();
  homes.push(home);
  const file = join(home, "imports.txt");
  const d = spawn(process.execPath, ["--import", RECORDER, CLI, "serve", ...(simulate ? ["--simulate"] : []), ...args], { env: { ...process.env, HALTKEY_HOME: home, HALTKEY_TEST_IMPORTS: file }, stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise<number | null>((r) => d.once("exit", (code) => r(code)));
  await new Promise<void>((res, rej) => {
    let err = "";
    d.stderr!.on("data", (b: Buffer) => {
      err += b.toString();
      // The banner's last line: written in the same turn as the SIGTERM handler is installed.
      if (err.includes("Next, in another terminal")) res();
    });
    void exited.then((code) => rej(new Error(`serve exited ${code}: ${err}`)));
  });
  d.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(existsSync(file)).toBe(true);
  return readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
}

describe("haltkey serve start-up", () => {
  it("without --console loads neither SimpleWebAuthn nor the console's server", async () => {
    const loaded = await serveImports([]);
    expect(loaded.some((u) => u.endsWith("/daemon/server.js")), "control: the recorder saw the daemon").toBe(true);
    expect(loaded.filter((u) => u.includes("/@simplewebauthn/") || u.endsWith("/daemon/console-server.js"))).toEqual([]);
  });

  it("loads no commander, and the simulated devices only with --simulate", async () => {
    const simulated = await serveImports([]);
    expect(simulated.some((u) => u.endsWith("/sim/hardware.js")), "control: --simulate loads the simulator").toBe(true);
    expect(simulated.filter((u) => u.includes("/commander/"))).toEqual([]);
    const real = await serveImports([], false);
    expect(real.some((u) => u.endsWith("/devices/discovery.js")), "control: the real devices are looked for").toBe(true);
    expect(real.filter((u) => u.includes("/src/sim/") || u.includes("/commander/"))).toEqual([]);
  });

  it("runs from the bundle: every module of its own it loads is a file of the bundle (scripts/bundle.mjs)", async () => {
    const loaded = await serveImports([]);
    const own = loaded.filter((u) => !u.startsWith("bundled ") && u.includes("/dist/"));
    expect(own.some((u) => /\/dist\/src\/cli\/hk-[\w-]+\.js$/.test(u)), "control: bundle files were loaded").toBe(true);
    expect(own.filter((u) => !/\/dist\/src\/cli\/(?:main|hk-[\w-]+)\.js$/.test(u))).toEqual([]);
  });

  it("with --console loads the console's server", async () => {
    const loaded = await serveImports(["--console", "0"]);
    expect(loaded.some((u) => u.endsWith("/daemon/console-server.js"))).toBe(true);
  });
});

describe("haltkey mcp start-up", () => {
  it("serves initialize, tools/list and a tool call without loading zod or the MCP SDK", async () => {
    const home = tempHome();
    homes.push(home);
    const file = join(home, "imports.txt");
    const shim = spawn(process.execPath, ["--import", RECORDER, CLI, "mcp", "--no-autostart"], { env: { ...process.env, HALTKEY_HOME: home, HALTKEY_TEST_IMPORTS: file }, stdio: ["pipe", "pipe", "ignore"] });
    const exited = new Promise<number | null>((r) => shim.once("exit", (code) => r(code)));
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "mcp_aql_create", arguments: { operation: "record_execution_step", params: {} } } },
    ];
    shim.stdin!.write(lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
    const answered = await new Promise<string>((res) => {
      let out = "";
      shim.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.split("\n").length > 3) res(out);
      });
    });
    shim.stdin!.end();
    expect(await exited).toBe(0);
    // Control: all three were answered, the call with the daemon-unavailable refusal.
    expect(answered).toContain("INTERNAL_DAEMON_UNAVAILABLE");
    const loaded = readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
    expect(loaded.some((u) => u.endsWith("/mcp/shim-server.js")), "control: the recorder saw the shim").toBe(true);
    expect(loaded.filter((u) => u.includes("/zod/") || u.includes("/@modelcontextprotocol/") || u.endsWith("/daemon/protocol.js") || u.endsWith("/mcp/tools.js"))).toEqual([]);
  });
});

describe("haltkey mcp options, read without commander", () => {
  it("reads what commander accepts for `mcp`", () => {
    expect(mcpOptions([])).toEqual({ simulate: false, autostart: true, endpointMode: "semantic" });
    expect(mcpOptions(["--simulate", "--no-autostart", "--single-tool", "--policy", "p.json"])).toEqual({ simulate: true, autostart: false, endpointMode: "single", policyPath: "p.json" });
    expect(mcpOptions(["--policy=/etc/haltkey/policy.yaml"])).toEqual({ simulate: false, autostart: true, endpointMode: "semantic", policyPath: "/etc/haltkey/policy.yaml" });
  });

  it("leaves anything else to commander, which refuses it as before", () => {
    for (const other of [["--bogus"], ["--policy"], ["--policy", "--simulate"], ["--policy="], ["extra"], ["--help"]]) expect(mcpOptions(other), other.join(" ")).toBeUndefined();
    const r = spawnSync(process.execPath, [CLI, "mcp", "--bogus"], { env: { ...process.env, HALTKEY_HOME: "/nonexistent/haltkey-test" }, encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown option '--bogus'/);
  });
});

describe("haltkey serve options, read without commander", () => {
  it("reads what commander accepts for `serve`", () => {
    expect(serveOptions([])).toEqual({ simulate: false, singleTool: false });
    expect(serveOptions(["--simulate", "--single-tool", "--policy", "p.yaml", "--socket-mode", "660", "--http", "0", "--console", "8080", "--hook-http=65535"])).toEqual({
      simulate: true,
      singleTool: true,
      policy: "p.yaml",
      socketMode: 0o660,
      http: 0,
      console: 8080,
      hookHttp: 65535,
    });
    expect(serveOptions(["--policy=/etc/haltkey/policy.json", "--socket-mode=600"])).toEqual({ simulate: false, singleTool: false, policy: "/etc/haltkey/policy.json", socketMode: 0o600 });
  });

  it("leaves anything else to commander: unknown, repeated, missing or refused values, --help", () => {
    for (const other of [
      ["--bogus"],
      ["extra"],
      ["--help"],
      ["--policy"],
      ["--policy="],
      ["--policy", "--simulate"],
      ["--simulate", "--simulate"],
      ["--simulate=yes"],
      ["--socket-mode", "644"],
      ["--socket-mode", "0600"],
      ["--http", "65536"],
      ["--http", "-1"],
      ["--console", "80a"],
      ["--ready-fd", "4"],
    ])
      expect(serveOptions(other), other.join(" ")).toBeUndefined();
  });

  it("commander then refuses them with its own message", () => {
    const r = spawnSync(process.execPath, [CLI, "serve", "--socket-mode", "644"], { env: { ...process.env, HALTKEY_HOME: "/nonexistent/haltkey-test" }, encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/socket mode must be 600 or 660/);
    const bogus = spawnSync(process.execPath, [CLI, "serve", "--bogus"], { env: { ...process.env, HALTKEY_HOME: "/nonexistent/haltkey-test" }, encoding: "utf8", timeout: 60_000 });
    expect(bogus.status).toBe(1);
    expect(bogus.stderr).toMatch(/unknown option '--bogus'/);
  });
});

describe("the daemon's heap flags", () => {
  // v8.setFlagsFromString ignores a flag V8 does not know; node on its command line refuses it.
  it("are flags this Node's V8 knows", () => {
    const ok = spawnSync(process.execPath, [...GROW.split(" "), "-e", "0"], { encoding: "utf8", timeout: 60_000 });
    expect(ok.status, ok.stderr).toBe(0);
    expect(spawnSync(process.execPath, [STOP, "-e", "0"], { timeout: 60_000 }).status).toBe(0);
    const control = spawnSync(process.execPath, ["--semi-space-growth-factr=1", "-e", "0"], { encoding: "utf8", timeout: 60_000 });
    expect(control.status, "control: a misspelt flag is refused").not.toBe(0);
  });
});
