// The shell as it will run: see read.ts. Interpreter code handed to python, node, perl or ruby is
// read by interpreters.ts; the parsers are tree-sitter grammars loaded once in syntax.ts.
export { readShell, readShellCached, quoteWord, type ShellCommand, type ShellReading } from "./read.js";
