// `node dist/bench/footprint-main.js cold [rounds]|imports|memory [old-generation cap, MB]`: one part of the footprint bench alone.
import { coldStart, IMPORT_GROUPS, importCost, memory } from "./footprint.js";

const what = process.argv[2] ?? "cold";
if (what === "cold") console.log(JSON.stringify(await coldStart("/tmp/haltkey-cold-", Number(process.argv[3] ?? 5))));
if (what === "imports") for (const [label, spec] of IMPORT_GROUPS) console.log(label.padEnd(56), JSON.stringify(importCost(spec)));
if (what === "memory") {
  const m = await memory(`${process.cwd()}/.bench-tmp-mem-`, process.argv[3] !== undefined ? Number(process.argv[3]) : undefined);
  const [[s1, mb1], [s2, mb2]] = [m.daemonAt[1]!, m.daemonAt[m.daemonAt.length - 1]!];
  console.log(JSON.stringify({ ...m, daemonGrowthBytesPerStepOnceSettled: Math.round(((mb2 - mb1) * 1024 * 1024) / (s2 - s1)) }));
}
