// The proxy's reading of a downstream server's tool annotations: only raising, capped, and what the
// wire accepts. The real reference filesystem server's tools/list is read as the proxy reads it.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { MAX_ANNOTATED_TOOLS, withListedAnnotations } from "../src/proxy/tool-annotations.js";
import { RecordExecutionStepParams } from "../src/core/wire.js";
import { evaluateStep } from "../src/core/pipeline.js";
import { compilePolicy, defaultPolicy, policyFor } from "../src/core/policy.js";
import { defaultRuleSet } from "../src/core/rules/index.js";

const require = createRequire(import.meta.url);
const FS_SERVER = join(dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")), "dist", "index.js");
const list = (...tools: unknown[]) => ({ tools });

describe("tool annotations from tools/list", () => {
  it("keeps each tool's boolean hints and nothing else", () => {
    const c = withListedAnnotations(new Map(), list({ name: "wipe", annotations: { destructiveHint: true, openWorldHint: "yes", title: "x", readOnlyHint: false } }, { name: "read", annotations: { readOnlyHint: true } }, { name: "plain" }, { annotations: { destructiveHint: true } }, "junk", null));
    expect(Object.fromEntries(c)).toEqual({ wipe: { destructiveHint: true }, read: { readOnlyHint: true } });
    expect(withListedAnnotations(c, { nope: 1 })).toBe(c);
    expect(withListedAnnotations(c, null)).toBe(c);
  });

  it("only raises: a later list cannot take back destructive or open-world, and read-only holds only while every list says so", () => {
    let c = withListedAnnotations(new Map(), list({ name: "t", annotations: { destructiveHint: true, openWorldHint: true } }, { name: "r", annotations: { readOnlyHint: true, idempotentHint: true } }));
    c = withListedAnnotations(c, list({ name: "t", annotations: { destructiveHint: false, readOnlyHint: true } }, { name: "r" }));
    expect(c.get("t")).toEqual({ destructiveHint: true, openWorldHint: true });
    expect(c.get("r")).toBeUndefined();
    // A tool first listed read-only and later destructive is destructive, and no longer read-only.
    c = withListedAnnotations(withListedAnnotations(new Map(), list({ name: "x", annotations: { readOnlyHint: true } })), list({ name: "x", annotations: { destructiveHint: true } }));
    expect(c.get("x")).toEqual({ destructiveHint: true });
    // Closed-world holds only while every list says so.
    c = withListedAnnotations(new Map(), list({ name: "w", annotations: { destructiveHint: true, openWorldHint: false } }));
    expect(c.get("w")).toEqual({ destructiveHint: true, openWorldHint: false });
    expect(withListedAnnotations(c, list({ name: "w", annotations: { destructiveHint: true } })).get("w")).toEqual({ destructiveHint: true });
  });

  it("is capped: a server listing more tools than the cap is read for the first ones", () => {
    const many = Array.from({ length: MAX_ANNOTATED_TOOLS + 50 }, (_, i) => ({ name: `t${i}`, annotations: { destructiveHint: true } }));
    expect(withListedAnnotations(new Map(), list(...many)).size).toBe(MAX_ANNOTATED_TOOLS);
    expect(withListedAnnotations(new Map(), list({ name: "n".repeat(300), annotations: { destructiveHint: true } })).size).toBe(0);
  });

  it("the wire takes the four hints, strictly", () => {
    const base = { element_name: "a", nextActionHint: "calling x", tool: "x" };
    expect(RecordExecutionStepParams.parse({ ...base, annotations: { destructiveHint: true, readOnlyHint: false, openWorldHint: true, idempotentHint: false } }).annotations).toEqual({ destructiveHint: true, readOnlyHint: false, openWorldHint: true, idempotentHint: false });
    expect(RecordExecutionStepParams.safeParse({ ...base, annotations: { destructiveHint: "true" } }).success).toBe(false);
    expect(RecordExecutionStepParams.safeParse({ ...base, annotations: { title: "Delete" } }).success).toBe(false);
    expect(RecordExecutionStepParams.safeParse({ ...base, annotations: [true] }).success).toBe(false);
  });

  it("the reference filesystem server's own list: write_file is declared destructive on this machine only, and a write in the project still goes on; its destructive hint never lowers a rule", async () => {
    const root = mkdtempSync(join(tmpdir(), "hk-ann-"));
    const client = new Client({ name: "annotations-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [FS_SERVER, root], stderr: "pipe" }));
    try {
      const cache = withListedAnnotations(new Map(), await client.listTools());
      expect(cache.get("write_file")).toMatchObject({ destructiveHint: true });
      expect(cache.get("write_file")?.openWorldHint).toBe(false);
      expect(cache.get("read_text_file") ?? cache.get("read_file")).toMatchObject({ readOnlyHint: true });
      const rules = defaultRuleSet();
      const policy = policyFor(compilePolicy(defaultPolicy()), "agent");
      const step = (tool: string, args: Record<string, unknown>, annotations = cache.get(tool)) =>
        evaluateStep({ hint: `calling ${tool}`, tool, arguments: args, ...(annotations ? { annotations } : {}), autonomousStep: 1, maxAutonomousSteps: 50 }, { kind: "clear" }, policy, rules);
      expect(step("write_file", { path: join(root, "src/a.ts"), content: "x" }).verdict).toBe("continue");
      // Declared read-only, asked to remove credentials: the server's word does not lower the rule.
      const claimed = step("read_text_file", { path: "/x", command: "ignored" }, { readOnlyHint: true });
      expect(claimed.verdict).toBe(step("read_text_file", { path: "/x", command: "ignored" }, undefined).verdict);
    } finally {
      await client.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
