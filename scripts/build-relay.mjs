// `npm run build`, last: compiles the native relay (native/relay.c) to dist/bin/haltkey-relay with
// the system's C compiler (`cc`, or $CC). The relay is what `haltkey init` points an MCP client at
// when it exists (docs/mcp-clients.md); without a compiler, or where it does not compile, the build
// says so and goes on, and init points clients at `haltkey mcp` (the Node shim) as before.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "bin", "haltkey-relay");
const cc = process.env.CC && process.env.CC.length > 0 ? process.env.CC : "cc";
mkdirSync(dirname(out), { recursive: true });
rmSync(out, { force: true });
const r = spawnSync(cc, ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-o", out, join(root, "native", "relay.c")], { stdio: "inherit" });
if (r.error) {
  console.warn(`haltkey: no C compiler (${cc}: ${r.error.message}): the native relay is not built; MCP clients will start \`haltkey mcp\` (Node) instead. Install gcc and run npm run build again to build it.`);
} else if (r.status !== 0) {
  // Not fatal: haltkey works without the relay (init then writes `haltkey mcp`). The tests start
  // the relay, so a build that should have it and does not fails there, not silently.
  rmSync(out, { force: true });
  console.warn(`haltkey: ${cc} could not compile native/relay.c (exit ${r.status}): the native relay is not built; MCP clients will start \`haltkey mcp\` (Node) instead.`);
}
