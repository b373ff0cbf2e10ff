// Algorithmic circuit breakers (../shared/spec/001_…): stateful checks over a whole execution,
// evaluated with every step. Pure: (step, state, config, now) -> (raises, factors, next state).
// Monotone: every breaker can only add a pause or a stop; none lowers what another stage decided.
import { z } from "zod";
import { compileGlob, type CompiledGlob } from "./glob.js";
import { normalizeForMatching } from "./text.js";
import { shellCommandOf } from "./action/judge.js";
import { readsOnly } from "./shell/read-only.js";
import { BudgetConfig, Count } from "./budgets.js";

export { BudgetConfig };

const Globs = z.array(z.string().min(1).max(512)).max(10_000);

/** Tool names that change state, unless a step says otherwise with access: "read". */
export const DEFAULT_WRITE_TOOLS = ["*write*", "*edit*", "*create*", "*delete*", "*remove*", "*update*", "*exec*", "*run*", "*bash*", "*shell*", "*deploy*", "*send*", "*post*", "*put*", "*move*", "*rename*", "*apply*", "*commit*", "*push*", "*publish*", "*install*", "*kill*"];
/**
 * Tools that only read, for what the step limit counts. A tool that matches neither this list nor
 * `write` is unknown and counts as a write (fail closed); a name matching both is a write.
 */
export const DEFAULT_READ_TOOLS = ["read*", "*_read*", "get*", "*_get*", "list*", "*_list*", "search*", "*_search*", "find*", "grep*", "glob*", "view*", "show*", "describe*", "lookup*", "*_info", "*_tree", "ls", "stat", "cat", "head", "tail"];
export const DEFAULT_PRODUCTION_NAMES = ["prod", "production", "prd", "live", "prod-*", "*-prod", "*-production"];
/** Tools whose job is to carry data out: messaging, mail, HTTP, uploads, paste sites. */
export const DEFAULT_EGRESS_TOOLS = ["*http*", "*fetch*", "*curl*", "*wget*", "*request*", "*webhook*", "*mail*", "*slack*", "*discord*", "*teams*", "*telegram*", "*sms*", "*upload*", "*post*", "*publish*", "*gist*", "*paste*", "*send*", "*message*", "*notify*", "*tweet*"];
/** Hosts inside the trust zone by default: loopback, private networks, internal-only names. */
export const DEFAULT_INTERNAL_HOSTS = ["localhost", "*.localhost", "127.*", "::1", "0.0.0.0", "10.*", "192.168.*", "172.1[6-9].*", "172.2[0-9].*", "172.3[01].*", "*.internal", "*.local", "*.lan", "*.home.arpa"];

export const BreakerConfig = z.strictObject({
  budgets: BudgetConfig.default({ maxWallSeconds: 4 * 3600, maxToolCalls: 1000, maxTokens: 5_000_000 }),
  tools: z
    .strictObject({
      /** "allowlist": only tools matching `allow` may run (deny by default); "open": any tool not denied. */
      mode: z.enum(["open", "allowlist"]).default("open"),
      allow: Globs.default([]),
      deny: Globs.default([]),
      /** Tools that change state; for the breakers, everything else reported with access "read" or not named here is a read. */
      write: Globs.default(DEFAULT_WRITE_TOOLS),
      /** Tools that only read: the only ones (with steps reported as access "read") the step limit does not count. */
      read: Globs.default(DEFAULT_READ_TOOLS),
    })
    .default({ mode: "open", allow: [], deny: [], write: DEFAULT_WRITE_TOOLS, read: DEFAULT_READ_TOOLS }),
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
  dataBoundary: z
    .strictObject({
      /**
       * Once an execution has read secrets or personal data, a step that sends to an outside
       * channel (an egress tool, or a host outside `internalHosts`) pauses ("confirm"), halts
       * ("stop") or goes on ("off"): the spec's trust zones.
       */
      afterSensitiveRead: z.enum(["confirm", "stop", "off"]).default("confirm"),
      egressTools: Globs.default(DEFAULT_EGRESS_TOOLS),
      internalHosts: Globs.default(DEFAULT_INTERNAL_HOSTS),
    })
    .default({ afterSensitiveRead: "confirm", egressTools: DEFAULT_EGRESS_TOOLS, internalHosts: DEFAULT_INTERNAL_HOSTS }),
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
  /**
   * Whether the step changes something (countsTowardStepLimit): only such steps count toward the
   * tool-call budget and meet the wall-time budget. Not said: it does (fail closed).
   */
  readonly changes?: boolean;
  /** Content detectors' verdicts, computed by the pipeline. */
  readonly secretInAction: boolean;
  readonly injectionInFindings: number;
  /** Secrets and strong personal data (national ids, card numbers…) in the findings: what the execution has now read. */
  readonly sensitiveInFindings: number;
  /** Hosts the step names (URLs and mail addresses in its hint, arguments and resources), lower case. */
  readonly destinations: readonly string[];
}

/** Per-execution breaker state; stored on the execution record. Bounded in size. */
export interface BreakerState {
  readonly startedAt: number;
  /** Every tool call since a human last looked, reads too (the first-write check asks whether any came before). */
  readonly toolCalls: number;
  /**
   * Tool calls that change something since a human last looked: what the tool-call budget counts.
   * Absent in state stored before it existed, read as 0.
   */
  readonly changes?: number;
  readonly tokens: number;
  readonly spend: number;
  readonly writes: number;
  readonly consecutiveFailures: number;
  readonly injectionMarkers: number;
  readonly tainted: boolean;
  /** Secrets and personal data found in what the execution read (the spec's sensitive detections count). */
  readonly sensitiveReads: number;
  readonly forbiddenAttempts: number;
  /** Normalised intent → times reported; at most MAX_TRACKED entries (oldest dropped). */
  readonly intents: Readonly<Record<string, number>>;
  /** Distinct resources touched; at most MAX_TRACKED kept, the count keeps growing. */
  readonly resources: readonly string[];
  readonly distinctResources: number;
}

export const MAX_TRACKED = 256;

/** What an execution just read, as the content detectors counted it. */
export interface Reading {
  readonly injectionMarkers: number;
  readonly sensitive: number;
}

/**
 * What reading does to an execution: injection markers are counted and taint it for good;
 * secrets and personal data are counted, so sending to an outside channel later needs a human.
 */
export function afterReading(state: BreakerState, read: Reading): BreakerState {
  if (read.injectionMarkers === 0 && read.sensitive === 0) return state;
  return {
    ...state,
    injectionMarkers: state.injectionMarkers + read.injectionMarkers,
    tainted: state.tainted || read.injectionMarkers > 0,
    sensitiveReads: state.sensitiveReads + read.sensitive,
  };
}

export function initialBreakerState(now: number): BreakerState {
  return { startedAt: now, toolCalls: 0, changes: 0, tokens: 0, spend: 0, writes: 0, consecutiveFailures: 0, injectionMarkers: 0, tainted: false, sensitiveReads: 0, forbiddenAttempts: 0, intents: {}, resources: [], distinctResources: 0 };
}

// A host after a URL scheme, or after the @ of a mail address. Bounded repeats: the text is the
// agent's and may be hostile.
const DESTINATION = /\b(?:https?|wss?|ftps?|sftp|s3|gs|scp|ssh|rsync):\/\/(?:[^\s/@?#"'<>]{0,256}@)?(\[[0-9a-f:.]{2,45}\]|[a-z0-9][a-z0-9.-]{0,252})|\b[a-z0-9._%+-]{1,64}@([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})\b/gi;
const MAX_DESTINATIONS = 64;

/** The hosts a text names, in URLs or mail addresses (lower case, brackets of IPv6 removed). */
export function destinationsIn(text: string): string[] {
  if (!text.includes("://") && !text.includes("@")) return [];
  const hosts = new Set<string>();
  for (const m of text.matchAll(DESTINATION)) {
    const host = (m[1] ?? m[2] ?? "").toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
    if (host.length > 0) hosts.add(host);
    if (hosts.size >= MAX_DESTINATIONS) break;
  }
  return [...hosts];
}

export interface CompiledBreakers {
  readonly config: BreakerConfig;
  readonly allow: readonly RegExp[];
  readonly deny: readonly RegExp[];
  readonly write: readonly RegExp[];
  readonly read: readonly RegExp[];
  readonly production: readonly RegExp[];
  readonly egress: readonly RegExp[];
  readonly internalHosts: readonly RegExp[];
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
    read: names(config.tools.read),
    production: names(config.environments.production),
    egress: names(config.dataBoundary.egressTools),
    internalHosts: names(config.dataBoundary.internalHosts),
  };
}

const nameMatches = (globs: readonly RegExp[], name: string): boolean => {
  const n = normalizeForMatching(name);
  return globs.some((g) => g.test(n));
};

/**
 * Whether a step counts toward the autonomous step limit: what risk grows with is what an agent
 * changes, so a read does not count. A shell tool's command line is a read only when the shell
 * reader reads all of it and every command only reads (shell/read-only.ts); any other step is a
 * read only when it says so (`access: "read"`) or names a tool that only reads (`tools.read`, and
 * not `tools.write`); a step that names no tool and no access, or a tool on neither list, is
 * unknown and counts (fail closed).
 */
export function countsTowardStepLimit(step: { readonly tool?: string; readonly access?: "read" | "write"; readonly arguments?: unknown }, b: CompiledBreakers): boolean {
  // A shell tool's command line is read by the shell reader, whatever access the step reports.
  const commandLine = shellCommandOf(step.tool, step.arguments);
  if (commandLine !== undefined) return !readsOnly(commandLine);
  if (step.access !== undefined) return step.access === "write";
  if (step.tool === undefined) return true;
  return nameMatches(b.write, step.tool) || !nameMatches(b.read, step.tool);
}

/**
 * A human just looked (approved a step on the device or with a code): the budgets count again
 * from here. They measure how far the agent went since a human last looked, not a day's work.
 */
export function afterHumanLooked(state: BreakerState, now: number): BreakerState {
  return { ...state, startedAt: now, toolCalls: 0, changes: 0, tokens: 0, spend: 0 };
}

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

  // Budgets, counting this step, since a human last looked (afterHumanLooked). Reaching one is a
  // pause a human answers with one look, never a hard block: a budget is a cost, not a danger.
  // What they count is what risk grows with: tool calls that change something (a read is not a
  // write), and time without a human only when the step about to run changes something. Tokens and
  // spend count whatever the step is: they are what the agent reports it used.
  const changes = step.changes !== false;
  const toolCalls = state.toolCalls + 1;
  const changingCalls = (state.changes ?? 0) + (changes ? 1 : 0);
  const tokens = state.tokens + (step.tokens ?? 0);
  const spend = state.spend + (step.spend ?? 0);
  const elapsed = (now - state.startedAt) / 1000;
  if (changes && budgets.maxWallSeconds !== undefined && elapsed > budgets.maxWallSeconds) {
    trip("confirm", "budget", `${formatDuration(elapsed)} since a human last looked, and this step changes something (budget ${formatDuration(budgets.maxWallSeconds)})`);
  }
  if (changes && budgets.maxToolCalls !== undefined && changingCalls > budgets.maxToolCalls) {
    trip("confirm", "budget", `${changingCalls} tool calls that change something since a human last looked (budget ${budgets.maxToolCalls})`);
  }
  if (budgets.maxTokens !== undefined && tokens > budgets.maxTokens) trip("confirm", "budget", `${tokens} tokens since a human last looked (budget ${budgets.maxTokens})`);
  if (budgets.maxSpend !== undefined && spend > budgets.maxSpend) trip("confirm", "budget", `spend ${spend} since a human last looked (budget ${budgets.maxSpend})`);
  if (budgets.maxConcurrency !== undefined && (step.parallelCalls ?? 1) > budgets.maxConcurrency) {
    trip("confirm", "budget", `${step.parallelCalls} parallel calls (budget ${budgets.maxConcurrency})`);
  }
  if (changes && budgets.maxToolCalls !== undefined && changingCalls > budgets.maxToolCalls * 0.8 && changingCalls <= budgets.maxToolCalls) {
    factors.push(`Budget: tool call ${changingCalls} of ${budgets.maxToolCalls} that change something`);
  }

  // Data boundary: a secret in what is about to leave halts (likely egress).
  if (step.secretInAction) trip("stop", "data_boundary", "a secret is in the intended action or its arguments: likely secret egress");

  // What the findings hold changes the execution's state before this step is judged.
  const { injectionMarkers, tainted, sensitiveReads } = afterReading(state, { injectionMarkers: step.injectionInFindings, sensitive: step.sensitiveInFindings });

  // Trust zones: after reading secrets or personal data, sending outside needs a human.
  if (step.sensitiveInFindings > 0) factors.push(`Data boundary: ${step.sensitiveInFindings} secret or personal-data value(s) in the findings (redacted); the execution has read ${sensitiveReads}`);
  // A tool reported as a read (a hook's or the proxy's check of what a call returned) is judged by
  // the hosts it names, not by its name.
  const egressTool = tool !== undefined && step.access !== "read" && nameMatches(b.egress, tool);
  const outside = step.destinations.filter((h) => !b.internalHosts.some((g) => g.test(h)));
  if (sensitiveReads > 0 && cfg.dataBoundary.afterSensitiveRead !== "off" && (egressTool || outside.length > 0)) {
    const where = egressTool ? `tool "${tool}" sends data out` : `it reaches ${outside.slice(0, 3).join(", ")}, outside the trust zone`;
    trip(cfg.dataBoundary.afterSensitiveRead, "data_boundary", `the execution has read ${sensitiveReads} secret or personal-data value(s) and ${where}: likely egress`);
  }

  // Injection: markers in what was read taint the execution; tainted writes need a human.
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
    changes: changingCalls,
    tokens,
    spend,
    writes: state.writes + (isWrite ? 1 : 0),
    consecutiveFailures,
    injectionMarkers,
    tainted,
    sensitiveReads,
    forbiddenAttempts,
    intents,
    resources,
    distinctResources,
  };
  // A refused step did not run, but what it revealed still counts.
  const refused: BreakerState = { ...state, consecutiveFailures, injectionMarkers, tainted, sensitiveReads, forbiddenAttempts, intents };
  return { trips, factors, next, refused, isWrite };
}

function formatDuration(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round((seconds / 3600) * 10) / 10} h`;
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
