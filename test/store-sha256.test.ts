// The store's SHA-256 gives the same hex digest with crypto.hash (Node 20.12+) and without it
// (older Node 20 releases, which package.json allows), so a store written by one verifies on the other.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

const TEXTS = ["", "abc", "blocks\u0000k\u0000{\"a\":1}", "ü€😀 \u0000 line\nbreak"];
const reference = (t: string): string => createHash("sha256").update(t, "utf8").digest("hex");

afterEach(() => {
  vi.doUnmock("node:crypto");
  vi.resetModules();
});

describe("sha256Hex", () => {
  it("matches createHash over UTF-8, with crypto.hash", async () => {
    const { sha256Hex } = await import("../src/store/sha256.js");
    for (const t of TEXTS) expect(sha256Hex(t)).toBe(reference(t));
  });

  it("matches it too where crypto.hash does not exist", async () => {
    vi.resetModules();
    vi.doMock("node:crypto", async (importOriginal) => {
      const real = await importOriginal<typeof import("node:crypto")>();
      return { ...real, hash: undefined, default: { ...real, hash: undefined } };
    });
    const { sha256Hex } = await import("../src/store/sha256.js");
    for (const t of TEXTS) expect(sha256Hex(t)).toBe(reference(t));
  });
});
