// A real tool call (a Claude Code hook payload, an MCP tools/call) turned into the structured
// record_execution_step the daemon evaluates. Pure: the same call always gives the same step, so a
// human's approval (bound to the exact hint) lets the same call through once when it is retried.
import { createHash } from "node:crypto";
import { posix } from "node:path";
import { canonicalJson } from "../core/canonical-json.js";
import { FIELD_LIMITS } from "../core/limits.js";

export interface ToolCall {
  readonly tool: string;
  /** The MCP server or system the tool belongs to. */
  readonly server: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Read or write when the adapter knows; otherwise the daemon decides from the tool name. */
  readonly access?: "read" | "write";
  /** Why the call is made, when the caller says (Claude Code's Bash `description`). */
  readonly justification?: string;
  /** The agent's working directory (the project root), against which relative paths resolve. */
  readonly cwd?: string;
  /** HALTKEY_HOME, so a file tool aimed inside it is named as such (write-targets rules). */
  readonly haltkeyHome?: string;
  /**
   * Where an absolute path really leads (symbolic links followed, as far as the path exists), for
   * adapters that run on the agent's machine. Without it, paths are judged as written.
   */
  readonly realPath?: (absolute: string) => string;
}

/** The record_execution_step parameters an adapter sends (besides element_name and execution_id). */
export interface StepParams {
  readonly nextActionHint: string;
  readonly tool: string;
  readonly server: string;
  readonly arguments?: Record<string, unknown>;
  readonly access?: "read" | "write";
  readonly resources?: string[];
  readonly justification?: string;
  readonly findings?: string;
}

/**
 * Argument names that carry a payload (file contents, message bodies, edits) rather than say what
 * the call does. They are summarised in the hint by size and digest: no display can show a file,
 * and the digest still binds an approval to these exact bytes. Every other argument is shown in
 * full, so a long command or query is too long to approve rather than approved half-read.
 */
const PAYLOAD_KEYS: ReadonlySet<string> = new Set([
  "content",
  "contents",
  "text",
  "body",
  "data",
  "file_text",
  "new_string",
  "old_string",
  "new_source",
  "newtext",
  "oldtext",
  "edits",
  "patch",
  "diff",
]);

/** Argument names whose string values name what the call touches, for the scope breaker. */
const RESOURCE_KEY = /(?:^|_)(?:path|paths|file|filename|file_path|notebook_path|uri|url|dir|directory|source|destination|target)$/i;
const MAX_RESOURCES = 64;

const shortDigest = (s: string): string => createHash("sha256").update(s).digest("hex").slice(0, 12);

function renderArgument(key: string, value: unknown): string {
  const json = canonicalJson(value) ?? "null";
  if (PAYLOAD_KEYS.has(key.toLowerCase())) {
    const size = typeof value === "string" ? `${value.length} chars` : `${json.length} bytes of JSON`;
    return `${key}=<${size}, sha256:${shortDigest(json)}>`;
  }
  return `${key}=${json}`;
}

/** What a file tool does, read from its name and arguments; undefined when it is not one. */
export interface FileOperation {
  readonly op: "write" | "edit" | "move" | "delete";
  /** Normalised targets (absolute when the path or the cwd is): one, or the source and destination of a move. */
  readonly targets: readonly string[];
  /** For a delete: whether the target is (or may be) a directory. Unknown counts as a directory. */
  readonly directory?: boolean;
  /** Argument keys the operation consumed (shown in the phrase, not again in the argument list). */
  readonly keys: readonly string[];
}

const SINGLE_TARGET_KEYS = ["file_path", "filepath", "path", "notebook_path", "file", "filename", "target", "uri"];
const MOVE_KEYS: ReadonlyArray<readonly [string, string]> = [
  ["source", "destination"],
  ["src", "dst"],
  ["from", "to"],
  ["old_path", "new_path"],
  ["sourcepath", "destinationpath"],
  ["source_path", "destination_path"],
];
const words = (name: string): string =>
  `_${name
    .replace(/^mcp__.+?__/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")}_`;
const DELETE_TOOL = /_(?:delete|remove|rm|unlink|rmdir|trash|erase|purge)_/;
const MOVE_TOOL = /_(?:move|rename|mv)_/;
const WRITE_TOOL = /_(?:write|create|save|append|put|upload|overwrite|copy|cp)_/;
const EDIT_TOOL = /_(?:edit|patch|replace|str_replace|modify|insert|update)_/;
const DIRECTORY_TOOL = /_(?:dir|directory|directories|folder|folders|rmdir|tree)_/;

/** Claude Code's built-in file tools and the argument that names the file. */
const BUILTIN_FILE_TOOLS: ReadonlyMap<string, { op: "write" | "edit"; key: string }> = new Map([
  ["Write", { op: "write", key: "file_path" }],
  ["Edit", { op: "edit", key: "file_path" }],
  ["MultiEdit", { op: "edit", key: "file_path" }],
  ["NotebookEdit", { op: "edit", key: "notebook_path" }],
]);

/** The argument whose lower-cased name is `key`, when it is a usable path string. */
function pathArgument(args: Readonly<Record<string, unknown>>, key: string): [string, string] | undefined {
  for (const [k, v] of Object.entries(args)) {
    if (k.toLowerCase() === key && typeof v === "string" && v.length > 0 && v.length <= 4096) return [k, v];
  }
  return undefined;
}

/** A path as the file system will see it: file:// stripped, resolved against cwd, `.` and `..` folded. */
export function normalisePath(raw: string, cwd?: string): string {
  let p = raw.startsWith("file://") ? decodeURIComponentSafe(raw.slice("file://".length)) : raw;
  p = p.replace(/\\/g, "/");
  if (p === "~" || p.startsWith("~/")) return posix.normalize(p);
  if (p.startsWith("/")) return posix.resolve(p);
  if (cwd && cwd.startsWith("/")) return posix.resolve(cwd, p);
  return posix.normalize(p);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * What a file tool does to which paths. With `realPath`, each target is where the path really
 * leads (a link in the project to ~/.bashrc is a write to ~/.bashrc); the arguments as given then
 * stay in the hint too.
 */
export function fileOperation(call: ToolCall): FileOperation | undefined {
  const f = fileOperationAsGiven(call);
  if (!f || !call.realPath) return f;
  const targets = f.targets.map((t) => (t.startsWith("/") ? call.realPath!(t) : t));
  return targets.every((t, i) => t === f.targets[i]) ? f : { ...f, targets, keys: [] };
}

function fileOperationAsGiven(call: ToolCall): FileOperation | undefined {
  const args = call.arguments;
  const builtin = call.server === "claude-code" ? BUILTIN_FILE_TOOLS.get(call.tool) : undefined;
  if (builtin) {
    const arg = pathArgument(args, builtin.key);
    return arg ? { op: builtin.op, targets: [normalisePath(arg[1], call.cwd)], keys: [arg[0]] } : undefined;
  }
  if (call.server === "claude-code") return undefined;
  const name = words(call.tool);
  if (MOVE_TOOL.test(name)) {
    for (const [from, to] of MOVE_KEYS) {
      const a = pathArgument(args, from);
      const b = pathArgument(args, to);
      if (a && b) return { op: "move", targets: [normalisePath(a[1], call.cwd), normalisePath(b[1], call.cwd)], keys: [a[0], b[0]] };
    }
  }
  const op = DELETE_TOOL.test(name) ? "delete" : WRITE_TOOL.test(name) ? "write" : EDIT_TOOL.test(name) ? "edit" : MOVE_TOOL.test(name) ? "move" : undefined;
  if (!op) return undefined;
  let arg: [string, string] | undefined;
  for (const key of SINGLE_TARGET_KEYS) if ((arg = pathArgument(args, key))) break;
  if (!arg) {
    // A tool that takes several paths (`paths: [...]`) acts on each.
    const many = Object.entries(args).find(([k, v]) => k.toLowerCase() === "paths" && Array.isArray(v));
    const list = many ? (many[1] as unknown[]).filter((x): x is string => typeof x === "string" && x.length > 0 && x.length <= 4096).slice(0, MAX_RESOURCES) : [];
    if (list.length === 0) return undefined;
    const targets = list.map((x) => normalisePath(x, call.cwd));
    return op === "delete" ? { op, targets, directory: targets.some((t) => looksLikeDirectory(t, name, args)), keys: [many![0]] } : { op: op === "move" ? "write" : op, targets, keys: [many![0]] };
  }
  const target = normalisePath(arg[1], call.cwd);
  if (op === "delete") return { op, targets: [target], directory: looksLikeDirectory(target, name, args), keys: [arg[0]] };
  return { op: op === "move" ? "write" : op, targets: [target], keys: [arg[0]] };
}

/** A delete whose target may be a directory: said by the tool, a recursive flag, a trailing slash, or a last segment with no extension. */
function looksLikeDirectory(target: string, toolWords: string, args: Readonly<Record<string, unknown>>): boolean {
  if (DIRECTORY_TOOL.test(toolWords)) return true;
  if (Object.entries(args).some(([k, v]) => /^(?:recursive|recurse|force|r)$/i.test(k) && v === true)) return true;
  if (target.endsWith("/")) return true;
  const last = target.split("/").filter((x) => x.length > 0).pop() ?? "";
  return last === "" || last === "." || last === ".." || last === "~" || !/.\.[A-Za-z0-9]{1,10}$/.test(last);
}

const within = (path: string, dir: string): boolean => path === dir || path.startsWith(`${dir}/`);

/** The phrase the write-targets rules read: the operation and each quoted target, with what it is. */
function describeFileOperation(f: FileOperation, call: ToolCall): string {
  const real = (p: string): string => (call.realPath ? call.realPath(posix.resolve(p)) : posix.resolve(p));
  const cwd = call.cwd && call.cwd.startsWith("/") ? real(call.cwd) : undefined;
  const home = call.haltkeyHome && call.haltkeyHome.startsWith("/") ? real(call.haltkeyHome) : undefined;
  const quoted = (t: string): string => {
    const notes: string[] = [];
    if (cwd && t === cwd) notes.push("the project root");
    else if (cwd && t.startsWith("/") && within(cwd, t)) notes.push("contains the project root");
    if (home && t.startsWith("/") && (within(t, home) || within(home, t))) notes.push("inside HALTKEY_HOME");
    return `${JSON.stringify(t)}${notes.map((n) => ` (${n})`).join("")}`;
  };
  switch (f.op) {
    case "write":
      return f.targets.map((t) => `writing file ${quoted(t)}`).join(", ");
    case "edit":
      return f.targets.map((t) => `editing file ${quoted(t)}`).join(", ");
    case "move":
      return `moving ${quoted(f.targets[0]!)} to ${quoted(f.targets[1]!)}`;
    case "delete":
      return f.targets.map((t) => `deleting ${f.directory ? "directory" : "file"} ${quoted(t)}`).join(", ");
  }
}

/**
 * The human-readable action: what the approval display shows and what policy globs match.
 * Shell commands use the phrasing the rule packs were written against; file tools name what they
 * do to which path (`writing file "/abs/path" with Write on claude-code: …`), so the write-targets
 * rules judge the target whatever the tool is called. Keys are sorted (nested ones too), so the
 * same arguments in another order describe the same call.
 */
export function describeCall(call: ToolCall): string {
  const command = call.arguments.command;
  if (call.tool === "Bash" && typeof command === "string") return `executing shell command: ${command}`;
  const file = fileOperation(call);
  const args = Object.keys(call.arguments)
    .filter((k) => !file?.keys.includes(k))
    .sort()
    .map((k) => renderArgument(k, call.arguments[k]));
  if (file) return `${describeFileOperation(file, call)} with ${call.tool} on ${call.server}${args.length > 0 ? `: ${args.join(", ")}` : ""}`;
  return `calling ${call.tool} on ${call.server}${args.length > 0 ? ` with ${args.join(", ")}` : ""}`;
}

function resourcesOf(args: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(args)) {
    if (!RESOURCE_KEY.test(k)) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === "string" && item.length > 0 && item.length <= 1024 && out.length < MAX_RESOURCES) out.push(item);
    }
  }
  return out;
}

/** The step reported BEFORE the call runs. */
export function preCallStep(call: ToolCall): StepParams {
  const file = fileOperation(call);
  const resources = file ? [...new Set([...file.targets, ...resourcesOf(call.arguments)])].slice(0, MAX_RESOURCES) : resourcesOf(call.arguments);
  const access = file ? "write" : call.access;
  return {
    nextActionHint: describeCall(call),
    tool: call.tool,
    server: call.server,
    arguments: { ...call.arguments },
    ...(access ? { access } : {}),
    ...(resources.length > 0 ? { resources } : {}),
    ...(call.justification && call.justification.trim().length > 0 ? { justification: call.justification.slice(0, FIELD_LIMITS.reason) } : {}),
  };
}

/** Outputs are checked in chunks the daemon accepts as findings, overlapping so no marker is cut. */
const CHUNK = FIELD_LIMITS.findings;
const OVERLAP = 4096;
export const MAX_OUTPUT_CHARS = 8 * CHUNK;

export class FindingsTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`the tool's output is ${size} characters, more than the ${MAX_OUTPUT_CHARS} haltkey checks`);
  }
}

/**
 * The steps reported AFTER the call ran: its output as findings (in chunks when long), so the
 * daemon scans it for secrets and injection markers and taints the execution. The hint names the
 * output by size and digest only. Repeating the tool name or arguments would let a glob or rule
 * that matched the call match again here. The digest binds an approval to exactly this output:
 * the same call made again after a human approved returns it once if it is unchanged.
 */
export function postCallSteps(call: Pick<ToolCall, "tool" | "server">, output: string): StepParams[] {
  if (output.length > MAX_OUTPUT_CHARS) throw new FindingsTooLargeError(output.length);
  const chunks: string[] = [];
  for (let start = 0; chunks.length === 0 || start + OVERLAP < output.length; start += CHUNK - OVERLAP) chunks.push(output.slice(start, start + CHUNK));
  const sha = shortDigest(output);
  return chunks.map((findings, i) => ({
    nextActionHint: `reading the output of a tool call (${output.length} chars, sha256:${sha}${chunks.length > 1 ? `, part ${i + 1} of ${chunks.length}` : ""})`,
    tool: call.tool,
    server: call.server,
    access: "read" as const,
    findings,
  }));
}

const BASE64_PAYLOAD = /^[A-Za-z0-9+/=\s_-]+$/;
const BINARY_KEYS: ReadonlySet<string> = new Set(["base64", "blob", "data"]);

/**
 * Every string in a tool's output, one per line, as the model will read them. Binary payloads
 * (base64 images and blobs) are left out: they are not text an injection could hide in as
 * instructions, and they would crowd the text out of the size limit.
 */
export function outputText(value: unknown): string {
  const out: string[] = [];
  const stack: Array<[unknown, number, string]> = [[value, 0, ""]];
  while (stack.length > 0) {
    const [v, depth, key] = stack.pop()!;
    if (typeof v === "string") {
      if (BINARY_KEYS.has(key) && v.length > 1024 && BASE64_PAYLOAD.test(v.slice(0, 4096))) continue;
      out.push(v);
    } else if (typeof v === "number" || typeof v === "boolean") {
      out.push(String(v));
    } else if (v !== null && typeof v === "object" && depth < 64) {
      const entries = Array.isArray(v) ? v.map((x, i): [string, unknown] => [String(i), x]) : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, item] = entries[i]!;
        if (k === "_meta") continue;
        stack.push([item, depth + 1, Array.isArray(v) ? key : k]);
      }
    }
  }
  return out.join("\n");
}

