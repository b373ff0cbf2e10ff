// Attacks from the agent side: find a code anywhere the agent (or anyone) can read, approve without
// the human through any operation, and crash the daemon with malformed input.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_NAMES } from "../src/core/operations.js";
import { allBytesUnder, cleanup, cli, connectAgent, displayScreens, startDaemon, tempHome, writePolicy, type Agent, type Daemon } from "./helpers/daemon.js";

let home: string;
let daemon: Daemon;
let agent: Agent;

beforeAll(async () => {
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--policy", writePolicy(home, { deny: ["drop_*"], requiresApproval: ["deploy*"] })]);
  agent = await connectAgent(home);
});
afterAll(async () => {
  await agent?.close();
  await daemon?.stop();
  cleanup(home);
});

const step = (element_name: string, nextActionHint: string, extra: Record<string, unknown> = {}) =>
  agent.call("mcp_aql_create", "record_execution_step", { element_name, nextActionHint, ...extra });

describe("no agent-side sequence approves, verifies or unblocks (MUST 8.7.3, 8.8)", () => {
  it("every operation, with every id the agent has seen, leaves the pause, the challenge and the block in place", async () => {
    // The blocked agent gets its own session: a block binds its whole session, which would
    // otherwise explain every refusal below by itself.
    // A pause binds its session too, so the paused agents get sessions of their own as well.
    const blocked = await connectAgent(home);
    const verifier = await connectAgent(home);
    await agent.call("mcp_aql_execute", "execute_agent", { element_name: "c" });
    await verifier.call("mcp_aql_execute", "execute_agent", { element_name: "v" });
    await blocked.call("mcp_aql_execute", "execute_agent", { element_name: "d" });
    const confirmationId = (await step("c", "deploy the api")).data.confirmation.confirmationId;
    const vStep = (hint: string, extra: Record<string, unknown> = {}) =>
      verifier.call("mcp_aql_create", "record_execution_step", { element_name: "v", nextActionHint: hint, ...extra });
    const verificationId = (await vStep("rotate keys", { riskScore: 70 })).data.verification.verificationId;
    const blockId = (await blocked.call("mcp_aql_create", "record_execution_step", { element_name: "d", nextActionHint: "drop_table users" })).data.verification.verificationId;
    const ids = [confirmationId, verificationId, blockId];
    const tools = ["mcp_aql_create", "mcp_aql_read", "mcp_aql_execute"];
    const codes = ["", "0000-0000-0000-0000-0000-0000-00", confirmationId, verificationId, "approve", "yes", "true"];
    for (const who of [agent, blocked, verifier]) {
      for (const tool of tools) {
        for (const operation of OPERATION_NAMES) {
          for (const id of ids) {
            for (const code of codes.slice(0, 3)) {
              await who.raw(tool, {
                operation,
                params: { element_name: "d", confirmation_id: id, challenge_id: id, execution_id: id, code, wait_seconds: 0, approve: true },
              });
              await who.raw(tool, { operation, params: { confirmation_id: id, wait_seconds: 0 } });
              await who.raw(tool, { operation, params: { challenge_id: id, code } });
            }
          }
        }
      }
      for (const id of ids) {
        for (const code of codes) await who.raw("mcp_aql_create", { operation: "verify_challenge", params: { challenge_id: id, code, element_name: "d" } });
        await who.raw("mcp_aql_execute", { operation: "confirm_operation", params: { confirmation_id: id, wait_seconds: 0 } });
      }
    }
    // The confirmation still waits for the human.
    const c = await step("c", "deploy the api");
    expect(c.data.autonomy).toMatchObject({ continue: false, stopped: false });
    expect(c.data.confirmation.confirmationId).toBe(confirmationId);
    // Wrong codes burned the verify challenge (one-time use); the action did not get through: it
    // pauses again with a new challenge.
    const v = await vStep("rotate keys", { riskScore: 70 });
    expect(v.data.autonomy.continue).toBe(false);
    expect(v.data.verification.verificationId).not.toBe(verificationId);
    // The block holds under the agent's name, in its own session and in others.
    expect((await blocked.call("mcp_aql_create", "record_execution_step", { element_name: "d", nextActionHint: "ls" })).data.autonomy.stopped).toBe(true);
    expect((await step("d", "ls")).data.autonomy.stopped).toBe(true);
    const status = JSON.parse((await cli(home, "status", "--json")).stdout);
    expect(status.blocks.map((b: { agent: string }) => b.agent)).toContain("d");
    expect(status.pending.map((p: { id: string }) => p.id)).toContain(confirmationId);
    expect(JSON.parse((await cli(home, "audit", "verify", "--json")).stdout).ok).toBe(true);
    await blocked.close();
    await verifier.close();
  });
});

describe("codes never leave the approval channel (MUST 8.8.2, 8.8.4)", () => {
  it("no code appears in any MCP response, error, log line, stderr, status output or database byte", async () => {
    // One session per agent: each pause binds its session.
    const others = await Promise.all([0, 1, 2, 3].map(() => connectAgent(home)));
    for (const [i, o] of others.entries()) {
      await o.call("mcp_aql_execute", "execute_agent", { element_name: `leak${i}` });
      await o.call("mcp_aql_create", "record_execution_step", { element_name: `leak${i}`, nextActionHint: `rotate secret ${i}`, riskScore: 75 });
    }
    const other = others[0]!;
    const paused = await other.call("mcp_aql_create", "record_execution_step", { element_name: "leak0", nextActionHint: "x" });
    expect(paused.data.autonomy.reason).toMatch(/verify_challenge/);
    // Wrong codes produce errors: they must not echo the right one.
    for (const s of displayScreens(home).filter((x) => x.code)) {
      await other.raw("mcp_aql_create", { operation: "verify_challenge", params: { challenge_id: s.requestId, code: "AAAA" } });
    }
    const status = await cli(home, "status", "--json");
    const auditOut = await cli(home, "audit", "verify", "--json");
    for (const o of others) await o.close();
    await daemon.stop();

    const codes = displayScreens(home)
      .filter((s) => s.code)
      .map((s) => s.code!);
    expect(codes.length).toBeGreaterThanOrEqual(6);
    const agentSide = [...agent.seen, agent.stderr(), ...others.flatMap((o) => [...o.seen, o.stderr()]), status.stdout, status.stderr, auditOut.stdout].join("\n");
    const daemonSide = daemon.stderr() + (existsSync(join(home, "haltkey.log")) ? readFileSync(join(home, "haltkey.log"), "utf8") : "");
    const dbBytes = allBytesUnder(join(home, "db"));
    for (const code of codes) {
      const forms = [code, code.replace(/-/g, ""), code.toLowerCase(), code.replace(/-/g, "").toLowerCase()];
      for (const form of forms) {
        expect(agentSide.includes(form), `code in agent-visible output`).toBe(false);
        expect(daemonSide.includes(form), `code in daemon logs`).toBe(false);
        expect(dbBytes.includes(Buffer.from(form)), `code in database files`).toBe(false);
      }
    }
    // The one place codes are: the simulated display, readable by its owner only.
    const { statSync } = await import("node:fs");
    expect(statSync(join(home, "sim", "display.jsonl")).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, "haltkey.sock"), { throwIfNoEntry: false })).toBeUndefined();
    daemon = await startDaemon(home, ["--simulate"]);
  });
});

describe("malformed input never kills the daemon", () => {
  it("thousands of random tool calls all get structured results, and the daemon still works", async () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.string({ maxLength: 40 }),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 12 }), tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    const operation = fc.oneof(fc.constantFrom(...OPERATION_NAMES, "", "INTROSPECT", "drop", "__proto__", "constructor"), fc.string({ maxLength: 20 }));
    const paramName = fc.constantFrom("element_name", "nextActionHint", "outcome", "riskScore", "challenge_id", "code", "confirmation_id", "execution_id", "wait_seconds", "query", "name", "__proto__", "_meta", "maxAutonomousSteps");
    const params = fc.dictionary(paramName, fc.oneof(json, fc.constant(0)), { maxKeys: 6 });
    const args = fc.oneof(
      fc.record({ operation, params }),
      fc.record({ operation, params: json }),
      fc.dictionary(fc.string({ maxLength: 10 }), json, { maxKeys: 4 }),
    );
    const tool = fc.constantFrom("mcp_aql_create", "mcp_aql_read", "mcp_aql_execute", "mcp_aql", "nope");
    const fuzzer = await connectAgent(home);
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(tool, args, async (t, a) => {
        const r = await fuzzer.raw(t, a);
        calls++;
        const parsed = JSON.parse(r.text);
        expect(typeof parsed.success).toBe("boolean");
        if (!parsed.success) expect(parsed.error.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      }),
      { numRuns: 3000 },
    );
    expect(calls).toBe(3000);
    await fuzzer.close();
    const s = await cli(home, "status", "--json");
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).storeFailed).toBe(false);
  });

  it("raw garbage on the daemon socket (bad JSON, bad UTF-8, oversize lines) is refused and the daemon lives", async () => {
    const { connect } = await import("node:net");
    const send = (bytes: Buffer): Promise<string> =>
      new Promise((res) => {
        const s = connect(join(home, "haltkey.sock"));
        let out = "";
        s.on("data", (d) => (out += d.toString()));
        s.on("close", () => res(out));
        s.on("error", () => res(out));
        s.write(bytes, () => setTimeout(() => s.end(), 200));
      });
    expect(await send(Buffer.from("{not json}\n"))).toMatch(/VALIDATION_INVALID_TYPE/);
    expect(await send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]))).toMatch(/VALIDATION_INVALID_ENCODING/);
    expect(await send(Buffer.from('{"id":1,"method":"aql","params":{"tool":"mcp_aql_read","arguments":{"operation":"introspect"},"extra":1}}\n'))).toMatch(/VALIDATION_INVALID_VALUE/);
    expect(await send(Buffer.from('{"id":1,"method":"nope"}\n'))).toMatch(/NOT_FOUND_OPERATION/);
    expect(await send(Buffer.alloc(9 * 1024 * 1024, 0x61))).toMatch(/VALIDATION_PAYLOAD_TOO_LARGE/);
    expect((await cli(home, "status")).code).toBe(0);
  });

  it("no operator method answers on the agent socket: approve, verify, unblock, keys, pairing, the simulator", async () => {
    const { connect } = await import("node:net");
    const { OPERATOR_METHODS } = await import("../src/daemon/server.js");
    const uuid = "00000000-0000-4000-8000-000000000001";
    const params: Record<string, unknown> = {
      approve: { requestId: uuid, waitSeconds: 1 },
      verify: { challengeId: uuid, code: "AAAAA" },
      "admin.unblock": { agent: "someone", waitSeconds: 1 },
      "keys.enroll": { label: "agent-key", waitSeconds: 1 },
      "keys.remove": { key: "anything", waitSeconds: 1 },
      "request.get": { requestId: uuid },
      "sim.press": { requestId: uuid, decision: "approve" },
      "sim.touch": {},
      "pair.confirm": { waitSeconds: 1 },
    };
    const answers = await new Promise<string[]>((res) => {
      const s = connect(join(home, "haltkey.sock"));
      let out = "";
      s.on("data", (d) => (out += d.toString()));
      s.on("close", () => res(out.split("\n").filter((l) => l.length > 0)));
      const methods = [...OPERATOR_METHODS];
      s.write(methods.map((m, i) => JSON.stringify({ id: i, method: m, params: params[m] ?? {} })).join("\n") + "\n", () => setTimeout(() => s.end(), 500));
    });
    expect(answers).toHaveLength(OPERATOR_METHODS.size);
    for (const line of answers) expect(JSON.parse(line).error.code).toBe("NOT_FOUND_OPERATION");
    const keys = JSON.parse((await cli(home, "keys", "--json")).stdout) as Array<{ label: string }>;
    expect(keys.map((k) => k.label)).not.toContain("agent-key");
  });
});

// Attack round of issue 11. The store edits (finding 5, 6) need the daemon stopped and live in
// audit-tamper.integration.test.ts; the deployment probes in deployment.integration.test.ts.
describe("a call smuggled past the proxy (issue 11, finding 1)", () => {
  it("rm -rf ~ hidden behind raw CRs in a notification never reaches a server reading with universal newlines; sent plainly it is stopped", async () => {
    const { writeFileSync } = await import("node:fs");
    const { RawProxy } = await import("./helpers/raw-proxy.js");
    const log = join(home, "smuggle-received.jsonl");
    const server = join(home, "universal.py");
    // The Python MCP SDK's stdio server reads stdin through TextIOWrapper: universal newlines.
    writeFileSync(
      server,
      [
        "import io, json, sys",
        "log = open(sys.argv[1], 'a', buffering=1)",
        "for line in io.TextIOWrapper(sys.stdin.buffer, encoding='utf-8'):",
        "    m = json.loads(line)",
        "    log.write(json.dumps(m.get('method')) + '\\n')",
        "    if m.get('method') == 'initialize':",
        "        print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {'protocolVersion': '2025-06-18', 'capabilities': {'tools': {}}, 'serverInfo': {'name': 'db', 'version': '1'}}}), flush=True)",
        "    if m.get('method') == 'tools/call':",
        "        print(json.dumps({'jsonrpc': '2.0', 'id': m['id'], 'result': {'content': [{'type': 'text', 'text': 'dropped'}]}}), flush=True)",
      ].join("\n"),
    );
    const proxy = new RawProxy(["python3", server, log], "adv-smuggler", home);
    proxy.send(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }));
    await proxy.next((l) => JSON.parse(l).id === 0);
    // The finding's own call; judged by the default rules (an earlier test restarts the daemon without a policy).
    const call = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "run_shell", arguments: { command: "rm -rf ~" } } });
    proxy.send(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":\r${call(99)}\r}}`);
    const refused = JSON.parse(await proxy.next((l) => JSON.parse(l).error !== undefined));
    expect(refused.error.message).toMatch(/carriage return/);
    proxy.send(call(1));
    const plain = JSON.parse(await proxy.next((l) => JSON.parse(l).id === 1));
    expect(plain.result.isError, JSON.stringify(plain)).toBe(true);
    expect(plain.result.content[0].text).toMatch(/haltkey (stopped|paused) this call/);
    await proxy.close();
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual(['"initialize"']);
  });
});
