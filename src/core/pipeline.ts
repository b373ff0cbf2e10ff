// The evaluation pipeline of spec §8.7.2 as one pure function: no clock, no randomness, no I/O.
// Stage 0 (the guard) looks at what the daemon already knows about the agent; stages 1–5 look at
// the step. All stages run so every factor is reported and the strictest verdict wins; an
// autoApprove match waives the confirm tier and tolerance check, never verify or danger zone.
import type { AgentPolicy } from "./policy.js";
import { afterHumanLooked, afterReading, destinationsIn, evaluateBreakers, type BreakerResult, type BreakerState, type BudgetConfig, type CompiledBreakers, type StepSignals } from "./breakers.js";
import { redact, type Detection, type DetectionKind, type DetectorPack, type ScanResult } from "./detector.js";
import { KeywordIndex } from "./keyword-index.js";
import { UNREADABLE_SHELL, type PackScore, type RuleMatch, type RulePack } from "./rule-pack.js";
import { readShellCached, type ShellReading } from "./shell/read.js";
import { shellSources, type ShellSource } from "./shell/source.js";
import { judgeStep } from "./action/step.js";
import { isShellTool, wrappedCommandLines } from "./action/judge.js";
import { editsOf, fileWriteCommands, withoutWrittenText, writesFile, writtenFile } from "./action/file-write.js";
import { TEST_FILE } from "./action/source-file.js";
import { CONTENT_KEY } from "./action/ci-config.js";
import { HARD_STOP_AT, PAUSE_AT } from "./action/model.js";
import type { RuleVerdict } from "./action/judge.js";
import { splitToolName, type ToolAnnotations } from "./action/tool-call.js";
import { flatCopy, isAscii, normalizeHint, visibleText } from "./text.js";
import type { SafetyTier } from "./wire.js";

/** What the agent's step asks for, ordered from least to most severe. */
export type Verdict = "continue" | "confirm" | "verify" | "stop";
const SEVERITY: Record<Verdict, number> = { continue: 0, confirm: 1, verify: 2, stop: 3 };
export const VERDICT_TIER: Record<Verdict, SafetyTier> = {
  continue: "advisory",
  confirm: "confirm",
  verify: "verify",
  stop: "danger_zone",
};

export type PauseCause =
  | "blocked"
  | "halted"
  | "pending_approval"
  | "deny_pattern"
  | "danger_zone_tier"
  | "verify_tier"
  | "requires_approval"
  | "risk_tolerance"
  | "step_limit"
  | "previous_failure"
  | "hidden_characters"
  | "injection_in_findings"
  | "unreadable_action"
  | "breaker";

/** What the daemon knows about the agent before this step (stage 0). */
export type Guard =
  | { readonly kind: "clear" }
  /** The agent (or its session) is hard-blocked. */
  | { readonly kind: "blocked"; readonly verificationId: string; readonly reason: string }
  /** The session has halts (medium or higher) that are not acknowledged yet. */
  | { readonly kind: "halted"; readonly haltIds: readonly string[]; readonly severity: string }
  /** A human already approved exactly this action; the approval is used up by this step. */
  | { readonly kind: "granted"; readonly requestId: string; readonly channel: string }
  /** A confirmation or challenge is still waiting for the human. */
  | {
      readonly kind: "pending";
      readonly request: "confirmation" | "challenge";
      readonly requestId: string;
      readonly reason: string;
    };

/** Everything the pipeline scores with: action rules on the hint, content detectors on text. */
export interface RuleSet {
  readonly actions: RulePack;
  readonly content: DetectorPack;
}

export interface StepFacts {
  readonly hint: string;
  /** What the agent read in the step just completed (tool output, file contents): untrusted. */
  readonly findings?: string;
  /** The tool's arguments, judged like the hint: an agent's description may not match what it runs. */
  readonly arguments?: Readonly<Record<string, unknown>>;
  /** The tool the step calls (Bash, mcp__postgres__query…), judged by the action model. */
  readonly tool?: string;
  /** The tool's MCP annotations as its server declares them: they may only raise the risk. */
  readonly annotations?: ToolAnnotations;
  /** Circuit breakers: the step's signals and the execution's state and limits. */
  readonly breakers?: {
    /** What the agent reports; the pipeline adds what the detectors found and the hosts named. */
    readonly signals: Omit<StepSignals, "secretInAction" | "injectionInFindings" | "sensitiveInFindings" | "destinations" | "outcome">;
    readonly state: BreakerState;
    readonly compiled: CompiledBreakers;
    readonly budgets: BudgetConfig;
    readonly now: number;
  };
  readonly outcome?: "success" | "failure" | "skipped" | "partial";
  /** Agent-supplied; can only raise the score. */
  readonly llmRiskScore?: number;
  /** 1-based count of steps since the execution started or a human last approved one. */
  readonly autonomousStep: number;
  readonly maxAutonomousSteps: number;
}

export interface Evaluation {
  readonly verdict: Verdict;
  readonly tier: SafetyTier;
  /** 0–100, max of the rule pack and the agent's own riskScore. */
  readonly score: number;
  readonly factors: readonly string[];
  readonly reason?: string;
  readonly cause?: PauseCause;
  readonly rules: readonly RuleMatch[];
  /** Secrets, PII and injection markers found in the hint or the findings. */
  readonly detections: ReadonlyArray<Detection & { readonly source: "hint" | "findings" | "arguments" }>;
  /** The hint with every secret and PII span replaced: the only form that may be stored or logged. */
  readonly redactedHint: string;
  /** Breaker state after this step (when breakers ran); `refused` applies if the step does not go ahead. */
  readonly breakers?: Pick<BreakerResult, "next" | "refused" | "trips">;
  readonly stepsRemaining: number;
  /** True when stage 0 decided (nothing new to create: the block or pending request exists). */
  readonly fromGuard: boolean;
}

/**
 * The policy's globs, the rule pack and the content detectors share one keyword scan of the hint:
 * values below `globCount` are globs, then `ruleCount` the rule pack's (its keywords and alsoOneOf
 * literals), the rest detectors. Built once per
 * (policy, rule set) and cached.
 *
 * The detectors read the hint as sent (NFKC), the globs and rules its normalised form (also
 * lower-cased, whitespace folded and trimmed, format characters removed). For ASCII they find the
 * same detector keywords in both: ASCII is its own NFKC form and has no format characters, the
 * index counts a whitespace run as one space, and trimming only matters to a keyword that starts or
 * ends with whitespace, which no ASCII detector keyword does (checked here; if one did, or another
 * hint is not ASCII, the detectors scan the hint themselves).
 */
class StepMatcher {
  private readonly index: KeywordIndex;
  private readonly globCount: number;
  private readonly ruleCount: number;
  private readonly sharesDetectorScan: boolean;

  constructor(
    private readonly patterns: AgentPolicy["patterns"],
    private readonly pack: RulePack,
    content: DetectorPack,
  ) {
    const globs = patterns.keywordEntries();
    this.globCount = patterns.size;
    this.ruleCount = pack.valueCount;
    const rules = pack.keywordEntries().map(([k, i]): [string, number] => [k, i + this.globCount]);
    const detectors = content.keywordEntries();
    // A keyword with a non-ASCII character never occurs in ASCII text, whatever its spaces.
    this.sharesDetectorScan = detectors.every(([k]) => !isAscii(k) || !/^\s|\s$/.test(k));
    const offset = this.globCount + this.ruleCount;
    this.index = new KeywordIndex([...globs, ...rules, ...(this.sharesDetectorScan ? detectors.map(([k, i]): [string, number] => [k, i + offset]) : [])]);
  }

  /**
   * `original` is the text before lower-casing: rules with a case-sensitive check need it.
   * `content` is the detectors whose keywords occur, when `original` is ASCII and they share this scan.
   */
  run(normalized: string, original: string, sources: readonly ShellSource[], ascii: boolean, read: (source: string) => ShellReading): { patterns: ReturnType<AgentPolicy["patterns"]["matches"]>; pack: PackScore; content?: number[] } {
    const found = this.index.find(normalized);
    const globs: number[] = [];
    const rules: number[] = [];
    const content: number[] = [];
    const offset = this.globCount + this.ruleCount;
    for (const v of found) {
      if (v < this.globCount) globs.push(v);
      else if (v < offset) rules.push(v - this.globCount);
      else content.push(v - offset);
    }
    return {
      patterns: this.patterns.matchesAmong(normalized, globs),
      pack: this.pack.scoreAmong(normalized, rules, original, sources, read),
      ...(ascii && this.sharesDetectorScan ? { content } : {}),
    };
  }
}

/**
 * The shell reader for one step: each command line it carries is read once (readShellCached keeps
 * only the last line read across steps), for the rule pack and the action model alike.
 */
function readOncePerStep(): (source: string) => ShellReading {
  // A step carries a few command lines (at most 8 are read): a list compared with === finds one
  // without hashing a long line's every character, as a map would.
  const sources: string[] = [];
  const readings: ShellReading[] = [];
  return (source) => {
    const at = sources.indexOf(source);
    if (at >= 0) return readings[at]!;
    const reading = readShellCached(source);
    sources.push(source);
    readings.push(reading);
    return reading;
  };
}

const matchers = new WeakMap<AgentPolicy["patterns"], WeakMap<RulePack, WeakMap<DetectorPack, StepMatcher>>>();
function matcherFor(policy: AgentPolicy, rules: RuleSet): StepMatcher {
  let byPack = matchers.get(policy.patterns);
  if (!byPack) matchers.set(policy.patterns, (byPack = new WeakMap()));
  let byContent = byPack.get(rules.actions);
  if (!byContent) byPack.set(rules.actions, (byContent = new WeakMap()));
  let m = byContent.get(rules.content);
  if (!m) byContent.set(rules.content, (m = new StepMatcher(policy.patterns, rules.actions, rules.content)));
  return m;
}

export function scoreToTier(score: number): SafetyTier {
  if (score >= 86) return "danger_zone";
  if (score >= 61) return "verify";
  if (score >= 31) return "confirm";
  return "advisory";
}

/** Score given to a hint that hid characters from the matchers: an evasion attempt needs a human. */
export const HIDDEN_CHARACTERS_SCORE = 55;

/**
 * Personal data this strong (national ids, bank and card numbers, passports) counts as sensitive
 * when read; e-mail addresses, phone numbers and IP addresses, in every log, do not.
 */
export const SENSITIVE_PII_SCORE = 80;

/** Personal data weaker than SENSITIVE_PII_SCORE: e-mail addresses, phone numbers, IP addresses. */
const isWeakPersonalData = (d: Detection): boolean => d.kind === "pii" && d.score < SENSITIVE_PII_SCORE;
/** This many weak personal-data values in one action is a list of people leaving: it is scored. */
export const BULK_PERSONAL_DATA = 5;

/** Argument keys that address a message or an invitation: who it goes to. */
const ADDRESSING_KEY = /^(?:to|cc|bcc|recipients?|attendees?|invitees?|guests?|participants?|reply_?to)$/i;
/** The addresses a call's arguments send or invite to (lower case, at most 64): its addressing. */
function addressedTo(args: unknown): ReadonlySet<string> {
  const out = new Set<string>();
  const visit = (key: string, v: unknown, depth: number): void => {
    if (out.size >= 64 || depth > 4) return;
    if (typeof v === "string") {
      if (ADDRESSING_KEY.test(key) && v.length <= 320) for (const a of v.split(/[,;\s]+/)) if (a.includes("@")) out.add(a.toLowerCase());
    } else if (Array.isArray(v)) for (const x of v.slice(0, 64)) visit(key, x, depth + 1);
    else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v as Record<string, unknown>).slice(0, 64)) visit(ADDRESSING_KEY.test(key) ? key : k, x, depth + 1);
  };
  visit("", args, 0);
  return out;
}

/** What, once read, makes sending outside the trust zone need a human: any secret, strong PII. */
const isSensitiveRead = (d: Detection): boolean => d.kind === "secret" || (d.kind === "pii" && d.score >= SENSITIVE_PII_SCORE);

/** An injection marker this strong in what the agent just read pauses its next action. */
export const INJECTION_PAUSE_SCORE = 60;

/** The agent runtimes' own file editors, whose old text is what the file already holds (not MCP tools, whose servers may do anything with it). */
const LOCAL_EDITOR = /^(?:Edit|MultiEdit|str_replace_based_edit_tool|str_replace_editor|edit_file|replace_in_file|search_replace)$/;

export function evaluateStep(facts: StepFacts, guard: Guard, policy: AgentPolicy, rules: RuleSet): Evaluation {
  const stepsRemaining = Math.max(0, facts.maxAutonomousSteps - facts.autonomousStep);
  // A step answered by a guard (paused, blocked, halted, approved) is not judged, but what it read
  // still counts for its execution: injection seen during a pause must not be forgotten after it,
  // nor a secret read then.
  const readWhileGuarded = (): { breakers: NonNullable<Evaluation["breakers"]>; factor: string } | undefined => {
    if (!facts.breakers || facts.findings === undefined || facts.findings.length === 0) return undefined;
    const found = rules.content.scan(facts.findings).detections;
    const markers = found.filter((d) => d.kind === "injection").length;
    const sensitive = found.filter(isSensitiveRead).length;
    if (markers === 0 && sensitive === 0) return undefined;
    const state = afterReading(facts.breakers.state, { injectionMarkers: markers, sensitive });
    const what = [markers > 0 ? `${markers} injection marker(s): the execution is tainted` : "", sensitive > 0 ? `${sensitive} secret or personal-data value(s): counted as read` : ""].filter(Boolean);
    return { breakers: { next: state, refused: state, trips: [] }, factor: `In the findings: ${what.join("; ")}` };
  };
  const fromGuard = (verdict: Verdict, cause: PauseCause | undefined, reason: string | undefined, factor: string): Evaluation => {
    const hintScan = rules.content.scan(facts.hint);
    const redactedHint = hintScan.detections.length > 0 ? redact(hintScan) : facts.hint;
    const read = readWhileGuarded();
    return {
      verdict,
      tier: VERDICT_TIER[verdict],
      score: 0,
      factors: read ? [factor, read.factor] : [factor],
      ...(reason !== undefined ? { reason } : {}),
      ...(cause !== undefined ? { cause } : {}),
      rules: [],
      detections: [],
      redactedHint,
      stepsRemaining,
      fromGuard: true,
      ...(read ? { breakers: read.breakers } : {}),
    };
  };

  switch (guard.kind) {
    case "blocked":
      return fromGuard(
        "stop",
        "blocked",
        `Agent is hard-blocked: ${guard.reason}. A human must enter the code shown on the approval display (verify_challenge ${guard.verificationId}) or touch the security key.`,
        `Hard block in force (verificationId ${guard.verificationId})`,
      );
    case "halted":
      return fromGuard(
        "confirm",
        "halted",
        `Session halted: ${guard.haltIds.length} unacknowledged halt${guard.haltIds.length > 1 ? "s" : ""} (highest ${guard.severity}: ${guard.haltIds.slice(0, 3).join(", ")}). Acknowledge with guardrail_acknowledge_halt; high and critical halts need a human on the approval device.`,
        `Unacknowledged halts: ${guard.haltIds.length}`,
      );
    case "granted": {
      // The human approved this action: it goes ahead. The breakers still account for it (its
      // write, its tool call, what it read), or the next write would pause again for the same
      // reason (issue 12); their trips are what the human just waived, so they raise nothing.
      const approved = fromGuard("continue", undefined, undefined, `Approved by a human on ${guard.channel} (request ${guard.requestId}); approval used`);
      if (!facts.breakers) return approved;
      const judged = evaluateStep(facts, { kind: "clear" }, policy, rules).breakers;
      if (!judged) return approved;
      // A human looked: the budgets count again from this step.
      const next = afterHumanLooked(judged.next, facts.breakers.now);
      return { ...approved, breakers: { next, refused: next, trips: [] } };
    }
    case "pending": {
      const verdict: Verdict = guard.request === "challenge" ? "verify" : "confirm";
      const how =
        guard.request === "challenge"
          ? `waiting for verify_challenge ${guard.requestId} with the code from the approval display`
          : `waiting for a human to approve confirmation ${guard.requestId} on the approval channel`;
      return fromGuard(verdict, "pending_approval", `Paused: ${guard.reason}; ${how}`, `Pending human approval (${guard.requestId})`);
    }
    case "clear":
      break;
  }

  const factors: string[] = [];
  let verdict: Verdict = "continue";
  let cause: PauseCause | undefined;
  let reason: string | undefined;
  const raise = (v: Verdict, c: PauseCause, r: string): void => {
    if (SEVERITY[v] > SEVERITY[verdict]) {
      verdict = v;
      cause = c;
      reason = r;
    }
  };

  // Stage 1: step limit. "Exceeds" is literal: with a limit of 10, step 11 pauses.
  if (facts.autonomousStep > facts.maxAutonomousSteps) {
    const r = `Step limit exceeded: step ${facts.autonomousStep} of at most ${facts.maxAutonomousSteps} autonomous steps that change something since a human last looked`;
    factors.push(r);
    raise("confirm", "step_limit", r);
  } else {
    factors.push(`Step ${facts.autonomousStep} of ${facts.maxAutonomousSteps} autonomous steps`);
  }

  // Stage 2: previous outcome.
  if (facts.outcome === "failure") {
    const r = "Previous step failed; a human should review before the agent goes on";
    factors.push(r);
    raise("confirm", "previous_failure", r);
  } else if (facts.outcome === "partial") {
    factors.push("Previous step partly succeeded");
  }

  // The hint is read a character at a time many times over (the keyword scan, the detectors' runs,
  // the prose reader): a hint built by concatenation (as the adapters build one) is made one flat
  // string first, as the shell reader does with a command line (flatCopy).
  const hint = flatCopy(facts.hint);
  // Stage 3: policy patterns on the normalised hint. deny > requiresApproval > autoApprove.
  const { text: normalized, hadInvisible } = normalizeHint(hint);
  // The shell command lines in the hint, found once for the rule pack and the action model; each
  // command line of the step (the hint's, the arguments') is read once for both.
  const hintSources = shellSources(hint);
  const read = readOncePerStep();
  const tool = facts.tool ?? facts.breakers?.signals.tool;
  // The arguments as the action model reads them (invisible characters out), once a step.
  const visibleArgs = facts.arguments !== undefined ? visibleText(facts.arguments) : undefined;
  // A file the tool writes is judged as the shell write of the same text (file-write.ts): its text
  // is data unless the file runs later, which the shell reader decides as for a here-document.
  const fileTool = visibleArgs !== undefined && !(tool !== undefined && isShellTool(tool)) && writesFile(visibleArgs);
  // Its text quoted in the hint (`calling Write with arguments: {…}`) is the file's words, not the
  // step's: the rules and the policy's globs read the hint without it; the detectors read all of it.
  // (So are a call's words for people, quoted there: a fetch's prompt, a post's text. The action rules do not read them in the arguments either.)
  // (Not a shell tool's, a terminal typing tool's among them: what tmux send_keys types is a command line.)
  const ruleHint = withoutProseText(fileTool ? withoutWrittenText(hint, facts.arguments) : hint, tool !== undefined && isShellTool(tool) ? undefined : facts.arguments, tool !== undefined && splitToolName(tool).verbClass === "read");
  const matched = ruleHint === hint
    ? matcherFor(policy, rules).run(normalized, hint, hintSources, isAscii(hint), read)
    : matcherFor(policy, rules).run(normalizeHint(ruleHint).text, ruleHint, shellSources(ruleHint), isAscii(ruleHint), read);
  // The detectors on the hint: secrets and personal data count toward the score (below); the hint
  // is stored only with them redacted. Injection markers on the hint are not read (see below).
  const hintScan = rules.content.scanAmong(hint, { ...(matched.content ? { candidates: matched.content } : {}), dataOnly: true });
  const redactedHint = hintScan.detections.length > 0 ? redact(hintScan) : hint;
  const { deny, requiresApproval: approval, autoApprove: auto } = matched.patterns;
  for (const p of deny) factors.push(`Deny pattern matched: "${p}"`);
  for (const p of approval) factors.push(`Requires-approval pattern matched: "${p}"`);
  if (deny.length > 0) raise("stop", "deny_pattern", `Action matches deny pattern "${deny[0]}"`);
  if (approval.length > 0) raise("confirm", "requires_approval", `Action requires approval (pattern "${approval[0]}")`);
  // autoApprove ends evaluation as the spec says, but a glob matches part of a free-text hint
  // ("read_config, then mkfs /dev/sda" matches "read_*"), so it may only waive what the operator
  // may waive: the confirm tier and the tolerance check. A verify or danger-zone score from the
  // server's own rules still needs the human (MUST §8.8); see docs/decisions.md.
  const autoApproved = deny.length === 0 && approval.length === 0 && verdict === "continue" && auto.length > 0;
  if (autoApproved) factors.push(`Auto-approved by pattern "${auto[0]}": the confirm tier and tolerance check are waived`);

  // Stage 4: safety tier from the server-side score; the agent's riskScore can only raise it.
  const packScore = matched.pack;
  let score = packScore.score;
  for (const m of packScore.matches) factors.push(`Rule ${m.id} (${m.score}): ${m.reason}`);
  // Data boundary. Secrets and personal data in the hint are about to leave: they count toward
  // the score. Injection markers are a property of untrusted content, not of the agent's own
  // description of a tool call ("calling GmailSendEmail to send the report to bob@…" is a normal
  // hint), so on the hint they are ignored. In the findings (what the agent just read) secrets and
  // personal data are reported and redacted before storage, and a strong injection marker pauses
  // the next action: it may have been planned by whoever wrote that content.
  const detections: Array<Detection & { source: "hint" | "findings" | "arguments" }> = [];
  // (The text each detection was found in, kept apart from the detection: what a verdict reports never holds a value.)
  const scannedIn = new Map<Detection, string>();
  // Weak personal data (an e-mail address, a phone number, an IP address: score below
  // SENSITIVE_PII_SCORE) is in every licence header, commit author and mail tool's recipient: it is
  // reported, and counts toward the score only in bulk (BULK_PERSONAL_DATA values or more).
  // A value an edit takes out (its old text: a real address replaced by a fixture's) is not about to
  // leave: it is redacted from what is stored, as every detection is, but not counted or reported.
  // (Only the agent's own file editor: an MCP tool shaped like an edit may send its "old text" anywhere.)
  const edits = fileTool && tool !== undefined && LOCAL_EDITOR.test(tool) ? editsOf(visibleArgs) : [];
  const takenOut = (text: string, d: Detection): boolean => {
    if (edits.length === 0) return false;
    const value = text.slice(d.start, d.end);
    return value.length > 0 && edits.some((e) => e.oldText.includes(value)) && !edits.some((e) => e.newText.includes(value));
  };
  const scored = (d: Detection): boolean => !isWeakPersonalData(d);
  // Secret values found anywhere in the step: no reason may quote them (scrubSecrets, below).
  const secrets: string[] = secretValues(hintScan);
  for (const d of hintScan.detections) {
    if (d.kind === "injection") continue;
    if (takenOut(hintScan.text, d)) continue;
    const hinted = { ...d, source: "hint" as const };
    if (isWeakPersonalData(d)) scannedIn.set(hinted, hintScan.text);
    detections.push(hinted);
    if (scored(d) && d.score > score) score = d.score;
  }
  // The tool's arguments are what will actually run: action rules and detectors judge them too.
  // A CLI-wrapping tool's arguments are read with the CLI's name in front (gcloud storage rm …), and
  // a CI file's script lines as the lines they are, so the rules see the command line that runs.
  const wrapped = visibleArgs !== undefined ? wrappedCommandLines(tool, visibleArgs) : [];
  const written = fileTool ? fileWriteCommands(visibleArgs) : [];
  const argsText = facts.arguments ? (wrapped.length > 0 ? [flattenStrings(facts.arguments), ...wrapped].join("\n") : flattenStrings(facts.arguments)) : "";
  // What the action rules read of the arguments: all of it for a shell tool, the rest without the
  // words for people, and without a written file's text (read through `written` instead).
  const commandText = facts.arguments && !(tool !== undefined && isShellTool(tool)) ? [flattenStrings(facts.arguments, fileTool ? PROSE_OR_FILE_TEXT_KEYS : tool !== undefined && SEARCH_TOOL.test(tool) ? PROSE_OR_SEARCH_KEYS : PROSE_KEYS), ...wrapped].join("\n") : argsText;
  const argMatchesAll: RuleMatch[] = [];
  if (argsText.length > 0) {
    // The rules only: the policy's globs judge the hint, the action as the agent describes it.
    const all = normalizeHint(argsText);
    const args = commandText === argsText ? all : normalizeHint(commandText);
    if (all.hadInvisible) {
      const r = "Tool arguments contain invisible formatting characters, which were removed before matching";
      factors.push(`${r} (${HIDDEN_CHARACTERS_SCORE})`);
      score = Math.max(score, HIDDEN_CHARACTERS_SCORE);
      raise("confirm", "hidden_characters", r);
    }
    // (A shell tool's command is one command line; other tools' values are read one at a time by the command-shaped rules.)
    const argMatches = [...(tool !== undefined && isShellTool(tool) ? rules.actions.score(args.text, commandText, read) : rules.actions.scoreValues(args.text, commandText, read)).matches];
    // Each line a CI file or a CLI-wrapping tool runs is read as the command it is, too (in the
    // arguments' text the lines run together, and one line's redirect or pipe reads as another's),
    // and so is each file write, as the shell write it equals.
    // A written file's lines are read apart by the command-shaped rules, as a tool's values are:
    // run together, `… || true` and the next line's `rm -f "$f"` read as a client named `true` removing something.
    for (const line of wrapped.length > 1 ? wrapped : []) {
      for (const m of rules.actions.score(normalizeHint(line).text, line, read).matches) if (!argMatches.some((x) => x.id === m.id)) argMatches.push(m);
    }
    for (const text of written) {
      for (const m of rules.actions.scoreValues(normalizeHint(text).text, text, read).matches) if (!argMatches.some((x) => x.id === m.id)) argMatches.push(m);
    }
    argMatchesAll.push(...argMatches);
    for (const m of argMatches) {
      if (!packScore.matches.some((x) => x.id === m.id)) factors.push(`Rule ${m.id} (${m.score}) in the tool arguments: ${m.reason}`);
      if (m.score > score) score = m.score;
    }
    const argsScan = rules.content.scan(argsText);
    secrets.push(...secretValues(argsScan));
    // A payment processor's published test card written into a test file (a Playwright checkout
    // spec with Stripe's 4242 4242 4242 4242) is the test's own data, no one's card.
    const testFile = fileTool ? writtenFile(visibleArgs)?.path : undefined;
    for (const d of argsScan.detections) {
      if (d.kind === "injection") continue;
      if (takenOut(argsScan.text, d)) continue;
      if (testFile !== undefined && d.ruleId === "pii.credit-card-number" && TEST_FILE.test(testFile.replace(/\\/g, "/")) && isTestCard(argsScan.text.slice(d.start, d.end))) continue;
      const argued = { ...d, source: "arguments" as const };
      if (isWeakPersonalData(d)) scannedIn.set(argued, argsScan.text);
      detections.push(argued);
      if (scored(d) && d.score > score) score = d.score;
    }
  }
  if (facts.findings !== undefined && facts.findings.length > 0) {
    const findingsScan = rules.content.scan(facts.findings);
    secrets.push(...secretValues(findingsScan));
    for (const d of findingsScan.detections) detections.push({ ...d, source: "findings" });
  }
  const weak = detections.filter((d) => d.source !== "findings" && isWeakPersonalData(d));
  // (The people a message or an invitation is addressed to, its to, cc and attendees, are its addressing, not data it carries: not counted.
  // Looked for only when there are enough to count, which most steps never have.)
  const addressing = weak.length >= BULK_PERSONAL_DATA ? addressedTo(visibleArgs) : undefined;
  const valueOf = (d: Detection): string => scannedIn.get(d)?.slice(d.start, d.end).toLowerCase() ?? "";
  if (addressing !== undefined && weak.filter((d) => !addressing.has(valueOf(d))).length >= BULK_PERSONAL_DATA) score = Math.max(score, ...weak.map((d) => d.score));
  for (const line of describeDetections(detections)) factors.push(line);
  const injected = detections.filter((d) => d.source === "findings" && d.kind === "injection" && d.score >= INJECTION_PAUSE_SCORE);
  if (injected.length > 0) {
    raise("confirm", "injection_in_findings", `The previous step's findings contain injection markers (${injected[0]!.ruleId}); a human should confirm the next action`);
  }
  // Stage 4b: the action model (src/core/action/): what the step does, read from the commands it
  // runs, the tool, its arguments and annotations. It can only raise: a hard-stop tier stops, a
  // pause tier needs out-of-band verification (no tolerance or auto-approve pattern waives it), and
  // a command line known to be shell that cannot be read needs at least a confirmation.
  const reportedRules: RuleMatch[] = [...packScore.matches];
  for (const m of argMatchesAll) if (!reportedRules.some((x) => x.id === m.id)) reportedRules.push(m);
  // The action model reads what the text says, not how it is disguised: an invisible character
  // inside a command name must not hide the command (it would only ever lower the verdict).
  // (A written file's text quoted in the hint is the file's words, read through the write itself:
  // a `kv/<env>/<service>` in a runbook's backticks is no command of the step.)
  const visibleHint = visibleText(ruleHint);
  const action = judgeStep(
    { hint: visibleHint, ...(visibleHint === hint ? { hintSources } : {}), ...(tool !== undefined ? { tool } : {}), ...(visibleArgs !== undefined ? { arguments: visibleArgs, toolLines: [...wrapped, ...written] } : {}), ...(facts.annotations !== undefined ? { annotations: facts.annotations } : {}) },
    read,
  );
  // Highest score first (judgeAction sorts them): one factor and one match per rule id.
  for (const r of action.judgement.rules) {
    if (r.tier === "allow") continue;
    const m = actionRuleMatch(r);
    if (reportedRules.some((x) => x.id === m.id)) continue;
    factors.push(`Rule ${m.id} (${r.score}${r.technique ? `, ${r.technique}` : ""}): ${r.reason}`);
    reportedRules.push(m);
    if (m.score > score) score = m.score;
    if (r.tier === "hard-stop") raise("stop", "danger_zone_tier", `${m.id}: ${r.reason}`);
    else if (isUnreadableRule(r.id)) raise("confirm", "unreadable_action", `Could not read what this runs (${m.id}): ${r.reason}`);
    else raise("verify", "verify_tier", `${m.id}: ${r.reason}`);
  }
  const unreadable = reportedRules.find((m) => m.id === UNREADABLE_SHELL.id);
  if (action.unreadableShell !== undefined && !unreadable) {
    const m: RuleMatch = { ...UNREADABLE_SHELL, reason: `${UNREADABLE_SHELL.reason}: ${action.unreadableShell}` };
    factors.push(`Rule ${m.id} (${m.score}) in the tool arguments: ${m.reason}`);
    reportedRules.push(m);
    if (m.score > score) score = m.score;
  }
  const unread = reportedRules.find((m) => m.id === UNREADABLE_SHELL.id);
  if (unread) raise("confirm", "unreadable_action", `${unread.reason}; a human should look before it runs`);

  let breakerResult: BreakerResult | undefined;
  if (facts.breakers) {
    const b = facts.breakers;
    breakerResult = evaluateBreakers(
      {
        ...b.signals,
        ...(facts.outcome !== undefined ? { outcome: facts.outcome } : {}),
        secretInAction: detections.some((d) => d.kind === "secret" && d.source !== "findings"),
        injectionInFindings: detections.filter((d) => d.source === "findings" && d.kind === "injection").length,
        sensitiveInFindings: detections.filter((d) => d.source === "findings" && isSensitiveRead(d)).length,
        destinations: [...new Set([hint, argsText, ...(b.signals.resources ?? [])].flatMap(destinationsIn))],
      },
      b.state,
      b.compiled,
      b.budgets,
      b.now,
    );
    for (const f of breakerResult.factors) factors.push(f);
    for (const t of breakerResult.trips) raise(t.verdict, "breaker", `Circuit breaker (${t.breaker}): ${t.reason}`);
  }
  if (hadInvisible) {
    // An evasion signal, not a risk level: no tolerance or auto-approve pattern waives it.
    const r = "Hint contains invisible formatting characters, which were removed before matching";
    factors.push(`${r} (${HIDDEN_CHARACTERS_SCORE})`);
    score = Math.max(score, HIDDEN_CHARACTERS_SCORE);
    raise("confirm", "hidden_characters", r);
  }
  if (facts.llmRiskScore !== undefined && facts.llmRiskScore > score) {
    factors.push(`Agent-reported riskScore ${facts.llmRiskScore} raised the score from ${score}`);
    score = facts.llmRiskScore;
  }
  const scoreTier = scoreToTier(score);
  factors.push(`Risk score ${score}: ${scoreTier} tier`);
  if (scoreTier === "danger_zone") raise("stop", "danger_zone_tier", `Risk score ${score} is in the danger zone`);
  else if (scoreTier === "verify") raise("verify", "verify_tier", `Risk score ${score} needs out-of-band verification`);
  // Stage 5: risk tolerance decides the advisory/confirm boundary; it never relaxes verify or stop.
  else if (autoApproved) {
    if (score > 0) factors.push(`Risk score ${score} below the verify tier: waived by the auto-approve pattern`);
  } else if (score > policy.threshold) {
    const r = `Risk score ${score} exceeds the ${policy.riskTolerance} tolerance threshold ${policy.threshold}`;
    factors.push(r);
    raise("confirm", "risk_tolerance", r);
  } else if (score > 0) {
    factors.push(`Risk score ${score} is within the ${policy.riskTolerance} tolerance threshold ${policy.threshold}`);
  }

  // Reasons quote what the step says (a hint's sentence, a command line, a file name): a secret found
  // there is taken out before they reach the agent, another agent's notification or the store.
  const scrub = (text: string): string => (secrets.length > 0 ? scrubSecrets(text, secrets) : text);
  return {
    verdict,
    tier: VERDICT_TIER[verdict],
    score,
    factors: secrets.length > 0 ? factors.map(scrub) : factors,
    ...(reason !== undefined ? { reason: scrub(reason) } : {}),
    ...(cause !== undefined ? { cause } : {}),
    rules: secrets.length > 0 ? reportedRules.map((m) => ({ ...m, reason: scrub(m.reason) })) : reportedRules,
    detections,
    redactedHint,
    ...(breakerResult ? { breakers: { next: breakerResult.next, refused: breakerResult.refused, trips: breakerResult.trips } } : {}),
    stepsRemaining,
    fromGuard: false,
  };
}

/** The secret values a scan found, as written in the text it scanned. */
function secretValues(scan: ScanResult): string[] {
  const out: string[] = [];
  for (const d of scan.detections) if (d.kind === "secret" && d.end - d.start >= 6) out.push(scan.text.slice(d.start, d.end));
  return out;
}

/**
 * `text` with every secret value replaced, as written (any case) and as the action model's object
 * words fold it (lower case, split at punctuation: "ghp_R8x…" read as "ghp r8x…"): each run of
 * letters and digits in a value that looks like key material is taken out too.
 */
export function scrubSecrets(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of values) {
    // A run counts when it looks like key material (letters and digits, or 16 long), not a word such as "password".
    for (const piece of [v, ...v.split(/[^A-Za-z0-9]+/).filter((w) => (w.length >= 8 && /\d/.test(w) && /[A-Za-z]/.test(w)) || w.length >= 16)]) {
      const escaped = piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      out = out.replace(new RegExp(escaped, "gi"), "[REDACTED]");
    }
  }
  return out;
}

/** What the action model could not read (SQL no grammar reads, input over a cap, a failed reader): caution, a confirmation. */
const isUnreadableRule = (id: string): boolean => id.endsWith(".unreadable") || id === "action.reader-failed";

/**
 * An action-model verdict as a rule match on the pipeline's scale: its hard-stop tier (80..100)
 * lands in the danger zone (86..100), its pause tier (40..79) in verify (61..85).
 */
function actionRuleMatch(r: RuleVerdict): RuleMatch {
  const score =
    r.score >= HARD_STOP_AT
      ? 86 + Math.round(((Math.min(100, r.score) - HARD_STOP_AT) * 14) / (100 - HARD_STOP_AT))
      : isUnreadableRule(r.id)
        ? UNREADABLE_SHELL.score
        : 61 + Math.round(((r.score - PAUSE_AT) * 24) / (HARD_STOP_AT - 1 - PAUSE_AT));
  const id = r.id.startsWith("action.") ? r.id : `action.${r.id}`;
  return { id, category: "action", reason: r.reason, score };
}

/**
 * Every string value in a JSON value, one per line, bounded in depth and count; values under a key
 * `skip` matches (and everything below it) are left out.
 */
function flattenStrings(value: unknown, skip?: RegExp): string {
  const out: string[] = [];
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0 && out.length < 10_000) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") out.push(v);
    else if (typeof v === "number" || typeof v === "boolean") out.push(String(v));
    else if (v !== null && typeof v === "object" && depth < 32) {
      for (const [k, item] of Object.entries(v)) if (skip === undefined || Array.isArray(v) || !skip.test(k)) stack.push([item, depth + 1]);
    }
  }
  return out.reverse().join("\n");
}

/**
 * The hint without the values of an argument's top-level prose keys (PROSE_KEYS) that it quotes, each
 * sixteen characters or more. Not `text`, which is as often what a tool types as what it says; a
 * `prompt` or `question` only for a tool that reads (a fetch's question for its summariser): given
 * to a sub-agent, a prompt is what it will do.
 */
function withoutProseText(hint: string, args: unknown, reads: boolean): string {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return hint;
  let out = hint;
  for (const [k, v] of Object.entries(args)) {
    if (typeof v !== "string" || v.length < 16 || !PROSE_KEYS.test(k) || /^text$/i.test(k) || (!reads && /^(?:prompt|question)$/i.test(k))) continue;
    for (const form of [JSON.stringify(v).slice(1, -1), v]) if (out.includes(form)) out = out.split(form).join("…");
  }
  return out;
}

/**
 * Argument keys whose values are words for people (a commit message, a pull request's body, a post's
 * text), not a command line: the action rules do not read them as one ("Remove debug logging" is
 * not `remove`), the detectors still do (a secret in a commit message is still a secret).
 */
const PROSE_KEYS = /^(message|commit_?message|title|body|description|summary|subject|comments?|notes?|caption|changelog|reason|text|html_?content|plain_?content|markdown|review|edit_?mode|cell_?type|cell_?id|prompt|question)$/i;
/**
 * Card numbers payment processors publish for tests (Stripe, Adyen, Braintree, PayPal and the card
 * networks' own): they charge nothing and belong to no one.
 */
const TEST_CARDS: ReadonlySet<string> = new Set([
  "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "5200828282828210", "5105105105105100",
  "378282246310005", "371449635398431", "6011111111111117", "6011000990139424", "3056930009020004", "36227206271667",
  "3566002020360505", "6200000000000005", "4111111111111111", "4012888888881881", "4000000000000002", "4000000000009995",
  "4000000000000077", "4000002500003155", "4000002760003184", "4000000000003220", "4000000000000341", "4000000000000069",
  "4000000000000127", "4000000000000119", "4000000000009987", "5454545454545454", "4917610000000000", "4988438843884305",
  "4166676667666746", "5101180000000007", "2222400070000005", "370000000000002", "6011601160116611", "4005519200000004",
  "4009348888881881", "4012000033330026", "4012000077777777", "4217651111111119", "4500600000000061", "5425233430109903",
]);
const isTestCard = (value: string): boolean => TEST_CARDS.has(value.replace(/[\s-]/g, ""));

/** A search tool (its own name after the server's: search, search_pages, find_issues, lookup): its query is words to look for, not a command line ("fixgw reset seqnum procedure"). */
const SEARCH_TOOL = /(?:^|__)(?:search|find|lookup)(?:_(?!(?:and|run|exec|execute|delete|remove|replace|modify|update|write|apply|fix)\b)[a-z]+)*$/i;
const PROSE_OR_SEARCH_KEYS = new RegExp(`${PROSE_KEYS.source}|^(?:query|q|search|terms?|keywords?)$`, "i");
/** PROSE_KEYS and the keys holding a written file's text (a file tool's content, new_string, edits). */
const PROSE_OR_FILE_TEXT_KEYS = new RegExp(`${PROSE_KEYS.source}|${CONTENT_KEY.source}|^edits$`, "i");

const KIND_NAMES: Record<DetectionKind, string> = { secret: "secret", pii: "personal data", injection: "injection marker" };

/** One factor per (source, rule): which rule found what where, never the value itself. */
function describeDetections(detections: ReadonlyArray<Detection & { source: "hint" | "findings" | "arguments" }>): string[] {
  const counts = new Map<string, { d: Detection & { source: string }; n: number }>();
  for (const d of detections) {
    const key = `${d.source}\u0000${d.ruleId}`;
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { d, n: 1 });
  }
  return [...counts.values()].map(
    ({ d, n }) =>
      `${KIND_NAMES[d.kind]} in the ${d.source === "hint" ? "intended action" : d.source === "arguments" ? "tool arguments" : "previous step's findings"}: ${d.ruleId} (${d.score})${n > 1 ? ` ×${n}` : ""}: ${d.reason}`,
  );
}
