// `haltkey proxy` driven line by line with raw bytes, for what an SDK client would never send.
import { spawn, type ChildProcess } from "node:child_process";
import { CLI } from "./daemon.js";

/** The proxy driven line by line, for what an SDK client would never send. */
export class RawProxy {
  readonly proc: ChildProcess;
  readonly lines: string[] = [];
  stderr = "";
  private closed = false;
  private waiters: Array<() => void> = [];
  readonly exited: Promise<number | null>;

  constructor(serverArgs: string[], agent: string, home: string) {
    this.proc = spawn(process.execPath, [CLI, "proxy", "--agent", agent, "--", ...serverArgs], { env: { ...process.env, HALTKEY_HOME: home }, stdio: ["pipe", "pipe", "pipe"] });
    let buf = "";
    this.proc.stdout!.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      for (let nl = buf.indexOf("\n"); nl !== -1; nl = buf.indexOf("\n")) {
        this.lines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.proc.stderr!.on("data", (d: Buffer) => (this.stderr += d.toString()));
    this.proc.stdin!.on("error", () => undefined);
    this.exited = new Promise((r) =>
      this.proc.once("close", (code) => {
        this.closed = true;
        for (const w of this.waiters.splice(0)) w();
        r(code);
      }),
    );
  }

  send(line: string): void {
    this.proc.stdin!.write(`${line}\n`);
  }

  /** The first line (from `from` on) that satisfies `pred`, waiting for output as it comes. */
  async next(pred: (line: string) => boolean, from = 0): Promise<string> {
    for (;;) {
      const hit = this.lines.slice(from).find(pred);
      if (hit !== undefined) return hit;
      if (this.closed) throw new Error(`proxy exited; stderr: ${this.stderr}`);
      await new Promise<void>((r) => this.waiters.push(r));
    }
  }

  async close(): Promise<void> {
    this.proc.stdin!.end();
    await this.exited;
  }
}

