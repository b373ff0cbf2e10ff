// chmod's and install's modes read for what they give: whether every user of the machine may read
// or write, and whether the setuid or setgid bit is set. Octal modes (755, 0640, 4755) and GNU/BSD
// symbolic ones (u/g/o/a, + - =, r w x X s t, a copy of another class: o=u), several clauses joined
// by commas. A clause with no class (+r, =rw) is read as a, as chmod does when the umask allows.
// A mode that cannot be read gives nothing.

export interface ModeEffect {
  readonly othersRead: boolean;
  readonly othersWrite: boolean;
  readonly setuid: boolean;
  readonly setgid: boolean;
}

export interface ChmodReading {
  /** -R, --recursive, or -R among other short options (-fR, -Rv). */
  readonly recursive: boolean;
  /** The mode as written ("" with --reference). */
  readonly mode: string;
  readonly effect: ModeEffect;
  /** Every operand after the mode. */
  readonly files: readonly string[];
}

const NOTHING: ModeEffect = { othersRead: false, othersWrite: false, setuid: false, setgid: false };
const OCTAL = /^0*[0-7]{1,4}$/;
const CLAUSE = /^([ugoa]*)((?:[-+=](?:[ugo]|[rwxXst]*))+)$/;
const OPERATION = /([-+=])([ugo]|[rwxXst]*)/g;
/** chmod's own short options (GNU c f v R, BSD H L P h); a symbolic mode may also start with "-" (-w, -x). */
const SHORT_OPTIONS = /^-[cfvRHLPh]+$/;

/** What a mode gives, octal or symbolic. */
export function modeEffect(mode: string): ModeEffect {
  if (OCTAL.test(mode)) {
    const n = parseInt(mode, 8);
    return { othersRead: (n & 0o4) !== 0, othersWrite: (n & 0o2) !== 0, setuid: (n & 0o4000) !== 0, setgid: (n & 0o2000) !== 0 };
  }
  let othersRead = false;
  let othersWrite = false;
  let setuid = false;
  let setgid = false;
  for (const clause of mode.split(",")) {
    const m = CLAUSE.exec(clause);
    if (!m) return NOTHING;
    const who = m[1] === "" || m[1]!.includes("a") ? "ugo" : m[1]!;
    for (const [, op, perms] of m[2]!.matchAll(OPERATION)) {
      if (op === "-") continue;
      // o=u copies the owner's bits: read as read and write.
      const copy = perms === "u" || perms === "g" || perms === "o";
      if (who.includes("o")) {
        othersRead ||= copy || perms!.includes("r");
        othersWrite ||= copy || perms!.includes("w");
      }
      if (perms!.includes("s")) {
        setuid ||= who.includes("u");
        setgid ||= who.includes("g");
      }
    }
  }
  return { othersRead, othersWrite, setuid, setgid };
}

/** chmod's arguments: options, the mode (or --reference=FILE), then the files. */
export function readChmod(args: readonly string[]): ChmodReading {
  let recursive = false;
  let mode: string | undefined;
  const files: string[] = [];
  let options = true;
  for (const a of args) {
    if (options && a === "--") {
      options = false;
      continue;
    }
    if (options && a.startsWith("--")) {
      if (a === "--recursive") recursive = true;
      else if (a.startsWith("--reference=")) mode ??= "";
      continue;
    }
    if (options && SHORT_OPTIONS.test(a)) {
      if (a.includes("R")) recursive = true;
      continue;
    }
    if (mode === undefined) mode = a;
    else files.push(a);
  }
  return { recursive, mode: mode ?? "", effect: mode ? modeEffect(mode) : NOTHING, files };
}
