// The real daemon for a replay: the built CLI (dist/) with simulated hardware, the default policy
// and a fresh temporary HALTKEY_HOME, plus what the simulated human does on its operator socket
// (press a display button, read the code off the display, type it in).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DaemonClient } from "../../src/daemon/client.js";
import type { Method, Params, Result } from "../../src/daemon/protocol.js";
import { resolvePaths, type HaltkeyPaths } from "../../src/daemon/paths.js";
import { Store } from "../../src/store/store.js";

/** The repository root: the nearest directory above this file that holds package.json. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find the repository root (package.json) above the replay harness");
    dir = up;
  }
  return dir;
}

export const cliPath = (): string => join(repoRoot(), "dist", "src", "cli", "main.js");

export interface StepAudit {
  readonly verdict?: string;
  readonly cause?: string;
  readonly rules: readonly string[];
  readonly detections: readonly string[];
  readonly breakers: readonly string[];
  readonly confirmationId?: string;
  readonly verificationId?: string;
  readonly hint?: string;
}

export interface PendingRequest {
  readonly id: string;
  readonly kind: string;
  readonly agent: string;
  readonly text: string;
  readonly onDisplay: boolean;
}

// A replay that is interrupted (Ctrl-C, an error) leaves no daemon or temporary home behind.
const running = new Set<ReplayDaemon>();
process.on("exit", () => {
  for (const d of running) d.kill();
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const d of running) d.kill();
    process.exit(130);
  });
}

export class ReplayDaemon {
  private operator: DaemonClient | undefined;

  private constructor(
    readonly home: string,
    readonly paths: HaltkeyPaths,
    readonly env: Record<string, string>,
    private readonly proc: ChildProcess,
    private readonly exited: Promise<void>,
    private readonly output: () => string,
  ) {}

  /** Starts `haltkey serve --simulate` (no --policy: the default policy) in a fresh home. */
  static async start(): Promise<ReplayDaemon> {
    const cli = cliPath();
    if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
    const home = mkdtempSync(join(tmpdir(), "hk-replay-"));
    const env = { ...(process.env as Record<string, string>), HALTKEY_HOME: home, HALTKEY_LOG_LEVEL: "warn" };
    const proc = spawn(process.execPath, [cli, "serve", "--simulate"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const exited = new Promise<void>((r) => proc.once("exit", () => r()));
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer): void => {
        out += d.toString();
        if (out.includes("serving on")) resolve();
      };
      proc.stdout!.on("data", onData);
      proc.stderr!.on("data", onData);
      proc.once("exit", (code) => reject(new Error(`the daemon exited (${code}) before serving: ${out}`)));
      setTimeout(() => reject(new Error(`the daemon did not start within 30 s: ${out}`)), 30_000).unref();
    });
    try {
      await ready;
    } catch (e) {
      proc.kill("SIGKILL");
      rmSync(home, { recursive: true, force: true });
      throw e;
    }
    const d = new ReplayDaemon(home, resolvePaths({ HALTKEY_HOME: home }), env, proc, exited, () => out);
    running.add(d);
    d.operator = await DaemonClient.connect(d.paths.operatorSocket, 10_000);
    return d;
  }

  /** Last resort, synchronous: the daemon is killed and its temporary home removed. */
  kill(): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill("SIGKILL");
    rmSync(this.home, { recursive: true, force: true });
  }

  daemonOutput(): string {
    return this.output();
  }

  private op<M extends Method>(method: M, params: Params<M>): Promise<Result<M>> {
    return this.operator!.request(method, params, 60_000);
  }

  /** The request with this id while it is pending (confirmation, challenge, a block's challenge). */
  async request(id: string): Promise<PendingRequest | undefined> {
    try {
      return await this.op("request.get", { requestId: id });
    } catch {
      return undefined;
    }
  }

  /** The human presses approve or deny on the simulated display (`haltkey sim press`). */
  press(id: string, decision: "approve" | "deny"): Promise<unknown> {
    return this.op("sim.press", { requestId: id, decision });
  }

  /** The human touches the simulated key for this request (`haltkey sim touch`). */
  touch(id: string): Promise<unknown> {
    return this.op("sim.touch", { requestId: id });
  }

  /** The human types the code from the display (`haltkey verify`). */
  async verify(id: string, code: string): Promise<void> {
    const r = await this.op("verify", { challengeId: id, code });
    if (!r.success) throw new Error(`the code from the display was refused: ${r.error?.code}: ${r.error?.message}`);
  }

  /**
   * The code the simulated display shows for a request: what the human reads off the screen. The
   * display log is appended asynchronously after the daemon answers, so this waits for the line.
   */
  async codeOnDisplay(id: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (existsSync(this.paths.displayLog)) {
        const lines = readFileSync(this.paths.displayLog, "utf8").split("\n");
        for (let i = lines.length - 1; i >= 0; i--) {
          if (!lines[i]!.includes(id)) continue;
          const ev = JSON.parse(lines[i]!) as { event: string; requestId: string; code?: string };
          if (ev.event === "show" && ev.requestId === id && ev.code) return ev.code;
        }
      }
      if (Date.now() > deadline) throw new Error(`no code was shown on the simulated display for ${id}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Stops the daemon and reads every step_evaluated event of its audit log. */
  async stop(opts: { keepHome?: boolean } = {}): Promise<StepAudit[]> {
    running.delete(this);
    this.operator?.close();
    if (this.proc.exitCode === null && this.proc.signalCode === null) {
      this.proc.kill("SIGTERM");
      await this.exited;
    }
    const steps: StepAudit[] = [];
    try {
      const store = await Store.open(this.paths.db);
      try {
        for await (const r of store.auditRecords()) {
          if (r.type !== "step_evaluated") continue;
          const d = r.data as Record<string, unknown>;
          const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
          steps.push({
            ...(typeof d.verdict === "string" ? { verdict: d.verdict } : {}),
            ...(typeof d.cause === "string" ? { cause: d.cause } : {}),
            rules: list(d.rules),
            detections: list(d.detections),
            breakers: list(d.breakers),
            ...(typeof d.confirmationId === "string" ? { confirmationId: d.confirmationId } : {}),
            ...(typeof d.verificationId === "string" ? { verificationId: d.verificationId } : {}),
            ...(typeof d.hint === "string" ? { hint: d.hint } : {}),
          });
        }
      } finally {
        await store.close();
      }
    } finally {
      if (!opts.keepHome) rmSync(this.home, { recursive: true, force: true });
    }
    return steps;
  }
}
