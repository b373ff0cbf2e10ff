// `haltkey proxy -- <command> [args…]`: put the daemon in front of any stdio MCP server
// (docs/proxy.md).
import { Command, InvalidArgumentError } from "commander";
import { ElementName } from "../core/wire.js";
import { paths } from "./common.js";

const agentName = (v: string): string => {
  const r = ElementName.safeParse(v);
  if (!r.success) throw new InvalidArgumentError(`agent names are 1 to 128 letters, digits, space and _ . : @ / - (${r.error.issues[0]?.message})`);
  return r.data;
};

const serverName = (v: string): string => {
  if (v.length < 1 || v.length > 256) throw new InvalidArgumentError("server names are 1 to 256 characters");
  return v;
};

export function registerProxyCommand(program: Command): void {
  program
    .command("proxy")
    .description("Run a stdio MCP server behind haltkey: every tools/call is judged by the daemon before the server sees it")
    .usage("[options] -- <command> [args...]")
    .argument("<command>", "the MCP server to run")
    .argument("[args...]", "its arguments")
    .option("--agent <name>", "the agent name the daemon knows this client as", agentName, "mcp-proxy")
    .option("--server <name>", "the server's name in steps (default: the name it gives when initialized)", serverName)
    .action(async (command: string, args: string[], o: { agent: string; server?: string }) => {
      const { runProxy } = await import("../proxy/mcp-proxy.js");
      const code = await runProxy({
        paths,
        agent: o.agent,
        command,
        args,
        ...(o.server !== undefined ? { server: o.server } : {}),
        input: process.stdin,
        output: process.stdout,
        log: (m) => process.stderr.write(`haltkey proxy: ${m}\n`),
      });
      // stdout may still hold answers for the client: exit once it is flushed.
      process.stdout.write("", () => process.exit(code));
    });
}
