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

/**
 * Whether each node type of a language is named, by type id, read once: a tree's walk then asks
 * the parser for four things a node (type id, field id, start, end) instead of six, since every
 * question crosses into WebAssembly. Whether a node is named depends on its type alone (an alias
 * is a type of its own); ERROR (id 65535, past the table) is named.
 */
const namedTypes = new Map<Language, Uint8Array>();
for (const language of [bash, python]) {
  const named = new Uint8Array(language.types.length);
  for (let id = 0; id < named.length; id++) named[id] = language.nodeTypeIsNamed(id) ? 1 : 0;
  namedTypes.set(language, named);
}

/**
 * tree-sitter's error recovery takes time superlinear in some syntax errors (`x )` on 2,000 lines:
 * 8 KB in 300 ms, 32 KB of prose with parentheses in 4 s), and no count of its work that it reports
 * grows with that time. So a reading has a deadline (withParseDeadline): a parse still running past
 * it is cancelled and throws, and the reader reports the text as unreadable, which pauses. This is
 * the one place a reading depends on time; a valid 32 KB script parses in about 15 ms, a hundred
 * times inside the deadline readShell sets, so only text bash refuses comes near it.
 */
let deadline = Infinity;

/** A parse cancelled at the deadline (withParseDeadline). */
export class ParseTimeout extends Error {
  constructor() {
    super("the parser gave up: the text takes too long to parse");
  }
}

/** Runs `read` with every parse inside it cancelled once performance.now() passes `at`. */
export function withParseDeadline<T>(at: number, read: () => T): T {
  const previous = deadline;
  deadline = Math.min(previous, at);
  try {
    return read();
  } finally {
    deadline = previous;
  }
}

function parseWith(parser: Parser, source: string): SyntaxTree {
  const until = deadline;
  const tree = until === Infinity ? parser.parse(source) : parser.parse(source, null, { progressCallback: () => performance.now() > until });
  if (!tree) {
    // A cancelled parse is resumed by the parser's next call unless it is reset: the next text
    // (any session's) would be read with this one's state and offsets.
    parser.reset();
    throw until !== Infinity && performance.now() > until ? new ParseTimeout() : new Error("tree-sitter returned no tree");
  }
  try {
    const cursor = tree.walk();
    let truncated = false;
    // Iterative walk: a hostile input nests thousands deep, and the JS stack must not be what stops it.
    type Building = { type: string; field: string | null; named: boolean; start: number; end: number; children: SyntaxNode[] };
    // An ERROR or missing node anywhere sets the root's hasError, which the tree carries.
    const { types, fields } = tree.language;
    const namedOf = namedTypes.get(tree.language)!;
    const make = (): Building => {
      const id = cursor.nodeTypeId;
      const type = types[id] || "ERROR";
      const field = fields[cursor.currentFieldId] ?? null;
      return { type, field, named: id < namedOf.length ? namedOf[id] === 1 : true, start: cursor.startIndex, end: cursor.endIndex, children: [] };
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
          return { source, root, hasError: tree.rootNode.hasError, truncated };
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
