import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_BITS, CODE_LENGTH, codeMatches, formatCode, generateCode, hashCode, normalizeCode } from "../src/verify/code.js";
import { actionDigest } from "../src/verify/digest.js";
import { EMPTY_RATE_LIMIT, lockedUntil, recordFailure, recordSuccess } from "../src/verify/rate-limit.js";

describe("verification codes (spec §8.8.2)", () => {
  it("carries at least 128 bits from the CSPRNG, in Crockford base32", () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(128);
    const code = generateCode(randomBytes);
    expect(code).toMatch(new RegExp(`^[0-9A-HJKMNP-TV-Z]{${CODE_LENGTH}}$`));
  });

  it("is not derivable: 2,000 codes are all distinct and use every symbol", () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateCode(randomBytes)));
    expect(codes.size).toBe(2000);
    const symbols = new Set([...codes].join(""));
    expect(symbols.size).toBe(32);
  });

  it("is shown in groups of four and accepted however a human types it", () => {
    const code = "0123456789ABCDEFGHJKMNPQRS";
    expect(formatCode(code)).toBe("0123-4567-89AB-CDEF-GHJK-MNPQ-RS");
    expect(normalizeCode("o123 4567 89ab-cdef ghjk mnpq rs")).toBe(code);
    expect(normalizeCode("I")).toBeUndefined();
    expect(normalizeCode("U123456789ABCDEFGHJKMNPQRS")).toBeUndefined();
  });

  it("only a salted hash is kept, and it is checked in constant time", () => {
    const code = generateCode(randomBytes);
    const a = hashCode(code, randomBytes);
    const b = hashCode(code, randomBytes);
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.stringify(a)).not.toContain(code);
    expect(codeMatches(formatCode(code), a)).toBe(true);
    expect(codeMatches(code.toLowerCase(), b)).toBe(true);
    expect(codeMatches(generateCode(randomBytes), a)).toBe(false);
    expect(codeMatches("garbage", a)).toBe(false);
  });
});

describe("action digests", () => {
  it("differ when agent, session or action differ", () => {
    const base = { agent: "a", sessionId: "s", hint: "rm -rf /" };
    const d = actionDigest(base);
    expect(actionDigest({ ...base })).toBe(d);
    expect(actionDigest({ ...base, agent: "b" })).not.toBe(d);
    expect(actionDigest({ ...base, sessionId: "t" })).not.toBe(d);
    expect(actionDigest({ ...base, hint: "rm -rf / " })).not.toBe(d);
  });
});

describe("failed-verification rate limit (spec §8.8.5)", () => {
  const cfg = { maxFailures: 10, windowSeconds: 60, maxLockoutSeconds: 3600 };
  it("locks after 10 failures in 60 s, and lockouts double", () => {
    let s = EMPTY_RATE_LIMIT;
    const t0 = 1_000_000;
    for (let i = 0; i < 9; i++) s = recordFailure(s, t0 + i, cfg);
    expect(lockedUntil(s, t0 + 10)).toBeUndefined();
    s = recordFailure(s, t0 + 9, cfg);
    expect(lockedUntil(s, t0 + 10)).toBe(t0 + 9 + 60_000);
    expect(lockedUntil(s, t0 + 9 + 60_000)).toBeUndefined();
    const t1 = t0 + 100_000;
    for (let i = 0; i < 10; i++) s = recordFailure(s, t1 + i, cfg);
    expect(lockedUntil(s, t1 + 10)).toBe(t1 + 9 + 120_000);
  });

  it("forgets failures older than the window", () => {
    let s = EMPTY_RATE_LIMIT;
    for (let i = 0; i < 9; i++) s = recordFailure(s, i * 1000, cfg);
    s = recordFailure(s, 200_000, cfg);
    expect(lockedUntil(s, 200_001)).toBeUndefined();
    expect(s.failures).toHaveLength(1);
  });

  it("caps the lockout and resets on success", () => {
    let s = { failures: [], lockoutUntil: 0, lockouts: 20 };
    for (let i = 0; i < 10; i++) s = recordFailure(s, 0, cfg) as typeof s;
    expect(s.lockoutUntil).toBe(3600_000);
    expect(recordSuccess()).toEqual(EMPTY_RATE_LIMIT);
  });
});
