// An HTTP API call made from the shell, read as the tool call it is. `curl -X PATCH
// https://erp.example/api/v1/suppliers/SUP-1/bank-details -d '{"iban":"…"}'` asks the ERP to do
// what an MCP tool `update_suppliers_bank_details {iban: "…"}` would, and is judged the same way
// (tool-call.ts): the method gives the verb, the host's and the path's words the object, the body
// and the query the arguments. A message posted to a chat webhook is a message sent to that channel.
//
// Only requests that change something are read (not GET, HEAD or OPTIONS), and not those to this
// machine's own loopback (a development server the work runs) or to a host named for a test
// environment (staging.internal, api-sandbox.example). Everything is capped: the body is
// parsed only under MAX_BODY characters, the path's words and the arguments are counted.
import { isExternalHost, testEnvironmentHost } from "./paths.js";
import type { Invocation } from "./shell-command.js";
import { splitToolName, toolWords, type CommandCall } from "./tool-call.js";

const MAX_BODY = 16_384;
const MAX_ITEMS = 64;

const CURL_VALUE = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json", "-F", "--form", "--form-string", "-X", "--request", "-H", "--header", "-u", "--user", "-o", "--output", "-A", "--user-agent", "-e", "--referer", "-b", "--cookie", "-c", "--cookie-jar", "-T", "--upload-file", "-K", "--config", "-w", "--write-out", "-m", "--max-time", "-x", "--proxy", "-E", "--cert", "--key", "--cacert", "--capath", "-r", "--range", "-U", "--proxy-user", "--connect-timeout", "--retry", "--resolve", "--url", "-Y", "-y", "-z", "-C", "-P", "-Q", "-t", "--oauth2-bearer", "--aws-sigv4", "--unix-socket", "--interface", "--limit-rate", "--max-filesize"]);
/** curl's short options that take a value, when they end a cluster (`-sX PATCH`) or begin one (`-XPOST`). */
const CURL_SHORT_VALUE = "dFXHuoAebcTKwmxErUYyzCPQt";
const CURL_BODY = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--json"]);
const CURL_FORM = new Set(["-F", "--form", "--form-string"]);
const METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/i;
const CHANGING = /^(?:POST|PUT|PATCH|DELETE)$/;
/** Chat webhooks: a request to one posts a message in a channel. */
const WEBHOOK_HOST = /^(?:hooks\.slack\.com|discord(?:app)?\.com|[\w-]+\.webhook\.office\.com|outlook\.office(?:365)?\.com|chat\.googleapis\.com|api\.telegram\.org|hooks\.zapier\.com|[\w.-]+\.logic\.azure\.com)$/i;
const WEBHOOK_WORD = /^(?:webhooks?|hooks?|slack|teams|discord|mattermost|rocketchat|chat)$/;
/** Path and host words that name nothing of the call: versions, API prefixes, the domain's own parts. */
const FILLER = /^(?:api|apis|rest|v\d+(?:\.\d+)*|v\d+[a-z]+\d*|www|com|net|org|io|dev|co|uk|de|internal|local|lan|corp|app|apps|client|json|xml|rpc|graphql|https?|services?|svc|public|latest|beta|alpha)$/;

/** The HTTP call an invocation makes, if it is curl, wget, HTTPie or Invoke-RestMethod sending a request that changes something. */
export function httpCallOf(inv: Invocation): CommandCall | undefined {
  const name = inv.name;
  const request =
    name === "curl" || name === "curlie" ? curlRequest(inv.args)
    : name === "wget" ? wgetRequest(inv.args)
    : name === "http" || name === "https" || name === "xh" || name === "xhs" ? httpieRequest(inv.args)
    : name === "invoke-restmethod" || name === "invoke-webrequest" || name === "irm" || name === "iwr" ? powershellRequest(inv.args)
    : name === "gh" && inv.args[0] === "api" ? ghApiRequest(inv.args.slice(1))
    : name === "glab" && inv.args[0] === "api" ? ghApiRequest(inv.args.slice(1), "gitlab.com/api/v4")
    : name === "az" && inv.args[0] === "rest" ? azRestRequest(inv.args.slice(1))
    : undefined;
  if (request === undefined || !CHANGING.test(request.method)) return undefined;
  return asToolCall(request.method, request.url, request.body);
}

interface Request {
  readonly method: string;
  readonly url: string;
  readonly body: Record<string, unknown>;
}

/**
 * curl's arguments with each short-option cluster split as curl reads it: `-sd x` is `-s -d x`,
 * `-XPOST` is `-X POST`, `-sSfL` is four flags. Every reading of a curl line (this one and the
 * exfiltration rule's) reads the same options.
 */
export function curlOptions(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    if (!/^-[A-Za-z]{2,}$/.test(a)) {
      out.push(a);
      continue;
    }
    const letters = a.slice(1);
    for (let k = 0; k < letters.length; k++) {
      out.push(`-${letters[k]}`);
      if (CURL_SHORT_VALUE.includes(letters[k]!)) {
        if (k + 1 < letters.length) out.push(letters.slice(k + 1));
        break;
      }
    }
  }
  return out;
}

function curlRequest(written: readonly string[]): Request | undefined {
  const args = curlOptions(written);
  let method: string | undefined;
  let url: string | undefined;
  let upload = false;
  const bodies: string[] = [];
  const form: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i++) {
    let a = args[i]!;
    let value: string | undefined;
    if (a.startsWith("--") && a.includes("=")) {
      value = a.slice(a.indexOf("=") + 1);
      a = a.slice(0, a.indexOf("="));
    }
    if (CURL_VALUE.has(a)) {
      if (value === undefined) value = args[++i];
      if (value === undefined) break;
      if (a === "-X" || a === "--request") method = value.toUpperCase();
      // (--data-urlencode sends one field, name=content, whatever the content holds.)
      else if (a === "--data-urlencode") addItem(form, value);
      else if (CURL_BODY.has(a)) bodies.push(value);
      else if (CURL_FORM.has(a)) addItem(form, value);
      else if (a === "-T" || a === "--upload-file") upload = true;
      else if (a === "--url") url ??= value;
      continue;
    }
    if (a === "-G" || a === "--get") method ??= "GET";
    else if (a === "-I" || a === "--head") method ??= "HEAD";
    else if (!a.startsWith("-")) url ??= a;
  }
  if (url === undefined) return undefined;
  const body = { ...bodyOf(bodies), ...form };
  return { method: method ?? (bodies.length > 0 || Object.keys(form).length > 0 ? "POST" : upload ? "PUT" : "GET"), url, body };
}

function wgetRequest(args: readonly string[]): Request | undefined {
  let method: string | undefined;
  let url: string | undefined;
  const bodies: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const [opt, value] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const next = (): string | undefined => value ?? args[++i];
    if (opt === "--method") method = next()?.toUpperCase();
    else if (opt === "--post-data" || opt === "--body-data") {
      const v = next();
      if (v !== undefined) bodies.push(v);
    } else if (/^(?:-O|--output-document|-o|--output-file|--header|-U|--user-agent|--user|--password|-P|--directory-prefix)$/.test(opt)) {
      if (value === undefined) i++;
    } else if (!a.startsWith("-")) url ??= a;
  }
  if (url === undefined) return undefined;
  return { method: method ?? (bodies.length > 0 ? "POST" : "GET"), url, body: bodyOf(bodies) };
}

/** HTTPie and xh: `http [METHOD] URL [items]`, items `key=value`, `key:=json`, `key==query`, `Header:value`. */
function httpieRequest(args: readonly string[]): Request | undefined {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (/^(?:-a|--auth|--session|--session-read-only|-o|--output|--cert|--cert-key|--verify|--proxy|--timeout|--raw|-A|--auth-type|--print|-p)$/.test(a)) i++;
    else if (!a.startsWith("-")) words.push(a);
  }
  let k = 0;
  const explicit = words[0] !== undefined && METHOD.test(words[0]) ? words[k++]!.toUpperCase() : undefined;
  const url = words[k++];
  if (url === undefined) return undefined;
  const body: Record<string, unknown> = {};
  let data = false;
  for (const item of words.slice(k, k + MAX_ITEMS)) {
    const m = /^([^=:@]+?)(:=|==|=|:|@)(.*)$/s.exec(item);
    if (!m) continue;
    const [, key, sep, value] = m;
    if (sep === ":") continue;
    if (sep !== "==") data = true;
    if (sep === ":=") body[key!] = parseJson(value!) ?? value;
    else body[key!] = value;
  }
  return { method: explicit ?? (data ? "POST" : "GET"), url, body };
}

/** Invoke-RestMethod and Invoke-WebRequest: `-Method Patch -Uri … -Body '{…}'` (parameter names in any case). */
function powershellRequest(args: readonly string[]): Request | undefined {
  let method: string | undefined;
  let url: string | undefined;
  const bodies: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const p = a.toLowerCase();
    if (p === "-method") method = args[++i]?.toUpperCase();
    else if (p === "-uri" || p === "-url") url = args[++i];
    else if (p === "-body") {
      const v = args[++i];
      if (v !== undefined) bodies.push(v);
    } else if (p.startsWith("-")) {
      if (/^-(?:headers|contenttype|outfile|credential|infile|websession|sessionvariable|useragent|timeoutsec|proxy|authentication|token)$/.test(p)) i++;
    } else url ??= a;
  }
  if (url === undefined) return undefined;
  return { method: method ?? (bodies.length > 0 ? "POST" : "GET"), url, body: bodyOf(bodies) };
}

/**
 * `az rest --method post --uri https://graph.microsoft.com/v1.0/… --body '{…}'`: the Azure CLI's
 * request to any Azure or Microsoft Graph endpoint with the signed-in account's token. GET unless
 * --method says; a body alone does not make it a POST.
 */
function azRestRequest(args: readonly string[]): Request | undefined {
  let method: string | undefined;
  let url: string | undefined;
  const bodies: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const [flag, inline] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = (): string | undefined => inline ?? args[++i];
    if (flag === "--method" || flag === "-m") method = value()?.toUpperCase();
    else if (flag === "--uri" || flag === "--url" || flag === "-u") url = value();
    else if (flag === "--body" || flag === "-b") {
      const v = value();
      if (v !== undefined) bodies.push(v);
    } else if (/^(?:--headers|--resource|--output-file|--uri-parameters|--url-parameters|--query|--output|-o|--subscription)$/.test(flag)) {
      if (inline === undefined) i++;
    }
  }
  if (url === undefined) return undefined;
  // (A resource id alone, /subscriptions/…, is Azure Resource Manager's.)
  return { method: method ?? "GET", url: url.startsWith("/") ? `https://management.azure.com${url}` : url, body: bodyOf(bodies) };
}

/**
 * `gh api repos/o/r/hooks -f name=web -f 'config[url]=https://…' -F active=true`: GitHub's REST API
 * (or GHES's, named by --hostname), POST when fields are given, else GET unless -X says.
 * `config[url]` is the field `url` of the object `config`, as gh sends it. GitLab's glab api takes
 * the same flags (gitlab.com's /api/v4, or --hostname).
 */
function ghApiRequest(args: readonly string[], api = "api.github.com"): Request | undefined {
  let method: string | undefined;
  let path: string | undefined;
  let host = api;
  const body: Record<string, unknown> = {};
  for (let i = 0; i < args.length && i < MAX_ITEMS * 2; i++) {
    const a = args[i]!;
    const value = (flag: string): string | undefined => (a === flag ? args[++i] : a.startsWith(`${flag}=`) ? a.slice(flag.length + 1) : undefined);
    let v: string | undefined;
    if ((v = value("-X") ?? value("--method")) !== undefined) method = v.toUpperCase();
    else if ((v = value("--hostname")) !== undefined) host = v;
    else if ((v = value("-f") ?? value("--raw-field") ?? value("-F") ?? value("--field")) !== undefined) {
      const eq = v.indexOf("=");
      if (eq <= 0) continue;
      const key = v.slice(0, eq);
      const nested = /^(\w+)\[(\w*)\]$/.exec(key);
      if (nested === null) body[key] = v.slice(eq + 1);
      else if (nested[2] !== "") {
        const inner = (body[nested[1]!] ??= {}) as Record<string, unknown>;
        if (typeof inner === "object" && inner !== null && !Array.isArray(inner)) inner[nested[2]!] = v.slice(eq + 1);
      } else (body[nested[1]!] = [...(Array.isArray(body[nested[1]!]) ? (body[nested[1]!] as unknown[]) : []), v.slice(eq + 1)]);
    } else if (/^(?:-H|--header|-q|--jq|-t|--template|-p|--preview|--cache|--input)$/.test(a)) i++;
    else if (!a.startsWith("-")) path ??= a;
  }
  if (path === undefined) return undefined;
  return { method: method ?? (Object.keys(body).length > 0 ? "POST" : "GET"), url: `https://${host}/${path.replace(/^\/+/, "")}`, body };
}

/** A request body as arguments: JSON's object, or a form's fields (`a=1&b=2`, one -d per field). */
function bodyOf(bodies: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const b of bodies) {
    if (b.startsWith("@") || b.length > MAX_BODY) continue;
    const t = b.trim();
    if (t.startsWith("{") || t.startsWith("[")) {
      const j = parseJson(t);
      if (j !== undefined && typeof j === "object" && j !== null && !Array.isArray(j)) Object.assign(out, j);
      else out.body = j ?? t;
      continue;
    }
    if (/^[\w.[\]-]+=/.test(t)) for (const field of t.split("&").slice(0, MAX_ITEMS)) addItem(out, field);
    else out.body = t;
  }
  return out;
}

function addItem(out: Record<string, unknown>, field: string): void {
  const eq = field.indexOf("=");
  if (eq <= 0) return;
  let value = field.slice(eq + 1);
  try {
    value = decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    // Not percent-encoded after all: kept as written.
  }
  out[field.slice(0, eq)] = value;
}

function parseJson(text: string): unknown {
  if (text.length > MAX_BODY) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The request as a tool call: `PATCH https://erp.acme.example/api/v1/suppliers/SUP-1/bank-details` → update_erp_acme_bank_details. */
function asToolCall(method: string, url: string, body: Record<string, unknown>): CommandCall | undefined {
  const m = /^(?:https?:\/\/)?([^/?#\s]*)([^?#\s]*)(?:\?([^#\s]*))?/i.exec(url.trim());
  if (!m) return undefined;
  // (User information runs to the authority's last @: a password may hold one.)
  const rawHost = m[1]!.slice(m[1]!.lastIndexOf("@") + 1).replace(/:\d+$/, "");
  // This machine (the work's own development server), or a host named for a test environment
  // (staging.internal, api-sandbox.acme.example; the top-level domain aside, so erp.acme.local stays).
  if (!isExternalHost(rawHost) || testEnvironmentHost(rawHost)) return undefined;
  // A URL held in a variable ("$SLACK_WEBHOOK_ENGINEERING"): the variable's name is all that says where.
  const variable = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(rawHost)?.[1];
  const hostWords = variable !== undefined ? toolWords(variable) : rawHost.split(".").slice(0, -1).flatMap((label) => toolWords(label));
  // The path's last run of names, after its last id: /projects/42/jobs/5001 acts on jobs (of a
  // project), /v2/payments/ach on payments ach. An id is a segment with a digit or a placeholder.
  // (An OData key, directoryRoles(roleTemplateId='…') or users('id'), is the collection's name and an id.)
  const segments = m[2]!.split("/").flatMap((seg) => { const k = /^([A-Za-z]\w*)\((.+)\)$/.exec(seg); return k !== null ? [k[1]!, `{${k[2]!.slice(0, 40)}}`] : [seg]; }).filter((seg) => seg !== "" && !FILLER.test(seg.toLowerCase()));
  const isId = (seg: string): boolean => /\d/.test(seg) || /^[$:{]/.test(seg) || seg.length > 40;
  let end = segments.length;
  while (end > 0 && isId(segments[end - 1]!)) end--;
  let start = end;
  while (start > 0 && !isId(segments[start - 1]!)) start--;
  // (A link to an item, …/directoryRoles/{id}/members/$ref, names what it links into: the collection before the id comes too.)
  let from = start;
  if (start < end && segments.slice(start, end).every((seg) => /^(?:members?|owners?)$/i.test(seg))) {
    let e = start;
    while (e > 0 && isId(segments[e - 1]!)) e--;
    from = e;
    while (from > 0 && !isId(segments[from - 1]!)) from--;
  }
  const pathWords = segments.slice(from, end).filter((seg) => !isId(seg)).flatMap((seg) => toolWords(seg));
  const host = hostWords.filter((w) => !FILLER.test(w)).slice(0, 4);
  const path = pathWords.filter((w) => !FILLER.test(w)).slice(-6);
  // Where the request goes, as a host (what says production), not as a URL a call would send data to.
  const args: Record<string, unknown> = { host: variable !== undefined ? `$${variable}` : rawHost };
  for (const field of (m[3] ?? "").split("&").slice(0, MAX_ITEMS)) addItem(args, field);
  let n = 0;
  for (const [k, v] of Object.entries(body)) if (n++ < MAX_ITEMS && !(k in args)) args[k] = v;
  const webhook = WEBHOOK_HOST.test(rawHost) || (variable !== undefined && hostWords.some((w) => WEBHOOK_WORD.test(w)));
  // The path's own verb, when it has one (POST …/users/7/suspend), says more than the method does;
  // the host's words never give the verb (pay.example is a host, not a payment).
  const own = splitToolName(path.join("_"));
  // (Not a reading verb for PUT or PATCH, which change what they name: PUT …/artifact-and-log-retention sets the retention, it logs nothing.)
  const pathVerb = own.verb !== undefined && !((method === "PUT" || method === "PATCH") && own.verbClass === "read") ? own.verb : undefined;
  // (A POST to a link, …/members/$ref, adds a member: what a role or a group gives, it gives them.)
  const verb = webhook ? "send_message" : method === "DELETE" ? "delete" : pathVerb !== undefined ? pathVerb : method === "POST" ? (from < start ? "add" : "create") : "update";
  // (A webhook's path is its secret: none of its words go into the name a reason shows.)
  // An action on one item names its verb alone after the item's id (POST /campaigns/7f3e/actions/send,
  // /users/7/suspend): what it acts on is the collection before the id.
  let object = own.object;
  if (pathVerb !== undefined && object.every((w) => w === "action" || w === "actions")) {
    let e = start;
    while (e > 0 && isId(segments[e - 1]!)) e--;
    let s = e;
    while (s > 0 && !isId(segments[s - 1]!)) s--;
    object = segments.slice(s, e).flatMap((seg) => toolWords(seg)).filter((w) => !FILLER.test(w)).slice(-3);
  }
  const words = [verb, ...host, ...(webhook ? [] : pathVerb !== undefined && method !== "DELETE" ? object : path)];
  // Shown without its query, its credentials or its ids: a reason is shown to people and kept in
  // the audit, and a webhook's path or a query may be the secret itself.
  const where = variable !== undefined ? `$${variable}` : `${/^https?:\/\//i.test(url) ? url.slice(0, url.indexOf("//") + 2) : ""}${rawHost}`;
  const shownPath = webhook ? "" : segments.slice(from, end).join("/");
  return { tool: words.join("_"), arguments: args, shown: `${method} ${where}${shownPath === "" ? "" : m[2]!.replace(/\/+$/, "") === `/${shownPath}` ? `/${shownPath}` : `/…/${shownPath}`}`.slice(0, 160), kind: "http" };
}
