// `haltkey hook claude-code [--agent NAME] [--wait S] [--on-pause deny|ask] [--allow]`: the command
// Claude Code's settings run for PreToolUse and PostToolUse (docs/claude-code-hooks.md). It runs
// twice per tool call, so it loads only what the hook needs: its options are read here by hand,
// and its import graph holds no commander, zod, pino, engine or store (test/hook-entry.test.ts).
//
// Claude Code lets the call run on any exit code but 0 and 2, so every failure here, a bad option
// included, is exit 2 with the reason on stderr.
import { resolvePaths } from "../daemon/paths.js";

const STDIN_TIMEOUT_MS = 10_000;

export interface HookCliOptions {
  readonly agent?: string;
  readonly waitSeconds: number;
  readonly onPause: "deny" | "ask";
  readonly allow: boolean;
}

export const HOOK_USAGE = `usage: haltkey hook claude-code [--agent NAME] [--wait SECONDS] [--on-pause deny|ask] [--allow]

  --agent NAME           the agent name the daemon knows this Claude Code as
                         (default: claude-code:<project directory>-<hash of its path>, from
                         $CLAUDE_PROJECT_DIR, else the payload's cwd)
  --wait SECONDS         how long a paused call waits for the human on the device, 0 to 120 (default 20)
  --on-pause deny|ask    what an unanswered pause becomes (default deny)
  --allow                make haltkey's go an explicit allow (skips Claude Code's own prompt)
`;

/** Parses the options after `hook claude-code`; a string is what was wrong. */
export function parseHookArgs(args: readonly string[]): HookCliOptions | string {
  let agent: string | undefined;
  let wait = 20;
  let onPause: "deny" | "ask" = "deny";
  let allow = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (arg.startsWith("--") && eq > 0 ? arg.slice(eq + 1) : args[++i]);
    switch (name) {
      case "--agent": {
        const v = value();
        if (v === undefined || v.length === 0 || v.length > 128) return "--agent needs a name of 1 to 128 characters";
        agent = v;
        break;
      }
      case "--wait": {
        const v = value();
        const n = Number(v);
        if (v === undefined || !/^\d{1,3}$/.test(v) || n > 120) return "--wait must be a whole number of seconds from 0 to 120";
        wait = n;
        break;
      }
      case "--on-pause": {
        const v = value();
        if (v !== "deny" && v !== "ask") return "--on-pause must be deny or ask";
        onPause = v;
        break;
      }
      case "--allow":
        if (eq > 0) return "--allow takes no value";
        allow = true;
        break;
      default:
        return `unknown option ${JSON.stringify(arg.slice(0, 64))}`;
    }
  }
  return { ...(agent !== undefined ? { agent } : {}), waitSeconds: wait, onPause, allow };
}

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

/** Runs the hook with the arguments after `hook claude-code`; writes the answer and returns the exit code (0 or 2). */
export async function hookMain(args: readonly string[]): Promise<number> {
  const opts = parseHookArgs(args);
  let result: { exitCode: number; stdout: string; stderr: string };
  if (typeof opts === "string") {
    result = { exitCode: 2, stdout: "", stderr: `haltkey: the tool call is blocked: ${opts}\n${HOOK_USAGE}` };
  } else {
    try {
      const { MAX_PAYLOAD_BYTES, runClaudeCodeHook } = await import("../adapters/claude-code-hook.js");
      const stdin = await readStdin(MAX_PAYLOAD_BYTES);
      result = await runClaudeCodeHook(stdin, { paths: resolvePaths(), ...opts, ...(process.env.CLAUDE_PROJECT_DIR ? { projectDir: process.env.CLAUDE_PROJECT_DIR } : {}) });
    } catch (e) {
      result = { exitCode: 2, stdout: "", stderr: `haltkey: the tool call is blocked: ${(e as Error).message}\n` };
    }
  }
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.exitCode;
}
