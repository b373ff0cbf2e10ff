// `node dist/bench/footprint-main.js cold|imports|memory`: one part of the footprint bench alone.
import { coldStart, IMPORT_GROUPS, importCost, memory } from "./footprint.js";

const what = process.argv[2] ?? "cold";
if (what === "cold") console.log(JSON.stringify(await coldStart("/tmp/haltkey-cold-", Number(process.argv[3] ?? 5))));
if (what === "imports") for (const [label, spec] of IMPORT_GROUPS) console.log(label.padEnd(56), JSON.stringify(importCost(spec)));
if (what === "memory") console.log(JSON.stringify(await memory(`${process.cwd()}/.bench-tmp-mem-`)));
