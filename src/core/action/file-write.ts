// A file a tool call writes (Write {file_path, content}, Edit {file_path, new_string}, MultiEdit
// {file_path, edits[]}, write_file {path, content}) is judged as the shell write of the same text
// would be: `cat > path <<'EOF'` for a whole file, `cat >> path` for an edit's new text. The shell
// reader then decides what the text is, as it does for a here-document: data (most files, whose
// words are not commands), or something that runs later (a script, a shell start-up file, a cron
// file, a unit, a hook), whose commands are this step's. The path itself is read by the rules that
// judge writes (persistence, sudoers, authorized_keys, launch agents).
import { CI_FILE, contentsOf, PATH_KEY } from "./ci-config.js";
import { writtenKind } from "../shell/here-documents.js";
import { isRecord } from "./tool-call.js";

/** The keys that hold a whole file's text (the other content keys hold an edit's new text). */
const WHOLE_KEY = /^(content|contents|file_?content|file_?text|data)$/i;

/** The file a tool call's arguments write, other than a CI configuration (whose text the rules read whole, and ci-config.ts line by line). */
function writtenPath(args: unknown): string | undefined {
  if (!isRecord(args)) return undefined;
  const path = Object.entries(args).find(([k, v]) => PATH_KEY.test(k) && typeof v === "string")?.[1] as string | undefined;
  return path !== undefined && !CI_FILE.test(path.trim()) && contentsOf(args).length > 0 ? path : undefined;
}

/** The file a tool call writes (not a CI configuration) and the texts it puts in it. */
export function writtenFile(args: unknown): { readonly path: string; readonly texts: readonly string[] } | undefined {
  const path = writtenPath(args);
  return path !== undefined && isRecord(args) ? { path, texts: contentsOf(args).slice(0, 16) } : undefined;
}

/** Whether an argument object names a file (not a CI configuration) and what to put in it. */
export const writesFile = (args: unknown): boolean => writtenPath(args) !== undefined;

/** The shell writes equivalent to what a file tool's arguments write: the whole file, or each edit's new text appended. */
export function fileWriteCommands(args: unknown): string[] {
  const path = writtenPath(args);
  if (path === undefined || !isRecord(args)) return [];
  const texts = contentsOf(args).slice(0, 16);
  const writes = texts.map((text) => hereDocument(path, text, Object.entries(args).some(([k, v]) => WHOLE_KEY.test(k) && v === text) ? ">" : ">>"));
  // A package manifest's install scripts run on every install of it, on every machine: read as the commands they are.
  return PACKAGE_MANIFEST.test(path.trim()) ? [...writes, ...texts.flatMap(installScripts)] : writes;
}

/** npm's package.json (and the manifests of the managers that read its scripts: pnpm, yarn, bun); any case, as a case-insensitive disk (macOS, Windows) writes it so too. */
const PACKAGE_MANIFEST = /(?:^|[\/\\])package\.json$/i;
/** The names of the scripts npm runs by itself on install or publish. */
const INSTALL_NAME = /^(?:preinstall|install|postinstall|preprepare|prepare|postprepare|prepublish|prepack|postpack)$/;

/** The scripts object of a whole package.json text, or undefined when the text is not one (a fragment, not JSON). */
function wholeManifestScripts(text: string): Record<string, unknown> | undefined {
  if (text.length > 1024 * 1024) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    const scripts = isRecord(parsed) ? parsed.scripts : undefined;
    return isRecord(scripts) ? scripts : undefined;
  } catch {
    return undefined;
  }
}
/** The scripts npm runs by itself on install or publish, as "name": "command" pairs of JSON text (a whole file or an edit's fragment). */
const INSTALL_SCRIPT = /"(?:preinstall|install|postinstall|preprepare|prepare|postprepare|prepublish|prepack|postpack)"\s*:\s*"((?:[^"\\\n]|\\.){1,4096})"/g;

/** The install-time scripts a package.json text sets, unescaped (at most 8). */
export function installScripts(text: string): string[] {
  const out: string[] = [];
  // A whole manifest is read as JSON, so a name spelled with escapes ("\u0070ostinstall") is the name it is.
  const scripts = wholeManifestScripts(text);
  if (scripts !== undefined) {
    for (const [name, command] of Object.entries(scripts)) if (INSTALL_NAME.test(name) && typeof command === "string") out.push(command);
    return out.slice(0, 8);
  }
  for (const m of text.matchAll(INSTALL_SCRIPT)) {
    try {
      out.push(JSON.parse(`"${m[1]!}"`) as string);
    } catch {
      // Not a JSON string after all: read as written, so nothing is skipped.
      out.push(m[1]!);
    }
    if (out.length >= 8) break;
  }
  return out;
}

/**
 * The write as a shell command line: the text itself when the file runs later or sets what later
 * commands fetch (writtenKind: a script, a start-up file, a unit, a plist, a cron table, a package
 * configuration), so that the shell reader reads it as it reads the same here-document; the write
 * of data otherwise, whose words are not commands.
 */
function hereDocument(path: string, text: string, op: ">" | ">>"): string {
  const body = writtenKind(path.trim(), text) !== undefined ? text : "(the file's text, which is data)";
  // (The terminator is read with the command, so it holds no word a rule looks for: "HALTKEY_EOF" once
  // made a runbook about a kill switch read as a command to kill haltkey.)
  let end = "WRITTEN_FILE_EOF";
  for (let n = 0; body.includes(end); n++) end = `WRITTEN_FILE_EOF_${n}`;
  return `cat ${op} '${path.replace(/'/g, `'\\''`)}' <<'${end}'\n${body}${body.endsWith("\n") ? "" : "\n"}${end}`;
}

/**
 * A hint with the text a file tool writes taken out, as the hint quotes it (raw, or JSON-escaped in
 * a rendering of the arguments): what the rules read of a file write is the write (fileWriteCommands),
 * not the file's words.
 */
export function withoutWrittenText(hint: string, args: unknown): string {
  if (writtenPath(args) === undefined || !isRecord(args)) return hint;
  let out = hint;
  for (const t of contentsOf(args)) {
    if (t.length < 16) continue;
    for (const form of [JSON.stringify(t).slice(1, -1), t]) if (out.includes(form)) out = out.split(form).join("…");
  }
  return out;
}

/** The replacements an edit tool makes (Edit's old_string/new_string, MultiEdit's edits[]), with the file's path; at most 16. */
/** A whole file a tool writes (Write {file_path, content}): its path and text, for the readings of what a file holds. */
export function wholeWritesOf(args: unknown): Array<{ readonly path: string; readonly text: string }> {
  const path = writtenPath(args);
  if (path === undefined || !isRecord(args)) return [];
  return Object.entries(args).filter(([k, v]) => WHOLE_KEY.test(k) && typeof v === "string").map(([, v]) => ({ path, text: v as string })).slice(0, 4);
}

export function editsOf(args: unknown): Array<{ readonly path: string; readonly oldText: string; readonly newText: string }> {
  if (!isRecord(args)) return [];
  const path = Object.entries(args).find(([k, v]) => PATH_KEY.test(k) && typeof v === "string")?.[1] as string | undefined;
  if (path === undefined) return [];
  const pair = (o: Record<string, unknown>) => (typeof o.old_string === "string" && typeof o.new_string === "string" ? [{ path, oldText: o.old_string, newText: o.new_string }] : []);
  const edits = Array.isArray(args.edits) ? args.edits.slice(0, 16).filter(isRecord).flatMap(pair) : [];
  return [...pair(args), ...edits].slice(0, 16);
}
