// The tree syntax.ts builds from a tree-sitter parse: its walk asks the parser for a node's type
// id, field, start and end, and takes whether the node is named from its type, and whether the
// tree has errors from the root. Held here against what tree-sitter's own cursor says of every
// node (named, missing, ERROR), on texts with ERROR nodes, missing nodes, aliases and fields.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { Language, Parser } from "web-tree-sitter";
import { parseBash, parsePython, type SyntaxNode } from "../src/core/shell/syntax.js";

const require = createRequire(import.meta.url);
await Parser.init();
const languages = {
  bash: await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")),
  python: await Language.load(require.resolve("tree-sitter-python/tree-sitter-python.wasm")),
};

interface Seen {
  type: string;
  field: string | null;
  named: boolean;
  start: number;
  end: number;
  missing: boolean;
}

/** Every node as tree-sitter's cursor reports it, in pre-order. */
function cursorNodes(language: Language, text: string): Seen[] {
  const parser = new Parser().setLanguage(language);
  const tree = parser.parse(text)!;
  const c = tree.walk();
  const out: Seen[] = [];
  for (;;) {
    out.push({ type: c.nodeType, field: c.currentFieldName ?? null, named: c.nodeIsNamed, start: c.startIndex, end: c.endIndex, missing: c.nodeIsMissing });
    if (c.gotoFirstChild()) continue;
    let done = false;
    while (!c.gotoNextSibling()) {
      if (!c.gotoParent()) {
        done = true;
        break;
      }
    }
    if (done) break;
  }
  c.delete();
  tree.delete();
  parser.delete();
  return out;
}

function flat(n: SyntaxNode, out: Array<Omit<Seen, "missing">> = []): Array<Omit<Seen, "missing">> {
  out.push({ type: n.type, field: n.field, named: n.named, start: n.start, end: n.end });
  for (const c of n.children) flat(c, out);
  return out;
}

const cases: Array<[keyof typeof languages, (t: string) => ReturnType<typeof parseBash>, string]> = [
  ["bash", parseBash, "cd /w && cat > f.py << 'EOF'\nprint(1)\nEOF\npython f.py | tee log 2>&1"],
  ["bash", parseBash, 'for f in *.log; do rm -- "$f"; done; x=$(ls ${HOME}/a) && [[ -n $x ]]'],
  ["bash", parseBash, "echo $(ls"], // a missing `)` only
  ["bash", parseBash, "a && "], // a missing command only
  ["bash", parseBash, 'echo "a'], // an ERROR
  ["bash", parseBash, "then calling write_file on src/x.ts (max 20, idle 30s) and reading logs"],
  ["python", parsePython, "import shutil as sh\nfrom os import system\nsh.rmtree(p'/x')\nsystem(f'rm {a}')\nclass A(B):\n  def f(self, *a, **k): return [x for x in a if x]\n"],
  ["python", parsePython, "def f(:"], // a missing node only
  ["python", parsePython, "print(1"],
];

describe("the syntax tree is what tree-sitter's cursor says of every node", () => {
  it.each(cases)("%s: %j", (language, parse, text) => {
    const seen = cursorNodes(languages[language], text);
    const tree = parse(text);
    expect(flat(tree.root)).toEqual(seen.map(({ missing: _, ...n }) => n));
    expect(tree.hasError).toBe(seen.some((n) => n.missing || n.type === "ERROR"));
  });

  it("marks a tree whose only fault is a missing node as having errors", () => {
    for (const [language, parse, text] of [cases[2]!, cases[3]!, cases[7]!]) {
      const seen = cursorNodes(languages[language], text);
      expect(seen.some((n) => n.missing)).toBe(true);
      expect(seen.some((n) => n.type === "ERROR")).toBe(false);
      expect(parse(text).hasError).toBe(true);
    }
  });
});
