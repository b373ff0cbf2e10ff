// Halt conditions end to end: the official MCP client, the real daemon, the simulated human.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanup, cli, connectAgent, displayScreens, startDaemon, tempHome, type Agent, type Daemon } from "./helpers/daemon.js";

let home: string;
let daemon: Daemon;
let agent: Agent;
beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate"]);
  agent = await connectAgent(home);
});
afterAll(async () => {
  await agent?.close();
  await daemon?.stop();
  cleanup(home);
});

const tool = async (name: string, args: Record<string, unknown>) => {
  const r = (await agent.client.callTool({ name, arguments: args })) as { content: Array<{ text: string }>; isError?: boolean };
  return { body: JSON.parse(r.content[0]!.text), isError: r.isError === true };
};

describe("halt conditions over MCP", () => {
  it("the halt tools take the spec's input shapes and reject unknown parameters", async () => {
    const { tools } = await agent.client.listTools();
    const check = tools.find((t) => t.name === "guardrail_check_halt_conditions")!;
    expect(check.inputSchema.required).toEqual(["session_token", "current_context"]);
    const r = await tool("guardrail_get_session_halts", { session_token: "s", nope: true });
    expect(r.isError).toBe(true);
    expect(r.body.error.code).toBe("VALIDATION_UNKNOWN_PARAM");
  });

  it("a critical halt stops the session; the agent cannot acknowledge it; the simulated human can", async () => {
    await agent.call("mcp_aql_execute", "execute_agent", { element_name: "coder" });
    const check = await tool("guardrail_check_halt_conditions", {
      session_token: "sess_abc123",
      current_context: { operation: "modify authentication logic", target_files: ["src/auth.js"], files_read: ["src/app.js"], attempt_number: 1 },
      proposed_changes: { files_to_modify: ["src/auth.js"], has_tests: false, has_rollback_plan: false },
    });
    expect(check.body.should_halt).toBe(true);
    const critical = check.body.halt_reasons.find((h: { severity: string }) => h.severity === "critical");
    const step = await agent.call("mcp_aql_create", "record_execution_step", { element_name: "coder", nextActionHint: "edit src/auth.js" });
    expect(step.data.autonomy.continue).toBe(false);

    const attempt = await tool("guardrail_acknowledge_halt", { session_token: "sess_abc123", halt_id: critical.halt_id, resolution: "resolved", wait_seconds: 0 });
    expect(attempt.body.confirmed).toBe(false);
    const screen = displayScreens(home).filter((s) => s.kind === "halt" && s.text?.includes("CRITICAL")).pop()!;
    expect((await cli(home, "sim", "press", screen.requestId, "approve")).code).toBe(0);
    const high = check.body.halt_reasons.find((h: { severity: string }) => h.severity === "high");
    const waiting = tool("guardrail_acknowledge_halt", { session_token: "sess_abc123", halt_id: high.halt_id, resolution: "resolved", wait_seconds: 20 });
    let id: string | undefined;
    for (let i = 0; i < 100 && !id; i++) {
      await new Promise((res) => setTimeout(res, 50));
      id = displayScreens(home).filter((s) => s.kind === "halt" && s.text?.includes("HIGH")).pop()?.requestId;
    }
    expect((await cli(home, "sim", "touch", id!)).code).toBe(0);
    expect((await waiting).body).toMatchObject({ confirmed: true, session_can_resume: true });
    const after = await agent.call("mcp_aql_create", "record_execution_step", { element_name: "coder", nextActionHint: "read src/auth.js" });
    expect(after.data.autonomy.continue).toBe(true);
  });

  it("the agent cannot change halt configuration without a key touch", async () => {
    const r = await tool("guardrail_update_halt_config", { condition_name: "secrets_exposure", enabled: false, wait_seconds: 0 });
    expect(r.body).toMatchObject({ updated: false, status: "pending" });
    const screen = displayScreens(home).filter((s) => s.kind === "config").pop()!;
    expect((await cli(home, "sim", "press", screen.requestId, "approve")).code).not.toBe(0);
  });
});
