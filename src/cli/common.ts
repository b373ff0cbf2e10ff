// What every CLI command shares: where the daemon is, how to reach it, how to print and fail.
import { DaemonClient, DaemonError } from "../daemon/client.js";
import { resolvePaths } from "../daemon/paths.js";

export const paths = resolvePaths();

export function die(message: string, code = 1): never {
  process.stderr.write(`haltkey: ${message}\n`);
  process.exit(code);
}

/** Runs `fn` on the operator socket; a daemon that is not running is a clear error, never a hang. */
export async function withDaemon<T>(fn: (c: DaemonClient) => Promise<T>): Promise<T> {
  let client: DaemonClient;
  try {
    client = await DaemonClient.connect(paths.operatorSocket);
  } catch {
    die(`no haltkey daemon is running on ${paths.operatorSocket}. Start one with 'haltkey serve' (add --simulate for simulated hardware).`);
  }
  try {
    return await fn(client);
  } catch (e) {
    if (e instanceof DaemonError) die(`${e.code}: ${e.message}`);
    throw e;
  } finally {
    client.close();
  }
}

export const print = (json: boolean, value: unknown, human: () => string): void => {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${human()}\n`);
};
