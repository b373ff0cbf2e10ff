// haltkey eval: labeled JSONL through the same pipeline the daemon runs (evaluateStep with the
// shipped rule set), scored per file, split and label. Pure: the CLI reads the files and prints.
import { createHash } from "node:crypto";
import { z } from "zod";
import { evaluateStep, type RuleSet } from "../core/pipeline.js";
import type { AgentPolicy } from "../core/policy.js";

export const LABELS = ["dangerous", "secret", "pii", "injection"] as const;
export type Label = (typeof LABELS)[number];
export const TIERS = ["allow", "pause", "hard-stop"] as const;
export type Tier = (typeof TIERS)[number];
export type Split = "dev" | "heldout";

export const CorpusRecord = z.looseObject({
  id: z.string().min(1),
  text: z.string(),
  kind: z.enum(["action_hint", "tool_output", "arguments"]),
  label: z.enum(["benign", ...LABELS]),
  expected_tier: z.enum(TIERS).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type CorpusRecord = z.infer<typeof CorpusRecord>;

/**
 * Dev or held-out, fixed by the record id: an even numeric suffix is dev (rules may be tuned on
 * it), odd is held out. Ids without a number fall back to the parity of a hash of the id.
 */
export function splitOf(id: string, paired = false): Split {
  const n = idNumber(id);
  return (paired ? Math.floor(n / 2) : n) % 2 === 0 ? "dev" : "heldout";
}

function idNumber(id: string): number {
  const m = /(\d+)$/.exec(id);
  return m ? Number(m[1]) : createHash("sha256").update(id).digest()[0]!;
}

/**
 * A corpus made of (positive, benign) pairs with consecutive ids (ToolEmu: each case's risky action
 * then its expected achievement) would put every positive in one split by parity. Such files are
 * split by pair number instead, so both records of a case land in the same split.
 */
export function isPaired(records: readonly CorpusRecord[]): boolean {
  const benign = records.filter((r) => r.label === "benign");
  if (benign.length === 0 || benign.length === records.length) return false;
  return records.every((r) => (r.label === "benign") === (idNumber(r.id) % 2 === 1));
}

export interface Assessment {
  readonly tier: Tier;
  readonly labels: ReadonlySet<Label>;
  /** Rules that produced a flag: action rules above the tolerance, and detectors. */
  readonly fired: readonly string[];
}

/** How a record reaches the pipeline: what the dongle would see in the daemon. */
export function toStep(r: CorpusRecord): { hint: string; findings?: string } {
  switch (r.kind) {
    case "arguments":
      return { hint: r.meta?.tool === "shell" ? `executing shell command: ${r.text}` : `calling a tool with arguments: ${r.text}` };
    case "action_hint":
      return { hint: r.text };
    case "tool_output":
      return { hint: "reading the tool output", findings: r.text };
  }
}

export function assess(r: CorpusRecord, rules: RuleSet, policy: AgentPolicy): Assessment {
  const step = toStep(r);
  const e = evaluateStep({ ...step, autonomousStep: 1, maxAutonomousSteps: policy.maxAutonomousSteps }, { kind: "clear" }, policy, rules);
  const labels = new Set<Label>();
  const fired: string[] = [];
  // "dangerous" means the action rules alone would stop the agent under this policy's tolerance.
  const strong = e.rules.filter((m) => m.score > policy.threshold);
  if (strong.length > 0) {
    labels.add("dangerous");
    fired.push(...strong.map((m) => m.id));
  }
  for (const d of e.detections) {
    labels.add(d.kind);
    if (!fired.includes(d.ruleId)) fired.push(d.ruleId);
  }
  const tier: Tier = e.verdict === "stop" ? "hard-stop" : e.verdict === "continue" ? "allow" : "pause";
  return { tier, labels, fired };
}

export interface Rate {
  readonly hits: number;
  readonly of: number;
}

export interface FileReport {
  readonly file: string;
  readonly records: number;
  readonly invalid: number;
  readonly split: Split | "all";
  /** Per positive label in the file: recall on that label, false-positive rate on benign records. */
  readonly labels: ReadonlyArray<{ label: Label; recall: Rate; falsePositive: Rate }>;
  /** expected tier → predicted tier → count, over records that carry expected_tier. */
  readonly confusion: Record<Tier, Record<Tier, number>>;
  /** Rule id → number of benign records it flagged. */
  readonly falsePositiveRules: ReadonlyArray<[string, number]>;
}

export function scoreFile(file: string, records: readonly CorpusRecord[], invalid: number, split: Split | "all", rules: RuleSet, policy: AgentPolicy): FileReport {
  const paired = isPaired(records);
  const chosen = split === "all" ? records : records.filter((r) => splitOf(r.id, paired) === split);
  const assessed = chosen.map((r) => ({ r, a: assess(r, rules, policy) }));
  const present = LABELS.filter((l) => records.some((r) => r.label === l));
  const benign = assessed.filter(({ r }) => r.label === "benign");
  const labels = present.map((label) => {
    const positives = assessed.filter(({ r }) => r.label === label);
    return {
      label,
      recall: { hits: positives.filter(({ a }) => a.labels.has(label)).length, of: positives.length },
      falsePositive: { hits: benign.filter(({ a }) => a.labels.has(label)).length, of: benign.length },
    };
  });
  const confusion = Object.fromEntries(TIERS.map((t) => [t, Object.fromEntries(TIERS.map((p) => [p, 0]))])) as Record<Tier, Record<Tier, number>>;
  for (const { r, a } of assessed) if (r.expected_tier) confusion[r.expected_tier][a.tier]++;
  const fpRules = new Map<string, number>();
  for (const { a } of benign) for (const id of a.fired) fpRules.set(id, (fpRules.get(id) ?? 0) + 1);
  return {
    file,
    records: chosen.length,
    invalid,
    split,
    labels,
    confusion,
    falsePositiveRules: [...fpRules].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])),
  };
}

export function parseCorpus(text: string): { records: CorpusRecord[]; invalid: number } {
  const records: CorpusRecord[] = [];
  let invalid = 0;
  for (const line of text.split("\n")) {
    if (line.trim().length === 0) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      invalid++;
      continue;
    }
    const r = CorpusRecord.safeParse(raw);
    if (r.success) records.push(r.data);
    else invalid++;
  }
  return { records, invalid };
}

const pct = (r: Rate): string => (r.of === 0 ? "–" : `${((100 * r.hits) / r.of).toFixed(1)}% (${r.hits}/${r.of})`);

export function toMarkdown(reports: readonly FileReport[]): string {
  const lines: string[] = [];
  lines.push("| file | split | records | label | recall | false-positive rate (benign) |", "|---|---|---|---|---|---|");
  for (const f of reports) {
    if (f.labels.length === 0) lines.push(`| ${f.file} | ${f.split} | ${f.records} | (benign only) | – | – |`);
    for (const l of f.labels) lines.push(`| ${f.file} | ${f.split} | ${f.records} | ${l.label} | ${pct(l.recall)} | ${pct(l.falsePositive)} |`);
  }
  const withTiers = reports.filter((f) => TIERS.some((t) => TIERS.some((p) => f.confusion[t][p] > 0)));
  if (withTiers.length > 0) {
    lines.push("", "Tier confusion (rows: expected tier, columns: haltkey's tier):", "");
    for (const f of withTiers) {
      lines.push(`**${f.file}** (${f.split})`, "", "| expected \\ got | allow | pause | hard-stop |", "|---|---|---|---|");
      for (const t of TIERS) lines.push(`| ${t} | ${TIERS.map((p) => f.confusion[t][p]).join(" | ")} |`);
      lines.push("");
    }
  }
  const fps = reports.filter((f) => f.falsePositiveRules.length > 0);
  if (fps.length > 0) {
    lines.push("", "Rules that fired on benign records:", "");
    for (const f of fps) lines.push(`- **${f.file}** (${f.split}): ${f.falsePositiveRules.map(([id, n]) => `${id} ×${n}`).join(", ")}`);
  }
  return lines.join("\n");
}
