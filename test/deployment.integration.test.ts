// The deployment the threat model relies on, tested as deployed: the settings of the packaged
// systemd unit (packaging/haltkey.service) and udev rule (udev/71-haltkey.rules) are read from
// those files and applied by hand (this test does not need systemd): a dedicated daemon user and
// group, an agent user in that group, the state and configuration directories with the unit's
// owners and modes, the unit's UMask, Environment and ExecStart arguments. Then, as the agent user,
// it shows that the agent sockets (the agent API, and the same spoken as MCP for the native relay)
// answer and nothing else of the daemon's is reachable.
//
// It creates users, so it must run as root (CI does). The users get unique names (mapped from the
// unit's User= and Group=), so a real `haltkey` user on the machine is never touched; they are
// deleted afterwards. Added to the unit's arguments: --simulate, --http 0 and --console 0, so that
// the simulated display's log and the HTTP and console tokens exist to be probed.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, RELAY } from "./helpers/daemon.js";

const repo = (p: string): string => fileURLToPath(new URL(`../${p}`, import.meta.url));

/** `Key=value` lines of the [Service] section; repeated keys keep every value. */
function unitSettings(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) section = line;
    else if (section === "[Service]" && line.length > 0 && !line.startsWith("#")) {
      const eq = line.indexOf("=");
      out.set(line.slice(0, eq), [...(out.get(line.slice(0, eq)) ?? []), line.slice(eq + 1)]);
    }
  }
  return out;
}

/** The owner, group and mode the udev rule gives a FIDO2 key (its first active rule for them). */
function udevSecurityKeyAccess(text: string): { owner?: string; group?: string; mode: string } {
  const rule = text.split("\n").find((l) => !l.trim().startsWith("#") && l.includes('ENV{ID_SECURITY_TOKEN}=="1"'));
  if (!rule) throw new Error("udev/71-haltkey.rules has no active rule for security keys");
  const get = (k: string): string | undefined => new RegExp(`${k}="([^"]*)"`).exec(rule)?.[1];
  return { ...(get("OWNER") ? { owner: get("OWNER")! } : {}), ...(get("GROUP") ? { group: get("GROUP")! } : {}), mode: get("MODE") ?? "0600" };
}

const tag = `${process.pid.toString(36)}${Date.now().toString(36).slice(-3)}`;
const daemonUser = `hkd${tag}`;
const agentUser = `hka${tag}`;
const unit = unitSettings(readFileSync(repo("packaging/haltkey.service"), "utf8"));
const one = (k: string): string => {
  const v = unit.get(k);
  if (!v || v.length !== 1) throw new Error(`packaging/haltkey.service: expected one ${k}=, found ${v?.length ?? 0}`);
  return v[0]!;
};
const asUser = (user: string): string[] => ["setpriv", "--reuid", user, "--regid", user, "--init-groups", "--"];

let root: string;
let home: string;
let confDir: string;
let credentialsDir: string;
let device: string;
let daemon: ChildProcess;
let daemonErr = "";
const created: string[] = [];

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error("the deployment test creates a daemon user and an agent user: run it as root (CI does)");
  // The unit's User= and Group= name one dedicated user with its own group; agents join the group.
  expect(one("User")).toBe("haltkey");
  expect(one("Group")).toBe("haltkey");
  execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", daemonUser]);
  created.push(daemonUser);
  execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "--groups", daemonUser, agentUser]);
  created.push(agentUser);

  try {
    execFileSync(asUser(daemonUser)[0]!, [...asUser(daemonUser).slice(1), process.execPath, "-e", `require("fs").accessSync(${JSON.stringify(CLI)}, require("fs").constants.R_OK)`], { stdio: "ignore" });
  } catch {
    throw new Error(`the daemon user cannot read ${CLI}: run this test from a checkout (and node) that other users can read`);
  }
  // A root for the unit's absolute paths, traversable by everyone as / is.
  root = mkdtempSync(join(tmpdir(), "hk-deploy-"));
  const place = (p: string): string => join(root, p);
  for (const d of ["var", "var/lib", "etc"]) mkdirSync(place(d), { recursive: true });
  for (const d of [root, place("var"), place("var/lib"), place("etc")]) chmodSync(d, 0o755);
  const uid = Number(execFileSync("id", ["-u", daemonUser]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", daemonUser]).toString().trim());
  // StateDirectory= as systemd makes it: owned by User:Group, with the unit's mode.
  // ConfigurationDirectory= too, but root's: systemd gives it no other owner.
  const stateDir = place(`var/lib/${one("StateDirectory")}`);
  confDir = place(`etc/${one("ConfigurationDirectory")}`);
  for (const [dir, mode, owner] of [[stateDir, one("StateDirectoryMode"), [uid, gid]], [confDir, one("ConfigurationDirectoryMode"), [0, 0]]] as const) {
    mkdirSync(dir);
    chownSync(dir, owner[0], owner[1]);
    chmodSync(dir, Number.parseInt(mode, 8));
  }
  const env = Object.fromEntries(unit.get("Environment")!.map((e) => e.split("=", 2) as [string, string]));
  expect(env.HALTKEY_HOME).toBe("/var/lib/haltkey");
  home = place(env.HALTKEY_HOME!);
  // The operator writes the policy as root with an ordinary umask: the directory keeps it private.
  const [credential, policySource] = one("LoadCredential").split(":") as [string, string];
  writeFileSync(place(policySource), JSON.stringify({ deny: ["drop_*"] }), { mode: 0o644 });
  chmodSync(place(policySource), 0o644);
  // LoadCredential= as systemd does it: root reads the file and puts a copy, the service user's
  // alone, in the credentials directory that %d names in ExecStart.
  credentialsDir = place("run/credentials/haltkey.service");
  mkdirSync(credentialsDir, { recursive: true });
  chmodSync(place("run"), 0o755);
  chmodSync(place("run/credentials"), 0o755);
  writeFileSync(join(credentialsDir, credential), readFileSync(place(policySource)));
  chownSync(join(credentialsDir, credential), uid, gid);
  chmodSync(join(credentialsDir, credential), 0o400);
  chownSync(credentialsDir, uid, gid);
  chmodSync(credentialsDir, 0o500);
  const exec = one("ExecStart")
    .replaceAll("%d", "/run/credentials/haltkey.service")
    .split(/\s+/);
  expect(exec[exec.indexOf("--policy") + 1]).toBe(`/run/credentials/haltkey.service/${credential}`);
  const args = exec.slice(exec.indexOf("haltkey") + 1).map((a) => (a.startsWith("/") ? place(a) : a));

  // A device node with the owner, group and mode the udev rule gives a security key.
  const access = udevSecurityKeyAccess(readFileSync(repo("udev/71-haltkey.rules"), "utf8"));
  mkdirSync(place("dev"), { mode: 0o755 });
  device = place("dev/hidraw0");
  try {
    execFileSync("mknod", [device, "c", "1", "3"]); // a character device (null's numbers): open() checks the same permissions
  } catch {
    writeFileSync(device, ""); // no CAP_MKNOD: a file with the same owner and mode stands in
  }
  const mapName = (n: string | undefined, fallback: number): number => (n === undefined ? fallback : n === "haltkey" ? uid : Number(execFileSync("id", ["-u", n]).toString().trim()));
  const mapGroup = (n: string | undefined): number => (n === undefined ? 0 : n === "haltkey" ? gid : Number(execFileSync("getent", ["group", n]).toString().split(":")[2]));
  chownSync(device, mapName(access.owner, 0), mapGroup(access.group));
  chmodSync(device, Number.parseInt(access.mode, 8));

  daemon = spawn(
    asUser(daemonUser)[0]!,
    [...asUser(daemonUser).slice(1), "/bin/sh", "-c", `umask ${one("UMask")}; exec "$0" "$@"`, process.execPath, CLI, ...args, "--simulate", "--http", "0", "--console", "0"],
    { env: { PATH: process.env.PATH!, HALTKEY_HOME: home }, stdio: ["ignore", "pipe", "pipe"] },
  );
  daemon.stderr!.on("data", (d: Buffer) => (daemonErr += d.toString()));
  const exited = new Promise<void>((_, reject) => daemon.once("exit", (c) => reject(new Error(`daemon exited ${c}: ${daemonErr}`))));
  const ready = (async () => {
    const deadline = Date.now() + 20_000;
    while (!(daemonErr.includes("serving on") && existsSync(join(home, "http.json")) && existsSync(join(home, "console.json")))) {
      if (Date.now() > deadline) throw new Error(`daemon did not start: ${daemonErr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.race([ready, exited]);
});

afterAll(async () => {
  if (daemon && daemon.exitCode === null && daemon.signalCode === null) {
    const gone = new Promise((r) => daemon.once("exit", r));
    daemon.kill("SIGTERM");
    await gone;
  }
  for (const u of created.reverse()) {
    execFileSync("userdel", [u]);
    try {
      execFileSync("groupdel", [u], { stdio: "ignore" });
    } catch {
      // userdel removed the user's own group already
    }
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Runs probes as the agent user in a fresh process: what each attempt got. */
function probeAsAgent(probes: Array<{ op: "read" | "readdir" | "write" | "connect" | "kill0" | "openrw"; path?: string; pid?: number }>): Array<{ ok: boolean; code?: string }> {
  const script = `
    const fs = require("fs"), net = require("net");
    const probes = JSON.parse(process.argv[1]);
    (async () => {
      const out = [];
      for (const p of probes) {
        try {
          if (p.op === "read") fs.readFileSync(p.path);
          if (p.op === "readdir") fs.readdirSync(p.path);
          if (p.op === "write") fs.writeFileSync(p.path, "x");
          if (p.op === "openrw") fs.closeSync(fs.openSync(p.path, "r+"));
          if (p.op === "kill0") process.kill(p.pid, 0);
          if (p.op === "connect") await new Promise((res, rej) => { const s = net.connect(p.path); s.once("connect", () => { s.destroy(); res(); }); s.once("error", rej); });
          out.push({ ok: true });
        } catch (e) { out.push({ ok: false, code: e.code }); }
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  const r = execFileSync(asUser(agentUser)[0]!, [...asUser(agentUser).slice(1), process.execPath, "-e", script, JSON.stringify(probes)], { env: { PATH: process.env.PATH! } });
  return JSON.parse(r.toString()) as Array<{ ok: boolean; code?: string }>;
}

/** Every path under a directory, walked as root. */
function everything(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? [p, ...everything(p)] : [p];
  });
}

describe("the packaged deployment: the agent user reaches the agent sockets and nothing else", () => {
  it.each([
    ["the agent socket (MCP through the stdio shim)", (): string[] => [process.execPath, CLI, "mcp", "--no-autostart"]],
    ["the MCP socket (MCP through the native relay)", (): string[] => [RELAY, join(home, "mcp.sock"), process.execPath, CLI, "mcp", "--no-autostart"]],
  ])("the agent user is served on %s, and judged", async (_, command) => {
    const agent = `deployed-${command()[0] === RELAY ? "relay" : "shim"}`;
    const transport = new StdioClientTransport({ command: asUser(agentUser)[0]!, args: [...asUser(agentUser).slice(1), ...command()], env: { PATH: process.env.PATH!, HALTKEY_HOME: home }, stderr: "pipe" });
    const client = new Client({ name: "deployment-test", version: "1.0.0" });
    await client.connect(transport);
    const call = async (tool: string, operation: string, params: Record<string, unknown>) =>
      JSON.parse(((await client.callTool({ name: tool, arguments: { operation, params } })) as { content: Array<{ text: string }> }).content[0]!.text);
    expect((await call("mcp_aql_execute", "execute_agent", { element_name: agent })).success).toBe(true);
    expect((await call("mcp_aql_create", "record_execution_step", { element_name: agent, nextActionHint: "ls" })).data.autonomy.continue).toBe(true);
    expect((await call("mcp_aql_create", "record_execution_step", { element_name: agent, nextActionHint: "drop_database prod" })).data.autonomy.stopped).toBe(true);
    await client.close();
  });

  it("nothing else: not the state directory's listing, the database, the anchor, the journal, the policy (nor the daemon's copy of it), the display log, the tokens, the operator socket, the devices, the daemon's signals or environment", () => {
    const named = {
      "agent socket": { op: "connect", path: join(home, "haltkey.sock") },
      "MCP socket": { op: "connect", path: join(home, "mcp.sock") },
      "list the state directory": { op: "readdir", path: home },
      "create a file in the state directory": { op: "write", path: join(home, "planted") },
      "list the database": { op: "readdir", path: join(home, "db") },
      "read the database": { op: "read", path: join(home, "db", "CURRENT") },
      "read the audit anchor": { op: "read", path: join(home, "db.anchor") },
      "read the store's journal": { op: "read", path: join(home, "db.journal") },
      "list the configuration directory": { op: "readdir", path: confDir },
      "read the policy": { op: "read", path: join(confDir, "policy.json") },
      "list the daemon's credentials": { op: "readdir", path: credentialsDir },
      "read the daemon's copy of the policy": { op: "read", path: join(credentialsDir, "policy.json") },
      "read the display log": { op: "read", path: join(home, "sim", "display.jsonl") },
      "read the HTTP token": { op: "read", path: join(home, "http-token") },
      "read the console token": { op: "read", path: join(home, "console-token") },
      "connect to the operator socket": { op: "connect", path: join(home, "operator.sock") },
      "open the security key": { op: "openrw", path: device },
      "signal the daemon (kill -0)": { op: "kill0", pid: daemon.pid! },
      "read the daemon's environment": { op: "read", path: `/proc/${daemon.pid!}/environ` },
    } as const;
    for (const [what, p] of Object.entries(named)) if (p.op !== "kill0" && p.op !== "write") expect(existsSync(p.path), `${what}: ${p.path} exists`).toBe(true);
    const results = probeAsAgent(Object.values(named) as never);
    const got = Object.fromEntries(Object.keys(named).map((k, i) => [k, results[i]!.ok ? "reached" : results[i]!.code]));
    expect(got).toEqual({
      "agent socket": "reached",
      "MCP socket": "reached",
      "list the state directory": "EACCES",
      "create a file in the state directory": "EACCES",
      "list the database": "EACCES",
      "read the database": "EACCES",
      "read the audit anchor": "EACCES",
      "read the store's journal": "EACCES",
      "list the configuration directory": "EACCES",
      "read the policy": "EACCES",
      "list the daemon's credentials": "EACCES",
      "read the daemon's copy of the policy": "EACCES",
      "read the display log": "EACCES",
      "read the HTTP token": "EACCES",
      "read the console token": "EACCES",
      "connect to the operator socket": "EACCES",
      "open the security key": "EACCES",
      "signal the daemon (kill -0)": "EPERM",
      "read the daemon's environment": "EACCES",
    });
  });

  it("every file the daemon made is the daemon's alone, except the two agent sockets", () => {
    const agentSockets = [join(home, "haltkey.sock"), join(home, "mcp.sock")];
    const paths = everything(home).filter((p) => !agentSockets.includes(p));
    expect(paths.length).toBeGreaterThan(5);
    const results = probeAsAgent(paths.map((path) => (statSync(path).isDirectory() ? { op: "readdir", path } : statSync(path).isSocket() ? { op: "connect", path } : { op: "read", path })));
    const reached = paths.filter((_, i) => results[i]!.ok);
    expect(reached).toEqual([]);
    // And the modes say why (umask 0077 and the unit's directory modes), not only the directory.
    const loose = paths.filter((p) => (statSync(p).mode & 0o077) !== 0);
    expect(loose).toEqual([]);
    for (const socket of agentSockets) expect(statSync(socket).mode & 0o777, socket).toBe(0o660);
  });
});
