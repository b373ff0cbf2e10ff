// A long action that is long only because of the file it writes, end to end: real daemon, the
// official MCP SDK client, the simulated APV1 display and key. The display shows the command with
// the file's contents left out; the approval (press, code, touch) is bound to the whole action.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanup, cli, codeOnDisplay, connectAgent, displayScreens, startDaemon, tempHome, writePolicy, type Agent, type Daemon } from "./helpers/daemon.js";

let home: string;
let daemon: Daemon;
const agents: Agent[] = [];

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, {})]);
});

afterAll(async () => {
  for (const a of agents) await a.close().catch(() => undefined);
  await daemon?.stop();
  cleanup(home);
});

/** A benign test file of about 2,000 characters, as a coding agent writes one before running it. */
function testFile(tag: string): string {
  const lines = ["import sys", "sys.path.insert(0, '.')", "from django.db.models.deletion import Collector", ""];
  for (let i = 0; lines.join("\n").length < 2000; i++) lines.push(`def test_${tag}_${i}():\n    assert Collector(using='default').can_fast_delete([]) is not None`);
  return lines.join("\n");
}
const commandWriting = (body: string): string => `cd /testbed && cat > test_fix.py << 'EOF'\n${body}\nEOF\npython test_fix.py`;

/** One agent in its own MCP session (a pause binds the whole session). */
async function agent(name: string) {
  const a = await connectAgent(home);
  agents.push(a);
  await a.call("mcp_aql_execute", "execute_agent", { element_name: name });
  const step = (command: string, extra: Record<string, unknown> = {}) =>
    a.call("mcp_aql_create", "record_execution_step", { element_name: name, nextActionHint: `executing shell command: ${command}`, tool: "bash", arguments: { command }, ...extra });
  return { a, step };
}

const shownFor = (id: string) => displayScreens(home).filter((s) => s.event === "show" && s.requestId === id);

describe("a long here-document that writes a test file", () => {
  it("opens an approvable confirmation: the display shows no body, haltkey show the whole action and its digest; a press approves exactly it, once", async () => {
    const { step } = await agent("writer");
    const body = testFile("a");
    const command = commandWriting(body);
    const r = await step(command, { riskScore: 55 });
    expect(r.data.autonomy.continue).toBe(false);
    expect(r.data.autonomy.reason).not.toMatch(/too long/);
    const id = r.data.confirmation.confirmationId as string;
    expect(r.data.autonomy.factors.join("\n")).toMatch(new RegExp(`1 file-content body \\(${body.length + 1} chars`));

    // The display rendered it (the device refuses what does not fit): the command, not the body.
    const screen = shownFor(id).at(-1)!;
    expect(screen.text).toContain(`cat > test_fix.py << 'EOF' <${body.length + 1} chars of file content> EOF python test_fix.py`);
    expect(screen.text).not.toContain("Collector");

    // The operator can read the body before pressing.
    const shown = await cli(home, "show", id);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("    assert Collector(using='default').can_fast_delete([]) is not None");
    expect(shown.stdout).toMatch(/digest [0-9a-f]{64}/);
    const asJson = JSON.parse((await cli(home, "show", id, "--json")).stdout);
    expect(asJson.action).toBe(`executing shell command: ${command}`);
    expect(asJson.text).toBe(screen.text);

    expect((await cli(home, "sim", "press", id, "approve")).code).toBe(0);
    expect((await step(command, { riskScore: 55 })).data.autonomy.continue).toBe(true);
    expect((await step(command, { riskScore: 55 })).data.autonomy.continue).toBe(false); // once
  });

  it("the approval is bound to the whole action: another body of the same length, shown the same, is not approved by it", async () => {
    const { step } = await agent("binder");
    const a = commandWriting(testFile("a"));
    const b = commandWriting(testFile("b")); // same length, other content
    expect(b.length).toBe(a.length);
    const ra = await step(a, { riskScore: 55 });
    const idA = ra.data.confirmation.confirmationId as string;
    const digestA = JSON.parse((await cli(home, "show", idA, "--json")).stdout).actionDigest as string;
    expect((await cli(home, "sim", "press", idA, "approve")).code).toBe(0);

    const rb = await step(b, { riskScore: 55 });
    expect(rb.data.autonomy.continue).toBe(false);
    const idB = rb.data.confirmation.confirmationId as string;
    expect(idB).not.toBe(idA);
    const viewB = JSON.parse((await cli(home, "show", idB, "--json")).stdout);
    expect(viewB.text).toBe(shownFor(idA).at(-1)!.text); // the same on the display…
    expect(viewB.actionDigest).not.toBe(digestA); // …but another action
    expect((await step(a, { riskScore: 55 })).data.autonomy.continue).toBe(true);
  });

  it("a verify pause: the code from the display approves the whole action", async () => {
    const { a, step } = await agent("verifier");
    const command = commandWriting(testFile("v"));
    const r = await step(command, { riskScore: 70 });
    expect(r.data.autonomy.nextStepRisk).toBe("verify");
    const vid = r.data.verification.verificationId as string;
    const screen = shownFor(vid).at(-1)!;
    expect(screen.text).toContain("chars of file content>");
    expect(screen.text).not.toContain("Collector");
    const ok = await a.call("mcp_aql_create", "verify_challenge", { challenge_id: vid, code: codeOnDisplay(home, vid) });
    expect(ok.data.verified).toBe(true);
    expect(ok.data.message).not.toMatch(/too long/);
    // Another body is not what the code approved.
    expect((await step(commandWriting(testFile("w")), { riskScore: 70 })).data.autonomy.continue).toBe(false);
  });

  it("a key touch approves it too", async () => {
    const { step } = await agent("toucher");
    const command = commandWriting(testFile("t"));
    const vid = (await step(command, { riskScore: 70 })).data.verification.verificationId as string;
    expect((await cli(home, "sim", "touch", vid)).code).toBe(0);
    expect((await step(command, { riskScore: 70 })).data.autonomy.continue).toBe(true);
  });

  it("an e-mail address in a licence header written to a file (default policy) goes on; held for another reason, it can be approved", async () => {
    const { step } = await agent("licensed");
    const body = `# Licensed under a 3-clause BSD style license\n"""\n:Author: Simon Gibbons (simongibbons@gmail.com)\n"""\n${testFile("l")}`;
    const command = `cd /testbed && cat > astropy/io/ascii/rst.py << 'EOF'\n${body}\nEOF`;
    // One address is weak personal data: reported, not a pause (pipeline.ts BULK_PERSONAL_DATA).
    const plain = await step(command);
    expect(plain.data.autonomy.continue).toBe(true);
    // Held all the same (the agent rates it risky): the display shows it without the body.
    const r = await step(command, { riskScore: 55 });
    expect(r.data.autonomy.continue).toBe(false);
    const id = r.data.confirmation.confirmationId as string;
    expect(shownFor(id).at(-1)!.text).toContain("cat > astropy/io/ascii/rst.py << 'EOF' <");
    expect((await cli(home, "sim", "press", id, "approve")).code).toBe(0);
    expect((await step(command, { riskScore: 55 })).data.autonomy.continue).toBe(true);
  });
});

describe("attacks: what runs is never left out", () => {
  it("`rm -rf ~` after the body is on the display of the hard stop", async () => {
    const { step } = await agent("attacker");
    const command = `${commandWriting(testFile("x"))}\nrm -rf ~`;
    const r = await step(command);
    expect(r.data.autonomy.stopped).toBe(true);
    const vid = r.data.autonomy.notifications.find((n: { type: string }) => n.type === "danger_zone").metadata.verificationId as string;
    const screen = shownFor(vid).at(-1)!;
    expect(screen.text).toContain("rm -rf ~");
    expect(screen.text).not.toContain("…");
  });

  it("a here-document fed to python is refused as too long, with nothing to approve", async () => {
    const { step } = await agent("interpreter");
    const r = await step(`python3 << 'EOF'\n${testFile("p")}\nEOF`, { riskScore: 55 });
    expect(r.data.autonomy.continue).toBe(false);
    expect(r.data.autonomy.reason).toMatch(/too long to show/);
    expect(r.data.confirmation).toBeUndefined();
  });
});
