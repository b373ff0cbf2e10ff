// Newline-delimited JSON over the daemon's unix socket. Lines are capped, must be valid UTF-8, and
// a line that breaks either rule ends the connection: there is no way to resynchronise after it.
import type { Socket } from "node:net";

/** A request may carry a 1 MiB payload (spec §4.7.5) plus JSON escaping and the envelope. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export class FrameError extends Error {
  constructor(
    readonly code: "VALIDATION_PAYLOAD_TOO_LARGE" | "VALIDATION_INVALID_ENCODING",
    message: string,
  ) {
    super(message);
  }
}

/** Calls `onLine` with each complete line, decoded strictly; calls `onError` once and stops on a bad frame. */
export function readLines(socket: Socket, onLine: (line: string) => void, onError: (e: FrameError) => void, maxBytes = MAX_LINE_BYTES): void {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let chunks: Buffer[] = [];
  let size = 0;
  let broken = false;
  socket.on("data", (data: Buffer) => {
    if (broken) return;
    let start = 0;
    for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
      const part = data.subarray(start, nl);
      start = nl + 1;
      if (size + part.length > maxBytes) return fault(new FrameError("VALIDATION_PAYLOAD_TOO_LARGE", `message larger than ${maxBytes} bytes`));
      const line = chunks.length === 0 ? part : Buffer.concat([...chunks, part]);
      chunks = [];
      size = 0;
      let text: string;
      try {
        text = decoder.decode(line);
      } catch {
        return fault(new FrameError("VALIDATION_INVALID_ENCODING", "message is not valid UTF-8"));
      }
      if (text.length > 0) onLine(text);
    }
    const rest = data.subarray(start);
    if (rest.length > 0) {
      size += rest.length;
      if (size > maxBytes) return fault(new FrameError("VALIDATION_PAYLOAD_TOO_LARGE", `message larger than ${maxBytes} bytes`));
      chunks.push(Buffer.from(rest));
    }
  });
  function fault(e: FrameError): void {
    broken = true;
    chunks = [];
    onError(e);
  }
}
