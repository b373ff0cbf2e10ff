// sql.ts loads node-sql-parser's PostgreSQL, MySQL and T-SQL builds on their own, not the package's main
// file with all fifteen grammars (less memory and start-up CPU). This holds the two equal: every
// SQL text in the probe sets, whole or quoted inside a command line, is read by both, and each
// dialect's build gives the very tree the whole package gives for that dialect, or fails where it
// fails.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { looksLikeSql } from "../src/core/action/sql.js";

type Parser = { astify(sql: string, opt: { database: string }): unknown };
const require = createRequire(import.meta.url);
const whole: Parser = new (require("node-sql-parser") as { Parser: new () => Parser }).Parser();
const own = (d: string): Parser => new (require(`node-sql-parser/build/${d}`) as { Parser: new () => Parser }).Parser();

const dir = join(import.meta.dirname, "fixtures", "action-probes");
const texts = new Set<string>();
const visit = (v: unknown): void => {
  if (typeof v === "string") {
    for (const t of [v, ...[...v.matchAll(/"([^"]{8,})"|'([^']{8,})'/g)].map((m) => m[1] ?? m[2]!)]) if (t.length <= 20_000 && looksLikeSql(t)) texts.add(t);
  } else if (Array.isArray(v)) v.forEach(visit);
  else if (v !== null && typeof v === "object") Object.values(v).forEach(visit);
};
for (const f of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) for (const line of readFileSync(join(dir, f), "utf8").split("\n")) if (line.trim() !== "") visit(JSON.parse(line));

const tree = (p: Parser, sql: string, database: string): string => {
  try {
    return JSON.stringify(p.astify(sql, { database }));
  } catch (e) {
    return `fails: ${(e as Error).name}`;
  }
};

describe("node-sql-parser: each dialect's own build reads as the whole package does", () => {
  it("finds the SQL texts to compare", () => {
    expect(texts.size).toBeGreaterThan(150);
  });
  for (const database of ["postgresql", "mysql", "transactsql"]) {
    it(`${database}: the same tree for every SQL text of the probe sets`, () => {
      const p = own(database);
      let parsed = 0;
      for (const sql of texts) {
        const t = tree(p, sql, database);
        expect(t, sql).toBe(tree(whole, sql, database));
        if (!t.startsWith("fails")) parsed++;
      }
      // Most of them parse: the comparison is of trees, not of two failures.
      expect(parsed).toBeGreaterThan(texts.size / 2);
    });
  }
});
