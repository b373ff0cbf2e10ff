// What every loopback HTTP listener of the daemon shares (MCP over HTTP in src/mcp/http.ts, the
// operator console in console.ts): 127.0.0.1 only, a bearer token in a 0600 file, a loopback Host,
// and an endpoint file the CLI reads.
import { createHash, timingSafeEqual } from "node:crypto";
import { constants } from "node:fs";
import { chmod, open, rename, writeFile, type FileHandle } from "node:fs/promises";
import type { IncomingMessage, Server as HttpServer } from "node:http";

export const HTTP_HOST = "127.0.0.1";
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The token file cannot be made or is not safe to use; the message says what to do. */
export class TokenFileError extends Error {}

/**
 * Listens on 127.0.0.1 only and returns the bound port; anything else (a port in use, an address
 * that is not loopback) is an error that says what to do. The MCP endpoint and the console share it.
 */
export async function listenOnLoopback(server: HttpServer, port: number): Promise<number> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ host: HTTP_HOST, port, exclusive: true }, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`cannot listen on ${HTTP_HOST}:${port} (${code ?? (e as Error).message})${code === "EADDRINUSE" ? ": the port is in use; pick another or 0 for any free one" : ""}`);
  }
  const address = server.address();
  if (address === null || typeof address === "string" || address.address !== HTTP_HOST) {
    server.close();
    throw new Error(`the listener is not on ${HTTP_HOST}; refusing to serve`);
  }
  return address.port;
}

/** Where a loopback listener is, for the CLI: written 0600 and renamed into place whole. */
export async function writeEndpointFile(path: string, value: Record<string, unknown>): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, path);
}

/** The token clients send, created on first start; a token others could read is refused, not reused. */
export async function loadOrCreateToken(path: string, randomBytes: (n: number) => Buffer): Promise<string> {
  try {
    const fh = await open(path, "wx", 0o600);
    try {
      const token = randomBytes(TOKEN_BYTES).toString("hex");
      await fh.writeFile(token);
      await fh.chmod(0o600);
      await fh.sync();
      return token;
    } finally {
      await fh.close();
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw new TokenFileError(`cannot create ${path}: ${(e as Error).message}`);
  }
  // Checked and read through one handle that refuses symlinks, so what is checked is what is read.
  let fh: FileHandle;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    throw new TokenFileError(`cannot open ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); it must be a regular file, not a link: remove it and start again to make a new token`);
  }
  let token: string;
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new TokenFileError(`${path} is not a regular file; remove it and start again to make a new token`);
    if ((st.mode & 0o077) !== 0) {
      throw new TokenFileError(`${path} is open to other users (mode ${(st.mode & 0o777).toString(8)}, expected 600); remove it and start again to make a new token`);
    }
    if (typeof process.getuid === "function" && st.uid !== process.getuid()) throw new TokenFileError(`${path} belongs to another user; remove it and start again`);
    token = (await fh.readFile("utf8")).trim();
  } finally {
    await fh.close();
  }
  if (!TOKEN_PATTERN.test(token)) throw new TokenFileError(`${path} does not hold a token (expected ${TOKEN_BYTES * 2} hex digits); remove it and start again to make a new one`);
  return token;
}

const digest = (s: string): Buffer => createHash("sha256").update(s, "utf8").digest();

/** `Authorization: Bearer <token>`, compared in constant time (over digests, so length leaks nothing). */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const m = typeof header === "string" ? /^Bearer[ ]+(\S+)[ ]*$/i.exec(header) : null;
  const given = m?.[1] ?? "";
  // Compare even when the header is absent, so the answer takes as long either way.
  return timingSafeEqual(digest(given), digest(expected)) && m !== null;
}

/** A loopback name, with our port or none: a DNS-rebound page arrives with its own host name. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (typeof host !== "string") return false;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\[\]]+)(?::(\d{1,5}))?$/.exec(host);
  if (!m) return false;
  if (!LOOPBACK_NAMES.has(m[1]!.toLowerCase())) return false;
  return m[2] === undefined || Number(m[2]) === port;
}

/** One request header as a string (repeated headers joined, as HTTP folds them). */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}
