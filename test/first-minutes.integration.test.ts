// The first minutes: what `npm start` prints works as printed. The daemon is started the way
// `npm start` runs it (npm's environment, the project directory), each command of the banner's
// "Next" list is run by a shell in that directory, with its placeholders filled in, and the client
// configuration `init` writes is then used as Claude Code would use it.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, cleanup, tempHome } from "./helpers/daemon.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

async function sh(line: string, env: NodeJS.ProcessEnv, stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn("sh", ["-c", line], { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    p.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    p.stdin.on("error", () => undefined);
    p.stdin.end(stdin ?? "");
    p.once("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const home = tempHome();
const userHome = mkdtempSync(join(tmpdir(), "hk-user-"));
const project = join(userHome, "shop");
mkdirSync(project);
// The user's environment, as npm start sees it (npm sets these two for every script).
const env = { ...process.env, HOME: userHome, HALTKEY_HOME: home, npm_lifecycle_event: "start", npm_package_name: "haltkey" };
const daemon = spawn(process.execPath, [CLI, "serve", "--simulate", "--console", "0"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });

afterAll(() => {
  daemon.kill("SIGTERM");
  cleanup(home);
  cleanup(userHome);
});

async function banner(): Promise<string> {
  let err = "";
  return new Promise((resolve, reject) => {
    daemon.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      if (/Next, in another terminal[^\n]*\n(?: {2}[^\n]*\n){5}/.test(err)) resolve(err);
    });
    daemon.once("exit", (code) => reject(new Error(`daemon exited ${code}: ${err}`)));
  });
}

/** A pending confirmation, made by a hook call the daemon pauses; returns its request id. */
async function pendingRequest(agent: string): Promise<string> {
  // Discarding a file's uncommitted changes: a confirmation (a PATH hijack written into ~/.bashrc, used
  // here before, is now read as what the start-up file runs, and asks for a code or a key instead).
  const payload = JSON.stringify({ session_id: agent, cwd: project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git checkout -- src/app.ts" } });
  const r = await sh(`${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} hook claude-code --wait 0 --agent ${agent}`, env, payload);
  expect(r.code).toBe(2);
  return /haltkey sim touch ([0-9a-f-]{36})/.exec(r.stderr)![1]!;
}

describe("after npm start", () => {
  it("every command the banner prints works as printed, and init connects Claude Code for real", { timeout: 240_000 }, async () => {
    const text = await banner();
    expect(text).toMatch(/SIMULATED HARDWARE/);
    const lines = text.slice(text.indexOf("Next, in another terminal")).split("\n").slice(1, 6);
    const commands = lines.map((l) => l.trim().split(/\s{3,}/)[0]!);
    expect(commands.every((c) => c.includes("npx haltkey "))).toBe(true);
    expect(commands.some((c) => / init claude-code /.test(c))).toBe(true);
    expect(commands.some((c) => / console$/.test(c))).toBe(true);

    for (const command of commands) {
      const line = command.replace("<your-project-dir>", project).replace("<request-id>", await pendingRequest(`first-${commands.indexOf(command)}`));
      const r = await sh(line, env);
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
      if (/ console$/.test(command)) expect(r.stdout).toMatch(/http:\/\/(?:127\.0\.0\.1|localhost):\d+\//);
    }

    // What init wrote: the hook command Claude Code will run, as it runs it (sh -c, payload on stdin).
    const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.local.json"), "utf8"));
    const hook: string = settings.hooks.PreToolUse[0].hooks[0].command;
    const call = (command: string) => JSON.stringify({ session_id: "real", cwd: project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });
    expect((await sh(hook, { PATH: "/usr/bin:/bin" }, call("ls -la"))).code).toBe(0);
    const stop = await sh(hook, { PATH: "/usr/bin:/bin" }, call("rm -rf /"));
    expect(stop.code).toBe(2);
    expect(stop.stderr).toMatch(/hard-blocked agent 'claude-code:shop-[0-9a-f]{8}'/);
    // And the MCP server entry starts a working shim.
    const mcp = JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")).mcpServers.haltkey;
    const client = new Client({ name: "as-configured", version: "1" });
    await client.connect(new StdioClientTransport({ command: mcp.command, args: mcp.args, env: { PATH: "/usr/bin:/bin", ...mcp.env }, stderr: "ignore" }));
    try {
      const r = (await client.callTool({ name: "mcp_aql_read", arguments: { operation: "introspect", params: {} } })) as { content: Array<{ text: string }> };
      expect(JSON.parse(r.content[0]!.text).success).toBe(true);
    } finally {
      await client.close();
    }
  });
});
