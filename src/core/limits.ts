// The caps on what an agent may send, per field: zod-free so the command hook can use them without
// loading the wire schemas.
export const FIELD_LIMITS = {
  elementName: 128,
  hint: 32 * 1024,
  stepDescription: 32 * 1024,
  findings: 256 * 1024,
  summary: 16 * 1024,
  reason: 4 * 1024,
  goal: 4 * 1024,
  code: 64,
} as const;
