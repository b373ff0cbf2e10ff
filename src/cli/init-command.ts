// `haltkey init <client>`: writes or merges a client's configuration so it reports to haltkey, and a
// starter policy. It shows each change, changes nothing that is already right (a second run says
// so), and never rewrites a file it cannot read as the JSON shape it expects: the file is left
// exactly as it was and the error says which file and what is wrong.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { resolvePaths } from "../daemon/paths.js";
import { die, paths, selfCommand } from "./common.js";

export const CLIENTS = ["claude-code", "claude-desktop", "cursor"] as const;
export type Client = (typeof CLIENTS)[number];

/** The starter policy: the defaults, written out so there is a file to edit. */
export const STARTER_POLICY = {
  mode: "enforcing",
  riskTolerance: "moderate",
  maxAutonomousSteps: 100,
  deny: [],
  requiresApproval: ["git push --force*", "git push -f*"],
  autoApprove: [],
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

export class InitError extends Error {}

interface Change {
  readonly file: string;
  /** Where in the file, e.g. mcpServers.haltkey; "(new file)" for a whole file. */
  readonly at: string;
  readonly kind: "add" | "update";
  readonly before?: Json;
  readonly after: Json;
}

interface PlannedFile {
  readonly file: string;
  readonly text: string;
  readonly changes: Change[];
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The file as a JSON object ({} when it does not exist); anything else is an InitError. */
function readJsonObject(file: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new InitError(`cannot read ${file}: ${(e as Error).message}`);
  }
  if (text.trim().length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InitError(`${file} is not valid JSON (${(e as Error).message}); it was left untouched. Fix it or move it away, then run this again.`);
  }
  if (!isObject(value)) throw new InitError(`${file} is not a JSON object; it was left untouched. Fix it or move it away, then run this again.`);
  return value;
}

const shape = (file: string, at: string, expected: string): InitError => new InitError(`${file}: ${at} is not ${expected}, which this command does not know how to merge into; the file was left untouched. Add the entry by hand (docs/mcp-clients.md) or fix the file.`);

/** Sets mcpServers.haltkey. */
function mergeMcpServer(file: string, doc: JsonObject, server: JsonObject): Change[] {
  const servers = doc.mcpServers ?? {};
  if (!isObject(servers)) throw shape(file, "mcpServers", "an object");
  const before = servers.haltkey;
  if (same(before, server)) return [];
  if (before !== undefined && !isObject(before)) throw shape(file, "mcpServers.haltkey", "an object");
  doc.mcpServers = { ...servers, haltkey: server };
  return [{ file, at: "mcpServers.haltkey", kind: before === undefined ? "add" : "update", ...(before !== undefined ? { before } : {}), after: server }];
}

const HOOK_MARK = / hook claude-code\b/;
/** haltkey's http hook (adapters/http-hook.ts), recognised by its path. */
const HTTP_HOOK_MARK = /^http:\/\/127\.0\.0\.1:\d+\/hooks\/claude-code(?:\?|$)/;
const isOurHook = (h: unknown): boolean => isObject(h) && ((typeof h.command === "string" && HOOK_MARK.test(h.command)) || (typeof h.url === "string" && HTTP_HOOK_MARK.test(h.url)));

/** Sets haltkey's group in hooks.PreToolUse and hooks.PostToolUse, keeping every other hook. */
function mergeHooks(file: string, doc: JsonObject, group: JsonObject): Change[] {
  const hooks = doc.hooks ?? {};
  if (!isObject(hooks)) throw shape(file, "hooks", "an object");
  const out: JsonObject = { ...hooks };
  const changes: Change[] = [];
  for (const event of ["PreToolUse", "PostToolUse"]) {
    const list = hooks[event] ?? [];
    if (!Array.isArray(list)) throw shape(file, `hooks.${event}`, "an array");
    list.forEach((g, i) => {
      if (!isObject(g) || (g.hooks !== undefined && !Array.isArray(g.hooks))) throw shape(file, `hooks.${event}[${i}]`, "a matcher group ({ matcher, hooks: [...] })");
    });
    const ours = list.findIndex((g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some(isOurHook));
    if (ours >= 0 && same(list[ours], group)) continue;
    const next = [...list];
    if (ours >= 0) next[ours] = group;
    else next.push(group);
    out[event] = next;
    changes.push({ file, at: `hooks.${event}[${ours >= 0 ? ours : list.length}]`, kind: ours >= 0 ? "update" : "add", ...(ours >= 0 ? { before: list[ours]! } : {}), after: group });
  }
  if (changes.length > 0) doc.hooks = out;
  return changes;
}

const shellQuote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The absolute command that runs this haltkey: works whatever the client's PATH is. */
function selfArgv(): [string, string] {
  return [process.execPath, realpathSync(fileURLToPath(new URL("./main.js", import.meta.url)))];
}

/**
 * The native relay `npm run build` compiled (scripts/build-relay.mjs), when it is there and runs on
 * this machine (a package built elsewhere may hold one for another platform): run without
 * arguments it prints its usage and exits 2. An MCP client started through it costs no Node
 * process while the daemon runs (docs/mcp-clients.md).
 */
function relayPath(): string | undefined {
  let path: string;
  try {
    path = realpathSync(fileURLToPath(new URL("../../bin/haltkey-relay", import.meta.url)));
    accessSync(path, constants.X_OK);
  } catch {
    return undefined;
  }
  const run = spawnSync(path, [], { encoding: "utf8", timeout: 5000, stdio: ["ignore", "ignore", "pipe"] });
  return run.status === 2 && run.stderr.startsWith("usage: haltkey-relay") ? path : undefined;
}

export interface InitOptions {
  readonly client: Client;
  readonly project: string;
  readonly config?: string;
  readonly settings?: string;
  readonly policy: string;
  readonly simulate: boolean;
  readonly home: string;
  readonly haltkeyHome?: string;
  /** claude-code: Claude Code's http hook on this port (`serve --hook-http`) instead of the command hook. */
  readonly httpHook?: number;
}

/** Where each client keeps its configuration. */
function configFile(o: InitOptions): string {
  if (o.config) return resolve(o.config);
  switch (o.client) {
    case "claude-code":
      return join(o.project, ".mcp.json");
    case "cursor":
      return join(o.home, ".cursor", "mcp.json");
    case "claude-desktop":
      return process.platform === "darwin" ? join(o.home, "Library", "Application Support", "Claude", "claude_desktop_config.json") : join(process.env.XDG_CONFIG_HOME || join(o.home, ".config"), "Claude", "claude_desktop_config.json");
  }
}

const render = (doc: JsonObject): string => `${JSON.stringify(doc, null, 2)}\n`;

/** Every file init would write, with what changes in it; nothing is written. */
export function planInit(o: InitOptions): PlannedFile[] {
  const [node, cli] = selfArgv();
  const shim = [cli, "mcp", "--policy", o.policy, ...(o.simulate ? ["--simulate"] : [])];
  // Through the relay when it was built: it forwards to the daemon's MCP socket, and becomes this
  // same `haltkey mcp` when no daemon listens there.
  const relay = relayPath();
  const home = resolvePaths(o.haltkeyHome ? { ...process.env, HALTKEY_HOME: o.haltkeyHome } : process.env);
  const server: JsonObject = relay ? { command: relay, args: [home.mcpSocket, node, ...shim] } : { command: node, args: shim };
  // With the relay, its socket and the shim it may become name one home whatever the client's
  // environment (a desktop client may start without the shell's XDG_STATE_HOME).
  if (o.haltkeyHome || relay) server.env = { HALTKEY_HOME: o.haltkeyHome ?? home.home };
  const planned: PlannedFile[] = [];

  // The starter policy: written when missing, checked when present.
  if (existsSync(o.policy)) {
    if (!statSync(o.policy).isFile()) throw new InitError(`${o.policy} is not a file`);
  } else {
    planned.push({ file: o.policy, text: `${JSON.stringify(STARTER_POLICY, null, 2)}\n`, changes: [{ file: o.policy, at: "(new file: starter policy)", kind: "add", after: STARTER_POLICY }] });
  }

  const mcpFile = configFile(o);
  const mcpDoc = readJsonObject(mcpFile);
  const mcpChanges = mergeMcpServer(mcpFile, mcpDoc, server);
  if (mcpChanges.length > 0) planned.push({ file: mcpFile, text: render(mcpDoc), changes: mcpChanges });

  if (o.client === "claude-code") {
    const settingsFile = o.settings ? resolve(o.settings) : join(o.project, ".claude", "settings.local.json");
    const prefix = o.haltkeyHome ? `HALTKEY_HOME=${shellQuote(o.haltkeyHome)} ` : "";
    // The http hook fails closed when the daemon is down only with onFailure: "block".
    const hook: JsonObject =
      o.httpHook !== undefined
        ? { type: "http", url: `http://127.0.0.1:${o.httpHook}/hooks/claude-code`, headers: { Authorization: "Bearer $HALTKEY_HOOK_TOKEN" }, allowedEnvVars: ["HALTKEY_HOOK_TOKEN"], timeout: 60, onFailure: "block" }
        : { type: "command", command: `${prefix}${shellQuote(node)} ${shellQuote(cli)} hook claude-code || exit 2`, timeout: 60 };
    const group: JsonObject = { matcher: "*", hooks: [hook] };
    const doc = settingsFile === mcpFile ? mcpDoc : readJsonObject(settingsFile);
    const changes = mergeHooks(settingsFile, doc, group);
    if (changes.length > 0) {
      const i = planned.findIndex((p) => p.file === settingsFile);
      if (i >= 0) planned[i] = { file: settingsFile, text: render(doc), changes: [...planned[i]!.changes, ...changes] };
      else planned.push({ file: settingsFile, text: render(doc), changes });
    }
  }
  return planned;
}

/** Writes each file whole (temporary file, then rename), keeping an existing file's mode. */
export function applyInit(planned: readonly PlannedFile[]): void {
  for (const p of planned) {
    mkdirSync(dirname(p.file), { recursive: true });
    const mode = existsSync(p.file) ? statSync(p.file).mode & 0o777 : 0o644;
    const tmp = `${p.file}.haltkey-${process.pid}.tmp`;
    writeFileSync(tmp, p.text, { mode });
    renameSync(tmp, p.file);
  }
}

const short = (v: Json | undefined): string => {
  const s = JSON.stringify(v);
  return s === undefined ? "" : s.length > 400 ? `${s.slice(0, 400)}…` : s;
};

export function describePlan(planned: readonly PlannedFile[], dryRun: boolean): string {
  const lines: string[] = [];
  for (const p of planned) {
    lines.push(`${dryRun ? "would change" : "changed"} ${p.file}`);
    for (const c of p.changes) {
      if (c.kind === "update") lines.push(`  - ${c.at}: ${short(c.before)}`);
      lines.push(`  + ${c.at}: ${short(c.after)}`);
    }
  }
  return lines.join("\n");
}

export function registerInitCommand(program: Command): void {
  program
    .command("init <client>")
    .description(`Connect a client to haltkey: writes or merges its configuration (${CLIENTS.join(", ")}) and a starter policy, showing each change`)
    .option("--project <dir>", "claude-code: the project whose .mcp.json and .claude/settings.local.json are written", process.cwd())
    .option("--config <file>", "the client's MCP configuration file (default: where the client reads it)")
    .option("--settings <file>", "claude-code: the settings file that gets the hooks (default: <project>/.claude/settings.local.json)")
    .option("--policy <file>", "the policy file the client's haltkey uses; a starter policy is written there if none exists", join(process.env.XDG_CONFIG_HOME || join(homedir(), ".config"), "haltkey", "policy.json"))
    .option("--simulate", "a daemon started by this client uses simulated hardware (trying it out only)", false)
    .option("--dry-run", "show what would change and write nothing", false)
    .option("--json", "machine-readable output", false)
    .option("--http-hook <port>", "claude-code: Claude Code's http hook to a daemon serving `serve --hook-http <port>`, instead of the command hook", (v: string) => {
      if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) die("--http-hook needs a port number from 1 to 65535", 2);
      return Number(v);
    })
    .action((client: string, o: { project: string; config?: string; settings?: string; policy: string; simulate: boolean; dryRun: boolean; json: boolean; httpHook?: number }) => {
      if (!(CLIENTS as readonly string[]).includes(client)) die(`unknown client ${JSON.stringify(client)}; choose one of: ${CLIENTS.join(", ")}`, 2);
      let planned: PlannedFile[];
      try {
        planned = planInit({
          client: client as Client,
          project: resolve(o.project),
          ...(o.config ? { config: o.config } : {}),
          ...(o.settings ? { settings: o.settings } : {}),
          policy: resolve(o.policy),
          simulate: o.simulate,
          home: homedir(),
          ...(process.env.HALTKEY_HOME ? { haltkeyHome: paths.home } : {}),
          ...(o.httpHook !== undefined ? { httpHook: o.httpHook } : {}),
        });
        if (!o.dryRun) applyInit(planned);
      } catch (e) {
        if (e instanceof InitError) die(e.message, 1);
        throw e;
      }
      if (o.json) {
        process.stdout.write(`${JSON.stringify({ client, dryRun: o.dryRun, changed: planned.map((p) => ({ file: p.file, changes: p.changes })) }, null, 2)}\n`);
        return;
      }
      if (planned.length === 0) {
        process.stdout.write(`nothing to change: ${client} is already set up for haltkey\n`);
        return;
      }
      const next =
        client === "claude-code" && o.httpHook !== undefined
          ? `Claude Code now calls haltkey's http hook before and after every tool call in ${resolve(o.project)}. Start the daemon with ${selfCommand()} serve --policy ${resolve(o.policy)} --hook-http ${o.httpHook}, and start Claude Code with HALTKEY_HOOK_TOKEN set to the contents of ${join(paths.home, "hook-token")} (created on the daemon's first start).`
          : client === "claude-code"
          ? `Claude Code now runs the haltkey hook before and after every tool call in ${resolve(o.project)}, and has haltkey as an MCP server. The hook needs a running daemon (it blocks every call otherwise): ${selfCommand()} serve --policy ${resolve(o.policy)}`
          : `Restart ${client} to load it. The MCP server starts a daemon with this policy if none runs.`;
      process.stdout.write(`${describePlan(planned, o.dryRun)}\n${o.dryRun ? "(dry run: nothing written)" : next}\n`);
    });
}
