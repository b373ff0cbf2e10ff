#!/usr/bin/env node
// The `haltkey` executable. Claude Code runs `haltkey hook claude-code` twice per tool call, so that
// command goes straight to its own small entry point (hook-main.ts: no commander, no zod, no
// daemon, no logger); `haltkey mcp`, which an MCP client starts cold, to mcp-main.ts, which reaches
// (or starts) the daemon before loading anything heavy; `haltkey serve` with options it reads as
// commander would (serve-command.ts) straight to the daemon, as `haltkey mcp` starts it; every
// other command loads the full command line (program.ts).
const args = process.argv.slice(2);
const help = args.includes("--help") || args.includes("-h");
if (args[0] === "hook" && args[1] === "claude-code" && !help) {
  const { hookMain } = await import("./hook-main.js");
  process.exitCode = await hookMain(args.slice(2));
} else if (args[0] === "serve" && !help) {
  // Before the daemon's modules fill the heap (daemon/heap.ts).
  (await import("../daemon/heap.js")).limitHeapGrowth();
  const serve = await import("./serve-command.js");
  const options = serve.serveOptions(args.slice(1));
  if (options) {
    await serve.runServe(options).catch(async (e: Error) => {
      const { die } = await import("./common.js");
      die(e.stack ?? e.message);
    });
  } else await import("./program.js");
} else {
  const mcp = args[0] === "mcp" && !help ? await import("./mcp-main.js") : undefined;
  const options = mcp?.mcpOptions(args.slice(1));
  if (mcp && options) await mcp.mcpMain(options);
  else await import("./program.js");
}
