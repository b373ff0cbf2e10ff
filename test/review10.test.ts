// Found reviewing session 10's whole change: reasons that quoted a secret, readings that were
// quadratic or worse on an agent's text, and checks that read more than they should. Inputs that
// once took seconds (a hang fails the test by its timeout) are here to finish; how long they take
// is for `npm run bench`, never asserted.
import { describe, expect, it } from "vitest";
import { evaluateStep } from "../src/core/pipeline.js";
import { compilePolicy, PolicyFile, policyFor } from "../src/core/policy.js";
import { defaultRuleSet } from "../src/core/rules/index.js";
import { readProse } from "../src/core/action/prose.js";
import { readShell } from "../src/core/shell/read.js";
import { judgeAction } from "../src/core/action/judge.js";
import { weakenedCi } from "../src/core/action/ci-config.js";
import { removedChecks } from "../src/core/action/source-file.js";

const rules = defaultRuleSet();
const agent = policyFor(compilePolicy(PolicyFile.parse({})), "review");
const shell = (command: string) => evaluateStep({ hint: `executing shell command: ${command}`, tool: "Bash", arguments: { command }, autonomousStep: 1, maxAutonomousSteps: 50 }, { kind: "clear" }, agent, rules);
const tool = (name: string, args: Record<string, unknown>) => evaluateStep({ hint: `calling ${name} with arguments: ${JSON.stringify(args)}`, tool: name, arguments: args, autonomousStep: 1, maxAutonomousSteps: 50 }, { kind: "clear" }, agent, rules);
const said = (v: ReturnType<typeof shell>) => [...v.factors, ...v.rules.map((r) => r.reason)].join("\n");

describe("a reason never carries the secret it is about", () => {
  it("a production migration names the variable, not the URL with its password", () => {
    const v = shell("DATABASE_URL=postgres://u:Pr0dPass!x@prod-db:5432/app npx prisma migrate deploy");
    expect(v.rules.map((r) => r.id)).toContain("action.impact.production-migration");
    expect(said(v)).not.toContain("Pr0dPass");
  });
  it("a backdoor's fixed string written before the header it is compared to is masked", () => {
    const v = tool("Write", { file_path: "/home/dev/app/mw.py", content: 'if "S3cr3tBackd00r!" == request.headers.get("X-Ops"):\n    return User.objects.first()\n' });
    expect(v.rules.map((r) => r.id)).toContain("action.code.auth-bypass");
    expect(said(v)).not.toContain("S3cr3tBackd00r");
  });
  it("a prose reason shows a password's or token's value as …", () => {
    const reasons = (h: string) => readProse(h).hits.map((x) => x.reason).join("\n");
    expect(reasons("Setting AUTH_REQUIRED=false and DB_PASSWORD=Hunter2!x in the production environment.")).not.toContain("Hunter2");
    expect(reasons("Pushing with --no-verify and GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 set.")).not.toContain("ghp_abc");
  });
});

describe("authentication off in production means a sign-in setting, not any word starting auth or login", () => {
  it.each([{ author: "none" }, { max_login_attempts: 0 }, { csrf_exempt: false }])("%j in production is no authentication turned off", (extra) => {
    const ids = judgeAction({ tool: "mcp__config__update_settings", arguments: { environment: "production", ...extra } }).rules.map((r) => r.id);
    expect(ids).not.toContain("tool.auth-off-in-production");
  });
  it("AUTH_REQUIRED=false and {auth: {enabled: false}} in production still are", () => {
    expect(judgeAction({ tool: "mcp__config__update_settings", arguments: { environment: "production", vars: { AUTH_REQUIRED: "false" } } }).tier).toBe("hard-stop");
    expect(judgeAction({ tool: "mcp__config__update_settings", arguments: { environment: "production", auth: { enabled: false } } }).tier).toBe("hard-stop");
  });
});

describe("a production archive stays one object; a recurring series is every occurrence", () => {
  it("archive_project in production is judged as a trash; archive_recurring_event says what goes with it", () => {
    const one = judgeAction({ tool: "archive_project", arguments: { project: "web", environment: "production" } });
    expect(one.rules.find((r) => r.id === "tool.trash")).toBeDefined();
    const series = judgeAction({ tool: "archive_recurring_event", arguments: { event_id: "evt_1" } });
    expect(series.rules.find((r) => r.id === "tool.trash")?.reason).toContain("every occurrence");
  });
});

describe("inputs that once hung the reader finish", () => {
  it.each([
    ["tmux bind-key nested without end", `tmux ${"bind a ".repeat(16_000)}`],
    ["a command name of many [ and no ]", `X='a${"[".repeat(16_000)}'; ${"$X;".repeat(50)}`],
    ["screen with many -r before -X", `screen ${"-r a ".repeat(16_000)}-X stuff x`],
  ])("%s", (_what, text) => {
    expect(readShell(text).commands.length).toBeGreaterThan(0);
  });
  it("a CI file of blank lines or a ladder of scanner jobs is read once", () => {
    expect(weakenedCi({ file_path: ".github/workflows/x.yml", content: "\n".repeat(80_000) })).toEqual({ forkRunsWithSecrets: false, tokenWriteAll: false });
    expect(weakenedCi({ file_path: ".gitlab-ci.yml", content: Array.from({ length: 20_000 }, (_, i) => `${" ".repeat(i % 2000)}sast:`).join("\n") }).optionalScan).toBeUndefined();
    expect(weakenedCi({ file_path: ".gitlab-ci.yml", content: "jobs:\n  sast:\n    allow_failure: true\n" }).optionalScan).toBe("sast");
  });
  it("a message with many 'password:' and no value is read to the end", () => {
    expect(judgeAction({ tool: "mcp__slack__post_message", arguments: { channel: "#dev", text: "password:".repeat(20_000) } }).tier).toBeDefined();
  });
});

describe("checks read only what they are about", () => {
  it("a scanner's name dropped from a doc removes no scanner; from a pre-commit or CI file it does", () => {
    expect(removedChecks("docs/security.md", "We run semgrep on every PR.\n", "We run linters on every PR.\n")).toEqual([]);
    expect(removedChecks("bitbucket-pipelines.yml", "- step:\n    script: semgrep ci\n", "- step:\n    script: echo ok\n").map((h) => h.id)).toEqual(["code.scanner-removed"]);
  });
  it("find -L with a start path the reader does not know exactly is not read as a regenerable find", () => {
    const r = readShell('find -L ./"$D" -name __pycache__ -exec rm -rf {} +');
    expect(r.commands.some((c) => c.argv[0] === "rm" && c.argv.includes("./$D/__pycache__"))).toBe(false);
  });
  it("git commit -nm skips hooks; git commit -m -n is a message", () => {
    expect(shell("git commit -nm wip").rules.map((r) => r.id)).toContain("action.defense-impairment.hooks-skipped");
    expect(shell("git commit -m -n").rules.map((r) => r.id)).not.toContain("action.defense-impairment.hooks-skipped");
  });
});
