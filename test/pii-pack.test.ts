import { HOSTILE_PII_TEXTS } from "../bench/hostile-inputs.js";
import { describe, expect, it } from "vitest";
import { describeRuleExamples, expectWellFormed } from "./helpers/detector-examples.js";
import { redact, type DetectorRule } from "../src/core/detector.js";
import { readFileSync } from "node:fs";
import { PII_RULES } from "../src/core/rules/pii.js";

const pack = describeRuleExamples("PII rules", PII_RULES);
const idsIn = (text: string): string[] => pack.scan(text).detections.map((d) => d.ruleId);
const byId = PII_RULES.map((rule) => [rule.id, rule] as const);

describe("PII rules: redaction", () => {
  it.each(byId)("%s: its match examples are redacted", (_id, rule: DetectorRule) => {
    for (const example of rule.examples.match) expect(redact(pack.scan(example))).toContain("[REDACTED:");
  });
});

describe("PII rules: shape", () => {
  it("has unique ids starting with pii.", () => {
    const ids = PII_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^pii\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(byId)("%s: kind pii, score, reason, keywords, examples", (_id, rule: DetectorRule) => {
    expect(rule.kind).toBe("pii");
    expect(rule.score).toBeGreaterThanOrEqual(40);
    expect(rule.score).toBeLessThanOrEqual(85);
    expect(rule.reason).toMatch(/^[A-Z].*\.$/);
    expect(rule.reason.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== "")).toHaveLength(1);
    expect(rule.pattern.global).toBe(true);
    expect(rule.keywords.length).toBeGreaterThan(0);
    for (const k of rule.keywords) expect(k).toBe(k.toLowerCase());
    expect(rule.examples.match.length).toBeGreaterThanOrEqual(2);
    expect(rule.examples.noMatch.length).toBeGreaterThanOrEqual(2);
  });

  it("uses the agreed scores per entity", () => {
    const score = (id: string): number | undefined => PII_RULES.find((r) => r.id === id)?.score;
    for (const id of ["pii.credit-card-number", "pii.iban", "pii.us-ssn", "pii.us-ssn-labelled"]) expect(score(id)).toBe(85);
    for (const id of ["pii.passport-number", "pii.drivers-license-number", "pii.uk-nhs-number", "pii.uk-nino"]) expect(score(id)).toBe(80);
    for (const id of ["pii.email-address", "pii.phone-number-international", "pii.phone-number-us", "pii.phone-number-labelled", "pii.date-of-birth"]) {
      expect(score(id)).toBe(60);
    }
    for (const id of ["pii.ip-address-v4", "pii.ip-address-v6"]) expect(score(id)).toBe(40);
    for (const id of ["pii.person-name", "pii.street-address"]) expect(score(id)).toBe(50);
  });
});

describe("PII rules: whole texts", () => {
  it("redacts every kind of value in a profile and leaves the labels", () => {
    const text = [
      "Name: Jane Q. Public",
      "DOB: 1984-07-02",
      "Email: jane.public@mailbox.org",
      "Phone: +44 20 7946 0958",
      "Card: 4111 1111 1111 1111",
      "SSN: 536-22-1410",
      "Address: 221 Baker Street, London",
    ].join("\n");
    const out = redact(pack.scan(text));
    for (const secret of ["Jane Q. Public", "1984-07-02", "jane.public@mailbox.org", "7946 0958", "4111 1111", "536-22-1410", "221 Baker Street"]) {
      expect(out).not.toContain(secret);
    }
    for (const label of ["Name:", "DOB:", "Email:", "Phone:", "Card:", "SSN:", "Address:"]) expect(out).toContain(label);
  });

  it("finds nothing in ordinary technical text", () => {
    const text = [
      "$ npm install passport@0.7.0 && git commit -m 'bump to 1.2.3'",
      "Build #1234 finished in 12.5s at 2024-03-01T12:30:45Z; 42 tests, 0 failures.",
      "uuid 3f2b1c4e-9d8a-4b7c-a1e2-5f6d7c8b9a01, sha 9fceb02d0ae598e95dc970b74767f19372d61af8",
      "std::vector<int> v; auto x = a::b; matrix[2:5, ::2]",
      "name: Build and test\n  run: npm test -- --shard=1/4",
      "Order number 55501329 will ship in 3-5 business days.",
    ].join("\n");
    expect(pack.scan(text).detections).toEqual([]);
  });
});

describe("PII rules: national ids by checksum", () => {
  const top = (text: string) => pack.scan(text).detections.map((d) => [d.ruleId, d.score] as const);

  it("scores a grouped checksum-valid number above a bare one and below a labelled one", () => {
    expect(top("193 456 787")).toContainEqual(["pii.ca-sin", 60]);
    expect(top("193456787")).toEqual([["pii.ca-sin-bare", 40]]);
    expect(top("SIN: 193456787").map(([, s]) => s)).toContain(80);
    expect(top("2345 6789 0124")).toEqual([["pii.in-aadhaar", 60]]);
    expect(top("234567890124")).toEqual([["pii.in-aadhaar-bare", 40]]);
    // 3-3-4 with spaces is also a NANP phone number's shape; personal data either way.
    expect(top("485 777 3457")).toContainEqual(["pii.uk-nhs-number-unlabelled", 60]);
    expect(top("106382714")).toEqual([["pii.au-tfn-bare", 40]]);
    expect(top("NHS number 485 777 3457").map(([, s]) => s)).toContain(80);
  });

  it("leaves checksum-valid runs in ids, paths and assignments alone", () => {
    const text = [
      "arn:aws:iam::234567890124:role/deploy",
      "gh run view --job=4857773457",
      "build #193456787 passed; see /runs/234567890124/logs",
      "created_at 1732233446, size 12 193 456 787 bytes",
      "version 4857773457.1",
    ].join("\n");
    expect(pack.scan(text).detections).toEqual([]);
  });
});

describe("PII rules: the shapes presidio's recognizers define", () => {
  const found = (text: string): string[] => pack.scan(text).detections.map((d) => text.normalize("NFKC").slice(d.start, d.end));

  it("finds SSN and ITIN numbers in every grouping those recognizers accept", () => {
    expect(found("ssn 536.22.1410")).toEqual(["536.22.1410"]);
    expect(found("ids 536-221410 and 53622-1410")).toEqual(["536-221410", "53622-1410"]);
    expect(new Set(found("ITIN 912-701234 or 91270-1234"))).toEqual(new Set(["912-701234", "91270-1234"]));
    // Published examples and never-issued groups stay out in every grouping.
    expect(found("078-051120 07805-1120 536-001410 912-891234")).toEqual([]);
  });

  it("accepts either separator between the groups of an Aadhaar or NHS number", () => {
    expect(idsIn("2345-6789 0124")).toContain("pii.in-aadhaar");
    expect(idsIn("485-777 3457")).toContain("pii.uk-nhs-number-unlabelled");
  });

  it("finds a labelled IP address even when it is loopback or unspecified", () => {
    expect(found("my ip: ::1")).toEqual(["::1"]);
    expect(found("IPv4 address 127.0.0.1")).toEqual(["127.0.0.1"]);
    expect(found("test against ::1 and 127.0.0.1")).toEqual([]);
    expect(found("gateway 64:ff9b::192.0.2.33")).toContain("64:ff9b::192.0.2.33");
  });

  it("finds grouped national phone numbers with a trunk prefix", () => {
    for (const text of ["020 7946 0958", "01 23 45 67 89", "030 1234567", "03-1234567", "(11) 98456-5666", "98765 43210"]) {
      expect(idsIn(`call ${text} today`).some((id) => id.startsWith("pii.phone-number")), text).toBe(true);
    }
  });

  it("leaves checksum-valid runs named as ids, sizes and ZIP+4 codes alone", () => {
    const text = [
      "Reference ID   102161887 was charged.",
      "Order ID: 106382714, tracking 4857773457",
      "sourcemap-codec     199102688 bytes",
      "51 Franklin St, Fifth Floor, Boston, MA 02110-1301, USA.",
      "30 82 01 0a 02 82 01 01 00 b6 f4 f1 cf dd 26",
    ].join("\n");
    expect(pack.scan(text).detections).toEqual([]);
  });
});

describe("PII rules: no catastrophic backtracking", () => {
  // No timing here: a pattern that backtracks catastrophically never finishes and the test times
  // out; `npm run bench` prints how long the pack takes on these inputs.
  it.each(HOSTILE_PII_TEXTS)("finishes scanning 64 KB of %s", (_label, text) => {
    expectWellFormed(pack.scan(text));
  });
});

describe("pii rules: prechecks", () => {
  const withPrecheck = PII_RULES.filter((r) => r.precheck !== undefined).map((r) => [r.id, r] as const);
  it.each(withPrecheck)("%s: the precheck holds on every match example", (_id, rule) => {
    for (const example of rule.examples.match) expect(rule.precheck!.test(example.normalize("NFKC")), example).toBe(true);
  });
});

describe("PII rules: the probe set (test/fixtures/pii-probes/probes.jsonl)", () => {
  // Our own values with computed check digits in sentences, across the entities presidio covers,
  // and near misses (failed checksums, versions, timestamps, hashes, ids). The counts are what the
  // pack reaches; a change that loses a probe or flags a near miss has to update them knowingly.
  const probes = readFileSync(new URL("./fixtures/pii-probes/probes.jsonl", import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { id: string; text: string; label: "pii" | "benign" });
  const flagged = (label: "pii" | "benign") => probes.filter((p) => p.label === label && pack.scan(p.text).detections.length > 0).map((p) => p.id);

  it("finds every PII probe", () => {
    expect(probes.filter((p) => p.label === "pii")).toHaveLength(94);
    expect(flagged("pii")).toHaveLength(94);
  });

  it("flags none of the near misses", () => {
    expect(probes.filter((p) => p.label === "benign")).toHaveLength(87);
    expect(flagged("benign")).toEqual([]);
  });
});
