import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { DetectorPack } from "../src/core/detector.js";
import { INJECTION_RULES } from "../src/core/rules/injection.js";

const pack = new DetectorPack(INJECTION_RULES);
const idsFound = (text: string): string[] => pack.scan(text).detections.map((d) => d.ruleId);

describe("injection rule pack", () => {
  it("has unique ids under injection.", () => {
    const ids = INJECTION_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of INJECTION_RULES) {
      expect(r.id.startsWith("injection.")).toBe(true);
      expect(r.kind).toBe("injection");
      expect(r.reason.length).toBeGreaterThan(20);
      expect(r.score).toBeGreaterThanOrEqual(40);
      expect(r.score).toBeLessThanOrEqual(85);
    }
  });

  for (const rule of INJECTION_RULES) {
    describe(rule.id, () => {
      it("has at least two examples each way", () => {
        expect(rule.examples.match.length).toBeGreaterThanOrEqual(2);
        expect(rule.examples.noMatch.length).toBeGreaterThanOrEqual(2);
      });

      it.each(rule.examples.match.map((e) => [e]))("matches %j", (example) => {
        const lower = example.normalize("NFKC").toLowerCase();
        expect(rule.keywords.some((k) => lower.includes(k)), "a keyword must occur in every match example").toBe(true);
        expect(idsFound(example)).toContain(rule.id);
      });

      it.each(rule.examples.noMatch.map((e) => [e]))("does not match %j", (example) => {
        expect(idsFound(example)).not.toContain(rule.id);
      });
    });
  }

  it("scans 64 KB of ordinary prose quickly and finds nothing", () => {
    const prose = [
      "The committee met on Tuesday to review the quarterly budget and the hiring plan for the new office.",
      "Please find attached the minutes; let me know if anything is missing before we send them to the board.",
      "Our system administrator will apply the security updates tonight, so expect a short outage after 10 pm.",
      "The recipe calls for two cups of flour, a pinch of salt and three eggs, mixed until the batter is smooth.",
      "If you have any questions about your invoice, just reply to this email and our support team will help.",
      "Previous versions of the tool stored settings in a different folder; the new release migrates them.",
      "You can contact alice@example.com or visit https://example.com/help?topic=billing for more details.",
    ].join(" ");
    let text = "";
    while (text.length < 64 * 1024) text += prose + "\n";
    text = text.slice(0, 64 * 1024);
    pack.scan(text); // warm up the regex compiler
    const start = performance.now();
    const result = pack.scan(text);
    const elapsed = performance.now() - start;
    expect(result.detections).toEqual([]);
    expect(elapsed).toBeLessThan(250);
  });

  it("stays fast on hostile input", () => {
    const hostile = [
      "a".repeat(64 * 1024),
      ("ignore the " + "previous ").repeat(6000),
      ("send " + "x".repeat(60) + "@").repeat(1000),
      "![" + "](https://x/?".repeat(5000),
      ("Human: " + "x ".repeat(50) + "\n").repeat(500),
      ("delete all " + "my ").repeat(6000),
    ];
    for (const text of hostile) {
      const start = performance.now();
      pack.scan(text);
      expect(performance.now() - start).toBeLessThan(1000);
    }
  });
});
