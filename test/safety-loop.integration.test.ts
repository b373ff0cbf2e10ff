// The safety loop end to end: real daemon, official MCP SDK client over stdio, simulated human.
// Test names cite the spec §9.1 MUST (or §9.2 SHOULD) they check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanup, cli, codeOnDisplay, connectAgent, displayScreens, startDaemon, tempHome, writePolicy, type Agent, type Daemon } from "./helpers/daemon.js";

const POLICY = {
  maxAutonomousSteps: 5,
  deny: ["drop_*", "*_production*"],
  requiresApproval: ["git push*", "deploy_*"],
  autoApprove: ["read_*"],
};

let home: string;
let daemon: Daemon;
let agent: Agent;

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, POLICY)]);
  agent = await connectAgent(home);
});

afterAll(async () => {
  await agent?.close();
  await daemon?.stop();
  cleanup(home);
});

/** Calls bound to one agent connection (one MCP session). */
function bind(a: Agent) {
  const create = (op: string, params: Record<string, unknown>) => a.call("mcp_aql_create", op, params);
  const execute = (op: string, params: Record<string, unknown>) => a.call("mcp_aql_execute", op, params);
  const step = (element_name: string, nextActionHint: string, extra: Record<string, unknown> = {}) =>
    create("record_execution_step", { element_name, nextActionHint, ...extra });
  return { create, execute, step };
}
const { create, step } = bind(new Proxy({} as Agent, { get: (_t, k) => (agent as unknown as Record<PropertyKey, unknown>)[k] }));

/**
 * A fresh MCP session. A pause binds the whole session it happened in, so a test that leaves one
 * pending (or needs a clean slate) uses its own.
 */
const sessions: Agent[] = [];
async function session() {
  const a = await connectAgent(home);
  sessions.push(a);
  return { a, ...bind(a) };
}
afterAll(async () => {
  for (const a of sessions) await a.close().catch(() => undefined);
});

describe("introspection and surface", () => {
  it("lists the three CRUDE tools with the {operation, params} input schema", async () => {
    const { tools } = await agent.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "guardrail_acknowledge_halt",
      "guardrail_check_halt_conditions",
      "guardrail_get_session_halts",
      "guardrail_record_halt",
      "guardrail_update_halt_config",
      "mcp_aql_create",
      "mcp_aql_execute",
      "mcp_aql_read",
    ]);
    for (const t of tools.filter((x) => x.name.startsWith("mcp_aql"))) {
      expect(t.inputSchema.required).toEqual(["operation"]);
      expect(t.description).toMatch(/introspect/);
    }
  });

  it("MUST 8.6.1/8.6.7: introspect reports execution_safety_loop, the defaults, simulation, and no _meta", async () => {
    const { text } = await agent.raw("mcp_aql_read", { operation: "introspect", params: { query: "operations" } });
    const r = JSON.parse(text);
    expect(Object.keys(r).sort()).toEqual(["data", "success"]);
    expect(Object.keys(r.data).sort()).toEqual(["_protocol", "operations"]);
    expect(r.data._protocol.capabilities.execution_safety_loop).toBe("enforcing");
    expect(r.data._protocol.capabilities.approval_channel.simulated).toBe(true);
    expect(r.data._protocol.capabilities.safety_loop_defaults.maxAutonomousSteps).toBe(5);
    expect(text).not.toContain("_meta");
    const ops = Object.fromEntries(r.data.operations.map((o: { name: string; endpoint: string }) => [o.name, o.endpoint]));
    // MUST 8.5.4: record_execution_step on CREATE; execute_agent, complete and abort on EXECUTE.
    expect(ops).toEqual({
      introspect: "READ",
      record_execution_step: "CREATE",
      report_findings: "CREATE",
      verify_challenge: "CREATE",
      execute_agent: "EXECUTE",
      complete_execution: "EXECUTE",
      abort_execution: "EXECUTE",
      confirm_operation: "EXECUTE",
    });
  });

  it("introspect gives one operation's parameters, and null for an unknown one", async () => {
    const r = await agent.call("mcp_aql_read", "introspect", { name: "record_execution_step" });
    const params = r.data.operation.parameters.map((p: { name: string; required: boolean }) => `${p.name}${p.required ? "!" : ""}`);
    expect(params).toContain("element_name!");
    expect(params).toContain("nextActionHint!");
    expect(params).toContain("riskScore");
    expect((await agent.call("mcp_aql_read", "introspect", { name: "nope" })).data.operation).toBeNull();
  });

  it("rejects unknown parameters with VALIDATION_UNKNOWN_PARAM, naming them and the valid ones", async () => {
    const r = await step("a", "ls", { evil: 1 });
    expect(r.success).toBe(false);
    expect(r.error.code).toBe("VALIDATION_UNKNOWN_PARAM");
    expect(r.error.details.unknown_params).toEqual(["evil"]);
    expect(r.error.details.valid_params).toContain("nextActionHint");
  });

  it("rejects an operation on the wrong endpoint", async () => {
    const r = await agent.call("mcp_aql_read", "record_execution_step", { element_name: "a", nextActionHint: "ls" });
    expect(r.error.code).toBe("VALIDATION_WRONG_ENDPOINT");
    expect(r.error.message).toMatch(/must be called via mcp_aql_create/);
  });

  it("enforces payload limits and UTF-8 with structured errors", async () => {
    expect((await step("a", "x".repeat(40_000))).error.code).toBe("VALIDATION_PAYLOAD_TOO_LARGE");
    expect((await step("a", "bad \ud800 surrogate")).error.code).toBe("VALIDATION_INVALID_ENCODING");
    expect((await step("a", "nul \u0000")).error.code).toBe("VALIDATION_INVALID_ENCODING");
    let deep: unknown = "x";
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect((await step("a", "ls", { _meta: deep })).error.code).toBe("VALIDATION_PAYLOAD_TOO_LARGE");
    expect((await step("a", 42 as unknown as string)).error.code).toBe("VALIDATION_INVALID_TYPE");
    expect((await create("record_execution_step", { nextActionHint: "ls" })).error.code).toBe("VALIDATION_MISSING_PARAM");
  });
});

describe("the loop", () => {
  it("MUST 8.7.1: every directive carries continue and factors; a step needs an execution", async () => {
    const { create, execute, step } = await session();
    const r = await step("loner", "ls -la");
    expect(r.success).toBe(true);
    expect(r.data.autonomy.continue).toBe(false);
    expect(r.data.autonomy.factors.length).toBeGreaterThan(0);
    expect(r.data.autonomy.reason).toMatch(/execute_agent/);
  });

  it("runs execute → steps → complete, counting steps and steps remaining", async () => {
    const { create, execute, step } = await session();
    const start = await execute("execute_agent", { element_name: "worker", goal: "list files" });
    expect(start.success).toBe(true);
    const id = start.data.execution_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await execute("execute_agent", { element_name: "worker" });
    expect(again.error.code).toBe("CONFLICT_EXECUTION_ACTIVE");
    const s1 = await step("worker", "ls -la src");
    expect(s1.data.autonomy).toMatchObject({ continue: true, stopped: false, nextStepRisk: "advisory", stepsRemaining: 4 });
    const auto = await step("worker", "read_file README.md");
    expect(auto.data.autonomy.continue).toBe(true);
    expect(auto.data.autonomy.factors.join(" ")).toMatch(/Auto-approved/);
    const done = await execute("complete_execution", { element_name: "worker", summary: "ok" });
    expect(done.data).toMatchObject({ execution_id: id, steps: 2, status: "completed" });
  });

  it("MUST 8.7.5 / SHOULD 8.7.2: the step limit pauses past maxAutonomousSteps until a human approves", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "counter", maxAutonomousSteps: 2 });
    expect((await step("counter", "ls a")).data.autonomy.continue).toBe(true);
    expect((await step("counter", "ls b")).data.autonomy.continue).toBe(true);
    const third = await step("counter", "ls c");
    expect(third.data.autonomy.continue).toBe(false);
    expect(third.data.autonomy.reason).toMatch(/Step limit exceeded/);
    const confirmationId = third.data.confirmation.confirmationId;
    // The agent cannot raise its own limit with a new request for more steps.
    expect((await execute("execute_agent", { element_name: "counter", maxAutonomousSteps: 1000 })).error.code).toBe("CONFLICT_EXECUTION_ACTIVE");
    expect((await cli(home, "sim", "press", confirmationId, "approve")).code).toBe(0);
    const approved = await step("counter", "ls c");
    expect(approved.data.autonomy.continue).toBe(true);
    expect(approved.data.autonomy.factors.join(" ")).toMatch(/Approved by a human/);
    // The approval reset the autonomous-step count.
    expect((await step("counter", "ls d")).data.autonomy.continue).toBe(true);
    await execute("abort_execution", { element_name: "counter", reason: "test over" });
  });

  it("SHOULD 8.7.2 stage 2: a reported failure pauses", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "failer" });
    const r = await step("failer", "retry the build", { outcome: "failure" });
    expect(r.data.autonomy.continue).toBe(false);
    expect(r.data.autonomy.reason).toMatch(/failed/);
    await execute("abort_execution", { element_name: "failer" });
  });
});

describe("confirm tier: only a human on the approval channel confirms (MUST 8.7.3)", () => {
  it("a requires-approval pause emits permission_pending and survives every agent-side attempt", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "pusher" });
    const hint = "git push origin feature-x";
    const r = await step("pusher", hint);
    expect(r.data.autonomy.continue).toBe(false);
    expect(r.data.autonomy.stopped).toBe(false);
    const pending = r.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending");
    expect(pending.metadata.confirmationId).toBeDefined();
    const id = pending.metadata.confirmationId;
    const screen = displayScreens(home).find((s) => s.requestId === id && s.event === "show");
    expect(screen?.text).toContain("git push origin feature-x");
    expect(screen?.code ?? "").toBe(""); // a confirmation shows no code: a press answers it

    // Every agent-side way to approve: confirm_operation (many times), verify_challenge with the
    // confirmation id, a new execution, re-reporting, a riskScore of 0.
    for (let i = 0; i < 3; i++) {
      const c = await execute("confirm_operation", { confirmation_id: id, element_name: "pusher", wait_seconds: 0 });
      expect(c.data.status).toBe("pending");
    }
    expect((await create("verify_challenge", { challenge_id: id, code: "0000-0000-0000-0000-0000-0000-00" })).success).toBe(false);
    expect((await step("pusher", hint, { riskScore: 0 })).data.autonomy.continue).toBe(false);
    expect((await step("pusher", "ls")).data.autonomy.continue).toBe(false);

    // The human presses approve on the display while the agent waits in confirm_operation.
    // Whether the press lands before or after confirm_operation starts waiting, the answer is "approved".
    const waiting = execute("confirm_operation", { confirmation_id: id, wait_seconds: 30 });
    expect((await cli(home, "sim", "press", id, "approve")).code).toBe(0);
    expect((await waiting).data.status).toBe("approved");
    // Allowed exactly once, for exactly that action.
    expect((await step("pusher", "git push origin other-branch")).data.autonomy.continue).toBe(false);
    await execute("abort_execution", { element_name: "pusher" });
  });

  it("an approval is bound to the exact action and used once", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "pusher2" });
    const r = await step("pusher2", "deploy_service api");
    const id = r.data.confirmation.confirmationId;
    await cli(home, "sim", "touch", id);
    expect((await execute("confirm_operation", { confirmation_id: id, wait_seconds: 0 })).data.status).toBe("approved");
    expect((await step("pusher2", "deploy_service api")).data.autonomy.continue).toBe(true);
    const again = await step("pusher2", "deploy_service api");
    expect(again.data.autonomy.continue).toBe(false);
    await execute("abort_execution", { element_name: "pusher2" });
  });

  it("a denial ends the pause without allowing the action", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "pusher3" });
    const id = (await step("pusher3", "git push --tags")).data.confirmation.confirmationId;
    await cli(home, "sim", "press", id, "deny");
    expect((await execute("confirm_operation", { confirmation_id: id, wait_seconds: 0 })).data.status).toBe("denied");
    const next = await step("pusher3", "git push --tags");
    expect(next.data.autonomy.continue).toBe(false);
    expect(next.data.confirmation.confirmationId).not.toBe(id);
    await execute("abort_execution", { element_name: "pusher3" });
  });

  it("sim press refuses a challenge id: challenges need the code or a key touch", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "v0" });
    const r = await step("v0", "rotate signing keys", { riskScore: 70 });
    const res = await cli(home, "sim", "press", r.data.verification.verificationId, "approve");
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/code|touch/);
    await execute("abort_execution", { element_name: "v0" });
  });
});

describe("verify tier (MUST 8.8.2, SHOULD 8.8.3)", () => {
  it("pauses with autonomy_pause + verificationId, stays paused, and lifts only with the code from the display", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "verifier" });
    const hint = "rotate the signing keys of the release pipeline";
    const r = await step("verifier", hint, { riskScore: 70 });
    expect(r.data.autonomy).toMatchObject({ continue: false, stopped: false, nextStepRisk: "verify" });
    const pause = r.data.autonomy.notifications.find((n: { type: string }) => n.type === "autonomy_pause");
    const vid = pause.metadata.verificationId;
    expect(vid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // SHOULD 8.8.3: later steps return continue:false with the pending challenge id.
    const later = await step("verifier", "ls");
    expect(later.data.autonomy.continue).toBe(false);
    expect(later.data.autonomy.reason).toContain(vid);

    const code = codeOnDisplay(home, vid);
    expect(code.replace(/-/g, "")).toHaveLength(26);
    const ok = await create("verify_challenge", { challenge_id: vid, code });
    expect(ok.data.verified).toBe(true);
    // One-time use.
    expect((await create("verify_challenge", { challenge_id: vid, code })).success).toBe(false);
    expect((await step("verifier", hint, { riskScore: 70 })).data.autonomy.continue).toBe(true);
    await execute("abort_execution", { element_name: "verifier" });
  });

  it("a wrong code burns the challenge; the same action then gets a new one", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "verifier2" });
    const hint = "rotate database credentials";
    const vid = (await step("verifier2", hint, { riskScore: 70 })).data.verification.verificationId;
    const code = codeOnDisplay(home, vid);
    const wrong = await create("verify_challenge", { challenge_id: vid, code: "0000-0000-0000-0000-0000-0000-00" });
    expect(wrong.error.code).toBe("TOKEN_INVALID");
    expect((await create("verify_challenge", { challenge_id: vid, code })).success).toBe(false);
    const next = await step("verifier2", hint, { riskScore: 70 });
    expect(next.data.verification.verificationId).not.toBe(vid);
    await execute("abort_execution", { element_name: "verifier2" });
  });

  it("a key touch bound to the challenge satisfies it when nobody types the code", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "toucher" });
    const hint = "rotate API tokens";
    const vid = (await step("toucher", hint, { riskScore: 70 })).data.verification.verificationId;
    // sim touch returns once the approval is durable: the next step sees it.
    expect((await cli(home, "sim", "touch", vid)).code).toBe(0);
    expect((await step("toucher", hint, { riskScore: 70 })).data.autonomy.continue).toBe(true);
    await execute("abort_execution", { element_name: "toucher" });
  });
});

describe("danger zone and hard blocks (MUST 8.8.1, 8.8.3)", () => {
  it("a deny match returns stopped:true with a danger_zone notification, broadcast to every executing agent", async () => {
    const { create, execute, step } = await session();
    const bystander = await connectAgent(home);
    await bystander.call("mcp_aql_execute", "execute_agent", { element_name: "bystander" });
    await execute("execute_agent", { element_name: "wrecker" });
    const r = await step("wrecker", "calling drop_table on customers");
    expect(r.data.autonomy).toMatchObject({ continue: false, stopped: true, nextStepRisk: "danger_zone" });
    const dz = r.data.autonomy.notifications.find((n: { type: string }) => n.type === "danger_zone");
    const vid = dz.metadata.verificationId;
    expect(vid).toBeDefined();

    const seenByOther = await bystander.call("mcp_aql_create", "record_execution_step", { element_name: "bystander", nextActionHint: "ls" });
    const broadcast = seenByOther.data.autonomy.notifications?.find((n: { type: string }) => n.type === "danger_zone");
    expect(broadcast?.metadata.verificationId).toBe(vid);
    expect(broadcast?.metadata.agent).toBe("wrecker");
    await bystander.close();

    // MUST: all subsequent execution operations for the agent are rejected.
    expect((await step("wrecker", "ls")).data.autonomy.stopped).toBe(true);
    expect((await execute("complete_execution", { element_name: "wrecker" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    expect((await execute("abort_execution", { element_name: "wrecker" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    // MUST: a new execution does not bypass the block.
    expect((await execute("execute_agent", { element_name: "wrecker" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    // Renaming the agent in the same session does not escape it.
    expect((await execute("execute_agent", { element_name: "wrecker-2" })).error.code).toBe("PERMISSION_AGENT_BLOCKED");
    expect((await step("wrecker-2", "ls")).data.autonomy.stopped).toBe(true);

    const code = codeOnDisplay(home, vid);
    expect((await create("verify_challenge", { challenge_id: vid, code })).data.verified).toBe(true);
    expect((await step("wrecker", "ls")).data.autonomy.stopped).toBe(false);
  });

  it("the danger_zone tier (server-side score) hard-stops too", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "scorer" });
    const r = await step("scorer", "clean up the build output", { riskScore: 95 });
    expect(r.data.autonomy.stopped).toBe(true);
    const vid = r.data.verification.verificationId;
    expect((await cli(home, "sim", "touch", vid)).code).toBe(0);
    expect((await step("scorer", "ls")).data.autonomy.stopped).toBe(false);
  });

  it("an agent's own words are judged for what they say it will do: a prose hint that deletes production data hard-stops, naming the sentence", async () => {
    const { execute, step } = await session();
    await execute("execute_agent", { element_name: "prose" });
    const r = await step("prose", "I'll delete the old customer records from the production database since they look unused");
    expect(r.data.autonomy.stopped).toBe(true);
    expect(JSON.stringify(r.data)).toContain("action.prose.delete");
    const vid = r.data.verification.verificationId;
    expect((await cli(home, "sim", "touch", vid)).code).toBe(0);
    // Everyday work in the same words goes on.
    expect((await step("prose", "Deleting the temporary build directory dist/ before rebuilding")).data.autonomy.stopped).toBe(false);
  });

  it("admin unblock needs a key touch", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "victim" });
    await step("victim", "deploy app_production_db");
    const waiting = cli(home, "unblock", "victim", "--wait", "20");
    let id: string | undefined;
    for (let i = 0; i < 100 && !id; i++) {
      await new Promise((res) => setTimeout(res, 100));
      id = displayScreens(home).find((s) => s.kind === "unblock" && s.agent === "victim")?.requestId;
    }
    expect(id).toBeDefined();
    expect((await cli(home, "sim", "press", id!, "approve")).code).not.toBe(0);
    expect((await cli(home, "sim", "touch", id!)).code).toBe(0);
    const out = await waiting;
    expect(out.stdout).toMatch(/unblocked victim/);
    expect((await step("victim", "ls")).data.autonomy.stopped).toBe(false);
  });
});

describe("rate limiting of failed verifications (SHOULD 8.8.5)", () => {
  it("allows 10 failures per agent per window, then refuses, and audits each", async () => {
    const { create, execute, step } = await session();
    await execute("execute_agent", { element_name: "guesser" });
    const vid = (await step("guesser", "something risky", { riskScore: 70 })).data.verification.verificationId;
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await create("verify_challenge", { challenge_id: vid, code: "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZ", element_name: "guesser" });
      codes.push(r.error.code);
    }
    expect(codes.every((c) => c === "TOKEN_INVALID")).toBe(true);
    const limited = await create("verify_challenge", { challenge_id: vid, code: "ZZZZ", element_name: "guesser" });
    expect(limited.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(limited.error.details.retry_after_seconds).toBeGreaterThan(0);
    const status = JSON.parse((await cli(home, "status", "--json")).stdout);
    expect(status.audit.seq).toBeGreaterThan(10);
  });
});

describe("the audit log", () => {
  it("haltkey audit verify walks the chain through the running daemon", async () => {
    const r = await cli(home, "audit", "verify", "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(report.records).toBeGreaterThan(20);
  });
});
