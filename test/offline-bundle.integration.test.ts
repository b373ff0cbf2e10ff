// The air-gapped install path: scripts/offline-bundle.sh makes one tarball with every runtime
// dependency; unpacked elsewhere, its haltkey runs a daemon with no registry and no checkout.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), "haltkey-offline-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("offline bundle", () => {
  it("builds, unpacks and serves from the unpacked copy alone", async () => {
    // The build `npm test` made is the one packed: rebuilding dist/ here (npm pack's prepack) would
    // pull it from under the other test files that run haltkey from it at the same time.
    const { stdout } = await run("bash", ["scripts/offline-bundle.sh", work], { timeout: 240_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, HALTKEY_PACK_BUILT: "1" } });
    const tarball = stdout.trim().split("\n").pop()!;
    expect(tarball).toMatch(/haltkey-\d+\.\d+\.\d+-linux-x64\.tar\.gz$/);
    const root = join(work, "installed");
    await run("mkdir", ["-p", root]);
    await run("tar", ["-xzf", tarball, "-C", root]);
    const haltkey = join(root, "haltkey", "bin", "haltkey");
    // Run from elsewhere with a PATH that has no checkout and no npm cache involved.
    const env = { PATH: `${join(root, "haltkey", "bin")}:/usr/bin:/bin:${process.execPath.replace(/\/node$/, "")}`, HALTKEY_HOME: join(work, "home") };
    expect((await run(haltkey, ["--version"], { env, cwd: work })).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const daemon = execFile(haltkey, ["serve", "--simulate"], { env, cwd: work });
    try {
      let status = "";
      for (let i = 0; i < 100 && !status; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = await run(haltkey, ["status", "--json"], { env, cwd: work }).then((r) => r.stdout, () => "");
      }
      expect(JSON.parse(status).approvalChannel).toEqual({ simulated: true, display: "attached", securityKey: "attached" });
    } finally {
      daemon.kill("SIGTERM");
    }
  }, 300_000);
});
