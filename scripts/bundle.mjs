// `npm run build`, after tsc: bundles the `haltkey` executable (dist/src/cli/main.js, what
// package.json's bin, the shim's daemon and the systemd unit run) into a few ES module files, so a
// cold start loads ~25 files instead of ~270 (docs/performance.md, cold start). The input is tsc's
// own output, so the bundle runs the code tsc checked; tsc's other files stay in dist/ as they were
// (the bench and some tests import them).
//
// - Split at every dynamic import, as the source is: `haltkey mcp` loads only the shim's code,
//   `haltkey serve` no commander, no console unless asked, and so on (test/startup-imports.test.ts).
// - Native addons (classic-level, node-hid) and web-tree-sitter (which finds its .wasm beside itself)
//   stay in node_modules and load as before; so do the packages the source loads with
//   createRequire (yaml, node-sql-parser, @simplewebauthn/*), which esbuild does not follow.
// - All files are written flat in dist/src/cli/ and named hk-*.js. Each of our modules' own
//   `import.meta.url` becomes the URL its tsc file has (dist/src/<dir>/<file>.js), so everything found
//   relative to a module (the shim's manifest, the console's page, node_modules, ../cli/main.js)
//   is found where it was. A bundled package using import.meta.url, __dirname or __filename fails
//   the build, since its own location would be lost.
// - dist/src/cli/bundle-inputs.json: which source modules each file holds (the start-up tests
//   read it to say which modules a process loaded).
import { build } from "esbuild";
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "src", "cli");
const entry = join(out, "main.js");
const input = join(out, "main.tsc.js");

// Files of an earlier bundle go; tsc has just rewritten its own.
for (const f of readdirSync(out)) if (f.startsWith("hk-") && f.endsWith(".js")) rmSync(join(out, f));
renameSync(entry, input);
// tsc's map is of the file the bundle replaces.

const ownModuleUrl = {
  name: "own-module-url",
  setup(b) {
    b.onLoad({ filter: /\.[cm]?js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      const inDist = args.path.startsWith(join(root, "dist") + sep);
      if (!inDist) {
        if (/\bimport\.meta\b|\b__dirname\b|\b__filename\b/.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")))
          throw new Error(`${relative(root, args.path)} uses its own location (import.meta, __dirname or __filename): keep its package external in scripts/bundle.mjs`);
        return undefined;
      }
      if (!text.includes("import.meta")) return { contents: text, loader: "js" };
      const own = relative(out, args.path === input ? entry : args.path).split(sep).join("/");
      const replaced = text.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(own)}, import.meta.url).href`);
      if (/\bimport\.meta\b(?!\.url\b)/.test(replaced.replace(/new URL\("[^"]*", import\.meta\.url\)/g, "")))
        throw new Error(`${relative(root, args.path)} uses import.meta other than import.meta.url`);
      return { contents: replaced, loader: "js" };
    });
  },
};

// zod's translations of its messages into 40-odd languages (366 KB of the 751 KB it adds) are
// reached only through z.locales, which haltkey and the MCP SDK never use; its English messages
// are imported on their own (zod/v4/classic/schemas.js) and stay.
const noZodLocales = {
  name: "no-zod-locales",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: "zod-locales", namespace: "no-zod-locales" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "no-zod-locales" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

try {
  const result = await build({
    entryPoints: { main: input },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: out,
    entryNames: "[name]",
    chunkNames: "hk-[name]-[hash]",
    external: ["classic-level", "node-hid", "web-tree-sitter"],
    // Bundled CommonJS packages (level's, commander's) require Node's modules and classic-level.
    banner: { js: `import { createRequire as __hkCreateRequire } from "node:module";\nconst require = __hkCreateRequire(import.meta.url);` },
    plugins: [ownModuleUrl, noZodLocales],
    // Without comments and spaces the sources V8 keeps for the life of the process are about 1 MB
    // smaller, and most become one byte a character (a comment's "—" made a whole file two). Names
    // are kept, so a stack trace still names its functions.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
    absWorkingDir: root,
  });
  const inputs = {};
  for (const [file, o] of Object.entries(result.metafile.outputs)) {
    inputs[relative(out, join(root, file)).split(sep).join("/")] = Object.keys(o.inputs).map((i) => (i === relative(root, input).split(sep).join("/") ? relative(root, entry) : i).split(sep).join("/"));
  }
  writeFileSync(join(out, "bundle-inputs.json"), `${JSON.stringify(inputs, null, 1)}\n`);
} finally {
  rmSync(input);
  rmSync(`${entry}.map`, { force: true });
}
