// `node dist/src/mcp/shim-manifest-build.js`, run by `npm run build` after tsc: writes the shim's
// manifest (shim-manifest.ts says what it holds and why it is built here) next to the compiled shim.
// Nothing in it is restated here: the answers are what an MCP SDK server with tools.ts's
// registerTools answers (the server the shim used to be), asked in memory with a daemon that is
// never there; the spelling notes are what core/operations.ts's spellingNotes says.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { HALT_TOOLS } from "../core/halt.js";
import { ENDPOINT_TOOLS, OTHER_SPELLINGS, spellingNotes } from "../core/operations.js";
import { VERSION } from "../daemon/version.js";
import { MANIFEST_FILE, NAME, WHY, type ShimManifest } from "./shim-manifest.js";
import { REPORTING_PROMPT, registerTools, SERVER_CAPABILITIES, type EndpointMode } from "./tools.js";

type Answer = { result?: Record<string, unknown>; error?: { code: number; message: string } };

/** An SDK server as the shim was, and a way to ask it one request at a time. */
async function sdkServer(): Promise<{ ask: (method: string, params?: Record<string, unknown>) => Promise<Answer>; mode: (m: EndpointMode) => void }> {
  let mode: EndpointMode = "semantic";
  const server = new Server({ name: "haltkey", version: VERSION }, { capabilities: SERVER_CAPABILITIES });
  registerTools(server, { endpointMode: async () => mode, forward: () => Promise.reject(new Error(WHY)) });
  const [client, end] = InMemoryTransport.createLinkedPair();
  const waiting = new Map<number, (a: Answer) => void>();
  client.onmessage = (m: JSONRPCMessage) => {
    const a = m as Answer & { id?: number };
    if (typeof a.id === "number") waiting.get(a.id)?.(a);
  };
  await server.connect(end);
  await client.start();
  let id = 0;
  return {
    mode: (m) => (mode = m),
    ask: (method, params) =>
      new Promise<Answer>((resolve) => {
        const n = ++id;
        waiting.set(n, resolve);
        void client.send({ jsonrpc: "2.0", id: n, method, ...(params ? { params } : {}) });
      }),
  };
}

function result(a: Answer, what: string): Record<string, unknown> {
  if (!a.result) throw new Error(`the SDK server did not answer ${what}: ${JSON.stringify(a)}`);
  return a.result;
}

/** The OperationResult (or halt-tool object) in a tools/call answer's text. */
function textOf(a: Answer, what: string): unknown {
  const content = result(a, what).content as Array<{ type: string; text: string }>;
  return JSON.parse(content[0]!.text) as unknown;
}

export async function buildManifest(): Promise<ShimManifest> {
  const sdk = await sdkServer();
  const init = result(await sdk.ask("initialize", { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "build", version: "0" } }), "initialize");
  const semantic = result(await sdk.ask("tools/list"), "tools/list").tools as unknown[];
  sdk.mode("single");
  const single = result(await sdk.ask("tools/list"), "tools/list").tools as unknown[];
  const prompts = result(await sdk.ask("prompts/list"), "prompts/list").prompts as unknown[];
  const prompt = result(await sdk.ask("prompts/get", { name: REPORTING_PROMPT.name }), "prompts/get");
  const unknownPrompt = (await sdk.ask("prompts/get", { name: NAME })).error?.message;
  if (unknownPrompt === undefined || !unknownPrompt.includes(NAME)) throw new Error("prompts/get of an unknown prompt is no longer an error naming it");
  const call = (name: string, args: Record<string, unknown>) => sdk.ask("tools/call", { name, arguments: args });

  const notes: Record<string, Record<string, string>> = {};
  for (const [operation, aliases] of Object.entries(OTHER_SPELLINGS)) {
    notes[operation] = {};
    for (const alias of Object.keys(aliases ?? {})) {
      const [note, ...more] = spellingNotes({ operation, params: { [alias]: "x" } });
      if (note === undefined || more.length > 0) throw new Error(`spellingNotes gave no single note for ${operation}'s ${alias}`);
      notes[operation][alias] = note;
    }
  }
  return {
    protocolVersions: [LATEST_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v !== LATEST_PROTOCOL_VERSION)],
    capabilities: init.capabilities as Record<string, unknown>,
    tools: { semantic, single },
    prompts,
    prompt: { name: REPORTING_PROMPT.name, result: prompt },
    unknownPrompt,
    haltTools: Object.keys(HALT_TOOLS),
    spellingNotes: notes,
    refusals: {
      step: textOf(await call(ENDPOINT_TOOLS.create, { operation: "record_execution_step" }), "record_execution_step") as ShimManifest["refusals"]["step"],
      other: textOf(await call(ENDPOINT_TOOLS.read, { operation: "introspect" }), "introspect") as ShimManifest["refusals"]["other"],
      haltCheck: textOf(await call("guardrail_check_halt_conditions", {}), "guardrail_check_halt_conditions"),
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL(`./${MANIFEST_FILE}`, import.meta.url));
  writeFileSync(out, `${JSON.stringify(await buildManifest())}\n`);
  // The SDK server holds no handles that keep Node alive, but say so rather than rely on it.
  process.exit(0);
}
