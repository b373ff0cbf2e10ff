// The write-targets rules (src/core/rules/write-targets.ts) run on each of their examples, and the
// adapters' file-tool hints (src/adapters/tool-call.ts) say what each call writes where.
import { describe, expect, it } from "vitest";
import { describeCall, fileOperation, type ToolCall } from "../src/adapters/tool-call.js";
import { RulePack, foldPreservingCase, type Rule } from "../src/core/rule-pack.js";
import { defaultRuleSet } from "../src/core/rules/index.js";
import { WRITE_TARGET_RULES } from "../src/core/rules/actions/write-targets.js";
import { normalizeForMatching } from "../src/core/text.js";

const pack = new RulePack(WRITE_TARGET_RULES);
const ids = (text: string): string[] => pack.score(normalizeForMatching(text), text).matches.map((m) => m.id);
const byId = WRITE_TARGET_RULES.map((r) => [r.id, r] as const);

describe("write-targets rules: examples", () => {
  it.each(byId)("%s matches its match examples and none of its noMatch examples", (_id, rule: Rule) => {
    for (const e of rule.examples.match) expect(ids(e), e).toContain(rule.id);
    for (const e of rule.examples.noMatch) expect(ids(e), e).not.toContain(rule.id);
  });
  it.each(byId)("%s: a keyword occurs in every match example, and the pattern alone agrees", (_id, rule: Rule) => {
    for (const e of rule.examples.match) {
      const n = normalizeForMatching(e);
      expect(rule.keywords.some((k) => n.includes(k)), e).toBe(true);
      expect(rule.pattern.test(n) && (!rule.cased || rule.cased.test(foldPreservingCase(e))), e).toBe(true);
    }
    for (const e of rule.examples.noMatch) expect(rule.pattern.test(normalizeForMatching(e)), e).toBe(false);
  });
  it("is part of the shipped rule set", () => {
    const shipped = defaultRuleSet().actions.rules.map((r) => r.id);
    for (const r of WRITE_TARGET_RULES) expect(shipped).toContain(r.id);
  });
});

const cc = (tool: string, args: Record<string, unknown>, cwd = "/home/dev/project"): ToolCall => ({ tool, server: "claude-code", arguments: args, cwd, haltkeyHome: "/home/dev/.local/state/haltkey" });
const mcp = (tool: string, args: Record<string, unknown>, cwd = "/home/dev/project"): ToolCall => ({ tool: `mcp__fs__${tool}`, server: "fs", arguments: args, cwd });
const score = (call: ToolCall): { score: number; ids: string[] } => {
  const hint = describeCall(call);
  const r = defaultRuleSet().actions.score(normalizeForMatching(hint), hint);
  return { score: r.score, ids: r.matches.map((m) => m.id) };
};

describe("file tools are described by what they do where", () => {
  it("Write and Edit name the resolved target; relative paths and .. are folded against the cwd", () => {
    expect(describeCall(cc("Write", { file_path: "/home/dev/x/../.ssh/authorized_keys", content: "ssh-ed25519 AAAA" }))).toMatch(/^writing file "\/home\/dev\/\.ssh\/authorized_keys" with Write on claude-code: content=<16 chars, sha256:[0-9a-f]{12}>$/);
    expect(describeCall(cc("Edit", { file_path: ".git/hooks/pre-commit", old_string: "a", new_string: "b" }))).toMatch(/^editing file "\/home\/dev\/project\/\.git\/hooks\/pre-commit" with Edit on claude-code: new_string=/);
    expect(fileOperation(cc("Read", { file_path: "/etc/passwd" }))).toBeUndefined();
  });

  it("Write to authorized_keys, Write to ~/.bashrc and Edit alike are raised above go (finding 3)", () => {
    for (const call of [
      cc("Write", { file_path: "/home/dev/.ssh/authorized_keys", content: "ssh-ed25519 AAAA attacker" }),
      cc("Write", { file_path: "/root/.ssh/authorized_keys", content: "ssh-ed25519 AAAA attacker" }),
      cc("Edit", { file_path: "/home/dev/.ssh/authorized_keys", old_string: "", new_string: "ssh-ed25519 AAAA" }),
      cc("Write", { file_path: "/home/dev/.bashrc", content: "export PATH=/tmp/evil:$PATH\n" }),
      cc("MultiEdit", { file_path: "/home/dev/.zshrc", edits: [] }),
      cc("Write", { file_path: ".github/workflows/ci.yml", content: "on: push" }),
      cc("Write", { file_path: "/home/dev/.aws/credentials", content: "[default]" }),
      cc("Write", { file_path: "/home/dev/.local/state/haltkey/policy.json", content: "{}" }),
      cc("Edit", { file_path: ".claude/settings.json", old_string: "a", new_string: "b" }),
      cc("NotebookEdit", { notebook_path: "/etc/cron.d/x", new_source: "x" }),
    ]) {
      expect(score(call).score, describeCall(call)).toBeGreaterThan(30);
    }
  });

  it("ordinary project writes stay below a pause", () => {
    for (const call of [cc("Write", { file_path: "src/index.ts", content: "export {}" }), cc("Edit", { file_path: "/home/dev/project/README.md", old_string: "a", new_string: "b" }), mcp("write_file", { path: "notes.txt", content: "x" }), mcp("delete_file", { path: "tmp/out.log" })]) {
      expect(score(call).score, describeCall(call)).toBeLessThanOrEqual(30);
    }
  });

  it("MCP delete and move tools are judged by name and arguments: a directory pauses, the project root more", () => {
    expect(describeCall(mcp("delete_file", { path: "src" }))).toBe('deleting directory "/home/dev/project/src" with mcp__fs__delete_file on fs');
    expect(score(mcp("delete_file", { path: "src" })).ids).toContain("filesystem.delete-directory");
    expect(score(mcp("deleteFile", { path: "." })).ids).toContain("filesystem.delete-root-or-home");
    expect(score(mcp("remove_directory", { path: "/home/dev" })).score).toBeGreaterThan(60);
    expect(score(mcp("move_file", { source: "/home/dev/project", destination: "/tmp/gone" })).ids).toContain("filesystem.delete-root-or-home");
    expect(score(mcp("move_file", { source: "x.sh", destination: "/home/dev/.bashrc" })).ids).toContain("privilege.write-shell-startup");
  });
});
