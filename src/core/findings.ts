// What a tool returned, judged on its own (report_findings): counted into the breakers' state,
// never a step. Pure: the caller passes the state and the detectors.
import { afterReading, type BreakerState } from "./breakers.js";
import type { DetectionKind, DetectorPack } from "./detector.js";
import { INJECTION_PAUSE_SCORE, SENSITIVE_PII_SCORE } from "./pipeline.js";

export interface FindingsReading {
  readonly injectionMarkers: number;
  /** Secrets and strong personal data: what, once read, makes egress need a human. */
  readonly sensitive: number;
  /** Whether any injection marker is strong enough that the next action would pause on it. */
  readonly strongInjection: boolean;
  readonly detections: ReadonlyArray<{ readonly kind: DetectionKind; readonly ruleId: string; readonly score: number; readonly reason: string }>;
  readonly next: BreakerState;
}

export function readFindings(state: BreakerState, findings: string, content: DetectorPack): FindingsReading {
  const detections = content.scan(findings).detections;
  const injection = detections.filter((d) => d.kind === "injection");
  const sensitive = detections.filter((d) => d.kind === "secret" || (d.kind === "pii" && d.score >= SENSITIVE_PII_SCORE)).length;
  return {
    injectionMarkers: injection.length,
    sensitive,
    strongInjection: injection.some((d) => d.score >= INJECTION_PAUSE_SCORE),
    detections: detections.map((d) => ({ kind: d.kind, ruleId: d.ruleId, score: d.score, reason: d.reason })),
    next: afterReading(state, { injectionMarkers: injection.length, sensitive }),
  };
}
