// A security key's label as an operator may choose it (CLI, console), checked wherever it comes in.
import { z } from "zod";

export const KEY_LABEL_MAX = 64;
/** Labels the simulator gives its own key (and forgets at the next start); nobody else may use them. */
export const SIMULATED_KEY_LABEL = "simulated key";

/** A key's label as an operator may choose it, wherever it comes in (CLI, console). */
export const KeyLabel = z
  .string()
  .min(1)
  .max(KEY_LABEL_MAX)
  .regex(/^[\x20-\x7e]+$/, "printable ASCII")
  .refine((l) => !l.toLowerCase().startsWith(SIMULATED_KEY_LABEL), `labels starting with "${SIMULATED_KEY_LABEL}" are reserved for the simulator`);
