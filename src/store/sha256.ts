// SHA-256 of a UTF-8 string as hex, one shot: crypto.hash (Node 20.12 and later) builds no Hash
// object, which the store does several times per transition. Older Node 20 releases, which
// package.json still allows, get the same digest through createHash.
import * as crypto from "node:crypto";

type OneShot = (algorithm: string, data: string, encoding: "hex") => string;
const oneShot = (crypto as { hash?: OneShot }).hash;

export const sha256Hex: (text: string) => string =
  typeof oneShot === "function" ? (text) => oneShot("sha256", text, "hex") : (text) => crypto.createHash("sha256").update(text).digest("hex");
