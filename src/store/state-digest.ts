// A digest of the guarded state (blocks and their challenges, rate limits, executions, halts,
// strikes, halt configuration, enrolled keys, paired displays), kept incrementally: per sublevel,
// the number of entries and the sum (mod 2^256) of one SHA-256 per entry over its sublevel, key and
// stored JSON. A sum does not depend on order, so a put or delete updates it in O(1), and the open
// and `audit verify` recompute it from the stored entries. Every audit record carries the digest of
// the state after its transition, so an entry deleted, added or changed outside haltkey no longer
// matches the chain. It is no secret: whoever can write the files can recompute it (threat-model.md).
import { sha256Hex } from "./sha256.js";

/** The sublevels whose every entry the digest covers. The audit log and meta are the chain itself. */
export const GUARDED_SUBLEVELS = ["blocks", "rate", "executions", "halts", "halt_acks", "halt_escalations", "halt_index", "halt_config", "strikes", "keys", "displays"] as const;
export type GuardedSublevel = (typeof GUARDED_SUBLEVELS)[number];
const GUARDED: ReadonlySet<string> = new Set(GUARDED_SUBLEVELS);
export const isGuarded = (sublevel: string): sublevel is GuardedSublevel => GUARDED.has(sublevel);

const MOD = 1n << 256n;

/** Per sublevel: entries and the hex sum of their hashes. */
export type StateSummary = Record<GuardedSublevel, { count: number; sum: string }>;

function entryHash(sublevel: string, key: string, json: string): bigint {
  // One-shot SHA-256 of the same bytes as before (sublevel, NUL, key, NUL, JSON): no Hash object.
  return BigInt(`0x${sha256Hex(`${sublevel}\0${key}\0${json}`)}`);
}

export class StateDigest {
  private readonly counts = new Map<string, number>();
  private readonly sums = new Map<string, bigint>();
  /**
   * Each sublevel's sum as 64 hex digits, written when the sum changes: a transition touches one or
   * two sublevels, so the summary converts only those sums, not all eleven, and only once.
   */
  private readonly hex = new Map<string, string>();
  private readonly changed = new Set<string>();
  /** The hash of every entry, to take it out of the sum when it is replaced or deleted. */
  private readonly entries = new Map<string, bigint>();

  /** An entry now holds `json` (the exact stored JSON text), or is gone (undefined). */
  set(sublevel: GuardedSublevel, key: string, json: string | undefined): void {
    const id = `${sublevel}\0${key}`;
    const old = this.entries.get(id);
    let sum = this.sums.get(sublevel) ?? 0n;
    let count = this.counts.get(sublevel) ?? 0;
    if (old !== undefined) {
      sum = (sum - old + MOD) % MOD;
      count--;
      this.entries.delete(id);
    }
    if (json !== undefined) {
      const h = entryHash(sublevel, key, json);
      sum = (sum + h) % MOD;
      count++;
      this.entries.set(id, h);
    }
    this.sums.set(sublevel, sum);
    this.counts.set(sublevel, count);
    this.changed.add(sublevel);
  }

  summary(): StateSummary {
    for (const s of this.changed) this.hex.set(s, (this.sums.get(s) ?? 0n).toString(16).padStart(64, "0"));
    this.changed.clear();
    const out = {} as StateSummary;
    for (const s of GUARDED_SUBLEVELS) out[s] = { count: this.counts.get(s) ?? 0, sum: this.hex.get(s) ?? ZERO_SUM };
    return out;
  }

  /** One hash over the summary: what audit records carry. */
  digest(): string {
    return summaryDigest(this.summary());
  }
}

const ZERO_SUM = "0".repeat(64);

/** SHA-256 over `name:count:sum;` of every sublevel, in GUARDED_SUBLEVELS order. */
export function summaryDigest(s: StateSummary): string {
  let text = "";
  for (const name of GUARDED_SUBLEVELS) text += `${name}:${s[name].count}:${s[name].sum};`;
  return sha256Hex(text);
}

/** The sublevels in which two summaries differ, said for a person: "blocks (0 entries, sealed 2)". */
export function summaryDifferences(actual: StateSummary, sealed: Partial<StateSummary> | undefined): string[] {
  if (!sealed) return [];
  return GUARDED_SUBLEVELS.filter((s) => sealed[s]?.count !== actual[s].count || sealed[s]?.sum !== actual[s].sum).map((s) => {
    const was = sealed[s];
    return was && was.count !== actual[s].count ? `${s} (${actual[s].count} entries, sealed ${was.count})` : `${s} (entries changed)`;
  });
}
