// Touch to continue: from the human's touch on the (simulated) security key to `continue: true` on
// the agent's next report of the approved action. The path is the production one: `haltkey
// approve` on the operator socket, CTAPHID + CTAP2 over in-memory HID to SimFidoAuthenticator,
// SimpleWebAuthn verification, the counter and the approval fsync'd, then the agent's step over
// MCP stdio. The clock starts when the touch is issued (`sim touch` while the key blinks).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { DaemonClient, DaemonError } from "../src/daemon/client.js";

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function touchBench(prefix: string, rounds = 40): Promise<void> {
  const cli = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));
  const home = mkdtempSync(prefix);
  const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" } as Record<string, string>;
  const policy = join(home, "touch-policy.json");
  writeFileSync(policy, JSON.stringify({ maxAutonomousSteps: 100_000, requiresApproval: ["deploy_*"] }));
  const daemon = spawn(process.execPath, [cli, "serve", "--simulate", "--policy", policy], { env, stdio: ["ignore", "ignore", "ignore"] });
  for (let i = 0; i < 200 && !existsSync(join(home, "operator.sock")); i++) await new Promise((r) => setTimeout(r, 50));
  try {
    const agent = new Client({ name: "touch-bench", version: "1" });
    await agent.connect(new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--no-autostart"], env }));
    const call = async (operation: string, params: Record<string, unknown>, tool = "mcp_aql_create") => {
      const r = (await agent.callTool({ name: tool, arguments: { operation, params } })) as { content: Array<{ text: string }> };
      return JSON.parse(r.content[0]!.text);
    };
    await call("execute_agent", { element_name: "bench", maxAutonomousSteps: 100000 }, "mcp_aql_execute");
    const operator = await DaemonClient.connect(join(home, "operator.sock"));
    const finger = await DaemonClient.connect(join(home, "operator.sock"));
    const samples: number[] = [];
    const approveOnly: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const hint = `deploy_service_${i} to staging`;
      const paused = await call("record_execution_step", { element_name: "bench", nextActionHint: hint });
      const id = paused.data.autonomy.notifications.find((n: { type: string }) => n.type === "permission_pending").metadata.confirmationId as string;
      const approved = operator.request("approve", { requestId: id, waitSeconds: 30 }, 40_000);
      // Wait until the key blinks, then touch: the clock starts with the touch.
      let t0 = 0n;
      for (;;) {
        const t = process.hrtime.bigint();
        try {
          await finger.request("sim.touch", {});
          t0 = t;
          break;
        } catch (e) {
          if (!(e instanceof DaemonError) || e.code !== "NOT_FOUND_RESOURCE") throw e;
          await new Promise((r) => setTimeout(r, 1));
        }
      }
      await approved;
      const t1 = process.hrtime.bigint();
      const next = await call("record_execution_step", { element_name: "bench", nextActionHint: hint });
      const t2 = process.hrtime.bigint();
      if (next.data.autonomy.continue !== true) throw new Error(`round ${i}: the approved action did not continue`);
      approveOnly.push(Number(t1 - t0) / 1e6);
      samples.push(Number(t2 - t0) / 1e6);
    }
    operator.close();
    finger.close();
    await agent.close();
    const s = [...samples].sort((a, b) => a - b);
    const v = [...approveOnly].sort((a, b) => a - b);
    console.log(`\ntouch to continue over the simulated security key (${rounds} approvals; production path, database on disk)`);
    console.log(`  touch → approval verified and stored           p50 ${percentile(v, 0.5).toFixed(1)} ms   p99 ${percentile(v, 0.99).toFixed(1)} ms`);
    console.log(`  touch → continue:true on the agent's next step  p50 ${percentile(s, 0.5).toFixed(1)} ms   p99 ${percentile(s, 0.99).toFixed(1)} ms   max ${s[s.length - 1]!.toFixed(1)} ms`);
  } finally {
    daemon.kill("SIGTERM");
    await new Promise((r) => daemon.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}
