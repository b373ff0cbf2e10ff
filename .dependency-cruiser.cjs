// The layering of src/ (docs/architecture.md, DESIGN.md "Layers"), enforced by test/layering.test.ts.
// Imports point down only: each folder may import the folders listed for it and nothing else of
// the project, so no arrow goes up and no loop can form between folders; no loop between files
// either. A folder not in the table fails the test until it is placed.
/** @type {Record<string, string[]>} folder -> the folders it may import */
const MAY_IMPORT = {
  core: [],
  verify: ["core"],
  // The store keeps rate-limit windows in verify's shape.
  store: ["core", "verify"],
  hw: ["core"],
  eval: ["core"],
  engine: ["core", "store", "verify"],
  devices: ["core", "store", "verify", "hw"],
  sim: ["core", "store", "verify", "hw", "devices"],
  daemon: ["core", "store", "verify", "hw", "eval", "engine", "devices", "sim"],
  mcp: ["core", "engine", "daemon"],
  adapters: ["core", "daemon"],
  proxy: ["core", "daemon", "adapters"],
  console: ["core", "engine", "daemon"],
  cli: ["core", "store", "verify", "hw", "eval", "engine", "devices", "sim", "daemon", "mcp", "adapters", "proxy", "console"],
};

/**
 * Modules that still sit in daemon/ but that every layer below it may use: the logger, the paths
 * and the version.
 * They import nothing of the project but core (checked below), so using them closes no loop.
 */
const SHARED_LEAVES = ["src/daemon/log\\.ts$", "src/daemon/paths\\.ts$", "src/daemon/version\\.ts$"];
const leaves = `(${SHARED_LEAVES.join("|")})`;
const folders = Object.keys(MAY_IMPORT);

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A loop between modules: split out what both need, below both.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "shared-leaves-import-only-core",
      comment: "The shared leaves in daemon/ may be used from below only because they import nothing above core.",
      severity: "error",
      from: { path: leaves },
      to: { path: "^src/", pathNot: "^src/core/" },
    },
    ...folders.map((folder) => ({
      name: `${folder}-imports-only-below`,
      comment: `${folder}/ may import ${MAY_IMPORT[folder].length > 0 ? MAY_IMPORT[folder].join(", ") : "nothing else of the project"}.`,
      severity: "error",
      from: { path: `^src/${folder}/` },
      to: {
        path: "^src/",
        pathNot: [`^src/(${[folder, ...MAY_IMPORT[folder]].join("|")})/`, ...(folder === "core" ? [] : [leaves])],
      },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/console/.*\\.(js|html|css)$" },
    // Type-only imports are arrows too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
