// Recorded agent sessions to replay: the shared corpus of benign coding sessions
// (../shared/corpora/sessions/coding-sessions.jsonl) and our labelled dangerous sessions
// (fixtures/sessions/dangerous-sessions.jsonl). One JSON line per session; validated, capped.
import { readFileSync } from "node:fs";
import { z } from "zod";

const Step = z.strictObject({
  tool: z.literal("Bash"),
  input: z.strictObject({ command: z.string().min(1).max(64 * 1024), description: z.string().max(1024).optional() }),
  /** Per step in the dangerous fixtures; a benign session's steps are all benign. */
  label: z.enum(["benign", "dangerous"]).optional(),
  /** Why a step is labelled dangerous (or, for a benign look-alike, why it is not). */
  why: z.string().max(1024).optional(),
  /** What the tool printed, when the fixture says; otherwise the replay sends a placeholder. */
  output: z.string().max(64 * 1024).optional(),
});

const Session = z.looseObject({
  session: z.string().min(1).max(256),
  label: z.enum(["benign", "dangerous"]),
  /** The directory the agent worked in (the hook payload's cwd). */
  cwd: z.string().min(1).max(4096).optional(),
  steps: z.array(Step).min(1).max(10_000),
});

export interface ReplayStep {
  readonly command: string;
  readonly description?: string;
  readonly label: "benign" | "dangerous";
  readonly why?: string;
  readonly output?: string;
}

export interface ReplaySession {
  readonly session: string;
  readonly label: "benign" | "dangerous";
  readonly cwd: string;
  readonly steps: readonly ReplayStep[];
}

/** Where mini-swe-agent ran the recorded sessions. */
const DEFAULT_CWD = "/testbed";

export function loadSessions(path: string): ReplaySession[] {
  const out: ReplaySession[] = [];
  const lines = readFileSync(path, "utf8").split("\n");
  lines.forEach((line, i) => {
    if (line.trim().length === 0) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new Error(`${path}:${i + 1}: not JSON`);
    }
    const r = Session.safeParse(raw);
    if (!r.success) throw new Error(`${path}:${i + 1}: ${r.error.issues[0]!.path.join(".")}: ${r.error.issues[0]!.message}`);
    const s = r.data;
    if (s.label === "dangerous" && !s.steps.some((x) => x.label === "dangerous")) throw new Error(`${path}:${i + 1}: a dangerous session needs a step labelled dangerous`);
    if (s.label === "benign" && s.steps.some((x) => x.label === "dangerous")) throw new Error(`${path}:${i + 1}: a benign session has a step labelled dangerous`);
    out.push({
      session: s.session,
      label: s.label,
      cwd: s.cwd ?? DEFAULT_CWD,
      steps: s.steps.map((x) => ({
        command: x.input.command,
        label: x.label ?? "benign",
        ...(x.input.description !== undefined ? { description: x.input.description } : {}),
        ...(x.why !== undefined ? { why: x.why } : {}),
        ...(x.output !== undefined ? { output: x.output } : {}),
      })),
    });
  });
  const names = new Set<string>();
  for (const s of out) {
    if (names.has(s.session)) throw new Error(`${path}: session ${s.session} appears twice`);
    names.add(s.session);
  }
  return out;
}

/**
 * A subset, always in file order: named sessions, or every k-th session so that `n` are taken
 * spread over the file (deterministic, no randomness).
 */
export function selectSessions(all: readonly ReplaySession[], opts: { names?: readonly string[]; sample?: number }): ReplaySession[] {
  let chosen = [...all];
  if (opts.names && opts.names.length > 0) {
    const want = new Set(opts.names);
    const missing = opts.names.filter((n) => !all.some((s) => s.session === n));
    if (missing.length > 0) throw new Error(`no such session: ${missing.join(", ")}`);
    chosen = chosen.filter((s) => want.has(s.session));
  }
  if (opts.sample !== undefined && opts.sample < chosen.length) {
    const n = opts.sample;
    const stride = chosen.length / n;
    chosen = Array.from({ length: n }, (_, i) => chosen[Math.floor(i * stride)]!);
  }
  return chosen;
}
