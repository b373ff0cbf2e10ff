// A SafetyService on a real store in a temp directory, with an injected clock and a recording
// approval channel: the shared setup of the service-level tests.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePolicy, PolicyFile } from "../../src/core/policy.js";
import type { RuleSet } from "../../src/core/pipeline.js";
import { silentLogger } from "../../src/daemon/log.js";
import { SafetyService, type Caller } from "../../src/engine/engine.js";
import { Store } from "../../src/store/store.js";
import { RecordingChannel } from "./channel.js";

/** Stores and directories the tests opened; `closeAll` is for afterEach. */
const stores: Store[] = [];
const dirs: string[] = [];

export async function closeAll(): Promise<void> {
  for (const s of stores.splice(0)) await s.close().catch(() => undefined);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Closes one service's store (to restart on the same directory, or to inspect its files). */
export async function closeStore(store: Store): Promise<void> {
  await store.close();
  const i = stores.indexOf(store);
  if (i >= 0) stores.splice(i, 1);
}

export type Result = { success: boolean; data?: any; error?: any };

export async function startService(opts: { policy?: Partial<PolicyFile>; rules: RuleSet; dir?: string }) {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "hks-"));
  if (!opts.dir) dirs.push(dir);
  const store = await Store.open(join(dir, "db"));
  stores.push(store);
  const clock = { t: 1_700_000_000_000 };
  const channel = new RecordingChannel();
  const service = await SafetyService.start({
    store,
    policy: compilePolicy(PolicyFile.parse(opts.policy ?? {})),
    rules: opts.rules,
    channel,
    now: () => clock.t,
    randomBytes,
    uuid: randomUUID,
    log: silentLogger(),
    endpointMode: "semantic",
  });
  const caller: Caller = { sessionId: randomUUID() };
  /** Any tool call, as an MCP client would make it. */
  const tool = async (name: string, args: Record<string, unknown>, who: Caller = caller) => (await service.call(who, name, args)) as Result;
  /** An MCP-AQL operation. */
  const call = (name: string, operation: string, params: Record<string, unknown>, who: Caller = caller) => tool(name, { operation, params }, who);
  return { dir, store, clock, channel, service, caller, tool, call };
}
