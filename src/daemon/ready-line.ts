// The line a daemon started with `serve --ready-fd 3` writes once its sockets listen (the shim that
// started it waits for it: mcp/stdio-daemon.ts). Its own module, so the daemon does not load the
// shim's start-up code (and node:child_process with it) to say it.
export const READY_LINE = "ready\n";
