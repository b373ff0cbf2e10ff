import { HOSTILE_SECRET_TEXTS } from "../bench/hostile-inputs.js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeRuleExamples, expectWellFormed } from "./helpers/detector-examples.js";
import { DetectorPack, type DetectorRule } from "../src/core/detector.js";
import { SECRET_RULES } from "../src/core/rules/secrets.js";

const pack = describeRuleExamples("secret rules", SECRET_RULES);
const detectedIds = (text: string): string[] => pack.scan(text).detections.map((d) => d.ruleId);
const byId = SECRET_RULES.map((rule) => [rule.id, rule] as const);

describe("secret rules: shape", () => {
  it("has unique ids", () => {
    const ids = SECRET_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(byId)("%s: id, kind, score, reason, keywords, examples", (id, rule: DetectorRule) => {
    expect(id).toMatch(/^secret\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(rule.kind).toBe("secret");
    expect(rule.score).toBeGreaterThan(0);
    expect(rule.score).toBeLessThanOrEqual(100);
    expect(rule.reason.length).toBeGreaterThan(20);
    expect(rule.pattern.global).toBe(true);
    expect(rule.keywords.length).toBeGreaterThan(0);
    for (const k of rule.keywords) expect(k).toBe(k.toLowerCase());
    expect(rule.examples.match.length).toBeGreaterThanOrEqual(2);
    expect(rule.examples.noMatch.length).toBeGreaterThanOrEqual(2);
  });

  it("builds into a pack", () => {
    expect(() => new DetectorPack(SECRET_RULES)).not.toThrow();
  });
});

describe("secret rules: behaviour", () => {
  it("redaction spans cover the value, not the name in front of it", () => {
    const value = "Zq8" + "rT2mP9vXk4LwY7nB";
    const scan = pack.scan(`DB_PASSWORD=${value}`);
    const d = scan.detections.find((x) => x.ruleId === "secret.generic-assignment-unquoted");
    expect(d).toBeDefined();
    expect(scan.text.slice(d!.start, d!.end)).toBe(value);
  });

  it("finds nothing in ordinary prose and code", () => {
    const text = [
      "The deployment finished; 3 pods restarted and the token bucket refilled.",
      "def get_password(user):\n    return vault.read(user.password_path)",
      'const tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")',
      "Set `PASSWORD` in your .env file before running `npm start`.",
      "max_tokens: 4096\nprompt_tokens: 1200\nNextToken: null",
      "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
    ].join("\n");
    expect(pack.scan(text).detections).toEqual([]);
  });
});

describe("secret rules: no catastrophic backtracking", () => {
  // No timing here: a pattern that backtracks catastrophically never finishes and the test times
  // out; `npm run bench` prints how long the pack takes on these inputs.
  it.each(HOSTILE_SECRET_TEXTS)("finishes scanning 64 KB of %s", (_label, text) => {
    expectWellFormed(pack.scan(text));
  });
});

describe("secret rules: published samples and exact forms", () => {
  it("does not report credentials that vendors publish in their documentation", () => {
    const samples = [
      "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
      'Google Maps demo: new Loader({ apiKey: "AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU" })',
      "GET https://api.telegram.org/bot110201543:AAHdqTcvCH1vGWJxfSe1ofSAs0K5PALDsaw/getUpdates",
    ];
    for (const text of samples) expect(detectedIds(text), text).toEqual([]);
  });

  it("judges .npmrc lines only by their exact //host/:_authToken= form", () => {
    const value = "7f3c" + "91d2-5b8e-4a0f-b6c1-2e9d8a7c4b50";
    expect(detectedIds(`//npm.example.org/:_authToken=${value}`)).toContain("secret.npmrc-auth");
    expect(detectedIds(`//npm.example.org:_authToken=${value}`)).toEqual([]);
    expect(detectedIds(`///:_authToken=${value}`)).toEqual([]);
  });

  it("leaves wrong-length provider-shaped values to the provider rule", () => {
    expect(detectedIds('const fixtureToken = "sm_pat_' + 'q7w2e9r4t1"')).toEqual([]);
    expect(detectedIds('const realToken = "sm_pat_' + 'q7w2e9r4t1y6u3i8"')).toContain("secret.settlemint-token");
  });
});

describe("secret rules: provider formats and the generic rules", () => {
  // Deterministic letters and digits, so this file holds no credential-shaped literals.
  const chars = (n: number, seed: number, alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"): string => {
    let x = seed * 2654435761 || 1;
    let out = "";
    for (let i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      out += alphabet.charAt((x >>> 0) % alphabet.length);
    }
    return out;
  };
  const hex = (n: number, seed: number): string => chars(n, seed, "0123456789abcdef");

  it("finds a provider's key by its name and exact shape, and leaves other shapes under that name alone", () => {
    expect(detectedIds(`twitterToken = "${chars(45, 1)}"`)).toContain("secret.twitter-credentials");
    expect(detectedIds(`twitterToken = "${chars(33, 2)}"`)).toEqual([]);
    expect(detectedIds(`meraki_token = ${hex(40, 3)}`)).toContain("secret.cisco-meraki-api-key");
    expect(detectedIds(`meraki_token = ${hex(44, 4)}`)).toEqual([]);
    // A password is not a provider's API key: it is judged by the generic rules whatever the name.
    expect(detectedIds(`twitter_password = "${chars(14, 5)}!"`)).toContain("secret.generic-assignment-quoted");
    // A provider name inside a longer word is not that provider.
    expect(detectedIds(`nonlinear_token = "${hex(32, 6)}"`)).not.toContain("secret.linear-client-secret");
  });

  it("reports detect-secrets' Artifactory and Twilio shapes, placeholders included, but not wrong-length API keys", () => {
    expect(detectedIds("X-JFrog-Art-Api: AKCxxxxxxxxxx")).toContain("secret.artifactory-credential");
    expect(detectedIds("artifactory_password=AP6xxxxxxxxxx")).toContain("secret.artifactory-credential");
    expect(detectedIds("ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")).toContain("secret.twilio-account-sid");
    expect(detectedIds(`key := "AKCp${chars(50, 7)}"`)).toEqual([]);
    expect(detectedIds("APACHEKAFKASTREAMS")).toEqual([]);
  });

  it("reports AWS key ids of low entropy but not masked ids, DNA or documentation samples", () => {
    expect(detectedIds("ACCAZZZZZZZZZZZZZZZZ")).toContain("secret.aws-access-key-id");
    expect(detectedIds("key = AKIAXXXXXXXXXXXXXXXX")).toEqual([]);
    expect(detectedIds("GATTACCAGGTTACGATTGCAACGTTAGC")).toEqual([]);
    expect(detectedIds("aws_access_key_id = AKIAIOSFODNN7EXAMPLE")).toEqual([]);
  });

  it("reports a JWT only if its header and payload decode to JSON", () => {
    const seg = (s: string): string => Buffer.from(s).toString("base64url");
    const header = seg('{"alg":"HS256","typ":"JWT"}');
    expect(detectedIds(`${header}.${seg('{"sub":"42","name":"Joe"}')}.${chars(43, 8)}`)).toContain("secret.jwt");
    expect(detectedIds(`${header}.${seg('{"sub":"42","name":"Joe"')}x.${chars(43, 9)}`)).not.toContain("secret.jwt");
  });

  it("takes detect-secrets' keyword forms: phrases, punctuation to the end of a config line, statements", () => {
    expect(detectedIds('db_password = "tiger lily upon a hill"')).toContain("secret.generic-passphrase");
    expect(detectedIds("aws_secret_access_key: tiger lily upon a hill")).toContain("secret.generic-config-phrase");
    expect(detectedIds(`db_pass := Q${chars(6, 10)},.:-@*?!`)).toContain("secret.generic-config-symbols");
    expect(detectedIds(`private_key "${chars(20, 11, "abcdefghijklmnopqrstuvwxyz")}";`)).toContain("secret.generic-statement-literal");
    // Messages and prose are not passphrases.
    expect(detectedIds('password_error = "passwords do not match"')).toEqual([]);
    expect(detectedIds("Password: ask the on-call engineer")).toEqual([]);
  });

  it("keeps a password holding a spacing accent (¨, which NFKC splits) in one piece", () => {
    const scan = pack.scan("password = \"A,.:-\u00a8@*\u00bf?!\"");
    const d = scan.detections.find((x) => x.ruleId === "secret.generic-assignment-quoted");
    expect(d).toBeDefined();
    expect(scan.text.slice(d!.start, d!.end)).toBe("A,.:-\u0308@*\u00bf?!");
  });
});

describe("secret rules: probe set (test/fixtures/secret-probes/probes.jsonl)", () => {
  // Hand-written benign strings from developer tool output and config (placeholders, env reads,
  // lockfile hashes, git SHAs, UUIDs, masked values, public keys…) and secrets of many providers in
  // realistic contexts, written before the rules were measured on them. The counts are what the
  // rules reach; a change may improve them but not make them worse.
  const records = readFileSync(new URL("./fixtures/secret-probes/probes.jsonl", import.meta.url), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { id: string; text: string; label: string });
  const flagged = (text: string): boolean => pack.scan(text).detections.length > 0;
  const benign = records.filter((r) => r.label === "benign");
  const secrets = records.filter((r) => r.label === "secret");

  it("holds both labels", () => {
    expect(benign.length).toBe(178);
    expect(secrets.length).toBe(80);
  });

  it("flags at least 79 of the 80 secrets", () => {
    const missed = secrets.filter((r) => !flagged(r.text)).map((r) => r.id);
    // The one miss is a letters-only password (gitleaks' generic rule drops ^[a-zA-Z_.-]+$ too).
    expect(missed.length, missed.join(", ")).toBeLessThanOrEqual(1);
  });

  it("flags at most 1 of the 178 benign strings", () => {
    const fired = benign.filter((r) => flagged(r.text)).map((r) => r.id);
    // The one false positive is AWS's documented sample secret key, which detect-secrets flags too.
    expect(fired.length, fired.join(", ")).toBeLessThanOrEqual(1);
  });
});
