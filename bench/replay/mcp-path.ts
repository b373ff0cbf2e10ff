// Path (b): MCP. One `haltkey mcp` shim per recorded session, driven by the official MCP SDK
// client over stdio, as a well-behaved agent uses it: execute_agent once, then before every
// command record_execution_step with the command as its hint, tool and arguments; after a human
// approved, confirm_operation says so and the same step is reported again; a code from the
// display goes in through verify_challenge.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ReplaySession } from "./corpus.js";
import { cliPath, type ReplayDaemon } from "./daemon.js";
import { uuidsIn, type Decision, type SessionDriver } from "./replay.js";

/** One name for the agent across sessions, as one coding agent configured once would use. */
export const MCP_AGENT = "coding-agent";

interface AqlAnswer {
  success: boolean;
  data?: { autonomy?: { continue?: boolean; stopped?: boolean; reason?: string; factors?: string[] } };
  error?: { code: string; message: string };
}

export async function mcpDriver(daemon: ReplayDaemon, s: ReplaySession, agent = MCP_AGENT): Promise<SessionDriver> {
  const client = new Client({ name: "haltkey-replay", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath(), "mcp", "--no-autostart"], env: daemon.env, stderr: "ignore" }));
  const call = async (tool: string, operation: string, params: Record<string, unknown>): Promise<{ text: string; answer: AqlAnswer }> => {
    const r = (await client.callTool({ name: tool, arguments: { operation, params } })) as { content: Array<{ text: string }> };
    const text = r.content[0]?.text ?? "";
    return { text, answer: JSON.parse(text) as AqlAnswer };
  };
  const started = await call("mcp_aql_execute", "execute_agent", { element_name: agent, goal: `replayed session ${s.session}` });
  if (!started.answer.success) throw new Error(`execute_agent failed for ${s.session}: ${started.text}`);
  return {
    async pre(step) {
      const t = performance.now();
      const { text, answer } = await call("mcp_aql_create", "record_execution_step", {
        element_name: agent,
        nextActionHint: `executing shell command: ${step.command}`,
        tool: "bash",
        arguments: { command: step.command },
        ...(step.description !== undefined ? { justification: step.description } : {}),
      });
      const latencyMs = performance.now() - t;
      const a = answer.data?.autonomy;
      if (answer.success && a?.continue === true && a.stopped !== true) return { held: false, ids: [], latencyMs };
      const kind = answer.success ? (a?.stopped ? "stop" : "pause") : answer.error?.code === "PERMISSION_AGENT_BLOCKED" ? "stop" : "refused";
      const reason = answer.success ? (a?.reason ?? a?.factors?.[0] ?? "") : `${answer.error?.code}: ${answer.error?.message}`;
      return { held: true, kind, reason, ids: uuidsIn(text), latencyMs } satisfies Decision;
    },
    post: async () => undefined,
    async enterCode(id, code) {
      const r = await call("mcp_aql_create", "verify_challenge", { challenge_id: id, code, element_name: agent });
      if (!r.answer.success) throw new Error(`verify_challenge refused the code from the display: ${r.text}`);
    },
    async approved(id) {
      await call("mcp_aql_execute", "confirm_operation", { confirmation_id: id, element_name: agent, wait_seconds: 0 });
    },
    async close() {
      await call("mcp_aql_execute", "complete_execution", { element_name: agent, summary: "replay finished" }).catch(() => undefined);
    },
    // The SDK closes the shim's stdin and gives it 2 s to exit before a SIGTERM.
    dispose: () => client.close(),
  };
}
