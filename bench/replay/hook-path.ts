// Path (a): the Claude Code hook. Each step is a PreToolUse and, once it ran, a PostToolUse,
// as Claude Code sends them on the stdin of `haltkey hook claude-code`. The handler the CLI
// entry runs (runClaudeCodeHook) is driven in-process against the real daemon's socket, so a
// 5,000-step replay takes minutes, not two Node start-ups per event; `cliInvoker` runs the
// actual CLI process, and the agreement check shows both give the same answers.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { runClaudeCodeHook, type HookResult } from "../../src/adapters/claude-code-hook.js";
import type { ReplaySession, ReplayStep } from "./corpus.js";
import { cliPath, type ReplayDaemon } from "./daemon.js";
import { uuidsIn, type Decision, type HeldKind, type SessionDriver } from "./replay.js";

/** The agent name the hook uses unless settings.json passes --agent. */
export const HOOK_AGENT = "claude-code";

/**
 * The recorded sessions hold commands, not their output. Claude Code always sends a Bash
 * tool_response; a non-empty placeholder makes the hook report the output as it does for real
 * (an empty output is not reported at all). Fixtures may carry the real output of a step.
 */
export const PLACEHOLDER_OUTPUT = "(replay: the recorded session does not hold this command's output)\n";

export type HookInvoker = (payload: Record<string, unknown>) => Promise<HookResult>;

/** The CLI's handler in this process, with the CLI's own defaults but --wait 0 (the replay plays the wait). */
export function inProcessInvoker(daemon: ReplayDaemon, agent = HOOK_AGENT): HookInvoker {
  return (payload) => runClaudeCodeHook(JSON.stringify(payload), { paths: daemon.paths, agent, waitSeconds: 0, onPause: "deny", allow: false });
}

/** `haltkey hook claude-code --wait 0` as a process, as Claude Code runs it. */
export function cliInvoker(daemon: ReplayDaemon, agent = HOOK_AGENT): HookInvoker {
  return (payload) =>
    new Promise((resolve, reject) => {
      const p = spawn(process.execPath, [cliPath(), "hook", "claude-code", "--wait", "0", "--agent", agent], { env: daemon.env, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      p.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      p.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      p.stdin.on("error", () => undefined);
      p.once("error", reject);
      p.once("close", (code) => resolve({ exitCode: code === 0 ? 0 : 2, stdout, stderr }));
      p.stdin.end(JSON.stringify(payload));
    });
}

/** A stable UUID for a recorded session, so a replay sends the same payloads every time. */
export function replaySessionId(name: string): string {
  const h = createHash("sha256").update(`haltkey-replay\u0000${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Claude Code's payloads for one session. */
export function hookPayloads(s: ReplaySession, sessionName = s.session) {
  const session_id = replaySessionId(sessionName);
  const base = { session_id, transcript_path: `/home/dev/.claude/projects/replay/${session_id}.jsonl`, cwd: s.cwd, permission_mode: "default" };
  const input = (step: ReplayStep) => ({ command: step.command, ...(step.description !== undefined ? { description: step.description } : {}) });
  return {
    pre: (step: ReplayStep, i: number) => ({ ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: input(step), tool_use_id: `toolu_replay_${i}` }),
    post: (step: ReplayStep, i: number) => ({
      ...base,
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: input(step),
      tool_response: { stdout: step.output ?? PLACEHOLDER_OUTPUT, stderr: "", interrupted: false, isImage: false },
      tool_use_id: `toolu_replay_${i}`,
    }),
  };
}

/** What the hook's answer means to Claude Code: exit 2 blocks; exit 0 with "deny" or "ask" holds too. */
export function hookDecision(r: HookResult, latencyMs: number): Decision {
  let out: { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string }; decision?: string; reason?: string } | undefined;
  try {
    out = r.stdout.trim() ? JSON.parse(r.stdout) : undefined;
  } catch {
    out = undefined;
  }
  const pd = out?.hookSpecificOutput?.permissionDecision;
  const held = r.exitCode !== 0 || pd === "deny" || pd === "ask" || out?.decision === "block";
  if (!held) return { held: false, ids: [], latencyMs };
  const reason = (out?.hookSpecificOutput?.permissionDecisionReason ?? out?.reason ?? r.stderr).trim();
  const kind: HeldKind = /hard-blocked/.test(reason) ? "stop" : /paused/.test(reason) ? "pause" : "refused";
  return { held: true, kind, reason, ids: uuidsIn(`${r.stdout}\n${r.stderr}`), latencyMs };
}

export function hookDriver(daemon: ReplayDaemon, invoke: HookInvoker, s: ReplaySession, sessionName = s.session): SessionDriver {
  const payloads = hookPayloads(s, sessionName);
  const timed = async (payload: Record<string, unknown>): Promise<Decision> => {
    const t = performance.now();
    const r = await invoke(payload);
    return hookDecision(r, performance.now() - t);
  };
  return {
    pre: (step, i) => timed(payloads.pre(step, i)),
    post: (step, i) => timed(payloads.post(step, i)),
    // A Claude Code user types the code with `haltkey verify` (the operator's CLI).
    enterCode: async (id, code) => {
      await daemon.verify(id, code);
    },
    // The hook's --wait saw the approval; it reports the same call again, as the replay does next.
    approved: async () => undefined,
    close: async () => undefined,
  };
}
