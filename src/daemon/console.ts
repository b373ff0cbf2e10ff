// `haltkey serve --console <port>`: the operator console (console-server.ts), a page the daemon
// serves on 127.0.0.1 that shows what is going on live and lets the operator approve a pending
// request with a WebAuthn credential of this browser.
//
// The daemon imports this module always and the console only when it is asked for: the console's
// code (its HTTP server, ceremonies, views and input schemas) is loaded by startConsole, so a
// daemon started without --console does not pay for it (docs/performance.md).
import type { ConsoleDeps } from "./console-deps.js";
import type { ConsoleFrontEnd } from "./console-endpoint.js";

export { CONSOLE_HOST, ConsoleStartError, consoleFiles, consoleOrigin, type ConsoleFiles, type ConsoleFrontEnd } from "./console-endpoint.js";

/** Starts the console (console-server.ts); a ConsoleStartError says what to fix. */
export async function startConsole(deps: ConsoleDeps): Promise<ConsoleFrontEnd> {
  const { startConsole: start } = await import("./console-server.js");
  return start(deps);
}
