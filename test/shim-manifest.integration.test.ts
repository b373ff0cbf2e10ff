// The shim's build-time manifest (src/mcp/shim-manifest.ts) against the modules it is made from:
// the tool lists are tools.ts's toolList() at run time, the file `npm run build` wrote is what the
// generator makes now, and the shim's tool-call path (shim-call.ts) gives what tools.ts's callTool
// gives for any daemon answer, thrown error and arguments.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode } from "../src/core/errors.js";
import { DaemonError } from "../src/daemon/daemon-error.js";
import { parseResult } from "../src/daemon/protocol.js";
import { ShimCalls } from "../src/mcp/shim-call.js";
import { buildManifest } from "../src/mcp/shim-manifest-build.js";
import { fillWhy, loadManifest, MANIFEST_FILE, WHY } from "../src/mcp/shim-manifest.js";
import { callTool, toolList, unavailableResult } from "../src/mcp/tools.js";

const manifest = await buildManifest();
const BUILT = new URL(`../dist/src/mcp/${MANIFEST_FILE}`, import.meta.url);

describe("the shim's manifest", () => {
  it("holds tools.ts's tool list for each endpoint mode, byte for byte as JSON", () => {
    for (const mode of ["semantic", "single"] as const) {
      expect(manifest.tools[mode]).toEqual(toolList(mode));
      expect(JSON.stringify(manifest.tools[mode])).toBe(JSON.stringify(toolList(mode)));
    }
    // Control: the modes differ.
    expect(manifest.tools.single.length).toBeLessThan(manifest.tools.semantic.length);
  });

  it("is what `npm run build` wrote next to the compiled shim", () => {
    expect(JSON.parse(readFileSync(BUILT, "utf8"))).toEqual(JSON.parse(JSON.stringify(manifest)));
    expect(loadManifest(BUILT).tools.semantic).toEqual(toolList("semantic"));
  });

  it("a missing or foreign manifest stops the shim with what to do", () => {
    expect(() => loadManifest(new URL("file:///nonexistent/shim-manifest.json"))).toThrow(/npm run build/);
    expect(() => loadManifest(new URL("../package.json", import.meta.url))).toThrow(/not a haltkey shim manifest/);
  });

  it("its refusals are tools.ts's unavailableResult for any reason", () => {
    fc.assert(
      fc.property(fc.string(), (why) => {
        expect(fillWhy(manifest.refusals.step, why)).toEqual(unavailableResult("record_execution_step", why));
        expect(fillWhy(manifest.refusals.other, why)).toEqual(unavailableResult("introspect", why));
      }),
    );
    // A reason that looks like the placeholder is inserted as it is, not read again.
    expect(fillWhy(manifest.refusals.other, WHY)).toEqual(unavailableResult(undefined, WHY));
  });
});

/** What the daemon may send back for an aql call: answers that match the protocol and some that do not. */
const answer = fc.oneof(
  fc.record({ success: fc.constant(true), data: fc.jsonValue() }),
  fc.record({ success: fc.constant(true), data: fc.jsonValue(), warnings: fc.array(fc.string(), { maxLength: 3 }) }),
  fc.record({
    success: fc.constant(false),
    error: fc.record(
      { code: fc.constantFrom(...Object.values(ErrorCode), "lower", "X_1"), message: fc.string(), details: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }) },
      { requiredKeys: ["code", "message"] },
    ),
  }),
  fc.jsonValue(),
);
/** Or the request fails: a DaemonError the daemon sent (VALIDATION_ ones are the caller's fault) or any other error. */
const thrown = fc.oneof(
  fc.record({ code: fc.constantFrom(ErrorCode.invalidValue, ErrorCode.missingParam, ErrorCode.internal, ErrorCode.daemonUnavailable, ErrorCode.daemonTimeout), message: fc.string() }).map((e) => new DaemonError(e.code, e.message)),
  fc.string().map((m) => new Error(m)),
);
const tool = fc.constantFrom("mcp_aql_create", "mcp_aql_read", "mcp_aql_execute", "mcp_aql", "guardrail_check_halt_conditions", "guardrail_record_halt", "nope", "");
const args = fc.option(
  fc.record(
    {
      operation: fc.constantFrom("record_execution_step", "verify_challenge", "confirm_operation", "complete_execution", "introspect", "__proto__", "toString"),
      params: fc.oneof(fc.dictionary(fc.constantFrom("executionId", "challengeId", "verificationId", "confirmationId", "element_name", "x"), fc.string(), { maxKeys: 3 }), fc.jsonValue()),
      executionId: fc.string(),
      verification_id: fc.string(),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

describe("the shim's tool call is tools.ts's callTool", () => {
  it("for any daemon answer, failure, tool and arguments", async () => {
    const calls = new ShimCalls(manifest);
    await fc.assert(
      fc.asyncProperty(tool, args, fc.oneof(answer.map((a) => ({ a })), thrown.map((t) => ({ t }))), async (name, a, outcome) => {
        // The old path: DaemonClient checked the answer with protocol.ts's schema.
        const forward = async () => {
          if ("t" in outcome) throw outcome.t;
          const r = parseResult("aql", outcome.a);
          if (!r.ok) throw new DaemonError(ErrorCode.internal, `the daemon's answer to aql does not match the protocol (${r.problem})`);
          return r.value;
        };
        const ask = async () => {
          if ("t" in outcome) throw outcome.t;
          return outcome.a;
        };
        const before = await callTool(name, a, forward);
        const now = await calls.call(name, a, ask);
        if ("a" in outcome && !parseResult("aql", outcome.a).ok) {
          // A broken answer: the same refusal, the problem said in other words.
          const plain = (text: string) => text.replace(/does not match the protocol \((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)/g, "…");
          expect(now.isError).toBe(before.isError);
          expect(plain(now.content[0].text)).toBe(plain(before.content[0]!.text as string));
          expect(now.content[0].text).not.toContain('"continue":true');
        } else {
          expect(JSON.stringify(now)).toBe(JSON.stringify(before));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
