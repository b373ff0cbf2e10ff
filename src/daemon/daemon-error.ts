// What a client receives when the daemon refuses or cannot be reached: `code` is one of ErrorCode
// (core/errors.ts). Kept apart from protocol.ts so the command hook can throw and catch it without
// loading the protocol's schemas.
export class DaemonError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
