// Where the operator console is found (its files in HALTKEY_HOME, its origin) and the error it
// refuses to start with: what the daemon and `haltkey console` need without loading the console.
import { join } from "node:path";

export { HTTP_HOST as CONSOLE_HOST } from "./loopback.js";

export class ConsoleStartError extends Error {}

export interface ConsoleFiles {
  /** 32 random bytes as 64 hex digits, mode 0600: what the page sends as `Authorization: Bearer`. */
  readonly token: string;
  /** `{ url, origin, port, pid, tokenFile }` of the running console, mode 0600. */
  readonly endpoint: string;
}

export function consoleFiles(home: string): ConsoleFiles {
  return { token: join(home, "console-token"), endpoint: join(home, "console.json") };
}

/** The console's origin: browsers accept `localhost` as an RP ID, never an IP address. */
export const consoleOrigin = (port: number): string => `http://localhost:${port}`;

export interface ConsoleFrontEnd {
  /** `http://localhost:<port>/`, without the token. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}
