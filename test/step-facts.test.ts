// What the engine hands the action model: the step's tool and the proxy's tool annotations reach
// the judgement through record_execution_step, so a tool call is judged by what it means.
import { afterEach, describe, expect, it } from "vitest";
import { defaultRuleSet } from "../src/core/rules/index.js";
import { closeAll, startService } from "./helpers/service.js";

const rules = defaultRuleSet();
afterEach(closeAll);

async function stepOf(params: Record<string, unknown>) {
  const s = await startService({ rules });
  expect((await s.call("mcp_aql_execute", "execute_agent", { element_name: "a" })).success).toBe(true);
  return (await s.call("mcp_aql_create", "record_execution_step", { element_name: "a", ...params })).data;
}

describe("the step's tool and annotations reach the action model through the engine", () => {
  it("a mass delete sent through a database tool's query argument is judged by its SQL", async () => {
    const data = await stepOf({ nextActionHint: "clean up old customers", tool: "mcp__postgres__query", arguments: { sql: "DELETE FROM customers WHERE created_at < now() - interval '1 year'" } });
    expect(data.autonomy.continue).toBe(false);
    expect(data.risk.rules.some((r: string) => r.startsWith("action."))).toBe(true);
  });

  it("a destructive annotation raises an unknown tool's call; without it the same call goes", async () => {
    const plain = await stepOf({ nextActionHint: "tidy the standup note", tool: "mcp__notes__purge_note", arguments: { note: "standup-2026-11-20" } });
    const annotated = await stepOf({ nextActionHint: "tidy the standup note", tool: "mcp__notes__purge_note", arguments: { note: "standup-2026-11-20" }, annotations: { destructiveHint: true, openWorldHint: true } });
    expect(annotated.autonomy.continue).toBe(false);
    expect(annotated.risk.rules).toContain("action.tool.annotated-destructive");
    expect(plain.risk.rules).not.toContain("action.tool.annotated-destructive");
  });
});
