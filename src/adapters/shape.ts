// Small structural checks for the hook's boundaries (Claude Code's payload, the daemon's answers).
// The command hook starts a Node process per tool call, and zod alone costs more to load than the
// rest of the hook together, so the hook's import graph does not include it (cli/hook-main.ts).
// Every check is strict about type and size and says what was wrong; callers fail closed on it.

export type Obj = Record<string, unknown>;

export const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path || "(top level)"}: ${problem}`);
  }
}

export function object(v: unknown, path: string): Obj {
  if (!isObject(v)) throw new ShapeError(path, "expected an object");
  return v;
}

export function string(o: Obj, key: string, path: string, max: number, min = 0): string {
  const v = o[key];
  if (typeof v !== "string") throw new ShapeError(`${path}${key}`, "expected a string");
  if (v.length < min) throw new ShapeError(`${path}${key}`, `expected at least ${min} character(s)`);
  if (v.length > max) throw new ShapeError(`${path}${key}`, `longer than ${max} characters`);
  return v;
}

export function optionalString(o: Obj, key: string, path: string, max: number, min = 0): string | undefined {
  return o[key] === undefined ? undefined : string(o, key, path, max, min);
}

export function boolean(o: Obj, key: string, path: string): boolean {
  const v = o[key];
  if (typeof v !== "boolean") throw new ShapeError(`${path}${key}`, "expected a boolean");
  return v;
}

export function optionalBoolean(o: Obj, key: string, path: string): boolean | undefined {
  return o[key] === undefined ? undefined : boolean(o, key, path);
}

export function strings(o: Obj, key: string, path: string, maxItems = 10_000): string[] {
  const v = o[key];
  if (!Array.isArray(v) || v.length > maxItems || !v.every((x) => typeof x === "string")) throw new ShapeError(`${path}${key}`, "expected an array of strings");
  return v as string[];
}
