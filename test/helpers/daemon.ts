// Integration harness: the real daemon (built CLI) in a temporary HALTKEY_HOME, the official MCP SDK
// client over stdio, and the simulated human. Everything any test sees is also collected, so the
// leak tests can search all of it for codes.
import { KIND_OF_TITLE } from "../../src/devices/hardware-channel.js";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export const CLI = fileURLToPath(new URL("../../dist/src/cli/main.js", import.meta.url));
/** The native relay `npm run build` compiles (scripts/build-relay.mjs): what `haltkey init` points MCP clients at. */
export const RELAY = fileURLToPath(new URL("../../dist/bin/haltkey-relay", import.meta.url));
const run = promisify(execFile);

export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), "hk-"));
}

export function writePolicy(home: string, policy: unknown): string {
  const path = join(home, "policy.json");
  writeFileSync(path, JSON.stringify(policy));
  return path;
}

function socketUp(path: string): Promise<boolean> {
  return new Promise((res) => {
    const s = connect(path);
    s.once("connect", () => {
      s.destroy();
      res(true);
    });
    s.once("error", () => res(false));
  });
}

export interface Daemon {
  readonly proc: ChildProcess;
  readonly home: string;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

// Every daemon a test starts dies with the test process, whatever the test did.
const spawned = new Set<ChildProcess>();
process.on("exit", () => {
  for (const p of spawned) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
});

export async function startDaemon(home: string, args: string[] = ["--simulate"]): Promise<Daemon> {
  const proc = spawn(process.execPath, [CLI, "serve", ...args], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
  spawned.add(proc);
  proc.once("exit", () => spawned.delete(proc));
  let err = "";
  proc.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  proc.stdout!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((res) => proc.once("exit", (code) => res(code)));
  const deadline = Date.now() + 20_000;
  for (;;) {
    // Ready: the socket answers and the banner (which says what hardware is in use) is out.
    if (err.includes("serving on") && (await socketUp(join(home, "haltkey.sock")))) break;
    if (proc.exitCode !== null) throw new Error(`daemon exited ${proc.exitCode}: ${err}`);
    if (Date.now() > deadline) throw new Error(`daemon did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    proc,
    home,
    stderr: () => err,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill(signal);
        await exited;
      }
    },
  };
}

export interface Agent {
  readonly client: Client;
  /** Every text the agent side ever received, for leak searches. */
  readonly seen: string[];
  call(tool: string, operation: string, params?: Record<string, unknown>): Promise<{ success: boolean; data?: any; error?: any; isError: boolean }>;
  raw(tool: string, args: unknown): Promise<{ text: string; isError: boolean }>;
  stderr(): string;
  close(): Promise<void>;
}

/**
 * An MCP client started as `haltkey init` configures one: through the native relay to the daemon's
 * MCP socket, which becomes `haltkey mcp <args>` when no daemon listens there (`via: "shim"`
 * starts the Node shim directly).
 */
export async function connectAgent(home: string, args: string[] = ["--no-autostart"], via: "relay" | "shim" = "relay"): Promise<Agent> {
  const shim = [CLI, "mcp", ...args];
  const transport = new StdioClientTransport({
    command: via === "relay" ? RELAY : process.execPath,
    args: via === "relay" ? [join(home, "mcp.sock"), process.execPath, ...shim] : shim,
    env: { ...process.env, HALTKEY_HOME: home } as Record<string, string>,
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: "haltkey-test", version: "1.0.0" });
  await client.connect(transport);
  const seen: string[] = [];
  const raw = async (tool: string, args: unknown) => {
    const r = (await client.callTool({ name: tool, arguments: args as Record<string, unknown> }, undefined, { timeout: 200_000 })) as {
      content: Array<{ type: string; text: string }>;
      isError?: boolean;
    };
    const text = r.content[0]!.text;
    seen.push(text);
    return { text, isError: r.isError === true };
  };
  return {
    client,
    seen,
    raw,
    async call(tool, operation, params = {}) {
      const { text, isError } = await raw(tool, { operation, params });
      return { ...JSON.parse(text), isError };
    },
    stderr: () => err,
    close: () => client.close(),
  };
}

/** A line of the simulated APV1 display's display.jsonl, with what the title and body say. */
export interface Screen {
  event: "show" | "clear" | "decision" | "pairing";
  requestId: string;
  title?: string;
  body?: string;
  code?: string;
  /** From the title (KIND_OF_TITLE) and the body's `agent "<name>"` prefix. */
  kind?: string;
  agent?: string;
  text?: string;
}

export function displayScreens(home: string): Screen[] {
  const path = join(home, "sim", "display.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => {
      const s = JSON.parse(l) as Screen;
      if (s.event !== "show") return s;
      const agent = /agent "([^"]*)"/.exec(s.body ?? "")?.[1];
      return { ...s, text: s.body, ...(s.title && KIND_OF_TITLE.has(s.title) ? { kind: KIND_OF_TITLE.get(s.title) } : {}), ...(agent !== undefined ? { agent } : {}) };
    });
}

/** The code the simulated display showed for a challenge: what the human reads and types. */
export function codeOnDisplay(home: string, requestId: string): string {
  const s = displayScreens(home)
    .filter((x) => x.event === "show" && x.requestId === requestId && x.code)
    .pop();
  if (!s?.code) throw new Error(`no code shown for ${requestId}`);
  return s.code;
}

export async function cli(home: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [CLI, ...args], { env: { ...process.env, HALTKEY_HOME: home }, timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof x.code === "number" ? x.code : 1, stdout: x.stdout ?? "", stderr: x.stderr ?? "" };
  }
}

/** Every byte under a directory (database files included), for leak searches. */
export function allBytesUnder(dir: string): Buffer {
  const parts: Buffer[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) parts.push(readFileSync(p));
    }
  };
  walk(dir);
  return Buffer.concat(parts);
}

export function cleanup(home: string): void {
  rmSync(home, { recursive: true, force: true });
}
