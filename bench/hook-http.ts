// The Claude Code http hook's decision as Claude Code sees it: from the POST of a hook payload to
// the answer, over a kept-alive loopback connection, against a daemon started with --hook-http on
// disk (every PreToolUse step is an fsync'd transition). Benign calls of one Claude Code session,
// PreToolUse and PostToolUse alternating as Claude Code sends them. Target: p99 ≤ 10 ms.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { target } from "./targets.js";

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const COMMANDS = ["ls -la", "git status", "cat README.md", "npm test -- --run test/a.test.ts", "grep -rn TODO src", "git diff --stat", "node --version", "wc -l src/index.ts"];

export async function hookHttpBench(prefix: string, calls = 400): Promise<void> {
  const cli = fileURLToPath(new URL("../src/cli/main.js", import.meta.url));
  const home = mkdtempSync(prefix);
  const env = { ...process.env, HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" } as Record<string, string>;
  const policy = join(home, "hook-policy.json");
  // The step limit is not what is measured here.
  writeFileSync(policy, JSON.stringify({ maxAutonomousSteps: 100_000 }));
  const daemon = spawn(process.execPath, [cli, "serve", "--simulate", "--policy", policy, "--hook-http", "0"], { env, stdio: ["ignore", "ignore", "ignore"] });
  for (let i = 0; i < 400 && !existsSync(join(home, "hook-http.json")); i++) await new Promise((r) => setTimeout(r, 50));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { port } = JSON.parse(readFileSync(join(home, "hook-http.json"), "utf8")) as { port: number };
    const token = readFileSync(join(home, "hook-token"), "utf8").trim();
    const post = (payload: unknown): Promise<string> =>
      new Promise((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path: "/hooks/claude-code?wait=0", method: "POST", agent, headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } }, (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve(text));
        });
        req.once("error", reject);
        req.end(JSON.stringify(payload));
      });
    const session_id = randomUUID();
    const base = { session_id, transcript_path: `/home/dev/.claude/projects/p/${session_id}.jsonl`, cwd: "/home/dev/project", permission_mode: "default" };
    const pre: number[] = [];
    const postT: number[] = [];
    for (let i = 0; i < calls + 20; i++) {
      const tool_input = { command: COMMANDS[i % COMMANDS.length], description: "bench" };
      let t = process.hrtime.bigint();
      const answer = await post({ ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input, tool_use_id: `toolu_${i}` });
      if (answer.includes('"deny"')) throw new Error(`the bench's benign call was denied: ${answer}`);
      if (i >= 20) pre.push(Number(process.hrtime.bigint() - t) / 1e6);
      t = process.hrtime.bigint();
      await post({ ...base, hook_event_name: "PostToolUse", tool_name: "Bash", tool_input, tool_response: { stdout: `output of step ${i}\nall good\n`, stderr: "", interrupted: false }, tool_use_id: `toolu_${i}` });
      if (i >= 20) postT.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const line = (label: string, xs: number[]): string => {
      const s = [...xs].sort((a, b) => a - b);
      return `${label.padEnd(44)} n=${String(s.length).padStart(6)}  p50=${percentile(s, 0.5).toFixed(2).padStart(7)} ms  p99=${percentile(s, 0.99).toFixed(2).padStart(7)} ms  (target p99 ≤ 10 ms)`;
    };
    console.log(`\nClaude Code http hook (POST /hooks/claude-code, keep-alive, database on disk; ${home})`);
    console.log(line("PreToolUse decision", pre));
    console.log(line("PostToolUse findings report", postT));
    const p99 = percentile([...pre].sort((a, b) => a - b), 0.99);
    target("Claude Code http hook: decision p99", `${p99.toFixed(1)} ms (p50 ${percentile([...pre].sort((a, b) => a - b), 0.5).toFixed(1)} ms)`, "p99 ≤ 10 ms", p99 <= 10);
  } finally {
    agent.destroy();
    daemon.kill("SIGTERM");
    await new Promise((r) => daemon.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}
