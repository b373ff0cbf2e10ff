// The haltkey command line (main.ts loads it for every command but the hook). Every command is a
// thin client of the daemon, except `serve` (which is the daemon), `mcp` (the stdio shim), `config
// check` and `audit verify` with no daemon running. The daemon, the store and the MCP SDK are
// imported inside the commands that need them.
import { readFile } from "node:fs/promises";
import { Command, InvalidArgumentError, Option } from "commander";
import { DaemonClient } from "../daemon/client.js";
import { die, paths, print, withDaemon } from "./common.js";
import { registerConsoleCommand } from "./console-command.js";
import { registerHardwareCommands } from "./hardware-commands.js";
import { registerHookCommand } from "./hook-command.js";
import { registerInitCommand } from "./init-command.js";
import { registerProxyCommand } from "./proxy-command.js";
import { VERSION } from "../daemon/version.js";
import { parseHttpPort, parseMode, parseReadyFd, runServe, ServeOptionError, type ServeOptions } from "./serve-command.js";

const program = new Command();
program.name("haltkey").description("Safety dongle for AI agents: go, pause or hard stop, lifted only by a human on hardware.").version(VERSION);

/** A serve-command.ts validator as commander's option parser: its message is commander's error. */
const asArg =
  (parse: (v: string) => number) =>
  (v: string): number => {
    try {
      return parse(v);
    } catch (e) {
      throw e instanceof ServeOptionError ? new InvalidArgumentError(e.message) : e;
    }
  };

program
  .command("serve")
  .description("Run the daemon: owns the database and approval devices, listens on the unix socket")
  .option("--simulate", "use a simulated display and security key (tests and demos; no security)", false)
  .option("--policy <file>", "policy file (JSON or YAML)")
  .option("--socket-mode <mode>", "socket permissions: 600, or 660 for a dedicated haltkey group", asArg(parseMode))
  .option("--single-tool", "MCP-AQL single mode (one mcp_aql tool) instead of CRUDE endpoints", false)
  .option("--http <port>", "also serve MCP Streamable HTTP on 127.0.0.1:<port> (0: any free port; URL in $HALTKEY_HOME/http.json, token in http-token)", asArg(parseHttpPort))
  .option("--console <port>", "also serve the operator console on 127.0.0.1:<port> (0: any free port; open it with `haltkey console`)", asArg(parseHttpPort))
  .option("--hook-http <port>", "also serve Claude Code's http hook on 127.0.0.1:<port>/hooks/claude-code (0: any free port; URL in $HALTKEY_HOME/hook-http.json, token in hook-token)", asArg(parseHttpPort))
  // `haltkey mcp` starting a daemon: the pipe on which it says it listens (mcp/stdio-daemon.ts).
  .addOption(new Option("--ready-fd <fd>").hideHelp().argParser(asArg(parseReadyFd)))
  // The same options serveOptions reads without commander (serve-command.ts), for main.ts.
  .action((o: ServeOptions) => runServe(o));

program
  .command("mcp")
  .description("Stdio MCP server for MCP clients; forwards to the daemon and starts it if none runs")
  .option("--simulate", "if this starts the daemon, start it with simulated hardware", false)
  .option("--policy <file>", "if this starts the daemon, start it with this policy")
  .option("--no-autostart", "never start a daemon; fail closed when none runs")
  .option("--single-tool", "expose MCP-AQL single mode (one mcp_aql tool)", false)
  .option("--session-fd <fd>", "resume the session written on this file descriptor (what the native relay hands over)")
  .option("--start-only", "start the daemon (or find it running) and exit; serves nothing (what the native relay runs)", false)
  .action(async (o: { simulate: boolean; policy?: string; autostart: boolean; singleTool: boolean; sessionFd?: string; startOnly: boolean }) => {
    if (o.sessionFd !== undefined && !/^\d{1,9}$/.test(o.sessionFd)) die(`--session-fd ${o.sessionFd}: expected a file descriptor number`);
    if (o.startOnly) {
      const { startOnly } = await import("./mcp-main.js");
      await startOnly({ paths, autostart: o.autostart, simulate: o.simulate, ...(o.policy ? { policyPath: o.policy } : {}), endpointMode: o.singleTool ? "single" : "semantic" });
    }
    const session = o.sessionFd !== undefined ? (await import("./mcp-main.js")).sessionFrom(Number(o.sessionFd)) : undefined;
    const { runMcpShim } = await import("../mcp/stdio.js");
    await runMcpShim({
      paths,
      autostart: o.autostart,
      simulate: o.simulate,
      ...(o.policy ? { policyPath: o.policy } : {}),
      endpointMode: o.singleTool ? "single" : "semantic",
      ...(typeof session === "object" ? { session } : typeof session === "string" ? { handoverFailed: session } : {}),
    });
  });

program
  .command("status")
  .description("What the daemon is doing: mode, blocks, executions, pending approvals, audit head")
  .option("--json", "machine-readable output", false)
  .action(async (o: { json: boolean }) => {
    await withDaemon(async (c) => {
      const s = await c.request("status", {});
      print(o.json, s, () => {
        const ch = s.approvalChannel as { simulated: boolean; display: string; securityKey: string };
        const lines = [
          `haltkey ${String(s.version)} pid ${String(s.pid)} on ${String(s.socket)}`,
          `mode ${String(s.mode)}; approvals: ${ch.simulated ? "SIMULATED display and key" : `display ${ch.display}, key ${ch.securityKey}`}`,
        ];
        for (const b of s.blocks as Array<Record<string, string>>) lines.push(`BLOCKED ${b.agent}: ${b.reason} (since ${b.since}, challenge ${b.verificationId ?? "re-issued on next contact"})`);
        for (const p of s.pending as Array<Record<string, string>>) lines.push(`pending ${p.kind} ${p.id}: ${p.text}`);
        lines.push(`${(s.executions as unknown[]).length} active execution(s); audit head #${String((s.audit as { seq: number }).seq)}`);
        return lines.join("\n");
      });
    });
  });

const audit = program.command("audit").description("The hash-chained audit log");
audit
  .command("verify")
  .description("Walk the audit chain, check the state it guards and its anchor; report any rewritten, dropped or added record or state entry")
  .option("--json", "machine-readable output", false)
  .action(async (o: { json: boolean }) => {
    let report: import("../store/audit.js").ChainReport;
    const running = await DaemonClient.connect(paths.operatorSocket).catch(() => undefined);
    if (running) {
      try {
        report = await running.request("audit.verify", {});
      } finally {
        running.close();
      }
    } else {
      const { Store } = await import("../store/store.js");
      let store: import("../store/store.js").Store;
      try {
        // inspectOnly: list every problem of a tampered store instead of refusing to open it.
        store = await Store.open(paths.db, Date.now, { inspectOnly: true });
      } catch (e) {
        die((e as Error).message, 2);
      }
      report = await store.verifyAudit();
      await store.close();
    }
    const signed = (): string => {
      const c = report.checkpoints;
      if (!c) return "";
      if (!c.last) return `\nno signed checkpoint yet: all ${c.unsigned} records are unsigned (an approval by a security key touch signs one)`;
      return `\nlast signed checkpoint: record #${c.last.seq} (${c.last.at}, key ${c.last.label ?? c.last.key.slice(0, 16)}) signs the chain up to #${c.last.head.seq}; ${c.unsigned} records after it are unsigned`;
    };
    print(o.json, report, () =>
      report.ok
        ? `audit chain OK: ${report.records} records, head #${report.head.seq} ${report.head.hash.slice(0, 16)}${signed()}`
        : `audit chain BROKEN (${report.records} records read):\n${report.problems.map((p) => `  - ${p}`).join("\n")}${signed()}`,
    );
    if (!report.ok) process.exit(1);
  });

program
  .command("eval <files...>")
  .description("Score the decision pipeline on labeled JSONL corpora: recall, false positives, tier confusion")
  .option("--split <split>", "heldout (odd ids), dev (even ids) or all", "heldout")
  .option("--policy <file>", "policy to evaluate under (default: the defaults)")
  .option("--markdown <file>", "write the dev report as a markdown page (docs/eval.md), keeping the page's held-out history as written")
  .option("--json", "machine-readable output", false)
  .action(async (files: string[], o: { split: string; policy?: string; markdown?: string; json: boolean }) => {
    if (!["heldout", "dev", "all"].includes(o.split)) die("--split must be heldout, dev or all", 2);
    const { defaultRuleSet } = await import("../core/rules/index.js");
    const { compilePolicy: compile, defaultPolicy, parsePolicy, policyFor } = await import("../core/policy.js");
    const { parseCorpus, scoreFile, toMarkdown } = await import("../eval/evaluate.js");
    const { basename } = await import("node:path");
    const rules = defaultRuleSet();
    let compiled;
    try {
      compiled = o.policy ? compile(parsePolicy(await readFile(o.policy, "utf8"), o.policy)) : compile(defaultPolicy());
    } catch (e) {
      die((e as Error).message, 2);
    }
    const policy = policyFor(compiled, "eval");
    const corpora = await Promise.all(files.sort().map(async (f) => ({ name: basename(f), ...parseCorpus(await readFile(f, "utf8")) })));
    const run = (split: "heldout" | "dev" | "all") => corpora.map((c) => scoreFile(c.name, c.records, c.invalid, split, rules, policy));
    if (o.markdown) {
      // The page is written from the dev split only; the held-out split is spent (src/eval/page.ts).
      if (o.split !== "dev") die("--markdown writes dev figures only: pass --split dev", 2);
      const { writeFile } = await import("node:fs/promises");
      const { evalPage } = await import("../eval/page.js");
      const previous = await readFile(o.markdown, "utf8").catch(() => undefined);
      const page = evalPage({ actionRules: rules.actions.rules.length, contentDetectors: rules.content.rules.length, dev: toMarkdown(run("dev")), ...(previous !== undefined ? { previous } : {}) });
      await writeFile(o.markdown, page);
      process.stderr.write(`wrote ${o.markdown}\n`);
      return;
    }
    const reports = run(o.split as "heldout" | "dev" | "all");
    print(o.json, reports, () => toMarkdown(reports));
  });

const config = program.command("config").description("Policy files");
config
  .command("check <file>")
  .description("Validate a policy file and print what it compiles to")
  .option("--json", "machine-readable output", false)
  .action(async (file: string, o: { json: boolean }) => {
    const { PolicyError, parsePolicy } = await import("../core/policy.js");
    try {
      const p = parsePolicy(await readFile(file, "utf8"), file);
      const summary = { ok: true, mode: p.mode, maxAutonomousSteps: p.maxAutonomousSteps, riskTolerance: p.riskTolerance, deny: p.deny.length, requiresApproval: p.requiresApproval.length, autoApprove: p.autoApprove.length, agents: Object.keys(p.agents) };
      print(o.json, summary, () => `${file}: OK (mode ${p.mode}, ${p.deny.length} deny, ${p.requiresApproval.length} requiresApproval, ${p.autoApprove.length} autoApprove, ${Object.keys(p.agents).length} agent overrides)`);
    } catch (e) {
      if (e instanceof PolicyError) {
        print(o.json, { ok: false, problems: e.problems }, () => e.message);
        process.exit(1);
      }
      die((e as Error).message);
    }
  });

registerHardwareCommands(program);
registerConsoleCommand(program);
registerHookCommand(program);
registerProxyCommand(program);
registerInitCommand(program);

program.parseAsync(process.argv).catch((e: Error) => die(e.stack ?? e.message));
