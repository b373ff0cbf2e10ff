// The action rules now live one file per category under ./actions/; this name is kept for the
// modules and tests that import it.
export { ACTION_RULES as DANGEROUS_ACTION_RULES, shellReading } from "./actions/index.js";
