// Algorithmic circuit breakers (../shared/spec/001_…): stateful checks over a whole execution,
// evaluated with every step. Pure: (step, state, config, now) -> (raises, factors, next state).
// Monotone: every breaker can only add a pause or a stop; none lowers what another stage decided.
import { z } from "zod";
import { compileGlob, type CompiledGlob } from "./glob.js";
import { normalizeForMatching } from "./text.js";

const Count = z.number().int().min(0).max(1_000_000_000);

export const BudgetConfig = z.strictObject({
  maxWallSeconds: Count.optional(),
  maxToolCalls: Count.optional(),
  maxTokens: Count.optional(),
  maxSpend: z.number().min(0).max(1e12).optional(),
  maxConcurrency: Count.optional(),
});
export type BudgetConfig = z.infer<typeof BudgetConfig>;

const Globs = z.array(z.string().min(1).max(512)).max(10_000);

/** Tool names that change state, unless a step says otherwise with access: "read". */
export const DEFAULT_WRITE_TOOLS = ["*write*", "*edit*", "*create*", "*delete*", "*remove*", "*update*", "*exec*", "*run*", "*bash*", "*shell*", "*deploy*", "*send*", "*post*", "*put*", "*move*", "*rename*", "*apply*", "*commit*", "*push*", "*publish*", "*install*", "*kill*"];
export const DEFAULT_PRODUCTION_NAMES = ["prod", "production", "prd", "live", "prod-*", "*-prod", "*-production"];

export const BreakerConfig = z.strictObject({
  budgets: BudgetConfig.default({ maxWallSeconds: 4 * 3600, maxToolCalls: 1000, maxTokens: 5_000_000 }),
  tools: z
    .strictObject({
      /** "allowlist": only tools matching `allow` may run (deny by default); "open": any tool not denied. */
      mode: z.enum(["open", "allowlist"]).default("open"),
      allow: Globs.default([]),
      deny: Globs.default([]),
      /** Tools that change state; everything else reported with access "read" or not named here is a read. */
      write: Globs.default(DEFAULT_WRITE_TOOLS),
    })
    .default({ mode: "open", allow: [], deny: [], write: DEFAULT_WRITE_TOOLS }),
  environments: z
    .strictObject({
      production: Globs.default(DEFAULT_PRODUCTION_NAMES),
      productionAuthorized: z.boolean().default(false),
    })
    .default({ production: DEFAULT_PRODUCTION_NAMES, productionAuthorized: false }),
  trajectory: z
    .strictObject({
      maxConsecutiveFailures: Count.default(3),
      maxRetriesSameIntent: Count.default(3),
      maxDistinctResources: Count.default(50),
      maxForbiddenAttempts: Count.default(2),
      requireJustificationForFirstWrite: z.boolean().default(true),
    })
    .default({ maxConsecutiveFailures: 3, maxRetriesSameIntent: 3, maxDistinctResources: 50, maxForbiddenAttempts: 2, requireJustificationForFirstWrite: true }),
});
export type BreakerConfig = z.infer<typeof BreakerConfig>;

/** What a step may report besides its hint (all optional; the breakers use what they get). */
export interface StepSignals {
  readonly tool?: string;
  readonly server?: string;
  readonly access?: "read" | "write";
  readonly environment?: string;
  readonly resources?: readonly string[];
  readonly tokens?: number;
  readonly spend?: number;
  readonly parallelCalls?: number;
  readonly justification?: string;
  readonly outcome?: "success" | "failure" | "skipped" | "partial";
  /** Content detectors' verdicts, computed by the pipeline. */
  readonly secretInAction: boolean;
  readonly injectionInFindings: number;
}

/** Per-execution breaker state; stored on the execution record. Bounded in size. */
export interface BreakerState {
  readonly startedAt: number;
  readonly toolCalls: number;
  readonly tokens: number;
  readonly spend: number;
  readonly writes: number;
  readonly consecutiveFailures: number;
  readonly injectionMarkers: number;
  readonly tainted: boolean;
  readonly forbiddenAttempts: number;
  /** Normalised intent → times reported; at most MAX_TRACKED entries (oldest dropped). */
  readonly intents: Readonly<Record<string, number>>;
  /** Distinct resources touched; at most MAX_TRACKED kept, the count keeps growing. */
  readonly resources: readonly string[];
  readonly distinctResources: number;
}

export const MAX_TRACKED = 256;

/** What reading `markers` injection markers does to an execution: counted, and tainted for good. */
export function afterReading(state: BreakerState, markers: number): BreakerState {
  return markers === 0 ? state : { ...state, injectionMarkers: state.injectionMarkers + markers, tainted: true };
}

export function initialBreakerState(now: number): BreakerState {
  return { startedAt: now, toolCalls: 0, tokens: 0, spend: 0, writes: 0, consecutiveFailures: 0, injectionMarkers: 0, tainted: false, forbiddenAttempts: 0, intents: {}, resources: [], distinctResources: 0 };
}

export interface CompiledBreakers {
  readonly config: BreakerConfig;
  readonly allow: readonly RegExp[];
  readonly deny: readonly RegExp[];
  readonly write: readonly RegExp[];
  readonly production: readonly RegExp[];
}

/**
 * Tool and environment names are names, not prose: a glob must match the whole name
 * ("read_*" matches "read_file", not "unread_file" or "read_file_then_delete" via a prefix).
 */
const anchored = (g: CompiledGlob): RegExp => new RegExp(`^(?:${g.regex.source})$`, g.regex.flags);

export function compileBreakers(config: BreakerConfig): CompiledBreakers {
  const names = (globs: readonly string[]): RegExp[] => globs.map((p) => anchored(compileGlob(p)));
  return {
    config,
    allow: names(config.tools.allow),
    deny: names(config.tools.deny),
    write: names(config.tools.write),
    production: names(config.environments.production),
  };
}

const nameMatches = (globs: readonly RegExp[], name: string): boolean => {
  const n = normalizeForMatching(name);
  return globs.some((g) => g.test(n));
};

export type BreakerVerdict = "confirm" | "stop";
export interface BreakerTrip {
  readonly verdict: BreakerVerdict;
  readonly breaker: "budget" | "capability" | "data_boundary" | "injection" | "trajectory";
  readonly reason: string;
}

export interface BreakerResult {
  readonly trips: readonly BreakerTrip[];
  readonly factors: readonly string[];
  /** The state if the step goes ahead (the service stores it only then). */
  readonly next: BreakerState;
  /** The state if the step is refused: attempts that count even when refused (forbidden tools, failures). */
  readonly refused: BreakerState;
  readonly isWrite: boolean;
}

export function evaluateBreakers(step: StepSignals, state: BreakerState, b: CompiledBreakers, budgets: BudgetConfig, now: number): BreakerResult {
  const trips: BreakerTrip[] = [];
  const factors: string[] = [];
  const trip = (verdict: BreakerVerdict, breaker: BreakerTrip["breaker"], reason: string): void => {
    trips.push({ verdict, breaker, reason });
    factors.push(`Breaker ${breaker}: ${reason}`);
  };
  const cfg = b.config;
  const tool = step.tool;
  const isWrite = step.access === "write" || (step.access === undefined && tool !== undefined && nameMatches(b.write, tool));

  // Capability: deny-by-default allowlists, denied tools, production scoping.
  let forbidden = false;
  if (tool !== undefined) {
    if (nameMatches(b.deny, tool)) forbidden = true;
    else if (cfg.tools.mode === "allowlist" && !nameMatches(b.allow, tool)) forbidden = true;
  } else if (cfg.tools.mode === "allowlist") {
    factors.push("Tool allowlist in force but the step names no tool");
    trip("confirm", "capability", "the tool allowlist is in force and the step does not say which tool it calls");
  }
  const forbiddenAttempts = state.forbiddenAttempts + (forbidden ? 1 : 0);
  if (forbidden) trip("stop", "capability", `tool "${tool}" is not allowed (${forbiddenAttempts} forbidden attempt${forbiddenAttempts > 1 ? "s" : ""})`);
  if (step.environment !== undefined && nameMatches(b.production, step.environment) && !cfg.environments.productionAuthorized) {
    trip("stop", "capability", `environment "${step.environment}" is production, which this policy does not authorise`);
  }

  // Budgets, counting this step.
  // Every reported step is one tool call.
  const toolCalls = state.toolCalls + 1;
  const tokens = state.tokens + (step.tokens ?? 0);
  const spend = state.spend + (step.spend ?? 0);
  const elapsed = (now - state.startedAt) / 1000;
  if (budgets.maxWallSeconds !== undefined && elapsed > budgets.maxWallSeconds) trip("stop", "budget", `wall time ${Math.round(elapsed)} s exceeds ${budgets.maxWallSeconds} s`);
  if (budgets.maxToolCalls !== undefined && toolCalls > budgets.maxToolCalls) trip("stop", "budget", `tool call ${toolCalls} exceeds ${budgets.maxToolCalls}`);
  if (budgets.maxTokens !== undefined && tokens > budgets.maxTokens) trip("stop", "budget", `${tokens} tokens exceed ${budgets.maxTokens}`);
  if (budgets.maxSpend !== undefined && spend > budgets.maxSpend) trip("stop", "budget", `spend ${spend} exceeds ${budgets.maxSpend}`);
  if (budgets.maxConcurrency !== undefined && (step.parallelCalls ?? 1) > budgets.maxConcurrency) {
    trip("stop", "budget", `${step.parallelCalls} parallel calls exceed ${budgets.maxConcurrency}`);
  }
  if (budgets.maxToolCalls !== undefined && toolCalls > budgets.maxToolCalls * 0.8 && toolCalls <= budgets.maxToolCalls) factors.push(`Budget: tool call ${toolCalls} of ${budgets.maxToolCalls}`);

  // Data boundary: a secret in what is about to leave halts (likely egress).
  if (step.secretInAction) trip("stop", "data_boundary", "a secret is in the intended action or its arguments: likely secret egress");

  // Injection: markers in what was read taint the execution; tainted writes need a human.
  const { injectionMarkers, tainted } = afterReading(state, step.injectionInFindings);
  if (step.injectionInFindings > 0) factors.push(`Injection: ${step.injectionInFindings} marker(s) in the findings were quarantined (not stored); the execution is tainted`);
  if (tainted && isWrite) trip("confirm", "injection", "the execution has read content with injection markers, so its write actions need a human");

  // Trajectory.
  const failed = step.outcome === "failure";
  const consecutiveFailures = failed ? state.consecutiveFailures + 1 : step.outcome === "success" ? 0 : state.consecutiveFailures;
  if (consecutiveFailures >= cfg.trajectory.maxConsecutiveFailures) trip("confirm", "trajectory", `${consecutiveFailures} failures in a row`);
  const intent = normalizeForMatching(`${tool ?? ""} ${step.server ?? ""}`).trim();
  const intents = { ...state.intents };
  if (intent.length > 0 && failed) intents[intent] = (intents[intent] ?? 0) + 1;
  const keys = Object.keys(intents);
  if (keys.length > MAX_TRACKED) for (const k of keys.slice(0, keys.length - MAX_TRACKED)) delete intents[k];
  if (intent.length > 0 && (intents[intent] ?? 0) >= cfg.trajectory.maxRetriesSameIntent) trip("confirm", "trajectory", `"${intent}" has failed ${intents[intent]} times: retrying the same intent`);
  const seen = new Set(state.resources);
  let distinctResources = state.distinctResources;
  const resources = [...state.resources];
  for (const r of step.resources ?? []) {
    const key = r.trim().toLowerCase();
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    distinctResources++;
    if (resources.length < MAX_TRACKED) resources.push(key);
  }
  if (distinctResources > cfg.trajectory.maxDistinctResources) trip("confirm", "trajectory", `${distinctResources} distinct resources touched (more than ${cfg.trajectory.maxDistinctResources}): scope expansion`);
  if (forbiddenAttempts >= cfg.trajectory.maxForbiddenAttempts) trip("stop", "trajectory", `${forbiddenAttempts} attempts to call forbidden tools`);
  if (isWrite && state.writes === 0 && state.toolCalls > 0 && cfg.trajectory.requireJustificationForFirstWrite && !(step.justification && step.justification.trim().length > 0)) {
    trip("confirm", "trajectory", "first write after reads, with no justification");
  }

  const next: BreakerState = {
    startedAt: state.startedAt,
    toolCalls,
    tokens,
    spend,
    writes: state.writes + (isWrite ? 1 : 0),
    consecutiveFailures,
    injectionMarkers,
    tainted,
    forbiddenAttempts,
    intents,
    resources,
    distinctResources,
  };
  // A refused step did not run, but what it revealed still counts.
  const refused: BreakerState = { ...state, consecutiveFailures, injectionMarkers, tainted, forbiddenAttempts, intents };
  return { trips, factors, next, refused, isWrite };
}

/** Budgets an execution runs under: the policy's, lowered (never raised) by execute_agent. */
export function effectiveBudgets(policy: BudgetConfig, requested: BudgetConfig | undefined): BudgetConfig {
  if (!requested) return policy;
  const lower = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
  return {
    ...(lower(policy.maxWallSeconds, requested.maxWallSeconds) !== undefined ? { maxWallSeconds: lower(policy.maxWallSeconds, requested.maxWallSeconds)! } : {}),
    ...(lower(policy.maxToolCalls, requested.maxToolCalls) !== undefined ? { maxToolCalls: lower(policy.maxToolCalls, requested.maxToolCalls)! } : {}),
    ...(lower(policy.maxTokens, requested.maxTokens) !== undefined ? { maxTokens: lower(policy.maxTokens, requested.maxTokens)! } : {}),
    ...(lower(policy.maxSpend, requested.maxSpend) !== undefined ? { maxSpend: lower(policy.maxSpend, requested.maxSpend)! } : {}),
    ...(lower(policy.maxConcurrency, requested.maxConcurrency) !== undefined ? { maxConcurrency: lower(policy.maxConcurrency, requested.maxConcurrency)! } : {}),
  };
}
