#!/usr/bin/env node
// The `haltkey` executable. Claude Code runs `haltkey hook claude-code` twice per tool call, so that
// command goes straight to its own small entry point (hook-main.ts: no commander, no zod, no
// daemon, no logger); `haltkey mcp`, which an MCP client starts cold, to mcp-main.ts, which reaches
// (or starts) the daemon before loading anything heavy; every other command loads the full
// command line (program.ts).
const args = process.argv.slice(2);
const help = args.includes("--help") || args.includes("-h");
if (args[0] === "hook" && args[1] === "claude-code" && !help) {
  const { hookMain } = await import("./hook-main.js");
  process.exitCode = await hookMain(args.slice(2));
} else {
  const mcp = args[0] === "mcp" && !help ? await import("./mcp-main.js") : undefined;
  const options = mcp?.mcpOptions(args.slice(1));
  if (mcp && options) await mcp.mcpMain(options);
  else await import("./program.js");
}
