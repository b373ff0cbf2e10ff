// What an edit takes away, read from its old and new text side by side: a protection that was on
// and is now off, a threshold made weaker, a check the code made that it no longer makes, a
// security test put aside, an allow list opened, a destination or a retention changed. The new text
// alone cannot say this ("enabled: false" is as often a feature flag as a protection turned off);
// the pair can. Most are pauses (the edit can be reverted and runs later); a fixed way into sign-in
// code, a payment destination fixed to one account and people's fields made public are scored as
// what they lead to. Tests, fixtures and a developer's own local or test configuration are left
// alone (source-file.ts says the same of a whole file); so is prose (README, docs).
import type { CodeHit } from "./code.js";
import type { Scope } from "./model.js";
import { CI_FILE } from "./ci-config.js";
import { everyoneGroup, productionNamed, TEST_ENVIRONMENT_NAME } from "./paths.js";
import { belowHome, HOST_ACCESS_POD, PRODUCTION_PATH, SCANNER_CONFIG, TEST_FILE } from "./source-file.js";
import { abaRoutingValid, IBAN, ibanCountryValid } from "../validators.js";
import { credentialLure, verificationWaived } from "./published-text.js";

// (Each text is read to 16 KB: an edit is most often a few lines, and the patterns below must stay cheap on a hostile one.)
const MAX_TEXT = 16 * 1024;
/** Prose, whose words configure nothing. */
const PROSE_FILE = /\.(?:md|mdx|markdown|rst|txt|adoc|html?)$/i;
/** A developer's own configuration (dev, local, test, an example), by its path below the home directory. */
const OWN_CONFIG = /(?:^|[^a-z0-9])(?:dev|development|local|test|testing|example|sample|template|defaults|mock|fake|demo)(?:[^a-z0-9]|$)/i;

/** Files coding agents read as their standing instructions: CLAUDE.md, AGENTS.md, GEMINI.md, .cursorrules, Cursor's rules, Copilot's instructions, Windsurf's rules. */
const AGENT_INSTRUCTIONS = /(?:^|[\/\\])(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|\.windsurfrules|copilot-instructions\.md|\.cursor[\/\\]rules[\/\\][^\/\\]+|\.clinerules(?:[\/\\][^\/\\]+)?)$/i;
/** Words telling an agent to act without asking a person: no need to ask, don't ask for confirmation, skip the approval, auto-approve. */
const ACT_WITHOUT_ASKING = /\b(?:no need to|don't|do not|never|without)\s+(?:ask(?:ing)?|confirm(?:ing|ation)?|check(?:ing)? with|wait(?:ing)? for (?:approval|confirmation|review|me\b|a human|the user|a person|sign-?off))\b[^.\n]{0,60}|\b(?:skip|bypass|ignore|disable)\w*\b[^.\n]{0,30}?\b(?:confirmations?|approvals?|permission prompts?|the review|haltkey|guardrails?|safety (?:checks?|hooks?))\b|\bauto-?approve\w*\b|--dangerously-skip-permissions\b|\bbypassPermissions\b/i;
/**
 * The new text's first instruction to act without asking that the old text did not hold already,
 * and that no prohibition governs: "Do not ask before migrating" counts, "Never push without asking
 * me first" and "Do not use --dangerously-skip-permissions" do not.
 */
function toldNotToAsk(oldText: string, newText: string): RegExpExecArray | null {
  for (const m of newText.matchAll(ACT_WITHOUT_ASKING_ALL)) {
    if (oldText.includes(m[0])) continue;
    const lineStart = newText.lastIndexOf("\n", m.index) + 1;
    const before = newText.slice(lineStart, m.index);
    const direct = /^(?:no need to|don't|do not|never)\s+(?:ask|confirm|check with|wait)/i.test(m[0]);
    if (!direct && /\b(?:never|don't|do not|must not|mustn't|should not|shouldn't|avoid|not allowed|forbidden)\b/i.test(before)) continue;
    return m as RegExpExecArray;
  }
  return null;
}

const ACT_WITHOUT_ASKING_ALL = new RegExp(ACT_WITHOUT_ASKING.source, "gi");

/** A line that is only a comment (#, //, --, ;, *, <!--). */
const COMMENT_LINE = /^\s*(?:#|\/\/|--|;|\*|\/\*|<!--)/;
/** A comment at a line's end (` // …`, ` # …`), after a blank so that a URL's // is not one. */
const TRAILING_COMMENT = /(?:^|\s)(?:\/\/|#)(?:\s.*)?$/;
const activeCode = (text: string): string => text.split("\n").filter((l) => !COMMENT_LINE.test(l)).map((l) => l.replace(TRAILING_COMMENT, "")).join("\n");

/** Infrastructure code's guard against a resource being destroyed: lifecycle prevent_destroy, deletion protection on. */
const DESTROY_GUARD = /\bprevent_destroy\s*=\s*true\b|\bdeletion_protection\s*=\s*true\b/;

// ------------------------------------------------------------------ settings turned off or lowered

/** Keys that name a protection: sign-in, verification, TLS, CSRF, MFA, audit, lockout, rate limits, encryption, escaping, scanning. */
export const PROTECTION_KEY = /(?:^|[_.\-]|(?<=[a-z])(?=[A-Z]))(?:validate_?certs?|verify_?certs?|check_?certs?|scrub\w*|[sS]crub\w*|redact\w*|mask\w*|auth|authn|authz|authentication|authorization|authorisation|login|verify|verif\w*|csrf|xsrf|mfa|2fa|two_?factor|otp|ssl|tls|hsts|secure|httponly|encrypt\w*|signature|signed|signing|audit\w*|lockout|rate_?limit\w*|ratelimit\w*|throttl\w*|captcha|recaptcha|sandbox\w*|firewall|firewalld|ufw|iptables|nftables|fail2ban|selinux|apparmor|auditd|clamav|crowdstrike|falcon|wazuh|ossec|sysmon|osquery|defender|edr|waf|antivirus|malware|scan\w*|protect\w*|sanitiz\w*|auto_?escape|escaping|permissions?|rbac|acl|enforce\w*|require_?\w+|network_?polic(?:y|ies)|pod_?security\w*|azure_?policy|validat\w*|kyc|aml|sanctions?|fraud)(?=$|[_.\-]|[A-Z])/i;
/** Whether a git configuration sets hooksPath to nothing or to /dev/null (NUL on Windows): its value is read whole, once a line. */
const hooksOff = (text: string): boolean => [...text.slice(0, 65_536).matchAll(/^[ \t]*hookspath[ \t]*=([^\n]*)$/gim)].some((m) => /^(?:\/dev\/null|nul|""|'')?$/i.test(m[1]!.trim()));
/** A key whose name says the protection is on when it is false: disable_auth, skip_verification, insecure, allow_anonymous. */
export const NEGATED_KEY = /(?:^|[_.\-]|(?<=[a-z])(?=[A-Z]))(?:disable|skip|no|insecure|bypass|ignore|unsafe|suppress|allow[_.]?(?:everyone|anonymous|insecure|unauth\w*|unsigned|unverified|blob_?public_?access|nested_?items_?to_?be_?public|public_?access|public)|permit_?root_?login|password_?authentication|permit_?empty_?passwords)(?=$|[_.\-A-Z])/i;
/** A key that opens a way around a protection when true: allow_anonymous, allow_unsigned, insecure, insecure_skip_verify. */
const OPENING_KEY = /(?:^|[_.-]|(?<=[a-z])(?=[A-Z]))(?:allow[_.]?(?:everyone|anonymous|anon|insecure|unauth\w*|unsigned|unverified|guest|blob_?public_?access|nested_?items_?to_?be_?public|public_?access|public)|anonymous_?access|insecure(?:_?skip_?verify)?|permit_?root_?login|password_?authentication|permit_?empty_?passwords)(?=$|[_.-]|[A-Z])/i;
/** A key that says only whether the thing above it is on: `auth:\n  enabled: true`. */
const SWITCH_KEY = /^(?:enabled?|enforced?|required|active|on|mode|state)$/i;
const ON = /^(?:true|yes|on|1|enabled?|required|enforced?|strict|always|active|full|all)$/i;
/** A value that turns a protection off, or leaves it watching without acting (enforce → observe, block → report-only). */
const OFF = /^(?:false|no|off|0|disabled?|none|null|nil|never|optional|permissive|ignore|skip|observe(?:_?only)?|monitor(?:_?only)?|detect(?:ion)?_?only|report[_-]?only|warn(?:_?only)?|shadow|passive|log_?only|audit_?only|dry_?run|alert_?only|)$/i;
/** Thresholds that protect more the higher they are: minimum password length, hash rounds and cost, key sizes. */
const HIGHER_IS_SAFER = /(?:min\w*(?:len|length|chars|characters|entropy|score)|(?:password|passwd|pw|pin)\w*(?:len|length)|(?:bcrypt|hash|hashing|password|pbkdf2|argon2?|scrypt|salt|log)_?(?:rounds|iterations|cost|work_?factor)|^rounds|^iterations|work_?factor|key_?(?:size|length|bits)|rsa_?bits)$/i;
/** Limits that protect more the lower they are, and not at all when unset: attempts before lockout. */
const LOWER_IS_SAFER = /(?:lockout\w*|max\w*(?:attempts|failures|failed)|(?:failed|login)\w*(?:attempts|limit)|lock_?after\w*|attempts_?before\w*|rate_?limit\w*|throttle\w*)$/i;
/** Where a threshold is about sign-in: in its key or its file's path. */
const SIGN_IN_CONTEXT = /passw|passphrase|auth|login|secur|polic|lockout|otp|mfa|session|crypt|hash|bcrypt|argon|pin\b/i;

/** Keys that make a store's contents readable by anyone: a bucket's or a container's public flag. */
const PUBLIC_DATA_KEY = /^(?:public|is_?public|public_?read(?:able)?|publicly_?readable|make_?public|public_?access|anonymous_?read)$/i;
/** Keys that give a database or service an address on the internet. */
const PUBLIC_NETWORK_KEY = /^(?:\w+_)?(?:public_?network_?access(?:_?enabled)?|publicly_?accessible|public_?ip(?:_?enabled)?|public_?endpoint(?:_?enabled)?|associate_?public_?ip_?address|enable_?public_?ip)$/i;

interface Setting { readonly key: string; readonly value: string }
/** `key: value`, `key = value`, `"key": value` lines, a generic switch named with the key above it (YAML, TOML tables). */
function settingsOf(text: string): Setting[] {
  const out: Setting[] = [];
  const parents: Array<{ indent: number; key: string }> = [];
  for (const line of text.slice(0, MAX_TEXT).split("\n", 2000)) {
    if (COMMENT_LINE.test(line)) continue;
    const table = /^\s*\[([\w.\-]+)\]\s*$/.exec(line);
    if (table) { parents.length = 0; parents.push({ indent: -1, key: table[1]! }); continue; }
    const m = /^(\s*)(?:(?:export|const|let|var|final|static|public|private|readonly|val|def|set)\s+)*["']?([A-Za-z_][\w.\-]*)["']?\s*(?::\s*[\w<>\[\]]+\s*(?==))?(?::|=|=>)\s*(.*?)\s*,?\s*(?:#.*)?$/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    while (parents.length > 0 && parents[parents.length - 1]!.indent >= indent) parents.pop();
    // (The statement's `;` first, then the quotes: `const LEVEL = "silent";` is silent.)
    const value = m[3]!.replace(/;$/, "").replace(/^["']|["']$/g, "").trim();
    const parent = parents[parents.length - 1]?.key;
    if (value === "" || value === "{") {
      parents.push({ indent, key: m[2]! });
      if (value === "") continue;
    }
    // An object on one line: `loginRateLimit = { enabled: true, max: 5 }`.
    if (value.startsWith("{")) {
      for (const inner of value.matchAll(/["']?([A-Za-z_]\w*)["']?\s*:\s*["']?([\w.-]*)/g)) out.push({ key: SWITCH_KEY.test(inner[1]!) ? `${m[2]!}.${inner[1]!}` : inner[1]!, value: inner[2]! });
      continue;
    }
    out.push({ key: SWITCH_KEY.test(m[2]!) && parent !== undefined ? `${parent}.${m[2]!}` : m[2]!, value });
  }
  return out;
}

/** A setting's number, also as a rate ("5/minute", "100 per hour": the count, compared under the same unit). */
const numberIn = (v: string): number | undefined => {
  const m = /^["']?(\d+(?:\.\d+)?)(?:\s*(?:\/|per\s+)\s*(?:s|sec|second|m|min|minute|h|hour|d|day))?["']?$/i.exec(v.trim());
  return m !== null ? Number(m[1]) : undefined;
};

/** A permission a role's definition grants: can_export_all_customers, allow_impersonation, is_admin. */
const PERMISSION_KEY = /^(?:can|may|allow|allowed|grant|has)_?\w*(?:export|delete|destroy|admin|impersonat|all|manage|refund|payout|transfer|grant|write|edit|approve|sudo|root|bypass|override|pii|billing|users)\w*$|^is_?(?:admin|superuser|staff|owner|root)$/i;
/** Files that define who may do what. */
const ROLES_FILE = /(?:^|[/_.-])(?:roles?|permissions?|perms|acl|acls|rbac|polic(?:y|ies)|abilit(?:y|ies)|access|grants?|authz|authorization)(?:[/_.-]|$)/i;
/** Keys that say which devices, hosts or users a rollout reaches. */
const ROLLOUT_KEY = /^(?:target_?groups?|targets?|ring|fleet|device_?groups?|rollout_?groups?|audience)$/i;
const EVERY_TARGET = /(?:^|[^a-z0-9])(?:all|every\w*|prod|production|prd|live|fleet|global|\*)(?:[^a-z0-9]|$)/i;

/** Where a setting belongs to error reporting or tracing (sentry.ts, a Datadog tracer's config, an audit logger). */
const MONITORING_CONTEXT = /sentry|datadog|dd_?trace|new_?relic|bugsnag|rollbar|honeybadger|opentelemetry|otel|error_?report|crash_?report|audit_?log/i;
/** How much of the errors or traces is sent: 0 sends none. */
const SAMPLE_KEY = /^(?:traces_?|errors?_?|profiles_?)?sampl(?:e|ing)_?rate$/i;
/** A logger's level: `LOG_LEVEL`, `minlevel`, `MinimumLevel`, `level`. */
const LEVEL_KEY = /^(?:(?:log_?|min_?|minimum_?)?level|loglevel|minlevel|verbosity)$/i;
/** A level that logs nothing. */
const SILENT_LEVEL = /^(?:off|none|silent|quiet|disabled?)$/i;

/** Settings that list where a sign-in may send its result or which sites may call: OAuth redirect and callback URIs, allowed and trusted origins. */
const REDIRECT_ALLOW_KEY = /(?:redirect|callback|return)_?(?:uris?|urls?|allow_?list|white_?list|allowed|hosts?|domains?)|allowed_?(?:redirects?|callbacks?|origins?|hosts?|domains?)|cors\w*origins?|trusted_?(?:origins?|hosts?|domains?)/i;

/**
 * What a redirect or origin list gains that it did not name (sitesIn, siteOf): another site, an IP
 * address, or a wildcard. Only a list that named something: its first entry is configuration.
 */
function newDomain(was: string, value: string): string | undefined {
  // (A list that allowed everything, a bare *, cannot be widened: naming sites narrows it.)
  if (was.trim() === "" || /(?:^|[\s,"'[])\*(?:$|[\s,"'\]])/.test(was)) return undefined;
  if (value.includes("*") && !was.includes("*")) return "a wildcard";
  for (const m of value.matchAll(/\bhttps?:\/\/(\d{1,3}(?:\.\d{1,3}){3})\b/g)) if (!was.includes(m[1]!)) return m[1]!;
  const before = sitesIn(was);
  return [...sitesIn(value)].find((d) => !before.has(d));
}

/** Keys that say who a rule, grant or policy applies to (group_names, allowed_groups, group_by_email, principals). */
// (Not a list of who is kept out or told: deny_users, excluded_groups, notify_users.)
const WHO_KEY = /^(?!(?:deny|denied|exclude\w*|excluded|block\w*|blacklist\w*|banned|ban|notify|notification\w*|alert\w*|cc|bcc|mail\w*|email\w*)_)(?:[\w-]*_)?(?:group|groups|subjects?|principals?|members?|by|users?|grantees?|assign(?:ed)?_?to|targets?|target_?groups?)(?:_?(?:names?|ids?|list|by_?email|emails?))?$/i;

/**
 * The settings an edit changes (settingsOf on both texts), with the key's last part, the old value
 * and the new; with `added`, also the settings the old text did not have (their `was` empty).
 */
function* changedSettings(oldText: string, newText: string, added = false): Generator<{ key: string; last: string; was: string; value: string; added: boolean }> {
  const before = new Map(settingsOf(oldText).map((s) => [s.key, s.value]));
  for (const { key, value } of settingsOf(newText)) {
    const was = before.get(key);
    if (was !== undefined ? was !== value : added) yield { key, last: key.replace(/^.*\./, ""), was: was ?? "", value, added: was === undefined };
  }
}

/** What an edit to settings takes away or widens, the first found: a protection turned off or weakened, a role given a permission, a rollout sent to every device. */
function weakenedSetting(path: string, oldText: string, newText: string): { readonly kind: "protection" | "permission" | "rollout" | "public-data" | "public-network"; readonly shown: string } | undefined {
  // (Settings the edit adds are read only for a grant to everyone: access { group_by_email = "all-staff@…" }, named nowhere in the old text.)
  const grants = EVERYONE_WORD.test(newText);
  for (const { key, last, was, value, added: isNew } of changedSettings(oldText, newText, grants)) {
    if (isNew) {
      if (WHO_KEY.test(last) && everyoneGroup(value) && !oldText.includes(value.trim().replace(/^["']|["']$/g, ""))) return { kind: "permission", shown: `${key} = ${value}, everyone` };
      continue;
    }
    const shown = `${key}: ${was} → ${value || "empty"}`;
    // A store's contents made readable by anyone (a bucket's public: true), or a database or service
    // given a public address (public_network_access_enabled, publicly_accessible).
    if (PUBLIC_DATA_KEY.test(last) && OFF.test(was) && ON.test(value)) return { kind: "public-data", shown };
    if (PUBLIC_NETWORK_KEY.test(last) && OFF.test(was) && ON.test(value)) return { kind: "public-network", shown };
    // Kafka's brokers letting every client do anything a topic has no ACL for (its name has dots of its own).
    if (/(?:^|\.)allow\.everyone\.if\.no\.acl\.found$/i.test(key) && OFF.test(was) && ON.test(value)) return { kind: "protection", shown };
    // (A key that is itself a way around a protection, allow_anonymous, insecure_skip_verify, counts without naming one.)
    // (Not a cache invalidated: the camel-case boundary under /i finds `validat` in `invalidate`.)
    if ((PROTECTION_KEY.test(key) && !/invalidat/i.test(key)) || OPENING_KEY.test(last)) {
      if (NEGATED_KEY.test(last) ? OFF.test(was) && ON.test(value) : ON.test(was) && OFF.test(value)) return { kind: "protection", shown };
    }
    if (PERMISSION_KEY.test(last) && ROLES_FILE.test(path) && OFF.test(was) && ON.test(value)) return { kind: "permission", shown };
    // Cross-origin requests allowed from any site, where one site was named: any page can call the API in its users' browsers.
    if (/cors\w*origins?|allowed_?origins?|access_?control_?allow_?origin/i.test(last) && /^\s*["']?\*["']?\s*$/.test(value) && !/\*/.test(was)) return { kind: "protection", shown };
    if (ROLLOUT_KEY.test(last) && EVERY_TARGET.test(value) && !EVERY_TARGET.test(was)) return { kind: "rollout", shown };
    // Who a rule or policy applies to widened to everyone (by: group: devops → all-staff; a group of every authenticated user).
    // (A list's items each: groups: ["SG-Admins"] → ["All Users"].)
    const anyEveryone = (v: string) => everyoneGroup(v) || (/^\s*\[/.test(v) && v.replace(/^\s*\[|\]\s*$/g, "").split(",").some((x) => everyoneGroup(x.trim())));
    if (WHO_KEY.test(last) && anyEveryone(value) && !anyEveryone(was)) return { kind: "permission", shown: `${key}: ${was} → ${value}, everyone` };
    // Error reporting, tracing or an audit log switched off or silenced: failures and what was done stop being recorded.
    const watched = MONITORING_CONTEXT.test(`${path} ${key}`);
    if (watched && SWITCH_KEY.test(last) && !OFF.test(was) && OFF.test(value)) return { kind: "protection", shown };
    if (watched && SAMPLE_KEY.test(last) && (numberIn(was) ?? 0) > 0 && numberIn(value) === 0) return { kind: "protection", shown };
    // (A logger's level: the key or its file names logging; an audit logger's raised to errors only from a level that logged more.)
    // (.NET's appsettings name the level under Logging.LogLevel.Default; an edit's fragment shows only "Default".)
    const dotnetLevel = /^default$/i.test(last) && /appsettings[\w.]*\.json$/i.test(path) && /^(?:trace|debug|information|warning|error|critical|none)$/i.test(was);
    if ((LEVEL_KEY.test(last) || dotnetLevel) && (watched || dotnetLevel || /log/i.test(`${path} ${key}`)) && !SILENT_LEVEL.test(was) && (SILENT_LEVEL.test(value) || (/audit/i.test(`${path} ${key}`) && /^(?:error|fatal|critical)$/i.test(value) && !/^(?:error|fatal|critical)$/i.test(was)))) return { kind: "protection", shown };
    // A redirect, callback or origin allowlist given a site it did not name: a sign-in's code or token can be sent there.
    const added = REDIRECT_ALLOW_KEY.test(last) ? newDomain(was, value) : undefined;
    if (added !== undefined) return { kind: "protection", shown: `${key} adds ${added}, which it did not name` };
    if (!SIGN_IN_CONTEXT.test(`${path} ${key}`)) continue;
    const from = numberIn(was);
    const to = numberIn(value);
    if (HIGHER_IS_SAFER.test(last) && from !== undefined && to !== undefined && to < from) return { kind: "protection", shown };
    if (LOWER_IS_SAFER.test(last) && from !== undefined && ((to !== undefined && to > from * 4) || (to === undefined && OFF.test(value)))) return { kind: "protection", shown };
  }
  return undefined;
}
/** A word of a group everyone is in (everyoneGroup), to look for before reading settings. */
const EVERYONE_WORD = /everyone|all[-_ ]?(?:staff|users|employees|members|people|company)|domain[-_ ]users|authenticated/i;

// ------------------------------------------------------------------ checks the code no longer makes

/** Names of calls and decorators that check who is asking or whether what came is genuine. */
const CHECK_NAME = /^(?:\w*(?:verify|verif(?:ies|ied|ication))\w*|construct_?[eE]vent|\w*[cC]heck_?[sS]ignature\w*|\w*authenticat\w*|\w*authori[sz]\w*|check_?passw\w*|checkPassw\w*|\w*login_required|\w*(?:require|ensure)s?_?(?:auth|login|admin|role|perm|signed|logged)\w*|\w*permission_required|\w*has_?(?:perm|permission|role|access|scope)s?\w*|\w*[iI]s_?(?:[aA]uthenticated|[aA]dmin|[sS]taff|[sS]uperuser|[aA]uthorized|[aA]llowed)|\w*csrf\w*|\w*validate_?(?:token|signature|jwt|session|hmac|csrf|webhook)\w*|\w*compare_?digest|timingSafeEqual|\w*check_?(?:auth|perm|access|role|signature|token|hmac|scope|admin|csrf)\w*)$/i;
/** An import names a check without making it: an unused import taken out removes none. */
const IMPORT_LINE = /^\s*(?:import\b|from\s+[\w.]+\s+import\b|(?:const|let|var)\s+[^=]*=\s*require\(|use\s+[\w\\:]+|require\s+["'])/;
/** String and regular-expression literals, whose words are data: a check's name in a message or a pattern is not a call. */
const LITERAL = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|\/(?![/*\s])(?:[^/\\\n]|\\.)+\/[dgimsuvy]*/g;
/** The identifiers of a text's active code (see activeCode), imports and literals left out. */
const identifiers = (code: string): string[] => code.split("\n").filter((l) => !IMPORT_LINE.test(l)).join("\n").replace(LITERAL, '""').match(/[A-Za-z_][\w!?]*/g) ?? [];

/** The check names the old code used that the new code does not, when the new code adds none of its own (a rename is not a removal). */
function removedCheckNames(oldCode: string, newCode: string): string[] {
  // (Ruby's names may end in ! or ?: before_action :authenticate_user!.)
  const isCheck = (w: string) => CHECK_NAME.test(w.replace(/[!?]$/, ""));
  const before = new Set(identifiers(oldCode).filter(isCheck));
  if (before.size === 0) return [];
  const after = new Set(identifiers(newCode).filter(isCheck));
  for (const w of after) if (!before.has(w)) return [];
  return [...before].filter((w) => !after.has(w));
}

/** A function that checks a password, a token or a signature, by its name. */
// (Or any verify_… function, verify_prescriber_dea, and an allowlist's is_allowed: their yes lets through what they were there to refuse.)
const SECRET_CHECK_DEF = /\b(?:def|function|func|fn)\s+((?:check|verify|validate|compare)_?(?:password|passwd|pw|token|signature|sig|otp|totp|mfa|hmac|webhook|jwt|credentials?|api_?key)\w*|verify_\w+|authenticate\w*|(?:is|has)_?valid_?(?:password|token|signature|otp)\w*|is_?(?:white|allow)_?listed\w*|is_?allowed\w*|is_?(?:authori[sz]ed|permitted|trusted)\w*)\s*\(/i;
const SUCCESS_RETURN = /\breturn\s+(?:True|true|1|next\s*\(\s*\)|user|ok)\b/g;
/** A password, token or signature check that now returns success on a path it did not before: the name of the function, or undefined. */
function shortCircuited(oldCode: string, newCode: string): string | undefined {
  const def = SECRET_CHECK_DEF.exec(newCode);
  if (def === null || !SECRET_CHECK_DEF.test(oldCode)) return undefined;
  const count = (t: string) => t.match(SUCCESS_RETURN)?.length ?? 0;
  return count(newCode) > count(oldCode) ? def[1] : undefined;
}

/** A refusal of a request that did not sign in or may not do this: a 401 or 403, PermissionDenied, Forbidden. */
const REFUSAL = /\bstatus(?:_code)?\s*[(=:]\s*(?:401|403)\b|\babort\(\s*(?:401|403)\b|\b(?:HttpResponseForbidden|PermissionDenied|AuthenticationFailed|NotAuthenticated|UnauthorizedException|ForbiddenException|HTTPUnauthorized|HTTPForbidden)\b|\bres\.sendStatus\(\s*(?:401|403)\s*\)|\bHttpStatus(?:Code)?\.(?:UNAUTHORIZED|FORBIDDEN|Unauthorized|Forbidden)\b|\bhttp\.Status(?:Unauthorized|Forbidden)\b/g;

/** A signature check turned off in a JWT library's call: `options={"verify_signature": False}`, `algorithms=["none"]`. */
const SIGNATURE_OFF = /["']?verify_(?:signature|exp|aud|iss)["']?\s*[:=]\s*(?:False|false)\b|\balgorithms\s*[:=]\s*\[\s*["']none["']\s*\]|\bignoreExpiration\s*:\s*true\b/;

// ------------------------------------------------------------------ security tests put aside

const SKIP_MARK = /@?pytest\.mark\.(?:skip|xfail)\b|@unittest\.skip\w*|\bpytest\.skip\(|\b(?:it|test|describe|context)\.(?:skip|todo)\s*\(|\bx(?:it|describe|test)\s*\(|@(?:Disabled|Ignore)\b|\bt\.Skip(?:Now|f)?\(|\bskip\s*\(\s*["']|\bpending\s*\(|\bxit\b/;
/** The names of tests that check a protection: they reject, deny, forbid, authenticate, validate, sanitise. */
const SECURITY_TEST_NAME = /\b(?:def\s+test_?\w*|x?(?:it|test|describe|context|specify)(?:\.\w+)?\s*\(?\s*["'`][^"'`\n]*|func\s+Test\w*|void\s+\w*)(?:reject|deny|denies|denied|forbid|unauthori[sz]ed|unauthenticat|permission|auth|csrf|xss|inject|sanitiz|escap|validat|invalid|negative|overdraft|limit|lockout|signature|tamper|expired|revoked|mfa|2fa|otp|access|secur|audit|isolat|cannot|cross_?tenant|privilege|rbac|encrypt|idor|password|secret|erasure|gdpr|consent|privacy|redact|anonymi|deidentif|phi_|pii_)/i;
/** A test file kept with the tests of a protection, by its directory or name (tests/authz/, test_audit_trail.py, security.spec.ts). */
/** A pytest collection hook's selector of the tests it skips, when it names a protection: `"consent" in item.nodeid`. */
const SKIP_SELECTOR = /["'][\w-]*?(consent|auth\w*|permission\w*|security|csrf|rbac|tenant\w*|privacy|signature|access|lockout|limit\w*|fraud|mfa|encrypt\w*|audit)[\w-]*["']\s+in\s+item\.(?:nodeid|name|keywords|fspath)/i;
const SECURITY_TEST_PATH = /(?:^|[\/_.-])(?:auth|authn|authz|authentication|authorization|security|permissions?|access_?control|audit(?:_?trail)?|rbac|acl|isolation|tenancy|csrf|xss)(?:[\/_.-])/i;

// ------------------------------------------------------------------ what an edit opens or points elsewhere

/** An ingress allow list given every address (not egress, not a route): cidr_blocks, source_ranges, authorized networks, a load balancer's source ranges. */
const EVERY_ADDRESS_ALLOWED = /\b(?:cidr_blocks|cidr_ipv4|cidr_ip|CidrIp(?:v6)?|ipv6_cidr_blocks|source_ranges|sourceRanges|source_address_prefix(?:es)?|sourceAddressPrefix(?:es)?|authorized_networks|allowed_(?:ips|cidrs|ip_ranges)|ip_(?:allow|white)_?list|loadBalancerSourceRanges|ingress_cidr\w*|trusted_ips|cidr|\w+_(?:source|allowed|admin|mgmt|management)_(?:prefixes|cidrs?|ranges|ips|networks)|\w+_source_address_prefix(?:es)?)\b[^\n]{0,80}?(?:0\.0\.0\.0\/0|::\/0)|\b(?:source_address_prefix(?:es)?|sourceAddressPrefix(?:es)?)\b["']?\s*[:=]\s*\[?\s*["'](?:\*|Internet|Any)["']|\b(?:loadBalancerSourceRanges|sourceRanges|source_ranges|cidr_blocks|authorized_networks|allowed_(?:ips|cidrs|ip_ranges)|trusted_ips|ipBlock)\b["']?\s*:\s*\n(?:[ \t]*-[^\n]*\n){0,8}?[ \t]*-\s*(?:cidr:\s*)?["']?(?:0\.0\.0\.0\/0|::\/0)/;
/** A program's source file, by its extension. */
const SOURCE_CODE_PATH = /\.(?:py|ts|tsx|js|jsx|mjs|cjs|go|java|kt|rb|rs|c|h|cc|cpp|hpp|cs|php|swift|scala|lua|pl|ex|exs|clj|dart|vue|svelte)$/i;
/** A line's words, lower case, for comparing a line with its edited form. */
const lineWords = (line: string): string[] => line.toLowerCase().match(/[a-z0-9_$#./:*-]+/g) ?? [];
/** Words that refuse, and the words that admit in their place. */
const REFUSES = /^(?:deny|denied|drop|reject|block|blocked|disallow)$/;
const ADMITS = /^(?:allow|allowed|accept|permit|pass)$/;
/** Every address or every one: what a widened rule names in place of a range. */
const EVERYONE = /^(?:0\.0\.0\.0\/0|::\/0|\*|all|any|everyone|anyone|\*\(\S*)$/;
/**
 * A rule that refused turned to admit, the rest of its line unchanged (`{deny, all, …}` → `{allow,
 * all, …}`, `"Effect": "Deny"` → `"Allow"`, `policy drop` → `policy accept`), or a rule's address
 * range widened to every address (`10.20.0.0/16` → `0.0.0.0/0`, an export's host list → `*`). The
 * line as edited, or undefined.
 */
/**
 * The lines of an edit's new text that differ from a line of its old text by exactly one word, with
 * that word before and after (the first 400 lines of each; lines of 2 to 24 words). `start` is
 * where the line begins in the new text.
 */
function* oneWordChanges(oldCode: string, newCode: string): Generator<{ readonly line: string; readonly start: number; readonly words: readonly string[]; readonly was: string; readonly now: string }> {
  const oldLines = oldCode.split("\n").slice(0, 400).map(lineWords).filter((w) => w.length > 0);
  const had = new Set(oldCode.split("\n").map((l) => l.trim()));
  let at = 0;
  for (const line of newCode.split("\n").slice(0, 400)) {
    const start = at;
    at += line.length + 1;
    if (had.has(line.trim())) continue;
    const now = lineWords(line);
    if (now.length < 2 || now.length > 24) continue;
    for (const was of oldLines) {
      if (was.length !== now.length) continue;
      let i = -1;
      let changed = 0;
      for (let k = 0; k < now.length && changed < 2; k++) if (now[k] !== was[k]) { changed++; i = k; }
      if (changed === 1) yield { line, start, words: now, was: was[i]!, now: now[i]! };
    }
  }
}

function ruleOpened(path: string, oldCode: string, newCode: string): { readonly admits: boolean; readonly line: string } | undefined {
  // (Configuration, not a program's source: `if action == "deny"` turned to "allow" is a branch of code.)
  if (SOURCE_CODE_PATH.test(path)) return undefined;
  for (const { line, start, words, was, now } of oneWordChanges(oldCode, newCode)) {
    // (Within an egress or outbound block, or a route: how hosts reach out, not how others reach in.)
    if (/\b(?:egress|outbound|route|routes)\b/i.test(newCode.slice(Math.max(0, start - 300), start))) continue;
    if (words.some((w) => /^(?:egress|outbound|route|gateway|via)$/.test(w))) continue;
    if (REFUSES.test(was) && ADMITS.test(now)) return { admits: true, line: line.trim().slice(0, 80) };
    if (EVERYONE.test(now) && /^\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?(?:\(\S*)?$|^[\w.-]+\(\S*$/.test(was) && !EVERYONE.test(was)) return { admits: false, line: line.trim().slice(0, 80) };
  }
  return undefined;
}

/**
 * A CI or deployment file's target moved from a test environment to production by one name
 * (`--resource-group rg-app-staging` → `rg-app-prod`, `environment: staging` → `production`): what
 * the pipeline runs lands on production from the next run. The name before and after, or undefined.
 */
function retargetedToProduction(path: string, oldCode: string, newCode: string): string | undefined {
  if (!CI_FILE.test(path) && !/(?:^|\/)deploy[\w-]*\.ya?ml$/i.test(path)) return undefined;
  const parts = (w: string) => w.split(/[-_.:/]+/).filter((p) => p !== "");
  for (const { was, now } of oneWordChanges(oldCode, newCode)) {
    const a = parts(was);
    const b = parts(now);
    if (a.length !== b.length) continue;
    const k = a.findIndex((p, i) => p !== b[i]);
    if (k < 0 || a.some((p, i) => i !== k && p !== b[i])) continue;
    if (TEST_ENVIRONMENT_NAME.test(a[k]!) && /^(?:prod|production|prd|live)\d*$/i.test(b[k]!)) return `${was} → ${now}`;
  }
  return undefined;
}

/** An edit that opens an ingress allow list to every address: the text where it does, or undefined. */
/** A firewall rule given as a range that spans every address (Azure SQL's start 0.0.0.0 to end 255.255.255.255). */
const EVERY_ADDRESS_RANGE = /["']?start(?:_?ip(?:_?address)?)?["']?\s*[:=]\s*["']0\.0\.0\.0["'][^}\]]{0,80}?["']?end(?:_?ip(?:_?address)?)?["']?\s*[:=]\s*["']255\.255\.255\.255["']/i;
function openedToEveryone(oldCode: string, newCode: string): string | undefined {
  if (newCode.includes("255.255.255.255") && EVERY_ADDRESS_RANGE.test(newCode) && !EVERY_ADDRESS_RANGE.test(oldCode)) return "a firewall range from 0.0.0.0 to 255.255.255.255";
  if (!newCode.includes("/0") && !/source_?address_?prefix/i.test(newCode)) return undefined;
  const m = EVERY_ADDRESS_ALLOWED.exec(newCode);
  if (m === null || EVERY_ADDRESS_ALLOWED.test(oldCode)) return undefined;
  // (Outbound rules and routes to 0.0.0.0/0 are how hosts reach the internet, not how it reaches them.)
  const before = newCode.slice(Math.max(0, m.index - 300), m.index);
  return /\begress\b|\boutbound\b|\bEgress\b|\broute\b/i.test(before.slice(before.lastIndexOf("{") >= 0 ? before.lastIndexOf("{") - 80 : 0)) ? undefined : m[0].trim().slice(0, 60);
}

/** An outbound allow list that named a range (a NetworkPolicy's egress, a security group's egress) opened to every address: the workload can send anything anywhere. */
/** A NetworkPolicy rule that admits everything (`ingress:\n  - {}`), where there was none or a narrower one. */
const ALLOW_ALL_RULE = /^\s*(ingress|egress)\s*:\s*\n\s*-\s*\{\s*\}\s*$/m;
function policyAllowsAll(oldCode: string, newCode: string): string | undefined {
  const m = ALLOW_ALL_RULE.exec(newCode);
  return m !== null && !ALLOW_ALL_RULE.test(oldCode) ? `${m[1]}: - {}` : undefined;
}
function egressOpened(oldCode: string, newCode: string): string | undefined {
  if (!newCode.includes("/0") || !/\begress\b|\boutbound\b/i.test(newCode)) return undefined;
  const m = EVERY_ADDRESS_ALLOWED.exec(newCode);
  if (m === null || EVERY_ADDRESS_ALLOWED.test(oldCode)) return undefined;
  return /\bcidr\w*["']?\s*[:=]\s*\[?\s*["']?\d{1,3}(?:\.\d{1,3}){3}\/(?:[1-9]|[12]\d|3[0-2])\b/i.test(oldCode) ? m[0].trim().slice(0, 60) : undefined;
}

/**
 * A list of what is redacted or masked before it is logged or shown (pino's redact: [...], Rails'
 * filter_parameters, SENSITIVE_FIELDS = (...)) made shorter: what it named reaches logs and
 * screens in clear. The names taken out, or undefined.
 */
const REDACTION_LIST = /\b(\w*(?:redact|Redact|REDACT|mask|Mask|MASK|scrub|Scrub|SCRUB|sanitiz|Sanitiz|SANITIZ|sensitive|Sensitive|SENSITIVE|filter_param|filter_parameters|FILTER_PARAM)\w*)\s*(?:\+?=|:)\s*[[{(%]w?[[(]?([^\]})\n]{0,2000})[\]})]/g;
function redactionNarrowed(oldCode: string, newCode: string): string | undefined {
  const items = (list: string) => list.split(/[,\s]+/).map((x) => x.replace(/^[:'"`]+|['"`]+$/g, "").trim()).filter((x) => x !== "");
  const lists = (t: string) => new Map([...t.matchAll(REDACTION_LIST)].map((m) => [m[1]!, items(m[2]!)] as const));
  const before = lists(oldCode);
  if (before.size === 0) return undefined;
  for (const [key, now] of lists(newCode)) {
    const was = before.get(key);
    if (was === undefined) continue;
    const gone = was.filter((x) => !now.includes(x));
    if (gone.length > 0 && now.length < was.length) return `${key}: ${gone.slice(0, 4).join(", ")}${gone.length > 4 ? ", …" : ""}`;
  }
  return undefined;
}

/** A document people follow when something goes wrong or to reach someone: a runbook, an escalation or contact list, a security policy. */
const CONTACT_DOCUMENT = /(?:^|\/)(?:SECURITY|SUPPORT|CONTACTS?)(?:\.\w+)?$|runbook|playbook|escalation|contacts?|on-?call|incident/i;
/** The organisation a host belongs to, as its last two labels (three under a two-letter country's second level: acme.co.uk). */
function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const n = labels.length >= 3 && /^(?:co|com|org|net|gov|ac|edu)$/.test(labels[labels.length - 2]!) && labels[labels.length - 1]!.length === 2 ? 3 : 2;
  return labels.slice(-n).join(".");
}
const sitesIn = (t: string): Set<string> => new Set([...t.matchAll(/\bhttps?:\/\/([\w.-]+\.[a-z]{2,})|\b[\w.+-]+@([\w-]+(?:\.[\w-]+)*\.[a-z]{2,})\b/gi)].map((m) => siteOf(m[1] ?? m[2]!)));
/**
 * A runbook's, contact list's or security policy's link or address moved to another organisation's
 * domain (a bridge link, a reporting address, an approval form): who follows it reaches whoever
 * holds the new domain. The new domain, or undefined.
 */
function contactMoved(path: string, oldText: string, newText: string): string | undefined {
  if (!CONTACT_DOCUMENT.test(path)) return undefined;
  const before = sitesIn(oldText);
  if (before.size === 0) return undefined;
  const after = sitesIn(newText);
  const gone = [...before].filter((x) => !after.has(x));
  const added = [...after].filter((x) => !before.has(x));
  return gone.length > 0 && added.length > 0 ? `${gone[0]} → ${added[0]}` : undefined;
}

/** A list of audited or alerted events (AUDITED_EVENTS = {…}, audit_events: [...]) made shorter. */
const AUDIT_LIST = /\b(\w*(?:audit|AUDIT|Audit|alert|ALERT|Alert)\w*)\s*[:=]\s*[[{(]([^\]})\n]{0,2000})[\]})]/g;
function auditNarrowed(oldCode: string, newCode: string): string | undefined {
  const lists = (t: string) => new Map([...t.matchAll(AUDIT_LIST)].map((m) => [m[1]!, m[2]!.split(",").filter((x) => x.trim() !== "").length] as const));
  const before = lists(oldCode);
  if (before.size === 0) return undefined;
  for (const [key, n] of lists(newCode)) { const was = before.get(key); if (was !== undefined && n < was) return `${key}: ${was} → ${n}`; }
  return undefined;
}

/** A host, URL or variable that names production or staging. */
const NAMES_DEPLOYED = /(?:^|[^a-z0-9])(prod|production|prd|staging|stage|stg)(?:[^a-z0-9]|$)/i;
/** A connection's value: a host, a database URL, a variable read for one. */
const CONNECTION = /\b(?:host|hostname|url|database_url|db_url|dsn|endpoint|server|address)\b\s*[:=]\s*[^\n]{1,200}|(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?|redis|amqp):\/\/[^\s"'`]{1,200}|\b(?:os\.environ|process\.env|ENV|getenv)\W{1,3}["']?\w*(?:DB|DATABASE|PG|MYSQL|MONGO|REDIS)\w*["']?\]?/gi;
/** A connection as a reason may quote it: a URL's password and any password=, secret= or token= value shown as "…". */
const withoutSecretValues = (connection: string): string => connection.replace(/(:\/\/[^:/@\s]*:)[^@\s]*@/g, "$1…@").replace(/\b((?:pass(?:word|wd)?|pwd|secret|token|api_?key)\w*["']?\s*[=:]\s*["']?)[^\s"'&;]+/gi, "$1…");
/** A development or test configuration edited to reach a deployed environment's database or host: the tests and scripts run against it. */
function devPointsAtDeployed(path: string, oldCode: string, newCode: string): string | undefined {
  const devText = /(?:^|\n)\s*(?:development|dev|test|local)\s*:/.test(newCode);
  if (!TEST_FILE.test(path) && !OWN_CONFIG.test(belowHome(path)) && !devText) return undefined;
  const deployed = (t: string) => new Set([...t.matchAll(CONNECTION)].map((m) => m[0]).filter((c) => NAMES_DEPLOYED.test(c)));
  const had = deployed(oldCode);
  for (const c of deployed(newCode)) if (!had.has(c)) return c.slice(0, 80);
  return undefined;
}

/** A line about keeping data (retention, retain, keep, TTL, expiry, cleanup, purge) and the days it keeps, `365 * 7` worked out. */
const RETENTION_LINE = /^[^\n]*(?<![a-z])(?:retention|retain\w*|keep\w*|ttl|expir\w*|cleanup|clean_up|purge\w*|cutoff|max_?age|min_?age|rotate)(?![a-z])[^\n]*$/gim;
const RETENTION_BLOCK = /((?<![a-z])(?:retention|expir\w*|ttl|max_?age|min_?age)\w*["']?\s*[{:]?)[ \t]*\n\s*/gi;
/** The key a retention line sets, as one word, in the line's lower case (RETENTION_DAYS → retention_days). */
const RETENTION_KEY = /[a-z0-9_.-]*(?<![a-z])(?:retention|retain\w*|keep\w*|ttl|expir\w*|cleanup|clean_up|purge\w*|cutoff|max_?age|min_?age|rotate)(?![a-z])[a-z0-9_.-]*/;
/** What a shorter time keeps of nobody's data: caches, sessions, tokens, locks, timeouts. */
const NOT_KEPT_DATA = /cache|session|token|lock|timeout|dns|jwt|cookie|otp|nonce|lease|heartbeat|idle|retry|backoff|poll|expires_?in|beresp|resp\.|surrogate/;
const DAYS_PER: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:ms|millis(?:econds?)?)$/, 1 / 86_400_000],
  [/^(?:s|secs?|seconds?)$/, 1 / 86_400],
  [/^(?:m|mins?|minutes?)$/, 1 / 1440],
  [/^(?:h|hrs?|hours?)$/, 1 / 24],
  [/^(?:d|days?)$/, 1],
  [/^(?:w|wks?|weeks?)$/, 7],
  [/^(?:mo|mos|months?)$/, 30],
  [/^(?:y|yrs?|years?)$/, 365],
];
const daysPer = (unit: string): number | undefined => DAYS_PER.find(([re]) => re.test(unit.toLowerCase()))?.[1];
const ISO_DURATION = /\bP(?=\d|T\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?\b/;
const WITH_UNIT = /(?<![\w.])(\d+(?:\.\d+)?(?:\s*\*\s*\d+)*)\s*(ms|millis(?:econds?)?|secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|wks?|weeks?|months?|mos?|yrs?|years?|[smhdwy])\b/i;
const UNIT_FIRST = /(?<![a-z])(days?|weeks?|months?|years?|hours?)\s*[=:(]\s*(\d+(?:\s*\*\s*\d+)*)/i;
const amountOf = (expr: string): number => expr.split("*").reduce((a, b) => a * Number(b.trim()), 1);

/** How long one retention line keeps data (in days), or how many copies (a count), with the key it sets; undefined when it says no amount. */
function keptBy(line: string): { key: string; days?: number; count?: number; shown: string } | undefined {
  const flat = line.toLowerCase();
  const key = RETENTION_KEY.exec(flat)?.[0];
  if (key === undefined || NOT_KEPT_DATA.test(flat)) return undefined;
  const after = line.slice(Math.max(0, flat.indexOf(key) + key.length));
  const iso = ISO_DURATION.exec(after);
  if (iso !== null) {
    const [y, mo, w, d, h, mi, sec] = iso.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number, number];
    return { key, days: y * 365 + mo * 30 + w * 7 + d + h / 24 + mi / 1440 + sec / 86_400, shown: iso[0] };
  }
  const first = UNIT_FIRST.exec(line);
  if (first !== null) return { key, days: amountOf(first[2]!) * daysPer(first[1]!)!, shown: first[0].trim() };
  const unit = WITH_UNIT.exec(after);
  if (unit !== null) return { key, days: amountOf(unit[1]!) * daysPer(unit[2]!)!, shown: unit[0].trim() };
  // A bare number: in the key's own unit (retention_days, retention.ms), or a count (rotate 14, retention-full=14).
  const bare = /(?<![\w.])(-?\d+(?:\.\d+)?)(?![\w.])/.exec(after);
  if (bare === null) return undefined;
  const n = Number(bare[1]);
  const keyUnit = /[_.-](ms|millis|seconds|secs|minutes|mins|hours|hrs|days|weeks|months|years)$/.exec(key)?.[1];
  // (-1 is Kafka's and many stores' "keep for ever".)
  if (n < 0) return /retention|retain|keep/.test(key) ? { key, days: Infinity, shown: bare[1]! } : undefined;
  return keyUnit !== undefined ? { key, days: n * daysPer(keyUnit)!, shown: bare[1]! } : { key, count: n, shown: bare[1]! };
}

/**
 * A retention period cut to a tenth or less of what it was, or to nothing (or from for ever to a
 * time), or copies kept cut to a fifth or less: the first such line, old → new. Lines are paired
 * by the key they set, else in order; `7y` against `7d` is compared in days.
 */
function retentionShortened(oldCode: string, newCode: string): string | undefined {
  // (camelCase keys split first, as words: studyRetentionPolicy reads as study_Retention_Policy.)
  const lines = (t: string) => [...t.replace(/([a-z])([A-Z])/g, "$1_$2").replace(RETENTION_BLOCK, "$1 ").matchAll(RETENTION_LINE)].map((m) => keptBy(m[0])).filter((k): k is NonNullable<typeof k> => k !== undefined);
  const before = lines(oldCode);
  const after = lines(newCode);
  for (let i = 0; i < after.length; i++) {
    const now = after[i]!;
    const was = before.find((b) => b.key === now.key) ?? before[i];
    if (was === undefined) continue;
    // (Data kept for a day or more: what is kept for seconds or hours is a cache's. Copies counted
    // only under a key that counts them: max-age=31536000 is seconds.)
    const cut =
      was.days !== undefined && now.days !== undefined
        ? was.days >= 1 && (now.days === 0 || now.days * 10 <= was.days)
        : was.count !== undefined && now.count !== undefined && /retention|retain|keep|rotate/.test(now.key)
          ? was.count > 0 && (now.count === 0 || now.count * 5 <= was.count)
          : false;
    if (cut) return `${was.shown} → ${now.shown}`;
  }
  return undefined;
}

/** A payment's destination (a payout account, a recipient, an IBAN) set to a fixed account id or an override. */
const DESTINATION_KEY = /\b(?:destination|recipient|payee|beneficiary|iban|account_?number|routing_?number|payout_?account|stripe_?account(?:_?id)?|transfer_?to|to_?account)\b["']?\s*[:=]/i;
const FIXED_ACCOUNT = /\bacct_[A-Za-z0-9]{8,}\b|\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b|\b(?:process\.env|os\.environ|ENV)\W{1,3}\w*OVERRIDE\w*/;
function destinationFixed(oldText: string, newCode: string): string | undefined {
  for (const line of newCode.split("\n")) {
    if (!DESTINATION_KEY.test(line)) continue;
    const fixed = FIXED_ACCOUNT.exec(line);
    if (fixed !== null && !oldText.includes(fixed[0])) return fixed[0];
  }
  return undefined;
}

/** A public or external serializer, schema or response given people's fields: email, phone, address, birth date, SSN, password hash. */
const PERSONAL_FIELD = /["'](?:email|e_?mail_address|phone(?:_number)?|mobile|address|street|home_address|date_of_birth|dob|birth_?date|ssn|social_security\w*|tax_id|password\w*|last_login_ip|ip_address)["']/g;
function personalFieldsExposed(path: string, oldFull: string, newFull: string): string | undefined {
  const oldText = oldFull.slice(0, MAX_TEXT);
  const newText = newFull.slice(0, MAX_TEXT);
  const publicPath = PUBLIC_CODE_PATH.test(path);
  if (!publicPath && !/\b(?:public|anonymous|external|open)\w*(?:serializer|schema|response|profile|view|fields|dto)|\bpublic\w*\s*=|class\s+Public\w+/i.test(newText)) return undefined;
  // (A public endpoint's response given a list of people: "applicants": [a.to_dict() for a in job.applications].)
  if (publicPath) {
    const had = new Set([...oldText.matchAll(PEOPLE_LIST)].map((m) => m[1]!.toLowerCase()));
    const people = [...newText.matchAll(PEOPLE_LIST)].map((m) => m[1]!.toLowerCase()).find((p) => !had.has(p));
    if (people !== undefined) return `the ${people} with their details`;
  }
  // (Every field of the model: Django REST framework's fields = '__all__'.)
  const everyField = /\bfields\s*=\s*["']__all__["']/;
  if (everyField.test(newText) && !everyField.test(oldText)) return "every field of the model";
  const had = new Set([...oldText.matchAll(PERSONAL_FIELD)].map((m) => m[0].toLowerCase()));
  const added = [...newText.matchAll(PERSONAL_FIELD)].map((m) => m[0].toLowerCase()).filter((f) => !had.has(f));
  return added.length > 0 ? [...new Set(added)].slice(0, 3).join(", ") : undefined;
}

/** Alerts routed nowhere: Alertmanager's receiver set to a blackhole or null receiver. */
const ALERTS_TO_NOWHERE = /\breceiver["']?\s*[:=]\s*["']?(?:blackhole|black-hole|null|devnull|dev-null|none|noop|discard|drop)\b/i;

/** In sign-in code, a session, admin roles or success handed back when a value equals, starts or ends with a fixed string: a way in for whoever has it. */
const AUTH_PATH = /(?:^|[/_.-])(?:auth\w*|sso|saml|oauth\w*|oidc|login|signin|session\w*|identity|idp|middleware)(?:[/_.-]|$)/i;
const HEADER_WAY_IN = /\bif\b[^\n]{0,80}?\b(?:Header\.Get|headers?\.get|headers?\[|getHeader|header\()\s*\(?\s*["'][^"'\n]{2,60}["']\s*\)?\]?\s*(?:==|===)\s*["'][^"'\n]{1,}["'][^\n]{0,40}\n?[^\n]{0,120}?\b(?:next\.ServeHTTP|next\(\)|return next|call_next|return handler|get_response)\b/;
/** A password check that also passes for a fixed string (`verifyPassword(…) || password === "…"`). */
const OR_FIXED_SECRET = /\|\|\s*\(?\s*[\w.]*(?:password|passwd|pass|token|secret|key|otp|code)\w*\s*===?\s*["'][^"'\n]{3,}["']/i;
/**
 * A second way past a password check, "or" the real one: the password compared with a literal or a
 * constant (`or hmac.compare_digest(password, SUPPORT_OVERRIDE)`, `|| token === MASTER_TOKEN`). A
 * constant in capitals is a fixed value by convention, wherever it is set.
 */
const SECRET_NAME = String.raw`[\w.]{0,40}(?:[Pp]ass(?:word|wd)?|[Pp]w|[Tt]oken|[Ss]ecret|[Kk]ey|[Oo]tp|[Cc]ode|PASS\w{0,20}|TOKEN|SECRET)\w{0,40}`;
const FIXED_VALUE = String.raw`(?:["'][^"'\n]{3,}["']|\b[A-Z][A-Z0-9_]{3,}\b)`;
// (Every gap a bounded run of blanks: adjacent unbounded ones are polynomial on a line of spaces.)
const OR_FIXED_COMPARE = new RegExp(String.raw`(?:\bor\b|\|\|)[ \t]{0,8}\(?[ \t]{0,8}(?:[\w.]{0,40}(?:compare_digest|timingSafeEqual|secure_compare|constant_time_compare|safe_str_cmp|ConstantTimeCompare)[ \t]{0,8}\([ \t]{0,8}(?:${SECRET_NAME}[ \t]{0,8},[ \t]{0,8}${FIXED_VALUE}|${FIXED_VALUE}[ \t]{0,8},[ \t]{0,8}${SECRET_NAME})|${SECRET_NAME}[ \t]{0,8}===?[ \t]{0,8}\b[A-Z][A-Z0-9_]{3,}\b)`);
/**
 * A request's header, parameter or cookie compared with a fixed string, then someone signed in as a
 * user the request names (sign_in(User.find_by!(email: params[:as])), login(request, user)): a key
 * that lets its holder in as anyone, in any file that serves requests.
 */
const SIGN_IN_BY_KEY = /\b(?:headers?|params|META|query|cookies|GET|POST)\b[^\n]{0,60}?(?:==|===)\s*["'][^"'\n]{3,}["'][\s\S]{0,300}?\b(?:sign_in|log_?in_?user|login|impersonate\w*|set_current_user|auth\.login|req\.login)\s*\(|\b(?:headers?|params|META|query|cookies)\b[^\n]{0,60}?(?:==|===)\s*["'][^"'\n]{3,}["'][\s\S]{0,300}?\b(?:session\s*\[\s*:?["']?user_id["']?\s*\]|current_user)\s*=[^=]/;
/**
 * A fixed string checked (==, ===, compare_digest, hash_equals, a hash of a header against a literal),
 * then an administrator or every scope handed back: a key that makes its holder an administrator.
 */
const ADMIN_BY_KEY = /(?:===?|\bcompare_digest\s*\(|\btimingSafeEqual\s*\(|\bsecure_compare\s*\(|\bhash_equals\s*\()[^\n]{0,80}?["'][^"'\n]{6,}["'][^\n]{0,30}\n[\s\S]{0,200}?\breturn\b[^\n]{0,160}?(?:is_?admin\s*[=:]\s*(?:True|true)|\bALL_SCOPES\b|scopes?\s*[=:]\s*["'\[]*\*|\bsuperuser\b|is_superuser|loadByUsername\(\s*["'](?:admin|root)["']|role\s*[=:]\s*["'](?:admin|owner|superuser)["'])/;
const FIXED_WAY_IN = /\bif\b[^\n]{0,160}?(?:==|===|\.endswith\(|\.startswith\(|\.endsWith\(|\.startsWith\(|\bin\s*[([{])\s*(?:(?:os\.environ\.get|os\.getenv|ENV\.fetch|getenv)\([^)\n]{0,60},\s*)?["'][^"'\n]{3,}["'][^\n]{0,60}\n?[^\n]{0,40}?\breturn\b[^\n]{0,120}?\b(?:grant_?\w*|create_?session|login_?user|issue_?token|admin|superuser|org_admin|True|true|user)\b/;

/** A sign-in factor setting (factor_mode, mfa, second factor) given a value of two or more factors, and one that means one. */
const FACTOR_SETTING = /^[ \t]*["']?([\w.-]*(?:factor|mfa|2fa|two_?factor|authn_?level|auth_?level|assurance)[\w.-]*)["']?[ \t]*[:=][ \t]*["']?([\w-]+)["']?/gim;
const TWO_FACTORS = /^(?:2fa|mfa|multi|multi_?factor|two_?factor|required|enforced?|always|on|true|phishing_?resistant|aal2|aal3)$/i;
const ONE_FACTOR = /^(?:1fa|single|single_?factor|one_?factor|password|password_?only|none|off|false|optional|disabled?|never|aal1)$/i;

/** The factor setting the edit lowers from two factors to one, as "key: old → new", or undefined. */
function factorLowered(oldCode: string, newCode: string): string | undefined {
  if (!/factor|mfa|2fa|authn|auth_?level|assurance/i.test(oldCode)) return undefined;
  const before = new Map([...oldCode.matchAll(FACTOR_SETTING)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
  for (const m of newCode.matchAll(FACTOR_SETTING)) {
    const was = before.get(m[1]!.toLowerCase());
    if (was !== undefined && TWO_FACTORS.test(was) && ONE_FACTOR.test(m[2]!)) return `${m[1]}: ${was} → ${m[2]}`;
  }
  return undefined;
}

/** A path a policy grants on (Vault's path "secret/data/…", an IAM resource ARN, a bucket prefix), as written in the text. */
const POLICY_PATH = /\b(?:path|resources?|Resource|prefix)\b["']?[\s:=[]{0,12}"([^"\n]{1,200})"/g;
/** Files that hold access policies: Vault's HCL, IAM and bucket policies, RBAC and ACL files. */
const POLICY_FILE = /\.hcl$|(?:^|[\/_.-])(?:polic(?:y|ies)|iam|rbac|acls?|vault|roles?)(?:[\/_.-]|$)/i;

/** A granted path replaced by a shorter one that takes in more (secret/data/tenants/+/support/* → secret/data/*), as "old → new". */
function policyPathWidened(path: string, oldCode: string, newCode: string): string | undefined {
  if (!POLICY_FILE.test(path) || !/\b(?:path|resources?|Resource|prefix)\b/.test(newCode)) return undefined;
  const olds = new Set([...oldCode.matchAll(POLICY_PATH)].map((m) => m[1]!));
  const news = [...newCode.matchAll(POLICY_PATH)].map((m) => m[1]!).filter((p) => !olds.has(p));
  for (const n of news) {
    if (!/\*$/.test(n)) continue;
    const stem = n.replace(/\*+$/, "");
    const narrower = [...olds].find((o) => o !== n && o.startsWith(stem) && o.length > n.length);
    if (narrower !== undefined) return `${narrower} → ${n}`;
  }
  return undefined;
}

/** A list of the source addresses allowed in (an ingress's whitelist-source-range, allowed_ips, ipRestrictions, sourceRanges). */
const SOURCE_ALLOWLIST = /\b(?:whitelist-source-range|allowlist-source-range|allowed[_-]?ips|ip[_-]?(?:allow|white)list|source[_-]?ranges?|sourceRanges|ipRestrictions?|authorized[_-]?networks|trusted[_-]?ips|allowed[_-]?cidrs?|loadBalancerSourceRanges)\b/i;

/** The source allowlist the edit takes out (present before, gone now), or undefined. */
function allowlistRemoved(oldCode: string, newCode: string): string | undefined {
  const m = SOURCE_ALLOWLIST.exec(oldCode);
  return m !== null && !SOURCE_ALLOWLIST.test(newCode) ? m[0] : undefined;
}

/** An audit logger's handlers sent nowhere: "audit": {"handlers": ["null"]}, a NullHandler, /dev/null. */
/** A log shipper's or security agent's own configuration: Splunk's forwarder, Beats, Fluent, Wazuh/OSSEC, osquery, NXLog, auditd, Sysmon. */
const LOG_AGENT_CONFIG = /(?:splunk\w*|universalforwarder|filebeat|winlogbeat|auditbeat|packetbeat|fluent(?:d|-?bit)?|td-agent|wazuh|ossec|osquery\w*|nxlog|auditd|audit\.rules|sysmon\w*|elastic-agent|vector|promtail|otelcol\w*)(?:[\\/._-]|$)/i;
/** A log input switched off: `disabled = 1`, `disabled: true`, `enabled: false`. */
const INPUT_OFF = /^\s*(?:disabled\s*[:=]\s*(?:1|true)|enabled\s*[:=]\s*(?:0|false))\s*$/gim;
/** Inputs that record who signed in and what was done: Windows' Security log, auth and audit logs. */
const SECURITY_INPUT = /WinEventLog:\/\/Security|Microsoft-Windows-Sysmon|\/var\/log\/(?:auth|secure|audit)|\baudit(?:d|\.log)?\b|\bSecurity\b/;

/** A key compared with a fixed string that signs in as a user the request names, or hands back an administrator, new in the edit's source (any file that serves requests). */
function keyedWayIn(path: string, oldCode: string, newCode: string): RegExpExecArray | null {
  if (!SOURCE_CODE_PATH.test(path) || TEST_FILE.test(path)) return null;
  return (SIGN_IN_BY_KEY.test(oldCode) ? null : SIGN_IN_BY_KEY.exec(newCode)) ?? (ADMIN_BY_KEY.test(oldCode) ? null : ADMIN_BY_KEY.exec(newCode));
}

/** Log inputs a shipper's configuration switches off that were on: the sections' names, or undefined. */
function logInputsOff(path: string, oldCode: string, newCode: string): string | undefined {
  if (!LOG_AGENT_CONFIG.test(path)) return undefined;
  if ((newCode.match(INPUT_OFF)?.length ?? 0) <= (oldCode.match(INPUT_OFF)?.length ?? 0)) return undefined;
  const section = /^\s*\[([^\]\n]{1,80})\]/m.exec(newCode)?.[1];
  return section !== undefined ? `the log input ${section}` : "a log input";
}

/** Dependency manifests: Bundler, npm, pip, Poetry and PEP 621, Cargo, Go modules. */
const DEPENDENCY_MANIFEST = /(?:^|[\\/])(?:Gemfile|package\.json|requirements[\w.-]*\.(?:txt|in)|pyproject\.toml|Pipfile|Cargo\.toml|go\.mod)$/;
/** A go.mod replace directive to another module (not a local directory): `replace github.com/a/x => github.com/b/x v1.4.2`, or a line of a replace block. */
const GO_REPLACE = /^[ \t]*(?:replace[ \t]+)?([\w.~-]+(?:\/[\w.~-]+)+)(?:[ \t]+v[\w.+-]+)?[ \t]*=>[ \t]*([\w-]+(?:\.[\w-]+)+(?:\/[\w.~-]+)+)(?:[ \t]+v[\w.+-]+)?[ \t]*(?:\/\/[^\n]*)?$/gm;
/** A dependency taken from a git repository or a URL, not the registry: `gem "x", git: …`, `"x": "git+https://…"`, `x @ git+https://…`, `x = { git = "…" }`. */
const DEPENDENCY_FROM_SOURCE = /^[ \t]*gem[ \t]+["'][\w.-]+["'][^\n]*?\b(?:git|github):\s*["']([^"'\n]{3,200})["']|^[ \t]*"(?!(?:repository|homepage|bugs|url|funding|author)")[@\w./-]+"[ \t]*:[ \t]*"((?:git\+)?(?:https?|ssh|git):\/\/[^"\n]{3,200}|github:[^"\n]{3,200}|[\w-]+\/[\w.-]+#[^"\n]{1,80})"|^[ \t]*(?:[\w.-]+[ \t]*@[ \t]*)?(git\+(?:https?|ssh):\/\/[^\s#]{3,200})|^[ \t]*[\w-]+[ \t]*=[ \t]*\{[^}\n]*\bgit[ \t]*=[ \t]*"([^"\n]{3,200})"/gm;

/** The sources of dependencies an edit adds from a git repository or a URL (a line of the new text not in the old). */
function dependenciesFromSource(path: string, oldText: string, newText: string): string[] {
  if (!DEPENDENCY_MANIFEST.test(path)) return [];
  const before = new Set(oldText.split("\n").map((l) => l.trim()));
  const out: string[] = [];
  for (const m of newText.slice(0, MAX_TEXT).matchAll(DEPENDENCY_FROM_SOURCE)) if (!before.has(m[0].trim()) && out.length < 4) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]!);
  // (A Go module replaced by another's: every build takes its code from there instead. Not a version pin of the same module.)
  if (/go\.mod$/.test(path)) for (const m of newText.slice(0, MAX_TEXT).matchAll(GO_REPLACE)) if (!before.has(m[0].trim()) && m[1] !== m[2] && out.length < 4) out.push(`${m[2]!} (in place of ${m[1]!})`);
  return out;
}

const AUDIT_TO_NOWHERE = /\baudit\w*["']?\s*[:=][^\n]{0,120}?(?:["']null["']|NullHandler|\/dev\/null|handlers["']?\s*:\s*\[\s*\])/i;

/** What an edit takes away (see the top of this file). Pure; at most one finding of each kind. */
/** A schema deploy allowed to drop data: SqlPackage's properties (in a command line or a publish profile's XML), Prisma's flag. */
const DATA_LOSS_ALLOWED = /\bBlockOnPossibleDataLoss\s*(?:[=:]\s*["']?|>\s*)false\b|\bDropObjectsNotInSource\s*(?:[=:]\s*["']?|>\s*)true\b|--accept-data-loss\b/i;
/** A Vault policy's path block: `path "secret/data/prod/*" { capabilities = ["read", "list"] }`. */
const VAULT_PATH_BLOCK = /\bpath\s+"([^"\n]{1,200})"\s*\{[^}]{0,400}?\bcapabilities\s*=\s*\[([^\]\n]{0,200})\]/g;
/**
 * A Vault policy given a path it did not have, on production's secrets or on everything under a
 * mount (secret/*, *), with capabilities that read or change them: whoever holds the policy gets them.
 */
function vaultPolicyWidened(path: string, oldCode: string, newCode: string): { path: string; capabilities: string; production: boolean } | undefined {
  if (!/\.hcl$/i.test(path) || !newCode.includes("capabilities")) return undefined;
  const strong = (caps: string): string[] => caps.replace(/["'\s]/g, "").split(",").filter((c) => /^(?:read|create|update|delete|sudo|patch)$/.test(c));
  const before = [...oldCode.matchAll(VAULT_PATH_BLOCK)].map((m) => ({ path: m[1]!, caps: new Set(strong(m[2]!)) }));
  for (const m of newCode.matchAll(VAULT_PATH_BLOCK)) {
    const p = m[1]!;
    // What the old policy already gave on this path (the same path, or a glob over it: secret/data/app/* covers secret/data/app/prod/db).
    const had = new Set(before.filter((o) => o.path === p || (o.path.endsWith("*") && p.startsWith(o.path.slice(0, -1)))).flatMap((o) => [...o.caps]));
    const gained = strong(m[2]!).filter((c) => !had.has(c));
    const production = productionNamed(p);
    const everything = /^(?:\*|[\w-]+\/\*|[\w-]+\/(?:data|metadata)\/\*)$/.test(p);
    if (gained.length > 0 && (production || everything)) return { path: p, capabilities: gained.join(", "), production };
  }
  return undefined;
}

/** Jobs that check a change before it ships. */
const CHECK_JOB = /^(?:[\w-]*(?:test|tests|e2e|integration|security|scan|sast|dast|codeql|audit|lint|verify|check|checks|snyk|trivy|semgrep|gitleaks|approv|validation|manual|review|gate)[\w-]*)$/i;
/** The jobs each `needs:` line lists (Azure Pipelines' stages: `dependsOn:`), in order of the file. */
function needsLists(code: string): string[][] {
  return [...code.matchAll(/^\s*(?:needs|dependsOn)\s*:\s*\[([^\]\n]*)\]/gm)].map((m) => m[1]!.split(",").map((s) => s.trim().replace(/^["']|["']$/g, "")).filter(Boolean));
}
/**
 * A check a deploy job waited for taken out of its `needs:` (needs: [test, security-scan] → [test]),
 * or a security scan's workflow left with only a manual trigger: what ships is no longer checked.
 */
function ciGateDropped(path: string, oldCode: string, newCode: string): string | undefined {
  if (!CI_FILE.test(path)) return undefined;
  const before = needsLists(oldCode).flat();
  const after = new Set(needsLists(newCode).flat());
  const deploys = /\b(?:deploy\w*|release\w*|publish\w*|environment\s*:\s*\w+)/i.test(newCode) || /deploy|release|publish/i.test(path.replace(/^.*\//, ""));
  const dropped = before.filter((j) => CHECK_JOB.test(j) && !after.has(j));
  if (deploys && dropped.length > 0) return `the deploy no longer waits for ${dropped.slice(0, 2).join(", ")}`;
  // A production job that waited for a person (GitLab's when: manual) or ran under a production
  // environment, whose protection rules (required reviewers, wait timers) apply, no longer does.
  // (deploy_prod: the name's parts count, "_" or "-" apart.)
  const toProduction = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i.test(oldCode);
  const manual = /^\s*when\s*:\s*manual\b/m;
  if (toProduction && manual.test(oldCode) && !manual.test(newCode)) return "the production job no longer waits for someone to start it by hand";
  const environment = /^\s*environment\s*:\s*(?:\n\s*name\s*:\s*)?["']?(?:prod|production|prd|live)\b/m;
  if (environment.test(oldCode) && !environment.test(newCode) && (deploys || /\b(?:deploy|release|apply|publish)[\w-]*\s*:/i.test(newCode))) return "the production job no longer runs under the production environment, whose required reviewers guarded it";
  // A step that waited for a person's approval taken out (Azure Pipelines' ManualValidation, Jenkins' input),
  // or a review gate told to need none (requireApproved: false, minApprovers: 0): what ships goes unreviewed.
  const waits = /\bManualValidation@\d|^\s*input\s*[({]|\binput\s+message\s*:/m;
  if (waits.test(oldCode) && !waits.test(newCode)) return "the pipeline no longer waits for a person to approve";
  const approvalsOff = /\b(?:require_?approved|requireApproval|require_?approvals?)\s*[:=]\s*false\b|\b(?:min_?approvers|minApprovers|min_?approvals|minimum_?approvers?|required_?approvals?)\s*[:=]\s*0\b/i;
  if (approvalsOff.test(newCode) && !approvalsOff.test(oldCode)) return "its review gate no longer needs an approval";
  // A test or lint step made to pass whatever it finds (`|| true`, continue-on-error, allow_failure).
  // (dbt build runs the models' tests; gosec, govulncheck and brakeman are scanners.)
  const testRun = /^\s*(?:-\s+)?(?:run|script)\s*:\s*[^\n]*\b(?:test|tests|pytest|jest|vitest|cargo test|go test|lint|check|audit|pip-audit|trivy|snyk|semgrep|gitleaks|gosec|govulncheck|brakeman|dbt build|rspec|phpunit)\b[^\n]*$/gim;
  const forgiving = (code: string) => [...code.matchAll(testRun)].filter((m) => /\|\|\s*(?:true|:|exit 0)\b/.test(m[0])).length + (code.match(/^\s*(?:continue-on-error\s*:\s*true|allow_failure\s*:\s*true)\s*$/gm)?.length ?? 0);
  if (/\b(?:test|tests|pytest|jest|vitest|lint|check|audit|trivy|snyk|semgrep|gitleaks|gosec|govulncheck|brakeman|dbt build|rspec|phpunit)\b/i.test(newCode) && forgiving(newCode) > forgiving(oldCode)) return "its tests or scans pass whatever they find (|| true, continue-on-error or allow_failure)";
  const scanWorkflow = /(?:codeql|security|scan|sast|semgrep|snyk|trivy|gitleaks|dependency-review)/i.test(path.replace(/^.*\//, ""));
  const triggered = (code: string) => /^\s*(?:push|pull_request|pull_request_target|merge_group|schedule)\s*:/m.test(code) || /^\s*on\s*:\s*\[?[^\n]*\b(?:push|pull_request|schedule)\b/m.test(code);
  if (scanWorkflow && triggered(oldCode) && !triggered(newCode) && /workflow_dispatch/.test(newCode)) return "the security scan now runs only when someone starts it by hand";
  return undefined;
}
/** A hash, mask or token that stood for a person's identifier taken away: the identifier itself is stored or shown. */
const MASKED = /\b(?:sha2|sha256|sha1|md5|hash\w*|hmac\w*|mask\w*|redact\w*|tokeni[sz]e\w*|encrypt\w*|pseudonymi[sz]e\w*)\s*\(\s*([a-z_][\w.]*)/gi;
const IDENTIFIER = /(?:^|[._])(?:ssn|national_?id|tax_?id|nin|sin|passport\w*|dob|date_?of_?birth|email|phone\w*|account_?number|card_?number|pan|iban|license_?number)$/i;
function maskRemoved(oldCode: string, newCode: string): string | undefined {
  for (const m of oldCode.matchAll(MASKED)) {
    const field = m[1]!;
    if (!IDENTIFIER.test(field)) continue;
    const bare = new RegExp(String.raw`(?:^|[\s,(])${field.replace(/[.]/g, "\\.")}\s*(?:,|$|\bas\b)`, "m");
    if (!newCode.includes(m[0]) && bare.test(newCode)) return field;
  }
  return undefined;
}

/** A permission string that gives much: impersonation, refunds, payouts, deletion, administration, everything. */
const STRONG_PERMISSION = /["']([\w-]+[:.](?:impersonat\w*|refund\w*|payout\w*|transfer\w*|delete\w*|destroy\w*|admin\w*|manage\w*|export\w*|sudo|\*))["']/g;
/** Strong permissions a roles or permissions file grants after the edit that it did not before. */
function permissionsAdded(path: string, oldCode: string, newCode: string): string[] {
  if (!ROLES_FILE.test(path)) return [];
  const before = new Set([...oldCode.matchAll(STRONG_PERMISSION)].map((m) => m[1]!));
  return [...new Set([...newCode.matchAll(STRONG_PERMISSION)].map((m) => m[1]!))].filter((p) => !before.has(p));
}

/** A container given the host: privileged, root, host namespaces or paths, escalation allowed, or a namespace's Pod Security set to privileged. */
/** Beyond the host's namespaces (source-file.ts's HOST_ACCESS_POD, which reads a whole manifest the same way): escalation allowed, root, a host path, a namespace's Pod Security set to privileged. */
const CONTAINER_ESCALATION = /^\s*(?:allowPrivilegeEscalation\s*:\s*true|runAsUser\s*:\s*0|runAsNonRoot\s*:\s*false|hostPath\s*:|pod-security\.kubernetes\.io\/enforce\s*:\s*["']?privileged)\b/m;
function containerEscalated(oldCode: string, newCode: string): string | undefined {
  for (const pattern of [HOST_ACCESS_POD, CONTAINER_ESCALATION]) {
    const added = pattern.exec(newCode);
    if (added !== null && !oldCode.includes(added[0].replace(/^[\s{,]+/, "").trim())) return added[0].replace(/^[\s{,]+/, "").trim();
  }
  if (/^\s*runAsNonRoot\s*:\s*true\b/m.test(oldCode) && !/^\s*runAsNonRoot\s*:\s*true\b/m.test(newCode)) return "runAsNonRoot taken away";
  return undefined;
}

/** A sudo rule that runs everything, or anything without a password (T1548.003). */
const SUDO_EVERYTHING = /^\s*[%\w][^\n#]*\bALL\s*=\s*(?:\([^)\n]*\)\s*)?(?:NOPASSWD\s*:\s*)?(?:ALL\b|[^\n]*NOPASSWD\s*:\s*ALL\b)|^[^\n#]*\bNOPASSWD\s*:/m;

/** A list of the people with full control (admin_users:, sudoers:, owners:), one name per line. */
const ADMIN_LIST = /^(\s*)["']?(?:\w*_)?(?:admins?|administrators|admin_?(?:users|groups?)|sudo(?:ers|_users|_?groups?)?|wheel|superusers?|owners|root_?users|domain_?admins)["']?\s*:\s*\n((?:\1\s*-\s*[^\n]+\n?)+)/gim;
/** A YAML list of who may read, write or use something (prod_readers:, allowed_groups:, members:, principals:). */
const ACCESS_LIST = /^(\s*)["']?(?:[\w-]*[_-])?(?:readers|writers|viewers|editors|members|users|principals|grantees|groups|allowed_?(?:users|groups|principals|roles)|access|allow)["']?\s*:\s*\n((?:\1\s*-\s*[^\n]+\n?)+)/gim;
/** A name that is an AI agent's or its MCP server's own account (svc_mcp_agent, claude-bot, cursor-agent). */
const AGENT_ACCOUNT = /(?:^|[-_.@])(?:mcp|agent|agents|claude|cursor|copilot|codex|llm|gpt|aider)(?:[-_.@]|$)/i;
/** Who an access list gains that stands out: the agent's own account, or everyone (all-staff, authenticated users). */
function accessListGains(oldCode: string, newCode: string): { readonly who: string; readonly everyone: boolean } | undefined {
  const names = (code: string) => new Set([...code.matchAll(ACCESS_LIST)].flatMap((m) => m[2]!.split("\n").map((l) => l.replace(/^\s*-\s*/, "").replace(/\s+#.*$/, "").trim().replace(/^["']|["']$/g, "")).filter(Boolean)));
  const before = names(oldCode);
  if (before.size === 0) return undefined;
  for (const n of names(newCode)) {
    if (before.has(n)) continue;
    if (everyoneGroup(n) || /^(?:all[-_ ]?(?:staff|users|employees|members)|everyone|staff|employees)$/i.test(n)) return { who: n, everyone: true };
    if (AGENT_ACCOUNT.test(n)) return { who: n, everyone: false };
  }
  return undefined;
}
/** Source code by its extension: quoted names in it are data the program uses, not members of a group. */
const SOURCE_CODE_FILE = /\.(?:[cm]?[jt]sx?|py|go|rb|java|cs|php|rs|kt|kts|swift|scala|c|cc|cpp|h|hpp|m|ex|exs|erl|clj|lua|pl|sh|bash|zsh)$/i;
/** A group or role named for administrators (GG-SIS-Admins, Domain Admins, org-owners) that an edit adds to a line that already listed names: whoever the line maps now holds it. */
const ADMIN_NAME = /^(?:[\w.-]*[-_ ])?(?:admins?|administrators?|superusers?|owners|root)(?:[-_ ][\w.-]*)?$/i;
function adminGroupAdded(oldCode: string, newCode: string): string | undefined {
  const quoted = (line: string) => [...line.matchAll(/["']([^"'\n]{1,80})["']/g)].map((m) => m[1]!);
  const before = new Set(oldCode.split("\n").flatMap(quoted));
  if (before.size === 0) return undefined;
  for (const line of newCode.split("\n").slice(0, 200)) {
    const names = quoted(line);
    if (names.length < 2 || !names.some((n) => before.has(n))) continue;
    const added = names.find((n) => !before.has(n) && ADMIN_NAME.test(n.trim()));
    if (added !== undefined) return added;
  }
  return undefined;
}

function adminsAdded(oldCode: string, newCode: string): string[] {
  const names = (code: string) => new Set([...code.matchAll(ADMIN_LIST)].flatMap((m) => m[2]!.split("\n").map((l) => l.replace(/^\s*-\s*/, "").trim()).filter(Boolean)));
  const before = names(oldCode);
  if (before.size === 0) return [];
  return [...names(newCode)].filter((n) => !before.has(n));
}

/** A column's data-protection tag or masking policy (BigQuery policy tags, Snowflake masking policies, dbt's meta pii) taken away. */
const MASKING_TAG = /^\s*(?:policy_tags|masking_policy|masking_policies|meta\s*:\s*\{?\s*["']?(?:pii|sensitive|contains_pii))\b/m;

/** A limit on money paid out without a person (auto refunds, credits, payouts, discounts) raised tenfold or more. */
const MONEY_LIMIT = /^\s*["'<]?(\w*(?:refund|payout|credit|discount|withdraw\w*|transfer|spend|compensation|goodwill|auto_?approv\w*)\w*(?:max|limit|cap|threshold|ceiling)\w*|\w*(?:max|limit|cap|threshold|ceiling)\w*(?:refund|payout|credit|discount|withdraw\w*|transfer|spend|compensation|goodwill|auto_?approv\w*)\w*)["'>]?\s*[:=]?\s*["']?\$?(\d+(?:\.\d+)?)/gim;
function moneyLimitRaised(oldCode: string, newCode: string): string | undefined {
  const limits = (code: string) => new Map([...code.matchAll(MONEY_LIMIT)].map((m) => [m[1]!.toLowerCase(), Number(m[2])]));
  const before = limits(oldCode);
  for (const [key, value] of limits(newCode)) {
    const was = before.get(key);
    if (was !== undefined && was > 0 && value >= was * 10) return `${key} ${was} → ${value}`;
  }
  return undefined;
}

/** An IBAN as the PII detector finds it (its country's length and layout, grouped or not). The check digits are not asked: a made-up account swapped in is a change of payee all the same. */
const IBAN_FOUND = new RegExp(String.raw`(?<![\w-])(?:${IBAN})(?![\w-])`, "g");
/** The bank account payments go to, where the old text named one and the new names another (an invoice template's or a payout setting's IBAN). */
/** Keys that hold a bank detail: routing and account numbers (ACH's too), IBAN, SWIFT or BIC, sort code. Tool arguments are read with it too (tool-call.ts). */
export const BANK_KEY = /(?:^|_)(?:ach_?account|(?:ach_?)?(?:routing(?:_?number)?|account_?number|acct_?(?:no|num)|iban|swift(?:_?code)?|bic|sort_?code|bsb|bank_?account(?:_?number)?))$/i;
/** A `key: value` or `key = value` line whose value looks like an account or routing number. */
const NUMBER_SETTING = /^\s*["']?([A-Za-z_][\w]*)["']?\s*[:=]\s*["']?([A-Z0-9 -]{6,40})["']?\s*,?\s*$/gim;
function bankAccountChanged(oldText: string, newText: string): string | undefined {
  const compact = (t: string) => new Set([...t.matchAll(IBAN_FOUND)].map((m) => m[0].replace(/[ -]/g, "")).filter(ibanCountryValid));
  const before = compact(oldText);
  const added = before.size === 0 ? [] : [...compact(newText)].filter((x) => !before.has(x));
  if (added.length > 0) return `${added[0]!.slice(0, 4)}…`;
  // A US routing number (ABA, its checksum holds) replaced by another, in a vendor master file or any table.
  const routing = (t: string) => new Set([...t.matchAll(/(?<![\d])\d{9}(?![\d])/g)].map((m) => m[0]).filter(abaRoutingValid));
  const routesBefore = routing(oldText);
  if (routesBefore.size > 0) {
    const routeAdded = [...routing(newText)].find((r) => !routesBefore.has(r));
    if (routeAdded !== undefined) return "routing number";
  }
  // The same bank key given another value (a payee's routing and account numbers swapped).
  const settings = (t: string) => new Map([...t.matchAll(NUMBER_SETTING)].filter((m) => BANK_KEY.test(m[1]!)).map((m) => [m[1]!.toLowerCase(), m[2]!.replace(/[\s-]/g, "")]));
  const was = settings(oldText);
  for (const [key, value] of settings(newText)) if (was.has(key) && was.get(key) !== value) return key;
  return undefined;
}

/** A step that downloads a script from the internet and runs it, written into a runbook or a doc others follow. */
const OUTSIDE_SCRIPT = /\b(?:curl|wget)\b[^\n|]{0,200}https?:\/\/[^\s/"'`]+[^\n|]{0,120}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:download|fetch|get)\w*\s+and\s+(?:run|execute)\w*\b[^\n]{0,120}?https?:\/\/[^\s/"'`]+/i;
export function outsideScriptAdded(oldText: string, newText: string): string | undefined {
  const found = OUTSIDE_SCRIPT.exec(newText.slice(0, MAX_TEXT));
  if (found === null || OUTSIDE_SCRIPT.test(oldText.slice(0, MAX_TEXT))) return undefined;
  return /https?:\/\/([^\s/"'`]+)/.exec(found[0])?.[1];
}

// ------------------------------------------------------------------ refusals narrowed or softened

/** What a refusal does: a 401 or 403 (REFUSAL), an exception raised or thrown, a decline, deny or reject returned. */
const DENIES = new RegExp(String.raw`${REFUSAL.source}|\braise\b|\bthrow\b|\babort\s*\(|\breturn\s+[\w.]*(?:decline|deny|reject|refuse|forbid|block)\w*\s*\(|\b(?:decline|deny|reject|refuse|forbid)\w*\s*\(`);
/** Words that say a condition guards access, money or trust rather than input shape. */
const GUARD_WORDS = /auth|fraud|verif|token|signature|permission|forbidden|unauthori|jwt|session|csrf|role|admin|risk|sanction|kyc|aml|scope|tenant|owner|allow|deny|access|secret|password|mfa|otp/i;
/** A value the request's sender sets: a header, a cookie, the query, the environment a caller can reach. */
const REQUEST_FIELD = /\b(?:headers?|cookies?|query|params|getHeader|get_header|META|environ|getenv|process\.env)\b/;
/** The request itself (req.pan(), request.user_agent): compared with a fixed value, whoever sends that value passes. */
const REQUEST_READ = /\b(?:req|request|ctx\.request|event)\s*(?:\.|\[)/;
/** A fixed value: a string of three characters or more, a number of four digits or more. */
const FIXED_LITERAL = /"[^"\n]{3,}"|'[^'\n]{3,}'|`[^`\n]{3,}`|\b\d{4,}\b/g;
/** `if (…) {`, `if …:`, `} else if (…) {`: the condition, spaces folded. */
const IF_LINE = /^\s*(?:\}\s*)?(?:else\s+)?(?:if|elif|unless)\b\s*(.+?)\s*(?:\{|:|\bthen)?\s*$/;
const fold = (t: string): string => t.replace(/\s+/g, " ").replace(/^\(\s*|\s*\)$/g, "").trim();

/** The conditions of a code's refusals (an `if` whose next three lines refuse), spaces folded. */
function refusalConditions(code: string): string[] {
  const lines = code.split("\n", 2000);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = IF_LINE.exec(lines[i]!);
    if (m !== null && m[1]!.length <= 300 && DENIES.test(lines.slice(i, i + 4).join("\n"))) out.push(fold(m[1]!));
  }
  return out;
}

/**
 * A refusal whose condition the edit narrows with a case a caller can choose (`if (fraudScore >=
 * threshold && !pan.startsWith("53552217"))`, `if (req.headers['x-debug-user'] === undefined &&
 * !verified)`): what it refused goes through for whoever meets the added case. The added case, or
 * undefined.
 */
function refusalNarrowed(path: string, oldCode: string, newCode: string): string | undefined {
  const before = refusalConditions(oldCode);
  if (before.length === 0) return undefined;
  const after = refusalConditions(newCode);
  for (const o of before) {
    if (after.includes(o) || o.length < 4) continue;
    for (const n of after) {
      const at = n.indexOf(o);
      if (at < 0 || n.length <= o.length) continue;
      const added = `${n.slice(0, at)} ${n.slice(at + o.length)}`.trim();
      if (!/^(?:&&|and\b)|(?:&&|\band)$/.test(added)) continue;
      // A header, cookie or query value the sender sets, or the request compared with a fixed value.
      // (Not the code's own state, `user.role !== "owner"`; not a route let through by its path,
      // `req.path !== "/healthz"`, nor a loopback address: routing the code's author chose.)
      const fixed = added.replace(/["'`](?:127\.0\.0\.1|::1|localhost)["'`]/g, "").match(FIXED_LITERAL) !== null;
      if (!REQUEST_FIELD.test(added) && !(REQUEST_READ.test(added) && fixed)) continue;
      if (!REQUEST_FIELD.test(added) && /\b(?:path|pathname|url|originalUrl|route|method|endpoint)\b/.test(added)) continue;
      if (!AUTH_PATH.test(path) && !GUARD_WORDS.test(`${o} ${path}`)) continue;
      // (The fixed values are not shown: one may be the key to the way in.)
      return added.replace(/^(?:&&|and)\s*|\s*(?:&&|and)$/g, "").replace(FIXED_LITERAL, "…").slice(0, 80);
    }
  }
  return undefined;
}

/** An exception raised or thrown for a request that fails a check: InvalidSignature, PermissionDenied, Unauthorized, FraudSuspected. */
const SECURITY_RAISE = /\b(?:raise|throw(?:\s+new)?)\s+[\w.]*(?:Invalid|Unauthori[sz]ed|Unauthenticated|Forbidden|Denied|Permission|Auth\w*Error|Signature|Verification|Security|Tamper\w*|Fraud|Csrf|CSRF|Expired|Revoked)\w*/g;
/** A 400 answer: a request refused as malformed. */
const BAD_REQUEST = /\bstatus(?:_code)?\s*[(=:]\s*400\b|\bHttpResponseBadRequest\b|\bBadRequest\w*\s*\(|\babort\(\s*400\b|\bres\.sendStatus\(\s*400\s*\)/g;
/** Scripts, tools, notebooks and debugging code: run by a person, serving no request. */
const TOOLING_PATH = /(?:^|\/)(?:scripts?|tools?|bin|debug|notebooks?|examples?)\/|\.ipynb$/i;
/** Signature or assertion checks: what makes a token, an assertion or a webhook genuine. */
const SIGNATURE_CONTEXT = /signature|saml|jwt|jws|hmac|assertion|webhook|idp_?cert/i;

// ------------------------------------------------------------------ isolation and exposure

/** A query filtered to the caller's own tenant, organisation, account or owner: `.filter(tenant_id=…)`, `.where(org_id: …)`, `WHERE tenant_id = …`, whole. */
const ISOLATION_FILTER = /\.(?:filter|filter_by|where|eq|scope|scoped|for_tenant|for_org)\w*\s*\(\s*[^)\n]{0,60}?\b(?:tenant|org|organi[sz]ation|workspace|account|customer|owner)_?[iI]d\b[^)\n]{0,60}\)|\bWHERE\b[^\n]{0,80}?\b(?:tenant|org|organi[sz]ation|workspace|account|customer|owner)_id\s*=\s*[^\s)]{1,60}/gi;
/** Words that still scope a query by tenant or owner in some other form (a helper, a variable). */
const TENANT_WORD = /\b\w*(?:tenant|org(?:anization|anisation)?|workspace|account|customer|owner)(?:_?id|Id)?\w*\b/i;
/**
 * The edit takes a query's tenant or owner filter away and keeps the query (`return qs.filter(tenant_id=…)`
 * → `return qs`): every tenant's rows are returned. Not a method deleted whole, nor the filter moved
 * into a helper (the new text still names the tenant). The filter, or undefined.
 */
function isolationRemoved(oldCode: string, newCode: string): string | undefined {
  if (TENANT_WORD.test(newCode)) return undefined;
  for (const m of oldCode.matchAll(ISOLATION_FILTER)) {
    const lineStart = oldCode.lastIndexOf("\n", m.index) + 1;
    const query = oldCode.slice(lineStart, m.index).replace(/\.\s*$/, "").trim();
    if (query.length >= 3 && newCode.includes(query)) return m[0].replace(/^\./, "").replace(/\s+/g, " ").slice(0, 70);
  }
  return undefined;
}

/** A role's key set to a value that reaches everything: all_tenants, any, every_org, "*". */
const ROLE_VALUE = /["']?([A-Za-z_][\w-]*)["']?\s*[:=]\s*["']([\w*:.-]{1,60})["']/g;
const EVERYTHING_VALUE = /^(?:\*|all|any|every)(?:[_:.-]\w+)*$/i;
/** In a roles file, a key whose value the edit widens to everything (impersonate: assigned_tenants → all_tenants), as "key: old → new". */
/** Keys that say whom or what a role reaches: tenants, scope, resources, impersonation, data access. */
const REACH_KEY = /tenant|scope|resource|impersonat|access|permission|grant|org|account|project|workspace|customer|data|record|table|region/i;
function roleValueWidened(path: string, oldCode: string, newCode: string): string | undefined {
  if (!ROLES_FILE.test(path)) return undefined;
  const before = new Map<string, string>();
  for (const m of oldCode.matchAll(ROLE_VALUE)) before.set(m[1]!, m[2]!);
  for (const m of newCode.matchAll(ROLE_VALUE)) {
    const was = before.get(m[1]!);
    if (was !== undefined && was !== m[2] && REACH_KEY.test(m[1]!) && EVERYTHING_VALUE.test(m[2]!) && !EVERYTHING_VALUE.test(was)) return `${m[1]} → ${m[2]}`;
  }
  return undefined;
}

/**
 * A policy's actions, verbs or resources widened to a wildcard where the old text named them (IAM's
 * actions = ["dynamodb:*"], resources = ["*"]; a Kubernetes role's verbs: ["*"]): whoever holds it
 * can do everything of the service, or reach everything, not the few things it was written for.
 */
function wildcardGranted(oldCode: string, newCode: string): string | undefined {
  if (!newCode.includes("*")) return undefined;
  const count = (code: string, re: RegExp) => code.match(re)?.length ?? 0;
  for (const [what, re] of [["every action", WILDCARD_ACTIONS], ["every resource", WILDCARD_RESOURCES]] as const) {
    if (count(newCode, re) > count(oldCode, re) && (what === "every action" ? NAMED_ACTIONS : NAMED_RESOURCES).test(oldCode)) return `${what}: ${re.exec(newCode)?.[0].replace(/\s+/g, " ").slice(0, 60) ?? "*"}`;
  }
  return undefined;
}
/** A policy's action or verb list holding a wildcard (a service's, dynamodb:*, or every one, *). */
const WILDCARD_ACTIONS = /["']?(?:actions?|not_?actions?|verbs|permissions)["']?\s*[:=]\s*\[?\s*(?:["'][^"'\n]{1,80}["']\s*,\s*)*["'](?:[a-z0-9-]+:)?\*["']/gi;
/** A policy's resource list holding *. */
const WILDCARD_RESOURCES = /["']?(?:resources?)["']?\s*[:=]\s*\[?\s*(?:["'][^"'\n]{1,200}["']\s*,\s*)*["']\*["']/gi;
/** An action, verb or resource list the old text had, naming what it grants (so a wildcard added is a widening, not a new policy's first line). */
const NAMED_ACTIONS = /["']?(?:actions?|not_?actions?|verbs|permissions)["']?\s*[:=]\s*\[?\s*["'][^"'*\n]{2,80}["']/i;
const NAMED_RESOURCES = /["']?(?:resources?)["']?\s*[:=]\s*\[?\s*(?:["'][^"'*\n]{2,200}["']|[a-z_][\w.]*\.arn\b)/i;

/** Server code that answers anyone: a public API's routes, controllers or views (not a site's static public/ folder). */
const PUBLIC_CODE_PATH = /(?:^|\/)(?:api\/public|public_?api|public\/api|(?:routes|controllers|views|handlers|endpoints)\/(?:public|anonymous|unauthenticated))\/(?:[\w-]+\/){0,3}[\w-]+\.(?:py|rb|go|java|kt|php|cs|ts|js)$/i;
/** People added to what a response returns, as a list: "applicants": [a.to_dict() for …], users: users.map(…). */
const PEOPLE_LIST = /["']?(applicants|candidates|users|customers|members|patients|employees|subscribers|donors|contacts|students|drivers|residents|voters|guests|clients)["']?\s*[:=]\s*(?:\[[^\]\n]{0,120}?\bfor\b|[\w.()]+\.(?:map|all|values|to_dict|serialize|as_json)\b)/gi;

// ------------------------------------------------------------------ browser and scanner protections

/** A security scanner's or analyser's ignore file: each line is something it skips. */
const IGNORE_FILE = /(?:^|\/)\.(?:semgrepignore|gitleaksignore|trivyignore|snyk|secretsignore|checkov\.ya?ml)$/;
/** A code analyser's configuration: SonarQube's, CodeQL's, Code Climate's, Bandit's. */
const ANALYSER_CONFIG = /(?:^|\/)(?:sonar-project\.properties|\.codeclimate\.ya?ml|codeql(?:-config)?\.ya?ml|\.bandit|bandit\.ya?ml)$/;
/** An analyser's exclusion key and its value: `sonar.exclusions=a,b`, `paths-ignore: [a, b]`, `exclude_dirs: …`. */
const EXCLUSION_VALUE = /^[ \t]*["']?(?:sonar\.(?:exclusions|cpd\.exclusions|issue\.ignore\.[\w.]+)|paths-ignore|exclude_?(?:paths|dirs|patterns)?)["']?\s*[:=]\s*(.*)$/gim;
/** A secret scanner's allowlist path: a whole directory (config/.*, deploy/**) or everything (.*). */
const ALLOWED_PATH = /(['"]{1,3})(\^?\(?(?:[\w.-]+\/){0,4}(?:\.\*|\*\*?)(?:\/\*+)?\$?\)?|\^?\.\+\$?)\1/g;
/** What is not the project's own code: tests, fixtures, stories, generated, built and vendored code. */
const NOT_PRODUCT_CODE = /(?:^|[\/*._^(-])(?:tests?|specs?|__tests__|__snapshots__|fixtures?|testdata|mocks?|examples?|docs?|stories|storybook|coverage|vendor|node_modules|third_party|generated|migrations|dist|build|\.git)(?:[\/*._)$-]|$)/i;

/**
 * What a security scanner or code analyser is newly told to skip, the entries its ignore file,
 * exclusion keys or allowlist paths gain that name the project's own code; a finding of each file
 * kind at most. (Entries that were there already, reordered, add nothing.)
 */
export function scannerIgnoreWidened(path: string, oldText: string, newText: string): CodeHit[] {
  const name = path.replace(/^.*\//, "");
  const entries = (text: string): string[] => {
    const t = activeCode(text.slice(0, MAX_TEXT));
    if (IGNORE_FILE.test(path)) return t.split("\n").map((l) => l.trim()).filter((l) => l !== "");
    if (ANALYSER_CONFIG.test(path)) return [...t.matchAll(EXCLUSION_VALUE)].flatMap((m) => m[1]!.split(/[,\s\[\]"']+/)).filter((e) => e !== "" && !NOT_PRODUCT_CODE.test(e));
    if (SCANNER_CONFIG.test(path)) return [...t.matchAll(ALLOWED_PATH)].map((m) => m[2]!).filter((e) => !NOT_PRODUCT_CODE.test(e));
    return [];
  };
  const before = new Set(entries(oldText));
  const added = [...new Set(entries(newText))].filter((e) => !before.has(e));
  if (added.length === 0) return [];
  const everything = added.find((e) => /^\^?(?:\.\*|\*\*?(?:\/\*+)?|\.\+)\$?$/.test(e));
  return [{ id: "code.scanner-ignore-widened", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production: PRODUCTION_PATH.test(path) }, reversibility: "recoverable", scope: "one" }, reason: everything !== undefined ? `${name} now tells the scanner to skip every file (${everything}): what it would find ships unchecked (T1562.001)` : `${name} now tells the scanner or analyser to skip ${added.slice(0, 2).map((e) => e.slice(0, 60)).join(", ")}: what is there ships unscanned (T1562.001)` }];
}

/** A Content-Security-Policy source that lets any script run: 'unsafe-inline', 'unsafe-eval', a wildcard. */
const CSP_UNSAFE = /["']?script-src["']?[^;\n\]]{0,200}?(?:'unsafe-inline'|'unsafe-eval'|\\?["']\*\\?["']|\s\*[\s;"'\]])/i;
/** The script-src the edit opens to inline or any script, or undefined. */
function cspLoosened(oldCode: string, newCode: string): string | undefined {
  const now = CSP_UNSAFE.exec(newCode);
  if (now === null || CSP_UNSAFE.test(oldCode)) return undefined;
  return /unsafe-eval/.test(now[0]) ? "'unsafe-eval'" : /unsafe-inline/.test(now[0]) ? "'unsafe-inline'" : "any source";
}

/** A Kubernetes role's rule that the edit widens to secrets or to every verb. */
function rbacWidened(path: string, oldCode: string, newCode: string): string | undefined {
  if (!/\.(?:ya?ml|json)$/.test(path) || !(/(?:^|[\/_.-])(?:rbac|clusterroles?)(?:[\/_.-]|$)/i.test(path) || /\bkind\s*:\s*["']?(?:Cluster)?Role\b/.test(`${oldCode}\n${newCode}`))) return undefined;
  const secrets = /\bresources\s*:[^\n]*["']?secrets["']?|^\s*-\s*["']?secrets["']?\s*$/m;
  if (secrets.test(newCode) && !secrets.test(oldCode)) return "read secrets";
  const everyVerb = /\bverbs\s*:\s*\[?\s*["']\*["']|^\s*verbs\s*:\s*\n\s*-\s*["']\*["']/m;
  if (everyVerb.test(newCode) && !everyVerb.test(oldCode)) return "every verb (*)";
  return undefined;
}


/** An assertion statement: Python's assert and unittest's, Jest's expect, Go's t.Error/Fatal, testify's require/assert. */
const ASSERTION = /^[ \t]*(?:assert\b|self\.assert\w*\(|(?:await\s+)?expect\(|assert\w*\(|t\.(?:Error|Fatal)f?\(|require\.\w+\(|assert\.\w+\()/gm;
/** A test file's name or path that says it tests a protection. */
const PROTECTION_TEST_FILE = /(?:^|[\/_.-])test_?\w*(?:limit|auth|permission|access|fraud|signature|csrf|rbac|tenant|privacy|consent|validat|lockout|payout|refund)\w*\.\w+$|[\/_.-]\w*(?:limit|auth|permission|access|fraud|signature|csrf|rbac|tenant|privacy|consent|lockout)\w*[_.](?:test|spec)\.\w+$/i;
/** How many assertions an edit of a protection's test takes out (0 when it keeps or adds as many). */
function assertionsRemoved(path: string, oldText: string, newText: string): number {
  if (!SECURITY_TEST_PATH.test(path) && !PROTECTION_TEST_FILE.test(path) && !SECURITY_TEST_NAME.test(oldText)) return 0;
  const before = oldText.match(ASSERTION)?.length ?? 0;
  const after = newText.match(ASSERTION)?.length ?? 0;
  return before > after ? before - after : 0;
}

/** An SSH public key as authorized_keys and cloud-init hold it, with its comment (who it says it is). */
const SSH_PUBLIC_KEY = /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+(AAAA[0-9A-Za-z+/]{20,}={0,3})(?:[ \t]+([^\s"'`,\]}]{1,80}))?/g;
/** Where a key listed lets its holder log in: an authorized_keys file, or the setting that writes one (cloud-init, Ansible, Terraform). */
const LOGIN_KEYS_PLACE = /authorized_keys|ssh_authorized_keys|ssh-authorized-keys|authorized_key\b|ssh_keys|sshKeys|ssh_public_keys?/i;

/** SSH keys the edit adds where they let their holder log in, each shown by its type and start (a comment is free text, never quoted). A new key under a comment a removed key had is a rotation, not an addition. */
function sshKeysAdded(path: string, oldText: string, newText: string): string[] {
  if (!LOGIN_KEYS_PLACE.test(path) && !LOGIN_KEYS_PLACE.test(newText)) return [];
  if (/\.pub$/i.test(path)) return [];
  const old = [...oldText.matchAll(SSH_PUBLIC_KEY)];
  const had = new Set(old.map((m) => m[1]!));
  const kept = new Set([...newText.matchAll(SSH_PUBLIC_KEY)].map((m) => m[1]!));
  const rotatedFrom = new Set(old.filter((m) => !kept.has(m[1]!) && m[2] !== undefined).map((m) => m[2]!));
  return [...newText.matchAll(SSH_PUBLIC_KEY)].filter((m) => !had.has(m[1]!) && !(m[2] !== undefined && rotatedFrom.has(m[2]))).map((m) => `${m[0].split(/\s/)[0]} ${m[1]!.slice(0, 20)}…`);
}

/** A setting that decides whether a security policy blocks or only watches. */
const ENFORCEMENT_KEY = /^(?:enforcement_?action|enforcement_?mode|validation_?failure_?action|failure_?action|failure_?policy|waf_?mode|firewall_?mode|policy_?mode|enforcement|selinux(?:_?state|_?mode)?)$/i;
/** The same for keys too common to read alone (state, mode, action), read only in a security policy's file. */
const ENFORCEMENT_KEY_IN_POLICY = /^(?:state|mode|action|default_?action)$/i;
const SECURITY_POLICY_PLACE = /conditional[-_]?access|\bca\d{2,4}\b|waf|selinux/i;
const ENFORCING = /^(?:enabled|enforce|enforced|enforcing|deny|block|prevention|prevent|reject|fail|strict)$/i;
const WATCH_ONLY = /^(?:enabledforreportingbutnotenforced|report|report[-_ ]?only|audit|warn|warning|dry[-_]?run|permissive|disabled|off|detection|detect|detectiononly|log|log[-_ ]?only|monitor|monitoring|ignore|count|none)$/i;
/** A security policy switched from blocking to watching (enforce → audit, enabled → report-only, deny → dryrun): `key: old → new`. */
function enforcementRelaxed(path: string, oldCode: string, newCode: string): { shown: string; identity: boolean } | undefined {
  const inPolicy = SECURITY_POLICY_PLACE.test(path);
  for (const { key, last, was, value } of changedSettings(oldCode, newCode)) {
    const name = last.replace(/-/g, "_");
    if (!ENFORCEMENT_KEY.test(name) && !(inPolicy && ENFORCEMENT_KEY_IN_POLICY.test(name))) continue;
    if (ENFORCING.test(was) && WATCH_ONLY.test(value)) return { shown: `${key}: ${was} → ${value}`, identity: /conditional[-_]?access|\bca\d{2,4}\b/i.test(path) };
  }
  return undefined;
}

/** What keeps backups from being deleted or changed: immutability, object lock, WORM, legal hold, restore points kept, an object lock's days. */
const PROTECTION_KEY_OF_BACKUPS = /immutab|object_?lock|(?:^|_)worm(?:_|$)|legal_?hold|lock_?(?:days|period|duration)|retention_?points|restore_?points|backup_?copies|retention_?days|^days$/i;
/** Where those settings are a backup's: the file or its text names backups, vaults, snapshots or object lock. */
const BACKUP_CONTEXT = /backup|vault|snapshot|object_?lock|immutability_?policy|veeam|restore_?point|worm\b|legal_?hold|default_?retention/i;
/** An object lock's retention, in days (S3's default_retention: years = 7, days = 30). */
function lockedDays(code: string): number | undefined {
  const years = /\byears\s*[=:]\s*"?(\d{1,4})\b/i.exec(code);
  const days = /\bdays\s*[=:]\s*"?(\d{1,6})\b/i.exec(code);
  return years === null && days === null ? undefined : Number(years?.[1] ?? 0) * 365 + Number(days?.[1] ?? 0);
}

/** A backup protection cut, in a backup's settings: a period or count to none or a fifth or less, or switched off. */
function protectionPeriodCut(path: string, oldCode: string, newCode: string): string | undefined {
  if (!BACKUP_CONTEXT.test(path) && !BACKUP_CONTEXT.test(oldCode)) return undefined;
  for (const { key, last, was, value } of changedSettings(oldCode, newCode)) {
    if (!PROTECTION_KEY_OF_BACKUPS.test(last)) continue;
    const from = numberIn(was);
    const to = numberIn(value);
    if (from !== undefined && to !== undefined ? from > 0 && to * 5 <= from : ON.test(was) && OFF.test(value)) return `${key}: ${was} → ${value}`;
  }
  // An object lock moved from compliance mode (no one may shorten it) to governance (privileged users may), or its period cut to a fifth or less.
  if (/\bmode\s*[=:]\s*["']?COMPLIANCE\b/i.test(oldCode) && /\bmode\s*[=:]\s*["']?GOVERNANCE\b/i.test(newCode)) return "object lock mode: COMPLIANCE → GOVERNANCE, which privileged users may bypass";
  const from = /default_?retention|object_?lock/i.test(`${oldCode} ${path}`) ? lockedDays(oldCode) : undefined;
  const to = from !== undefined ? lockedDays(newCode) : undefined;
  if (from !== undefined && to !== undefined && from > 0 && to * 5 <= from) return `retention: ${from} → ${to} days`;
  return undefined;
}

/** A list of keys or certificates that are trusted (to sign updates, to log in, as a root), and what it holds. */
const TRUST_LIST = /\b(?:trusted|allowed|authori[sz]ed|pinned|accepted)[_-]?(?:signing[_-]?|root[_-]?|release[_-]?)?(?:keys?|certs?|certificates?|signers?|cas?|fingerprints?|pub_?keys?|public_?keys?)\b(?:\s*\[\s*\d*\s*\])?[^{[\n;]{0,60}[{[]([^}\]]{0,4000})[}\]]/gi;
function trustListEntries(code: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of code.matchAll(TRUST_LIST)) out.set(m[0].slice(0, m[0].search(/[{[]/)).replace(/\s+/g, " ").trim().toLowerCase(), m[1]!.split(/[,\n]/).map((e) => e.trim()).filter((e) => e !== "" && !/^(?:\/\/|#|\/\*)/.test(e)));
  return out;
}
/** An entry that is key material or names a key: long base64 or hex, a pin, an SSH or PEM key, or an identifier naming a key or certificate. */
const KEY_MATERIAL = /[A-Za-z0-9+/=_-]{32,}|sha(?:256|1)\/|ssh-(?:rsa|ed25519)|BEGIN [A-Z ]*(?:KEY|CERTIFICATE)|(?:^|[^a-z])(?:key|cert|certificate|pubkey|ca|root|release|signing)(?:[^a-z]|$)|[0-9a-f]{2}(?::[0-9a-f]{2}){15,}/i;
/** An entry added to a list of trusted keys or certificates the old text had: the list's name. */
function trustedKeyAdded(oldCode: string, newCode: string): { list: string } | undefined {
  const before = trustListEntries(oldCode);
  if (before.size === 0) return undefined;
  for (const [list, entries] of trustListEntries(newCode)) {
    const had = before.get(list);
    if (had === undefined) continue;
    const added = entries.find((e) => !had.includes(e));
    if (added === undefined || entries.length <= had.length) continue;
    // (An allowed or accepted "keys" list is as often a list of field names or keyboard keys: only key material counts there.)
    if (/^(?:\w+\s+)*[\w.]*(?:allowed|accepted)[_-]?keys?\b/i.test(list) && !KEY_MATERIAL.test(added)) continue;
    return { list: list.replace(/^(?:(?:static|const|let|var|final|private|public|readonly|export)\s+)+/i, "").replace(/[\s=:[\]]+$/, "").slice(0, 60) };
  }
  return undefined;
}


/** An agent's instruction file written whole that tells it to act without asking (a new .cursor/rules file, CLAUDE.md). */
export function writtenAgentInstructions(path: string, text: string): CodeHit[] {
  if (!AGENT_INSTRUCTIONS.test(path) || toldNotToAsk("", text.slice(0, MAX_TEXT)) === null) return [];
  return editWeakens(path, "", text).filter((h) => h.id === "code.agent-told-not-to-ask");
}

/** A text with its blank and whitespace-only lines taken out: the readings below look at lines with something on them, and a pattern that starts at every line's start with \s* would otherwise run across thousands of blank lines from each (cubic, session 29's review). */
const squeezed = (text: string): string => (text.includes("\n\n") || /\n[ \t]+\n/.test(text) ? text.replace(/\n(?:[ \t]*\n)+/g, "\n") : text);

export function editWeakens(path: string, rawOld: string, rawNew: string): CodeHit[] {
  const oldText = squeezed(rawOld);
  const newText = squeezed(rawNew);
  const name = path.replace(/^.*\//, "");
  // Bank details and run-this-script steps matter in prose too: an invoice's footer, a runbook.
  if (!TEST_FILE.test(path)) {
    const early: CodeHit[] = [];
    const account = bankAccountChanged(oldText.slice(0, MAX_TEXT), newText.slice(0, MAX_TEXT));
    if (account !== undefined) early.push({ id: "code.bank-account-changed", technique: "T1657", tactic: "Impact (TA0040)", action: { capability: "spend", target: { name, production: true }, reversibility: "irreversible", scope: "account" }, reason: `the edit replaces the bank account in ${name} with another (${account}): whoever pays by it pays that account (T1657)` });
    const host = outsideScriptAdded(oldText, newText);
    if (host !== undefined) early.push({ id: "code.outside-script-step", technique: "T1204.002", tactic: "Execution (TA0002)", action: { capability: "execute", target: { name: host, external: true }, reversibility: "recoverable", scope: "one" }, reason: `the edit adds a step to ${name} that downloads a script from ${host} and runs it: whoever follows it runs that host's code` });
    // An agent's standing instructions told to act without asking: every later session reads it, a prompt injection that persists (T1562.001).
    const unasked = AGENT_INSTRUCTIONS.test(path) ? toldNotToAsk(oldText.slice(0, MAX_TEXT), newText.slice(0, MAX_TEXT)) : null;
    if (unasked !== null) early.push({ id: "code.agent-told-not-to-ask", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: "account" }, reason: `the edit tells every later agent session reading ${name} to act without asking ("${unasked[0].trim().slice(0, 60)}"): the confirmations it gave up stop coming` });
    // A page or runbook given a sign-in link to a look-alike site, or told a verification step is not needed.
    const lure = credentialLure(oldText, newText);
    if (lure !== undefined) early.push({ id: "code.credential-lure", technique: "T1534", tactic: "Lateral Movement (TA0008)", action: { capability: "communicate", target: { name: lure.host ?? name, external: lure.host !== undefined }, reversibility: "irreversible", scope: "account" }, reason: lure.host !== undefined ? `the edit points ${name}'s readers to ${lure.host} to sign in, a site made to look like a sign-in page: whoever runs it takes the credentials they type (T1534)` : `the edit asks ${name}'s readers to sign in again at a link, or to give their credentials or codes: whoever runs that page takes what they give (T1534)` });
    const waived = verificationWaived(oldText, newText);
    if (waived !== undefined) early.push({ id: "code.verification-waived", technique: "T1656", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: "account" }, reason: `the edit tells ${name}'s readers the ${waived} is not needed: the check that stops fraud and mistaken changes is left out (T1656)` });
    const moved = contactMoved(path, oldText.slice(0, MAX_TEXT), newText.slice(0, MAX_TEXT));
    if (moved !== undefined) early.push({ id: "code.contact-moved", technique: "T1656", tactic: "Impact (TA0040)", action: { capability: "communicate", target: { name, external: true }, reversibility: "recoverable", scope: "account" }, reason: `the edit points ${name}'s link or address at another organisation's domain (${moved}): whoever follows it reaches whoever holds that domain (T1656)` });
    if (PROSE_FILE.test(path)) return early;
    if (early.length > 0) return [...early, ...editWeakensCode(path, name, oldText, newText)];
  } else if (PROSE_FILE.test(path)) return [];
  return editWeakensCode(path, name, oldText, newText);
}

/** A duration as Prometheus writes it (30s, 5m, 12h, 1d), in seconds; undefined when it is not one. */
function seconds(d: string): number | undefined {
  const m = /^(\d{1,6})(ms|s|m|h|d|w)$/.exec(d.trim());
  return m === null ? undefined : Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 }[m[2] as "s"];
}

/** An alerting rule's `for:` (how long its condition must hold before it fires) made ten times longer and an hour or more: `for: 5m → 12h`. */
function alertDelayed(oldCode: string, newCode: string): string | undefined {
  // ([ \t], not \s: \s runs across lines from every line start, cubic on a text of blank lines.)
  if (!/^[ \t]*-?[ \t]*alert:/m.test(oldCode) || !/^[ \t]*-?[ \t]*alert:/m.test(newCode)) return undefined;
  const was = /^[ \t]*for:[ \t]*["']?(\w+)["']?[ \t]*$/m.exec(oldCode)?.[1];
  const now = /^[ \t]*for:[ \t]*["']?(\w+)["']?[ \t]*$/m.exec(newCode)?.[1];
  if (was === undefined || now === undefined) return undefined;
  const a = seconds(was);
  const b = seconds(now);
  return a !== undefined && b !== undefined && b >= 3600 && b >= 10 * Math.max(a, 1) ? `for: ${was} → ${now}` : undefined;
}

function editWeakensCode(path: string, name: string, oldText: string, newText: string): CodeHit[] {
  const production = PRODUCTION_PATH.test(path);
  // A protection in a production service's configuration or code guards every request and user it
  // serves: turned off there, all of them are exposed at once (the account's scope, not one file's).
  // (Not a scanner's ignore list or where alerts go: those guard no request.)
  const serviceWide: Scope = production ? "account" : "one";
  // Each text's active code (its first 16 KB, comments out) is made once and read by every check below.
  const oldCode = activeCode(oldText.slice(0, MAX_TEXT));
  const newCode = activeCode(newText.slice(0, MAX_TEXT));
  // A development or test configuration pointed at a deployed environment: what its tests and scripts do (reset, truncate, seed) lands there.
  const pointed = devPointsAtDeployed(path, oldCode, newCode);
  const pointedHit: CodeHit[] = pointed === undefined ? [] : [{ id: "code.dev-points-at-deployed", technique: "T1565.001", tactic: "Impact (TA0040)", action: { capability: "write", target: { name, production: /prod|prd/i.test(pointed) }, reversibility: "recoverable", scope: "system" }, reason: `the edit points ${name}, a development or test configuration, at ${withoutSecretValues(pointed)}: what its tests and scripts do lands there` }];
  if (TEST_FILE.test(path)) {
    const added = SKIP_MARK.exec(newText);
    // (A collection hook that skips the tests a selector picks, `if "consent" in item.nodeid`, names them by that selector.)
    const selected = added !== null ? SKIP_SELECTOR.exec(newText) : null;
    const named = added !== null && !SKIP_MARK.test(oldText) ? (SECURITY_TEST_NAME.exec(newText) ?? (SECURITY_TEST_PATH.test(path) ? [path.replace(/^.*[\/]/, "")] : null) ?? (selected !== null ? [`the tests named for ${selected[1]}`] : null)) : null;
    if (added !== null && named !== null) {
      const test = named[0].replace(/^(?:def|func|void|x?(?:it|test|describe|context|specify)(?:\.\w+)?)\s*\(?\s*["'`]?/, "").slice(0, 60);
      return [...pointedHit, { id: "code.security-test-skipped", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: "one" }, reason: `the edit skips ${test}, a test of a protection (${added[0].trim()}): what it checks can break unnoticed` }];
    }
    // Checks taken out of a test of a protection (a limit, a refusal, sign-in), none put in their place.
    const fewer = assertionsRemoved(path, oldText.slice(0, MAX_TEXT), newText.slice(0, MAX_TEXT));
    if (fewer > 0) return [...pointedHit, { id: "code.security-test-weakened", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes ${fewer === 1 ? "a check" : `${fewer} checks`} out of ${name}, a test of a protection: what ${fewer === 1 ? "it" : "they"} checked can break unnoticed` }];
    return pointedHit;
  }
  const out: CodeHit[] = [...pointedHit];
  const own = OWN_CONFIG.test(belowHome(path));
  const rule = ruleOpened(path, oldCode, newCode);
  const opened = openedToEveryone(oldCode, newCode) ?? (rule !== undefined && !rule.admits ? rule.line : undefined);
  if (rule?.admits === true) out.push({ id: "code.rule-admits", technique: "T1562.004", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit turns a rule in ${name} that refused into one that admits (${rule.line}): what it kept out gets in once applied` });
  if (opened !== undefined) out.push({ id: "code.network-opened", technique: "T1562.007", tactic: "Defense Evasion (TA0005)", action: { capability: "grant-access", target: { name, production, public: true }, reversibility: "recoverable", scope: "one" }, reason: `the edit lets every address on the internet in (${opened}): what listens behind it is open to anyone once applied` });
  const egress = opened === undefined ? egressOpened(oldCode, newCode) ?? policyAllowsAll(oldCode, newCode) : undefined;
  if (egress !== undefined) out.push({ id: "code.egress-opened", technique: "T1562.007", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit lets the workload send to every address on the internet (${egress}) where it could reach only a named range: nothing stops data leaving once applied` });
  // Dependency updates merged by a bot without their tests or a review (Renovate's ignoreTests, an
  // automerge turned on without the checks): a compromised package release lands on its own (T1195.002).
  if (/(?:^|\/)(?:renovate\.json5?|\.renovaterc(?:\.json5?)?|\.github\/renovate\.json5?|default\.json)$/.test(path) && /["']?ignoreTests["']?\s*:\s*true/.test(newCode) && !/["']?ignoreTests["']?\s*:\s*true/.test(oldCode)) out.push({ id: "code.updates-merge-untested", technique: "T1195.002", tactic: "Initial Access (TA0001)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: "one" }, reason: `the edit lets ${name}'s dependency updates merge without their tests passing (ignoreTests: true): a bad or compromised release lands with no one and nothing checking it (T1195.002)` });
  // The role every user gets by default raised to administrator (Argo CD's policy.default: role:readonly → role:admin): everyone who can sign in has full control.
  // (Only when a default and an administrator are in the new text: most edits have neither.)
  let everyoneAdmin: { key: string; was: string; value: string } | undefined;
  const raisesDefault = ({ key, last, was, value }: { key: string; last: string; was: string; value: string }): boolean => (/(?:^|\.)policy\.default$/i.test(key) || /^(?:default_?role|defaultrole|default_?policy|default_?permission|default_?access)$/i.test(last.replace(/-/g, "_"))) && /(?:^|[:\s"'])(?:admin|administrator|owner|superuser)(?:$|[\s"'])/i.test(value) && !/(?:^|[:\s"'])(?:admin|administrator|owner|superuser)(?:$|[\s"'])/i.test(was);
  if (/default/i.test(newCode) && /admin|owner|superuser/i.test(newCode)) for (const c of changedSettings(oldCode, newCode)) if (raisesDefault(c)) {
    everyoneAdmin = c;
    break;
  }
  if (everyoneAdmin !== undefined) out.push({ id: "code.default-role-admin", technique: "T1098", tactic: "Privilege Escalation (TA0004)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "account" }, reason: `the edit makes administrator the role every user gets by default (${everyoneAdmin.key}: ${everyoneAdmin.was} → ${everyoneAdmin.value}): everyone who can sign in has full control` });
  // An audit logger's level raised past what it records (planbill.audit: level INFO → CRITICAL, audit: level: off): audit events stop being written (T1562.002).
  const auditQuiet = /audit/i.test(newCode) ? /(?:^|\n)([ \t]*)[\w.-]*audit[\w.-]*:[ \t]*\n\1[ \t]+level:[ \t]*["']?(\w+)/i.exec(newCode) : null;
  const auditWas = auditQuiet !== null ? /(?:^|\n)([ \t]*)[\w.-]*audit[\w.-]*:[ \t]*\n\1[ \t]+level:[ \t]*["']?(\w+)/i.exec(oldCode) : null;
  if (auditQuiet !== null && auditWas !== null && /^(?:debug|trace|info|notice|all)$/i.test(auditWas[2]!) && /^(?:error|critical|fatal|off|none|emerg|alert)$/i.test(auditQuiet[2]!)) out.push({ id: "code.audit-logging-quieted", technique: "T1562.002", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit raises an audit logger's level from ${auditWas[2]} to ${auditQuiet[2]}: the audit events it wrote are no longer recorded (T1562.002)` });
  const delayed = alertDelayed(oldCode, newCode);
  if (delayed !== undefined) out.push({ id: "code.alert-delayed", technique: "T1562.006", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit makes an alert wait far longer before it fires (${delayed}): what it watches can be wrong that long before anyone is told` });
  const retention = retentionShortened(oldCode, newCode);
  if (retention !== undefined) out.push({ id: "code.retention-shortened", technique: "T1485", tactic: "Impact (TA0040)", action: { capability: "delete", target: { name, production }, reversibility: "irreversible", scope: "tree" }, reason: `the edit cuts how long data is kept (${retention}): the next cleanup deletes everything older, for good` });
  const destination = destinationFixed(oldText, newCode);
  if (destination !== undefined) out.push({ id: "code.payment-destination-fixed", technique: "T1657", tactic: "Impact (TA0040)", action: { capability: "spend", target: { name, production }, reversibility: "irreversible", scope: "account" }, reason: `the edit sends payments to a fixed account (${destination}): every payout goes there once deployed (T1657)` });
  const exposed = personalFieldsExposed(path, oldText, newText);
  if (exposed !== undefined) out.push({ id: "code.personal-fields-exposed", technique: "T1530", tactic: "Collection (TA0009)", action: { capability: "exfiltrate", target: { name, personal: true, public: true }, reversibility: "irreversible", scope: "account" }, reason: `the edit adds ${exposed} to what a public serializer or response returns: anyone can read every user's` });
  const inputOff = logInputsOff(path, oldCode, newCode);
  if (inputOff !== undefined) out.push({ id: "code.log-input-disabled", technique: "T1562.002", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: SECURITY_INPUT.test(inputOff) ? "system" : serviceWide }, reason: `the edit switches off ${inputOff} in ${name}: what it recorded is no longer collected (T1562.002)` });
  const nowhere = AUDIT_TO_NOWHERE.exec(newCode);
  if (nowhere !== null && !AUDIT_TO_NOWHERE.test(oldCode)) out.push({ id: "code.audit-to-nowhere", technique: "T1562.008", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit sends the audit log nowhere (${nowhere[0].trim().slice(0, 60)}): what it recorded happens unrecorded` });
  // git's hooks pointed at nothing in its configuration (hooksPath = /dev/null): the repository's pre-commit and pre-push checks (secret scans, lint) no longer run; in ~/.gitconfig, for every repository.
  if (/(?:^|[\/\\])(?:\.gitconfig|\.git[\/\\]config|gitconfig)$/i.test(path) && hooksOff(newText) && !hooksOff(oldText)) out.push({ id: "code.hooks-skipped", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: /\.gitconfig$|(?:^|[\/\\])gitconfig$/i.test(path) ? "account" : "one" }, reason: `the edit points git's hooks at nothing in ${name}: the pre-commit and pre-push checks no longer run (T1562.001)` });
  const noAlerts = ALERTS_TO_NOWHERE.exec(newCode);
  if (noAlerts !== null && !ALERTS_TO_NOWHERE.test(oldCode)) out.push({ id: "code.alerts-to-nowhere", technique: "T1562.006", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit routes alerts nowhere (${noAlerts[0].trim()}): what they warned of goes unseen` });
  const wayIn = AUTH_PATH.test(path) ? FIXED_WAY_IN.exec(newCode) ?? (HEADER_WAY_IN.test(oldCode) ? null : HEADER_WAY_IN.exec(newCode)) ?? (OR_FIXED_SECRET.test(oldCode) ? null : OR_FIXED_SECRET.exec(newCode)) ?? (OR_FIXED_COMPARE.test(oldCode) ? null : OR_FIXED_COMPARE.exec(newCode)) ?? keyedWayIn(path, oldCode, newCode) : keyedWayIn(path, oldCode, newCode);
  if (wayIn !== null && !FIXED_WAY_IN.test(oldCode)) out.push({ id: "code.fixed-way-in", technique: "T1556", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, external: true }, reversibility: "irreversible", scope: "account" }, reason: `the edit lets in whoever matches a fixed string, past the real sign-in (${wayIn[0].replace(/"[^"\n]*"|'[^'\n]*'/g, '"…"').replace(/\s+/g, " ").trim().slice(0, 70)}): a backdoor (T1556)` });
  const factor = factorLowered(oldCode, newCode);
  if (factor !== undefined) out.push({ id: "code.mfa-lowered", technique: "T1556.006", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "account" }, reason: `the edit lowers sign-in to one factor (${factor}): a stolen password is enough once it is applied (T1556.006)` });
  const widened = policyPathWidened(path, oldCode, newCode);
  if (widened !== undefined) out.push({ id: "code.policy-path-widened", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "tree" }, reason: `the edit widens what a policy grants (${widened}): everything under the shorter path is now reachable to whoever holds it` });
  const allowlist = allowlistRemoved(oldCode, newCode);
  if (allowlist !== undefined) out.push({ id: "code.allowlist-removed", technique: "T1562.007", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit removes a source allowlist (${allowlist}): what only those addresses could reach is open to any` });
  const retargeted = retargetedToProduction(path, oldCode, newCode);
  if (retargeted !== undefined) out.push({ id: "code.retargeted-to-production", technique: "T1565.001", tactic: "Impact (TA0040)", action: { capability: "write", target: { name, production: true }, reversibility: "recoverable", scope: "account" }, reason: `the edit points ${name} at production where it pointed at a test environment (${retargeted}): what the pipeline runs lands on production from its next run` });
  const unredacted = redactionNarrowed(oldCode, newCode);
  if (unredacted !== undefined) out.push({ id: "code.redaction-narrowed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit stops ${name} redacting what it did (${unredacted}): those values reach logs and screens in clear` });
  const narrowed = auditNarrowed(oldCode, newCode);
  if (narrowed !== undefined) out.push({ id: "code.audit-narrowed", technique: "T1562.008", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit records or alerts on fewer events (${narrowed}): what it drops happens unrecorded` });
  // A policy's principal made everyone (Principal = "*", "AWS": "*") where it named one: whatever it allows, anyone on the internet may do.
  const everyonePrincipal = /\bprincipals?\s*[=:]\s*\{?\s*(?:"?AWS"?\s*[=:]\s*)?\[?\s*"\*"|"AWS"\s*:\s*\[?\s*"\*"/i;
  const openedToAll = own ? undefined : everyonePrincipal.test(newCode) && !everyonePrincipal.test(oldCode) ? "a policy's principal set to \"*\", everyone" : undefined;
  if (openedToAll !== undefined) out.push({ id: "code.opened-to-everyone", technique: "T1530", tactic: "Collection (TA0009)", action: { capability: "grant-access", target: { name, production: production || productionNamed(path), public: true, external: true }, reversibility: "recoverable", scope: "account" }, reason: `the edit to ${name} opens it to everyone (${openedToAll}): anyone on the internet reaches what it guards once applied` });
  const setting = own ? undefined : weakenedSetting(path, oldText, newText);
  if (setting?.kind === "protection") {
    out.push({ id: "code.protection-setting-weakened", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit weakens a protection in ${name} (${setting.shown.slice(0, 80)}): what it guarded is open while it stays so` });
  } else if (setting?.kind === "permission") {
    out.push({ id: "code.permission-widened", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit gives a role more in ${name} (${setting.shown.slice(0, 80)}): everyone with that role can do it once deployed` });
  } else if (setting?.kind === "public-data") {
    // (What the store holds is read by anyone from then on, and copies made then cannot be called back.)
    out.push({ id: "code.made-public", technique: "T1530", tactic: "Collection (TA0009)", action: { capability: "grant-access", target: { name, production: production || productionNamed(newCode.slice(0, 4096)), public: true, external: true }, reversibility: "irreversible", scope: "account" }, reason: `the edit makes a store in ${name} readable by anyone (${setting.shown.slice(0, 80)}): what it holds can be read and copied by anyone once applied` });
  } else if (setting?.kind === "public-network") {
    out.push({ id: "code.network-opened", technique: "T1562.007", tactic: "Defense Evasion (TA0005)", action: { capability: "grant-access", target: { name, production, public: true }, reversibility: "recoverable", scope: "one" }, reason: `the edit gives a database or service in ${name} a public address (${setting.shown.slice(0, 80)}): anyone on the internet can reach it once applied` });
  } else if (setting?.kind === "rollout") {
    out.push({ id: "code.rollout-widened", technique: "T1072", tactic: "Execution (TA0002)", action: { capability: "execute", target: { name, production: true }, reversibility: "recoverable", scope: "system" }, reason: `the edit sends a rollout to every device or to production (${setting.shown.slice(0, 80)}): all of them take it when the change is applied` });
  }
  // A schema deploy told it may lose data (SqlPackage's BlockOnPossibleDataLoss=False or DropObjectsNotInSource=True, Prisma's --accept-data-loss):
  // the next deploy drops the columns, tables or objects the model no longer has, with their rows (T1485).
  // (Where it deploys somewhere that matters: a CI or deploy file, a publish profile, or production named; prisma db push
  // --accept-data-loss on a development database goes when it is run, impact.ts, and so here.)
  const dataLoss = DATA_LOSS_ALLOWED.exec(newCode);
  const deploys = production || CI_FILE.test(path) || /(?:deploy|publish|release)[^/]*$|\.publish\.xml$|\.sqlproj$/i.test(path);
  if (dataLoss !== null && deploys && !DATA_LOSS_ALLOWED.test(oldCode)) out.push({ id: "code.data-loss-allowed", technique: "T1485", tactic: "Impact (TA0040)", action: { capability: "delete", target: { name, production }, reversibility: "irreversible", scope: "tree" }, reason: `the edit to ${name} lets the schema deploy lose data (${dataLoss[0].replace(/\s+/g, " ")}): the next deploy drops what the model no longer has, with its rows (T1485)` });
  const vault = vaultPolicyWidened(path, oldCode, newCode);
  if (vault !== undefined) out.push({ id: "code.vault-policy-widened", technique: "T1098", tactic: "Privilege Escalation (TA0004)", action: { capability: "grant-access", target: { name: `${name} ${vault.path}`, production: vault.production }, reversibility: "recoverable", scope: "tree" }, reason: `the edit to ${name} gives its holders ${vault.capabilities} on ${vault.path}${vault.production ? ", production's secrets" : ", every secret under it"}: whoever holds the policy reads them once it is applied (T1098)` });
  const gate = ciGateDropped(path, oldCode, newCode);
  if (gate !== undefined) out.push({ id: "code.ci-gate-dropped", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, pathClass: "project" }, reversibility: "recoverable", scope: "one" }, reason: `the edit to ${name} means ${gate}: what ships is no longer checked by it` });
  const unmasked = maskRemoved(oldCode, newCode);
  if (unmasked !== undefined) out.push({ id: "code.identifier-unmasked", technique: "T1530", tactic: "Collection (TA0009)", action: { capability: "write", target: { name, personal: true }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes away the hash or mask on ${unmasked}: people's identifiers are kept or shown in the clear` });
  const granted = setting?.kind === "permission" ? [] : permissionsAdded(path, oldCode, newCode);
  if (granted.length > 0) out.push({ id: "code.permission-widened", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit gives a role ${granted.slice(0, 3).join(", ")} in ${name}: everyone with that role can do it once deployed` });
  const escalated = containerEscalated(oldCode, newCode);
  if (escalated !== undefined) out.push({ id: "code.container-escalated", technique: "T1611", tactic: "Privilege Escalation (TA0004)", action: { capability: "escalate", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit lets the container reach its host (${escalated.slice(0, 60)}): whatever runs in it can take the node` });
  const sudo = SUDO_EVERYTHING.exec(newCode);
  if (sudo !== null && !oldCode.includes(sudo[0].trim())) out.push({ id: "code.sudo-everything", technique: "T1548.003", tactic: "Privilege Escalation (TA0004)", action: { capability: "escalate", target: { name, production }, reversibility: "recoverable", scope: "system" }, reason: `the edit gives a sudo rule every command or no password (${sudo[0].trim().slice(0, 60)}): whoever it names is root` });
  // A collaborator or member given admin or owner ({username: x, permission: admin}).
  const adminRole = /^[ \t]*-?[ \t]*(?:permission|role|access_?level)[ \t]*:[ \t]*["']?(?:admin|owner|maintain)["']?[ \t]*$/gim;
  const roleGiven = (newCode.match(adminRole)?.length ?? 0) > (oldCode.match(adminRole)?.length ?? 0) && /\b(?:collaborators|members|users|teams)\s*:/i.test(newCode);
  if (roleGiven) out.push({ id: "code.admin-added", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "account" }, reason: `the edit gives someone admin or owner in ${name}: full control of what it configures once applied` });
  out.push(...scannerIgnoreWidened(path, oldText, newText));
  // A dependency from a repository or URL rather than the registry: whoever can push to it ships code
  // that runs in the app and on every machine that installs it, with no release or review (T1195.001).
  const sourced = dependenciesFromSource(path, oldText, newText);
  if (sourced.length > 0) out.push({ id: "code.dependency-from-source", technique: "T1195.001", tactic: "Initial Access (TA0001)", action: { capability: "execute", target: { name: sourced[0]!, external: true }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes a dependency from ${sourced.slice(0, 2).join(", ")}, not the package registry: whatever is pushed there runs in the app and wherever it is installed (T1195.001)` });
  const admins = adminsAdded(oldCode, newCode);
  // (In a settings or mapping file; in source code a quoted 'admin' is a route or a role checked, not a list of members.)
  const adminGroup = admins.length === 0 && !SOURCE_CODE_FILE.test(path) ? adminGroupAdded(oldCode, newCode) : undefined;
  if (adminGroup !== undefined) out.push({ id: "code.admin-group-mapped", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit adds ${adminGroup} to a list in ${name} that already named others: whoever the list maps holds an administrators' group from then on` });
  const gains = admins.length === 0 ? accessListGains(oldCode, newCode) : undefined;
  if (gains !== undefined) out.push({ id: "code.access-list-widened", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: gains.everyone ? "tree" : "one" }, reason: gains.everyone ? `the edit adds ${gains.who} to an access list in ${name}: everyone in it gets that access once applied` : `the edit adds ${gains.who}, an AI agent's own account, to an access list in ${name}: the agent gives itself that access once applied` });
  if (admins.length > 0) out.push({ id: "code.admin-added", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit adds ${admins.slice(0, 2).join(", ")} to the administrators listed in ${name}: full control wherever it is applied` });
  const tag = MASKING_TAG.exec(oldCode);
  if (tag !== null && !MASKING_TAG.test(newCode)) out.push({ id: "code.identifier-unmasked", technique: "T1530", tactic: "Collection (TA0009)", action: { capability: "write", target: { name, personal: true }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes the data-protection tag off a column (${tag[0].trim().replace(/\s*:.*$/, "")}): whoever can query it sees the values in the clear` });
  const limit = moneyLimitRaised(oldCode, newCode);
  if (limit !== undefined) out.push({ id: "code.money-limit-raised", technique: "T1657", tactic: "Impact (TA0040)", action: { capability: "spend", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit raises a limit on money paid without a person tenfold or more (${limit}): that much goes out unchecked once deployed` });
  const shortCut = shortCircuited(oldCode, newCode);
  if (shortCut !== undefined) {
    out.push({ id: "code.check-short-circuited", technique: "T1556", tactic: "Credential Access (TA0006)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit makes ${shortCut} return success before its real check: whoever meets the new condition is let in without the password or signature` });
  }
  // A refusal taken out of code that guards sign-in or access (return 401, raise PermissionDenied,
  // abort(403), raise InvalidSignature): what it refused now goes through. (A raise the edit turns
  // into a log line is taken out all the same: the mismatch is written down and let in.)
  // (A 400 that takes a raise's place still refuses: Stripe's webhook example answers a bad signature so.)
  const oldRaises = oldCode.match(SECURITY_RAISE) ?? [];
  const refusals = (code: string, raises: number) => (code.match(REFUSAL)?.length ?? 0) + raises;
  const badRequests = (code: string) => code.match(BAD_REQUEST)?.length ?? 0;
  const refusalRemoved = (AUTH_PATH.test(path) || /\b(?:auth\w*|session|login|token|permission|role|signature|verify\w*|fraud)\b/i.test(oldText)) && refusals(newCode, newCode.match(SECURITY_RAISE)?.length ?? 0) + Math.max(0, badRequests(newCode) - badRequests(oldCode)) < refusals(oldCode, oldRaises.length);
  const removed = [...removedCheckNames(oldCode, newCode), ...(refusalRemoved ? ["its refusal of unauthenticated or forbidden requests"] : [])];
  const signatureOff = SIGNATURE_OFF.exec(newCode);
  if (removed.length > 0 || (signatureOff !== null && !SIGNATURE_OFF.test(oldCode))) {
    const what = removed.length > 0 ? `no longer makes ${removed.slice(0, 2).join(", ")}` : `turns a token check off (${signatureOff![0].trim()})`;
    // A signature that is no longer enforced (a SAML assertion's, a JWT's, a webhook's) lets anyone
    // forge one: every account it signs in is open at once, not one service's requests.
    // (A signature check's call taken out — jwt.verify made jwt.decode, construct_event made json.loads — or its raise, or the library told not to verify.)
    // (Only in code that serves requests: a script or notebook that decodes a token to look at it signs no one in.)
    const forged = !TOOLING_PATH.test(path) && ((SIGNATURE_CONTEXT.test(`${path}\n${oldCode}`) && (removed.some((r) => /verif|signature|construct_?event/i.test(r)) || (refusalRemoved && oldRaises.some((r) => /signature|assertion|token|jwt|saml/i.test(r))))) || (signatureOff !== null && /verify_signature|algorithms/i.test(signatureOff[0])));
    out.push({ id: "code.check-removed", technique: "T1556", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: forged ? "system" : serviceWide }, reason: `the edit to ${name} ${what}: requests that check refused now go through${forged ? ", and a forged signature signs anyone in" : ""}` });
  }
  // A refusal narrowed to let one caller-chosen case through: a way around the check (T1556).
  const narrowedBy = refusalNarrowed(path, oldCode, newCode);
  if (narrowedBy !== undefined) out.push({ id: "code.refusal-narrowed", technique: "T1556", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, external: true }, reversibility: "irreversible", scope: "account" }, reason: `the edit stops ${name} refusing a request when ${narrowedBy}: whoever meets that case passes the check, a way around it (T1556)` });
  // A query's tenant or owner filter taken away: each tenant's users read every tenant's rows.
  const isolation = isolationRemoved(oldCode, newCode);
  if (isolation !== undefined) out.push({ id: "code.isolation-removed", technique: "T1530", tactic: "Collection (TA0009)", action: { capability: "impair-defences", target: { name, production, personal: true }, reversibility: "recoverable", scope: "system" }, reason: `the edit takes the tenant or owner filter off a query in ${name} (${isolation}): every tenant's rows reach whoever asks` });
  // (Not in a developer's own configuration, as weakenedSetting is not.)
  const roleWidened = own || setting?.kind === "permission" || granted.length > 0 ? undefined : roleValueWidened(path, oldCode, newCode) ?? wildcardGranted(oldCode, newCode);
  if (roleWidened !== undefined) out.push({ id: "code.permission-widened", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit widens a role to everything in ${name} (${roleWidened}): everyone with that role reaches all of it once deployed` });
  const rbac = own ? undefined : rbacWidened(path, oldCode, newCode);
  if (rbac !== undefined) out.push({ id: "code.permission-widened", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit lets a Kubernetes role ${rbac} in ${name}: every workload bound to it can once applied` });
  const csp = own ? undefined : cspLoosened(oldCode, newCode);
  if (csp !== undefined) out.push({ id: "code.csp-loosened", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: serviceWide }, reason: `the edit lets scripts run from ${csp} under ${name}'s content security policy: an injected script is no longer stopped` });
  // An SSH key added where it lets its holder log in (an authorized_keys file a role deploys, cloud-init's ssh_authorized_keys): persistence (T1098.004).
  const keys = sshKeysAdded(path, oldText.slice(0, MAX_TEXT), newText.slice(0, MAX_TEXT));
  if (keys.length > 0) out.push({ id: "code.ssh-key-added", technique: "T1098.004", tactic: "Persistence (TA0003)", action: { capability: "persist", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit adds ${keys.length === 1 ? "an SSH key" : `${keys.length} SSH keys`} (${keys.slice(0, 2).join(", ")}) to ${name}, which lets ${keys.length === 1 ? "its holder" : "their holders"} log in wherever it is deployed (T1098.004)` });
  // A security policy set to watch instead of block: what it stopped goes through, logged at most (T1562.001).
  const relaxed = enforcementRelaxed(path, oldCode, newCode);
  if (relaxed !== undefined) out.push({ id: "code.enforcement-relaxed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: relaxed.identity ? "system" : serviceWide }, reason: `the edit stops ${name} enforcing (${relaxed.shown}): what it blocked now goes through${relaxed.identity ? " for every user it covers" : ""}` });
  // A resource's guard against being destroyed taken out of infrastructure code (prevent_destroy, deletion_protection
  // set true before and gone now): the next plan that replaces or removes it goes ahead (T1485). (Set false, source-file.ts says so.)
  const guard = /\.(?:tf|tf\.json|hcl)$/.test(path) ? DESTROY_GUARD.exec(oldCode) : null;
  if (guard !== null && !DESTROY_GUARD.test(newCode)) out.push({ id: "code.deletion-protection-removed", technique: "T1485", tactic: "Impact (TA0040)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes ${guard[0].replace(/\s+/g, " ")} out of ${name}: the next apply may destroy what it kept` });
  // Backups' protection cut (immutability, object lock, restore points kept): ransomware or a mistake can delete them (T1490).
  const unprotected = protectionPeriodCut(path, oldCode, newCode);
  if (unprotected !== undefined) out.push({ id: "code.backup-protection-cut", technique: "T1490", tactic: "Impact (TA0040)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "system" }, reason: `the edit cuts the protection of backups in ${name} (${unprotected}): the copies a restore needs can be deleted or changed (T1490)` });
  // A key or certificate added to a list of trusted ones (update signing keys, pinned or root certificates): whoever holds it is trusted as the vendor (T1553).
  const trusted = trustedKeyAdded(oldCode, newCode);
  // (Keys that sign what every device or client installs, updates, firmware, releases, or a root, are trusted everywhere it ships; a pin or a fingerprint, by the one client that checks it.)
  // (The entry is never quoted: it may be a key's value.)
  const signs = trusted !== undefined && /sign|release|ota|update|firmware/i.test(`${path} ${trusted.list}`);
  if (trusted !== undefined) out.push({ id: "code.trusted-key-added", technique: "T1553", tactic: "Defense Evasion (TA0005)", action: { capability: "grant-access", target: { name, external: true, production }, reversibility: signs ? "irreversible" : "recoverable", scope: signs ? "system" : "one" }, reason: `the edit adds an entry to ${trusted.list} in ${name}, a list of trusted keys or certificates: whatever it signs is accepted as genuine${signs ? " by everything that installs it" : ""} once shipped (T1553)` });
  // SSH told to trust any host key (StrictHostKeyChecking=no, UserKnownHostsFile=/dev/null): a machine in the middle is trusted as the server (T1557).
  const hostKeys = /StrictHostKeyChecking[=\s]+(?:no|off)\b|UserKnownHostsFile[=\s]+\/dev\/null\b|host_key_checking\s*[:=]\s*(?:false|no|off)\b/i;
  const trustsAny = hostKeys.exec(newCode);
  if (trustsAny !== null && !own && !/vagrant/i.test(`${path}\n${newCode}`) && !hostKeys.test(oldCode)) out.push({ id: "code.host-key-checking-off", technique: "T1557", tactic: "Credential Access (TA0006)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the edit turns SSH host key checking off in ${name} (${trustsAny[0].trim()}): a machine in the middle is trusted as the server` });
  return out;
}
