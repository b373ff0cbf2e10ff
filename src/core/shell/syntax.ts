// Real parsers for the code an agent runs: tree-sitter-bash and tree-sitter-python through
// web-tree-sitter. The grammars load once, when this module is first imported (top-level await), so
// every reading after that is synchronous. A parse becomes a plain tree of offsets into the source
// and the wasm tree is freed at once: nothing outside this module holds parser memory.
import { createRequire } from "node:module";
import { Language, Parser } from "web-tree-sitter";

export interface SyntaxNode {
  readonly type: string;
  /** The field this node fills in its parent ("name", "argument", "body"…), if any. */
  readonly field: string | null;
  readonly named: boolean;
  readonly start: number;
  readonly end: number;
  readonly children: readonly SyntaxNode[];
}

export interface SyntaxTree {
  readonly source: string;
  readonly root: SyntaxNode;
  /** The parser recovered from text it could not read (ERROR or missing nodes). */
  readonly hasError: boolean;
  /** The tree was deeper than MAX_TREE_DEPTH; deeper nodes were left out. */
  readonly truncated: boolean;
}

/** Deeper nesting than this is not something a person writes; the rest is cut and reported. */
export const MAX_TREE_DEPTH = 200;

const require = createRequire(import.meta.url);
await Parser.init();
const [bash, python] = await Promise.all([
  Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")),
  Language.load(require.resolve("tree-sitter-python/tree-sitter-python.wasm")),
]);
const bashParser = new Parser().setLanguage(bash);
const pythonParser = new Parser().setLanguage(python);

function parseWith(parser: Parser, source: string): SyntaxTree {
  const tree = parser.parse(source);
  if (!tree) throw new Error("tree-sitter returned no tree");
  try {
    const cursor = tree.walk();
    let hasError = false;
    let truncated = false;
    // Iterative walk: a hostile input nests thousands deep, and the JS stack must not be what stops it.
    type Building = { type: string; field: string | null; named: boolean; start: number; end: number; children: SyntaxNode[] };
    const make = (): Building => {
      const type = cursor.nodeType;
      if (type === "ERROR" || cursor.nodeIsMissing) hasError = true;
      return { type, field: cursor.currentFieldName, named: cursor.nodeIsNamed, start: cursor.startIndex, end: cursor.endIndex, children: [] };
    };
    const root = make();
    const stack: Building[] = [root];
    for (;;) {
      if (stack.length <= MAX_TREE_DEPTH && cursor.gotoFirstChild()) {
        const child = make();
        stack[stack.length - 1]!.children.push(child);
        stack.push(child);
        continue;
      }
      if (stack.length > MAX_TREE_DEPTH && cursor.gotoFirstChild()) {
        truncated = true;
        cursor.gotoParent();
      }
      for (;;) {
        if (stack.length === 1) {
          cursor.delete();
          return { source, root, hasError: hasError || tree.rootNode.hasError, truncated };
        }
        stack.pop();
        if (cursor.gotoNextSibling()) {
          const sibling = make();
          stack[stack.length - 1]!.children.push(sibling);
          stack.push(sibling);
          break;
        }
        cursor.gotoParent();
      }
    }
  } finally {
    tree.delete();
  }
}

export const parseBash = (source: string): SyntaxTree => parseWith(bashParser, source);
export const parsePython = (source: string): SyntaxTree => parseWith(pythonParser, source);

export const textOf = (tree: SyntaxTree, node: SyntaxNode): string => tree.source.slice(node.start, node.end);
export const fieldOf = (node: SyntaxNode, field: string): SyntaxNode | undefined => node.children.find((c) => c.field === field);
export const fieldsOf = (node: SyntaxNode, field: string): SyntaxNode[] => node.children.filter((c) => c.field === field);
