#!/usr/bin/env node
// The `haltkey` executable. Claude Code runs `haltkey hook claude-code` twice per tool call, so that
// command goes straight to its own small entry point (hook-main.ts: no commander, no zod, no
// daemon, no logger); every other command loads the full command line (program.ts).
const args = process.argv.slice(2);
if (args[0] === "hook" && args[1] === "claude-code" && !args.includes("--help") && !args.includes("-h")) {
  const { hookMain } = await import("./hook-main.js");
  process.exitCode = await hookMain(args.slice(2));
} else {
  await import("./program.js");
}
