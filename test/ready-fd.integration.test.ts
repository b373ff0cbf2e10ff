// `haltkey serve --ready-fd 3`: the pipe on which a daemon `haltkey mcp` started says it listens
// (mcp/stdio-daemon.ts). The daemon writes a line to that descriptor and closes it. A descriptor
// the daemon was not given is one of its own (Node's event loop, its internal pipes, later the
// store's files and sockets): writing to it and closing it would damage the daemon, so anything
// but an inherited pipe or socket on fd 3 is refused before the daemon starts. The built CLI, run
// the way a parent process would run it.
import { spawn, type StdioOptions } from "node:child_process";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, cleanup, tempHome } from "./helpers/daemon.js";

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) cleanup(h);
});

/** Runs `serve`; resolves when it exits, or says it serves (then it is killed and that is the answer). */
function serve(home: string, args: string[], stdio: StdioOptions): Promise<{ code: number | null; stderr: string; served: boolean; ready: string }> {
  const proc = spawn(process.execPath, [CLI, "serve", "--simulate", ...args], { env: { ...process.env, HALTKEY_HOME: home }, stdio });
  let stderr = "";
  let ready = "";
  let served = false;
  proc.stderr!.on("data", (d: Buffer) => {
    stderr += d.toString();
    if (!served && stderr.includes("serving on")) {
      served = true;
      proc.kill("SIGTERM");
    }
  });
  const pipe = proc.stdio[3] as NodeJS.ReadableStream | null | undefined;
  pipe?.on("data", (d: Buffer) => (ready += d.toString()));
  return new Promise((resolve) => proc.once("close", (code) => resolve({ code, stderr, served, ready })));
}

describe("--ready-fd", () => {
  it("is refused when fd 3 was not inherited (it would be the daemon's own event loop)", async () => {
    const home = tempHome();
    homes.push(home);
    const r = await serve(home, ["--ready-fd", "3"], ["ignore", "pipe", "pipe"]);
    expect(r.served).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--ready-fd/);
  });

  it("is refused when fd 3 is a regular file, which is left as it was", async () => {
    const home = tempHome();
    homes.push(home);
    const file = join(home, "notes.txt");
    writeFileSync(file, "keep me\n");
    const fd = openSync(file, "r+");
    try {
      const r = await serve(home, ["--ready-fd", "3"], ["ignore", "pipe", "pipe", fd]);
      expect(r.served).toBe(false);
      expect(r.stderr).toMatch(/--ready-fd/);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, "utf8")).toBe("keep me\n");
  });

  it("is refused on any descriptor but 3, which the daemon may hold itself (the store's files, its sockets)", async () => {
    const home = tempHome();
    homes.push(home);
    const r = await serve(home, ["--ready-fd", "21"], ["ignore", "pipe", "pipe"]);
    expect(r.served).toBe(false);
    expect(r.stderr).toMatch(/--ready-fd/);
  });

  it("an inherited pipe on fd 3 gets the ready line", async () => {
    const home = tempHome();
    homes.push(home);
    const r = await serve(home, ["--ready-fd", "3"], ["ignore", "pipe", "pipe", "pipe"]);
    expect(r.served).toBe(true);
    expect(r.ready).toBe("ready\n");
  });
});
