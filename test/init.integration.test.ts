// `haltkey init <client>` through the built CLI: writes or merges, shows what it changed, is
// idempotent, and leaves a file it cannot merge into exactly as it was.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, cleanup } from "./helpers/daemon.js";

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) cleanup(d);
});

function user(): { home: string; project: string; policy: string } {
  const home = mkdtempSync(join(tmpdir(), "hk-init-"));
  dirs.push(home);
  const project = join(home, "proj");
  mkdirSync(project);
  return { home, project, policy: join(home, ".config", "haltkey", "policy.json") };
}

async function init(home: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config") };
  delete env.HALTKEY_HOME;
  delete env.XDG_STATE_HOME;
  try {
    const r = await run(process.execPath, [CLI, "init", ...args], { env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: x.code ?? 1, stdout: x.stdout ?? "", stderr: x.stderr ?? "" };
  }
}

const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("haltkey init claude-code", () => {
  it("writes the MCP server, both hooks and a starter policy, shows each change, and a second run changes nothing", async () => {
    const u = user();
    const first = await init(u.home, "claude-code", "--project", u.project);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`changed ${join(u.project, ".mcp.json")}`);
    expect(first.stdout).toContain("+ mcpServers.haltkey:");
    expect(first.stdout).toContain("+ hooks.PreToolUse[0]:");
    expect(first.stdout).toContain("+ hooks.PostToolUse[0]:");
    expect(first.stdout).toContain(`changed ${u.policy}`);
    const settings = json(join(u.project, ".claude", "settings.local.json"));
    expect(settings.hooks.PreToolUse[0]).toMatchObject({ matcher: "*", hooks: [{ type: "command", timeout: 60 }] });
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toMatch(/ hook claude-code \|\| exit 2$/);
    // Through the native relay `npm run build` compiled: the daemon's MCP socket, then the shim it becomes when none listens.
    const server = json(join(u.project, ".mcp.json")).mcpServers.haltkey;
    expect(server.command).toMatch(/\/dist\/bin\/haltkey-relay$/);
    expect(server.args).toEqual([join(u.home, ".local", "state", "haltkey", "mcp.sock"), process.execPath, expect.stringMatching(/main\.js$/), "mcp", "--policy", u.policy]);
    // The relay's socket and the shim it may become name one home, whatever the client's environment.
    expect(server.env).toEqual({ HALTKEY_HOME: join(u.home, ".local", "state", "haltkey") });
    const policyCheck = await run(process.execPath, [CLI, "config", "check", u.policy]);
    expect(policyCheck.stdout).toMatch(/OK/);

    const before = [".mcp.json", ".claude/settings.local.json"].map((f) => readFileSync(join(u.project, f), "utf8"));
    const second = await init(u.home, "claude-code", "--project", u.project);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^nothing to change/);
    expect([".mcp.json", ".claude/settings.local.json"].map((f) => readFileSync(join(u.project, f), "utf8"))).toEqual(before);
  });

  it("merges into existing files, keeping every other server, hook and setting", async () => {
    const u = user();
    mkdirSync(join(u.project, ".claude"));
    const mine = { matcher: "Bash", hooks: [{ type: "command", command: "./lint.sh" }] };
    writeFileSync(join(u.project, ".claude", "settings.local.json"), JSON.stringify({ permissions: { allow: ["Bash(ls:*)"] }, hooks: { PreToolUse: [mine], Stop: [{ hooks: [{ type: "command", command: "notify" }] }] } }));
    writeFileSync(join(u.project, ".mcp.json"), JSON.stringify({ mcpServers: { other: { command: "other-server" } } }));
    const r = await init(u.home, "claude-code", "--project", u.project);
    expect(r.code, r.stderr).toBe(0);
    const settings = json(join(u.project, ".claude", "settings.local.json"));
    expect(settings.permissions).toEqual({ allow: ["Bash(ls:*)"] });
    expect(settings.hooks.PreToolUse[0]).toEqual(mine);
    expect(settings.hooks.PreToolUse[1].hooks[0].command).toMatch(/hook claude-code/);
    expect(settings.hooks.Stop).toHaveLength(1);
    expect(json(join(u.project, ".mcp.json")).mcpServers.other).toEqual({ command: "other-server" });
    expect(r.stdout).toContain("+ hooks.PreToolUse[1]:");
  });

  it("an existing haltkey entry that differs is updated, and the summary shows old and new", async () => {
    const u = user();
    writeFileSync(join(u.project, ".mcp.json"), JSON.stringify({ mcpServers: { haltkey: { command: "haltkey", args: ["mcp"] } } }));
    const r = await init(u.home, "claude-code", "--project", u.project);
    expect(r.stdout).toContain('- mcpServers.haltkey: {"command":"haltkey","args":["mcp"]}');
    expect(r.stdout).toContain("+ mcpServers.haltkey:");
  });

  it("refuses to touch a file that is not JSON or not the expected shape, and writes nothing at all", async () => {
    const u = user();
    mkdirSync(join(u.project, ".claude"));
    const cases: Array<[string, string, RegExp]> = [
      [".claude/settings.local.json", '{ "hooks": { "PreToolUse": [ }', /is not valid JSON/],
      [".claude/settings.local.json", JSON.stringify({ hooks: { PreToolUse: "haltkey" } }), /hooks\.PreToolUse is not an array/],
      [".mcp.json", JSON.stringify({ mcpServers: ["haltkey"] }), /mcpServers is not an object/],
      [".mcp.json", "[1,2]", /is not a JSON object/],
    ];
    for (const [file, text, why] of cases) {
      for (const f of [".claude/settings.local.json", ".mcp.json"]) writeFileSync(join(u.project, f), f === file ? text : "{}");
      const r = await init(u.home, "claude-code", "--project", u.project);
      expect(r.code, text).toBe(1);
      expect(r.stderr).toContain(join(u.project, file));
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toMatch(/untouched/);
      expect(readFileSync(join(u.project, file), "utf8")).toBe(text);
      expect(existsSync(u.policy), "nothing else was written either").toBe(false);
    }
  });

  it("--dry-run shows the changes and writes nothing", async () => {
    const u = user();
    const r = await init(u.home, "claude-code", "--project", u.project, "--dry-run");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`would change ${join(u.project, ".mcp.json")}`);
    expect(r.stdout).toContain("nothing written");
    expect(existsSync(join(u.project, ".mcp.json"))).toBe(false);
    expect(existsSync(join(u.project, ".claude"))).toBe(false);
    expect(existsSync(u.policy)).toBe(false);
  });
});

describe("haltkey init for the other clients", () => {
  it("cursor writes ~/.cursor/mcp.json; claude-desktop its config, or the --config path", async () => {
    const u = user();
    expect((await init(u.home, "cursor")).code).toBe(0);
    expect(json(join(u.home, ".cursor", "mcp.json")).mcpServers.haltkey.args).toContain("mcp");
    expect((await init(u.home, "claude-desktop")).code).toBe(0);
    expect(json(join(u.home, ".config", "Claude", "claude_desktop_config.json")).mcpServers.haltkey.args).toContain(process.execPath);
    const custom = join(u.home, "custom.json");
    expect((await init(u.home, "claude-desktop", "--config", custom)).code).toBe(0);
    expect(json(custom).mcpServers.haltkey).toBeDefined();
    expect((await init(u.home, "cursor")).stdout).toMatch(/^nothing to change/);
  });

  it("an unknown client is refused with the list", async () => {
    const u = user();
    const r = await init(u.home, "vscode");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/claude-code, claude-desktop, cursor/);
  });
});
