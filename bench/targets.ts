// Issue 14's targets: every figure `npm run bench` prints against one is recorded here, shown at
// once with met/missed, and listed together at the end, so a regression is visible in one place.

export interface TargetResult {
  readonly name: string;
  readonly figure: string;
  readonly target: string;
  /** undefined: not measured in this run (skipped or failed). */
  readonly met: boolean | undefined;
}

const results: TargetResult[] = [];

const mark = (met: boolean | undefined): string => (met === undefined ? "NOT MEASURED" : met ? "met" : "MISSED");

export function target(name: string, figure: string, goal: string, met: boolean | undefined): void {
  results.push({ name, figure, target: goal, met });
  console.log(`  [${mark(met)}] ${name}: ${figure}   (target: ${goal})`);
}

export function targetResults(): readonly TargetResult[] {
  return results;
}

export function printTargets(): void {
  console.log("\nissue 14 targets (figures from this run; a loaded machine inflates every time figure)");
  const w = Math.max(...results.map((r) => r.name.length));
  for (const r of results) console.log(`  ${mark(r.met).padEnd(12)} ${r.name.padEnd(w)}  ${r.figure}   (target: ${r.target})`);
  const missed = results.filter((r) => r.met === false).length;
  console.log(`  ${results.length - missed} of ${results.length} met or not measured; ${missed} missed`);
}
