// The audit anchor: the last record's seq and hash, kept in a file beside the database
// (`<db>.anchor`) and rewritten after every batch, so a truncated or rolled-back store is caught.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

/** The last record's seq and hash, kept outside the database: `<db>.anchor`. */
export interface Anchor {
  seq: number;
  hash: string;
}
export const ANCHOR_BYTES = 128;

export const anchorPathOf = (dir: string): string => `${resolve(dir)}.anchor`;

export async function readAnchor(path: string): Promise<Anchor | "missing" | "unreadable"> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable";
  }
  try {
    const a = JSON.parse(text) as Partial<Anchor>;
    if (typeof a.seq === "number" && Number.isSafeInteger(a.seq) && a.seq >= 0 && typeof a.hash === "string" && /^[0-9a-f]{64}$/.test(a.hash)) return { seq: a.seq, hash: a.hash };
  } catch {
    // fall through
  }
  return "unreadable";
}
