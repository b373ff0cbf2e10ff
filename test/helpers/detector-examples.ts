// What every shipped detector rule must show with its own examples, run the same way for each pack:
// it finds its match examples and none of its noMatch examples, a keyword (the prefilter) occurs in
// every match example, the span it reports lies inside the text, and the runs it declares it
// needs (DetectorRule.needs, which skip work) are there.
import { describe, expect, it } from "vitest";
import { DetectorPack, textRuns, type DetectorRule } from "../../src/core/detector.js";

export function describeRuleExamples(name: string, rules: readonly DetectorRule[]): DetectorPack {
  const pack = new DetectorPack(rules);
  const idsIn = (text: string): string[] => pack.scan(text).detections.map((d) => d.ruleId);
  const byId = rules.map((rule) => [rule.id, rule] as const);

  describe(`${name}: every rule's own examples`, () => {
    it.each(byId)("%s finds each of its match examples", (_id, rule) => {
      for (const example of rule.examples.match) expect(idsIn(example), `should match: ${JSON.stringify(example)}`).toContain(rule.id);
    });

    it.each(byId)("%s finds none of its noMatch examples", (_id, rule) => {
      for (const example of rule.examples.noMatch) expect(idsIn(example), `should not match: ${JSON.stringify(example)}`).not.toContain(rule.id);
    });

    it.each(byId)("%s: a keyword occurs in every match example (lower-cased NFKC)", (_id, rule) => {
      for (const example of rule.examples.match) {
        const text = example.normalize("NFKC").toLowerCase();
        expect(rule.keywords.some((k) => text.includes(k)), `no keyword of [${rule.keywords.join(", ")}] in ${JSON.stringify(text)}`).toBe(true);
      }
    });

    it.each(byId)("%s: its span lies inside the example and is not empty", (_id, rule) => {
      for (const example of rule.examples.match) {
        const scan = pack.scan(example);
        for (const d of scan.detections.filter((x) => x.ruleId === rule.id)) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeGreaterThan(d.start);
          expect(d.end).toBeLessThanOrEqual(scan.text.length);
        }
      }
    });

    it.each(byId.filter(([, r]) => r.needs))("%s: every match example has the runs it declares it needs", (_id, rule) => {
      const n = rule.needs!;
      for (const example of rule.examples.match) {
        const runs = textRuns(example.normalize("NFKC"));
        expect(n.digits === undefined || runs.digits >= n.digits, example).toBe(true);
        expect(n.groupedDigits === undefined || runs.groupedDigits >= n.groupedDigits, example).toBe(true);
        expect(n.alnum === undefined || runs.alnum >= n.alnum, example).toBe(true);
      }
    });
  });
  return pack;
}

/** What a scan of hostile input must still be: finished, every span inside the scanned text. */
export function expectWellFormed(scan: ReturnType<DetectorPack["scan"]>): void {
  for (const d of scan.detections) {
    expect(d.start).toBeGreaterThanOrEqual(0);
    expect(d.end).toBeGreaterThan(d.start);
    expect(d.end).toBeLessThanOrEqual(scan.text.length);
  }
}
