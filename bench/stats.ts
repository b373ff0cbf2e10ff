// Percentiles and the one line format every bench figure is printed in.

export interface Stats {
  n: number;
  p50: number;
  p99: number;
  mean: number;
  perSecond: number;
}

/** Samples in nanoseconds; p50/p99/mean in µs. */
export function stats(samplesNs: ArrayLike<number>, wallNs: number): Stats {
  const s = Array.from(samplesNs).sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, p50: at(0.5) / 1000, p99: at(0.99) / 1000, mean: s.reduce((a, b) => a + b, 0) / s.length / 1000, perSecond: (s.length / wallNs) * 1e9 };
}

export const fmt = (label: string, st: Stats): string =>
  `${label.padEnd(50)} n=${String(st.n).padStart(6)}  p50=${st.p50.toFixed(1).padStart(8)} µs  p99=${st.p99.toFixed(1).padStart(8)} µs  ${Math.round(st.perSecond).toLocaleString("en-US").padStart(9)}/s`;

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * Times each of `cases` once per round, in turn, for `rounds` rounds (after `warmup` rounds), so
 * every case sees the same machine at the same moments. Each case may be async.
 */
export async function interleaved(cases: ReadonlyArray<readonly [string, () => unknown]>, rounds: number, warmup = Math.min(200, rounds)): Promise<Map<string, Stats>> {
  for (let i = 0; i < warmup; i++) for (const [, fn] of cases) await settle(fn());
  const samples = cases.map(() => new Float64Array(rounds));
  const walls = cases.map(() => 0);
  for (let i = 0; i < rounds; i++) {
    for (let c = 0; c < cases.length; c++) {
      const t = process.hrtime.bigint();
      const r = cases[c]![1]();
      if (r instanceof Promise) await r;
      const d = Number(process.hrtime.bigint() - t);
      samples[c]![i] = d;
      walls[c]! += d;
    }
  }
  return new Map(cases.map(([label], c) => [label, stats(samples[c]!, walls[c]!)]));
}

const settle = async (r: unknown): Promise<void> => {
  if (r instanceof Promise) await r;
};
