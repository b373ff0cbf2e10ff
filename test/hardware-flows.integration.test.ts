// Operator flows on the approval hardware through the real daemon, whose --simulate mode drives
// the byte-level simulators (APV1 display, FIDO2 key) over in-memory HID: devices, keys, approve
// with a touch, pairing the display anew, removing the last key.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, cleanup, cli, codeOnDisplay, connectAgent, displayScreens, startDaemon, tempHome, writePolicy, type Agent, type Daemon } from "./helpers/daemon.js";

let home: string;
let daemon: Daemon;
let agent: Agent;

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, { requiresApproval: ["deploy_*"], deny: ["drop_*"] })]);
  agent = await connectAgent(home);
  await agent.call("mcp_aql_execute", "execute_agent", { element_name: "deployer", goal: "ship" });
});

afterAll(async () => {
  await agent?.close();
  await daemon?.stop();
  cleanup(home);
});

const step = (hint: string, a: Agent = agent) => a.call("mcp_aql_create", "record_execution_step", { element_name: "deployer", nextActionHint: hint });

/** A new MCP session (a pause binds the whole session, so each test that pauses gets its own). */
const others: Agent[] = [];
async function freshAgent(): Promise<Agent> {
  const a = await connectAgent(home);
  others.push(a);
  await a.call("mcp_aql_execute", "execute_agent", { element_name: "deployer", goal: "ship" });
  return a;
}
afterAll(async () => {
  for (const a of others) await a.close().catch(() => undefined);
});

/** The CLI with `input` on its standard input. */
function cliWithInput(input: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, HALTKEY_HOME: home } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Touches the simulated key once something makes it blink (the CLI call racing it). */
async function touchWhenBlinking(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const r = await cli(home, "sim", "touch");
    if (r.code === 0) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error("the simulated key never blinked");
}

describe("haltkey devices and keys under --simulate", () => {
  it("reports the simulated display as paired with its size, and one simulated key enrolled", async () => {
    const r = await cli(home, "devices", "--json");
    const d = JSON.parse(r.stdout);
    expect(d.daemon.running).toBe(true);
    expect(d.daemon.simulated).toBe(true);
    expect(d.daemon.display).toMatchObject({ state: "paired", cols: 40, rows: 12 });
    expect(d.daemon.enrolledKeys).toHaveLength(1);
    const keys = JSON.parse((await cli(home, "keys", "--json")).stdout);
    expect(keys).toHaveLength(1);
    expect(keys[0].label).toMatch(/^simulated key /);
    expect(keys[0].protocol).toBe("ctap2");
  });

  it("enrolling the same key again is refused (the authenticator already holds an enrolled credential)", async () => {
    const enroll = cli(home, "enroll", "--label", "again", "--wait", "5");
    await touchWhenBlinking().catch(() => undefined); // CTAP2 asks for a touch before it says "excluded"
    const r = await enroll;
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/excluded|already enrolled/i);
    expect(JSON.parse((await cli(home, "keys", "--json")).stdout)).toHaveLength(1);
  });
});

describe("haltkey approve", () => {
  it("shows the action in full, waits for the touch, and the agent's next report of it continues once", async () => {
    const first = await step("deploy_web to staging");
    expect(first.data.autonomy.continue).toBe(false);
    const id = first.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId as string;
    const approve = cli(home, "approve", id, "--wait", "20");
    await touchWhenBlinking();
    const r = await approve;
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("deploy_web to staging");
    expect(r.stderr).toMatch(/touch your security key/i);
    expect(r.stdout).toMatch(/approved .* with key 'simulated key/);
    expect((await step("deploy_web to staging")).data.autonomy.continue).toBe(true);
    expect((await step("deploy_web to staging")).data.autonomy.continue).toBe(false); // once
    const audit = JSON.parse((await cli(home, "audit", "verify", "--json")).stdout);
    expect(audit.ok).toBe(true);
  });

  it("an unknown request id is a clear error, and nothing blinks", async () => {
    const r = await cli(home, "approve", "00000000-0000-4000-8000-000000000000", "--wait", "2");
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/no pending request/);
  });
});

describe("haltkey deny", () => {
  it("refuses a pending request without a key; the agent's next report of it is paused anew", async () => {
    const a = await freshAgent();
    const first = await step("deploy_api to staging", a);
    const id = first.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId as string;
    const r = await cli(home, "deny", id, "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ requestId: id, denied: true });
    const again = await cli(home, "deny", id);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/no pending request/);
    const next = await step("deploy_api to staging", a);
    expect(next.data.autonomy.continue).toBe(false);
    expect(next.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId).not.toBe(id);
  });
});

describe("haltkey verify", () => {
  it("the human types the code from the display into the CLI; the agent never sees it, and its block is lifted", async () => {
    const a = await freshAgent();
    const blocked = await step("drop_table users", a);
    expect(blocked.data.autonomy.stopped).toBe(true);
    const id = blocked.data.autonomy.notifications.find((n: { type: string }) => n.type === "danger_zone").metadata.verificationId as string;
    const code = codeOnDisplay(home, id);
    expect(JSON.stringify(blocked)).not.toContain(code);
    // The code goes in on standard input: a command line is readable by every process.
    const r = await cliWithInput(`${code}\n`, "verify", id, "--json");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).data.verified).toBe(true);
    expect((await step("drop_table users", a)).data.autonomy.continue).toBe(true); // the blocked action, once
    const again = await cliWithInput(`${code}\n`, "verify", id);
    expect(again.code).not.toBe(0); // used up
  });
});

describe("haltkey pair", () => {
  it("pairs the display anew (ECDH + six-digit code, approved on the device) and the display keeps working", async () => {
    const r = await cli(home, "pair", "--json", "--wait", "40");
    expect(r.code, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout);
    expect(p.paired).toBe(true);
    expect(p.sas).toMatch(/^\d{6}$/);
    expect(displayScreens(home).some((s) => s.event === "pairing")).toBe(true);
    // A new request reaches the display under the new pairing key.
    const a = await freshAgent();
    const paused = await step("deploy_api to staging", a);
    const id = paused.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId as string;
    expect(displayScreens(home).some((s) => s.event === "show" && s.requestId === id && s.text?.includes("deploy_api to staging"))).toBe(true);
    const press = await cli(home, "sim", "press", id, "approve");
    expect(press.code, press.stderr).toBe(0);
    expect((await step("deploy_api to staging", a)).data.autonomy.continue).toBe(true);
  });
});

describe("haltkey keys remove", () => {
  it("removing the last key needs its own touch; afterwards no touch can approve anything", async () => {
    const remove = cli(home, "keys", "remove", (JSON.parse((await cli(home, "keys", "--json")).stdout) as Array<{ label: string }>)[0]!.label, "--wait", "20");
    await touchWhenBlinking();
    expect((await remove).code).toBe(0);
    expect(JSON.parse((await cli(home, "keys", "--json")).stdout)).toEqual([]);
    const a = await freshAgent();
    const paused = await step("deploy_db to staging", a);
    const id = paused.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId as string;
    const r = await cli(home, "sim", "touch", id);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/NO_KEYS_ENROLLED/);
    expect((await step("deploy_db to staging", a)).data.autonomy.continue).toBe(false);
  });
});
