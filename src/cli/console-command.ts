// `haltkey console`: prints the operator console's URL with the console token in the fragment, for
// the operator to open. The fragment never reaches the server, a log or a Referer; the page takes
// it out of the address bar at once. Nothing is launched: which browser opens it is the operator's
// choice.
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import type { Command } from "commander";
import { z } from "zod";
import { die, paths, print } from "./common.js";

const Endpoint = z.object({
  url: z.string().url(),
  origin: z.string().url(),
  port: z.number().int().min(1).max(65535),
  pid: z.number().int().positive(),
  tokenFile: z.string(),
});

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** Whether the console answers its page on `port`: a console.json left by a daemon that died is stale. */
function consoleAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: "/", method: "HEAD", headers: { Host: `localhost:${port}` }, timeout: 3000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 && typeof res.headers["content-security-policy"] === "string");
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => resolve(false));
    req.end();
  });
}

export function registerConsoleCommand(program: Command): void {
  program
    .command("console")
    .description("Print the operator console's URL (token in the fragment) to open in a browser; the daemon serves it with `serve --console <port>`")
    .option("--json", "machine-readable output", false)
    .action(async (o: { json: boolean }) => {
      // Loaded here, not at start-up: a hook runs `haltkey` on every tool call.
      const { CONSOLE_HOST, consoleFiles } = await import("../daemon/console.js");
      const files = consoleFiles(paths.home);
      const notRunning = `no operator console is running for ${paths.home}; start the daemon with 'haltkey serve --console 0' (or a fixed port)`;
      let endpoint: z.infer<typeof Endpoint>;
      try {
        const parsed = Endpoint.safeParse(JSON.parse(await readFile(files.endpoint, "utf8")));
        if (!parsed.success) die(`${files.endpoint} is not what the daemon writes; restart the daemon`);
        endpoint = parsed.data;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") die(notRunning);
        throw e;
      }
      if (!(await consoleAnswers(CONSOLE_HOST, endpoint.port))) die(`${notRunning} (${files.endpoint} is left from a daemon that stopped)`);
      let token: string;
      try {
        token = (await readFile(files.token, "utf8")).trim();
      } catch (e) {
        die(`cannot read the console token in ${files.token}: ${(e as Error).message}`);
      }
      if (!TOKEN_PATTERN.test(token)) die(`${files.token} does not hold a console token; restart the daemon`);
      const url = `${endpoint.origin}/#token=${token}`;
      print(o.json, { url, origin: endpoint.origin, port: endpoint.port, pid: endpoint.pid }, () =>
        [url, "", "Open it in a browser on this machine. It holds the console token: do not share it or paste it anywhere else."].join("\n"),
      );
    });
}
