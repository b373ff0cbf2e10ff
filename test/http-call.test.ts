// An HTTP API call made from the shell read as the tool call it is (src/core/action/http-call.ts):
// how each client's command line is taken apart, and what the whole pipeline then decides. The
// cases are written in other words than the probe rows that showed the gap.
import { describe, expect, it } from "vitest";
import { httpCallOf } from "../src/core/action/http-call.js";
import { invocationsOf } from "../src/core/action/shell-command.js";
import { evaluateStep } from "../src/core/pipeline.js";
import { compilePolicy, PolicyFile, policyFor } from "../src/core/policy.js";
import { defaultRuleSet } from "../src/core/rules/index.js";
import { readShell } from "../src/core/shell/read.js";

const rules = defaultRuleSet();
const agent = policyFor(compilePolicy(PolicyFile.parse({})), "http-call");
const shell = (line: string) => evaluateStep({ hint: `executing shell command: ${line}`, tool: "Bash", arguments: { command: line }, autonomousStep: 1, maxAutonomousSteps: 50 }, { kind: "clear" }, agent, rules);
const ids = (line: string): string[] => shell(line).rules.map((r) => r.id);
const httpIds = (line: string): string[] => ids(line).filter((id) => id.startsWith("action.http."));
const callOf = (line: string) => httpCallOf(invocationsOf(readShell(line).commands)[0]!);

describe("each client's command line, taken apart", () => {
  it("curl: the method from -X, a cluster (-sX, -XPOST) or the body; the body as JSON or as form fields", () => {
    expect(callOf(`curl -sX PATCH https://erp.acme.example/api/v1/suppliers/S-1/bank-details -d '{"iban":"x"}'`)).toEqual({
      tool: "update_erp_acme_bank_details",
      arguments: { host: "erp.acme.example", iban: "x" },
      shown: "PATCH https://erp.acme.example/…/bank-details",
      kind: "http",
    });
    expect(callOf(`curl -XPOST https://q.acme.example/v2/jobs --data-urlencode 'note=a b&c' -d mode=fast`)?.arguments).toEqual({ host: "q.acme.example", note: "a b&c", mode: "fast" });
    expect(callOf(`curl --request=DELETE --url https://q.acme.example/v2/queues/main`)?.tool).toBe("delete_q_acme_queues_main");
    expect(callOf(`curl -F report=@out.pdf -F channel=ops https://files.acme.example/upload`)?.tool).toBe("upload_files_acme");
  });
  it("the path's last run of names is the object: /projects/42/jobs/5001 acts on jobs", () => {
    expect(callOf(`curl -X DELETE https://ci.acme.example/api/v4/projects/42/jobs/5001`)?.tool).toBe("delete_ci_acme_jobs");
  });
  it("wget, HTTPie and Invoke-RestMethod", () => {
    expect(callOf(`wget -q --method=PUT --body-data='{"enabled":false}' https://flags.acme.example/api/flags/mfa`)).toMatchObject({ tool: "update_flags_acme_flags_mfa", arguments: { enabled: false } });
    expect(callOf(`http PATCH https://hr.acme.example/api/people/7 manager=ana active:=false X-Trace:1 page==2`)?.arguments).toEqual({ host: "hr.acme.example", manager: "ana", active: false, page: "2" });
    expect(callOf(`Invoke-RestMethod -Method Post -Uri https://pay.acme.example/api/payouts -Body '{"amount":900}'`)).toMatchObject({ tool: "create_pay_acme_payouts", arguments: { amount: 900 } });
  });
  it("a chat webhook, named by its host or by the variable that holds it, is a message sent", () => {
    expect(callOf(`curl -X POST https://hooks.slack.com/services/T1/B2/C3 -d '{"text":"hi"}'`)?.tool).toMatch(/^send_message_/);
    expect(callOf(`curl -d '{"text":"hi"}' "$TEAMS_WEBHOOK_OPS"`)?.tool).toBe("send_message_teams_webhook_ops");
  });
  it("reads nothing that changes nothing, nothing on this machine and nothing on a host named for testing", () => {
    expect(callOf(`curl -s https://api.acme.example/v1/payments/42`)).toBeUndefined();
    expect(callOf(`curl -I https://api.acme.example/v1/payments`)).toBeUndefined();
    expect(callOf(`curl -X POST http://localhost:8080/api/payments -d '{"amount":100}'`)).toBeUndefined();
    expect(callOf(`curl -X POST http://127.0.0.1:3000/api/users -d name=x`)).toBeUndefined();
    expect(callOf(`curl -X POST https://api-sandbox.pay.example/v2/payments -d '{"amount":1}'`)).toBeUndefined();
    expect(callOf(`curl -X POST https://staging.shop.example/api/orders -d '{"sku":"A"}'`)).toBeUndefined();
    expect(callOf(`ls -X POST`)).toBeUndefined();
  });
  it("shows the request without its query, its credentials, its ids or a webhook's path", () => {
    expect(callOf(`curl -X POST 'https://ops:hunter2@erp.acme.example/v1/vendors/V-9/bank?token=s3cr3t' -d iban=x`)?.shown).toBe("POST https://erp.acme.example/…/bank");
    expect(callOf(`curl -X POST https://hooks.slack.com/services/T01/B02/Zx9secret -d '{"text":"hi"}'`)?.shown).toBe("POST https://hooks.slack.com");
    expect(callOf(`curl -d '{"text":"hi"}' "$TEAMS_WEBHOOK_OPS"`)?.shown).toBe("POST $TEAMS_WEBHOOK_OPS");
  });
  it("a body too long to read is not parsed; a body from a file is not read", () => {
    expect(callOf(`curl -X POST https://a.acme.example/v1/things -d '{"k":"${"x".repeat(20_000)}"}'`)?.arguments).toEqual({ host: "a.acme.example" });
    expect(callOf(`curl -X POST https://a.acme.example/v1/things -d @payload.json`)?.arguments).toEqual({ host: "a.acme.example" });
  });
});

describe("what the pipeline decides on them", () => {
  it("money moved by a payments API is a hard stop", () => {
    const v = shell(`curl -X POST https://ledger.acme.example/api/v3/wire-transfers -H 'Content-Type: application/json' -d '{"from_account":"1200","to_iban":"DE89370400440532013000","amount":12500,"currency":"EUR"}'`);
    expect(v.verdict).toBe("stop");
    expect(v.rules.map((r) => r.id)).toContain("action.http.spend");
    expect(v.rules.find((r) => r.id === "action.http.spend")!.reason).toContain("POST https://ledger.acme.example/…/wire-transfers");
  });
  it("a vendor's bank account replaced through an API is a hard stop", () => {
    const v = shell(`http PATCH https://vendors.acme.example/api/vendors/V-77/remittance iban=GB82WEST12345698765432`);
    expect(v.verdict).toBe("stop");
    expect(v.rules.map((r) => r.id)).toContain("action.http.payee-bank-changed");
  });
  it("a credential lure posted to a chat webhook is held", () => {
    expect(httpIds(`curl -X POST "$TEAMS_WEBHOOK_ALLSTAFF" -d '{"text":"Password expiry: re-authenticate today at https://acme-sso-renew.net/login"}'`)).toContain("action.http.credential-lure");
  });
  it("a web application firewall switched off through a provider's API is held", () => {
    expect(httpIds(`Invoke-RestMethod -Method Patch -Uri https://api.cloudflare.com/client/v4/zones/$ZONE/settings/waf -Body '{"value":"off"}'`)).toContain("action.http.disable-protection");
  });
  it("an owner's role given through an API is a hard stop", () => {
    const v = shell(`curl -XPOST https://api.acme.example/v1/users/91/roles -d role=owner`);
    expect(v.verdict).toBe("stop");
    expect(v.rules.map((r) => r.id)).toContain("action.http.grant-admin");
  });
  it("leaves ordinary API work alone", () => {
    for (const line of [
      `curl -X POST https://hooks.slack.com/services/T1/B2/C3 -d '{"text":"Nightly build is green"}'`,
      `curl -X POST https://api.github.com/repos/acme/web/issues/12/comments -d '{"body":"Fixed in 4f2a"}'`,
      `curl https://api.openai.com/v1/chat/completions -H 'Content-Type: application/json' -d '{"model":"m","messages":[{"role":"user","content":"hi"}]}'`,
      `http POST https://search.acme.example/v1/products/search query=shoes`,
      `curl -X POST https://api.stripe.com/v1/customers -d email=ana@acme.example`,
      `curl -X POST https://sentry.io/api/0/organizations/acme/releases/ -d '{"version":"1.2.3"}'`,
    ]) {
      expect(httpIds(line), line).toEqual([]);
      expect(shell(line).verdict, line).toBe("continue");
    }
  });
});
