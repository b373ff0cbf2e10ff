// `haltkey hook claude-code` in the full command line: listed in `haltkey --help`. The executable
// (main.ts) sends the hook itself to hook-main.ts before this module is loaded; this entry only
// serves `haltkey hook claude-code --help` and runs the same code if it is reached another way.
import type { Command } from "commander";
import { HOOK_USAGE, hookMain } from "./hook-main.js";

export function registerHookCommand(program: Command): void {
  const hook = program.command("hook").description("Enforcement hooks for agent runtimes: every tool call is judged by the daemon, cooperation or not");
  hook
    .command("claude-code")
    .description("Claude Code PreToolUse/PostToolUse hook: reads the hook payload on stdin, prints the decision")
    .helpOption(false)
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .argument("[options...]")
    .addHelpText("after", `\n${HOOK_USAGE}`)
    .action(async (options: string[]) => {
      if (options.includes("--help") || options.includes("-h")) {
        process.stdout.write(HOOK_USAGE);
        return;
      }
      process.exitCode = await hookMain(options);
    });
}
