// Where the time of one record_execution_step goes, layer by layer, measured in this process with
// the daemon's own code: the daemon's request handling (server.ts answer(): frame, protocol checks,
// the engine, the store, the result check) and each of its parts timed alone on the same inputs,
// then the shim's own work and the MCP SDK's work on the same messages. Every case runs in turn
// in one loop (interleaved), so all see the same machine. Nothing here changes production code:
// the store's transition is only watched (its arguments recorded) to replay the same shape alone.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { CallToolRequestSchema, CallToolResultSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { evaluateStep } from "../src/core/pipeline.js";
import { parseToolCall } from "../src/core/operations.js";
import { compilePolicy, PolicyFile, policyFor } from "../src/core/policy.js";
import { defaultRuleSet } from "../src/core/rules/index.js";
import type { OperationResult } from "../src/core/wire.js";
import { silentLogger } from "../src/daemon/log.js";
import { isMethod, parseParams, parseResult, RequestFrame } from "../src/daemon/protocol.js";
import { answer } from "../src/daemon/server.js";
import type { Handlers } from "../src/daemon/handlers.js";
import { SafetyService } from "../src/engine/engine.js";
import { callTool } from "../src/mcp/tools.js";
import { readMessage } from "../src/mcp/shim-rpc.js";
import { operationResultOf } from "../src/mcp/shim-answers.js";
import { ShimCalls } from "../src/mcp/shim-call.js";
import { loadManifest } from "../src/mcp/shim-manifest.js";
import { Store, type AuditEvent, type Changes } from "../src/store/store.js";
import { fmt, interleaved, type Stats } from "./stats.js";

/**
 * The bench's agents take thousands of steps: neither the step limit (default 100) nor the tool-call
 * budget (default 1,000 since a human last looked) may pause them midway, or the steps measured
 * after it would be paused steps, not the benign step the figure is about.
 */
export const BENCH_POLICY = { maxAutonomousSteps: 100_000, breakers: { budgets: { maxWallSeconds: 4 * 3600, maxToolCalls: 100_000_000, maxTokens: 5_000_000 } } };

/** What one agent step sends: the hint differs per step, as a real agent's does (no cache serves it). */
export const stepHint = (i: number): string => `executing shell command: ls -la src/module_${i}`;

export interface DaemonParts {
  readonly where: string;
  readonly rows: ReadonlyArray<readonly [string, Stats]>;
}

/** The daemon's side of one step, in process, with its store in `dir` (disk or tmpfs). */
export async function daemonParts(prefix: string, where: string, rounds = 1500): Promise<DaemonParts> {
  const dir = mkdtempSync(prefix);
  const store = await Store.open(join(dir, "db"));
  try {
    const policy = compilePolicy(PolicyFile.parse(BENCH_POLICY));
    const rules = defaultRuleSet();
    const log = silentLogger();
    const service = await SafetyService.start({
      store,
      policy,
      rules,
      channel: { info: { simulated: true, display: "attached", securityKey: "attached" }, show: async () => {}, clear: async () => {}, onDecision: () => {} },
      now: Date.now,
      randomBytes,
      uuid: randomUUID,
      log,
      endpointMode: "semantic",
    });
    // Watch the store: the last transition a step made, to replay its shape alone.
    let last: { changes: Changes; events: readonly AuditEvent[] } | undefined;
    const transition = store.transition.bind(store);
    const watched: Store["transition"] = (changes, events, now) => {
      last = { changes, events };
      return transition(changes, events, now);
    };
    store.transition = watched;
    const conn = { caller: { sessionId: randomUUID() } };
    const handlers = { aql: (p: { tool: string; arguments: unknown }, c: typeof conn) => service.call(c.caller, p.tool, p.arguments) } as unknown as Handlers;
    const started = await service.call(conn.caller, "mcp_aql_execute", { operation: "execute_agent", params: { element_name: "bench", maxAutonomousSteps: 100000 } });
    if (!started.success) throw new Error(`execute_agent failed: ${JSON.stringify(started.error)}`);
    let i = 0;
    const args = (): { operation: string; params: Record<string, unknown> } => ({ operation: "record_execution_step", params: { element_name: "bench", nextActionHint: stepHint(i++) } });
    const line = (): string => JSON.stringify({ id: i, method: "aql", params: { tool: "mcp_aql_create", arguments: args() } });
    // One real step first: its result and its transition are the inputs of the parts below.
    const first = (await answer(handlers, "agent", line(), conn, log)) as { result: OperationResult };
    if (!first.result.success || !(first.result.data as { autonomy: { continue: boolean } }).autonomy.continue) throw new Error(`bench step was not allowed: ${JSON.stringify(first.result)}`);
    const stepTransition = last!;
    // After all the rounds below, the step must still be allowed (checked at the end).
    const stillAllowed = async (): Promise<void> => {
      const r = (await answer(handlers, "agent", line(), conn, log)) as { result: OperationResult };
      if (!r.result.success || !(r.result.data as { autonomy: { continue: boolean } }).autonomy.continue) throw new Error(`the bench step was paused midway: ${JSON.stringify(r.result)}`);
    };
    const agentPolicy = policyFor(policy, "bench");
    const frameLine = line();
    const params = { tool: "mcp_aql_create", arguments: args() };
    let syncNs = 0;
    let syncN = 0;
    const cases: Array<readonly [string, () => unknown]> = [
      ["daemon: whole request (answer(), store incl.)", () => answer(handlers, "agent", line(), conn, log).then((f) => JSON.stringify(f))],
      ["  frame: JSON.parse + RequestFrame + method", () => {
        const f = RequestFrame.safeParse(JSON.parse(frameLine));
        return f.success && isMethod(f.data.method);
      }],
      ["  protocol: aql params check (zod)", () => parseParams("aql", params)],
      ["  engine: service.call (all below)", () => service.call(conn.caller, "mcp_aql_create", args())],
      // The same call with the store's transition answered at once: what the engine does in memory.
      // The stub stays until the call settles: the step reaches the store after awaits of its own
      // (restoring it synchronously, as this did before, timed the real store and fsync here).
      ["  engine without the store (transition stubbed)", () => {
        store.transition = async () => [];
        return service.call(conn.caller, "mcp_aql_create", args()).finally(() => {
          store.transition = watched;
        });
      }],
      ["    aql parse: parseToolCall", () => parseToolCall("mcp_aql_create", args(), "semantic")],
      ["    evaluateStep (fresh hint)", () => evaluateStep({ hint: stepHint(i++), autonomousStep: 10, maxAutonomousSteps: 100_000 }, { kind: "clear" }, agentPolicy, rules)],
      ["    store.transition (chain, digest, journal)", () => store.transition(stepTransition.changes, stepTransition.events, Date.now())],
      // The journal record is written on the next turn of the event loop (group commit), so what
      // returns at once is the chain and the state digest.
      ["      of which synchronous (chain, digest)", () => {
        const t = process.hrtime.bigint();
        const p = store.transition(stepTransition.changes, stepTransition.events, Date.now());
        syncNs += Number(process.hrtime.bigint() - t);
        syncN++;
        return p;
      }],
      ["  protocol: aql result check (zod)", () => parseResult("aql", first.result)],
      ["  answer: JSON.stringify", () => JSON.stringify({ id: 1, result: first.result })],
    ];
    const measured = await interleaved(cases, rounds);
    await stillAllowed();
    // The synchronous part was timed inside its case; the case's own figure includes the journal write.
    const rows: Array<readonly [string, Stats]> = [...measured.entries()];
    const k = rows.findIndex(([l]) => l.includes("of which synchronous"));
    rows[k] = [rows[k]![0], { n: syncN, p50: syncNs / syncN / 1000, p99: Number.NaN, mean: syncNs / syncN / 1000, perSecond: Number.NaN }];
    return { where, rows };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The shim's own work and the MCP SDK's on one step's messages, beside the same for the do-nothing tool. */
export async function shimParts(stepResult: OperationResult, rounds = 3000): Promise<ReadonlyArray<readonly [string, Stats]>> {
  const stepArgs = { operation: "record_execution_step", params: { element_name: "bench", nextActionHint: stepHint(1) } };
  const request = (name: string, args: unknown): string => serializeMessage({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args } } as JSONRPCMessage);
  const stepLine = request("mcp_aql_create", stepArgs);
  const noopLine = request("noop", {});
  const stepCallResult = await callTool("mcp_aql_create", stepArgs, async () => stepResult);
  const noopCallResult = { content: [{ type: "text", text: "{}" }] };
  const daemonAnswer = JSON.stringify({ id: 3, result: stepResult });
  const calls = new ShimCalls(loadManifest(new URL("../src/mcp/shim-manifest.json", import.meta.url)));
  // What an SDK server does with one tools/call (shared/stdio.ts, shared/protocol.ts, server/index.ts)
  // and what the SDK client does with the answer: parse, validate the request twice, validate the
  // result, serialise; the client parses and validates the result again.
  const sdkRoundTrip = (line: string, result: object): unknown => {
    const msg = deserializeMessage(line) as { params: unknown };
    CallToolRequestSchema.parse(msg);
    CallToolRequestSchema.safeParse(msg);
    CallToolResultSchema.safeParse(result);
    const out = serializeMessage({ jsonrpc: "2.0", id: 7, result } as JSONRPCMessage);
    return CallToolResultSchema.parse((deserializeMessage(out) as { result: unknown }).result);
  };
  const cases: Array<readonly [string, () => unknown]> = [
    ["SDK work per call, do-nothing tool (both ends)", () => sdkRoundTrip(noopLine, noopCallResult)],
    ["SDK work per call, step (both ends, bigger messages)", () => sdkRoundTrip(stepLine, stepCallResult)],
    // The shim (src/mcp/shim-*.ts) checks by hand what it reads; the daemon checks the call with zod.
    ["shim: client line JSON.parse + envelope check", () => readMessage(stepLine)],
    ["shim: request frame JSON.stringify", () => JSON.stringify({ id: 3, method: "aql", params: { tool: "mcp_aql_create", arguments: stepArgs } })],
    ["shim: answer JSON.parse + hand check of the result", () => operationResultOf((JSON.parse(daemonAnswer) as { result: unknown }).result)],
    ["shim: MCP result (ShimCalls.call, JSON.stringify)", () => calls.call("mcp_aql_create", stepArgs, async () => stepResult)],
  ];
  return [...(await interleaved(cases, rounds)).entries()];
}

export function printRows(title: string, rows: ReadonlyArray<readonly [string, Stats]>): void {
  console.log(title);
  for (const [label, st] of rows) {
    console.log(Number.isNaN(st.p99) ? `${label.padEnd(50)} n=${String(st.n).padStart(6)}  mean=${st.mean.toFixed(1).padStart(7)} µs` : fmt(label, st));
  }
}
