// kdb+'s q, as a database tool takes it (mcp__kdb__query {q: "select … from trade where …"}). q is
// not SQL: its select reads like SQL's but the SQL grammars cannot read it, and it runs programs too.
// Read for two things only: whether the text only reads (a select or exec with nothing that writes,
// deletes, opens a file or a connection, or runs a program), and the commands its `system` calls run
// on the database's host, which are read as the shell lines they are.

/** A tool that sends q to a kdb+ process: its name says kdb (kdb, kdbq, kdbplus, kx). */
export const isQTool = (nameWords: readonly string[]): boolean => nameWords.some((w) => /^(?:kdb|kdbq|kdbplus|kx|kdbx)$/.test(w));

/** The keys a q tool's text is under. */
const Q_KEY = /^(?:q|query|expr|expression|code|command)$/i;

/** The q texts a call carries (top level only, as the tools take them). */
export function qTexts(args: unknown): string[] {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return [];
  return Object.entries(args as Record<string, unknown>)
    .filter(([k, v]) => Q_KEY.test(k) && typeof v === "string" && v.trim() !== "")
    .map(([, v]) => v as string)
    .slice(0, 4);
}

/**
 * What in q writes or runs: delete, update, upsert, insert, set, a file handle (`:path), a connection
 * (hopen), a system command or the OS escape (\), .Q's and .z's functions, save and load, exit.
 */
const Q_EFFECT = /\b(?:delete|update|upsert|insert|set|hdel|hopen|hclose|system|save|rsave|load|rload|exit|value|eval|reval|parse|neg)\b|`:|\\|\.[Qhz]\.\w|\bdsave\b/;
/** A q text that only reads: one select or exec (quoted strings aside) with nothing of Q_EFFECT. */
export function qOnlyReads(text: string): boolean {
  if (text.length > 8192) return false;
  const bare = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  // (A string applied to a handle, 0 "expr", or to get, value or eval runs its text: judged on the raw text too.)
  return /^\s*(?:select|exec)\b/.test(bare) && !Q_EFFECT.test(bare) && !/[\d)\]]\s*"|\bget\b/.test(text);
}

/** The shell commands a q text's system calls run: system "rm -rf /data/hdb" → rm -rf /data/hdb. */
export function qSystemCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.slice(0, 65_536).matchAll(/\bsystem\s*"((?:[^"\\]|\\.){1,4096})"/g)) {
    out.push(m[1]!.replace(/\\(["\\])/g, "$1"));
    if (out.length === 8) break;
  }
  return out;
}
