// The CLI as an operator uses it.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanup, cli, tempHome } from "./helpers/daemon.js";

const home = tempHome();
afterAll(() => cleanup(home));

describe("haltkey config check", () => {
  it("accepts the example policies", async () => {
    for (const f of ["fixtures/policies/example.json", "fixtures/policies/example.yaml"]) {
      const r = await cli(home, "config", "check", f);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/OK \(mode enforcing, 4 deny, 4 requiresApproval, 4 autoApprove, 1 agent overrides\)/);
    }
  });

  it("names the path and the problem of a bad policy, in text and JSON", async () => {
    const bad = join(home, "bad.json");
    writeFileSync(bad, JSON.stringify({ deny: ["ok", 3], riskTolerance: "yolo", unknownKey: true }));
    const r = await cli(home, "config", "check", bad);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/deny\[1\]/);
    const j = await cli(home, "config", "check", bad, "--json");
    const out = JSON.parse(j.stdout);
    expect(out.ok).toBe(false);
    expect(out.problems.join("\n")).toMatch(/riskTolerance/);
    expect(out.problems.join("\n")).toMatch(/unknownKey/);
  });
});

describe("commands that need a daemon", () => {
  it("say plainly how to start one", async () => {
    const r = await cli(home, "status");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no haltkey daemon is running.*haltkey serve/);
  });

  it("audit verify works on a stopped daemon's store (none yet: a fresh store verifies empty)", async () => {
    const r = await cli(home, "audit", "verify", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, records: 0 });
  });
});
