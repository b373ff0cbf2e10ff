// The daemon socket's protocol, in one place: every method's parameters, result and error codes as
// zod schemas. The server (server.ts) checks each request and each of its own answers against them,
// the client (client.ts) checks each request before sending and each answer it receives, and the
// MCP HTTP front end checks the `aql` envelope with the same schema. Nothing else decides what a
// valid message is.
//
// One message per line (framing.ts): a request `{ id, method, params }`, answered by
// `{ id, result }` or `{ id, error: { code, message, details? } }`. The id is echoed; a request
// whose id cannot be read is answered with `id: null`.
import { z } from "zod";
import { ErrorCode } from "../core/errors.js";
import type { RequestKind as ChannelRequestKind } from "../core/approval-channel.js";
import { ErrorDetail, OperationResult } from "../core/wire.js";
import { KeyLabel } from "../core/key-label.js";
import { DaemonError } from "./daemon-error.js";

export { DaemonError };

const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];
const KnownErrorCode = z.enum(ERROR_CODES);

export function isErrorCode(code: unknown): code is ErrorCode {
  return KnownErrorCode.safeParse(code).success;
}

export const MAX_METHOD_LENGTH = 64;
export const MessageId = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(64)]);
export type MessageId = z.infer<typeof MessageId>;

export const RequestFrame = z.strictObject({
  id: MessageId,
  method: z.string().min(1).max(MAX_METHOD_LENGTH),
  params: z.unknown().optional(),
});

export const ErrorFrame = z.strictObject({
  id: MessageId.nullable(),
  error: z.strictObject({ code: KnownErrorCode, message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});
export const ResultFrame = z.strictObject({ id: MessageId, result: z.unknown() });
export const ResponseFrame = z.union([ResultFrame, ErrorFrame]);
export type ErrorFrame = z.infer<typeof ErrorFrame>;
export type ResponseFrame = z.infer<typeof ResponseFrame>;

// ------------------------------------------------------------------ shared shapes

const Uuid = z.string().uuid();
const Wait = z.number().int().min(1).max(600).default(60);
const Iso = z.string().min(1).max(64);
const Empty = z.strictObject({});
const RequestKind = z.enum(["confirmation", "challenge", "unblock", "halt", "config", "enrol"]);
// The same kinds as the approval channel's, both ways, or this stops compiling.
const kindsMatch: [z.infer<typeof RequestKind>, ChannelRequestKind] extends [ChannelRequestKind, z.infer<typeof RequestKind>] ? true : never = true;
void kindsMatch;

/** What the daemon issues a fresh session at hello: 32 random bytes as hex. */
export const SessionCredential = z.string().regex(/^[0-9a-f]{64}$/, "expected the 64 hex digits the daemon issued");
/** A keyed session's name: the client and its own session id (see hello). */
export const SessionKey = z.strictObject({ client: z.string().min(1).max(64), id: z.string().min(1).max(256) });

/** The envelope of one MCP tool call; in-process front ends (mcp/http.ts) check the same. */
export const AqlCall = z.strictObject({ tool: z.string().max(128), arguments: z.unknown() });

export const KeyView = z.strictObject({
  id: z.string(),
  label: z.string(),
  protocol: z.enum(["ctap2", "u2f", "webauthn"]),
  transport: z.enum(["usb", "browser"]),
  counter: z.number().int().min(0),
  enrolledAt: Iso,
  lastUsedAt: Iso.optional(),
});
export type KeyView = z.infer<typeof KeyView>;

const DisplayState = z.strictObject({
  state: z.enum(["paired", "unpaired", "none", "refused"]),
  deviceId: z.string().optional(),
  cols: z.number().int().optional(),
  rows: z.number().int().optional(),
  detail: z.string().optional(),
});

const ApprovalChannelInfo = z.strictObject({ simulated: z.boolean(), display: z.enum(["attached", "none"]), securityKey: z.enum(["attached", "none"]) });
const AuditHead = z.strictObject({ seq: z.number().int().min(0), hash: z.string() });
/** Signed checkpoints of the audit chain (store/checkpoint.ts), as `audit verify` reports them. */
const Checkpoints = z.strictObject({
  count: z.number().int().min(0),
  last: z.strictObject({ seq: z.number().int().min(0), head: AuditHead, key: z.string(), label: z.string().optional(), at: z.string() }).optional(),
  unsigned: z.number().int().min(0),
});

// The service builds the status view; its sections are checked, and members added later pass.
const Status = z.looseObject({
  version: z.string(),
  pid: z.number().int(),
  socket: z.string(),
  home: z.string(),
  mode: z.string(),
  policyDigest: z.string(),
  approvalChannel: ApprovalChannelInfo,
  blocks: z.array(z.looseObject({ agent: z.string(), reason: z.string(), since: Iso, verificationId: z.string().optional() })),
  executions: z.array(z.looseObject({ id: z.string(), agent: z.string() })),
  pending: z.array(z.looseObject({ id: z.string(), kind: RequestKind, agent: z.string(), text: z.string(), expiresAt: Iso })),
  audit: AuditHead,
  store: z.looseObject({ batches: z.number().int().min(0), transitions: z.number().int().min(0) }),
  storeFailed: z.boolean(),
});

// ------------------------------------------------------------------ the methods

/** Codes any method may answer with: a bad request, an overloaded connection, a daemon fault. */
export const COMMON_ERRORS = [ErrorCode.invalidValue, ErrorCode.unknownOperation, ErrorCode.rateLimited, ErrorCode.internal] as const;

/** What a key or the display refused, passed on under its own name (docs/decisions.md "Error codes"). */
export const DEVICE_ERRORS = [
  ErrorCode.keyNotEnrolled,
  ErrorCode.keyVerificationFailed,
  ErrorCode.noKeysEnrolled,
  ErrorCode.keyLabelTaken,
  ErrorCode.keyUnknown,
  ErrorCode.keyWrong,
  ErrorCode.unknownRequest,
  ErrorCode.noKeyAttached,
  ErrorCode.staleChallenge,
  ErrorCode.needsUsbKey,
  ErrorCode.deviceError,
] as const;

export type SocketRole = "agent" | "operator";

interface MethodSpec {
  /** The socket that serves it: the agent socket offers no more than MCP does. */
  readonly socket: SocketRole;
  readonly params: z.ZodType;
  readonly result: z.ZodType;
  /** Codes beyond COMMON_ERRORS this method answers with. */
  readonly errors: readonly ErrorCode[];
}

export const METHODS = {
  // The daemon decides the session (engine/sessions.ts): no session id gets a fresh session and its
  // credential; a session id is resumed only with the credential issued for it (a wrong one is
  // refused, a missing one gets a fresh session); a session key (the Claude Code hook, a process
  // per call) names a keyed session, which holds no secret and can be joined (docs/threat-model.md).
  hello: {
    socket: "agent",
    params: z
      .strictObject({ sessionId: Uuid.optional(), credential: SessionCredential.optional(), sessionKey: SessionKey.optional(), client: z.string().max(128).optional() })
      .refine((p) => p.credential === undefined || p.sessionId !== undefined, { message: "a credential resumes a session: send it with its sessionId", path: ["credential"] })
      .refine((p) => p.sessionKey === undefined || (p.sessionId === undefined && p.credential === undefined), { message: "a sessionKey names its own session: send no sessionId or credential with it", path: ["sessionKey"] }),
    result: z.strictObject({
      sessionId: Uuid,
      /** Only for a fresh session: keep it in memory to resume this session; it is never shown again. */
      credential: SessionCredential.optional(),
      resumed: z.boolean(),
      keyed: z.boolean(),
      version: z.string(),
      simulated: z.boolean(),
      mode: z.string(),
      endpointMode: z.enum(["semantic", "single"]),
    }),
    errors: [ErrorCode.permissionDenied],
  },
  aql: {
    socket: "agent",
    params: AqlCall,
    result: OperationResult,
    errors: [],
  },
  status: { socket: "operator", params: Empty, result: Status, errors: [] },
  "audit.verify": {
    socket: "operator",
    params: Empty,
    result: z.strictObject({ ok: z.boolean(), records: z.number().int().min(0), head: AuditHead, problems: z.array(z.string()), checkpoints: Checkpoints.optional() }),
    errors: [],
  },
  devices: {
    socket: "operator",
    params: Empty,
    result: z.strictObject({ simulated: z.boolean(), display: DisplayState, enrolledKeys: z.array(z.strictObject({ id: z.string(), label: z.string() })) }),
    errors: [],
  },
  "keys.list": { socket: "operator", params: Empty, result: z.array(KeyView), errors: [] },
  "keys.enroll": { socket: "operator", params: z.strictObject({ label: KeyLabel, waitSeconds: Wait }), result: KeyView, errors: DEVICE_ERRORS },
  "keys.remove": {
    socket: "operator",
    params: z.strictObject({ key: z.string().min(1).max(256), waitSeconds: Wait }),
    result: KeyView,
    errors: DEVICE_ERRORS,
  },
  "request.get": {
    socket: "operator",
    params: z.strictObject({ requestId: Uuid }),
    // `text` is what the display shows; `action` the whole action it may show with file contents left out.
    result: z.strictObject({ id: Uuid, kind: RequestKind, agent: z.string(), text: z.string(), action: z.string().optional(), actionDigest: z.string().optional(), expiresAt: Iso, onDisplay: z.boolean() }),
    errors: [ErrorCode.notFound],
  },
  approve: {
    socket: "operator",
    params: z.strictObject({ requestId: Uuid, waitSeconds: Wait }),
    result: z.strictObject({ requestId: Uuid, key: z.string(), label: z.string() }),
    errors: [ErrorCode.notFound, ...DEVICE_ERRORS],
  },
  deny: {
    socket: "operator",
    params: z.strictObject({ requestId: Uuid }),
    result: z.strictObject({ requestId: Uuid, denied: z.literal(true) }),
    errors: [ErrorCode.notFound],
  },
  verify: {
    socket: "operator",
    params: z.strictObject({ challengeId: Uuid, code: z.string().min(1).max(64) }),
    // The answer verify_challenge would give: a refusal (wrong code, rate limit) is a result, not an error.
    result: z.union([
      z.strictObject({ success: z.literal(true), data: z.looseObject({ message: z.string().optional() }), warnings: z.array(z.string()).optional() }),
      z.strictObject({ success: z.literal(false), error: ErrorDetail }),
    ]),
    errors: [],
  },
  "pair.begin": {
    socket: "operator",
    params: Empty,
    result: z.strictObject({ sas: z.string(), deviceId: z.string() }),
    errors: [ErrorCode.noDisplay, ...DEVICE_ERRORS],
  },
  "pair.confirm": {
    socket: "operator",
    params: z.strictObject({ waitSeconds: Wait }),
    result: z.strictObject({ deviceId: z.string(), paired: z.literal(true) }),
    errors: [ErrorCode.noDisplay, ...DEVICE_ERRORS],
  },
  "admin.unblock": {
    socket: "operator",
    params: z.strictObject({ agent: z.string().min(1).max(128), waitSeconds: z.number().int().min(1).max(600).default(120) }),
    // `requestId` is empty when the agent is not blocked (status "not_blocked").
    result: z.strictObject({ requestId: z.union([Uuid, z.literal("")]), status: z.string() }),
    errors: [],
  },
  "sim.press": {
    socket: "operator",
    params: z.strictObject({ requestId: Uuid, decision: z.enum(["approve", "deny"]) }),
    result: z.strictObject({ requestId: Uuid, kind: RequestKind, decision: z.enum(["approve", "deny"]), via: z.literal("display") }),
    errors: [ErrorCode.permissionDenied, ErrorCode.notFound, ...DEVICE_ERRORS],
  },
  "sim.touch": {
    socket: "operator",
    params: z.strictObject({ requestId: Uuid.optional() }),
    result: z.union([
      z.strictObject({ touched: z.literal(true), via: z.literal("security-key") }),
      z.strictObject({ requestId: Uuid, kind: RequestKind, decision: z.literal("approve"), via: z.literal("security-key") }),
    ]),
    errors: [ErrorCode.permissionDenied, ErrorCode.notFound, ...DEVICE_ERRORS],
  },
} as const satisfies Record<string, MethodSpec>;

export type Method = keyof typeof METHODS;
/** What a caller passes (defaults not yet applied). */
export type Params<M extends Method> = z.input<(typeof METHODS)[M]["params"]>;
/** What a handler receives (validated, defaults applied). */
export type ParsedParams<M extends Method> = z.output<(typeof METHODS)[M]["params"]>;
export type Result<M extends Method> = z.output<(typeof METHODS)[M]["result"]>;

/** METHODS seen per method, so a generic caller gets its own method's types from them. */
type Schemas = { readonly [M in Method]: { readonly params: z.ZodType<ParsedParams<M>, Params<M>>; readonly result: z.ZodType<Result<M>> } };
const SCHEMAS: Schemas = METHODS;

export const METHOD_NAMES = Object.keys(METHODS) as Method[];
export const AGENT_METHODS: ReadonlySet<Method> = new Set(METHOD_NAMES.filter((m) => METHODS[m].socket === "agent"));
export const OPERATOR_METHODS: ReadonlySet<Method> = new Set(METHOD_NAMES.filter((m) => METHODS[m].socket === "operator"));

export function isMethod(name: unknown): name is Method {
  return typeof name === "string" && Object.hasOwn(METHODS, name);
}

/** The codes `method` may answer with. */
export function errorsOf(method: Method): ReadonlySet<ErrorCode> {
  return new Set<ErrorCode>([...COMMON_ERRORS, ...METHODS[method].errors]);
}

/** What zod found, as one line naming the parameter; an unknown parameter is named first. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  if (!issue) return "invalid";
  const where = issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
  if (issue.code === "unrecognized_keys") return `${where}unknown parameter${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => k.slice(0, 64)).join(", ")}`;
  return `${where}${issue.message}`;
}

/** Checks `params` for `method`: the parsed value, or the error to answer with. */
export function parseParams<M extends Method>(method: M, params: unknown): { ok: true; value: ParsedParams<M> } | { ok: false; error: DaemonError } {
  const r = SCHEMAS[method].params.safeParse(params ?? {});
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, error: new DaemonError(ErrorCode.invalidValue, `invalid params for ${method}: ${describeIssue(r.error)}`) };
}

/** Checks a result of `method`: the typed value, or what is wrong with it. */
export function parseResult<M extends Method>(method: M, result: unknown): { ok: true; value: Result<M> } | { ok: false; problem: string } {
  const r = SCHEMAS[method].result.safeParse(result);
  return r.success ? { ok: true, value: r.data } : { ok: false, problem: describeIssue(r.error) };
}
