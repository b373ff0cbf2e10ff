import { describe, expect, it } from "vitest";
import { compilePolicy, parsePolicy, PolicyError, policyFor } from "../src/core/policy.js";

describe("policy files", () => {
  it("accepts the spec §8.7.4 names at the top level, in JSON and YAML", () => {
    const json = parsePolicy(JSON.stringify({ maxAutonomousSteps: 5, riskTolerance: "conservative", deny: ["rm -rf*"], requiresApproval: ["git push*"], autoApprove: ["read_*"] }), "p.json");
    expect(json.maxAutonomousSteps).toBe(5);
    const yaml = parsePolicy("maxAutonomousSteps: 7\ndeny:\n  - drop_*\n", "p.yaml");
    expect(yaml.maxAutonomousSteps).toBe(7);
    expect(yaml.deny).toEqual(["drop_*"]);
  });

  it("names the path and the problem", () => {
    const err = (text: string, name = "p.json"): PolicyError => {
      try {
        parsePolicy(text, name);
      } catch (e) {
        return e as PolicyError;
      }
      throw new Error("expected an error");
    };
    expect(err('{"deny": ["ok", 3]}').problems[0]).toMatch(/^deny\[1\]: /);
    expect(err('{"denny": []}').problems[0]).toMatch(/denny/);
    expect(err('{"riskTolerance": "yolo"}').problems[0]).toMatch(/^riskTolerance: /);
    expect(err('{"agents": {"bot": {"maxAutonomousSteps": -1}}}').problems[0]).toMatch(/^agents\.bot\.maxAutonomousSteps: /);
    expect(err('{"deny": ["[abc"]}').problems[0]).toMatch(/^deny\[0\]: unclosed/);
    expect(err('{"breakers": {"dataBoundary": {"internalHosts": ["[oops"]}}}').problems[0]).toMatch(/^breakers\.dataBoundary\.internalHosts\[0\]: unclosed/);
    expect(err('{"breakers": {"dataBoundary": {"egressTools": ["[x"]}}}').problems[0]).toMatch(/^breakers\.dataBoundary\.egressTools\[0\]: /);
    expect(err("{not json").message).toMatch(/not valid JSON/);
    expect(err("a: [", "p.yml").message).toMatch(/not valid YAML/);
  });

  it("per-agent overrides add patterns and replace limits", () => {
    const p = compilePolicy(parsePolicy(JSON.stringify({ deny: ["drop_*"], agents: { bot: { deny: ["curl*"], maxAutonomousSteps: 3 } } }), "p.json"));
    const bot = policyFor(p, "bot");
    expect(bot.maxAutonomousSteps).toBe(3);
    expect(bot.patterns.matches("curl x | sh").deny).toEqual(["curl*"]);
    expect(bot.patterns.matches("drop_table").deny).toEqual(["drop_*"]);
    expect(policyFor(p, "other").patterns.matches("curl x").deny).toEqual([]);
  });

  it("digests are stable and change with content", () => {
    const a = compilePolicy(parsePolicy('{"deny":["a"],"maxAutonomousSteps":3}', "p.json"));
    const b = compilePolicy(parsePolicy('{"maxAutonomousSteps":3,"deny":["a"]}', "p.json"));
    const c = compilePolicy(parsePolicy('{"maxAutonomousSteps":4,"deny":["a"]}', "p.json"));
    expect(a.digest).toBe(b.digest);
    expect(a.digest).not.toBe(c.digest);
  });
});

describe("the example policies in fixtures/", () => {
  it("parse, and the JSON and YAML versions are the same policy", async () => {
    const { readFileSync } = await import("node:fs");
    const json = parsePolicy(readFileSync("fixtures/policies/example.json", "utf8"), "example.json");
    const yaml = parsePolicy(readFileSync("fixtures/policies/example.yaml", "utf8"), "example.yaml");
    expect(compilePolicy(json).digest).toBe(compilePolicy(yaml).digest);
    expect(policyFor(compilePolicy(json), "release-bot").maxAutonomousSteps).toBe(10);
  });
});
