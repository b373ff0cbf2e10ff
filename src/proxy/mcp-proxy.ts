// `haltkey proxy -- <command> [args…]`: runs any stdio MCP server as a child and sits between it
// and the client. Every tools/call is judged by the daemon before it reaches the server and its
// result is checked before it reaches the client; a pause or stop answers the client itself and
// the server never sees the call. Everything else passes through byte for byte.
import { spawn, type ChildProcess } from "node:child_process";
import { basename } from "node:path";
import type { Readable, Writable } from "node:stream";
import { DaemonError } from "../daemon/client.js";
import type { HaltkeyPaths } from "../daemon/paths.js";
import { AgentSession, type FindingsVerdict, type SessionHandle } from "../adapters/agent-session.js";
import { FindingsTooLargeError, outputText, postCallSteps, preCallStep, type StepParams, type ToolCall } from "../adapters/tool-call.js";
import { daemonDown, explain, type Verdict } from "../adapters/verdict.js";
import { classifyClient, classifyServer, unsafeKey, idKey, rpcErrorLine, serverNameOf, toolErrorLine, type JsonRpcId } from "./json-rpc.js";
import { frameLine } from "./framing-hazards.js";
import { readLines } from "./lines.js";
import { withListedAnnotations, type AnnotationCache } from "./tool-annotations.js";

export interface ProxyOptions {
  readonly paths: HaltkeyPaths;
  readonly agent: string;
  readonly command: string;
  readonly args: readonly string[];
  /** The server's name in steps; default: the name it gives in its initialize result. */
  readonly server?: string;
  readonly input: Readable;
  readonly output: Writable;
  readonly log: (message: string) => void;
}

/** Tool calls forwarded and not yet answered; beyond this new ones are refused, not queued. */
const MAX_IN_FLIGHT = 1024;
const CHILD_GRACE_MS = 5000;
const NL = Buffer.from("\n");
/**
 * Requests whose results the model reads like a tool's, checked the same way: contents, prompts,
 * and the descriptions in the lists (instructions planted in a tool's description reach the model
 * with every request).
 */
const CHECKED_READS: ReadonlySet<string> = new Set(["resources/read", "prompts/get", "tools/list", "prompts/list", "resources/list", "resources/templates/list"]);
/** JSON-RPC error code of a withheld result of one of CHECKED_READS. */
const WITHHELD = -32001;

/** The proxy's one daemon session, opened on first use and reopened after the daemon restarts. */
class Gate {
  private session: AgentSession | undefined;
  private opening: Promise<AgentSession> | undefined;
  /** The session the daemon issued on first use, resumed with its credential after a reconnect. */
  private handle: SessionHandle | undefined;
  simulated = false;

  constructor(
    private readonly paths: HaltkeyPaths,
    private readonly agent: string,
    private readonly goal: string,
  ) {}

  private open(): Promise<AgentSession> {
    if (this.session && !this.session.isClosed) return Promise.resolve(this.session);
    this.opening ??= AgentSession.open({ paths: this.paths, ...(this.handle ? { resume: this.handle } : {}), agent: this.agent, goal: this.goal, client: "haltkey-proxy" })
      .then((s) => {
        this.session = s;
        this.handle = s.handle;
        this.simulated = s.simulated;
        return s;
      })
      .finally(() => {
        this.opening = undefined;
      });
    return this.opening;
  }

  async judge(step: StepParams): Promise<Verdict> {
    let session: AgentSession;
    try {
      session = await this.open();
    } catch (e) {
      return daemonDown(e instanceof DaemonError ? e.message : String(e));
    }
    return session.step(step);
  }

  /** What a result holds (report_findings): counted into the session, never a step. */
  async findings(findings: string, call: ToolCall): Promise<FindingsVerdict> {
    let session: AgentSession;
    try {
      session = await this.open();
    } catch (e) {
      return { kind: "refused", reason: daemonDown(e instanceof DaemonError ? e.message : String(e)).reason };
    }
    return session.reportFindings(findings, call);
  }

  async close(summary: string): Promise<void> {
    if (!this.session || this.session.isClosed) return;
    await this.session.complete(summary);
    this.session.close();
  }
}

/**
 * The top-level id of a line refused before judging, if it has one, to address the refusal. Read
 * with the line breaks as spaces: this id is only where the answer goes, never what is judged.
 */
function idOf(bytes: Buffer): JsonRpcId | null {
  try {
    const id = (JSON.parse(bytes.toString("utf8").replace(/[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]/g, " ")) as { id?: unknown } | null)?.id;
    return (typeof id === "string" && id.length <= 256) || (typeof id === "number" && Number.isInteger(id)) ? id : null;
  } catch {
    return null;
  }
}

/** Runs the proxy until the client or the server goes away; resolves with the exit code. */
export function runProxy(opts: ProxyOptions): Promise<number> {
  const gate = new Gate(opts.paths, opts.agent, `MCP proxy for ${[opts.command, ...opts.args].join(" ").slice(0, 1000)}`);
  let serverName = opts.server ?? basename(opts.command);
  const named = opts.server !== undefined;
  // Tool calls, and the reads in CHECKED_READS, forwarded and not yet answered: their results
  // are checked. `rpc`: refused with a JSON-RPC
  // error rather than a tool result, which is not what the client asked for.
  const inFlight = new Map<string, { readonly id: JsonRpcId; readonly call: ToolCall; readonly rpc?: true }>();
  // Other requests forwarded and not yet answered: the only other ids the server may answer. An
  // answer to any other id (one never sent, or a tools/call still being judged, which a server
  // could guess) would reach the client unchecked: it is not passed on.
  const otherRequests = new Set<string>();
  let initializeId: string | undefined;
  // The server's tool annotations, from its tools/list results: passed with each call, raise only.
  let annotations: AnnotationCache = new Map();
  let clientQueue = Promise.resolve();
  let serverQueue = Promise.resolve();
  const ctx = (): { agent: string; simulated: boolean } => ({ agent: opts.agent, simulated: gate.simulated });

  const toClient = (line: Buffer | string): void => {
    opts.output.write(typeof line === "string" ? `${line}\n` : Buffer.concat([line, NL]));
  };

  let child: ChildProcess;
  try {
    child = spawn(opts.command, [...opts.args], { stdio: ["pipe", "pipe", "inherit"] });
  } catch (e) {
    opts.log(`cannot start ${opts.command}: ${(e as Error).message}`);
    return Promise.resolve(1);
  }
  let childGone = false;
  const toServer = (line: Buffer): void => {
    if (!childGone) child.stdin!.write(Buffer.concat([line, NL]));
  };
  child.stdin!.on("error", (e: Error) => opts.log(`writing to the MCP server failed: ${e.message}`));

  // ------------------------------------------------------------------ client -> server

  const refuse = (id: JsonRpcId | null, code: number, message: string): void => {
    opts.log(message);
    toClient(rpcErrorLine(id, code, `haltkey proxy: ${message}`));
  };

  const onClientLine = async (bytes: Buffer): Promise<void> => {
    // Judged only if every common line reader reads this line as this one message.
    const framed = frameLine(bytes);
    if (!framed.ok) return refuse(idOf(bytes), framed.code, `a client message ${framed.why}; it was not forwarded`);
    const text = framed.text;
    if (text.trim().length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // A server with a laxer parser might still run it, unjudged: it is not forwarded.
      return refuse(null, -32700, "a client message is not valid JSON; it was not forwarded");
    }
    const unsafe = unsafeKey(text);
    if (unsafe !== undefined) return refuse(null, -32600, `a client message ${unsafe}; it was not forwarded`);
    const msg = classifyClient(value);
    switch (msg.kind) {
      case "other":
        return toServer(bytes);
      case "cancelled":
        if (msg.requestId !== undefined) {
          // A cancelled request need not be answered; a cancelled tools/call stays, so that its
          // answer, if it comes, is still checked.
          otherRequests.delete(idKey(msg.requestId));
          if (inFlight.get(idKey(msg.requestId))?.rpc) inFlight.delete(idKey(msg.requestId));
        }
        return toServer(bytes);
      case "request":
        // One request per id at a time: otherwise a server's answer to one could pass as the other's.
        if (inFlight.has(idKey(msg.id)) || otherRequests.has(idKey(msg.id))) return refuse(msg.id, -32600, `request id ${idKey(msg.id)} is already in flight; it was not forwarded`);
        if (CHECKED_READS.has(msg.method)) {
          if (inFlight.size >= MAX_IN_FLIGHT) return refuse(msg.id, -32600, `more than ${MAX_IN_FLIGHT} requests are in flight; this one was not forwarded`);
          const params = msg.params !== null && typeof msg.params === "object" ? (msg.params as Record<string, unknown>) : {};
          const args = Object.fromEntries(["uri", "name", "arguments"].filter((k) => k in params).map((k) => [k, params[k]]));
          inFlight.set(idKey(msg.id), { id: msg.id, call: { tool: msg.method, server: serverName, arguments: args }, rpc: true });
          return toServer(bytes);
        }
        if (otherRequests.size >= MAX_IN_FLIGHT) {
          return refuse(msg.id, -32600, `more than ${MAX_IN_FLIGHT} requests are in flight; this one was not forwarded`);
        }
        otherRequests.add(idKey(msg.id));
        return toServer(bytes);
      case "initialize":
        initializeId = idKey(msg.id);
        return toServer(bytes);
      case "batch":
        if (!msg.hasToolCall) {
          if (otherRequests.size + msg.requestIds.length > MAX_IN_FLIGHT) return refuse(null, -32600, `more than ${MAX_IN_FLIGHT} requests are in flight; the batch was not forwarded`);
          for (const id of msg.requestIds) otherRequests.add(idKey(id));
          return toServer(bytes);
        }
        opts.log("a batch holding tools/call was refused; send tool calls one per message");
        toClient(JSON.stringify(msg.ids.map((id) => JSON.parse(rpcErrorLine(id, -32600, "haltkey proxy: batches holding tools/call are refused; send tool calls one per message")))));
        return;
      case "invalid":
        return refuse(msg.id, msg.code, msg.message);
      case "tools/call": {
        if (childGone) {
          toClient(toolErrorLine(msg.id, "haltkey proxy: the MCP server has exited; the call was not made."));
          return;
        }
        if (inFlight.has(idKey(msg.id)) || otherRequests.has(idKey(msg.id))) return refuse(msg.id, -32600, `tools/call id ${idKey(msg.id)} is already in flight; it was not forwarded`);
        if (inFlight.size >= MAX_IN_FLIGHT) {
          toClient(toolErrorLine(msg.id, `haltkey proxy: more than ${MAX_IN_FLIGHT} tool calls are in flight; this one was not made. Wait for answers and retry.`));
          return;
        }
        const call: ToolCall = { tool: msg.name, server: serverName, arguments: msg.arguments };
        const declared = annotations.get(msg.name);
        const step: StepParams & { annotations?: typeof declared } = { ...preCallStep(call), ...(declared ? { annotations: declared } : {}) };
        const v = await gate.judge(step);
        if (childGone) {
          toClient(toolErrorLine(msg.id, "haltkey proxy: the MCP server has exited; the call was not made."));
          return;
        }
        if (v.kind !== "continue") {
          opts.log(`tools/call ${msg.name} not forwarded: ${v.kind}`);
          toClient(toolErrorLine(msg.id, `${explain(v, ctx())} The call was not made.`));
          return;
        }
        inFlight.set(idKey(msg.id), { id: msg.id, call });
        return toServer(bytes);
      }
    }
  };

  // ------------------------------------------------------------------ server -> client

  const onServerLine = async (bytes: Buffer): Promise<void> => {
    // A line some client's reader would split into other messages (a CR, U+2028, invalid UTF-8…)
    // could carry a tool result nobody checked: it is not passed on. If it answers a call in
    // flight, the client is told the call ran and its result was withheld.
    const framed = frameLine(bytes);
    if (!framed.ok) {
      opts.log(`the MCP server wrote a line that ${framed.why}; it was not passed to the client`);
      const id = idOf(bytes);
      const pending = id === null ? undefined : inFlight.get(idKey(id));
      if (id !== null && pending) {
        inFlight.delete(idKey(id));
        const why = `haltkey withheld the result of this ${pending.rpc ? pending.call.tool : "call"}, which did run on the server: the server's answer ${framed.why}, so the client could have read other messages in it than haltkey checked.`;
        toClient(pending.rpc ? rpcErrorLine(pending.id, WITHHELD, why) : toolErrorLine(pending.id, why));
      }
      return;
    }
    const text = framed.text;
    if (text.trim().length === 0) return toClient(bytes);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      opts.log("the MCP server wrote a line that is not JSON; it was not passed to the client");
      return;
    }
    const msg = classifyServer(value);
    if (msg.kind !== "response") return toClient(bytes);
    const key = idKey(msg.id);
    if (initializeId === key) {
      initializeId = undefined;
      const name = serverNameOf(msg.result);
      if (name && !named) serverName = name;
      return toClient(bytes);
    }
    const pending = inFlight.get(key);
    if (!pending) {
      if (otherRequests.delete(key)) return toClient(bytes);
      opts.log(`the MCP server answered id ${key}, which is no request in flight (never sent, already answered, or a tools/call still being judged); the answer was not passed on`);
      return;
    }
    inFlight.delete(key);
    if (msg.isErrorResponse) return toClient(bytes);
    // What the server declares about its tools is remembered whether or not the list reaches the
    // client: it can only make later calls more cautious.
    if (pending.rpc && pending.call.tool === "tools/list") annotations = withListedAnnotations(annotations, msg.result);
    const withheld = (why: string): void => {
      opts.log(`result of ${pending.call.tool} withheld`);
      if (pending.rpc) toClient(rpcErrorLine(pending.id, WITHHELD, `haltkey withheld the result of this ${pending.call.tool}. ${why}`));
      else toClient(toolErrorLine(pending.id, `haltkey withheld the result of this call, which did run on the server. ${why}`));
    };
    const output = outputText(msg.result);
    if (output.trim().length === 0) return toClient(bytes);
    try {
      for (const step of postCallSteps(pending.call, output)) {
        // Findings only (not a step) for what a result holds; only a result carrying planted
        // instructions is judged as a step, which pauses so the human can read it and let it through.
        const f = await gate.findings(step.findings ?? "", pending.call);
        if (f.kind === "refused") return withheld(`It could not be checked: ${f.reason}`);
        if (!f.strongInjection) continue;
        const v = await gate.judge(step);
        if (v.kind === "pause") {
          return withheld(`${explain(v, ctx(), "output")} The result may carry instructions planted by whoever wrote it. Once the human has approved, the same call made again returns its result if it is unchanged.`);
        }
        if (v.kind !== "continue") return withheld(explain(v, ctx(), "output"));
      }
    } catch (e) {
      return withheld(`It could not be checked: ${e instanceof FindingsTooLargeError ? e.message : `internal error (${(e as Error).message})`}.`);
    }
    return toClient(bytes);
  };

  return new Promise<number>((resolve) => {
    let finished = false;
    const finish = (code: number): void => {
      if (finished) return;
      finished = true;
      childGone = true;
      // Answers already being checked go out first; then every call still waiting is told.
      void serverQueue.then(async () => {
        for (const { id, call, rpc } of inFlight.values()) {
          if (rpc) {
            toClient(rpcErrorLine(id, WITHHELD, `haltkey proxy: the MCP server exited before answering ${call.tool}`));
            continue;
          }
          toClient(toolErrorLine(id, `haltkey proxy: the MCP server exited before answering ${call.tool}; the call may or may not have run.`));
        }
        inFlight.clear();
        await gate.close("MCP proxy ended").catch(() => undefined);
        resolve(code);
      });
    };

    readLines(opts.input, {
      line: (b) => {
        clientQueue = clientQueue.then(() => onClientLine(b)).catch((e: Error) => opts.log(`internal error on a client message (not forwarded): ${e.message}`));
      },
      oversized: (n) => {
        clientQueue = clientQueue.then(() => refuse(null, -32600, `a client message of ${n} bytes is too long; it was not forwarded`));
      },
      end: () => {
        // The client went away: let the server finish, then make sure it is gone.
        void clientQueue.then(() => {
          child.stdin!.end();
          const term = setTimeout(() => child.kill("SIGTERM"), CHILD_GRACE_MS);
          const kill = setTimeout(() => child.kill("SIGKILL"), 2 * CHILD_GRACE_MS);
          child.once("close", () => {
            clearTimeout(term);
            clearTimeout(kill);
          });
        });
      },
    });
    readLines(child.stdout!, {
      line: (b) => {
        serverQueue = serverQueue.then(() => onServerLine(b)).catch((e: Error) => opts.log(`internal error on a server message (not passed on): ${e.message}`));
      },
      oversized: (n) => opts.log(`the MCP server wrote a message of ${n} bytes, too long to check; it was not passed on`),
      end: () => undefined,
    });
    child.once("error", (e: Error) => {
      opts.log(`cannot run ${opts.command}: ${e.message}`);
      finish(1);
    });
    child.once("close", (code, signal) => {
      if (code !== 0) opts.log(`the MCP server exited (${signal ?? `code ${code}`})`);
      finish(code ?? 1);
    });
  });
}
