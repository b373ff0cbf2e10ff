// `haltkey hook claude-code`: the command Claude Code's settings.json runs for PreToolUse and
// PostToolUse (docs/claude-code-hooks.md).
import { Command, InvalidArgumentError } from "commander";
import { paths } from "./common.js";

const STDIN_TIMEOUT_MS = 10_000;

/** Reads all of stdin, refusing more than `max` bytes or a stdin that never ends. */
function readStdin(max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => reject(new Error(`stdin did not end within ${STDIN_TIMEOUT_MS / 1000} s`)), STDIN_TIMEOUT_MS);
    process.stdin.on("data", (d: Buffer) => {
      size += d.length;
      if (size > max) {
        clearTimeout(timer);
        process.stdin.destroy();
        reject(new Error(`the hook payload is larger than ${max} bytes`));
      } else chunks.push(d);
    });
    process.stdin.once("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    process.stdin.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

const seconds = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 120) throw new InvalidArgumentError("seconds must be a whole number from 0 to 120");
  return n;
};

export function registerHookCommand(program: Command): void {
  const hook = program.command("hook").description("Enforcement hooks for agent runtimes: every tool call is judged by the daemon, cooperation or not");
  hook
    .command("claude-code")
    .description("Claude Code PreToolUse/PostToolUse hook: reads the hook payload on stdin, prints the decision")
    .option("--agent <name>", "the agent name the daemon knows this Claude Code as", "claude-code")
    .option("--wait <seconds>", "how long a paused call waits for the human to approve on the device (0 to 120)", seconds, 20)
    .option("--on-pause <decision>", "what an unanswered pause becomes: deny, or ask (Claude Code's own prompt, which a human can answer without the device)", "deny")
    .option("--allow", "make haltkey's go an explicit allow, which skips Claude Code's own permission prompt", false)
    // Claude Code lets the call run on any exit code but 0 and 2, so a bad option must block too.
    .exitOverride((e) => {
      process.exit(e.exitCode === 0 ? 0 : 2);
    })
    .action(async (o: { agent: string; wait: number; onPause: string; allow: boolean }) => {
      let result: { exitCode: number; stdout: string; stderr: string };
      if (o.onPause !== "deny" && o.onPause !== "ask") {
        result = { exitCode: 2, stdout: "", stderr: "haltkey: the tool call is blocked: --on-pause must be deny or ask\n" };
      } else {
        try {
          const { MAX_PAYLOAD_BYTES, runClaudeCodeHook } = await import("../adapters/claude-code-hook.js");
          const stdin = await readStdin(MAX_PAYLOAD_BYTES);
          result = await runClaudeCodeHook(stdin, { paths, agent: o.agent, waitSeconds: o.wait, onPause: o.onPause, allow: o.allow });
        } catch (e) {
          result = { exitCode: 2, stdout: "", stderr: `haltkey: the tool call is blocked: ${(e as Error).message}\n` };
        }
      }
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
      process.exitCode = result.exitCode;
    });
}
