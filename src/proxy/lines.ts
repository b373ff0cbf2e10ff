// Newline-delimited messages on a byte stream, as MCP's stdio transport frames them. Lines are
// kept as the exact bytes received, so whatever the proxy passes on is passed on unchanged.
import type { Readable } from "node:stream";

/** The MCP SDK's own stdio buffer limit; a longer line is no message any SDK peer would accept. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export interface LineHandlers {
  line(bytes: Buffer): void;
  /** A line longer than the limit was dropped (up to its newline); framing resumes after it. */
  oversized(bytes: number): void;
  end(): void;
}

export function readLines(stream: Readable, h: LineHandlers, maxBytes = MAX_LINE_BYTES): void {
  let chunks: Buffer[] = [];
  let size = 0;
  let skipping = false;
  let skipped = 0;
  stream.on("data", (data: Buffer) => {
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      const part = data.subarray(start, nl);
      start = nl + 1;
      if (skipping || size + part.length > maxBytes) {
        h.oversized(skipped + size + part.length);
        skipping = false;
        skipped = 0;
        chunks = [];
        size = 0;
        continue;
      }
      const line = chunks.length === 0 ? part : Buffer.concat([...chunks, part]);
      chunks = [];
      size = 0;
      if (line.length > 0) h.line(line);
    }
    const rest = data.subarray(start);
    if (rest.length === 0) return;
    if (skipping || size + rest.length > maxBytes) {
      skipping = true;
      skipped += size + rest.length;
      chunks = [];
      size = 0;
    } else {
      chunks.push(rest);
      size += rest.length;
    }
  });
  stream.once("end", () => {
    // A last message without its newline is incomplete: MCP peers do not act on it either.
    h.end();
  });
}
