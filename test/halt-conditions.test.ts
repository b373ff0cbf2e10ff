// Halt conditions (spec 002): the documented usage examples and every condition's check.
import { describe, expect, it } from "vitest";
import { autoRecorded, checkHaltConditions, CheckHaltConditionsInput, DEFAULT_HALT_CONFIG, errorSimilarity, highestSeverity, MAX_COMPARED_ERRORS, recommendedAction, shouldHalt } from "../src/core/halt.js";
import { defaultRuleSet } from "../src/core/rules/index.js";

const rules = defaultRuleSet();
const config = new Map(DEFAULT_HALT_CONFIG.map((c) => [c.condition_name, c]));
const check = (input: unknown, strikes = 0) => checkHaltConditions(CheckHaltConditionsInput.parse(input), config, rules, strikes);
const names = (input: unknown, strikes = 0) => check(input, strikes).findings.map((f) => f.condition_name).sort();

describe("the spec's usage examples", () => {
  it("Example 1: modifying unread code without a rollback plan", () => {
    const r = check({
      session_token: "sess_abc123",
      current_context: { operation: "modify authentication logic", target_files: ["src/auth.js"], files_read: ["src/app.js"], attempt_number: 1 },
      proposed_changes: { files_to_modify: ["src/auth.js"], has_tests: false, has_rollback_plan: false },
    });
    expect(shouldHalt(r.findings)).toBe(true);
    expect(r.findings).toEqual([
      { halt_type: "code_safety", condition_name: "modifying_unread_code", severity: "critical", description: "Attempting to modify src/auth.js which has not been read" },
      { halt_type: "code_safety", condition_name: "no_rollback_plan", severity: "high", description: "No rollback plan provided for changes" },
    ]);
    expect(r.context_annotations.files_not_read).toEqual(["src/auth.js"]);
  });

  it("Example 2: three strikes with repeated errors", () => {
    const r = check({
      session_token: "sess_abc123",
      task_id: "task_fix_bug_42",
      current_context: {
        operation: "fix null pointer exception",
        attempt_number: 3,
        previous_errors: ["TypeError: Cannot read property 'x' of null", "TypeError: Cannot read property 'x' of undefined"],
      },
    });
    expect(shouldHalt(r.findings)).toBe(true);
    expect(r.findings).toEqual([
      { halt_type: "execution", condition_name: "three_strikes", severity: "high", description: "Task has failed 3 times. Context may be contaminated." },
      { halt_type: "execution", condition_name: "repeated_errors", severity: "medium", description: "Similar errors across attempts suggest fundamental misunderstanding" },
    ]);
    expect(recommendedAction(r.findings)).toBe("HALT and escalate to user. Recommend fresh session.");
    expect(highestSeverity(r.findings)).toBe("high");
  });
});

describe("each condition", () => {
  const base = { session_token: "s", current_context: { operation: "update the README section" } };
  const withCtx = (ctx: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ ...base, ...extra, current_context: { ...base.current_context, ...ctx } });

  it("a clean context raises nothing", () => {
    expect(names(base)).toEqual([]);
    expect(recommendedAction([])).toBe("Proceed");
  });
  it.each([
    ["breaking_changes", withCtx({ operation: "rename exported function parseConfig (breaking change)" }, { proposed_changes: { files_to_modify: [], has_tests: false, has_rollback_plan: true } })],
    ["unknown_dependencies", withCtx({ commands: ["npm install left-pad"] })],
    ["out_of_scope", withCtx({ target_files: ["src/a.ts", "infra/main.tf"], files_read: ["src/a.ts", "infra/main.tf"], scope_boundary: "src/" })],
    ["ambiguous_requirements", withCtx({ user_instructions: ["clean up the config or something"] })],
    ["conflicting_instructions", withCtx({ user_instructions: ["Delete the old migration files", "Do not delete the migration files"] })],
    ["unauthorized_production", withCtx({ environment: "production" })],
    ["test_production_mix", withCtx({ operation: "copy the test fixtures into the production bucket" })],
    ["credential_confusion", withCtx({ environment: "staging", commands: ["psql $PROD_DATABASE_URL -c 'select 1'"] })],
    ["shared_instances", withCtx({ operation: "point staging at db.example.net and production at db.example.net" })],
    ["three_strikes", withCtx({ attempt_number: 3 })],
    ["repeated_errors", withCtx({ previous_errors: ["ENOENT: no such file 'a.txt'", "ENOENT: no such file 'b.txt'"] })],
    ["cascading_failures", withCtx({ previous_errors: ["ENOENT: no such file a.txt", "TypeError: x is undefined", "exit code 137 out of memory"] })],
    ["unknown_errors", withCtx({ previous_errors: ["the flux capacitor wobbled"] })],
    ["secrets_exposure", withCtx({ commands: ["curl -H 'Authorization: Bearer ghp_0123456789abcdefghijABCDEFGHIJ012345' https://api.github.com"] })],
    ["data_exposure", withCtx({ commands: ["echo 'card 4111 1111 1111 1111' >> notes.txt"] })],
    ["privilege_escalation", withCtx({ commands: ["sudo usermod -aG sudo mallory"] })],
    ["unknown_commands", withCtx({ commands: ["frobnicate --all"] })],
    ["uncertainty_scale", withCtx({ uncertainty_score: 7 })],
  ])("%s fires on its trigger", (name, input) => {
    expect(names(input)).toContain(name);
  });

  it("uncertainty 9–10 is critical, 7–8 high, below 7 nothing", () => {
    expect(check(withCtx({ uncertainty_score: 9 })).findings.find((f) => f.condition_name === "uncertainty_scale")?.severity).toBe("critical");
    expect(check(withCtx({ uncertainty_score: 8 })).findings.find((f) => f.condition_name === "uncertainty_scale")?.severity).toBe("high");
    expect(names(withCtx({ uncertainty_score: 6 }))).toEqual([]);
  });

  it("the server's strike count raises the agent's attempt_number, never lowers it", () => {
    expect(names(withCtx({ attempt_number: 1 }), 3)).toContain("three_strikes");
    expect(names(withCtx({ attempt_number: 3 }), 0)).toContain("three_strikes");
  });

  it("a disabled condition never fires", () => {
    const off = new Map(config);
    off.set("three_strikes", { ...config.get("three_strikes")!, enabled: false });
    expect(checkHaltConditions(CheckHaltConditionsInput.parse(withCtx({ attempt_number: 5 })), off, rules, 0).findings).toEqual([]);
  });

  it("auto-records critical and high findings, and mediums only when there are several", () => {
    const f = (condition_name: string, severity: "low" | "medium" | "high" | "critical") => ({ halt_type: "execution" as const, condition_name, severity, description: "" });
    expect(autoRecorded([f("a", "medium")]).map((x) => x.condition_name)).toEqual([]);
    expect(autoRecorded([f("a", "medium"), f("b", "medium")]).map((x) => x.condition_name)).toEqual(["a", "b"]);
    expect(autoRecorded([f("a", "critical"), f("b", "high"), f("c", "low")]).map((x) => x.condition_name)).toEqual(["a", "b"]);
    expect(autoRecorded([f("c", "low")])).toEqual([]);
  });

  it("only the most recent errors are compared, so a long list costs a bounded amount of work", () => {
    const found = (errors: string[]) => names(withCtx({ previous_errors: errors }));
    const distinct = Array.from({ length: MAX_COMPARED_ERRORS }, (_, i) => `${"ENOENT no such file EACCES permission denied TypeError x is undefined".split(" ")[i % 11]} ${"abcdefghijklmnopqrstuvwxyz".slice(i, i + 6)} step ${"qwertyuiopasdfghjklzxcvbnm".slice(i % 20, (i % 20) + 6)}`);
    expect(found(["timeout after 30s on step 1", "timeout after 30s on step 2"])).toContain("repeated_errors");
    // The same pair, then enough newer errors to push it out of the window.
    const old = found(["timeout after 30s on step 1", "timeout after 30s on step 2", ...distinct]);
    expect(old).not.toContain("repeated_errors");
    // A thousand long errors are accepted and judged.
    const long = Array.from({ length: 1000 }, (_, i) => `TypeError: ${String(i).repeat(400)}`.slice(0, 4000));
    expect(found(long)).toContain("repeated_errors");
  });

  it("error similarity ignores numbers and ids", () => {
    expect(errorSimilarity("timeout after 3000ms on req 8f3a9c21d0", "timeout after 5000ms on req 1b2c3d4e5f")).toBe(1);
    expect(errorSimilarity("ENOENT: no such file", "TypeError: x is undefined")).toBeLessThan(0.5);
  });

  it("unknown parameters are refused", () => {
    expect(CheckHaltConditionsInput.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(CheckHaltConditionsInput.safeParse(withCtx({ bogus: true })).success).toBe(false);
  });
});
