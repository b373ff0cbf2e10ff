// The action model: every step is read into what it does (capability), to what (target), whether
// it can be undone (reversibility) and how far it reaches (scope). The score and the tier follow
// from those four facts alone, by the table below, so two spellings of one action get one verdict.
//
// Score = CAPABILITY + TARGET (each that applies) + REVERSIBILITY + SCOPE, capped at 100.
//
// | capability       | base | | target fact      | add | | reversibility | add | | scope   | add |
// |------------------|------| |------------------|-----| |---------------|-----| |---------|-----|
// | read             |   0  | | credentials path |  40 | | reversible    |   0 | | one     |   0 |
// | communicate      |  20  | | system path      |  25 | | recoverable   |   5 | | tree    |  10 |
// | write            |  15  | | production       |  25 | | irreversible  |  15 | | account |  20 |
// | execute          |  20  | | public           |  15 |                         | system  |  25 |
// | delete           |  20  | | external host    |  15 |
// | grant-access     |  55  | | home path        |   5 |
// | escalate         |  60  | | personal data    |  40 |
// |                  |      | | temp/build/project 0 |
// |                  |      | | unconfirmed      |  25 |
// | persist          |  40  |
// | impair-defences  |  45  |
// | spend            |  60  |
// | exfiltrate       |  50  |
//
// Tier: score < 40 allow, 40..79 pause, >= 80 hard stop. One floor on top of the sum: an
// IRREVERSIBLE action is a hard stop whatever it adds up to when it
//   - acts on production, on a credentials path, or spends money (the issue's rule), or
//   - deletes a whole account's or system's worth (a home directory, a table, a repository), or
//   - reaches beyond one file on a system path or a disk device (rm -rf /usr/lib, dd to /dev/sda).
// and a second: turning a protection off for a whole system or organisation is a hard stop.

export const CAPABILITIES = [
  "read",
  "write",
  "delete",
  "execute",
  "escalate",
  "persist",
  "exfiltrate",
  "impair-defences",
  "spend",
  "grant-access",
  "communicate",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What kind of place a path is. `other` is an absolute path outside every class below. */
export const PATH_CLASSES = ["system", "credentials", "home", "project", "temp", "build-output", "device", "other"] as const;
export type PathClass = (typeof PATH_CLASSES)[number];

export const REVERSIBILITIES = ["reversible", "recoverable", "irreversible"] as const;
export type Reversibility = (typeof REVERSIBILITIES)[number];

/** How far the action reaches: one object, a tree of them, a whole account, a whole system. */
export const SCOPES = ["one", "tree", "account", "system"] as const;
export type Scope = (typeof SCOPES)[number];

export interface Target {
  /** The class of the path acted on, when the action has one. */
  readonly pathClass?: PathClass;
  /** The path, host, table, repository or account acted on, as written (for the reason). */
  readonly name?: string;
  /** A host other than this one (a URL, an scp destination, an e-mail recipient outside). */
  readonly external?: boolean;
  readonly production?: boolean;
  readonly public?: boolean;
  /** Data about a person: keystrokes, screen, clipboard, microphone, camera, documents, mail. */
  readonly personal?: boolean;
  /** Done without the confirmation the agent says it would need ("without asking the user", "I haven't checked with them"). */
  readonly unconfirmed?: boolean;
}

export interface Action {
  readonly capability: Capability;
  readonly target: Target;
  readonly reversibility: Reversibility;
  readonly scope: Scope;
}

export type ActionTier = "allow" | "pause" | "hard-stop";

export const CAPABILITY_SCORE: Readonly<Record<Capability, number>> = {
  read: 0,
  communicate: 20,
  write: 15,
  execute: 20,
  delete: 20,
  "grant-access": 55,
  escalate: 60,
  persist: 40,
  "impair-defences": 45,
  spend: 60,
  exfiltrate: 50,
};
export const PATH_CLASS_SCORE: Readonly<Record<PathClass, number>> = {
  credentials: 40,
  system: 25,
  device: 25,
  home: 5,
  other: 0,
  project: 0,
  temp: 0,
  "build-output": 0,
};
export const REVERSIBILITY_SCORE: Readonly<Record<Reversibility, number>> = { reversible: 0, recoverable: 5, irreversible: 15 };
export const SCOPE_SCORE: Readonly<Record<Scope, number>> = { one: 0, tree: 10, account: 20, system: 25 };
export const PRODUCTION_SCORE = 25;
export const PUBLIC_SCORE = 15;
export const EXTERNAL_SCORE = 15;
export const PERSONAL_SCORE = 40;
export const UNCONFIRMED_SCORE = 25;

export const PAUSE_AT = 40;
export const HARD_STOP_AT = 80;

/** The score (0..100) and tier of one action, from the table above. Pure. */
export function tierFor(action: Action): { readonly score: number; readonly tier: ActionTier } {
  const t = action.target;
  let score =
    CAPABILITY_SCORE[action.capability] +
    (t.pathClass ? PATH_CLASS_SCORE[t.pathClass] : 0) +
    (t.production ? PRODUCTION_SCORE : 0) +
    (t.public ? PUBLIC_SCORE : 0) +
    (t.external ? EXTERNAL_SCORE : 0) +
    (t.personal ? PERSONAL_SCORE : 0) +
    (t.unconfirmed ? UNCONFIRMED_SCORE : 0) +
    REVERSIBILITY_SCORE[action.reversibility] +
    SCOPE_SCORE[action.scope];
  const floorHard =
    action.reversibility === "irreversible" &&
    (t.production === true ||
      t.pathClass === "credentials" ||
      action.capability === "spend" ||
      (action.capability === "delete" && (action.scope === "account" || action.scope === "system")) ||
      ((t.pathClass === "system" || t.pathClass === "device") && action.scope !== "one"));
  // A protection turned off for a whole system or organisation (MFA for every user, branch
  // protection on every repository): everything it guarded is exposed at once.
  const everyoneExposed = action.capability === "impair-defences" && action.scope === "system";
  if (floorHard || everyoneExposed) score = Math.max(score, HARD_STOP_AT);
  score = Math.min(100, score);
  return { score, tier: tierOfScore(score) };
}

export function tierOfScore(score: number): ActionTier {
  return score >= HARD_STOP_AT ? "hard-stop" : score >= PAUSE_AT ? "pause" : "allow";
}

/** The tier order, for taking the highest of several. */
export const TIER_RANK: Readonly<Record<ActionTier, number>> = { allow: 0, pause: 1, "hard-stop": 2 };

/** One sentence a person can judge at a glance: "deletes a tree on a system path (/etc), irreversibly". */
export function describeAction(a: Action): string {
  const where = [
    a.target.pathClass ? `${a.target.pathClass} path` : undefined,
    a.target.production ? "production" : undefined,
    a.target.public ? "public" : undefined,
    a.target.external ? "another host" : undefined,
    a.target.personal ? "personal data" : undefined,
  ].filter((x): x is string => x !== undefined);
  const name = a.target.name ? ` ${a.target.name}` : "";
  return `${a.capability} on${name}${where.length ? ` (${where.join(", ")})` : ""}, ${a.reversibility}, scope ${a.scope}`;
}
