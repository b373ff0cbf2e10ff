// Halt conditions (../shared/spec/002_…): the conditions, their default configuration, and the
// deterministic check of a context against them. Pure: the daemon stores events and configuration.
import { createHash } from "node:crypto";
import { z } from "zod";
import type { DetectorPack } from "./detector.js";
import type { RulePack } from "./rule-pack.js";
import { canonicalJson } from "./canonical-json.js";
import { normalizeForMatching } from "./text.js";

export const HALT_TYPES = ["code_safety", "scope", "environment", "execution", "security", "uncertainty"] as const;
export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export const RESOLUTIONS = ["resolved", "escalated", "dismissed", "timeout"] as const;
export type HaltType = (typeof HALT_TYPES)[number];
export type Severity = (typeof SEVERITIES)[number];
export type Resolution = (typeof RESOLUTIONS)[number];
export const SEVERITY_RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Severities that stop the session until acknowledged ("low: can proceed with caution"). */
export const requiresAcknowledgment = (s: Severity): boolean => SEVERITY_RANK[s] >= SEVERITY_RANK.medium;
/** Severities only a human on the approval channel may acknowledge. */
export const needsHuman = (s: Severity): boolean => SEVERITY_RANK[s] >= SEVERITY_RANK.high;

export const HaltConditionConfig = z.strictObject({
  condition_name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(64),
  halt_type: z.enum(HALT_TYPES),
  enabled: z.boolean(),
  severity: z.enum(SEVERITIES),
  threshold: z.record(z.string(), z.unknown()),
  auto_escalate: z.boolean(),
  escalate_after_minutes: z.number().int().min(1).max(7 * 24 * 60).nullable(),
});
export type HaltConditionConfig = z.infer<typeof HaltConditionConfig>;

const cfg = (condition_name: string, halt_type: HaltType, severity: Severity, threshold: Record<string, unknown> = {}): HaltConditionConfig => ({
  condition_name,
  halt_type,
  enabled: true,
  severity,
  threshold,
  auto_escalate: false,
  escalate_after_minutes: severity === "critical" ? 30 : null,
});

/** The 15 seeded conditions of the spec, then the extra ones of its detail tables. */
export const DEFAULT_HALT_CONFIG: readonly HaltConditionConfig[] = [
  cfg("modifying_unread_code", "code_safety", "critical", { requires_read: true }),
  cfg("breaking_changes", "code_safety", "high", { requires_tests_pass: true }),
  cfg("no_rollback_plan", "code_safety", "high"),
  cfg("out_of_scope", "scope", "high"),
  cfg("ambiguous_requirements", "scope", "medium"),
  cfg("conflicting_instructions", "scope", "high"),
  cfg("unauthorized_production", "scope", "critical", { production_authorized: false }),
  cfg("test_production_mix", "environment", "critical"),
  cfg("credential_confusion", "environment", "high"),
  cfg("three_strikes", "execution", "high", { max_attempts: 3 }),
  cfg("repeated_errors", "execution", "medium", { similarity_threshold: 0.8 }),
  cfg("cascading_failures", "execution", "high", { max_chain_length: 3 }),
  cfg("secrets_exposure", "security", "critical"),
  cfg("privilege_escalation", "security", "critical"),
  cfg("uncertainty_scale", "uncertainty", "high", { threshold: 7 }),
  cfg("unknown_dependencies", "code_safety", "medium"),
  cfg("shared_instances", "environment", "medium"),
  cfg("unknown_errors", "execution", "medium"),
  cfg("data_exposure", "security", "high"),
  cfg("unknown_commands", "security", "medium"),
];

const Text = z.string().max(4096);
const TextList = z.array(Text).max(1000);

/** Error messages are judged by their first characters, and only the most recent ones (compared pairwise). */
const ERROR_SHAPE_CHARS = 200;
export const MAX_COMPARED_ERRORS = 20;

export const CheckHaltConditionsInput = z.strictObject({
  session_token: z.string().min(1).max(256),
  task_id: z.string().min(1).max(256).optional(),
  current_context: z.strictObject({
    operation: z.string().min(1).max(4096),
    target_files: TextList.optional(),
    files_read: TextList.optional(),
    attempt_number: z.number().int().min(0).max(1_000_000).optional(),
    previous_errors: TextList.optional(),
    uncertainty_score: z.number().min(0).max(10).optional(),
    environment: z.string().max(64).optional(),
    commands: TextList.optional(),
    scope_boundary: z.string().max(4096).optional(),
    user_instructions: TextList.optional(),
  }),
  proposed_changes: z
    .strictObject({
      files_to_modify: TextList,
      has_tests: z.boolean(),
      has_rollback_plan: z.boolean(),
    })
    .optional(),
});
export type CheckHaltConditionsInput = z.infer<typeof CheckHaltConditionsInput>;

export interface HaltFinding {
  readonly halt_type: HaltType;
  readonly condition_name: string;
  readonly severity: Severity;
  readonly description: string;
}

export interface CheckResult {
  readonly findings: readonly HaltFinding[];
  readonly context_annotations: {
    files_not_read?: string[];
    conflicting_instructions?: string[];
    similar_previous_errors?: string[];
  };
}

export interface CheckRules {
  readonly actions: RulePack;
  readonly content: DetectorPack;
}

// ------------------------------------------------------------------------------ helpers

const normPath = (p: string): string => p.trim().replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/{2,}/g, "/");

/** Normalised edit-distance similarity of two error messages (digits and hex ids ignored), 0–1. */
/** What an error message says, without the numbers and ids that differ between attempts. */
function errorShape(s: string): string {
  return normalizeForMatching(s)
    .replace(/0x[0-9a-f]+|\b[0-9a-f]{8,}\b|\d+/g, "#")
    .slice(0, ERROR_SHAPE_CHARS);
}

/** 1 − edit distance / longer length, over two error shapes; below `floor` it may stop early and return 0. */
function shapeSimilarity(x: string, y: string, floor = 0): number {
  const longer = Math.max(x.length, y.length);
  if (longer === 0) return 1;
  // The distance is at least the difference in length: skip pairs that cannot reach the floor.
  if (1 - Math.abs(x.length - y.length) / longer < floor) return 0;
  let prev = new Int32Array(y.length + 1).map((_, j) => j);
  let cur = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    const c = x.charCodeAt(i - 1);
    for (let j = 1; j <= y.length; j++) {
      const replace = prev[j - 1]! + (c === y.charCodeAt(j - 1) ? 0 : 1);
      const insert = cur[j - 1]! + 1;
      const remove = prev[j]! + 1;
      cur[j] = replace < insert ? (replace < remove ? replace : remove) : insert < remove ? insert : remove;
    }
    [prev, cur] = [cur, prev];
  }
  return 1 - prev[y.length]! / longer;
}

export function errorSimilarity(a: string, b: string): number {
  return shapeSimilarity(errorShape(a), errorShape(b));
}

/** Error classes a developer recognises; anything else is an "unknown error". */
const KNOWN_ERRORS =
  /\b(?:typeerror|referenceerror|syntaxerror|rangeerror|valueerror|keyerror|indexerror|attributeerror|importerror|modulenotfounderror|nameerror|assertionerror|nullpointerexception|segmentation fault|enoent|eacces|eperm|econnrefused|econnreset|etimedout|eaddrinuse|permission denied|no such file|not found|timed? ?out|connection refused|out of memory|oom|exit (?:code|status) \d+|compil(?:e|ation) error|test(?:s)? failed|failed to|cannot|can't|unable to|undefined|null|denied|forbidden|unauthori[sz]ed|conflict|already exists|invalid|missing|unexpected|merge conflict|lint)\b/;

const PRODUCTION = /\b(?:prod|production|live|prd)\b/;
const NON_PRODUCTION = /\b(?:test|testing|dev|development|staging|stage|qa|sandbox|local)\b/;
const AMBIGUITY = /\b(?:maybe|perhaps|somehow|something like|or something|whatever|etc|and so on|not sure|unclear|tbd|figure out|as needed|if possible|some of|a few|kind of|sort of)\b|\?\s*$/;
const MANIFESTS = /(?:^|\/)(?:package\.json|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|requirements[\w.-]*\.txt|pyproject\.toml|poetry\.lock|pipfile(?:\.lock)?|go\.mod|go\.sum|cargo\.toml|cargo\.lock|gemfile(?:\.lock)?|pom\.xml|build\.gradle(?:\.kts)?|composer\.json)$/i;
const INSTALL = /\b(?:npm (?:i|install|add)|yarn add|pnpm add|pip3? install|poetry add|go get|cargo add|gem install|bundle add|apt(?:-get)? install|brew install)\b/;
const BREAKING = /\b(?:breaking change|remove (?:the )?(?:public )?api|rename (?:an? )?(?:exported|public)|change (?:the )?(?:public )?(?:api|interface|signature|schema)|drop column|major version|delete (?:the )?endpoint|migrat(?:e|ion) (?:the )?schema)\b/;
const KNOWN_COMMANDS = new Set(
  "ls cat head tail less more grep rg find fd wc sort uniq cut tr sed awk jq yq echo printf pwd cd mkdir touch cp mv ln diff cmp file stat du df date whoami id env which type man git npm npx yarn pnpm node deno bun python python3 pip pip3 pytest poetry uv go cargo rustc make cmake gcc g++ clang javac java mvn gradle dotnet ruby gem bundle rake php composer tsc eslint prettier vitest jest mocha docker kubectl helm terraform aws gcloud az curl wget ssh scp rsync tar zip unzip gzip gunzip ps top kill sleep test true false xargs tee basename dirname realpath readlink chmod chown sudo rm psql mysql sqlite3 redis-cli systemctl journalctl".split(
    " ",
  ),
);

function commandNames(command: string): string[] {
  return command
    .split(/&&|\|\||[;|]/)
    .map((part) => part.trim().split(/\s+/).find((w) => !/^\w+=/.test(w)) ?? "")
    .map((w) => w.replace(/^.*\//, "").toLowerCase())
    .filter((w) => w.length > 0);
}

/**
 * Instructions that contradict each other: one says to do something, another says not to, about
 * the same object (at least two shared content words). A heuristic; see docs/decisions.md.
 */
function conflictingInstructions(instructions: readonly string[]): string[] {
  const NEG = /\b(?:don't|do not|never|must not|mustn't|shouldn't|should not|avoid|without|no longer|stop)\b/;
  const STOP = new Set("the a an to of in on for and or but with from this that these those it its be is are was were do not don't never must should avoid without any all our my your we you i".split(" "));
  const words = (s: string): Set<string> => new Set(normalizeForMatching(s).replace(/[^\p{L}\p{N}_ ]/gu, " ").split(" ").filter((w) => w.length > 2 && !STOP.has(w)));
  const items = instructions.map((text) => ({ text, negative: NEG.test(normalizeForMatching(text)), words: words(text) }));
  const conflicts = new Set<string>();
  for (const a of items) {
    for (const b of items) {
      if (a === b || a.negative || !b.negative) continue;
      let shared = 0;
      for (const w of a.words) if (b.words.has(w)) shared++;
      if (shared >= 2) {
        conflicts.add(a.text);
        conflicts.add(b.text);
      }
    }
  }
  return [...conflicts];
}

// ------------------------------------------------------------------------------ the check

/**
 * Every enabled condition, checked deterministically. `strikes` is the server's own attempt count
 * for the task (it can only raise the agent's attempt_number).
 */
export function checkHaltConditions(input: CheckHaltConditionsInput, config: ReadonlyMap<string, HaltConditionConfig>, rules: CheckRules, strikes: number): CheckResult {
  const ctx = input.current_context;
  const findings: HaltFinding[] = [];
  const annotations: CheckResult["context_annotations"] = {};
  const on = (name: string): HaltConditionConfig | undefined => {
    const c = config.get(name);
    return c?.enabled ? c : undefined;
  };
  const found = (name: string, description: string): void => {
    const c = on(name);
    if (c) findings.push({ halt_type: c.halt_type, condition_name: name, severity: c.severity, description });
  };
  const threshold = <T>(name: string, key: string, fallback: T): T => (on(name)?.threshold[key] as T | undefined) ?? fallback;
  const commands = ctx.commands ?? [];
  const everything = [ctx.operation, ...commands, ...(ctx.target_files ?? []), ...(input.proposed_changes?.files_to_modify ?? [])].join("\n");
  const everythingNorm = normalizeForMatching(everything);

  // Code safety.
  const targets = [...new Set([...(ctx.target_files ?? []), ...(input.proposed_changes?.files_to_modify ?? [])].map(normPath))];
  const read = new Set((ctx.files_read ?? []).map(normPath));
  const unread = targets.filter((t) => !read.has(t));
  if (unread.length > 0 && threshold("modifying_unread_code", "requires_read", true)) {
    annotations.files_not_read = unread;
    found("modifying_unread_code", `Attempting to modify ${unread.join(", ")} which ${unread.length === 1 ? "has" : "have"} not been read`);
  }
  if (input.proposed_changes && !input.proposed_changes.has_rollback_plan) found("no_rollback_plan", "No rollback plan provided for changes");
  if (BREAKING.test(everythingNorm) && (input.proposed_changes ? !input.proposed_changes.has_tests : true)) {
    found("breaking_changes", "The change looks breaking (public interface, schema or major version) and no tests cover it");
  }
  if (targets.some((t) => MANIFESTS.test(t)) || commands.some((c) => INSTALL.test(normalizeForMatching(c)))) {
    found("unknown_dependencies", "The change adds or alters dependencies whose effects have not been checked");
  }

  // Scope.
  if (ctx.scope_boundary !== undefined && ctx.scope_boundary.trim().length > 0) {
    const bounds = ctx.scope_boundary.split(/[,\n]/).map((b) => normPath(b).replace(/\*+$/, "")).filter((b) => b.length > 0);
    const outside = targets.filter((t) => !bounds.some((b) => t === b || t.startsWith(b.endsWith("/") ? b : `${b}/`)));
    if (outside.length > 0) found("out_of_scope", `Targets outside the scope boundary (${ctx.scope_boundary.slice(0, 200)}): ${outside.join(", ")}`);
  }
  const vague = (ctx.user_instructions ?? []).filter((i) => AMBIGUITY.test(normalizeForMatching(i)));
  if (vague.length > 0 || normalizeForMatching(ctx.operation).split(" ").length < 2) {
    found("ambiguous_requirements", `Requirements allow several readings${vague.length > 0 ? `: "${vague[0]!.slice(0, 120)}"` : " (the operation is a single word)"}`);
  }
  const conflicts = conflictingInstructions(ctx.user_instructions ?? []);
  if (conflicts.length > 0) {
    annotations.conflicting_instructions = conflicts;
    found("conflicting_instructions", `User instructions contradict each other: ${conflicts.map((c) => `"${c.slice(0, 80)}"`).join(" vs ")}`);
  }
  const env = normalizeForMatching(ctx.environment ?? "");
  const prodEnv = PRODUCTION.test(env);
  if ((prodEnv || PRODUCTION.test(everythingNorm)) && !threshold("unauthorized_production", "production_authorized", false)) {
    found("unauthorized_production", "The operation targets production, which is not authorised for this session");
  }

  // Environment.
  const mentionsProd = PRODUCTION.test(everythingNorm);
  const mentionsNonProd = NON_PRODUCTION.test(everythingNorm);
  if (env.length === 0 && mentionsProd && mentionsNonProd) {
    found("test_production_mix", "The environment is not stated and the operation mentions both production and non-production targets");
  }
  if (env.length > 0) {
    const credentialRefs = everythingNorm.match(/\b(?:prod|production|staging|stage|dev|test|qa)[_-](?:[\w-]*(?:key|secret|token|password|credential|creds|db|database)\w*)\b|\b(?:key|secret|token|password|credential|creds)s?[_-](?:prod|production|staging|stage|dev|test|qa)\b/g) ?? [];
    const wrong = credentialRefs.filter((r) => (PRODUCTION.test(r.replace(/[_-]/g, " ")) ? !prodEnv : prodEnv));
    if (wrong.length > 0) found("credential_confusion", `Credentials for another environment are used in ${ctx.environment}: ${wrong.slice(0, 3).join(", ")}`);
  }
  const hosts = new Map<string, Set<string>>();
  for (const m of everythingNorm.matchAll(/\b(prod|production|staging|stage|test|dev|qa)\b[^\n]{0,80}?\b((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?\b/g)) {
    const kind = PRODUCTION.test(m[1]!) ? "prod" : "nonprod";
    const set = hosts.get(m[2]!) ?? new Set<string>();
    set.add(kind);
    hosts.set(m[2]!, set);
  }
  const shared = [...hosts].filter(([, kinds]) => kinds.size > 1).map(([h]) => h);
  if (shared.length > 0) found("shared_instances", `Test and production appear to use the same service: ${shared.join(", ")}`);

  // Execution.
  const maxAttempts = threshold("three_strikes", "max_attempts", 3);
  const attempts = Math.max(ctx.attempt_number ?? 0, strikes);
  if (attempts >= maxAttempts) found("three_strikes", `Task has failed ${attempts} times. Context may be contaminated.`);
  // Every pair is compared, so only the most recent errors are: a long list must not hold the
  // daemon (all agents wait on its one thread) for minutes.
  const recent = (ctx.previous_errors ?? []).slice(-MAX_COMPARED_ERRORS);
  const shapes = recent.map(errorShape);
  const similarityThreshold = threshold("repeated_errors", "similarity_threshold", 0.8);
  const similar = new Set<string>();
  const alike: boolean[][] = recent.map(() => []);
  for (let i = 0; i < recent.length; i++) {
    for (let j = i + 1; j < recent.length; j++) {
      if (shapeSimilarity(shapes[i]!, shapes[j]!, similarityThreshold) >= similarityThreshold) {
        alike[j]![i] = true;
        similar.add(recent[i]!);
        similar.add(recent[j]!);
      }
    }
  }
  if (similar.size > 0) {
    annotations.similar_previous_errors = [...similar];
    found("repeated_errors", "Similar errors across attempts suggest fundamental misunderstanding");
  }
  const distinct = recent.filter((_, j) => !alike[j]!.some(Boolean));
  if (distinct.length >= threshold("cascading_failures", "max_chain_length", 3)) {
    found("cascading_failures", `${distinct.length} different failures in a row: one failure may be causing the others`);
  }
  const unknown = recent.filter((e) => !KNOWN_ERRORS.test(normalizeForMatching(e)));
  if (unknown.length > 0) found("unknown_errors", `Errors of no known kind: "${unknown[0]!.slice(0, 120)}"`);

  // Security: the same rules the step pipeline uses, over what the operation would run or send.
  const scanText = [ctx.operation, ...commands].join("\n");
  const detections = rules.content.scan(scanText).detections;
  const secrets = detections.filter((d) => d.kind === "secret");
  if (secrets.length > 0) found("secrets_exposure", `Credentials in the operation or commands (${[...new Set(secrets.map((d) => d.ruleId))].join(", ")})`);
  const pii = detections.filter((d) => d.kind === "pii");
  if (pii.length > 0) found("data_exposure", `Personal data in the operation or commands (${[...new Set(pii.map((d) => d.ruleId))].join(", ")})`);
  const privileged = [ctx.operation, ...commands.map((c) => `executing shell command: ${c}`)].flatMap((t) => rules.actions.score(normalizeForMatching(t), t).matches.filter((m) => m.category === "privilege"));
  if (privileged.length > 0) found("privilege_escalation", `Operation needs elevated permissions (${[...new Set(privileged.map((m) => m.id))].join(", ")})`);
  const unknownCommands = [...new Set(commands.flatMap(commandNames).filter((c) => !KNOWN_COMMANDS.has(c)))];
  if (unknownCommands.length > 0) found("unknown_commands", `Commands with unclear effects: ${unknownCommands.slice(0, 5).join(", ")}`);

  // Uncertainty: 7–8 high, 9–10 critical (spec's uncertainty scale).
  const u = ctx.uncertainty_score;
  const uThreshold = threshold("uncertainty_scale", "threshold", 7);
  if (u !== undefined && u >= uThreshold) {
    const c = on("uncertainty_scale");
    if (c) {
      findings.push({
        halt_type: "uncertainty",
        condition_name: "uncertainty_scale",
        severity: u >= 9 ? "critical" : c.severity,
        description: `Uncertainty ${u}/10 is at or above ${uThreshold}: halt and ask`,
      });
    }
  }

  return { findings, context_annotations: annotations };
}

/** Whether the check says halt: any finding that needs acknowledgment (medium or above). */
export function shouldHalt(findings: readonly HaltFinding[]): boolean {
  return findings.some((f) => requiresAcknowledgment(f.severity));
}

export function highestSeverity(findings: readonly HaltFinding[]): Severity {
  return findings.reduce<Severity>((best, f) => (SEVERITY_RANK[f.severity] > SEVERITY_RANK[best] ? f.severity : best), "low");
}

export function recommendedAction(findings: readonly HaltFinding[]): string {
  if (!shouldHalt(findings)) return findings.length > 0 ? "Proceed with caution; note the low-severity findings" : "Proceed";
  if (findings.some((f) => f.condition_name === "three_strikes")) return "HALT and escalate to user. Recommend fresh session.";
  const top = highestSeverity(findings);
  if (top === "critical") return "HALT immediately and escalate to the user; a human must acknowledge on the approval device before work resumes.";
  if (top === "high") return "HALT and ask the user; a human must acknowledge on the approval device before work resumes.";
  return "HALT and ask the user for clarification before proceeding.";
}

/** Which findings are recorded as events without being asked (spec "Auto-Recording"). */
export function autoRecorded(findings: readonly HaltFinding[], recordHigh = true): HaltFinding[] {
  if (!shouldHalt(findings)) return [];
  const mediums = findings.filter((f) => f.severity === "medium");
  return findings.filter((f) => f.severity === "critical" || (recordHigh && f.severity === "high") || (f.severity === "medium" && mediums.length > 1));
}

// ------------------------------------------------------------------------------ the other inputs

export const HALT_DESCRIPTION_MAX = 4000;

export const RecordHaltInput = z.strictObject({
  session_token: z.string().min(1).max(256),
  task_id: z.string().min(1).max(256).optional(),
  halt_type: z.enum(HALT_TYPES),
  condition_name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(64).optional(),
  description: z.string().min(1).max(HALT_DESCRIPTION_MAX),
  severity: z.enum(SEVERITIES),
  context: z
    .strictObject({
      file_paths: TextList.optional(),
      commands: TextList.optional(),
      error_messages: TextList.optional(),
      uncertainty_score: z.number().min(0).max(10).optional(),
      attempt_number: z.number().int().min(0).max(1_000_000).optional(),
    })
    .optional(),
  attempt_count: z.number().int().min(0).max(1_000_000).optional(),
  previous_error: z.string().max(HALT_DESCRIPTION_MAX).optional(),
  auto_escalate: z.boolean().optional(),
});
export type RecordHaltInput = z.infer<typeof RecordHaltInput>;

export const AcknowledgeHaltInput = z.strictObject({
  session_token: z.string().min(1).max(256),
  halt_id: z.string().uuid(),
  resolution: z.enum(["resolved", "escalated", "dismissed"]),
  resolution_notes: z.string().max(HALT_DESCRIPTION_MAX).optional(),
  acknowledged_by: z.string().max(256).optional(),
  continue_with_caution: z.boolean().optional(),
  // haltkey: how long to wait for the human on a high or critical halt (0–120 s).
  wait_seconds: z.number().int().min(0).max(120).default(30),
});
export type AcknowledgeHaltInput = z.infer<typeof AcknowledgeHaltInput>;

export const GetSessionHaltsInput = z.strictObject({
  session_token: z.string().min(1).max(256),
  include_acknowledged: z.boolean().default(false),
  halt_type: z.enum(HALT_TYPES).optional(),
  severity: z.enum(SEVERITIES).optional(),
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
export type GetSessionHaltsInput = z.infer<typeof GetSessionHaltsInput>;

export const UpdateHaltConfigInput = z.strictObject({
  condition_name: z.string().regex(/^[a-z][a-z0-9_]*$/).max(64),
  enabled: z.boolean().optional(),
  severity: z.enum(SEVERITIES).optional(),
  threshold: z.record(z.string(), z.union([z.number(), z.boolean(), z.string().max(256)])).optional(),
  auto_escalate: z.boolean().optional(),
  escalate_after_minutes: z.number().int().min(1).max(7 * 24 * 60).optional(),
  // haltkey: how long to wait for the human's key touch (0–120 s).
  wait_seconds: z.number().int().min(0).max(120).default(30),
});
export type UpdateHaltConfigInput = z.infer<typeof UpdateHaltConfigInput>;

/** The halt-conditions MCP tools and what each takes. */
export const HALT_TOOLS = {
  guardrail_check_halt_conditions: {
    input: CheckHaltConditionsInput,
    description: "Check the halt conditions (code safety, scope, environment, execution, security, uncertainty) for what you are about to do. If should_halt is true, stop and follow recommended_action.",
  },
  guardrail_record_halt: { input: RecordHaltInput, description: "Record a halt event. Medium and higher severities halt the session until acknowledged." },
  guardrail_acknowledge_halt: {
    input: AcknowledgeHaltInput,
    description: "Acknowledge a halt. Low and medium halts may be acknowledged by the agent; high and critical ones need a human on the haltkey approval device (this call waits for them).",
  },
  guardrail_get_session_halts: { input: GetSessionHaltsInput, description: "List this session's halt events." },
  guardrail_update_halt_config: { input: UpdateHaltConfigInput, description: "Change a halt condition's configuration (admin). Needs a human's security-key touch." },
} as const;
export type HaltToolName = keyof typeof HALT_TOOLS;

/**
 * The digest of everything that decides: the policy file's digest and the halt conditions in force
 * (defaults overlaid with what an operator changed at run time), in canonical JSON. Logged when the
 * daemon starts and with every halt-config change, so the audit shows which rules judged a step.
 */
export function effectiveDigest(policyDigest: string, haltConfig: Iterable<HaltConditionConfig>): string {
  const conditions = [...haltConfig].sort((a, b) => (a.condition_name < b.condition_name ? -1 : a.condition_name > b.condition_name ? 1 : 0));
  return createHash("sha256").update(canonicalJson({ policy: policyDigest, haltConditions: conditions })).digest("hex");
}
