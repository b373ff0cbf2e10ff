// The command hook's start-up: `haltkey hook claude-code` loads only what the hook needs. Claude
// Code runs it twice per tool call, and commander, zod, pino, the engine and the store cost more to
// load than the hook's own work. From core it takes only dependency-free leaves.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseHookArgs } from "../src/cli/hook-main.js";
import { CLI } from "./helpers/daemon.js";

const RECORDER = fileURLToPath(new URL("./fixtures/import-recorder/register.mjs", import.meta.url));

function importsOf(args: string[], stdin: string, status = 2): string[] {
  const dir = mkdtempSync(join(tmpdir(), "hk-imports-"));
  try {
    const file = join(dir, "imports.txt");
    const r = spawnSync(process.execPath, ["--import", RECORDER, CLI, ...args], { input: stdin, env: { ...process.env, HALTKEY_HOME: dir, HALTKEY_TEST_IMPORTS: file }, encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(status); // no daemon in this home: the hook fails closed (2), status says so (1)
    return readFileSync(file, "utf8").split("\n").filter((l) => l.length > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("haltkey hook claude-code start-up", () => {
  it("loads no package and none of the engine, store, daemon server, MCP or logger modules", () => {
    const payload = JSON.stringify({ session_id: "s", cwd: "/tmp", hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: "/tmp/x", content: "x" } });
    const loaded = importsOf(["hook", "claude-code", "--wait", "0"], payload);
    expect(loaded.some((u) => u.endsWith("/adapters/claude-code-hook.js")), loaded.join("\n")).toBe(true);
    // From core only the dependency-free leaves it shares with the daemon (canonical JSON, field caps, error codes).
    const heavy = loaded.filter((u) => u.includes("/node_modules/") || (/\/src\/(?:core|store|mcp|proxy|hw|verify|eval)\//.test(u) && !/\/core\/(?:canonical-json|limits|errors)\.js$/.test(u)) || /\/daemon\/(?:server|service|log|http|console)\.js$/.test(u) || u.endsWith("/cli/program.js"));
    expect(heavy).toEqual([]);
  });

  it("the full command line still loads for every other command (control: the recorder sees packages)", () => {
    const loaded = importsOf(["status"], "", 1);
    expect(loaded.some((u) => u.includes("/node_modules/commander/"))).toBe(true);
  });

  it("reads its options by hand as commander did: defaults, both spellings, and refusals", () => {
    expect(parseHookArgs([])).toEqual({ waitSeconds: 20, onPause: "deny", allow: false });
    expect(parseHookArgs(["--agent", "ci", "--wait=0", "--on-pause", "ask", "--allow"])).toEqual({ agent: "ci", waitSeconds: 0, onPause: "ask", allow: true });
    for (const bad of [["--wait", "forever"], ["--wait", "121"], ["--on-pause", "allow"], ["--agent"], ["--allow=yes"], ["--bogus"], ["extra"]]) {
      expect(typeof parseHookArgs(bad), bad.join(" ")).toBe("string");
    }
  });
});
