import { describe, expect, it } from "vitest";
import { compileGlob, GlobSet, GlobSyntaxError } from "../src/core/glob.js";
import { KeywordIndex } from "../src/core/keyword-index.js";
import { normalizeForMatching } from "../src/core/text.js";

const matches = (pattern: string, text: string): boolean => new GlobSet({ p: [pattern] }).matches(normalizeForMatching(text)).p.length > 0;

describe("glob semantics on free text (docs/decisions.md)", () => {
  it.each([
    ["rm -rf*", "executing shell command: rm -rf /tmp/x", true],
    ["rm -rf*", "RM  -RF ~/", true],
    ["drop_*", "calling drop_table on users", true],
    ["delete_*", "calling delete_user on bob", true],
    ["delete_*", "calling undelete_user on bob", false],
    ["*_production*", "deploying app_production now", true],
    ["git push*", "git push --force origin main", true],
    ["git push", "git pushed the branch", false],
    ["read_*", "read_file README.md", true],
    ["a?c", "abc", true],
    ["a?c", "a/c", true],
    ["[dr]m -rf", "rm -rf x", true],
    ["[!dr]m -rf", "rm -rf x", false],
    ["\\*danger\\*", "this is *danger* here", true],
  ])("%j vs %j -> %s", (pattern, text, expected) => {
    expect(matches(pattern, text)).toBe(expected);
  });

  it("a '*' crosses '/..' segments, unlike path globs (a crafted hint must not slip past a deny)", () => {
    expect(matches("delete * from production", "delete x/../users from production")).toBe(true);
  });

  it("invisible characters and full-width letters do not hide a match", () => {
    expect(matches("rm -rf*", "r\u200bm -rf /")).toBe(true);
    expect(matches("drop_*", "ｄｒｏｐ_table users")).toBe(true);
  });

  it("rejects malformed patterns with a reason", () => {
    expect(() => compileGlob("[abc")).toThrow(GlobSyntaxError);
    expect(() => compileGlob("abc\\")).toThrow(GlobSyntaxError);
    expect(() => compileGlob("")).toThrow(GlobSyntaxError);
    expect(() => compileGlob("x".repeat(600))).toThrow(GlobSyntaxError);
  });

  it("returns matches in policy order, keyword-indexed or not", () => {
    const set = new GlobSet({ a: ["*", "git push*", "x?", "push"], b: ["push", "origin*"] });
    expect(set.matches("git push origin")).toEqual({ a: ["*", "git push*", "push"], b: ["push", "origin*"] });
  });

  it("1,000 patterns: only the ones that match are reported", () => {
    const patterns = Array.from({ length: 1000 }, (_, i) => `tool_${i}_*`);
    const set = new GlobSet({ deny: patterns });
    expect(set.matches("calling tool_517_write now").deny).toEqual(["tool_517_*"]);
    expect(set.matches("nothing here").deny).toEqual([]);
  });
});

describe("KeywordIndex (Aho-Corasick)", () => {
  it("finds overlapping and nested keywords, once each, ascending", () => {
    const idx = new KeywordIndex([
      ["he", 0],
      ["she", 1],
      ["his", 2],
      ["hers", 3],
      ["she", 4],
    ]);
    expect(idx.find("ushers")).toEqual([0, 1, 3, 4]);
    expect(idx.find("ahishers")).toEqual([0, 1, 2, 3, 4]);
    expect(idx.find("xyz")).toEqual([]);
    expect(idx.find("shehe")).toEqual([0, 1, 4]);
  });

  it("agrees with a naive search on random inputs", () => {
    const alphabet = "abc";
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const word = (len: number): string => Array.from({ length: len }, () => alphabet[rnd(3)]).join("");
    for (let round = 0; round < 200; round++) {
      const keywords = Array.from({ length: 1 + rnd(6) }, () => word(1 + rnd(4)));
      const text = word(rnd(30));
      const idx = new KeywordIndex(keywords.map((k, i) => [k, i] as const));
      const expected = keywords.flatMap((k, i) => (text.includes(k) ? [i] : []));
      expect(idx.find(text)).toEqual(expected);
    }
  });
});
