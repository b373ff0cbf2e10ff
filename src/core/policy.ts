// The policy file: spec §8.7.4's names at the top level, haltkey's settings beside them, and
// per-agent overrides. Parsed strictly (an unknown key is a typo that would silently weaken
// policy) and compiled once; the compiled form is what the pipeline reads.
import { createHash } from "node:crypto";
import { z } from "zod";
import { createRequire } from "node:module";
import { canonicalJson } from "./canonical-json.js";
import { GLOB_MAX_LENGTH, GlobSet, GlobSyntaxError, compileGlob } from "./glob.js";
import { BreakerConfig, compileBreakers, type CompiledBreakers } from "./breakers.js";
import { ElementName, Mode, RiskTolerance } from "./wire.js";

const PatternList = z.array(z.string().min(1).max(GLOB_MAX_LENGTH)).max(10_000);
const Steps = z.number().int().min(0).max(100_000);

const AgentOverride = z.strictObject({
  maxAutonomousSteps: Steps.optional(),
  riskTolerance: RiskTolerance.optional(),
  // Appended to the top-level lists: an override adds patterns, it cannot remove a deny.
  deny: PatternList.optional(),
  requiresApproval: PatternList.optional(),
  autoApprove: PatternList.optional(),
});

export const PolicyFile = z.strictObject({
  $schema: z.string().optional(),
  mode: Mode.default("enforcing"),
  maxAutonomousSteps: Steps.default(100),
  riskTolerance: RiskTolerance.default("moderate"),
  deny: PatternList.default([]),
  requiresApproval: PatternList.default([]),
  autoApprove: PatternList.default([]),
  challengeTtlSeconds: z.number().int().min(30).max(3600).default(300),
  confirmationTtlSeconds: z.number().int().min(30).max(3600).default(300),
  verifyRateLimit: z
    .strictObject({
      maxFailures: z.number().int().min(1).max(1000).default(10),
      windowSeconds: z.number().int().min(1).max(86_400).default(60),
      maxLockoutSeconds: z.number().int().min(1).max(7 * 86_400).default(3600),
    })
    .default({ maxFailures: 10, windowSeconds: 60, maxLockoutSeconds: 3600 }),
  agents: z.record(ElementName, AgentOverride).default({}),
  breakers: BreakerConfig.default(BreakerConfig.parse({})),
});
export type PolicyFile = z.infer<typeof PolicyFile>;

/** Stage 5 thresholds (spec §8.7.2): a score above the threshold needs a human. */
export const TOLERANCE_THRESHOLDS = { conservative: 25, moderate: 50, aggressive: 75 } as const;

export type PatternListName = "deny" | "requiresApproval" | "autoApprove";

export interface AgentPolicy {
  readonly maxAutonomousSteps: number;
  readonly riskTolerance: RiskTolerance;
  readonly threshold: number;
  /** deny, requiresApproval and autoApprove, matched in one pass. */
  readonly patterns: GlobSet<PatternListName>;
}

export interface CompiledPolicy {
  readonly file: PolicyFile;
  /** sha256 of the canonical policy, recorded in the audit log when a policy is loaded. */
  readonly digest: string;
  readonly defaults: AgentPolicy;
  readonly agents: ReadonlyMap<string, AgentPolicy>;
  readonly breakers: CompiledBreakers;
}

export class PolicyError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source}: invalid policy\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out || "(top level)";
}

/** Parses policy text (JSON or YAML, chosen by the file name) and validates it. */
/** The YAML parser, loaded only for a YAML policy (about 30 ms at start that a JSON policy does not need). */
const yamlParse = (): ((text: string) => unknown) => (createRequire(import.meta.url)("yaml") as typeof import("yaml")).parse;

export function parsePolicy(text: string, source: string): PolicyFile {
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(source) ? yamlParse()(text) : JSON.parse(text);
  } catch (e) {
    throw new PolicyError(source, [`not valid ${/\.ya?ml$/i.test(source) ? "YAML" : "JSON"}: ${(e as Error).message}`]);
  }
  const parsed = PolicyFile.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new PolicyError(
      source,
      parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`),
    );
  }
  // Globs are compiled here too so a bad pattern is reported with its path, not at first use.
  const problems: string[] = [];
  const checkList = (list: readonly string[] | undefined, path: string): void =>
    list?.forEach((p, i) => {
      try {
        compileGlob(p);
      } catch (e) {
        if (e instanceof GlobSyntaxError) problems.push(`${path}[${i}]: ${e.message}`);
        else throw e;
      }
    });
  for (const key of ["deny", "requiresApproval", "autoApprove"] as const) {
    checkList(parsed.data[key], key);
    for (const [agent, o] of Object.entries(parsed.data.agents)) checkList(o[key], `agents.${agent}.${key}`);
  }
  const b = parsed.data.breakers;
  checkList(b.tools.allow, "breakers.tools.allow");
  checkList(b.tools.deny, "breakers.tools.deny");
  checkList(b.tools.write, "breakers.tools.write");
  checkList(b.environments.production, "breakers.environments.production");
  checkList(b.dataBoundary.egressTools, "breakers.dataBoundary.egressTools");
  checkList(b.dataBoundary.internalHosts, "breakers.dataBoundary.internalHosts");
  if (problems.length > 0) throw new PolicyError(source, problems);
  return parsed.data;
}

export function defaultPolicy(): PolicyFile {
  return PolicyFile.parse({});
}

export function compilePolicy(file: PolicyFile): CompiledPolicy {
  const build = (o: z.infer<typeof AgentOverride> = {}): AgentPolicy => {
    const riskTolerance = o.riskTolerance ?? file.riskTolerance;
    return {
      maxAutonomousSteps: o.maxAutonomousSteps ?? file.maxAutonomousSteps,
      riskTolerance,
      threshold: TOLERANCE_THRESHOLDS[riskTolerance],
      patterns: new GlobSet<PatternListName>({
        deny: [...file.deny, ...(o.deny ?? [])],
        requiresApproval: [...file.requiresApproval, ...(o.requiresApproval ?? [])],
        autoApprove: [...file.autoApprove, ...(o.autoApprove ?? [])],
      }),
    };
  };
  const agents = new Map<string, AgentPolicy>();
  for (const [name, o] of Object.entries(file.agents)) agents.set(name, build(o));
  return {
    file,
    digest: createHash("sha256").update(canonicalJson(file)).digest("hex"),
    defaults: build(),
    agents,
    breakers: compileBreakers(file.breakers),
  };
}

export function policyFor(policy: CompiledPolicy, agent: string): AgentPolicy {
  return policy.agents.get(agent) ?? policy.defaults;
}
