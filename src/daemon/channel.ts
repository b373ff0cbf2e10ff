// Moved to src/engine/channel.ts (the engine's port to the approval devices). This shim keeps
// existing imports working; the lead removes it once every importer uses the new path.
export type { ApprovalChannel, ApprovalScreen, HumanDecision, RequestKind, Via } from "../engine/channel.js";
