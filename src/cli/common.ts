// What every CLI command shares: where the daemon is, how to reach it, how to print and fail.
import { realpathSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * How to run this same haltkey from a shell, as the user can type it: `npx haltkey` under `npm start`
 * in the project (npx finds the project's own bin there), `haltkey` when that is on PATH and is this
 * installation, otherwise `node /abs/path/main.js`. With HALTKEY_HOME set, the same HALTKEY_HOME.
 */
export function selfCommand(env: NodeJS.ProcessEnv = process.env): string {
  const main = realpathSync(fileURLToPath(new URL("./main.js", import.meta.url)));
  const home = env.HALTKEY_HOME && env.HALTKEY_HOME.length > 0 ? `HALTKEY_HOME=${shellWord(resolve(env.HALTKEY_HOME))} ` : "";
  if (env.npm_lifecycle_event !== undefined && env.npm_package_name === "haltkey") return `${home}npx haltkey`;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir.length === 0) continue;
    try {
      if (realpathSync(join(dir, "haltkey")) === main) return `${home}haltkey`;
    } catch {
      // not there
    }
  }
  return `${home}${shellWord(process.execPath)} ${shellWord(main)}`;
}
