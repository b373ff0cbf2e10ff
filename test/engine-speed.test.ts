// The engine's speed-ups that replace a regex or a built-in with a character loop (engine3): each
// must give exactly what the expression it replaces gives, on any text, or a reading or verdict
// could change. Held here against the expressions themselves, on generated text and on the edges.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DetectorPack, type DetectorRule } from "../src/core/detector.js";
import { base, isSafeWord, unescapeWord } from "../src/core/shell/read-model.js";
import { isRedirectType, startsAssignment } from "../src/core/shell/read-walk.js";
import { CLOSER, NAME_NOT_PLAIN, nameNotPlain } from "../src/core/shell/plain.js";
import { mayBePattern } from "../src/core/shell/read-commands.js";
import { unescapedText } from "../src/core/shell/read-words.js";
import type { SyntaxTree } from "../src/core/shell/syntax.js";
import { flatCopy } from "../src/core/text.js";
import { NAMED_FILE } from "../src/core/action/prose.js";

/** Text from the characters the replaced expressions tell apart, and any other. */
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."aZ_09=+-/.@%:,~^'\" \t\n{}*?[]\\é😀") }),
  fc.string({ unit: "grapheme" }),
  fc.string(),
);

describe("character checks hold to the regexes they replace", () => {
  it("isSafeWord is /^[\\w@%+=:,./~^-]+$/", () => {
    const SAFE_WORD = /^[\w@%+=:,./~^-]+$/;
    for (const w of ["", "a", "-rf", "a b", "x\n", "é", "a'b", "~/.ssh", "^x", "a\u0000"]) expect(isSafeWord(w)).toBe(SAFE_WORD.test(w));
    fc.assert(fc.property(text, (w) => isSafeWord(w) === SAFE_WORD.test(w)), { numRuns: 2000 });
  });

  it("base is the text after the last /", () => {
    for (const p of ["", "/", "a", "/bin/rm", "a/", "//x", "\\rm"]) expect(base(p)).toBe(p.slice(p.lastIndexOf("/") + 1));
    fc.assert(fc.property(text, (p) => base(p) === p.slice(p.lastIndexOf("/") + 1)), { numRuns: 2000 });
  });

  it("startsAssignment is /^[A-Za-z_]\\w*\\+?=/ on the node's text", () => {
    const ASSIGNMENT_START = /^[A-Za-z_]\w*\+?=/;
    const check = (source: string, start: number, end: number): boolean => {
      const tree = { source, root: { type: "program", field: null, named: true, start: 0, end: source.length, children: [] }, hasError: false, truncated: false } as SyntaxTree;
      const node = { type: "word", field: null, named: true, start, end, children: [] };
      return startsAssignment(tree, node) === ASSIGNMENT_START.test(source.slice(start, end));
    };
    for (const t of ["", "=", "a", "a=", "a+=", "a+", "_=1", "1a=", "ab_9=x", "a b=", "é=1", "A+=+"]) expect(check(t, 0, t.length)).toBe(true);
    // A node inside a longer text: the characters after its end do not count.
    expect(check("ab=c", 0, 2)).toBe(true);
    expect(check("x ab=c", 2, 5)).toBe(true);
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (t, a, b) => {
        const start = t.length === 0 ? 0 : a % (t.length + 1);
        const end = start + (t.length - start === 0 ? 0 : b % (t.length - start + 1));
        return check(t, start, end);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("copies that replace a text hold its characters", () => {
  it("flatCopy gives the same string, slices of long texts included", () => {
    const long = (t: string): string => `${"x".repeat(300)}${t}`;
    for (const t of ["", "a", "é", "\u0000", "\u007f", "\u0080", "\u00ff", "\u0100", "\ud800", "😀"]) {
      expect(flatCopy(t)).toBe(t);
      expect(flatCopy(long(t))).toBe(long(t));
      expect(flatCopy(long(t).slice(1))).toBe(long(t).slice(1));
    }
    fc.assert(fc.property(text, fc.nat(400), (t, pad) => {
      const whole = `${"a b; c\n".repeat(pad)}${t}`;
      const sliced = whole.slice(Math.min(pad, whole.length));
      return flatCopy(whole) === whole && flatCopy(sliced) === sliced;
    }), { numRuns: 2000 });
  });
});

describe("words read in place hold to the copies they replace", () => {
  it("unescapedText is unescapeWord of the node's text", () => {
    const check = (source: string, start: number, end: number): boolean => {
      const tree = { source, root: { type: "program", field: null, named: true, start: 0, end: source.length, children: [] }, hasError: false, truncated: false } as SyntaxTree;
      const node = { type: "word", field: null, named: true, start, end, children: [] };
      return unescapedText(tree, node) === unescapeWord(source.slice(start, end));
    };
    for (const t of ["", "a", "\\", "r\\m", "a\\ b", "x\\\n", "\\\\", "é\\😀"]) expect(check(t, 0, t.length)).toBe(true);
    // A backslash just outside the node does not count.
    expect(check("\\ab\\", 1, 3)).toBe(true);
    fc.assert(fc.property(text, fc.nat(), fc.nat(), (source, a, b) => {
      const start = source.length === 0 ? 0 : a % (source.length + 1);
      const end = start + (b % (source.length - start + 1));
      return check(source, start, end);
    }), { numRuns: 2000 });
  });
});

describe("literal prefilters are exact", () => {
  it("a word without a dot is never a NAMED_FILE (the prose reader asks includes('.') first)", () => {
    for (const w of ["", ".", "a.py", "a.py.", "apy", "src/a.py", "a-b_c.tsx", "a.PY", "x.patch", "..py"]) expect(w.includes(".") && NAMED_FILE.test(w)).toBe(NAMED_FILE.test(w));
    fc.assert(fc.property(fc.oneof(text, fc.stringMatching(/^[\w-]{0,4}\.?(py|ts|md|x)?$/)), (w) => (w.includes(".") && NAMED_FILE.test(w)) === NAMED_FILE.test(w)), { numRuns: 2000 });
  });
});

describe("character checks before a regex or a built-in are exact", () => {
  it("isRedirectType is endsWith(\"_redirect\")", () => {
    for (const t of ["", "_redirect", "file_redirect", "heredoc_redirect", "herestring_redirect", "redirect", "redirected_statement", "variable_assignment", "word", "x_redirectt"]) expect(isRedirectType(t)).toBe(t.endsWith("_redirect"));
    fc.assert(fc.property(fc.oneof(text, text.map((t) => `${t}_redirect`)), (t) => isRedirectType(t) === t.endsWith("_redirect")), { numRuns: 2000 });
  });

  it("nameNotPlain is NAME_NOT_PLAIN matched at the position", () => {
    const regexAt = (s: string, i: number): boolean => {
      NAME_NOT_PLAIN.lastIndex = i;
      return NAME_NOT_PLAIN.test(s);
    };
    for (const s of ["", "a", "a=", "a%b", "ab_9[", "a.b", "./x", "~/x", "'x'", "\"x\"", "-rf", "é", "a@", "1+", "_:x", "a b", "a\u00e9="]) for (let i = 0; i <= s.length; i++) expect(nameNotPlain(s, i)).toBe(regexAt(s, i));
    fc.assert(fc.property(text, fc.nat(), (s, k) => {
      const i = k % (s.length + 1);
      return nameNotPlain(s, i) === regexAt(s, i);
    }), { numRuns: 3000 });
  });

  it("a word without *, ? or [ never matches /[*?]|\\[.*\\]/ (mayBePattern runs first)", () => {
    const GLOB = /[*?]|\[.*\]/;
    for (const w of ["", "rm", "/bin/r?", "a*", "[", "[x]", "[\n]", "]", "a[b"]) expect(mayBePattern(w) && GLOB.test(w)).toBe(GLOB.test(w));
    fc.assert(fc.property(text, (w) => (mayBePattern(w) && GLOB.test(w)) === GLOB.test(w)), { numRuns: 2000 });
  });

  it("CLOSER matches only where a d, e, f or t starts (the scanner runs it only there)", () => {
    const closerAt = (s: string, i: number): boolean => {
      CLOSER.lastIndex = i;
      return CLOSER.exec(s) !== null;
    };
    for (const s of ["then", "else x", "elif", "fi;", "do\n", "done|", "esac&", "thenx", " fi"]) for (let i = 0; i <= s.length; i++) if (closerAt(s, i)) expect("deft").toContain(s[i]);
    const words = fc.constantFrom("then", "else", "elif", "fi", "do", "done", "esac", " ", ";", "\n", "x", "T", "é");
    fc.assert(fc.property(fc.array(fc.oneof(words, text)).map((p) => p.join("")), fc.nat(), (s, k) => {
      const i = k % (s.length + 1);
      return !closerAt(s, i) || "deft".includes(s[i]!);
    }), { numRuns: 2000 });
  });
});

describe("detectors find every match as matchAll finds it", () => {
  const rule = (pattern: RegExp): DetectorRule => ({ id: "pii.test", kind: "pii", reason: "test", score: 50, keywords: ["a"], pattern, examples: { match: [], noMatch: [] } });
  /** What the pack reported before engine3: matchAll's matches with a non-empty value, as spans. */
  const expected = (pattern: RegExp, t: string): Array<[number, number]> =>
    [...t.matchAll(new RegExp(pattern.source, pattern.flags))].filter((m) => m[0].length > 0).map((m) => [m.index, m.index + m[0].length]);
  const found = (pattern: RegExp, t: string): Array<[number, number]> => new DetectorPack([rule(pattern)]).scan(t).detections.map((d) => [d.start, d.end]);
  /** The text as the pack scans it (NFKC when not ASCII): the offsets refer to it. */
  const scanned = (t: string): string => new DetectorPack([rule(/a/g)]).scan(t).text;

  it("moves past empty matches, by a whole surrogate pair with the u or v flag", () => {
    for (const pattern of [/a*/g, /a*/gu, /a*/gv, /(?:a|😀)*/gu, /\p{L}*/gu])
      for (const t of ["", "a", "baab", "😀a😀aa", "a😀", "\ud83da\ude00a", "xa\ud83d"]) expect(found(pattern, t)).toEqual(expected(pattern, scanned(t)));
    fc.assert(fc.property(text, (t) => JSON.stringify(found(/a*/gu, `a${t}`)) === JSON.stringify(expected(/a*/gu, scanned(`a${t}`)))), { numRuns: 500 });
  });

  it("scans again from the start on every text (no lastIndex left over)", () => {
    const pack = new DetectorPack([rule(/a+/g)]);
    expect(pack.scan("xx aaa").detections.map((d) => d.start)).toEqual([3]);
    expect(pack.scan("aa").detections.map((d) => d.start)).toEqual([0]);
  });
});
