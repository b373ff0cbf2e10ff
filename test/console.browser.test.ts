// The operator console end to end in Debian's headless Chromium: the real daemon (--simulate
// --console 0), a WebAuthn virtual authenticator added through the DevTools protocol, an agent
// over MCP stdio. The browser's credential is enrolled only after the simulated security key
// approved it; then an agent's confirmation is approved from the page and the agent goes on.
// A page on another origin, holding the token, gets nothing done; the API refuses a wrong or
// missing token (401) and a wrong Origin or Host (403).
import { existsSync, mkdirSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanup, cli, codeOnDisplay, connectAgent, displayScreens, startDaemon, tempHome, writePolicy, type Agent, type Daemon } from "./helpers/daemon.js";

const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = fileURLToPath(new URL("../test-artifacts/console/", import.meta.url));
const POLICY = { requiresApproval: ["deploy_*"], deny: ["drop_*"] };

let home: string;
let daemon: Daemon;
let browser: Browser;
let consoleUrl: string;
let origin: string;
let port: number;
let token: string;
const agents: Agent[] = [];
const contexts: BrowserContext[] = [];
let attackerServer: Server | undefined;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`chromium is missing (${CHROMIUM}): the operator console is tested in Debian's headless Chromium. Install it with 'apt-get install -y chromium' (.ci/run does).`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  home = tempHome();
  daemon = await startDaemon(home, ["--simulate", "--console", "0", "--policy", writePolicy(home, POLICY)]);
  const printed = await cli(home, "console", "--json");
  expect(printed.code, printed.stderr).toBe(0);
  const info = JSON.parse(printed.stdout) as { url: string; origin: string; port: number };
  consoleUrl = info.url;
  origin = info.origin;
  port = info.port;
  token = /#token=([0-9a-f]{64})$/.exec(consoleUrl)![1]!;
  expect(origin).toBe(`http://localhost:${port}`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Chromium's sandbox cannot start as root (the CI container); as any other user it stays on.
    args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
  });
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  for (const a of agents) await a.close().catch(() => undefined);
  await new Promise<void>((r) => (attackerServer ? attackerServer.close(() => r()) : r()));
  await daemon?.stop();
  if (home) cleanup(home);
});

// ---------------------------------------------------------------- helpers

interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A raw HTTP call to the console, every header under the test's control. */
function call(path: string, o: { method?: string; host?: string; origin?: string | null; token?: string | null; type?: string; body?: string } = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { Host: o.host ?? `localhost:${port}` };
  if (o.origin !== null) headers.Origin = o.origin ?? origin;
  if (o.token !== null) headers.Authorization = `Bearer ${o.token ?? token}`;
  if (o.type !== undefined || o.method === undefined || o.method === "POST") headers["Content-Type"] = o.type ?? "application/json";
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: o.method ?? "POST", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // pages are not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.once("error", reject);
    req.end(o.body ?? (o.method === undefined || o.method === "POST" ? "{}" : undefined));
  });
}

async function consoleState(): Promise<any> {
  const r = await call("/api/state", { body: JSON.stringify({ auditLimit: 200 }) });
  expect(r.status).toBe(200);
  return r.body;
}

async function agentSession(): Promise<Agent> {
  const a = await connectAgent(home);
  agents.push(a);
  return a;
}

const step = (a: Agent, element_name: string, nextActionHint: string) => a.call("mcp_aql_create", "record_execution_step", { element_name, nextActionHint });

interface WithAuthenticator {
  readonly page: Page;
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
}

/** A page with its own WebAuthn virtual authenticator (CTAP2 over USB, the touch simulated). */
async function pageWithAuthenticator(): Promise<WithAuthenticator> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "usb", hasResidentKey: false, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { page, cdp, authenticatorId };
}

async function openConsole(): Promise<WithAuthenticator> {
  const opened = await pageWithAuthenticator();
  await opened.page.goto(consoleUrl);
  await opened.page.locator("body[data-loaded=true]").waitFor();
  return opened;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

// ---------------------------------------------------------------- the flow

let page: Page;
let consoleBrowser: WithAuthenticator;

describe("operator console in headless Chromium", () => {
  it("takes the token out of the address bar and shows the live state", async () => {
    consoleBrowser = await openConsole();
    page = consoleBrowser.page;
    expect(page.url()).toBe(`${origin}/`);
    await page.locator("#chain[data-ok=true]").waitFor();
    expect(await page.locator("#keys li[data-transport=usb]").count()).toBe(1);
    expect(await page.locator("#banner").textContent()).toContain("SIMULATED");
    await shot(page, "01-opened");
  });

  let enrolmentId: string;

  it("enrolls this browser's authenticator only after an enrolled key approved it on the hardware", async () => {
    await page.fill("#enroll-label", "chromium test browser");
    await page.click("#enroll-button");
    const pending = page.locator("#enrolments li[data-status=pending]");
    await pending.waitFor();
    enrolmentId = (await pending.getAttribute("data-enrolment-id"))!;
    const credential = /credential (\S+)/.exec((await pending.textContent())!)![1]!;

    // Waiting for the hardware: nothing is enrolled yet, the display shows the credential to
    // compare, and the console itself cannot approve the enrolment with a browser key.
    let s = await consoleState();
    expect(s.keys.filter((k: { transport: string }) => k.transport === "browser")).toEqual([]);
    expect(s.pending.find((p: { id: string }) => p.id === enrolmentId)).toMatchObject({ enrolment: true, browserApprovable: false });
    const screen = displayScreens(home).find((x) => x.event === "show" && x.requestId === enrolmentId);
    expect(screen?.body).toContain(`credential ${credential}`);
    expect(screen?.body).toContain("ENROLL browser key");
    const selfApproval = await call("/api/approve/begin", { body: JSON.stringify({ requestId: enrolmentId }) });
    expect(selfApproval.status).toBe(403);
    expect(selfApproval.body.error.code).toBe("PERMISSION_DENIED");
    await shot(page, "02-enrolment-pending");

    // The human touches the enrolled (simulated) security key.
    const touched = await cli(home, "sim", "touch", enrolmentId);
    expect(touched.code, touched.stderr).toBe(0);
    await page.locator(`#enrolments li[data-enrolment-id="${enrolmentId}"][data-status=enrolled]`).waitFor();
    await page.locator("#keys li[data-transport=browser]").waitFor();
    s = await consoleState();
    const enrolled = s.audit.records.find((r: { type: string; data: { transport?: string } }) => r.type === "key_enrolled" && r.data.transport === "browser");
    expect(enrolled?.data).toMatchObject({ label: "chromium test browser", protocol: "webauthn", approvedVia: "security-key", request: enrolmentId });
    // That touch also signed a checkpoint of the audit chain, which the page shows.
    await page.locator("#checkpoint", { hasText: /^Last signed checkpoint: record #\d+ .* signs the chain up to #\d+; \d+ records after it are unsigned\.$/ }).waitFor({ timeout: 10_000 });
    expect((await consoleState()).audit.chain.checkpoints.last.seq).toBeGreaterThan(0);
    await shot(page, "03-enrolled");
  });

  let confirmationId: string;
  let approver: Agent;

  it("approves a paused agent's confirmation with the browser key; the agent's next step continues", async () => {
    approver = await agentSession();
    expect((await approver.call("mcp_aql_execute", "execute_agent", { element_name: "deployer" })).success).toBe(true);
    const paused = await step(approver, "deployer", "deploy_service billing to staging");
    expect(paused.data.autonomy.continue).toBe(false);
    confirmationId = paused.data.confirmation.confirmationId;

    const item = page.locator(`#pending li[data-request-id="${confirmationId}"]`);
    await item.waitFor();
    expect(await item.locator(".text").textContent()).toBe('haltkey: agent "deployer" wants to: deploy_service billing to staging');
    await shot(page, "04-confirmation-pending");
    const finishes: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/approve/finish")) finishes.push(r.postData() ?? "");
    });
    await item.locator("button[data-action=approve]").click();
    await page.locator("#message[data-kind=ok]").waitFor();
    expect(await page.locator("#message").textContent()).toContain(`Approved ${confirmationId}`);

    const next = await step(approver, "deployer", "deploy_service billing to staging");
    expect(next.data.autonomy.continue).toBe(true);

    const s = await consoleState();
    const verified = s.audit.records.find((r: { type: string; data: { request?: string } }) => r.type === "key_assertion_verified" && r.data.request === confirmationId);
    expect(verified?.data).toMatchObject({ purpose: "approve", kind: "confirmation", via: "browser", label: "chromium test browser" });
    const approved = s.audit.records.find((r: { type: string; data: { request?: string } }) => r.type === "request_approved" && r.data.request === confirmationId);
    expect(approved?.data).toMatchObject({ kind: "confirmation", via: "security-key" });
    expect(s.audit.chain.ok).toBe(true);
    await page.locator("#audit li[data-type=key_assertion_verified]", { hasText: confirmationId }).waitFor();
    await page.locator(`#executions li[data-steps="1"]`).waitFor();
    await shot(page, "05-approved");

    // The browser's answer is good for its one ceremony only: sent again it finds nothing, and
    // with a fresh ceremony (another challenge) it does not verify and is audited as refused.
    expect(finishes).toHaveLength(1);
    const replay = await call("/api/approve/finish", { body: finishes[0] });
    expect(replay.status).toBe(404);
    expect(replay.body.error.code).toBe("NOT_FOUND_CEREMONY");
    const again = await step(approver, "deployer", "deploy_service payments to staging");
    const secondId: string = again.data.confirmation.confirmationId;
    const fresh = await call("/api/approve/begin", { body: JSON.stringify({ requestId: secondId }) });
    expect(fresh.status).toBe(200);
    const reused = await call("/api/approve/finish", { body: JSON.stringify({ ceremonyId: fresh.body.ceremonyId, response: JSON.parse(finishes[0]!).response }) });
    expect(reused.status).toBe(403);
    expect(reused.body.error.code).toBe("KEY_VERIFICATION_FAILED");
    const after = await consoleState();
    expect(after.pending.map((p: { id: string }) => p.id)).toContain(secondId);
    expect(after.audit.records.some((r: { type: string; data: { request?: string } }) => r.type === "key_assertion_refused" && r.data.request === secondId)).toBe(true);
  });

  it("denies a pending confirmation with the Deny button, without a key; the agent is told not to act", async () => {
    const paused = await step(approver, "deployer", "deploy_service search to staging");
    const id: string = paused.data.confirmation.confirmationId;
    const item = page.locator(`#pending li[data-request-id="${id}"]`);
    await item.waitFor();
    // The console's audit view is fresh now, and would stay cached for a second or more.
    expect((await consoleState()).audit.records.some((r: { type: string; data: { request?: string } }) => r.type === "request_denied" && r.data.request === id)).toBe(false);
    await item.locator("button[data-action=deny]").click();
    await page.locator("#message[data-kind=ok]", { hasText: `Denied ${id}` }).waitFor();
    await item.waitFor({ state: "detached" });
    const answer = await approver.call("mcp_aql_execute", "confirm_operation", { confirmation_id: id, wait_seconds: 0 });
    expect(answer.data.status).toBe("denied");
    // The console shows its own write at once: its audit view, cached for a second or more
    // otherwise, is refreshed after the deny (this read failed about 1 run in 3 before).
    const s = await consoleState();
    const denied = s.audit.records.find((r: { type: string; data: { request?: string } }) => r.type === "request_denied" && r.data.request === id);
    expect(denied?.data).toMatchObject({ kind: "confirmation", via: "console" });
    // And the page, which polls the console, lists it (waited for, with the locator's deadline).
    await page.locator(`#audit li[data-type="request_denied"]`, { hasText: id }).waitFor({ timeout: 10_000 });
    // Refused once is refused: the same id again finds nothing pending.
    const twice = await call("/api/deny", { body: JSON.stringify({ requestId: id }) });
    expect(twice.status).toBe(404);
    expect(twice.body.error.code).toBe("NOT_FOUND_RESOURCE");
  });

  it("a long action shown without its file contents: the page opens the whole action and its digest", async () => {
    const writer = await agentSession();
    await writer.call("mcp_aql_execute", "execute_agent", { element_name: "writer" });
    const body = Array.from({ length: 40 }, (_, i) => `def test_${i}():\n    assert Collector(using='default') is not None`).join("\n");
    const hint = `executing shell command: cat > test_fix.py << 'EOF'\n${body}\nEOF\npython test_fix.py`;
    const paused = await writer.call("mcp_aql_create", "record_execution_step", { element_name: "writer", nextActionHint: hint, riskScore: 55 });
    const id: string = paused.data.confirmation.confirmationId;
    const item = page.locator(`#pending li[data-request-id="${id}"]`);
    await item.waitFor();
    expect(await item.locator(".text").textContent()).toBe(
      `haltkey: agent "writer" wants to: executing shell command: cat > test_fix.py << 'EOF' <${body.length + 1} chars of file content> EOF python test_fix.py`,
    );
    expect(await item.locator(".full-action summary").textContent()).toMatch(new RegExp(`^Full action \\(${hint.length} chars\\), digest [0-9a-f]{64}$`));
    expect(await item.locator(".full-text").textContent()).toBe(hint);
    await item.locator("button[data-action=deny]").click();
    await item.waitFor({ state: "detached" });
  });

  it("shows blocks and halts as text (never markup, never a code) and lifts a block with the browser key", async () => {
    const wrecker = await agentSession();
    await wrecker.call("mcp_aql_execute", "execute_agent", { element_name: "wrecker" });
    const hint = `calling drop_table on <img src=x onerror="document.title='pwned'">`;
    const blocked = await step(wrecker, "wrecker", hint);
    expect(blocked.data.autonomy.stopped).toBe(true);
    const verificationId: string = blocked.data.verification.verificationId;
    const recorded = JSON.parse(
      (await wrecker.raw("guardrail_record_halt", { session_token: "wrecker-run", halt_type: "security", severity: "high", description: "<script>document.title='pwned'</script> saw a leaked key" })).text,
    );
    expect(recorded.requires_acknowledgment).toBe(true);

    const block = page.locator('#blocks li[data-agent="wrecker"]');
    await block.waitFor();
    expect(await block.locator(".text").textContent()).toBe(`haltkey: agent "wrecker" wants to: ${hint}`);
    const halt = page.locator(`#halts li[data-halt-id="${recorded.halt_id}"]`);
    await halt.waitFor();
    expect(await halt.locator(".text").textContent()).toBe("<script>document.title='pwned'</script> saw a leaked key");
    expect(await page.locator("main img, main script").count()).toBe(0);
    expect(await page.title()).toBe("haltkey console");
    // The code is on the display only.
    const code = codeOnDisplay(home, verificationId);
    const html = await page.content();
    expect(html).not.toContain(code);
    expect(html).not.toContain(code.replace(/[^0-9A-Za-z]/g, ""));
    await shot(page, "06-block-and-halt");

    await block.locator("button[data-action=approve]").click();
    await page.locator("#message[data-kind=ok]", { hasText: verificationId }).waitFor();
    await page.locator("#blocks li.empty").waitFor();
    expect((await step(wrecker, "wrecker", "ls")).data.autonomy.stopped).not.toBe(true);
  });

  it("a page on another origin, even holding the token, approves nothing", async () => {
    const victim = await agentSession();
    await victim.call("mcp_aql_execute", "execute_agent", { element_name: "victim" });
    const paused = await step(victim, "victim", "deploy_database migration to production-like staging");
    expect(paused.data.autonomy.continue).toBe(false);
    const requestId: string = paused.data.confirmation.confirmationId;

    // Another loopback origin: same site as the console (localhost), another port.
    attackerServer = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<!doctype html><title>elsewhere</title><p>another local page</p>");
    });
    await new Promise<void>((r) => attackerServer!.listen(0, "127.0.0.1", () => r()));
    const attackerOrigin = `http://localhost:${(attackerServer.address() as AddressInfo).port}`;
    const attacker = await pageWithAuthenticator();
    const evil = attacker.page;
    await evil.goto(`${attackerOrigin}/`);
    const refusedBefore = (daemon.stderr().match(/console request refused/g) ?? []).length;

    const outcomes = await evil.evaluate(
      async ({ api, requestId, token }) => {
        const body = JSON.stringify({ requestId });
        const attempt = async (name: string, init: RequestInit, path = "/api/approve/begin"): Promise<[string, string]> => {
          try {
            const r = await fetch(api + path, init);
            return [name, `status ${r.status} ${r.type}${r.type === "opaque" ? "" : ` ${await r.text()}`}`];
          } catch (e) {
            return [name, `rejected: ${(e as Error).name}`];
          }
        };
        return Object.fromEntries([
          await attempt("with token", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body }),
          await attempt("with token, enrol", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ label: "evil" }) }, "/api/enroll/begin"),
          await attempt("without token", { method: "POST", headers: { "Content-Type": "text/plain" }, body }),
          await attempt("no-cors", { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body }),
          await attempt("state with token", { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: "{}" }, "/api/state"),
        ]);
      },
      { api: origin, requestId, token },
    );
    // CORS is never granted: a preflight (the token goes in a header) is refused, a simple request
    // gets no readable answer, and Cross-Origin-Resource-Policy turns even no-cors into an error.
    expect(outcomes).toEqual({
      "with token": "rejected: TypeError",
      "with token, enrol": "rejected: TypeError",
      "without token": "rejected: TypeError",
      "no-cors": "rejected: TypeError",
      "state with token": "rejected: TypeError",
    });

    // A form POST navigates there with the attacker's Origin: refused before anything is read.
    const [navigation] = await Promise.all([
      evil.waitForNavigation(),
      evil.evaluate(
        ({ api, requestId, token }) => {
          const form = document.createElement("form");
          form.method = "POST";
          form.action = `${api}/api/approve/begin`;
          form.enctype = "text/plain";
          const field = document.createElement("input");
          field.name = `{"requestId":"${requestId}","token":"${token}","x":"`;
          field.value = '"}';
          form.append(field);
          document.body.append(form);
          form.submit();
        },
        { api: origin, requestId, token },
      ),
    ]);
    expect(navigation?.status()).toBe(403);
    expect(await navigation?.json()).toMatchObject({ error: { code: "FORBIDDEN_ORIGIN" } });
    await shot(evil, "07-other-origin-refused");

    // Worse: the agent reads the token and gets a challenge for its own pause outside any browser
    // (an Origin header is easy to forge there), then has the operator's own key sign it on its
    // page: the same credential, the same RP ID (localhost), but its page's origin in the signed
    // client data, which the daemon refuses.
    await evil.goto(`${attackerOrigin}/`);
    const { credentials } = await consoleBrowser.cdp.send("WebAuthn.getCredentials", { authenticatorId: consoleBrowser.authenticatorId });
    expect(credentials).toHaveLength(1);
    await attacker.cdp.send("WebAuthn.addCredential", { authenticatorId: attacker.authenticatorId, credential: credentials[0]! });
    const begun = await call("/api/approve/begin", { body: JSON.stringify({ requestId }) });
    expect(begun.status).toBe(200);
    const signedElsewhere = await evil.evaluate(async (options) => {
      const fromB64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const toB64 = (b: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      const cred = (await navigator.credentials.get({
        publicKey: {
          challenge: fromB64(options.challenge),
          rpId: options.rpId,
          allowCredentials: options.allowCredentials.map((c: { id: string }) => ({ type: "public-key" as const, id: fromB64(c.id) })),
          userVerification: "discouraged",
        },
      })) as PublicKeyCredential;
      const r = cred.response as AuthenticatorAssertionResponse;
      return {
        id: cred.id,
        rawId: toB64(cred.rawId),
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: toB64(r.clientDataJSON), authenticatorData: toB64(r.authenticatorData), signature: toB64(r.signature) },
      };
    }, begun.body.options);
    expect(JSON.parse(Buffer.from(signedElsewhere.response.clientDataJSON, "base64url").toString()).origin).toBe(attackerOrigin);
    const forged = await call("/api/approve/finish", { body: JSON.stringify({ ceremonyId: begun.body.ceremonyId, response: signedElsewhere }) });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("KEY_VERIFICATION_FAILED");
    expect(forged.body.error.message).toMatch(/origin/i);

    // Every attempt that reached the daemon was refused there, and nothing was approved.
    // (at least the two simple requests, the form and the preflights of the three others)
    expect((daemon.stderr().match(/console request refused/g) ?? []).length).toBeGreaterThanOrEqual(refusedBefore + 6);
    const s = await consoleState();
    expect(s.pending.map((p: { id: string }) => p.id)).toContain(requestId);
    const about = s.audit.records.filter((r: { type: string; data: { request?: string } }) => r.data.request === requestId).map((r: { type: string }) => r.type);
    expect(about).toEqual(["key_assertion_refused"]);
    expect(s.keys.map((k: { label: string }) => k.label)).not.toContain("evil");
    expect((await step(victim, "victim", "deploy_database migration to production-like staging")).data.autonomy.continue).toBe(false);
  });

  it("refuses a missing or wrong token (401), a wrong Origin or Host (403), other methods and bodies", async () => {
    expect((await call("/api/state", { token: null })).status).toBe(401);
    const wrong = await call("/api/state", { token: "0".repeat(64) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("UNAUTHORIZED");
    expect(wrong.headers["www-authenticate"]).toMatch(/^Bearer/);

    const otherOrigin = await call("/api/state", { origin: "http://localhost:1" });
    expect(otherOrigin.status).toBe(403);
    expect(otherOrigin.body.error).toMatchObject({ code: "FORBIDDEN_ORIGIN", expected: origin });
    expect((await call("/api/state", { origin: `http://127.0.0.1:${port}` })).status).toBe(403);
    expect((await call("/api/state", { origin: null })).status).toBe(403);
    expect((await call("/api/state", { host: `attacker.example:${port}` })).status).toBe(403);
    expect((await call("/api/state", { method: "GET" })).status).toBe(405);
    expect((await call("/api/state", { type: "text/plain" })).status).toBe(415);
    expect((await call("/api/state", { type: "application/x-www-form-urlencoded", body: "a=b" })).status).toBe(415);
    const unknown = await call("/api/approve/begin", { body: JSON.stringify({ requestId: confirmationId, extra: 1 }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("VALIDATION_UNKNOWN_PARAM");
    expect((await call("/api/state", { body: "x".repeat(70 * 1024) })).status).toBe(413);

    // The page and its scripts: no framing, no caching, no referrer, a CSP without inline script.
    const pageAnswer = await call("/", { method: "GET", origin: null, token: null });
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(pageAnswer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(pageAnswer.headers["x-frame-options"]).toBe("DENY");
    expect(pageAnswer.headers["cache-control"]).toBe("no-store");
    expect(pageAnswer.headers["referrer-policy"]).toBe("no-referrer");
    expect(pageAnswer.headers["access-control-allow-origin"]).toBeUndefined();
    // The token never reached the daemon's log: it travels in the fragment and a header only.
    expect(daemon.stderr()).not.toContain(token);
  });
});
