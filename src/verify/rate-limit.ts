// Failed-verification limiting (spec §8.8.5): at most maxFailures failures per window per key, then
// a lockout that doubles with each repeat (MAY, progressive) up to maxLockoutSeconds. Pure: the
// state is plain data the store persists, and `now` is passed in.
import type { RateLimitState } from "../core/records.js";

export interface RateLimitConfig {
  readonly maxFailures: number;
  readonly windowSeconds: number;
  readonly maxLockoutSeconds: number;
}


export const EMPTY_RATE_LIMIT: RateLimitState = { failures: [], lockoutUntil: 0, lockouts: 0 };

export function lockedUntil(state: RateLimitState, now: number): number | undefined {
  return state.lockoutUntil > now ? state.lockoutUntil : undefined;
}

export function recordFailure(state: RateLimitState, now: number, cfg: RateLimitConfig): RateLimitState {
  const windowMs = cfg.windowSeconds * 1000;
  const failures = [...state.failures.filter((t) => t > now - windowMs), now];
  if (failures.length < cfg.maxFailures) return { ...state, failures };
  const lockoutMs = Math.min(windowMs * 2 ** state.lockouts, cfg.maxLockoutSeconds * 1000);
  return { failures: [], lockoutUntil: now + lockoutMs, lockouts: state.lockouts + 1 };
}

export function recordSuccess(): RateLimitState {
  return EMPTY_RATE_LIMIT;
}
