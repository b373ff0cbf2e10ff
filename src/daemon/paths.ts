// Where haltkey keeps things. HALTKEY_HOME puts everything (database, socket, tokens, simulator
// files) under one directory; otherwise the per-user state directory.
import { homedir } from "node:os";
import { join } from "node:path";

export interface HaltkeyPaths {
  readonly home: string;
  readonly db: string;
  /** Agent API (hello, aql): what MCP front ends use. */
  readonly socket: string;
  /** The agent API again, spoken as MCP: one MCP session per connection (what the native relay forwards a client's stdio to). */
  readonly mcpSocket: string;
  /** Operator API (status, audit, unblock, simulator): the daemon's own user only. */
  readonly operatorSocket: string;
  readonly simDir: string;
  readonly displayLog: string;
  readonly daemonLog: string;
}

/** Unix socket paths longer than this do not fit in sockaddr_un on Linux. */
export const MAX_SOCKET_PATH = 107;

export function resolvePaths(env: NodeJS.ProcessEnv = process.env): HaltkeyPaths {
  const home =
    env.HALTKEY_HOME && env.HALTKEY_HOME.length > 0
      ? env.HALTKEY_HOME
      : join(env.XDG_STATE_HOME && env.XDG_STATE_HOME.length > 0 ? env.XDG_STATE_HOME : join(homedir(), ".local", "state"), "haltkey");
  const simDir = join(home, "sim");
  return {
    home,
    db: join(home, "db"),
    socket: join(home, "haltkey.sock"),
    mcpSocket: join(home, "mcp.sock"),
    operatorSocket: join(home, "operator.sock"),
    simDir,
    displayLog: join(simDir, "display.jsonl"),
    daemonLog: join(home, "haltkey.log"),
  };
}
