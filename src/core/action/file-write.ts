// A file a tool call writes (Write {file_path, content}, Edit {file_path, new_string}, MultiEdit
// {file_path, edits[]}, write_file {path, content}) is judged as the shell write of the same text
// would be: `cat > path <<'EOF'` for a whole file, `cat >> path` for an edit's new text. The shell
// reader then decides what the text is, as it does for a here-document: data (most files, whose
// words are not commands), or something that runs later (a script, a shell start-up file, a cron
// file, a unit, a hook), whose commands are this step's. The path itself is read by the rules that
// judge writes (persistence, sudoers, authorized_keys, launch agents).
import { CI_FILE, CONTENT_KEY, PATH_KEY } from "./ci-config.js";
import { writtenKind } from "../shell/here-documents.js";

/** Edits read from one call at most. */
const MAX_FILES = 16;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether an argument object names a file and what to put in it, a file other than a CI
 * configuration (whose text the rules read whole, and ci-config.ts line by line).
 */
export function writesFile(args: unknown): boolean {
  return isRecord(args) && Object.entries(args).some(([k, v]) => PATH_KEY.test(k) && typeof v === "string") && !Object.entries(args).some(([k, v]) => PATH_KEY.test(k) && typeof v === "string" && CI_FILE.test(v.trim())) && Object.entries(args).some(([k, v]) => (CONTENT_KEY.test(k) && typeof v === "string") || (k === "edits" && Array.isArray(v)));
}

/** The shell writes equivalent to what a file tool's arguments write: one command line per file or edit. */
export function fileWriteCommands(args: unknown): string[] {
  if (!isRecord(args) || !writesFile(args)) return [];
  const path = Object.entries(args).find(([k, v]) => PATH_KEY.test(k) && typeof v === "string")?.[1] as string;
  const whole = Object.entries(args).find(([k, v]) => /^(content|contents|file_?content|file_?text|data)$/i.test(k) && typeof v === "string")?.[1] as string | undefined;
  const edits: string[] = [];
  for (const [k, v] of Object.entries(args)) {
    if (k === "edits" && Array.isArray(v)) for (const e of v.slice(0, MAX_FILES)) if (isRecord(e)) for (const [k2, y] of Object.entries(e)) if (CONTENT_KEY.test(k2) && typeof y === "string") edits.push(y);
    if (CONTENT_KEY.test(k) && typeof v === "string" && v !== whole) edits.push(v);
  }
  const out: string[] = [];
  if (whole !== undefined) out.push(hereDocument(path, whole, ">"));
  for (const e of edits.slice(0, MAX_FILES)) out.push(hereDocument(path, e, ">>"));
  return out;
}

/** A cron table: each line's command runs on its schedule. */
const CRON_FILE = /^(\/private)?\/etc\/(crontab|cron\.d\/[^/]+)$|^(\/private)?\/var\/spool\/cron\/(crontabs\/)?[^/]+$|(^|\/)\.?crontab$/;
/** Time fields then (in /etc/crontab and /etc/cron.d) a user, then the command. */
const CRON_LINE = /^\s*(?:@\w+|(?:\S+\s+){4}\S+)\s+(.+)$/;

/**
 * The write as a shell command line: the text itself when the file runs later (a script, a shell
 * start-up file, a unit, a plist: writtenKind), so that its commands are read as this step's; the
 * write of data otherwise, whose words are not commands. A cron table's lines are its commands.
 */
function hereDocument(path: string, text: string, op: ">" | ">>"): string {
  const target = `'${path.replace(/'/g, `'\\''`)}'`;
  // A package manager's configuration: where packages come from, as the commands that set it.
  const settings = PACKAGE_CONFIG.test(path.trim()) ? packageSettings(text) : [];
  if (settings.length > 0) return [`cat ${op} ${target} <<'HALTKEY_EOF'\n(the file's text)\nHALTKEY_EOF`, ...settings].join("\n");
  const cron = CRON_FILE.test(path.trim());
  const body = writtenKind(path.trim(), text) !== undefined ? text : cron ? cronCommands(path.trim(), text).join("\n") : "(the file's text, which is data)";
  let end = "HALTKEY_EOF";
  for (let n = 0; body.includes(end); n++) end = `HALTKEY_EOF_${n}`;
  // A cron table's commands are read as a script of them, written where cron runs them.
  return cron && body !== "" ? `cat ${op} ${target} <<'${end}'\n${body}\n${end}\n${body}` : `cat ${op} ${target} <<'${end}'\n${body}${body.endsWith("\n") ? "" : "\n"}${end}`;
}

/** npm's, yarn's and pip's configuration files: they say which registry every later install trusts. */
const PACKAGE_CONFIG = /(^|\/)(\.npmrc|npmrc|\.yarnrc(\.yml)?|pip\.conf|pip\.ini|\.pypirc)$/;

/** A package configuration's registry and TLS settings, as the `npm config set` and `pip config set` commands that make them. */
function packageSettings(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n").slice(0, 512)) {
    const m = /^\s*([@\w.:/-]*?registry|npmRegistryServer|index-url|extra-index-url|strict-ssl|trusted-host|enableStrictSsl)\s*[=:]\s*["']?([^"'\s#]+)/i.exec(line);
    if (m === null) continue;
    const key = m[1]!.toLowerCase();
    if (/index-url|trusted-host/.test(key)) out.push(`pip config set global.${key} ${m[2]!}`);
    else if (/registry/i.test(key)) out.push(`npm config set registry ${m[2]!}`);
    else out.push(`npm config set strict-ssl ${m[2]!}`);
  }
  return out.slice(0, 32);
}

/** The commands of a cron table's lines (a system table's lines name a user before the command). */
function cronCommands(path: string, text: string): string[] {
  const system = /^(\/private)?\/etc\//.test(path);
  const out: string[] = [];
  for (const line of text.split("\n").slice(0, 512)) {
    if (/^\s*(#|$)|^\s*\w+\s*=/.test(line)) continue;
    const m = CRON_LINE.exec(line);
    if (m === null) continue;
    out.push(system ? m[1]!.replace(/^\S+\s+/, "") : m[1]!);
  }
  return out.slice(0, 64);
}

/**
 * A hint with the text a file tool writes taken out, as the hint quotes it (raw, or JSON-escaped in
 * a rendering of the arguments): what the rules read of a file write is the write (fileWriteCommands),
 * not the file's words.
 */
export function withoutWrittenText(hint: string, args: unknown): string {
  if (!isRecord(args) || !writesFile(args)) return hint;
  const texts: string[] = [];
  for (const [k, v] of Object.entries(args)) {
    if (CONTENT_KEY.test(k) && typeof v === "string") texts.push(v);
    if (k === "edits" && Array.isArray(v)) for (const e of v.slice(0, MAX_FILES)) if (isRecord(e)) for (const [k2, y] of Object.entries(e)) if (CONTENT_KEY.test(k2) && typeof y === "string") texts.push(y);
  }
  let out = hint;
  for (const t of texts) {
    if (t.length < 16) continue;
    for (const form of [JSON.stringify(t).slice(1, -1), t]) if (out.includes(form)) out = out.split(form).join("…");
  }
  return out;
}
