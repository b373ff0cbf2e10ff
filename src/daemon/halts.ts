// Moved to src/engine/halts.ts (the halt desk is an engine owner). This shim keeps existing
// imports working; the lead removes it once every importer uses the new path.
export { HaltDesk, type Caller, type HaltDeskDeps, type HumanApprovals, type HumanRequest } from "../engine/halts.js";
