// The operator console's HTTP plumbing (console.ts): its error type, the security headers every
// response carries, JSON answers, a capped body reader and input parsing.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";

export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly expected?: string,
  ) {
    super(message);
  }
}

/** Every response, page or API: nothing may frame, cache, refer to or sniff anything here. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

export function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, "Content-Length": Buffer.byteLength(body), ...extra });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), "application/json; charset=utf-8", extra);
}

export function sendError(res: ServerResponse, e: ConsoleError, extra: Record<string, string> = {}): void {
  sendJson(res, e.status, { error: { code: e.code, message: e.message, ...(e.expected !== undefined ? { expected: e.expected } : {}) } }, extra);
}


/** Reads at most `max` bytes; a larger body is refused without reading the rest. */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) return Promise.reject(new ConsoleError(413, "PAYLOAD_TOO_LARGE", `the request body must be at most ${max} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > max) {
        reject(new ConsoleError(413, "PAYLOAD_TOO_LARGE", `the request body must be at most ${max} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", (e) => reject(new ConsoleError(400, "BAD_REQUEST", `the body could not be read: ${e.message}`)));
  });
}

export function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const where = issue.path.map(String).join(".") || "(body)";
  const code = issue.code === "unrecognized_keys" ? "VALIDATION_UNKNOWN_PARAM" : "VALIDATION_INVALID_VALUE";
  throw new ConsoleError(400, code, `${what}: ${where}: ${issue.message}`);
}
