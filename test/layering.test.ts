// The layering of src/ (.dependency-cruiser.cjs): dependency-cruiser walks every import, type-only
// ones included, and each arrow that goes up, and each loop, is listed by name.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseOptions, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as {
  forbidden: IForbiddenRuleType[];
  options: ICruiseOptions;
};
/** The folders the configuration places: one `<folder>-imports-only-below` rule each. */
const placed = new Set(config.forbidden.map((r) => /^(.+)-imports-only-below$/.exec(r.name ?? "")?.[1]).filter((f) => f !== undefined));

let result: ICruiseResult;

beforeAll(async () => {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const r = await cruise(["src"], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
    if (typeof r.output === "string") throw new Error("dependency-cruiser returned text, not a result");
    result = r.output;
  } finally {
    process.chdir(cwd);
  }
});

describe("layering of src/", () => {
  it("every folder of src/ has a place in the layering", () => {
    const folders = readdirSync(new URL("../src/", import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => !placed.has(f))).toEqual([]);
  });

  it("reads the project's own imports (a resolver that silently resolved nothing would pass anything)", () => {
    const own = result.modules.flatMap((m) => m.dependencies.filter((d) => d.resolved.startsWith("src/")));
    expect(own.length).toBeGreaterThan(200);
    const unresolvedOwn = result.modules.flatMap((m) => m.dependencies.filter((d) => d.couldNotResolve && d.module.startsWith(".")).map((d) => `${m.source} -> ${d.module}`));
    expect(unresolvedOwn).toEqual([]);
  });

  it("no import points up and no modules form a loop", () => {
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (loop: ${v.cycle.map((c) => c.name).join(" -> ")})` : ""}`);
    expect(violations).toEqual([]);
  });
});
