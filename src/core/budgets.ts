// The budgets an execution runs under (spec 001's budget breakers), as the wire and the policy
// accept them. Their own module, importing only zod: the wire schemas (and so the shim, which checks
// every message) need this shape, not the breakers' code, which pulls in the whole engine.
import { z } from "zod";

export const Count = z.number().int().min(0).max(1_000_000_000);

export const BudgetConfig = z.strictObject({
  maxWallSeconds: Count.optional(),
  maxToolCalls: Count.optional(),
  maxTokens: Count.optional(),
  maxSpend: z.number().min(0).max(1e12).optional(),
  maxConcurrency: Count.optional(),
});
export type BudgetConfig = z.infer<typeof BudgetConfig>;
