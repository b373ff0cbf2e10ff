// The operator console's API inputs (console.ts), checked with zod: unknown fields are refused and
// every size is capped.
import { z } from "zod";
import { KeyLabel } from "../devices/keyring.js";

export const AUDIT_LIMIT_DEFAULT = 50;
const AUDIT_LIMIT_MAX = 200;

const b64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, "base64url");
const Label = KeyLabel;
const Id = z.string().uuid();
const ClientExtensionResults = z.record(z.string().max(64), z.unknown()).refine((r) => Object.keys(r).length <= 16, "at most 16 extension results");
const Attachment = z.enum(["platform", "cross-platform"]).optional();

/** What every credential a browser hands back carries, registration or assertion. */
const Credential = {
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal("public-key"),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ClientExtensionResults,
};

const RegistrationResponse = z.strictObject({
  ...Credential,
  response: z.strictObject({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(32 * 1024),
    authenticatorData: b64url(16 * 1024).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

const AuthenticationResponse = z.strictObject({
  ...Credential,
  response: z.strictObject({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(16 * 1024),
    signature: b64url(1024),
    userHandle: b64url(1024).optional(),
  }),
});

export const StateInput = z.strictObject({ auditLimit: z.number().int().min(0).max(AUDIT_LIMIT_MAX).default(AUDIT_LIMIT_DEFAULT) });
export const EnrolBegin = z.strictObject({ label: Label });
export const EnrolFinish = z.strictObject({ ceremonyId: Id, response: RegistrationResponse });
export const ApproveBegin = z.strictObject({ requestId: Id });
export const Deny = z.strictObject({ requestId: Id });
export const ApproveFinish = z.strictObject({ ceremonyId: Id, response: AuthenticationResponse });
