// One reported step read for the action model: which shell command lines it carries and how
// strictly each must be read, then judgeAction over the commands they run, the tool, its arguments
// and its MCP annotations. Pure: the shell reader is passed in (the pipeline passes the rule pack's
// cached one, so a command line in both the hint and the arguments is parsed once).
import { judgeAction, isShellTool, shellToolLine, toolCommandLines, type Judgement } from "./judge.js";
import type { ToolAnnotations } from "./tool-call.js";
import { readHintCalls, type HintCalls } from "./hint-call.js";
import { HARD_STOP_AT, PAUSE_AT, tierOfScore } from "./model.js";
import { followsInstructions, withoutSecrets } from "./prose.js";
import type { ShellCommand } from "./shell-command.js";
import { shellSources, withoutMentionedCode, type ShellSource } from "../shell/source.js";

export interface ShellReadingLike {
  readonly commands: readonly ShellCommand[];
  readonly complete: boolean;
  readonly problems: readonly string[];
}

export interface StepInput {
  readonly hint: string;
  readonly tool?: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
  readonly annotations?: ToolAnnotations;
  /** shellSources(hint), when the caller already has it: the same strings, so the reader's cache finds them without hashing them again. */
  readonly hintSources?: readonly ShellSource[];
  /** toolCommandLines(tool, arguments), when the caller has them already (the pipeline reads them once a step for the rules too). */
  readonly toolLines?: readonly string[];
}

export interface StepJudgement {
  readonly judgement: Judgement;
  /** The first problem of a command line known to be shell that could not be read. */
  readonly unreadableShell?: string;
}

/** At most this many command lines per step are read (the hint's and the arguments'). */
const MAX_SOURCES = 8;

/**
 * The command lines a step carries. Strict ones are known to be shell: the command argument of a
 * shell tool (Bash, run_shell_command…), the command argument of a step that names no tool (an
 * agent reporting `record_execution_step` with `arguments.command` beside a prose hint), and a hint
 * in the adapters' command form. A hint that merely starts like a command is read for extra
 * matches only; a `command` argument of another tool (a database's) is not read as shell.
 */
export function commandLinesOf(step: StepInput): Array<{ source: string; strict: boolean }> {
  const out: Array<{ source: string; strict: boolean }> = [];
  const add = (source: string, strict: boolean): void => {
    if (source.trim() === "" || out.length >= MAX_SOURCES) return;
    const same = out.find((s) => s.source === source);
    if (same) {
      if (strict && !same.strict) out[out.indexOf(same)] = { source, strict };
      return;
    }
    out.push({ source, strict });
  };
  if (step.tool === undefined || isShellTool(step.tool)) {
    const line = shellToolLine(step.tool, step.arguments);
    if (line !== undefined) add(line, true);
  }
  // A CLI-wrapping tool's command line and a written CI file's script lines: read for what they run.
  if (step.tool !== undefined && !isShellTool(step.tool)) for (const line of step.toolLines ?? toolCommandLines(step.tool, step.arguments)) add(line, false);
  for (const s of step.hintSources ?? shellSources(step.hint)) add(s.source, s.strict);
  return out;
}

/**
 * Whether the hint is the agent's own words rather than a rendering of the call: not a command line
 * in the adapters' form, not the adapters' "calling <tool> on <server>" (every rendering names the
 * tool), not JSON.
 */
function isProse(step: StepInput, lines: ReadonlyArray<{ strict: boolean }>, hintSources: readonly ShellSource[]): boolean {
  if (hintSources.some((s) => s.strict) || lines.length > 0 && step.tool === undefined && lines.some((l) => l.strict)) return false;
  const hint = step.hint.trimStart();
  if (hint.startsWith("{") || hint.startsWith("[") || hint.startsWith("calling a tool with arguments:")) return false;
  return step.tool === undefined || !step.hint.includes(step.tool);
}

export function judgeStep(step: StepInput, read: (source: string) => ShellReadingLike): StepJudgement {
  const commands: ShellCommand[] = [];
  let unreadableShell: string | undefined;
  const hintSources = step.hintSources ?? shellSources(step.hint);
  const lines = commandLinesOf({ ...step, hintSources });
  for (const { source, strict } of lines) {
    let reading: ShellReadingLike;
    try {
      reading = read(source);
    } catch (e) {
      // The reader failing is caution, never a pass.
      reading = { commands: [], complete: false, problems: [`the shell reader failed (${e instanceof Error ? e.message.slice(0, 120) : "unknown error"})`] };
    }
    commands.push(...reading.commands);
    if (strict && !reading.complete && unreadableShell === undefined) unreadableShell = reading.problems[0] ?? "unknown";
  }
  // A step that names no tool may write its call out in the hint (ReAct's "Action: … Action Input:
  // …", function-call JSON): each such call is judged too, and the step is its worst. The prose
  // read is the hint without the calls' inputs and their observations (the agent's thoughts before,
  // between and after them). A written call not read in full is caution.
  const written = step.tool === undefined ? hintCallsOrCaution(step.hint) : { calls: [], prose: step.hint };
  // Code the agent's sentences name without running it (a test or doc about `rm -rf /`) is not read as its plan.
  const prose = withoutMentionedCode(written.prose, false);
  // With calls written out, the prose is the agent's words around them: a call's own "command"
  // argument does not make those words a command line.
  const proseRead = (written.calls.length > 0 ? isProse(step, [], []) : isProse(step, lines, hintSources)) && prose.trim() !== "";
  const main = judgeAction({
    ...(step.tool !== undefined ? { tool: step.tool } : {}),
    ...(step.arguments !== undefined ? { arguments: step.arguments } : {}),
    ...(step.annotations !== undefined ? { annotations: step.annotations } : {}),
    commands,
    readShell: (text) => read(text).commands,
    ...(proseRead ? { prose } : {}),
  });
  const calls = written.calls.map((c) => judgeAction({ tool: c.tool, arguments: c.arguments, readShell: (text) => read(text).commands }));
  if (written.unread !== undefined) calls.push({ actions: [], score: PAUSE_AT, tier: tierOfScore(PAUSE_AT), rules: [{ id: "action.unreadable", reason: `could not be read, so not judged safe: ${written.unread}`, score: PAUSE_AT, tier: tierOfScore(PAUSE_AT) }], unreadable: [written.unread] });
  let judgement = calls.length === 0 ? main : worstOf([main, ...calls]);
  // An action a person should look at, taken because something the agent read told it to: the
  // prompt-injection pattern. It is a hard stop.
  const followed = judgement.tier === "pause" && proseRead ? followsInstructions(prose) : undefined;
  if (followed !== undefined) {
    const rule = { id: "action.prose.follows-instructions", reason: `the agent says it acts on instructions, or with something, found in what it read ("${withoutSecrets(followed.trim()).slice(0, 60)}"): what it was told to do is not what the user asked`, score: HARD_STOP_AT, tier: tierOfScore(HARD_STOP_AT) };
    judgement = { ...judgement, score: HARD_STOP_AT, tier: rule.tier, rules: [rule, ...judgement.rules] };
  }
  return unreadableShell !== undefined ? { judgement, unreadableShell } : { judgement };
}

/** readHintCalls failing closed: a reader that throws leaves the hint unread, which is caution. */
function hintCallsOrCaution(hint: string): HintCalls {
  try {
    return readHintCalls(hint);
  } catch (e) {
    return { calls: [], prose: hint, unread: `the reader of calls written in the hint failed (${e instanceof Error ? e.message.slice(0, 120) : "unknown error"})` };
  }
}

/** Several judgements of one step as one: every action and rule, the highest score. */
function worstOf(all: readonly Judgement[]): Judgement {
  const score = Math.max(...all.map((j) => j.score));
  return {
    actions: all.flatMap((j) => j.actions),
    score,
    tier: tierOfScore(score),
    rules: all.flatMap((j) => j.rules).sort((a, b) => b.score - a.score),
    unreadable: all.flatMap((j) => j.unreadable),
  };
}
