// haltkey eval: labeled JSONL through the same pipeline the daemon runs (evaluateStep with the
// shipped rule set), scored per file, split and label. Pure: the CLI reads the files and prints.
import { createHash } from "node:crypto";
import { z } from "zod";
import { evaluateStep, type RuleSet, type StepFacts } from "../core/pipeline.js";
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

type Step = Pick<StepFacts, "hint" | "findings" | "tool" | "arguments" | "annotations">;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * How a record reaches the pipeline: what the dongle would see in the daemon. A shell command is a
 * Bash tool call, as Claude Code's hook reports it (the hint in the adapters' form, the command as
 * the argument), so the shell reader and the action model see it; a tool call (the probe sets')
 * carries its tool, arguments and annotations; code for an interpreter tool (RedCode) is that
 * tool's `code` argument.
 */
export function toStep(r: CorpusRecord): Step {
  const tool = typeof r.meta?.tool === "string" ? r.meta.tool : undefined;
  switch (r.kind) {
    case "arguments":
      if (tool === "shell") return { hint: `executing shell command: ${r.text}`, tool: "Bash", arguments: { command: r.text } };
      if (tool !== undefined && isObject(r.meta?.arguments)) {
        const annotations = isObject(r.meta?.annotations) ? (r.meta.annotations as Step["annotations"]) : undefined;
        return { hint: `calling ${tool} with arguments: ${r.text}`, tool, arguments: r.meta.arguments, ...(annotations ? { annotations } : {}) };
      }
      if (tool !== undefined) return { hint: `calling a tool with arguments: ${r.text}`, tool, arguments: { code: r.text } };
      return { hint: `calling a tool with arguments: ${r.text}` };
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

/** Per ATT&CK tactic (the probe sets carry one per dangerous record): caught and hard-stopped. */
export interface TacticRow {
  readonly tactic: string;
  readonly caught: Rate;
  /** Hard-stopped, over the records that expect a hard stop. */
  readonly hardStopped: Rate;
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
  /** Dangerous records by tactic, when the file's records carry one (meta.tactic). */
  readonly tactics: readonly TacticRow[];
}

export function scoreFile(file: string, records: readonly CorpusRecord[], invalid: number, split: Split | "all", rules: RuleSet, policy: AgentPolicy): FileReport {
  const paired = isPaired(records);
  // A probe set (written by us, before measuring) has no held-out half: it is scored whole.
  const probes = records.length > 0 && records.every((r) => r.meta?.probe === true);
  const chosen = split === "all" || probes ? records : records.filter((r) => splitOf(r.id, paired) === split);
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
  const byTactic = new Map<string, { caught: number; of: number; hard: number; hardOf: number }>();
  for (const { r, a } of assessed) {
    const tactic = r.meta?.tactic;
    if (r.label !== "dangerous" || typeof tactic !== "string") continue;
    const t = byTactic.get(tactic) ?? { caught: 0, of: 0, hard: 0, hardOf: 0 };
    t.of++;
    if (a.tier !== "allow") t.caught++;
    if (r.expected_tier === "hard-stop") {
      t.hardOf++;
      if (a.tier === "hard-stop") t.hard++;
    }
    byTactic.set(tactic, t);
  }
  return {
    file,
    records: chosen.length,
    invalid,
    split: probes ? "all" : split,
    labels,
    confusion,
    falsePositiveRules: [...fpRules].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])),
    tactics: [...byTactic].sort((x, y) => x[0].localeCompare(y[0])).map(([tactic, t]) => ({ tactic, caught: { hits: t.caught, of: t.of }, hardStopped: { hits: t.hard, of: t.hardOf } })),
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
    const r = CorpusRecord.safeParse(fromProbe(raw));
    if (r.success) records.push(r.data);
    else invalid++;
  }
  return { records, invalid };
}

/**
 * A line of the action model's probe sets (test/fixtures/action-probes/) as a corpus record: a shell
 * line (`line`, with its `tactic`), a tool call (`tool`, `arguments`, `annotations`), an agent's prose hint (`hint`) or SQL sent
 * through a database tool (`sql`). Marked `meta.probe`, so it is scored whole. Other lines pass as
 * they are.
 */
export function fromProbe(raw: unknown): unknown {
  if (!isObject(raw) || "text" in raw || typeof raw.id !== "string") return raw;
  const base = { id: raw.id, kind: "arguments", label: raw.label, ...(raw.expected_tier !== undefined ? { expected_tier: raw.expected_tier } : {}) };
  if (typeof raw.line === "string") return { ...base, text: raw.line, meta: { tool: "shell", probe: true, ...(typeof raw.tactic === "string" ? { tactic: raw.tactic } : {}) } };
  if (typeof raw.tool === "string" && isObject(raw.arguments))
    return { ...base, text: JSON.stringify(raw.arguments), meta: { tool: raw.tool, arguments: raw.arguments, probe: true, ...(isObject(raw.annotations) ? { annotations: raw.annotations } : {}), ...(typeof raw.tactic === "string" ? { tactic: raw.tactic } : {}) } };
  if (typeof raw.hint === "string") return { ...base, kind: "action_hint", text: raw.hint, meta: { probe: true } };
  if (typeof raw.sql === "string") return { ...base, text: raw.sql, meta: { tool: "mcp__postgres__query", arguments: { sql: raw.sql }, probe: true } };
  return raw;
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
  const tactics = reports.filter((f) => f.tactics.length > 0);
  if (tactics.length > 0) {
    lines.push("", "The action model by ATT&CK tactic (dangerous probe records; caught = paused or stopped; hard-stopped over those that expect a hard stop):", "");
    lines.push("| file | tactic | caught | hard-stopped |", "|---|---|---|---|");
    for (const f of tactics) for (const t of f.tactics) lines.push(`| ${f.file} | ${t.tactic} | ${pct(t.caught)} | ${pct(t.hardStopped)} |`);
  }
  const fps = reports.filter((f) => f.falsePositiveRules.length > 0);
  if (fps.length > 0) {
    lines.push("", "Rules that fired on benign records:", "");
    for (const f of fps) lines.push(`- **${f.file}** (${f.split}): ${f.falsePositiveRules.map(([id, n]) => `${id} ×${n}`).join(", ")}`);
  }
  return lines.join("\n");
}
