// Moved: the safety engine now lives in src/engine/ (engine.ts composes the owners). This shim keeps
// existing imports working; the lead removes it once every importer uses src/engine/engine.js.
export { SafetyService, type Caller, type OperatorRefusal, type ServiceDeps } from "../engine/engine.js";
