// Operator commands on the approval hardware: enrolling and removing security keys, pairing the
// display, approving a request with a touch, the admin unblock, what is attached, and the
// simulator's buttons. Every one is a client of the daemon's operator socket, which owns the devices.
import type { Command } from "commander";
import { DaemonClient } from "../daemon/client.js";
import { die, paths, print, withDaemon } from "./common.js";

const seconds = (v: string): number => {
  const n = Number.parseInt(v, 10);
  if (!Number.isInteger(n) || n < 1 || n > 600) die("--wait must be 1 to 600 seconds", 2);
  return n;
};

/**
 * A pending request for the operator: what the display shows, then, for an agent's action, the
 * whole action (the display may leave file contents out) and the digest the approval binds.
 */
function describeRequest(r: { id: string; kind: string; agent: string; text: string; action?: string; actionDigest?: string; expiresAt: string; onDisplay: boolean }): string {
  const lines = [`${r.kind} ${r.id} from agent '${r.agent}' (expires ${r.expiresAt}${r.onDisplay ? ", on the display now" : ""}):`, "", `  ${r.text}`];
  if (r.action !== undefined) {
    lines.push("", `The whole action (${r.action.length} chars; approving binds exactly this, digest ${r.actionDigest ?? "?"}):`, "", r.action.replace(/^/gm, "  "));
  }
  return lines.join("\n");
}

export function registerHardwareCommands(program: Command): void {
  program
    .command("enroll")
    .description("Register a security key for approvals (touch it when it blinks); several keys may be enrolled")
    .requiredOption("--label <label>", "a name for this key, e.g. 'yubikey-desk'")
    .option("--wait <seconds>", "how long to wait for the touch", seconds, 60)
    .option("--json", "machine-readable output", false)
    .action(async (o: { label: string; wait: number; json: boolean }) => {
      await withDaemon(async (c) => {
        if (!o.json) process.stderr.write(`Waiting up to ${o.wait} s: touch the security key to enroll it as '${o.label}'…\n`);
        const k = await c.request("keys.enroll", { label: o.label, waitSeconds: o.wait }, (o.wait + 10) * 1000);
        print(o.json, k, () => `enrolled '${k.label}' (${k.protocol}, credential ${k.id.slice(0, 16)}…)`);
      });
    });

  const keys = program.command("keys").description("Enrolled security keys");
  keys
    .command("list", { isDefault: true })
    .description("List enrolled keys")
    .option("--json", "machine-readable output", false)
    .action(async (o: { json: boolean }) => {
      await withDaemon(async (c) => {
        const list = await c.request("keys.list", {});
        print(o.json, list, () =>
          list.length === 0
            ? "No security key is enrolled. Enroll one with 'haltkey enroll --label <name>'."
            : list.map((k) => `${k.label}  ${k.protocol}  enrolled ${k.enrolledAt}  last used ${k.lastUsedAt ?? "never"}  id ${k.id.slice(0, 16)}…`).join("\n"),
        );
      });
    });
  keys
    .command("remove <key>")
    .description("Remove an enrolled key (by label or id); needs a touch of ANOTHER enrolled key (or of itself if it is the last)")
    .option("--wait <seconds>", "how long to wait for the touch", seconds, 60)
    .option("--json", "machine-readable output", false)
    .action(async (key: string, o: { wait: number; json: boolean }) => {
      await withDaemon(async (c) => {
        if (!o.json) process.stderr.write(`Waiting up to ${o.wait} s: touch another enrolled key to approve removing '${key}'…\n`);
        const k = await c.request("keys.remove", { key, waitSeconds: o.wait }, (o.wait + 10) * 1000);
        print(o.json, k, () => `removed '${k.label}'`);
      });
    });

  program
    .command("show <requestId>")
    .description("Show a pending request: what the display shows, and the whole action with the digest an approval binds")
    .option("--json", "machine-readable output", false)
    .action(async (requestId: string, o: { json: boolean }) => {
      await withDaemon(async (c) => {
        const r = await c.request("request.get", { requestId });
        print(o.json, r, () => describeRequest(r));
      });
    });

  program
    .command("approve <requestId>")
    .description("Show a pending request in full and approve it with a security-key touch")
    .option("--wait <seconds>", "how long to wait for the touch", seconds, 60)
    .option("--json", "machine-readable output", false)
    .action(async (requestId: string, o: { wait: number; json: boolean }) => {
      await withDaemon(async (c) => {
        const r = await c.request("request.get", { requestId });
        if (!o.json) {
          process.stderr.write(`${describeRequest(r)}\n\n`);
          process.stderr.write(`${r.onDisplay ? "The display shows this request. " : ""}Waiting up to ${o.wait} s: touch your security key to approve exactly this (Ctrl-C to refuse)…\n`);
        }
        const a = await c.request("approve", { requestId, waitSeconds: o.wait }, (o.wait + 10) * 1000);
        print(o.json, a, () => `approved ${a.requestId} with key '${a.label}'`);
      });
    });

  program
    .command("deny <requestId>")
    .description("Refuse a pending request: the agent is told not to take the action. Needs no key, since a refusal only stops the agent")
    .option("--json", "machine-readable output", false)
    .action(async (requestId: string, o: { json: boolean }) => {
      await withDaemon(async (c) => {
        const r = await c.request("deny", { requestId });
        print(o.json, r, () => `denied ${r.requestId}`);
      });
    });

  program
    .command("verify <challengeId>")
    .description("Type the code shown on the display here instead of giving it to the agent; lifts that pause or block. The code is read from standard input, never the command line, where any process could read it")
    .option("--json", "machine-readable output", false)
    .action(async (challengeId: string, o: { json: boolean }) => {
      const code = await readCode();
      await withDaemon(async (c) => {
        const r = await c.request("verify", { challengeId, code });
        print(o.json, r, () => (r.success ? (r.data.message ?? "verified") : `${r.error.code}: ${r.error.message}`));
        if (!r.success) process.exit(1);
      });
    });

  program
    .command("pair")
    .description("Pair an APV1 approval display: compare the six-digit code on the device with this one, then press APPROVE on the device")
    .option("--wait <seconds>", "how long to wait for the press on the device", seconds, 60)
    .option("--json", "machine-readable output", false)
    .action(async (o: { wait: number; json: boolean }) => {
      await withDaemon(async (c) => {
        const b = await c.request("pair.begin", {}, 20_000);
        if (!o.json) {
          process.stderr.write(`Display ${b.deviceId} shows a pairing code. It must read exactly:\n\n    ${b.sas.slice(0, 3)} ${b.sas.slice(3)}\n\n`);
          process.stderr.write(`If it matches, press APPROVE on the display (waiting up to ${o.wait} s). If it does not, press DENY: something else is on the line.\n`);
        }
        const r = await c.request("pair.confirm", { waitSeconds: o.wait }, (o.wait + 10) * 1000);
        print(o.json, { ...r, sas: b.sas }, () => `paired display ${r.deviceId}`);
      });
    });

  program
    .command("unblock <agent>")
    .description("Admin override of a hard block; needs a security-key touch")
    .option("--wait <seconds>", "how long to wait for the touch", seconds, 120)
    .option("--json", "machine-readable output", false)
    .action(async (agent: string, o: { wait: number; json: boolean }) => {
      await withDaemon(async (c) => {
        if (!o.json) process.stderr.write(`Waiting up to ${o.wait} s: touch your security key to approve unblocking '${agent}'…\n`);
        const r = await c.request("admin.unblock", { agent, waitSeconds: o.wait }, (o.wait + 10) * 1000);
        if (o.json) print(true, r, () => "");
        if (r.status === "not_blocked") die(`agent '${agent}' is not blocked`);
        if (r.status !== "approved") die(`unblock of '${agent}' was not approved (${r.status})`);
        if (!o.json) process.stdout.write(`unblocked ${agent}\n`);
      });
    });

  program
    .command("devices")
    .description("What is attached (security keys, approval displays), what is paired and enrolled, and what the daemon uses")
    .option("--json", "machine-readable output", false)
    .action(async (o: { json: boolean }) => {
      const { listDevices } = await import("../hw/node-hid-transport.js");
      let attached: Awaited<ReturnType<typeof listDevices>> | undefined;
      let error: string | undefined;
      try {
        attached = await listDevices();
      } catch (e) {
        error = (e as Error).message;
      }
      const daemon = await DaemonClient.connect(paths.operatorSocket)
        .then(async (c) => {
          try {
            return await c.request("devices", {});
          } finally {
            c.close();
          }
        })
        .catch(() => undefined);
      const result = {
        securityKeys: attached?.securityKeys ?? [],
        displays: attached?.displays ?? [],
        hidCollections: attached?.hidCollections ?? 0,
        ...(error ? { error } : {}),
        daemon: daemon ? { running: true, ...daemon } : { running: false },
      };
      print(o.json, result, () => {
        const lines: string[] = [];
        if (error) lines.push(`cannot enumerate HID devices: ${error}`);
        else if (result.securityKeys.length === 0 && result.displays.length === 0) {
          lines.push(`No FIDO2 security key and no approval display attached (${result.hidCollections} other HID collection${result.hidCollections === 1 ? "" : "s"} seen).`);
        }
        for (const k of result.securityKeys) lines.push(`security key: ${k.manufacturer ?? "?"} ${k.product ?? "?"} (${k.vendorId.toString(16)}:${k.productId.toString(16)}) ${k.path ?? ""}`);
        for (const d of result.displays) lines.push(`approval display: ${d.product ?? "?"} (${d.vendorId.toString(16)}:${d.productId.toString(16)}) serial ${d.serialNumber ?? "?"}`);
        if (!daemon) lines.push("daemon: not running");
        else {
          lines.push(`daemon: ${daemon.simulated ? "SIMULATED display and key (--simulate; no security)" : "hardware"}`);
          lines.push(`  display: ${daemon.display.state}${daemon.display.deviceId ? ` ${daemon.display.deviceId}` : ""}${daemon.display.cols ? ` (${daemon.display.cols}×${daemon.display.rows})` : ""}`);
          lines.push(`  security keys enrolled: ${daemon.enrolledKeys.length}${daemon.enrolledKeys.length > 0 ? ` (${daemon.enrolledKeys.map((k) => k.label).join(", ")})` : ""}`);
        }
        return lines.join("\n");
      });
      if (error) process.exit(2);
    });

  const sim = program.command("sim").description("Play the human on simulated hardware (daemon must run with --simulate)");
  sim
    .command("press <requestId> <decision>")
    .description("press approve or deny on the simulated display for the request it shows")
    .action(async (requestId: string, decision: string) => {
      if (decision !== "approve" && decision !== "deny") die("decision must be approve or deny", 2);
      await withDaemon(async (c) => {
        const r = await c.request("sim.press", { requestId, decision }, 30_000);
        process.stdout.write(`${JSON.stringify(r)}\n`);
      });
    });
  sim
    .command("touch [requestId]")
    .description("touch the simulated security key: for a request (confirmation, challenge, unblock, halt or config), or, without an id, whatever it is blinking for (enroll, keys remove)")
    .action(async (requestId: string | undefined) => {
      await withDaemon(async (c) => {
        const r = await c.request("sim.touch", requestId ? { requestId } : {}, 30_000);
        process.stdout.write(`${JSON.stringify(r)}\n`);
      });
    });
}

/** The first line of standard input (a prompt first when it is a terminal), at most 128 characters. */
async function readCode(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Code shown on the display: ");
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes("\n") || text.length > 128) break;
  }
  const code = text.split("\n")[0]!.trim();
  if (code.length === 0 || code.length > 128) die("give the code shown on the display on standard input (one line)", 2);
  return code;
}

export interface DaemonDevices {
  simulated: boolean;
  display: { state: "paired" | "unpaired" | "none" | "refused"; deviceId?: string; cols?: number; rows?: number; detail?: string };
  enrolledKeys: Array<{ id: string; label: string }>;
}
