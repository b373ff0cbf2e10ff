// `haltkey serve --console <port>`: the operator console (loaded by console.ts only when asked for), a page the daemon serves on 127.0.0.1
// that shows what is going on live (executions, pending requests, blocks, open halts, the audit
// trail and its chain status) and lets the operator approve a pending request with a WebAuthn
// credential of this browser, bound to the request exactly like a key touch over CTAP.
//
// Who may call it: the page the daemon served, holding the console token. `haltkey console`
// prints the URL with the token in the fragment (never sent to the server, never in a log or a
// Referer); the page keeps it in memory and sends it as a header. Every API call is a POST with a
// JSON body, an exact Origin, a loopback Host and, when the browser says, Sec-Fetch-Site
// same-origin; no CORS is ever granted. The token does not enrol a credential: whoever can read
// it (an agent running as the same user can) could make one, so a browser credential is enrolled
// only once an already enrolled key approved it on the hardware (docs/console.md).
//
// This module serves the page and routes the API; the calls themselves are in
// console-ceremonies.ts (WebAuthn enrolment, approval, deny) and console-views.ts (the state and
// audit view), their inputs in console-inputs.ts and the HTTP plumbing in console-http.ts.
import { existsSync, readFileSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RelyingParty } from "../hw/webauthn.js";
import { ApprovalRefusedError } from "../devices/hardware-channel.js";
import { bearerMatches, headerValue, hostAllowed, listenOnLoopback, loadOrCreateToken, writeEndpointFile } from "./loopback.js";
import { KeyRefusedError } from "../devices/keyring.js";
import { consoleCeremonies } from "./console-ceremonies.js";
import type { ConsoleDeps } from "./console-deps.js";
import { ConsoleError, parse, readBody, send, sendError, sendJson } from "./console-http.js";
import { ApproveBegin, ApproveFinish, Deny, EnrolBegin, EnrolFinish, StateInput } from "./console-inputs.js";
import { consoleViews } from "./console-views.js";
import { ConsoleStartError, consoleFiles, consoleOrigin, type ConsoleFrontEnd } from "./console-endpoint.js";

/** API bodies: a WebAuthn registration with "none" attestation is well under 2 KiB. */
export const CONSOLE_BODY_MAX = 64 * 1024;
const MAX_CONNECTIONS = 64;
const SWEEP_INTERVAL_MS = 30_000;

// ------------------------------------------------------------------------------ static assets

interface Asset {
  readonly body: Buffer;
  readonly type: string;
}

/**
 * The page's files: src/console in the source tree, found from here whether this runs from src
 * (tests) or from dist/src/daemon (the built CLI; package.json ships src/console).
 */
function loadAssets(): Map<string, Asset> {
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = [join(here, "..", "console"), join(here, "..", "..", "..", "src", "console")].find((d) => existsSync(join(d, "index.html")));
  if (!dir) throw new ConsoleStartError(`the console's page is missing (looked for src/console/index.html next to ${here})`);
  let bundle: string;
  try {
    // The package exports only its entry points; the UMD bundle sits beside them.
    const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
    bundle = join(dirname(entry), "..", "dist", "bundle", "index.umd.min.js");
    if (!existsSync(bundle)) throw new Error(`${bundle} does not exist`);
  } catch (e) {
    throw new ConsoleStartError(`@simplewebauthn/browser's UMD bundle is missing (npm ci installs it): ${(e as Error).message}`);
  }
  return new Map<string, Asset>([
    ["/", { body: readFileSync(join(dir, "index.html")), type: "text/html; charset=utf-8" }],
    ["/app.js", { body: readFileSync(join(dir, "app.js")), type: "text/javascript; charset=utf-8" }],
    ["/style.css", { body: readFileSync(join(dir, "style.css")), type: "text/css; charset=utf-8" }],
    ["/vendor/simplewebauthn-browser.umd.min.js", { body: readFileSync(bundle), type: "text/javascript; charset=utf-8" }],
  ]);
}

// ------------------------------------------------------------------------------ the console

/** The console itself: console.ts loads this module only when `--console` is given. */
export async function startConsole(deps: ConsoleDeps): Promise<ConsoleFrontEnd> {
  const { log } = deps;
  const files = consoleFiles(deps.home);
  const assets = loadAssets();
  let token: string;
  try {
    token = await loadOrCreateToken(files.token, deps.randomBytes);
  } catch (e) {
    throw new ConsoleStartError((e as Error).message);
  }
  let port = deps.port;
  let origin = "";
  let rp: RelyingParty = { rpId: "localhost", origin };
  const ceremonies = consoleCeremonies(deps, () => rp);
  const { sweep, enrolBegin, enrolFinish, approveBegin, approveFinish, deny } = ceremonies;
  const { state, ownWrite } = consoleViews(deps, ceremonies);

  const API: Record<string, (body: unknown) => Promise<unknown>> = {
    "/api/state": (b) => state(parse(StateInput, b, "state")),
    "/api/enroll/begin": (b) => enrolBegin(parse(EnrolBegin, b, "enroll/begin")),
    "/api/enroll/finish": (b) => enrolFinish(parse(EnrolFinish, b, "enroll/finish")),
    "/api/approve/begin": (b) => approveBegin(parse(ApproveBegin, b, "approve/begin")),
    "/api/approve/finish": (b) => approveFinish(parse(ApproveFinish, b, "approve/finish")),
    "/api/deny": (b) => deny(parse(Deny, b, "deny")),
  };

  /** The checks every API call passes before anything is read: who sends it, from where, how. */
  const checkApiRequest = (req: IncomingMessage): void => {
    const o = headerValue(req, "origin");
    if (o !== origin) throw new ConsoleError(403, "FORBIDDEN_ORIGIN", `the Origin header must be exactly ${origin}`, origin);
    const site = headerValue(req, "sec-fetch-site");
    if (site !== undefined && site !== "same-origin") throw new ConsoleError(403, "FORBIDDEN_SITE", `Sec-Fetch-Site must be same-origin, got ${site.slice(0, 32)}`, "same-origin");
    if (!bearerMatches(headerValue(req, "authorization"), token)) {
      throw new ConsoleError(401, "UNAUTHORIZED", "send 'Authorization: Bearer <console token>'; open the console with the URL `haltkey console` prints", "Bearer token");
    }
    if (req.method !== "POST") throw new ConsoleError(405, "METHOD_NOT_ALLOWED", "API calls are POST", "POST");
    const type = (headerValue(req, "content-type") ?? "").toLowerCase();
    if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/.test(type)) {
      throw new ConsoleError(415, "UNSUPPORTED_MEDIA_TYPE", `the body must be JSON (Content-Type: application/json), got ${type.slice(0, 64) || "none"}`, "application/json");
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: a page can reach 127.0.0.1 only under its own host name.
    if (!hostAllowed(req.headers.host, port)) {
      throw new ConsoleError(403, "FORBIDDEN_HOST", `the Host header must be localhost:${port}`, `localhost:${port}`);
    }
    const path = new URL(req.url ?? "/", origin).pathname;
    const api = API[path];
    if (api) {
      checkApiRequest(req);
      const bytes = await readBody(req, CONSOLE_BODY_MAX);
      let body: unknown;
      try {
        body = bytes.length === 0 ? {} : JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      } catch {
        throw new ConsoleError(400, "VALIDATION_INVALID_JSON", "the body must be one JSON object in UTF-8");
      }
      const answer = await api(body).finally(() => {
        if (path !== "/api/state") ownWrite();
      });
      return sendJson(res, 200, answer);
    }
    const asset = assets.get(path);
    if (!asset) throw new ConsoleError(404, "NOT_FOUND", `nothing at ${path.slice(0, 100)}`);
    if (req.method !== "GET" && req.method !== "HEAD") throw new ConsoleError(405, "METHOD_NOT_ALLOWED", "pages are GET", "GET");
    // WebAuthn needs the page on localhost (an IP address is no RP ID); the fragment survives the redirect.
    if (req.headers.host !== `localhost:${port}`) return send(res, 302, "", "text/plain", { Location: `${origin}${path}` });
    return send(res, 200, req.method === "HEAD" ? "" : asset.body, asset.type);
  };

  const server: Server = createServer({ maxHeaderSize: 16 * 1024 }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (e instanceof ConsoleError) {
        if (e.status === 401 || e.status === 403) log.warn({ code: e.code, path: (req.url ?? "").slice(0, 100), origin: headerValue(req, "origin")?.slice(0, 100) }, "console request refused");
        return sendError(res, e, e.status === 401 ? { "WWW-Authenticate": 'Bearer realm="haltkey console"' } : {});
      }
      if (e instanceof KeyRefusedError || e instanceof ApprovalRefusedError) {
        const status = e.code === "UNKNOWN_REQUEST" ? 404 : e.code === "KEY_LABEL_TAKEN" || e.code === "STALE_CHALLENGE" ? 409 : 403;
        return sendError(res, new ConsoleError(status, e.code, e.message));
      }
      log.error({ err: (e as Error).message }, "console request failed");
      return sendError(res, new ConsoleError(500, "INTERNAL_ERROR", "internal error; nothing was approved"));
    });
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  try {
    port = await listenOnLoopback(server, deps.port);
  } catch (e) {
    throw new ConsoleStartError(`the console ${(e as Error).message}`);
  }
  server.on("error", (e) => log.error({ err: e.message }, "console server error"));
  origin = consoleOrigin(port);
  rp = { rpId: "localhost", origin };
  const url = `${origin}/`;
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  sweeper.unref();

  try {
    await writeEndpointFile(files.endpoint, { url, origin, port, pid: process.pid, tokenFile: files.token });
  } catch (e) {
    clearInterval(sweeper);
    server.close();
    throw new ConsoleStartError(`cannot write ${files.endpoint}: ${(e as Error).message}`);
  }
  log.info({ url, tokenFile: files.token }, "serving the operator console (open it with `haltkey console`)");

  return {
    url,
    port,
    async close(): Promise<void> {
      clearInterval(sweeper);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await unlink(files.endpoint).catch(() => undefined);
    },
  };
}
