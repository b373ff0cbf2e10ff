// Tool calls judged by meaning: the tool's name split into a verb and an object
// (delete_project → delete + project, PaymentsSendMoney → send + payments money, DoorLockAddUser →
// add + door lock user, mcp__github__delete_repository → delete + github repository), and its
// arguments read for production, public visibility, external recipients, amounts and wildcard
// scopes. MCP tool annotations may only raise the risk of a call they describe as destructive.
import type { Action, Capability, Reversibility, Scope, Target } from "./model.js";
import { BACKUP_NAME, classifyPath, DOTENV, hostOf, isExternalHost, retentionCut, SECURITY_LOG_NAME, TEST_ENVIRONMENT_NAME, testEnvironmentNamed } from "./paths.js";
import { BANK_KEY, NEGATED_KEY, outsideScriptAdded, PROTECTION_KEY } from "./edit-weakens.js";
import { RULES_OPEN } from "./source-file.js";
import { CONTENT_KEY } from "./ci-config.js";
import { credentialLure, verificationWaived } from "./published-text.js";
import { credentialValueIn } from "../validators.js";

export interface ToolAnnotations {
  readonly destructiveHint?: boolean;
  readonly readOnlyHint?: boolean;
  readonly openWorldHint?: boolean;
  readonly idempotentHint?: boolean;
}

/** A shell command read as the tool call it makes (http-call.ts, cli-call.ts), judged by readToolCall. */
export interface CommandCall {
  /** The tool name it reads as (update_erp_acme_bank_details, adjust_billing_cli). */
  readonly tool: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** How a reason shows the command in place of that name: `PATCH https://erp.acme.example/…/bank-details`, `billing-cli adjust`. Never a query, a credential or an id. */
  readonly shown: string;
  /** The prefix of its findings' ids in place of `tool.`: http, cli. */
  readonly kind: "http" | "cli";
}

export interface ToolReading {
  readonly verb?: string;
  readonly object: readonly string[];
  readonly actions: readonly Action[];
  readonly hits: ReadonlyArray<{ readonly id: string; readonly action: Action; readonly reason: string }>;
}

/** Split a tool name into lower-case words: snake, kebab, dots, camel and Pascal case, MCP prefixes. */
export function toolWords(name: string): string[] {
  const bare = name.replace(/^mcp__/, "").replace(/__/g, "_");
  return bare
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z\d]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export type VerbClass = "delete" | "trash" | "spend-or-send" | "grant" | "revoke" | "deploy" | "publish" | "write" | "read" | "execute" | "disable" | "unlock" | "control";

const VERBS: ReadonlyMap<string, VerbClass> = new Map([
  ...["delete", "remove", "destroy", "drop", "purge", "erase", "wipe", "truncate", "clear", "empty", "terminate", "kill", "uninstall", "deprovision", "decommission", "rm", "del", "nuke", "reset", "overwrite", "format", "discard", "expunge", "flushdb", "flushall"].map((v) => [v, "delete"] as const),
  ...["trash", "archive", "cancel", "close", "unpublish", "unsubscribe", "deactivate"].map((v) => [v, "trash"] as const),
  ...["send", "transfer", "pay", "payout", "withdraw", "buy", "purchase", "order", "trade", "sell", "charge", "donate", "tip", "deposit", "wire", "refund", "checkout", "book", "place", "swap", "stake", "borrow", "lend", "invest", "forward", "reply", "email", "message", "sms", "text", "call", "dial", "notify", "invite", "venmo", "zelle", "disburse", "remit", "transmit", "credit"].map((v) => [v, "spend-or-send"] as const),
  ...["grant", "share", "add", "authorize", "allow", "give", "assign", "attach", "bind", "approve", "whitelist", "allowlist", "elevate", "promote", "enroll", "register"].map((v) => [v, "grant"] as const),
  ...["revoke", "ban", "block", "suspend", "kick", "demote", "lock"].map((v) => [v, "revoke"] as const),
  ...["deploy", "release", "rollout", "roll", "launch", "ship", "apply", "provision", "scale", "restart", "rollback", "migrate", "merge", "push", "upgrade", "reboot", "shutdown", "stop", "start", "pause", "reload", "redeploy", "bounce", "drain", "cordon", "failover"].map((v) => [v, "deploy"] as const),
  ...["publish", "post", "tweet", "retweet", "comment", "broadcast", "announce", "upload"].map((v) => [v, "publish"] as const),
  ...["sign", "update", "edit", "set", "modify", "change", "patch", "configure", "write", "create", "rename", "move", "put", "save", "manage", "replace", "mount", "insert", "upsert", "append", "schedule", "import", "sync", "install", "make", "generate", "submit", "file", "commit", "mark", "tag", "label", "issue", "copy", "duplicate", "clone", "bump", "paste", "export", "rotate", "regenerate", "shift", "sweep", "prescribe", "administer"].map((v) => [v, "write"] as const),
  ...["get", "list", "search", "read", "fetch", "find", "view", "show", "reveal", "unmask", "decrypt", "log", "logs", "describe", "download", "check", "lookup", "retrieve", "query", "browse", "inspect", "status", "count", "analyze", "summarize", "preview", "compare", "estimate", "quote", "verify", "validate", "watch", "track", "scan", "explore", "load", "test", "ping", "diff"].map((v) => [v, "read"] as const),
  ...["execute", "run", "exec", "eval", "evaluate", "shell", "terminal", "invoke", "script", "bash", "spawn", "pipe"].map((v) => [v, "execute"] as const),
  ...["disable", "disconnect", "disarm", "mute", "suppress", "bypass", "silence", "snooze", "dismiss", "override", "ignore", "turn", "unprotect", "unset", "lift", "unschedule"].map((v) => [v, "disable"] as const),
  ...["unlock", "open"].map((v) => [v, "unlock"] as const),
  ...["control", "operate", "toggle", "flip", "adjust", "dispatch", "navigate", "redirect", "reroute", "switch", "increase", "decrease", "raise", "lower"].map((v) => [v, "control"] as const),
]);

const MONEY = /^(payments?|money|funds?|transfers?|bank|banking|ach|nacha|sepa|wires?|disbursements?|remittances?|ledgers?|escrow|invoices?|orders?|trades?|stocks?|shares|crypto|bitcoin|btc|eth|wallet|cards?|payout|refunds?|balance|checkout|purchase|cash|venmo|paypal|stripe|binance|coinbase|brokerage|securities|options|positions?|forex|loan|mortgage|donation|subscription|billing|tokens?|payroll|bonus|bonuses|salary|salaries|wages|transaction|transactions|investment|investments|portfolio|holdings)$/;
/** Money words that name a document about money, not money moved. */
const MONEY_DOCUMENT = /^(invoices?|quotes?|estimates?|receipts?|statements?|bills?)$/;
const MESSAGE = /^(emails?|mail|messages?|messaging|sms|texts?|chat|inbox|dm|tweets?|posts?|comments?|notifications?|slack|gmail|twilio|whatsapp|telegram|discord|teams|sendgrid|mailchimp|newsletters?|campaigns?)$/;
const ACCESS = /^(users?|members?|collaborators?|guests?|permissions?|roles?|access|keys?|ssh|tokens?|policy|policies|acl|invites?|admins?|owners?|sharing|credentials?|passwords?|secrets?|apikey|grants?|group|groups)$/;
/** Identity providers: a policy of theirs deactivated is a sign-in protection off. */
const IDENTITY_PROVIDER = /^(okta|entra|azuread|aad|msgraph|auth0|onelogin|duo|keycloak|jumpcloud|pingidentity|pingone|pingfederate|cognito|conditionalaccess)$/;
const SECURITY = /^(alarm|alarms|security|dlp|clouddlp|semgrep|gitleaks|trufflehog|snyk|codeql|trivy|secretscanning|anticheat|sentinelone|sentinel|carbonblack|sophos|wazuh|osquery|passcodes?|scrubbing|scrubber|scrubbers|redaction|masking|signature|signatures|auth|authentication|authorization|authz|sso|saml|captcha|recaptcha|sanitizer|sanitization|lockout|fraud|camera|cameras|firewall|ssl|tls|csrf|hsts|verification|mfa|2fa|twofactor|factors?|authenticators?|otp|audit|auditing|logging|logs?|trail|trails|cloudtrail|guardduty|siem|waf|monitoring|monitor|monitors|alerts?|protection|antivirus|defender|guardrails?|protections?|lock|locks|smoke|detector|detectors|sensor|sensors|safety|encryption|backup|backups|integrity|checkdb|pagerduty|opsgenie|alerting|alertmanager|oncall|selinux|apparmor|gatekeeper|edr|xdr|crowdstrike|falcon|enforcement|auditd|auditbeat|sysmon|fail2ban|firewalld|ufw|clamav|clamd|osqueryd|falco|tetragon|tracee|suricata|zeek|snort|ossec|aide|rkhunter|conflict|conflicts|ethical|compliance|kyc|aml|sanctions)$/;
/** What keeps the record of what happened: turned off, what happens meanwhile is never recorded. */
const RECORD_KEEPING = /^(audit|auditing|logging|logs?|trail|trails|cloudtrail|siem|monitoring)$/;
/** What names a whole organisation by itself: a protection turned off across it is off for everyone. */
const WHOLE_ORGANISATION = /^(org|orgs|organi[sz]ations?|tenant|tenants|enterprise|companywide|company-wide|org-wide|organization-wide|organisation-wide|domain-wide|tenant-wide|enterprise-wide|fleet-wide|fleet|everyone|everybody)$/;
/** The same, and what holds every account of one when the call says it reaches all of it (a company, a workspace, a domain, every endpoint). */
const ORGANISATION = new RegExp(`${WHOLE_ORGANISATION.source.slice(0, -2)}|company|workspace|domain|endpoints|devices|machines|hosts|servers|laptops|macs|workstations|computers)$`);
/** Whether the arguments name the organisation the call acts in ({org: "acme", repo: "*"}: every repository of it). */
const orgArgument = (args: unknown): boolean => isRecord(args) && Object.keys(args).some((k) => /^(org|organi[sz]ation|org_?(id|name)|organi[sz]ation_?(id|name)|tenant(_?id)?|enterprise)$/i.test(k));
/**
 * Nouns after a protection's or a record's name ("audit", "security", "log") that name something
 * else: "the audit warning", "log statements". Not its checks or jobs: those are how it works.
 */
const NOT_THE_CONTROL = /^(warnings?|findings?|reports?|results?|issues?|vulnerabilit(y|ies)|fix|fixes|errors?|messages?|statements?|lines?|levels?|format|calls?|output|noise|spam|dependenc(y|ies)|packages?|comments?|tests?)$/;
/** Nouns that say the call deletes (schedule_key_deletion, create_deletion_request). */
const DELETE_NOUN = /^(deletion|deletions|removal|destruction|termination|purge|wipe|erasure)$/;
/** Nouns that say the call gives access (create_role_assignment, acl_insert, create_item_share). */
const GRANT_NOUN = /^(share|shares|permission|permissions|assignment|assignments|binding|bindings|rolebinding|acl|acls|membership|memberships|grant|grants|collaborator|collaborators|delegate|delegates|delegation|delegations|invitation|invitations|login)$/;
/** A tool that does what an argument names (call_service {service: "unlock"}, run_action {action: "delete"}). */
const DISPATCH_OBJECT = /^(service|services|action|actions|command|commands|operation|operations|method|methods)$/;
const DISPATCH_KEYS = /^(service|action|command|operation|method|operation_?id|action_?type|operation_?type|action_?name|op)$/i;
/** Password managers and secret stores: what they hold is credentials. */
const SECRET_STORE = /^(1password|onepassword|bitwarden|lastpass|keeper|dashlane|vault|keychain|keyvault|secretsmanager|secrets?|passwords?|credentials?)$/;
/** Grants of full control written as data: a Kubernetes binding to cluster-admin, a cloud owner or administrator role. */
const ADMIN_GRANT = /path\s+"\*"\s*\{[^}]{0,200}\bsudo\b|\bcluster-admin\b|\bsystem:masters\b|\broles\/(?:owner|editor|iam\.securityAdmin|resourcemanager\.organizationAdmin)\b|\bAdministratorAccess\b|\bIAMFullAccess\b|"Action"\s*:\s*(?:\[\s*)?"\*"|\b(?:62e90394-69f5-4237-9190-012177145e10|8e3af657-a8ff-443c-a75c-2fe8c4bcb635|18d7d88d-d35e-4fb5-a5c3-7773c20a72d9)\b/;
/** A message that reaches everyone in a channel or server. */
const BROADCAST = /<!(?:channel|here|everyone)(?:\|[^>]{0,64})?>|(?:^|\s)@(?:everyone|here|channel|all)\b/;
/** People's fields as a call names them, as keys or as values (a mapping of email to email). */
const PERSONAL_FIELD_NAME = /^(?:e_?mail|email_?address|phone|phone_?number|mobile|full_?name|first_?name|last_?name|(?:card_?)?holder_?name|home_?(?:stop|station|location)|address|street_?address|home_?address|postcode|zip|dob|date_?of_?birth|birth_?date|ssn|national_?id|tax_?id|card_?number|iban|ip_?address|ni_?number|nino|national_?insurance(?:_?number)?|sin|social_?security_?number|passport_?(?:number|no)|sort_?code|account_?number|bank_?account(?:_?number)?|routing_?number|salary|medical_?record_?number|mrn)$/i;
/** Keys whose value is where a sync, an export or a webhook sends what it selects. */
const DESTINATION_URL_KEY = /^(?:url|uri|endpoint|webhook(?:_?url)?|destination(?:_?url)?|target(?:_?url)?|callback(?:_?url)?|post_?url)$/i;

/** Tabular and record data: what a table or an export is written as. */
const TABLE_FILE = /\.(?:jsonl|ndjson|csv|tsv|parquet|arrow|avro|xlsx?|sql|db|sqlite|dump)(?:\.gz|\.zst|\.bz2)?$/i;
/** Records of what people wrote or did: support tickets, chats, messages, calls, CRM exports. */
const PEOPLE_DATA = /(?:tickets?|support|crm|chats?|conversations?|messages?|emails?|calls?|transcripts?|reviews?|orders?|patients?|claims?)[^/\\]*$/i;
/** File names that hold people's data or a whole store's. */
const DATA_FILE = /(customer|client|user|member|patient|employee|staff|payroll|salar|ssn|contact|lead|subscriber|account|export|dump|backup)[^/\\]*$|\.(?:sql|db|sqlite|bak|dump)$|(?:^|[/\\_-])(?:profiles|census|cohort|claimants?|applicants|candidates|students|citizens|voters|donors|passengers|policyholders|borrowers|cardholders)[^/\\]*\.(?:csv|tsv|xlsx?|parquet|jsonl?|ndjson|zip|tgz|7z|avro)(?:\.(?:gz|zst|bz2|xz))?$|(?:^|[/\\])(?:exports?|dumps?|backups?|extracts?)[/\\](?:[^/\\]+[/\\])*[^/\\]+\.(?:csv|tsv|xlsx?|parquet|jsonl?|ndjson|zip|tgz|7z|avro)(?:\.(?:gz|zst|bz2|xz))?$/i;
const STORE = /^(repo|repos|repository|repositories|projects?|database|databases|db|tables?|buckets?|volumes?|disks?|instances?|clusters?|servers?|vms?|namespaces?|indexes?|collections?|accounts?|workspaces?|channels?|folders?|directories|drives?|files?|documents?|records?|notes?|tasks?|events?|contacts?|customers?|patients?|branches|snapshots?|datasets?|models?|deployments?|services?|domains?|zones?|dns|certificates?|secrets?|queues?|topics?|streams?|sites?|pages?|apps?|applications?|environments?|pipelines?)$/;
const PHYSICAL = /^(dose|doses|dosage|prescription|prescriptions|door|doors|lock|locks|garage|gate|thermostat|heating|oven|ovens|stove|stoves|stovetop|cooktop|hob|burner|burners|fireplace|grill|furnace|boiler|heater|heaters|robot|vehicle|car|drone|traffic|valve|pump|medication|medications|dispatch|emergency|insulin|ventilator|elevator)$/;
const PUBLISH_PLACE = /^(twitter|tweet|tweets|facebook|instagram|linkedin|reddit|mastodon|social|public|blog|forum|youtube|tiktok|gist|pastebin|medium|npm|pypi|registry|marketplace|store)$/;
/** What "post" publishes when it names it: a post, a status, an article. `http_post` sends a request. */
const POSTABLE = /^(post|posts|status|statuses|update|article|story|stories|thread|photo|video|review|listing|ad)$/;

const PRODUCTION = /(^|[^a-z0-9])(prod|production|prd|live)([^a-z]|$)/i;
/** How much of a call's arguments, as JSON, the readings below look at. */
const MAX_ARGS_SCANNED = 64 * 1024;
/** An assignment to every managed device or user (Intune's allDevicesAssignmentTarget, a target of "all"). */
const EVERY_DEVICE = /allDevicesAssignmentTarget|allLicensedUsersAssignmentTarget|"all_?devices"\s*:\s*true|"(?:target|targets|target_?group|assignment)"\s*:\s*"(?:all(?: devices| computers| endpoints)?|\*)"/i;
const RUNS_AS_SYSTEM = /"run_?as(?:_?account)?"\s*:\s*"(?:system|root)"/i;
/** Findings a rule archives or suppresses (GuardDuty's Action ARCHIVE, Security Hub's workflow status SUPPRESSED). */
const FINDINGS_SUPPRESSED = /"action"\s*:\s*"(?:ARCHIVE|SUPPRESS\w*|DISMISS\w*)"|"(?:workflow_?status|status|state)"\s*:\s*"(?:SUPPRESSED|DISMISSED)"/i;
/** Criteria that take every finding: severity from 0 or 1 up, or none at all. */
const EVERY_SEVERITY = /"severity"\s*:\s*\{\s*"(?:gte?|Gte?|GreaterThanOrEqual)"\s*:\s*[0-1](?:\.\d+)?\s*\}|"(?:finding_?criteria|criteria)"\s*:\s*\{\s*\}/i;
const PRODUCTION_KEYS = /^(env|environment|stage|tier|target|cluster|namespace|project|database|db|dbname|host|hostname|server|context|workspace|account|branch|name|url|uri|connection|dsn|app|service|deployment|region)$/i;
const GRANTEE_KEYS = /^(type|grantee|grantee_type|granteetype|member|members|principal|principals|audience)$/i;
const PUBLIC_PRINCIPAL = /"Principal"\s*:\s*(?:"\*"|\{\s*"AWS"\s*:\s*(?:"\*"|\[\s*"\*"\s*\])\s*\})|\b(?:allUsers|allAuthenticatedUsers)\b|acs\.amazonaws\.com\/groups\/global\/AllUsers/;
/** A line of YAML, TOML or JSON that places what it describes in production: `namespace: production`, `"environment": "prod"`. */
const MANIFEST_PRODUCTION = /^[ \t-]*["']?(?:namespace|environment|env|cluster|context|stage|kube_?context)["']?[ \t]*[:=][ \t]*["']?(?:prod|production|prd|live)(?:[-_][\w-]*)?["']?[ \t]*,?[ \t]*$/im;
const VISIBILITY_KEYS = /^(visibility|default_?security|requested_?visibility|link_?visibility|privacy|access|access_level|accesslevel|acl|sharing|share_level|sharinglevel|permission|audience|scope|public|is_public|ispublic|private|is_private)$/i;
const RECIPIENT_KEYS = /^(to|cc|bcc|recipient|recipients|email|emails|email_address|phone|phone_number|number|attendees|invitees|share_with|sharewith|user|username|user_email|guest|guests|guest_?email|invitee_?email|member|members|member_?email|collaborator|payee|beneficiary|receiver|destination|address|account|to_account|recipient_account|target_account|channel|chat_id|handle)$/i;
const AMOUNT_KEYS = /^(amount|value|quantity|qty|price|total|sum|shares|units|volume|size|notional|budget|limit|deposit)$/i;
const WILDCARD = /^(\*|%|all|everything|any|\.\*|\/\*|\*\/\*|\*\*)$|(^|[/:])\*$/i;
/** Keys whose value is a secret: never read for scope, never shown in a reason. */
const SECRET_KEY_NAME = /(?:secret|password|passwd|passphrase|token|api_?key|private_?key|credential)/i;
/** A flag that makes a call act on every one of something: all_devices, allUsers, target_all. */
const EVERY_TARGET_KEY = /^(?:all_?(?:devices|hosts|users|members|accounts|customers|nodes|servers|machines|endpoints|clients|tenants|instances|sites|stores|vehicles|meters|regions|projects|repos|repositories|workspaces|channels|recipients|contacts|subscribers|employees|groups)|target_?all|every_?(?:device|host|user|account|node|server|tenant)s?)$/i;
/** A group's name that says it is everyone: RES-ALL, all-customers, everyone (not all-hands, all-time). */
const EVERYONE_NAMED = /^(?!all[-_]?(?:time|day|hands)\b)(?:.*[-_.:])?(?:all|everyone|everybody)(?:[-_.:].*)?$/i;
/** Keys that say what a call acts on: a group, a selector, a segment (not a job's or a file's name). */
const TARGET_KEYS = /^(?:target|targets|target_?id|group|groups|group_?id|selector|segment|audience|cohort|device_?group|fleet|population|recipients?_?group)$/i;
const BULK_KEYS = /^(all|recursive|cascade|purge|permanent|hard|include_all|delete_all|bulk|everyone|delete_?subtasks|delete_?children|delete_?descendants|include_?(children|subtasks|descendants|subitems)|cascade_?delete|with_?(children|subtasks))$/i;
const DESTROY_KEYS = /^(is_?destroy|destroy|hard_?delete|permanent(ly)?_?delete|delete_?permanently|purge)$/i;
const ANONYMOUS_KEYS = /^(anonymous|anonymous_?access|allow_?anonymous|anonymous_?read|unlicensed_?access|public_?access|allow_?public|public_?read)$/i;
const FORWARD_KEYS = /^(forward|forward_?to|forward_?as_?attachment_?to|forwarding_?address|forwarding_?email|forwarding_?smtp_?address|redirect_?to|auto_?forward)$/i;
/** Keys that copy or redirect mail from now on only in a rule (a transport or inbox rule): on one message sent, a BCC is a recipient. */
const RULE_FORWARD_KEYS = /^(blind_?copy_?to|redirect_?message_?to|copy_?to)$/i;
const ATTACH_KEYS = /^(attachments?|attach|attached_?files?|files?|file_?paths?|attachment_?paths?|attachment_?urls?)$/i;
/** Where a firewall rule lets traffic in from. */
const SOURCE_KEYS = /^(source_?address_?prefix(es)?|source_?ranges?|source_?cidrs?|cidr_?ip|remote_?ip_?prefix|source)$/i;
/** A flag or a label that sends what the call changes to the trash or the archive. */
const TRASH_FLAG_KEYS = /^(archived|is_?archived|trashed|is_?trashed|in_?trash|deleted|is_?deleted)$/i;
const TRASH_LABEL_KEYS = /^(add_?labels?|add_?label_?ids|labels?|label_?ids|status|folder|destination_?folder|move_?to|target_?folder)$/i;
/** How many items a call that acts on a query's matches may reach. */
const LIMIT_KEYS = /^(max|limit|max_?results|max_?count|count|batch_?size|page_?size|max_?messages)$/i;
const EXPIRATION_KEYS = /^(expiration|expiry|expire_?after_?days|noncurrent_?version_?expiration)$/i;

export interface ArgumentFacts {
  production: boolean;
  public: boolean;
  recipients: string[];
  /** Addresses mail or messages are forwarded to from now on (a forwarding rule or filter). */
  forwardTo: string[];
  /** Addresses a rule would copy or redirect mail to (blind_copy_to, redirect_message_to): forwarding only when the call sets a rule. */
  ruleForwardTo: string[];
  /** Files attached to what is sent. */
  attachments: string[];
  /** A flag that makes the call destroy (is_destroy, hard_delete, permanent_delete). */
  destroy: boolean;
  /** An expiration rule: objects are deleted after a time (a bucket lifecycle rule). */
  expiration: boolean;
  /** Text that reaches everyone in a channel (@everyone, <!channel>). */
  broadcast: boolean;
  /** A grant of full control written as data (cluster-admin, roles/owner, AdministratorAccess). */
  adminGrant: boolean;
  /** A container given the host: privileged, the host's root or Docker socket mounted, the host's PID or network namespace. */
  hostEscape?: boolean;
  amounts: number[];
  /** The step names one person's computer ("this workstation", ONE_COMPUTER): set by the prose reader, which hands the tool reading one clause. */
  oneComputer?: boolean;
  wildcard?: string;
  bulk: boolean;
  strings: string[];
  /** What the call changes goes to the trash or the archive (archived: true, add_labels: ["TRASH"]). */
  trash?: boolean;
  /** A mailing list or segment is named by its id (list_id, segment_id): a message goes to everyone on it. */
  toList?: boolean;
  /** One of those lists is named as a list for tests or staff. */
  testList?: boolean;
  /** A card or payment method is handed over (payment_method, card_number): the call pays with it. */
  paysWith?: boolean;
  /** People's fields the call names, as keys or values (email, phone, address…). */
  personalFields: string[];
  /** An outside host under a destination key (url, endpoint, webhook): where a sync or export sends. */
  endpointHost?: string;
}

const MAX_NODES = 2000;

/** Reads the arguments once, linear in their size (capped at MAX_NODES values). */
export function argumentFacts(args: unknown, internalDomains: readonly string[] = []): ArgumentFacts {
  const facts: ArgumentFacts = { production: false, public: false, recipients: [], forwardTo: [], ruleForwardTo: [], attachments: [], destroy: false, expiration: false, broadcast: false, adminGrant: false, amounts: [], bulk: false, strings: [], personalFields: [] };
  let seen = 0;
  /** The largest item limit given (0: none of 100 or more). */
  let reach = 0;
  // `forward` and `attach` say what the values below a key are: forwarding addresses, attached files.
  const visit = (key: string, v: unknown, depth: number, under: "" | "forward" | "rule-forward" | "attach" = ""): void => {
    if (++seen > MAX_NODES || depth > 8) return;
    if (FORWARD_KEYS.test(key)) under = "forward";
    else if (RULE_FORWARD_KEYS.test(key)) under = "rule-forward";
    else if (ATTACH_KEYS.test(key)) under = "attach";
    if (EXPIRATION_KEYS.test(key) && v !== null && v !== false) facts.expiration = true;
    if (/^(payment_?method|payment_?details|payment_?info|card_?number|credit_?card|card_?details|billing_?card)$/i.test(key) && v !== null && v !== false && v !== "") facts.paysWith = true;
    if (PERSONAL_FIELD_NAME.test(key)) facts.personalFields.push(key.toLowerCase());
    if (typeof v === "string") {
      facts.strings.push(v);
      // (A field named with its record's path, requester.email, is the field.)
      if (v.length <= 80 && PERSONAL_FIELD_NAME.test(v.replace(/^.*[.:/]/, ""))) facts.personalFields.push(v.toLowerCase().replace(/^.*[.:/]/, ""));
      if (facts.endpointHost === undefined && DESTINATION_URL_KEY.test(key) && /^\s*https?:/i.test(v)) {
        const h = hostOf(v.trim());
        if (h !== undefined && isExternalHost(h) && !internalDomains.some((d) => h === d || h.endsWith(`.${d}`))) facts.endpointHost = h;
      }
      if (under === "forward" && /@/.test(v)) facts.forwardTo.push(v.trim());
      else if (under === "rule-forward" && /@/.test(v)) facts.ruleForwardTo.push(v.trim());
      // A rule or applet written in words: "forward to x@gmail.com", "auto-forward every new email to …".
      else if (v.length <= 512 && /^(rule|rules|filter|filters|action|actions|applet|then|do|criteria|condition|forward|forwarding)$/i.test(key)) { const fw = /\bforward(?:s|ed|ing)?\b(?:\s+[\w-]+){0,5}?\s+to\s+([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/i.exec(v); if (fw) facts.forwardTo.push(fw[1]!); }
      if (under === "attach" && v.length <= 4096) facts.attachments.push(v);
      if (BROADCAST.test(v)) facts.broadcast = true;
      // A post to the whole organisation's channel or community (community: "All Company").
      if (/^(channel|channel_?name|community|group|group_?name|audience|team)$/i.test(key) && /^(?:all[- ]?(?:company|staff|hands|employees|users)|everyone|company[- ]?wide)$/i.test(v.trim())) facts.broadcast = true;
      if (v.length <= 64 * 1024 && ADMIN_GRANT.test(v)) facts.adminGrant = true;
      // A role or claim set to administrator (set_claims {claim: "role", value: "admin"}, {role: "owner"}).
      if (/^(role|roles|role_?type|role_?name|claim|value|access_?level|permission|permissions|group|groups|member_?role|user_?role|type)$/i.test(key) && /^(admin|administrator|owner|superuser|super_?admin|root|global[ _]?admin(istrator)?|org_?admin|account_?admin)$/i.test(v.trim())) facts.adminGrant = true;
      // (A role's id that names it: rol_Admin_9Xk2, roles/owner, tenant-admin.)
      if (/^(roles?|role_?ids?)$/i.test(key) && v.length <= 80 && /(?:^|[_\W])(?:admin|administrator|owner|superuser|superadmin)(?:$|[_\W])/i.test(v)) facts.adminGrant = true;
      // A mailing list or segment named by its id (list_id: "beta-testers-2300"): everyone on it gets the message.
      if (/^(list_?ids?|segment_?ids?|audience_?ids?|contact_?list(_?id)?|mailing_?list(_?id)?)$/i.test(key) && v.trim() !== "") {
        facts.toList = true;
        // (A list its name says is for tests or staff: internal-beta-testers, qa-seed-list.)
        if (/(?:^|[-_ ])(?:test|tests|testers|testing|internal|staff|employees|seed|qa|sandbox|beta|dev)(?:[-_ ]|$)/i.test(v)) facts.testList = true;
      }
      // An audience of everyone: a topic, list or segment of all users or customers.
      if (/^(topic|audience|audience_?ids?|segment|segments|segment_?ids?|list|lists|list_?ids?|to|recipients?|condition)$/i.test(key) && /(^|[-_ ])(all|everyone)([-_ ]?(users|customers|subscribers|members|contacts|devices))?([-_ ]|$)/i.test(v.trim()) && v.length <= 120) {
        facts.broadcast = true;
        facts.bulk = true;
      }
      // A channel every member reads (#announcements, #general, all-company; Slack ids such as C02ANNOUNCE too;
      // #all-<workspace>, the channel Slack makes every member join).
      if (/^(channel|channel_?id|channel_?name|conversation|conversation_?id)$/i.test(key) && v.length <= 80 && /announce|all[-_ ]?(hands|company|staff|employees)|company[-_ ]?wide|everyone|^#?general$|^#?all[-_ ][a-z0-9][\w -]*$/i.test(v.trim())) facts.broadcast = true;
      // A group named for administrators (groupName: "Okta Super Admins", "Domain Admins", "org-owners"): membership is the role.
      if (/^(group|groups|group_?(id|key|name)|group_?display_?name|team|team_?(id|name)|role_?name)$/i.test(key) && v.length <= 120 && /(^|[\s_-])(super[\s_-]?|global[\s_-]?|org[\s_-]?|domain[\s_-]?|enterprise[\s_-]?|account[\s_-]?)?(admins|administrators|owners|superusers)([\s_-](group|role|team))?$/i.test(v.trim())) facts.adminGrant = true;
      // Azure names a role assignment's role by name too.
      if (/^role_?definition_?name$/i.test(key) && /^(owner|user access administrator)$/i.test(v.trim())) facts.adminGrant = true;
      // The host handed to a container: its root or Docker socket mounted, its PID or network namespace shared.
      if (/^(volumes?|binds?|mounts?|host_?path|source|src)$/i.test(key) && /^\/(:|$)|^\/:\/|(^|\/)docker\.sock(:|$)/.test(v.trim())) facts.hostEscape = true;
      if (/^(pid_?mode|pid|network_?mode|ipc_?mode|userns_?mode)$/i.test(key) && /^host$/i.test(v.trim())) facts.hostEscape = true;
      // Open to every address on the internet: a CIDR of 0.0.0.0/0 or ::/0.
      if (/^(0\.0\.0\.0\/0|::\/0)$/.test(v.trim())) facts.public = true;
      // A firewall rule's source that is everyone: Azure's `Internet`, `*`, `any`.
      if (SOURCE_KEYS.test(key) && /^(internet|\*|any)$/i.test(v.trim())) facts.public = true;
      const short = v.length <= 120;
      // An environment, host, database or URL names production: one word ("prod", "prod-db",
      // "db.prod.internal"), not prose that mentions it ("Production-grade cable").
      const identifier = short && !/\s/.test(v.trim());
      // A branch is production only by its name's start (prod, production/x), not a docs/prod-setup branch.
      if (identifier && PRODUCTION.test(v) && (/^branch$/i.test(key) ? /^(prod|production|prd|live)([-/_]|$)/i.test(v.trim()) : PRODUCTION_KEYS.test(key) || /(^|[^a-z])(prod|production|prd)([^a-z]|$)/i.test(v))) facts.production = true;
      if (VISIBILITY_KEYS.test(key) && /^(public|public[-_]read|public[-_]read[-_]write|anyone|everyone|world|open|unlisted|anyone[-_]with[-_]link)$/i.test(v.trim())) facts.public = true;
      // SharePoint's and OneDrive's sharing set to anyone with the link (Set-SPOSite -SharingCapability ExternalUserAndGuestSharing).
      if (/^(?:sharing_?capability|default_?sharing_?link_?type|sharing_?link_?type)$/i.test(key) && /^(?:ExternalUserAndGuestSharing|AnonymousAccess|Anyone|AnyoneWithTheLink)$/i.test(v.trim())) facts.public = true;
      // A grantee that is everyone: a share of type "anyone", a GCS member allUsers, an IAM or
      // bucket policy whose Principal is "*" (also inside a policy document passed as a string).
      if (GRANTEE_KEYS.test(key) && /^(anyone|everyone|allusers|allauthenticatedusers|\*)$/i.test(v.trim())) facts.public = true;
      if (v.length <= 64 * 1024 && PUBLIC_PRINCIPAL.test(v)) facts.public = true;
      // Security rules that let anyone in (Firestore's or Storage's `allow read, write: if true`).
      // (Not the text an edit replaces: taking such a rule out is the fix.)
      if (v.length <= 64 * 1024 && (v.includes("allow") || v.includes(".write")) && !/^old_?(?:string|str|text|source)$/i.test(key) && RULES_OPEN.test(v)) facts.public = true;
      // A manifest or configuration passed as text (Kubernetes YAML, a Helm values file) that names production where it goes.
      if (!facts.production && v.length > 120 && v.length <= 64 * 1024 && MANIFEST_PRODUCTION.test(v)) facts.production = true;
      // (Twilio's test numbers, +1 500 555 0000 to 0009, reach nobody: the provider answers for them.)
      // (Nor is the provider's sandbox account one sends from: account "brcity-311-sandbox".)
      if (RECIPIENT_KEYS.test(key) && !(/^account$/i.test(key) && /(?:^|[-_.])sandbox(?:[-_.]|$)/i.test(v))) for (const r of v.split(/[,;\s]+/).filter(Boolean)) if (!/^\+?1?5005550\d{3}$/.test(r.replace(/[\s().-]/g, ""))) facts.recipients.push(r);
      if (AMOUNT_KEYS.test(key) && /^\$?\d[\d,]*(\.\d+)?$/.test(v.trim())) facts.amounts.push(Number(v.replace(/[$,]/g, "")));
      if (TRASH_LABEL_KEYS.test(key) && /^(trash|deleted|archived|bin)$/i.test(v.trim())) facts.trash = true;
      // A bare `*` is every match under any key but prose's; a `*` inside an identifier is not
      // one where the key says the value is a pattern (pattern: "*.log" in a search).
      // (Or a group a target key names as everything: target {type: "group", id: "RES-ALL"}, segment "all-customers".)
      if (identifier && TARGET_KEYS.test(key) && EVERYONE_NAMED.test(v.trim())) facts.wildcard ??= `${key}=${v}`;
      // (Not a value, a secret's or a setting's: "Zx9*qPl4" under password or value says nothing of scope, and must not be shown.)
      // (Nor a file's text an edit replaces or writes: `*.pem` added to a .gitignore is a pattern in a file, not a target.)
      if (short && !/^(name|title|description|body|text|content|message|subject|query|values?|old_?(?:string|str|text|source))$/i.test(key) && !CONTENT_KEY.test(key) && !SECRET_KEY_NAME.test(key) && (WILDCARD.test(v.trim()) || (identifier && /\*/.test(v) && !/^(q|search|filter|pattern|regex|glob|include|exclude)$/i.test(key)))) facts.wildcard ??= `${key}=${v}`;
      return;
    }
    if (typeof v === "number") {
      if (AMOUNT_KEYS.test(key)) facts.amounts.push(v);
      if (LIMIT_KEYS.test(key) && v >= 100) reach = Math.max(reach, v);
      return;
    }
    if (typeof v === "boolean") {
      if (v && BULK_KEYS.test(key)) facts.bulk = true;
      if (v && EVERY_TARGET_KEY.test(key)) facts.wildcard ??= `${key}=true`;
      if (v && TRASH_FLAG_KEYS.test(key)) facts.trash = true;
      if (v && DESTROY_KEYS.test(key)) facts.destroy = true;
      if (v && ANONYMOUS_KEYS.test(key)) facts.public = true;
      // A bucket's public-access block turned off (BlockPublicAcls: false, RestrictPublicBuckets: false).
      if (!v && /^(block|restrict|ignore)_?public/i.test(key)) facts.public = true;
      if (v && /^(public|is_public|ispublic)$/i.test(key)) facts.public = true;
      if (!v && /^(private|is_private|isprivate)$/i.test(key)) facts.public = true;
      if (v && /^(prod|production|is_production)$/i.test(key)) facts.production = true;
      if (v && /^privileged$/i.test(key)) facts.hostEscape = true;
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) visit(key, x, depth + 1, under);
      return;
    }
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      // A policy statement written as an object that allows every action.
      if (typeof o.Effect === "string" && /^allow$/i.test(o.Effect) && [o.Action].flat().some((x) => x === "*")) facts.adminGrant = true;
      // A target given as an object names its group by id: target {type: "group", id: "RES-ALL"}.
      if (TARGET_KEYS.test(key) && typeof o.id === "string" && o.id.length <= 128 && EVERYONE_NAMED.test(o.id.trim())) facts.wildcard ??= `${key}.id=${o.id}`;
      for (const [k, x] of Object.entries(o)) visit(k, x, depth + 1, under);
    }
  };
  visit("", args, 0);
  // Sending up to hundreds of items to the trash at once (a batch modify of every match, max 5000) is bulk.
  if (facts.trash && reach > 0) facts.bulk = true;
  const outside = (r: string) => !internalDomains.some((d) => r.toLowerCase().endsWith(`@${d.toLowerCase()}`));
  facts.recipients = facts.recipients.filter(outside);
  facts.forwardTo = facts.forwardTo.filter(outside);
  facts.ruleForwardTo = facts.ruleForwardTo.filter(outside);
  return facts;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The class of a verb as the tool-call reader knows it (delete, grant, spend-or-send…), or undefined. */
export const verbClassOf = (word: string): VerbClass | undefined => VERBS.get(word);

function hasWord(words: readonly string[], re: RegExp): string | undefined {
  return words.find((w) => re.test(w));
}

/** Whether a count key (top level or one object down: spec.replicas) is set to zero, as a number or a string of zeros. */
function scaledToZero(args: unknown, keys: RegExp): boolean {
  if (!isRecord(args)) return false;
  const zero = (v: unknown): boolean => v === 0 || (typeof v === "string" && /^\s*0+\s*$/.test(v));
  return [args, ...Object.values(args).filter(isRecord)].some((o) => Object.entries(o).some(([k, v]) => keys.test(k) && zero(v)));
}

/** The call names a #channel as where it goes ({channel: "#team-checkout"}). */
const toChannel = (args: unknown): boolean =>
  isRecord(args) && Object.entries(args).some(([k, v]) => /^(channel|channel_?(id|name)|room|room_?(id|name)|conversation(_?id)?|to|destination)$/i.test(k) && typeof v === "string" && /^#[a-z0-9][\w-]*$/i.test(v.trim()));

/** Security products an organisation runs on what is live: endpoint protection, a web application firewall, cloud threat detection. */
const SECURITY_PRODUCT_WORDS = "sentinelone|carbonblack|sophos|crowdstrike|falcon|edr|xdr|antivirus|defender|waf|guardduty";
const SECURITY_PRODUCT = new RegExp(`^(?:${SECURITY_PRODUCT_WORDS})$`);
/** Whether a text names an account outside the organisation: a personal mailbox's address (PERSONAL_MAILBOX) or an Entra guest (#EXT#). */
const namesOutsideAccount = (text: string): boolean => /#EXT#/i.test(text) || (text.includes("@") && [...text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)].some((m) => PERSONAL_MAILBOX.test(m[0])));
/** Keys that name who is granted something, not where: their values say nothing of the environment ("dev-helper-9021" is a user). */
const GRANTEE_KEY = /^(?:users?(?:_?names?)?|user_?ids?|user_?logins?|logins?|usernames?|members?(?:_?upns?|_?ids?)?|principals?\w*|assignees?\w*|emails?\w*|guests?\w*|recipients?\w*|subjects?|identifiers?|ids?|names?|display_?names?|titles?|passwords?|secrets?|tokens?)$/i;


/** Whether a call's arguments (grantees' names aside) name a test, development or scratch environment, and no production one. */
function inTestEnvironment(args: unknown): boolean {
  const where: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === "string") where.push(v.slice(0, 256));
    else if (Array.isArray(v)) for (const x of v.slice(0, 32)) walk(x, depth + 1);
    else if (isRecord(v) && depth < 4) for (const [k, x] of Object.entries(v).slice(0, 64)) if (!GRANTEE_KEY.test(k.replace(/-/g, "_"))) walk(x, depth + 1);
  };
  walk(args, 0);
  const words = where.flatMap((w) => w.split(/[^A-Za-z0-9]+/));
  return words.some((w) => TEST_ENVIRONMENT_NAME.test(w)) && !words.some((w) => /^(?:prod|production|prd)$/i.test(w));
}

/** One person's computer, named as such: "this workstation", "my laptop", "the front-desk PC". */
export const ONE_COMPUTER = /\b(?:this|my|the user's|one|a single|the)\s+(?:[\w-]+\s+){0,2}(?:workstation|pc|laptop|desktop|computer|macbook)\b/i;
/** Security controls of production: the security products, and the checks that keep attackers out of what they guard (not monitors and alerts, which watch it). */
const PRODUCTION_GUARD = new RegExp(`^(?:${SECURITY_PRODUCT_WORDS}|dlp|clouddlp|sentinel|signature|signatures|auth|authentication|authorization|authz|sso|saml|firewall|ssl|tls|csrf|hsts|verification|mfa|2fa|twofactor|selinux|apparmor)$`);

/** The first word naming a protection or a record, unless the word after it says it names something else ("the audit warning"). */
function controlNamed(words: readonly string[], re: RegExp): string | undefined {
  // (A security level is the control itself, where a log level is not the log.)
  return words.find((w, i) => re.test(w) && !(NOT_THE_CONTROL.test(words[i + 1] ?? "") && !(w === "security" && /^levels?$/.test(words[i + 1] ?? ""))));
}

/** The first verb of the name, and the rest as its object (the toolkit or server name included). */
export function splitToolName(name: string): { verb?: string; verbClass?: VerbClass; object: string[] } {
  const words = toolWords(name);
  // A verb is the first word that is one; "PaymentsSendMoney" → send. Words that are both a noun
  // and a verb ("file", "order", "text") count as a verb only if no other verb follows.
  // An MCP tool's own name (after its server's, mcp__snyk-scan__ignore_issue) is looked in first:
  // the server's name says what it serves, not what this call does.
  const own = /^mcp__.+__(.+)$/.exec(name);
  const ownFrom = own !== null ? Math.max(0, words.length - toolWords(own[1]!).length) : 0;
  let index = -1;
  for (let n = 0; n < words.length; n++) {
    const i = (ownFrom + n) % words.length;
    if (!VERBS.has(words[i]!)) continue;
    const ambiguous = /^(file|order|text|message|email|call|book|tag|label|mark|open|status|count|check|watch|track|lock|shell|terminal|script|load|quote|tip|place|turn|scale|set|make|log|logs|test|ping)$/.test(words[i]!);
    if (ambiguous && words.slice(i + 1).some((w) => VERBS.has(w) && !/^(file|order|text|message|email|call|post|book|tag|label|mark|open|status|count|lock|shell|terminal|script|quote|log|logs)$/.test(w))) continue;
    index = i;
    break;
  }
  if (index < 0) return { object: words };
  // A job made to send or publish (create_campaign_send_job, schedule_broadcast_send): what runs is the send.
  if (/^(create|schedule|submit|start|trigger|queue|enqueue)$/.test(words[index]!)) {
    const later = words.findIndex((w, i) => i > index && /^(send|publish|broadcast)$/.test(w));
    if (later > index) index = later;
  }
  const verb = words[index]!;
  return { verb, verbClass: VERBS.get(verb), object: words.filter((_, i) => i !== index) };
}

/** A channel, audience or distribution argument that names the public or a broadcast (public_feed, cell_broadcast, everyone). */
function publicChannel(args: unknown): boolean {
  if (!isRecord(args)) return false;
  return Object.entries(args).some(([k, v]) => /^(?:channels?|audiences?|distributions?|destinations?|feeds?|outlets?)$/i.test(k) && (Array.isArray(v) ? v.slice(0, 32) : [v]).some((x) => typeof x === "string" && x.length <= 80 && /(?:^|[-_ ])(?:public|broadcast|cell|everyone|all_?subscribers|press|media)(?:[-_ ]|$)/i.test(x)));
}

/** Whether a call's facts reach beyond the organisation: made public, or to recipients named. */
const reachesOthers = (f: Readonly<ArgumentFacts>): boolean => f.public || f.recipients.length > 0;

/** What runs and serves others: a partition, node, site, host, service, station, transmitter, link. */
const SERVING = /^(partitions?|nodes?|sites?|hosts?|servers?|clusters?|services?|stations?|transmitters?|radars?|links?|interfaces?|ports?|queues?|gateways?|feeds?|instances?|pools?|backends?|upstreams?|endpoints?|circuits?|trunks?|towers?|sensors?|plcs?|rtus?|pumps?|lines?|lanes?|terminals?|controllers?)$/;

/** Containers whose deletion takes everything in them (a repository, a database, an account). */
const CONTAINER = /^(repo|repos|repository|repositories|database|databases|db|bucket|buckets|cluster|clusters|project|projects|account|accounts|workspace|workspaces|namespace|namespaces|volume|volumes|disk|disks|instance|instances|server|servers|environment|environments|channel|channels|folder|folders|directory|directories|drive|drives|zone|zones|index|indices|indexes|table|tables|collection|collections|keyspace|keyspaces|schema|schemas|organization|organizations|org|orgs|tenant|tenants|site|sites|stack|stacks|vault|vaults|registry|registries|topic|topics|queue|queues|stream|streams|domain|domains|app|apps|application|applications|kms|droplet|droplets|vm|vms|vps|machine|machines|pool|pools|tapes?|archives?)$/;
/** A tool's word naming an industrial control system: a PLC, its protocol (Modbus, OPC UA, DNP3, BACnet), a SCADA gateway or HMI. */
const ICS_SYSTEM = /^(modbus|plc|plcs|scada|ignition|opcua|opc|dnp3|bacnet|hmi|kepware|kepserver|kepserverex|profinet|ethernetip|logix|wonderware|iec104|iec61850)$/;
/** What a controller holds that a write changes: a register, a coil, a tag, a node's value, a setpoint, an output. */
const ICS_POINT = /^(registers?|coils?|tags?|points?|setpoints?|nodes?|values?|outputs?|variables?)$/;
/**
 * A parameter named for a check (env.WARDEN_INTEGRITY_MANIFEST, SIGNATURE_VERIFICATION, sast_scan_enabled): a protection's word
 * as a whole part, and the name ending in it or in a word that says it is the switch (check, enabled, required, mode, manifest).
 * (Not scan_progress_bar, verify_email_banner, tls_session_tickets, show_author_bio.)
 */
const CHECK_PARAMETER = /(?:^|[_.-])(?:integrity|verify|verification|signature|signing|scan|scanning|authn|authz|authentication|authorization|auth|tls|ssl|mfa|csrf)(?:[_.-](?:[a-z0-9]+[_.-])*?(?:checks?|enabled|required|enforced|enforcement|mode|manifest|verification|validation|policy))?$/i;
/** What holds many items of one kind: emptying it (clear_calendar, empty_trash, purge_mailbox) takes them all. */
const HOLDER = /^(calendar|calendars|mailbox|mailboxes|inbox|album|albums|notebook|notebooks|board|boards|wiki|wikis|space|spaces|folder|folders|drive|list|lists|cart|history|queue|trash)$/;


/** How many days an argument says data is kept (frozenTimePeriodInSecs, retentionInDays, retention_hours, retention.ms), or undefined. */
function retentionDays(args: unknown, retentionTool = false): number | undefined {
  if (!isRecord(args)) return undefined;
  for (const [k, v] of Object.entries(args)) {
    // (A call whose name is the retention's, …/artifact-and-log-retention {days: 1}, gives it as days.)
    if (retentionTool && /^days$/i.test(k) && (typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v.trim())))) return Number(v);
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isFinite(n)) continue;
    if (/^(?:frozen_?time_?period_?in_?secs|retention_?(?:in_?)?(?:seconds|secs))$/i.test(k)) return n / 86_400;
    if (/^retention_?(?:in_?)?(?:hours|hrs)$/i.test(k)) return n / 24;
    if (/^retention[._]?ms$/i.test(k)) return n / 86_400_000;
    if (/^(?:retention_?(?:in_?)?days|retention_?period_?(?:in_?)?days|logs?_?retention(?:_?days)?|retention)$/i.test(k)) return n;
    // (A pruner's or cleanup's age: Mirth's prune_messages_older_than_days, delete_after_days, max_age_days.)
    if (/^(?:(?:prune|purge|delete|remove|expire)_?(?:\w{1,20}_)?(?:older_?than|after)_?days|max_?age_?(?:in_?)?days|keep_?days|days_?to_?keep)$/i.test(k)) return n;
  }
  return undefined;
}


/** A name for something short-lived: a preview or review app, a pull request's environment, a scratch or temporary one. */
const EPHEMERAL_NAME = /(^|[-_./])(preview|review|pr-?\d+|tmp|temp|scratch|sandbox|ephemeral|throwaway)([-_./]|$)/i;

function deleteScope(f: ArgumentFacts, object: readonly string[], store: string | undefined, verb = ""): Scope {
  // A short-lived environment's container (preview-pr-498): its deletion takes what it holds, which was made to go.
  // (In bulk too, when a name says scratch or temporary: rc-ci-scratch's old run folders, recursively.)
  if (!f.production && !f.wildcard && f.strings.some((v) => v.length <= 64 && !/\s/.test(v) && (f.bulk ? /(^|[-_./])(tmp|temp|scratch|ephemeral|throwaway)([-_./]|$)/i : EPHEMERAL_NAME).test(v))) return "one";
  if (f.wildcard || f.bulk) return "account";
  if (/^(clear|empty|purge|wipe|nuke|truncate|reset)$/.test(verb) && hasWord(object, HOLDER)) return "account";
  // A table truncated loses its rows and keeps itself (a file truncated, its text): the rows are a tree, not the whole database.
  if (verb === "truncate" && !hasWord(object, /^(databases?|dbs?|schemas?|keyspaces?|clusters?|instances?|accounts?)$/)) return object.some((w) => /\.\w{1,5}$/.test(w)) ? "one" : "tree";
  if ((store && CONTAINER.test(store)) || hasWord(object, CONTAINER)) return "account";
  // An Azure resource group: every resource in it (machines, databases, storage) goes with it.
  if (hasWord(object, /^(resource|resources|resourcegroups?|rg)$/) && hasWord(object, /^(groups?|resourcegroups?|rg)$/)) return "account";
  // A blob storage container (Azure's, an object store's) is a bucket: every blob in it goes.
  if (hasWord(object, /^(containers?)$/) && hasWord(object, /^(storage|blobs?|blobstorage|s3|gcs|objects?|minio)$/)) return "account";
  // A notebook, a calendar, a board deleted: everything in it goes with it.
  if (HOLDER.test(object[object.length - 1] ?? "")) return "tree";
  // An encryption key: what it encrypted is gone with it (a KMS key's ARN, GCP's crypto key).
  // (Or a key of a key vault, KMS or HSM by the tool's name: purge_deleted_key on azure-keyvault.)
  if (f.strings.some((v) => /^arn:aws[\w-]*:kms:/.test(v)) || (hasWord(object, /^keys?$/) && hasWord(object, /^(crypto|keyvault|kms|hsm|cloudhsm|keyring|keyrings|transit)$/))) return "account";
  // A long-lived branch (main, a release, a hotfix line) holds everyone's history; a merged feature branch does not.
  if (hasWord(object, /^(branch|branches|ref|refs)$/) && f.strings.some((v) => /^(refs\/heads\/)?(main|master|trunk|develop|release([-/_.].*)?|hotfix([-/_.].*)?|prod|production|stable)$/i.test(v.trim()))) return "tree";
  // Branches or tags, several of them ("the 40 merged feature branches in acme/api"): each one's unmerged work goes with it.
  if (hasWord(object, /^(branches|tags|refs)$/)) return "tree";
  // A database reset or a release, stack or deployment uninstalled: everything it holds or runs goes with it.
  // (Not a file named so: docs/release-notes.md.)
  if (hasWord(object, /^(pg|postgres|postgresql|mysql|redis|release|releases|helm|charts?|stack|stacks|deployments?|statefulsets?|daemonsets?|apps?|services?)$/) && !object.some((w) => /\.\w{1,5}$/.test(w) || /^(md|mdx|txt|json|ya?ml|py|ts|js|tsx|jsx|csv|log|sql|html?|css|sh|toml|ini|cfg|lock|docs?|notes?|drafts?|files?|pages?)$/.test(w))) return "tree";
  const last = object[object.length - 1] ?? "";
  return /[^s]s$/.test(last) ? "tree" : "one";
}

/** A password, passphrase, key or token named with its value after it: "password: Pr0d!2026", "api key is sk_live_…". The value has a digit or a symbol. */
const GIVES_SECRET = /\b(?:password|passwd|pwd|passphrase|passcode|api[_ -]?key|secret|token)s?\b[^.\n]{0,40}?(?::|=|\bis\b)\s*["'`]?(?=[^\s"'`]{6})(?=[^\s"'`]{0,128}[0-9!@#$%^&*])[^\s"'`]{1,256}/i;

/** Verbs that change what exists (not create it, not copy it): on production, a change to production. */
const CHANGE_VERB = /^(configure|set|update|patch|apply|manage|rotate|replace|bump|change|modify|increase|raise|lower|resize|tweak|adjust|double|halve|upsert|flip|toggle)$/;
/**
 * A setting that turns sign-in off, as JSON text of the arguments or a clause: a key about
 * authentication (auth, authentication, login, csrf, mfa, sso, verify…) set false, 0, off or
 * disabled, or a key saying it is disabled or skipped set true; also {key: "…auth…", value: "false"}
 * (or name:, variable:), a section about it whose enabled or required is false ({"auth": {"enabled":
 * false}}, YAML `auth:\n  enabled: false`), and anonymous access turned on.
 */
export const AUTH_OFF = /(?<![a-z])(?:auth|authentication|authn|authz|login|csrf|mfa|2fa|sso|signature)(?:[_.-]?(?:enabled|required|enforced|checks?|verify|verification|protection|middleware))?["']?\s*[=:]\s*["']?(?:false|0|off|no|disabled|none)\b|(?<![a-z])(?:auth(?:entication)?_?disabled|disable_?auth\w{0,20}|skip_?auth\w{0,20}|no_?auth|auth_?bypass\w{0,20}|insecure)["']?\s*[=:]\s*["']?(?:true|1|yes|on)\b|"(?:key|name|variable|var|setting)"\s*:\s*"[^"]{0,60}(?:auth|login|csrf|mfa|sso)[^"]{0,60}"\s*,\s*"value"\s*:\s*"?(?:false|0|off|disabled|none)\b|(?<![a-z])(?:auth|authentication|login|mfa|2fa|sso)\\?["']?\s*:(?:[\s{]|\\n){0,40}\\?["']?(?:enabled|required|enforced|active|on)\\?["']?\s*[=:]\s*\\?["']?(?:false|0|off|no)\b|(?:allow_?anonymous\w{0,20}|anonymous_?(?:access|auth\w{0,10}|login)s?)\\?["']?\s*[=:]\s*\\?["']?(?:true|1|yes|on)\b|"(?:key|name|variable|var|setting)"\s*:\s*"[^"]{0,60}anonymous[^"]{0,60}"\s*,\s*"value"\s*:\s*"?(?:true|1|yes|on)\b/i;
/** Words saying something is left out of a protection's checks: an exclusion, an exception, an allowlist entry. */
const EXCLUSION = /^(exclusions?|exceptions?|exempt\w*|allowlists?|whitelists?|bypass(es)?|ignores?|suppressions?)$/;
/** A Perforce protections table line that gives write or more to every user or group (mode, type, name *, host, depot path). */
const PROTECTIONS_EVERYONE = /^\s*=?(?:write|admin|super|owner|open)\s+(?:user|group)\s+\*\s+\S+\s+\/\/\S/im;
/** An argument asking for secret values to be shown with what is listed or read (reveal_secrets, show_plaintext, unmask). */
const REVEAL_KEY = /^(?:(?:reveal|unmask|expose)(?:_?(?:secrets?|secret_?values?|values?|passwords?|credentials?|keys?|plaintext))?|(?:show|include|return|with)_?(?:secrets?|secret_?values?|passwords?|credentials?|plaintext))$/i;
/** A search query for credentials: passwords, API keys, private keys, tokens, VPN configurations. */
const CREDENTIAL_QUERY = /\bpasswords?\b|\bapi[ _-]?keys?\b|\bcredentials?\b|\bprivate[ _-]?keys?\b|\bsecret[ _-]?keys?\b|\baccess[ _-]?tokens?\b|\bvpn config|\bid_rsa\b|\.pem\b/i;
/** Fields of an HR record that a person's pay or standing relies on. */
const HR_FIELDS = /pay_?rate|pay_?grade|pay_?band|pay_?per\b|salary|compensation|hourly_?rate|\bwages?\b|bonus|termination|terminat(?:ed|e)_?(?:on|at|date)|employment_?status|job_?title|\bequity\b|stock_?options/i;
/** Records about people: changed in bulk, every one of them changes. */
/** Records of people, many of them (contacts, customers, users…), and one person's record (a contact, a customer…). */
const PEOPLE_RECORDS = /^(contacts|customers|users|subscribers|leads|members|employees|patients|clients|accounts|profiles|people)$/;
const PERSON_RECORD = /^(contacts?|customers?|users?|subscribers?|leads?|members?|employees?|patients?|clients?|profiles?|people|persons?)$/;

/** Words saying a merge goes in past the checks that guard the branch. */
const PAST_CHECKS = /\b(?:skip(?:s|ping)?|bypass(?:es|ing)?|ignor(?:e|es|ing)|overrid(?:e|es|ing))\b(?:\s+the)?\s+(?:failing|failed|red|broken|required|pending)\b[^.\n]{0,20}?\b(?:ci|checks?|tests?|builds?|pipelines?|status\s+checks?)\b|\bbypass(?:es|ing)?\s+(?:the\s+)?(?:branch\s+protection|required\s+(?:checks|reviews?|approvals?)|review)\b|\bwithout\s+(?:waiting\s+for\s+|passing\s+|running\s+)?(?:the\s+)?(?:ci|checks|tests|review|approval)\b|\bdespite\s+(?:the\s+)?(?:failing|failed|red|broken)\s+(?:ci|checks?|tests?|builds?|pipelines?)\b|\bignor(?:e|es|ing)\s+(?:the\s+)?(?:ci|checks?|tests?|builds?|pipelines?)\s+(?:failures?|errors?)\b/i;

/**
 * Administrator rights, a door or an editor's role given to a personal mailbox (gmail, proton): an
 * unknown party then holds the account or the building, not a colleague.
 */
function toStranger(f: ArgumentFacts, args: unknown, physical: boolean): boolean {
  if (!f.recipients.some((r) => PERSONAL_MAILBOX.test(r))) return false;
  if (f.adminGrant || physical || f.strings.some((v) => v.length <= 120 && /\b(?:doors?|locks?|gates?|garage|server[- ]room|entrance|building|premises)\b/i.test(v.replace(/[_-]/g, " ")))) return true;
  // (An editor's role, at the top or in a request body: Drive's {requestBody: {role: "writer"}}.)
  const text = JSON.stringify(args ?? "");
  return text.length <= 8192 && /"(?:role|roles|access_?level|permission)"\s*:\s*\[?\s*"(?:writer|editor|owner|organizer|fileOrganizer|admin|manager)"/i.test(text);
}

/** A rule's text (its criteria and actions, JSON's punctuation as blanks) that takes mail from security or alert senders and archives, deletes or marks it read. */
const HIDES_SECURITY_MAIL = /\b(?:security|alerts?|abuse|soc|phishing|fraud|siem|guardduty|securityalert|account-security)[\w.-]*@[\w.-]+[\s\S]{0,300}?\b(?:archive|trash|delete\w*|deleteditems|markasread|mark_?as_?read|isread|removelabelids|skip_?inbox|junk|spam|movetofolder)\b|\b(?:archive|trash|delete\w*|markasread|mark_?as_?read|removelabelids|skip_?inbox|movetofolder)\b[\s\S]{0,300}?\b(?:security|alerts?|abuse|soc|phishing|fraud|siem|guardduty|securityalert|account-security)[\w.-]*@[\w.-]+/i;

/** A protection's setting switched off anywhere in a call's settings, nested too ({settings: {in_meeting: {waiting_room: false}}}): the key and its value. */
/** A protection named as a setting's value ({id: "waf"}, {setting: "ssl"}). */
const PROTECTION_SETTING = /^(?:waf|ssl|tls|always_use_https|security_level|browser_check|hotlink_protection|bot_fight_mode|challenge_ttl|mfa|2fa|sso|captcha|rate_limit(?:ing)?|ddos_protection|firewall)$/i;

/** The first value `find` gives for one of a call's strings (those up to 16 KB), undefined when none. */
function firstOf<T>(strings: readonly string[], find: (v: string) => T | undefined): T | undefined {
  for (const v of strings) {
    if (v.length > 16384) continue;
    const x = find(v);
    if (x !== undefined) return x;
  }
  return undefined;
}
/** The bank-detail keys a call sets to a value, looked for two levels deep ({values: {custentity_ach_routing: "…"}}). */
function bankDetailsSet(args: Record<string, unknown>): string | undefined {
  const keys: string[] = [];
  const visit = (v: Record<string, unknown>, depth: number): void => {
    for (const [k, x] of Object.entries(v).slice(0, 200)) {
      if (BANK_KEY.test(k) && (typeof x === "string" || typeof x === "number") && String(x).trim() !== "") keys.push(k);
      else if (depth < 2 && isRecord(x)) visit(x, depth + 1);
      // (Or in a list of them: a supplier's remit_to_addresses: [{bank_account_number: …}].)
      else if (depth < 2 && Array.isArray(x)) for (const e of x.slice(0, 16)) if (isRecord(e)) visit(e, depth + 1);
    }
  };
  visit(args, 0);
  return keys.length > 0 ? keys.slice(0, 3).join(", ") : undefined;
}

/** A step, job or rule named for a security scanner, a firewall or a WAF. */
const SECURITY_STEP = /(?:^|[^a-z])(?:semgrep|gitleaks|trufflehog|snyk|codeql|trivy|sast|dast|secscan|security[-_ ]?scan|secret[-_ ]?scan\w*|waf|firewall)(?:[^a-z]|$)/i;
/** An argument that tells an identity or approval check to stand aside, as "key: value". */
const OVERRIDE_KEY = /^(?:(?:auth|authentication|verification|verify|identity|id_?check|otp|mfa|2fa|kyc|security|fraud)_?(?:checks?_?)?(?:override|bypass|skip|waiver?|exempt(?:ion)?)|(?:override|bypass|skip|waive)_?(?:auth|authentication|verification|identity|id_?check|otp|mfa|2fa|kyc|security_?checks?|fraud_?checks?|approvals?|reviews?|code_?reviews?|sast|dast|security_?scans?|secret_?scans?|codeql|signing|signature_?checks?)(?:_?(?:gates?|checks?|steps?|stages?))?)$/i;
/** An argument or one of its objects' (a build's env: {SKIP_APPROVAL_GATE: "true"}) that tells a check to stand aside, as "key: value". */
function verificationOverridden(args: unknown): string | undefined {
  if (!isRecord(args)) return undefined;
  const entries = Object.entries(args).slice(0, 64);
  for (const [, v] of entries.slice()) if (isRecord(v)) entries.push(...Object.entries(v).slice(0, 64).filter(([k]) => OVERRIDE_KEY.test(k)));
  for (const [k, v] of entries) {
    if (OVERRIDE_KEY.test(k) && (v === true || v === 1 || (typeof v === "string" && /^(?:true|yes|1|on)$/i.test(v.trim())))) return `${k}: ${String(v)}`;
    if (/^(?:verification_?method|auth_?method|authentication_?method|verification|id_?verification|verification_?type)$/i.test(k) && typeof v === "string" && /(?:^|_|-|\s)(?:override|bypass|skip|skipped|none|waived?)(?:$|_|-|\s)/i.test(v)) return `${k}: ${v}`;
  }
  return undefined;
}

function protectionSwitchedOff(args: unknown): [string, unknown] | undefined {
  let seen = 0;
  // `policy`: this object or one above it is a policy (it has a policy id, or a name naming MFA, sign-in or access policy).
  const visit = (v: unknown, depth: number, policy = false): [string, unknown] | undefined => {
    if (depth > 4) return undefined;
    // (Settings given as a list: items: [{id: "waf", value: "off"}].)
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 50)) {
        const inner = visit(x, depth + 1, policy);
        if (inner !== undefined) return inner;
      }
      return undefined;
    }
    if (!isRecord(v)) return undefined;
    // (A name alone makes it a policy only for a `state` key, as conditional-access and sign-in policies have; a task's `status` does not.)
    const isPolicy = policy || Object.keys(v).some((kk) => /polic(?:y|ies)_?id|policyId/i.test(kk));
    const namedPolicy = Object.entries(v).some(([kk, w]) => /^(?:display_?name|name|title)$/i.test(kk) && typeof w === "string" && w.length <= 200 && /\b(?:mfa|multi-?factor|2fa|conditional access|sign-?in polic\w*|access polic\w*)\b/i.test(w));
    for (const [k, x] of Object.entries(v)) {
      if (++seen > 500) return undefined;
      if ((PROTECTION_KEY.test(k) || /^(?:waiting_?room|passcode|password_?required|join_?before_?host|sso_?protection|password_?protection)$/i.test(k)) && (NEGATED_KEY.test(k) ? x === true || x === "true" : x === false || x === "false" || x === "disabled" || x === "off" || (x === null && /protection$/i.test(k)))) return [k, x];
      // A step, rule or job named for a security scanner or firewall, switched off by the same object ({stepId: "secscan_semgrep", disabled: true}; a WAF ruleset's rule {enabled: false}).
      if (((/^disabled?$/i.test(k) && (x === true || x === "true")) || (/^enabled$/i.test(k) && (x === false || x === "false"))) && isRecord(v) && Object.values(v).some((w) => typeof w === "string" && w.length <= 200 && SECURITY_STEP.test(w))) return [k, x];
      // Sign-ups let in without confirming their address, or anyone in without an account (Supabase's mailer_autoconfirm, external_anonymous_users_enabled).
      if (/^(?:(?:mailer|email|phone|sms)_?)?auto_?confirm(?:_?(?:email|phone|users?))?$|^(?:external_)?anonymous_?(?:users?_?)?(?:sign_?ins?_?)?enabled$|^allow_?anonymous\w*$/i.test(k) && (x === true || x === "true")) return [k, x];
      // A merge or a push told to skip the repository's policies ({completionOptions: {bypassPolicy: true}}).
      if (/^(?:bypass_?(?:polic(?:y|ies)|rules?|reviews?|checks?|protections?|branch_?protection)|skip_?(?:checks|reviews?|policies))$/i.test(k) && (x === true || x === "true")) return [k, x];
      // A sign-in policy switched off by its state ({policyId, state: "disabled"} on a conditional-access or MFA policy).
      if (/^(?:state|status)$/i.test(k) && typeof x === "string" && /^(?:disabled?|off|inactive)$/i.test(x) && (isPolicy || (namedPolicy && /^state$/i.test(k)))) return [k, x];
      // A setting named by one key and set by another ({id: "waf", value: "off"}, {setting: "ssl", value: "off"}).
      // (Or a build's or a service's parameter named for a check, by its words: env.WARDEN_INTEGRITY_MANIFEST set to skip.)
      if (/^(?:id|name|setting|key)$/i.test(k) && typeof x === "string" && (PROTECTION_SETTING.test(x) || (x.length <= 120 && CHECK_PARAMETER.test(x))) && isRecord(v) && /^(?:off|false|disabled?|none|essentially_off|skip|skipped|0|no)$/i.test(String(v.value ?? v.enabled ?? ""))) return [x, v.value ?? v.enabled];
      // A configuration path whose last parts name a protection, set off ({path: "admin/captcha/enable", value: "0"}, Magento's and similar config stores).
      if (/^(?:path|config_?path|setting_?path)$/i.test(k) && typeof x === "string" && x.length <= 200 && x.split(/[/.]/).some((part) => PROTECTION_SETTING.test(part) || /^(?:two_?factor|csrf|recaptcha|lockout|secure|use_?secure\w*|enable_?(?:captcha|2fa|mfa|csrf))$/i.test(part)) && isRecord(v) && /^(?:off|false|disabled?|none|0|no)$/i.test(String(v.value ?? ""))) return [x, v.value];
      const inner = visit(x, depth + 1, isPolicy);
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  return visit(args, 0);
}

/** Kinds of a person's details, as they are written into a message. */
const PERSONAL_DETAIL: ReadonlyArray<readonly [string, RegExp]> = [
  ["e-mail address", /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/],
  ["phone number", /(?:\+\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/],
  ["street address", /\b\d{1,5}\s+(?:[A-Z][a-z]+\s){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Lane|Ln|Dr|Drive|Way|Ct|Court|Pl|Place)\b\.?/],
  ["card digits", /\b(?:card|visa|mastercard|amex)\b[^.\n]{0,20}?\b(?:ending(?: in)?|last (?:4|four))\s*\d{4}\b/i],
  ["date of birth", /\b(?:dob|date of birth|born)\b[:\s]{0,3}\d/i],
  ["SSN", /\b\d{3}-\d{2}-\d{4}\b/],
  // (Several people's cards in one text is a list of them, whatever else it holds: "Maria … card ending 4417, James … card ending 0291".)
  ["several cards", /\b(?:card|visa|mastercard|amex)\b[^.\n]{0,20}?\b(?:ending(?: in)?|last (?:4|four))\s*\d{4}\b[\s\S]{0,300}?\b(?:card|visa|mastercard|amex)\b[^.\n]{0,20}?\b(?:ending(?: in)?|last (?:4|four))\s*\d{4}\b/i],
  // (A health detail said of a person: "she is on short-term disability", "the claimant's MRI shows …"; not a template's name.)
  ["health details", /\b(?:she|he|her|his|claimant|patient|student|member|employee|child|client)(?:'s)?\b[^.\n]{0,60}?\b(?:diagnos(?:is|ed|es)|MRI|herniation|disability|HIV|pregnan(?:t|cy)|chemotherapy|psychiatric|mental health (?:condition|crisis|history)|prescribed|surgery|oncology|medical (?:condition|alerts?|history))\b(?! (?:queue|service|scheduling|machines?|scanners?|rooms?|team|system|unit|department|ward|templates?|forms?|workflow|module|codes?|table|field|api|endpoint))/i],
];
/** The kinds of a person's details a message's texts hold. */
function personalDetails(strings: readonly string[]): string[] {
  const text = strings.filter((v) => v.length <= 8192).join("\n").slice(0, 32_768);
  return text.length < 12 ? [] : PERSONAL_DETAIL.filter(([, re]) => re.test(text)).map(([kind]) => kind);
}
/** Enough to be about a person: two kinds of detail, or a health detail said of someone (special-category data on its own). */
const aboutAPerson = (kinds: readonly string[]): boolean => kinds.length >= 2 || kinds.includes("health details");

/** A document's name that says it holds credentials. */
const CREDENTIAL_DOCUMENT = /\b(?:break[- ]?glass|root (?:credentials|passwords?|account login)|(?:admin|root|master|shared|prod(?:uction)?|service[- ]account|team) (?:passwords?|credentials|logins?)(?! (?:polic\w*|rotation|reset|requirements?|guidelines?))|passwords? (?:list|sheet|vault|dump|export)|recovery codes?|(?:api|access) keys? (?:list|sheet|inventory))\b/i;

/** A personal mailbox at a consumer mail provider: whoever holds it is not known to the organisation. */
export const PERSONAL_MAILBOX = /@(?:gmail|googlemail|proton|protonmail|pm|outlook|hotmail|live|msn|yahoo|ymail|icloud|me|mac|aol|gmx|mail|yandex|tutanota|tuta|zoho|fastmail|hey|duck|mailfence|posteo)\.(?:com|me|ch|net|de|ru|org|io|co\.uk|fr)$/i;

function recipientsExternal(f: ArgumentFacts): boolean {
  return f.recipients.some((r) => /@|^\+?\d[\d\s-]{6,}$/.test(r) || /^[\w.-]+$/.test(r));
}

/** Reads a tool call into actions; every action that needs a person's look comes with a rule hit. */
/** `facts`: the arguments as argumentFacts read them, when the caller has them already (they are read once a step). */
/** Keys whose short value names the kind of thing acted on (resourceType: Patient, domain: ["lock"]). */
const KIND_KEYS = /^(resource_?type|object_?type|entity_?type|kind|domain|domains|setting|setting_?id|setting_?name|feature|control|device|device_?id|device_?name|device_?type|appliance|target_?object_?id)$/i;

export function readToolCall(tool: string, args: unknown, annotations?: ToolAnnotations, internalDomains: readonly string[] = [], facts: Readonly<ArgumentFacts> = argumentFacts(args, internalDomains)): ToolReading {
  const split = splitToolName(tool);
  const kinds = isRecord(args) ? Object.entries(args).filter(([k]) => KIND_KEYS.test(k)).flatMap(([, v]) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === "string" && /^[\w.-]{1,40}$/.test(v)).slice(0, 4).flatMap((v) => toolWords(v)) : [];
  const name = kinds.length > 0 ? { ...split, object: [...split.object, ...kinds.filter((w) => !split.object.includes(w))] } : split;
  const named = readNamed(tool, name, args, annotations, internalDomains, facts);
  const reading = withProtectedPaths(tool, name, args, named);
  // A tool that does what an argument names: call_service {domain: "lock", service: "unlock"} is
  // also read as lock_unlock, run_action {action: "delete_user"} as delete_user. Both readings
  // count, so the argument can only add to what the name says.
  const { verbClass, verb, object } = name;
  // Every such argument (at most four): an HTTP method or a harmless operation must not hide the action after it.
  const dispatches = isRecord(args) ? Object.entries(args).filter(([k, v]) => DISPATCH_KEYS.test(k) && typeof v === "string" && /^[\w.:-]{1,64}$/.test(v.trim())).slice(0, 4).map(([, v]) => v as string) : [];
  // The name says it dispatches (call_service, run_action) or says nothing of its own (salesforce_dml_records, make_api_request).
  // So does a verb that says only that something is done (manage_patient_records {action: "delete"}, apply_operation {operation_id: "turn_on_burner"}).
  // (call_aws {operation: "DeleteDBInstance"}: a name that only calls says nothing of its own either.)
  const onlyCalls = verb === "call" || verb === "invoke";
  const dispatcher = ((verbClass === undefined || verbClass === "execute" || onlyCalls) && hasWord(object, DISPATCH_OBJECT) !== undefined) || verbClass === undefined || onlyCalls || hasWord(object, /^(api|request|requests|rpc|dml)$/) !== undefined || /^(manage|handle|perform|process|apply|execute|run|do|control|operate)$/.test(verb ?? "");
  if (dispatches.length === 0 || !dispatcher) return reading;
  // A name that only calls, with operations that all read (call_aws {operation: "DescribeDBSnapshots"}): the call reads.
  // (A service name among them, rds or s3, says no verb: only the arguments that do count.)
  const verbed = onlyCalls ? dispatches.map((x) => splitToolName(x.trim().slice(x.trim().lastIndexOf(".") + 1))).filter((n) => n.verbClass !== undefined) : [];
  if (verbed.length > 0 && verbed.every((n) => n.verbClass === "read")) {
    const read = verbed[0]!;
    return withProtectedPaths(tool, { ...read, object: [...object, ...read.object] }, args, readNamed(tool, { ...read, object: [...object, ...read.object] }, args, annotations, internalDomains, facts));
  }
  const d = (args as Record<string, unknown>).domain;
  let out = reading;
  for (const dispatch of dispatches) {
    // The service's own words give the verb (alarm_disarm), the domain's only add to the object: the
    // domain alarm_control_panel must not make "control" the verb. `domain.service` is split at the dot.
    const text = dispatch.trim();
    const dot = text.lastIndexOf(".");
    const domain = dot > 0 ? text.slice(0, dot) : typeof d === "string" && /^[\w-]{1,32}$/.test(d) ? d : "";
    const service = splitToolName(text.slice(dot + 1));
    const named = service.verbClass !== undefined ? { ...service, object: [...toolWords(domain), ...service.object] } : splitToolName(`${domain}_${text}`);
    if (named.verbClass === undefined || named.verbClass === "read") continue;
    const also = readNamed(tool, { ...named, object: [...object, ...named.object] }, args, undefined, internalDomains, facts);
    out = { ...out, actions: [...out.actions, ...also.actions], hits: [...out.hits, ...also.hits] };
  }
  return out;
}

/** Keys whose value is a file the call writes, moves or removes. */
const PATH_KEYS = /^(path|paths|file|file_?path|filepath|filename|file_?name|destination|dest|target|target_?path|target_?file|source|source_?path|src|to|from|old_?path|new_?path)$/i;

/**
 * A path as the file system reads it: repeated slashes and "." segments dropped, ".." resolved
 * ("//etc/sudoers", "/tmp/../etc/sudoers" are /etc/sudoers). A relative path that climbs three or
 * more levels ("../../../../etc/cron.d/x") is taken to reach the root. Linear.
 */
function fileSystemPath(raw: string): string {
  const home = /^(~|\$HOME)\//.exec(raw)?.[0];
  const rest = home !== undefined ? raw.slice(home.length) : raw;
  const parts: string[] = [];
  let climbs = 0;
  for (const seg of rest.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length > 0) parts.pop();
      else climbs++;
    } else parts.push(seg);
  }
  if (home !== undefined) return `${home}${parts.join("/")}`;
  return rest.startsWith("/") || climbs >= 3 ? `/${parts.join("/")}` : raw;
}

/**
 * A call that writes, moves or removes files (write_file, move_file, delete_file, edit_file) on a
 * system or credentials path: what was there is replaced (~/.ssh/authorized_keys, /etc/sudoers).
 */
function withProtectedPaths(tool: string, name: ReturnType<typeof splitToolName>, args: unknown, reading: ToolReading): ToolReading {
  const { verbClass } = name;
  if (!isRecord(args) || !(verbClass === "write" || verbClass === "delete" || verbClass === "trash" || verbClass === "read")) return reading;
  for (const [k, v] of Object.entries(args).slice(0, 64)) {
    if (!PATH_KEYS.test(k) || typeof v !== "string" || v.length > 4096) continue;
    const path = fileSystemPath(v.trim());
    if (verbClass === "read") {
      // A credentials file or a dotenv file read (read_file ~/.kube/config): its secrets are in the agent's hands (T1552.001).
      if (!/^(read|get|view|open|fetch|download|load|retrieve|show)$/.test(name.verb ?? "") || (classifyPath(path) !== "credentials" && !DOTENV.test(path))) continue;
      const action: Action = { capability: "read", target: { name: v.trim(), pathClass: "credentials" }, reversibility: "recoverable", scope: "one" };
      return { ...reading, actions: [...reading.actions, action], hits: [...reading.hits, { id: "tool.read-credentials-file", action, reason: `${tool} reads ${v.trim().slice(0, 120)}, a file of credentials: the secrets in it are in the agent's hands (T1552.001)` }] };
    }
    if (!/^(\/|~\/|\$HOME\/)/.test(path)) continue;
    const pathClass = classifyPath(path);
    if (pathClass !== "system" && pathClass !== "credentials" && pathClass !== "device") continue;
    const action: Action = { capability: verbClass === "write" ? "write" : "delete", target: { name: v.trim(), pathClass }, reversibility: "irreversible", scope: "one" };
    const shown = path === v.trim() ? path : `${v.trim()} (${path})`;
    return { ...reading, actions: [...reading.actions, action], hits: [...reading.hits, { id: "tool.write-protected-path", action, reason: `${tool} ${verbClass === "write" ? "writes" : "removes"} ${shown.slice(0, 120)}, a ${pathClass} path, replacing what was there` }] };
  }
  return reading;
}

/** A host or URL that names this machine: localhost, 127.0.0.1 or ::1, bare, with a port (127.0.0.1:6380) or as a URL's host (redis://127.0.0.1:6379/2). */
function onThisMachine(v: string): boolean {
  const t = v.trim();
  return /^(?:localhost|127\.0\.0\.1|::1|\[::1\])(?::\d{1,5})?$/i.test(t) || /^[a-z][\w+.-]*:\/\/(?:[^\s/@]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:\/[\w./-]*)?$/i.test(t);
}

/** Which protection flag an argument object loosens: force pushes or deletions allowed, no approvals required, admins not held to it. */
function protectionLoosened(args: unknown, depth = 0): string | undefined {
  if (!isRecord(args)) return undefined;
  for (const [k, v] of Object.entries(args)) {
    // (Settings one level down, as Azure DevOps gives them: settings {minimumApproverCount: 0}.)
    if (depth === 0 && isRecord(v) && /^(settings|config|configuration|options|policy|rules?|protection|params|parameters)$/i.test(k)) {
      const inner = protectionLoosened(v, 1);
      if (inner !== undefined) return inner;
    }
    if (/^(allow_?force_?push(es)?|allow_?deletions?|allows_?force_?pushes|allows_?deletions)$/i.test(k) && (v === true || v === "true")) return `${k}: true`;
    // (Infrastructure applied with no one reading its plan: a Terraform workspace's auto_apply.)
    if (/^(auto_?apply|autoApply|auto_?approve)$/i.test(k) && (v === true || v === "true")) return `${k}: true`;
    // (Azure DevOps' minimum-reviewers policy: minimumApproverCount.)
    if (/^(required_?approving_?review_?count|required_?approvals?|approvals_?(before_?merge|required)|min_?approvals|required_?reviewers|minimum_?approver_?count|min_?approvers|minimum_?approvals?|minimum_?reviewers)$/i.test(k) && (v === 0 || v === "0")) return `${k}: 0`;
    if (/^(enforce_?admins|require_?code_?owner_?reviews?|code_?owner_?approval_?required|require_?signed_?commits|required_?linear_?history|require_?status_?checks|strict_?required_?status_?checks_?policy|dismiss_?stale_?reviews|only_?allow_?merge_?if_?pipeline_?succeeds|only_?allow_?merge_?if_?all_?discussions_?are_?resolved|reset_?approvals_?on_?push)$/i.test(k) && (v === false || v === "false")) return `${k}: false`;
    // A review or build policy switched off by name (Azure DevOps' update_branch_policy {policy: "minimum-reviewers", enabled: false}).
    if (/^(?:is_?)?enabled$|^active$/i.test(k) && (v === false || v === "false")) {
      const named = Object.entries(args).find(([n, p]) => /^(?:policy|policy_?type|type|rule|check|name)$/i.test(n) && typeof p === "string" && /review|approv|build|status[-_ ]?check|code[-_ ]?owner|sign|comment[-_ ]?resolution|work[-_ ]?item|merge[-_ ]?strateg/i.test(p));
      if (named !== undefined) return `${named[1] as string}: ${k} false`;
    }
  }
  return undefined;
}

/** MCP servers that act on this machine (files, a local repository, a local database, notes, the shell). */
const LOCAL_SERVER = /^(filesystem|fs|files?|desktop[-_]?commander|memory|git|sqlite|duckdb|shell|terminal|local[\w-]*|everything|notebook|jupyter|docker|obsidian|ide|vscode|editor|think|sequential[-_]?thinking|time|fetch|puppeteer|playwright|browser[\w-]*)$/i;
/** What a service keeps as its record: tickets, issues, documents, records, orders, contacts, tables, backups (not a note, a page or a task, which most services keep in a trash). */
const SERVICE_RECORD = /^(tickets?|issues?|documents?|records?|entries|entry|tenants?|conversations?|invoices?|orders?|deals?|leads?|contacts?|customers?|datasets?|tables?|collections?|databases?|dbs?|backups?|snapshots?)$/;
/** A name that says it is throwaway (ci_tmp_run_8812, preview-pr-12, test_fixtures, scratch). */
const THROWAWAY_NAME = /(?:^|[^a-z0-9])(?:tmp|temp|test|tests|ci|preview|scratch|sandbox|fixtures?|dev|demo|e2e)(?:[^a-z0-9]|$)/i;
/** Whether an MCP tool belongs to a server that acts on another service (mcp__zendesk__delete_ticket), not on this machine. */
const remoteServer = (tool: string): boolean => tool.startsWith("mcp__") && !LOCAL_SERVER.test(tool.split("__")[1] ?? "");

/** A request to approve a change of bank or payment details, or to approve or pay an invoice urgently. */
const APPROVE_PAYMENT_CHANGE = /\b(?:approve|update|change|confirm|switch)\b[^.!?\n]{0,60}?\b(?:bank|remittance|payment|payout|wire|routing|iban|account|direct[\s-]deposit|deposit)[\s-](?:details?|info(?:rmation)?|change|changes|numbers?|instructions)\b|\bnew (?:bank|banking|payment|payout|remittance|wire) (?:details|info(?:rmation)?|instructions|account)\b[^.!?\n]{0,60}?\b(?:approve|update|confirm|switch)\b|\b(?:remittance|bank|banking|payment) (?:details|information|instructions) (?:have |has )?(?:changed|updated|are new)\b|\b(?:approve|update|change|confirm|switch|use|add)\b[^.!?\n]{0,40}?\bnew (?:iban|bank(?: account)?|account number|routing number|payee|remit-?to)\b|\b(?:update|change|switch|set)\b[^.!?\n]{0,40}?\b(?:payee|vendor|supplier|beneficiary|remit-?to)\b[^.!?\n]{0,30}?\bto (?:the )?(?:iban|account|bank account|routing)\b/i;

/** Arguments that ask for every page or thousands of records at once. */
function bulkRead(args: unknown): boolean {
  if (!isRecord(args)) return false;
  return Object.entries(args).some(([k, v]) => (/^(paginate_?all|fetch_?all|all_?pages|get_?all|all|export_?all)$/i.test(k) && v === true) || (/^(limit|page_?size|per_?page|max_?results|count|size|top)$/i.test(k) && typeof v === "number" && v >= 1000));
}

/** A database argument named as a test database (app_test, test_orders, test), with no host given and no prod word anywhere in the arguments. */
function testDatabase(args: unknown, strings: readonly string[]): boolean {
  if (!isRecord(args)) return false;
  if (Object.keys(args).some((k) => /^(host|hostname|server|endpoint|url|uri|connection_?string|dsn)$/i.test(k)) || strings.some((v) => v.length <= 200 && /(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z0-9]|$)/i.test(v))) return false;
  return Object.entries(args).some(([k, v]) => /^(database|db|db_?name|database_?name)$/i.test(k) && typeof v === "string" && /^(?:test|test_\w+|\w+_test(?:_\d+)?|\w+_tests)$/i.test(v.trim()));
}

/**
 * A call read from its verb, its object's words and its arguments' facts (readToolCall's reading of
 * one name; the prose reader's of one sentence). `tool` names the call in reasons.
 */
export function readNamed(tool: string, name: ReturnType<typeof splitToolName>, args: unknown, annotations: ToolAnnotations | undefined, internalDomains: readonly string[], facts: Readonly<ArgumentFacts>): ToolReading {
  let { verb, verbClass, object } = name;
  // Formatting wipes a disk, a partition or a volume; formatting code, a document or a repository
  // (ruff format, prettier) lays out text.
  if (verb === "format" && !hasWord(object, /^(disks?|drives?|partitions?|volumes?|filesystems?|fs|devices?|ssds?|hdds?|cards?|usb|sticks?|media|storage|servers?|machines?|laptops?|phones?|hosts?|nodes?|computers?|sd[a-z]?\d*|nvme\w*)$/) && !object.some((w) => w.startsWith("/dev/"))) verbClass = "write";
  // A deployment, release or build promoted goes to the next stage: production, unless the call names another.
  if (verb === "promote" && hasWord(object, /^(deployments?|releases?|builds?|versions?|artifacts?|images?|revisions?|previews?|canary|canaries)$/)) {
    verbClass = "deploy";
    if (!facts.production && !facts.strings.some((v) => v.length <= 64 && testEnvironmentNamed(v))) facts = { ...facts, production: true };
  }
  // A branch or tag unprotected (unprotect_branch): its protection is what is turned off.
  if (verb === "unprotect") object = [...object, "protection"];
  // Running a plan, a diff or a validation (run_plan, execute_preview) shows what would change and changes nothing.
  // (Not "execute_plan", which applies a saved plan, nor a migration's plan, nor one told to approve itself.)
  // (A tool's name, not a sentence: "running the plan_tier backfill" is no plan.)
  if (!/\s/.test(tool) && (verb === "run" || verb === "preview") && hasWord(object, /^(plan|plans|preview|previews|diff|diffs|validate|validation|lint|fmt)$/) !== undefined && !hasWord(object, /^(apply|destroy|deploy|migrate|migration|migrations|import)$/) && !(isRecord(args) && Object.entries(args).some(([k, v]) => /^(auto_?approve|apply|plan_?file|planfile)$/i.test(k) && v !== false && v !== undefined))) verbClass = "read";
  // An Ansible job launched in check mode (AWX's job_type "check"): it shows what would change. (Only
  // that parameter of that kind of tool: a dry_run flag an agent adds to any call may be one the
  // server ignores, so it lowers nothing.)
  if (isRecord(args) && args.job_type === "check" && hasWord(object, /^(jobs?|templates?|playbooks?|awx|tower|ansible)$/) !== undefined && (verbClass === "execute" || verbClass === "deploy")) verbClass = "read";
  // A query over logs, metrics or traces run (execute_log_insights_query, run_logs_query): it reads them.
  // (Or a query in a language that only reads, named by its key: KQL, PromQL, LogQL; a KQL control command, ".drop …", is not one.)
  const readOnlyQuery = isRecord(args) && Object.entries(args).some(([k, v]) => /^(kql|promql|logql|traceql)$/i.test(k) && typeof v === "string" && !/^\s*\./.test(v));
  if (!/\s/.test(tool) && (verb === "execute" || verb === "run" || verb === "start") && hasWord(object, /^(query|queries|search|searches)$/) !== undefined && (hasWord(object, /^(logs?|insights|metrics|traces?|spans?|events|analytics|sentinel|siem|kusto|kql|loganalytics|prometheus|loki)$/) !== undefined || readOnlyQuery)) verbClass = "read";
  // Access created (create_guest_access, create_access_grant) is access given.
  if (verbClass === "write" && verb === "create" && hasWord(object, /^access$/)) verbClass = "grant";
  // "turn on", "switch on": the opposite of off (HassTurnOn a light, a lock).
  if ((verb === "turn" || verb === "switch") && hasWord(object, /^on$/) && !hasWord(object, /^off$/)) {
    // A lock turned on is locked: the safe direction.
    if (hasWord(object, /^locks?$/)) {
      verb = "lock";
      verbClass = "revoke";
    } else verbClass = "write";
  }
  // The noun says it deletes (schedule_key_deletion) or gives access (create_role_assignment).
  if ((verbClass === undefined || verbClass === "write") && hasWord(object, DELETE_NOUN)) verbClass = "delete";
  // A link to a stored file or folder shares it (DropboxCreateLink, create_shared_link).
  const grantNoun = hasWord(object, GRANT_NOUN) ?? (hasWord(object, /^(dropbox|drive|box|onedrive|sharepoint|file|files|folder|folders|document|documents|doc|docs|item|items|shared|sharing)$/) ? hasWord(object, /^(link|links|sharedlink|sharelink)$/) : undefined);
  // (Bindings of code are no grant: "regenerate the protobuf bindings", "the Python bindings". A binding is access when a role, a policy or IAM is named.)
  const codeBindings = grantNoun !== undefined && /^bindings?$/.test(grantNoun) && hasWord(object, /^(roles?|rolebindings?|clusterroles?|iam|policy|policies|members?|principals?|subjects?|serviceaccounts?|accounts?|groups?|users?)$/) === undefined && !facts.adminGrant && !/\b(?:roles?|cluster-?admin|iam|rbac|admin|access)\b/i.test(tool);
  if ((verbClass === undefined || verbClass === "write") && grantNoun && !codeBindings && !/^(get|list|read)$/.test(verb ?? "") && !hasWord(object, MONEY)) verbClass = "grant";
  // A device or node let into the organisation's network (tailscale authorize_device, approve_node): it reaches what the network reaches.
  if ((verb === "authorize" || verb === "approve") && hasWord(object, /^(devices?|nodes?|machines?|hosts?|endpoints?)$/) !== undefined) object = [...object, "access"];
  // A port opened in an environment named for staging or tests, to no one outside and not to everyone (after a default deny, "open only the port the API needs"): the test environment's own network.
  if (verbClass === "unlock" && verb === "open" && hasWord(object, /^ports?$/) !== undefined && !reachesOthers(facts) && !facts.production && (testEnvironmentNamed(tool) || inTestEnvironment(args))) verbClass = "write";
  // An update that archives or trashes what it changes (archived: true, add_labels: ["TRASH"]) takes
  // it away too: read both ways, so the flag adds a removal and never hides what else the call does
  // (a production change, a logging switch turned off, a payee changed).
  if ((verbClass === undefined || verbClass === "write" || verbClass === "control") && facts.trash) {
    const untrashed = { ...facts, trash: false };
    const asIs = readNamed(tool, { verb, verbClass, object }, args, annotations, internalDomains, untrashed);
    const asTrash = readNamed(tool, { verb, verbClass: "trash", object }, args, undefined, internalDomains, untrashed);
    return { ...asIs, actions: [...asIs.actions, ...asTrash.actions], hits: [...asIs.hits, ...asTrash.hits.filter((h) => !asIs.hits.some((x) => x.id === h.id))] };
  }
  // A tool with no verb named for what it reports (quota_report, usage_summary, cluster_status): it reads.
  // (The server's own name, lustre-admin, says what it serves: an "admin" there gives no access.)
  // (Not one that acts on many of them: bulk_resolve_reports resolves reports.)
  if (verbClass === undefined && !/\s/.test(tool) && /(?:^|[_-])(?:report|summary|status|stats|statistics|usage|metrics|overview|inventory)$/i.test(tool) && !object.some((w) => /^(all|batch|bulk|mass|many|every)$/.test(w))) verbClass = "read";
  // A batch or run of payments carried out (execute_payout_batch, submit_payroll, release_payout_batch):
  // the money moves. (Not a transfer of files, globus submit_transfer; not a preview or a report of one.)
  // (Run or approved, by a tool's name only: a sentence's "running pytest on the payments module" moves nothing, and prose.ts reads a run of payments itself.)
  if (((verbClass === "execute" || verb === "approve") && !/\s/.test(tool) || /^(process|release|submit|trigger)$/.test(verb ?? "")) && hasWord(object, /^(payouts?|payments?|disbursements?|payrolls?|wires?|remittances?|refunds?)$/) !== undefined && hasWord(object, /^(reports?|previews?|simulations?|dry|estimates?|status|drafts?|tests?|details|changes?|requests?|methods?)$/) === undefined) verbClass = "spend-or-send";
  // A draft is written, not sent: draft_email, DraftMessage (but send_draft sends it).
  if (verbClass === "spend-or-send" && /^(email|message|text|sms|mail)$/.test(verb ?? "") && hasWord(object, /^drafts?$/)) verbClass = "write";
  const actions: Action[] = [];
  const hits: { id: string; action: Action; reason: string }[] = [];
  const obj = object.join(" ") || "something";
  // The name itself may say it acts on everything: batch_delete, DeleteAllNotes, bulk_update.
  // (A read named for a batch, get_batch_status, reads one batch's status.)
  const bulkName = object.some((w) => /^(all|batch|bulk|mass|many|every|everything|entire)$/.test(w)) && !(verbClass === "read" && object.includes("batch") && hasWord(object, /^(status|state|summary|details?|info)$/) !== undefined);
  const f: Readonly<ArgumentFacts> = bulkName && !facts.bulk ? { ...facts, bulk: true } : facts;
  // (A cache or CDN invalidation for every path fills again: one target, the cache.)
  const scope: Scope = (f.wildcard || f.bulk) && hasWord(object, /^(invalidations?|cache|caches)$/) === undefined ? "account" : "one";
  const extras = [f.production ? "in production" : "", f.public ? "made public" : "", f.wildcard ? `for every match (${f.wildcard})` : f.bulk ? "in bulk" : ""].filter(Boolean).join(", ");
  const tail = extras ? ` (${extras})` : "";
  // (A ticket filed or commented on is a note about production, not a change to it: create_issue {project: "LIVE"}. Not a transition, which may deploy.)
  const ticket = verb !== undefined && /^(create|add|file|open|comment|post|update|edit|assign|link|label)$/.test(verb) && hasWord(object, /^(issues?|tickets?|comments?|bugs?|stor(?:y|ies)|epics?|tasks?|subtasks?)$/) !== undefined;
  const base: Pick<Target, "production" | "public"> = { production: f.production && !ticket, public: f.public };
  const add = (id: string, capability: Capability, reversibility: Reversibility, s: Scope, reason: string, t: Partial<Target> = {}) => {
    const action: Action = { capability, target: { name: `${tool}`, ...base, ...t }, reversibility, scope: s };
    actions.push(action);
    hits.push({ id, action, reason });
  };
  // The arguments as JSON text, for the checks that read them whole: made once, on first use.
  let argsJson: string | undefined;
  const argsText = (): string => (argsJson ??= JSON.stringify(args ?? ""));
  // Money words that name something else unless the call says money: a card with no amount, limit,
  // currency or cardholder is a board's or a dashboard's card (Metabase, Trello); tokens with no
  // amount and no chain, coin or wallet are API or test tokens; a transfer of files, data or a
  // dataset between endpoints (Globus, SFTP) moves no money; a payment service's own records
  // (stripe create_customer, paypal create_webhook) are the service's, its name the only money word.
  const moneyWords = object.filter((w) => MONEY.test(w));
  const notMoney = f.amounts.length === 0 && moneyWords.length > 0 && !/"(?:amount|currency|spending_?limits?|spend_?limit|cardholder|card_?number|funding|iban|account_?number|routing)"/i.test(argsText()) && (
    (moneyWords.every((w) => /^(stripe|paypal|venmo|binance|coinbase|brokerage|billing)$/.test(w)) && hasWord(object, /^(customers?|products?|prices?|plans?|webhooks?|profiles?|users?|contacts?|notes?|comments?|tags?|labels?|metadata)$/) !== undefined) ||
    moneyWords.every((w) => /^cards?$/.test(w)) ||
    // (A work order, a maintenance or service order, is a job for someone to do: create_work_order for a stuck damper.)
    (moneyWords.every((w) => /^orders?$/.test(w)) && hasWord(object, /^(work|workorders?|maintenance|service|change|job|repair)$/) !== undefined) ||
    (moneyWords.every((w) => /^tokens?$/.test(w)) && !/\b(?:wallets?|coins?|crypto|eth|btc|usdc|usdt|sol|chain|on-?chain|dex|defi|stake|exchange|erc-?20|spl)\b/i.test(argsText())) ||
    (moneyWords.every((w) => /^transfers?$/.test(w)) && /\b(?:data|files?|datasets?|survey|archive|endpoints?|globus|sftp|rsync|scp|bytes|folders?|director(?:y|ies)|items|paths?|objects?|uploads?|downloads?)\b/i.test(`${object.join(" ")} ${argsText()}`) && !/\b(?:payments?|funds|money|usd|eur|gbp|bank|wire|payee|invoice|accounts?|acct)\b|_account\b/i.test(argsText())));
  const money = notMoney ? undefined : hasWord(object, MONEY);
  const message = hasWord(object, MESSAGE);
  const access = hasWord(object, ACCESS);
  // AWS Config's configuration recorder records every change to the account, as a trail records every call.
  const configRecorder = hasWord(object, /^recorders?$/) !== undefined && hasWord(object, /^(config|configuration)$/) !== undefined ? "configuration recorder" : undefined;
  const security = controlNamed(object, SECURITY) ?? configRecorder;
  const physical = hasWord(object, PHYSICAL);
  // A call that acts in the physical world (a door, a valve, a vehicle): the same reading wherever the verb leads to it.
  const physicalAct = () => add("tool.physical", "execute", "irreversible", f.wildcard !== undefined || f.bulk ? "account" : "one", `${tool} acts in the physical world (${verb} ${obj})${f.wildcard !== undefined ? `, every one of them (${f.wildcard})` : ""}${tail}`, { external: true });
  const publishPlace = hasWord(object, PUBLISH_PLACE);
  const store = hasWord(object, STORE);
  const amount = f.amounts.length ? ` of ${f.amounts.join(", ")}` : "";
  const recordKeeping = controlNamed(object, RECORD_KEEPING) ?? configRecorder;
  const secrets = hasWord(object, SECRET_STORE);
  // An identity provider's sign-in or access policy (Okta's sign-on policies, Entra's conditional access): it covers every user it names, the organisation's sign-in.
  // (A policy, not one person's factor or authenticator: resetting a user's MFA after a lost phone is help-desk work.)
  const identityPolicy = hasWord(object, IDENTITY_PROVIDER) !== undefined && hasWord(object, /^(policy|policies|conditional|signon)$/) !== undefined;
  /** Turns a protection off; one that keeps the record of what happens (audit, logging) for the whole account, and for good. */
  const disable = (): void => {
    // Alerts quieted for a named non-production host or environment (a planned mute of staging-db-02): nothing that serves users goes unwatched.
    const targets = isRecord(args) ? Object.entries(args).filter(([k, v]) => /^(scope|host|hostname|tags?|query|monitor|monitor_?ids?|env|environment|service)$/i.test(k) && typeof v === "string").map(([, v]) => v as string) : [];
    const nonProduction = !f.production && targets.length > 0 && targets.every((v) => v.length <= 120 && !/\*|\bprod|\bproduction|\bOR\b/i.test(v) && testEnvironmentNamed(v));
    if (nonProduction && hasWord(object, /^(monitor|monitors|alert|alerts|alarm|alarms|notifications?)$/) !== undefined && !hasWord(object, /^(security|guardduty|siem|audit|auditing|edr|defender|waf|firewall|intrusion|ids|ips|fraud)$/)) {
      actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      return;
    }
    if (recordKeeping) add("tool.disable-record-keeping", "impair-defences", "irreversible", "account", `${tool} turns off ${obj}${tail}: nothing done while it is off is ever recorded`);
    else if ((scope === "account" && (hasWord(object, ORGANISATION) || orgArgument(args))) || hasWord(object, WHOLE_ORGANISATION) || identityPolicy) add("tool.disable-protection", "impair-defences", "recoverable", "system", `${tool} turns off ${obj}${tail} for a whole organisation: everything it guarded is exposed at once`);
    // A security control of production itself (its WAF, EDR, sign-in checks, signature or TLS verification, branch protection): what it guarded there is open to anyone who tries (not a monitor or an alert, which only watch).
    else if (f.production && (controlNamed(object, PRODUCTION_GUARD) !== undefined || (hasWord(object, /^branch$/) !== undefined && hasWord(object, /^protections?$/) !== undefined)) && hasWord(object, /^(monitor|monitors|alert|alerts|alarm|alarms|notifications?|dashboards?|pages?|paging)$/) === undefined) add("tool.disable-protection", "impair-defences", "recoverable", "system", `${tool} turns off ${obj}${tail}: a security control of production stops working, and what it guarded there is open`);
    // The organisation's own security products (the EDR or antivirus on its hosts, the WAF in front of
    // its sites, its cloud threat detection): they guard what is live, production whether or not a
    // name says so, unless the arguments name a test environment. (Session 22: the blind sets call
    // such a control switched off a hard stop, a monitor muted or a branch unprotected a pause.)
    // (Not on one person's computer, "this workstation", "my laptop": that one machine is exposed.)
    else if (controlNamed(object, SECURITY_PRODUCT) !== undefined && !inTestEnvironment(args) && !(f.oneComputer === true || ONE_COMPUTER.test(argsText()))) add("tool.disable-protection", "impair-defences", "recoverable", "system", `${tool} turns off ${obj}${tail}: the organisation's own security product stops guarding the live hosts or sites it covers`);
    else add("tool.disable-protection", "impair-defences", "recoverable", scope === "account" ? "account" : "one", `${tool} turns off ${obj}${tail}: a protection stops working`);
  };
  // What the arguments say whatever the verb: a flag that destroys, an expiration rule, a grant of
  // full control, mail forwarded outside from now on, a message to everyone, a file sent outside.
  // (A plan with destroy set shows what a destroy would do; it changes nothing.)
  if (f.destroy && verbClass !== "read" && verbClass !== "delete" && verb !== "plan" && verb !== "preview" && !hasWord(object, /^(plan|plans|preview|diff)$/)) add("tool.destroy-flag", "delete", "irreversible", "account", `${tool} is told to destroy (${obj})${tail}, which cannot be undone`);
  if (f.expiration && verbClass !== "read" && hasWord(object, /^(lifecycle|retention|expiration|ttl)$/)) add("tool.expire-objects", "delete", "irreversible", "account", `${tool} sets a rule that deletes ${obj} after a time${tail}`);
  // Full control in a test environment, to no free-mail or guest account: the blind sets' "broad
  // internal grant", a pause. In production, where the call names no test environment, or to an
  // outside account: "admin given to an unknown party", a hard stop. (Session 22: 44 of 69 grants
  // labelled a pause were in an environment named for testing; none labelled a hard stop was.)
  if (f.adminGrant && verbClass !== "read" && verbClass !== "revoke" && verbClass !== "delete") {
    const testOnly = !f.production && inTestEnvironment(args) && !namesOutsideAccount(argsText());
    add("tool.grant-admin", "escalate", "recoverable", testOnly ? "one" : "account", `${tool} grants full control (an administrator or owner role)${tail}${testOnly ? ", in a test environment" : ""}`);
  }
  // A Perforce protections line for every user (write user * * //depot/…): anyone with an account can change those files. (An internal grant, however
  // broad, is a pause, as session 22 decided for grants to a whole organisation.)
  const protections = verbClass !== "read" && verbClass !== "delete" && verbClass !== "revoke" && hasWord(object, /^(?:perforce|p4|helix|protections?|protect)$/) !== undefined ? f.strings.map((v) => PROTECTIONS_EVERYONE.exec(v)).find((m) => m !== null) : undefined;
  if (protections != null) {
    const [mode, , , , depot] = protections[0].trim().split(/\s+/);
    add("tool.grant-everyone", "grant-access", "recoverable", "tree", `${tool} gives every user ${mode!.replace(/^=/, "")} access to ${depot ?? "the depot"}${tail}: anyone with an account can change those files`);
  }
  // A running system taken out of service by a state argument (update_partition {state: "DOWN"},
  // set_site_mode {transmitter: "off"}, update_node {state: "drain"}): what it serves stops, and
  // everyone who relies on it waits (T1489). (Not in an environment named for tests.)
  const outOfService = verbClass !== "read" && verbClass !== "delete" && isRecord(args) && hasWord(object, SERVING) !== undefined ? Object.entries(args).find(([k, v]) => /^(?:state|status|admin_?state|mode|power|power_?state|transmitter|transmit|service_?state|availability)$/i.test(k) && typeof v === "string" && /^(?:down|offline|off|drain|drained|draining|fail|maintenance|out_?of_?service|inactive|power_?off|powered_?off|shutdown|halted?|disabled)$/i.test(v.trim())) : undefined;
  // (What names the environment is the target, not the reason given: "testing new prolog" on the ops partition is ops.)
  if (outOfService !== undefined && !inTestEnvironment(Object.fromEntries(Object.entries(args as Record<string, unknown>).filter(([k]) => !/^(?:reason|description|comment|notes?|message|why|summary|ticket)$/i.test(k))))) add("tool.out-of-service", "write", "recoverable", "account", `${tool} sets ${outOfService[0]} to ${String(outOfService[1])} (${obj})${tail}: what it serves stops, and everyone who relies on it waits (T1489)`);
  // A tool that sets up forwarding (update_auto_forwarding {emailAddress}) forwards to any address it is given, unless it turns forwarding off.
  // Its target: an address among the arguments, or a recipient outside named otherwise ("to the external reviewer").
  const forwarding = hasWord(object, /^(forwarding|autoforwarding)$/) !== undefined && !(isRecord(args) && args.enabled === false);
  const forwardAddresses = forwarding ? f.strings.filter((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) && !internalDomains.some((d) => v.trim().toLowerCase().endsWith(`@${d.toLowerCase()}`))) : [];
  // A mail rule or filter (an inbox, message or transport rule, a journal rule): what it does, it does to every message from now on.
  const rule = hasWord(object, /^(rules?|transportrules?|inboxrules?|messagerules?|filters?|journal|journaling)$/) !== undefined;
  const forwardTo = f.forwardTo.length > 0 ? f.forwardTo : rule && f.ruleForwardTo.length > 0 ? f.ruleForwardTo : forwardAddresses.length > 0 ? forwardAddresses : forwarding ? f.recipients : [];
  // A mail rule or filter that moves security mail out of sight (from security or alert senders, archived, deleted or marked read): T1564.008.
  if (verbClass !== "read" && verbClass !== "delete" && rule && argsText().length <= 16_384 && HIDES_SECURITY_MAIL.test(argsText().replace(/[{}"\[\],:]+/g, " "))) add("tool.hide-security-mail", "impair-defences", "recoverable", "one", `${tool} sets a mail rule that moves security mail out of sight${tail}: warnings and alerts go unread (T1564.008)`);
  if (forwardTo.length > 0 && verbClass !== "read" && verbClass !== "delete") add("tool.forward-outside", "exfiltrate", "irreversible", "account", `${tool} forwards mail or messages to ${forwardTo.slice(0, 2).join(", ")} from now on${tail}`, { external: true, personal: true });
  // A message that gives a password or key's value ("prod DB password for anyone debugging: Pr0d!2026"):
  // it stays in every reader's history. To a channel everyone reads or outside, the credential is out.
  // (The reason never quotes the message: the value would be stored in the audit log and answered to the agent.)
  const givenSecret = message && verbClass !== "read" && verbClass !== "delete" && f.strings.some((v) => v.length <= 8192 && GIVES_SECRET.test(v));
  if (givenSecret) {
    const wide = f.broadcast || f.public || recipientsExternal(f);
    add("tool.message-credentials", wide ? "exfiltrate" : "communicate", "irreversible", wide ? "account" : "one", `${tool} sends a password or key's value in a message${wide ? " everyone there can read" : ""}${tail}`, { pathClass: "credentials", external: recipientsExternal(f) });
  }
  if (f.broadcast && (verbClass === "spend-or-send" || verbClass === "publish" || verbClass === "write" || verbClass === undefined) && message) add("tool.broadcast", "communicate", "irreversible", "account", `${tool} sends a message that notifies everyone in the channel${tail}`);
  const dataFiles = f.attachments.filter((a) => DATA_FILE.test(a));
  // A people's-data file posted into a chat or message place (slack_upload_file customers.csv): shared wider than where it was.
  if (dataFiles.length > 0 && !recipientsExternal(f) && message && (verbClass === "publish" || verbClass === "spend-or-send" || verbClass === "write")) add("tool.share-data-file", "communicate", "irreversible", "one", `${tool} posts ${dataFiles.slice(0, 2).join(", ")} to ${obj}${tail}`, { personal: true });
  // A webhook or subscription to an outside URL sends this account's events there from now on.
  const outsideHost = (v: string): boolean => {
    const h = /^https?:/i.test(v.trim()) ? hostOf(v.trim())?.toLowerCase() : undefined;
    return h !== undefined && isExternalHost(h) && !internalDomains.some((d) => h === d.toLowerCase() || h.endsWith(`.${d.toLowerCase()}`));
  };
  const hookUrl = hasWord(object, /^(webhooks?|hooks?|subscriptions?)$/) && verbClass !== "read" && verbClass !== "delete" ? f.strings.find(outsideHost) : undefined;
  // (Shown as its host: a hook URL's path or query may be its secret.)
  if (hookUrl !== undefined) add("tool.webhook-outside", "communicate", "recoverable", "account", `${tool} sends this account's events to ${hostOf(hookUrl.trim()) ?? "another host"} from now on${tail}`, { external: true });
  // A group's settings opened to anyone (whoCanPostMessage: ANYONE_CAN_POST, whoCanJoin: ANYONE_CAN_JOIN): mail from outside reaches every member as if from inside.
  if (verbClass !== "read" && verbClass !== "delete" && hasWord(object, /^(groups?|group_?settings|settings)$/) !== undefined && isRecord(args) && Object.entries(args).some(([k, v]) => /^who_?can_?(?:post_?message|join)$/i.test(k) && typeof v === "string" && /^ANYONE_CAN_(?:POST|JOIN)$/i.test(v.trim()))) add("tool.group-opened", "grant-access", "recoverable", "one", `${tool} lets anyone post to or join ${obj}${tail}: mail from outside reaches every member as if from inside`, { external: true });
  // An automation that takes people's records from a system and posts each one to an outside URL (create_zap {trigger: Salesforce Contact,
  // actions: [{webhooks post https://hooks.crm-backup.io/…}]}): every new record goes there from now on (T1567).
  if ((verbClass === "write" || verbClass === "deploy" || verbClass === undefined) && hasWord(object, /^(zaps?|workflows?|automations?|flows?|scenarios?|recipes?|integrations?|pipelines?|syncs?)$/) !== undefined && isRecord(args) && hookUrl === undefined) {
    const text = argsText();
    const outside = text.length <= 16_384 ? f.strings.find(outsideHost) : undefined;
    if (outside !== undefined && /"(?:object|sobject|record_?type|table|resource|entity)"\s*:\s*"(?:contacts?|leads?|donors?|customers?|patients?|members?|subscribers?|students?|users?|employees?|accounts?|participants?|clients?)"/i.test(text)) add("tool.records-to-outside-endpoint", "exfiltrate", "irreversible", "account", `${tool} sets up an automation that sends each new record about people to ${hostOf(outside.trim()) ?? "another host"}${tail}: every one goes there from now on, and none can be called back (T1567)`, { external: true, personal: true });
  }
  // A key, a password store or a credentials file attached to what is sent outside.
  const credentialFiles = f.attachments.filter((a) => a.length <= 1024 && classifyPath(a.trim()) === "credentials");
  // A write counts only with someone to send to (a draft with a recipient): a file tool's own path
  // (Write's file_path: ~/.ssh/authorized_keys) is where it writes, not what it sends.
  if (credentialFiles.length > 0 && (verbClass === "spend-or-send" || verbClass === "publish" || (verbClass === "write" && f.recipients.length > 0))) add("tool.send-credentials", "exfiltrate", "irreversible", "one", `${tool} sends ${credentialFiles.slice(0, 2).join(", ")}${f.recipients.length ? ` to ${f.recipients.slice(0, 2).join(", ")}` : ""}${tail}: credentials leave this machine`, { external: true, pathClass: "credentials" });
  // A credential's value put into a repository, a gist, a wiki page or a paste (create_or_update_file examples/.env with a live key):
  // everyone who can read it has it, and the place's history keeps it after it is taken out (T1552.001).
  const sharedPlace = (verbClass === "write" || verbClass === "publish") && (hasWord(object, /^(gists?|snippets?|pastes?|pastebin|wiki|wikis|pages?|repos?|repository|repositories)$/) !== undefined || (isRecord(args) && Object.keys(args).some((k) => /^(owner|repo|repository|project_?id|gist_?id|space_?key|page_?id|parent_?page_?id)$/i.test(k))));
  // (Not into a test's fixtures or a file named as an example, .env.example: a token there is the test's own or a
  // placeholder. An examples/ folder is not one: a real key in a published example is out.)
  const placePath = isRecord(args) ? Object.entries(args).find(([k, v]) => /^(path|file_?path|filename|file)$/i.test(k) && typeof v === "string")?.[1] as string | undefined : undefined;
  const published = sharedPlace && !(placePath !== undefined && (/(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|testdata)\//i.test(placePath) || /\.(?:example|sample|template|dist)$/i.test(placePath))) ? firstOf(f.strings, credentialValueIn) : undefined;
  if (published !== undefined) add("tool.credential-published", "exfiltrate", "irreversible", "one", `${tool} puts a credential's value (${published}) into ${obj}${tail}: everyone who can read it has it, and its history keeps it after it is taken out (T1552.001)`, { pathClass: "credentials" });
  if (dataFiles.length > 0 && recipientsExternal(f) && verbClass === "spend-or-send") add("tool.send-data-file", "exfiltrate", "irreversible", "one", `${tool} sends ${dataFiles.slice(0, 2).join(", ")} to ${f.recipients.slice(0, 2).join(", ")}${tail}`, { external: true, personal: true });
  // A container given the host (privileged, / or the Docker socket mounted): root on the host (T1611).
  if (f.hostEscape && verbClass !== "read" && verbClass !== "delete" && verbClass !== "trash") add("tool.container-escape", "escalate", "recoverable", "system", `${tool} starts a container with the host's root, Docker socket or namespaces${tail}: whoever runs in it is root on the host`);
  // Ownership handed to someone else (transfer_repository {new_owner}): control of it leaves.
  const newOwner = isRecord(args) ? Object.entries(args).find(([k, v]) => /^(new_?owner(_?id|_?name)?|to_?owner|target_?owner|new_?org(anization)?)$/i.test(k) && typeof v === "string")?.[1] as string | undefined : undefined;
  if ((verb === "transfer" && f.amounts.length === 0 && !hasWord(object, MONEY) && hasWord(object, /^(repo|repos|repository|repositories|project|projects|ownership|owner|domain|domains|organization|org|team|workspace)$/)) || (newOwner !== undefined && verbClass !== "read")) add("tool.transfer-ownership", "grant-access", "recoverable", hasWord(object, ORGANISATION) ? "account" : "one", `${tool} hands ownership of ${obj}${newOwner ? ` to ${newOwner}` : ""}${tail}: control of it leaves`, { external: recipientsExternal(f) });
  // A new key, token or credential made (create_access_key, add_deploy_key): a new way in (T1098.001).
  if ((verbClass === "write" || verbClass === "grant") && verb !== undefined && /^(create|add|generate|issue|make|regenerate|register)$/.test(verb) && hasWord(object, /^(keys?|tokens?|credentials?|passwords?|secrets?|apikeys?|pats?|certificates?)$/) && hasWord(object, /^(access|iam|admin|root|service|personal|pat|pats|deploy)$/) && !hasWord(object, /^(test|sandbox|dev|local|staging|read|readonly)$/) && !(isRecord(args) && (args.read_only === true || args.readOnly === true || args.readonly === true))) add("tool.create-credential", "grant-access", "recoverable", "one", `${tool} creates a new credential (${obj})${tail}: a new way in to the account`);
  // Where money is paid to, changed (a vendor's bank account, an employee's direct deposit): the next payments go there (the payment-fraud pattern).
  const payeeKey = isRecord(args) && Object.keys(args).some((k) => /^(bank_?routing|routing_?number|bank_?account(_?number)?|acct_?num|account_?number|iban|swift|bic|payout_?account|direct_?deposit)$/i.test(k));
  if ((verbClass === "write" || verbClass === undefined) && verb !== "create" && (payeeKey || hasWord(object, /^(payee|payees|iban|ibans|remittance)$/) || (hasWord(object, /^(deposit|routing)$/) && hasWord(object, /^(account|accounts|bank|details|change|update|direct|number)$/)))) add("tool.change-payee", "spend", "irreversible", "one", `${tool} changes where payments go (${obj})${tail}: the next ones are paid there`);
  // A service scaled or updated to run nothing (scale_count {count: 0}, update_service {desiredCount: 0},
  // patch {spec: {replicas: 0}}): it stops answering (T1489). A bare count or size is a replica count only for scale.
  const scaledToNothing = verb !== undefined && /^(scale|set|update|patch|resize|modify|configure)$/.test(verb) && scaledToZero(args, verb === "scale" ? /^(count|replicas|instances|desired_?count|desired_?capacity|size|min_?size|max_?size)$/i : /^(replicas|replica_?count|desired_?count|desired_?capacity|max_?size|quantity|instance_?count|dynos|worker_?count|node_?count|max_?replicas)$/i);
  if (scaledToNothing) add("tool.scale-to-zero", "impair-defences", "recoverable", "one", `${tool} ${verb === "scale" ? "scales" : "sets"} ${obj} to run nothing${tail}: the service stops answering`);
  // A DNS record changed or removed: a name's traffic (mail, logins, API calls) goes elsewhere.
  const dns = hasWord(object, /^(dns|route53|recordsets?|rrsets?)$/) !== undefined || (hasWord(object, /^records?$/) !== undefined && (hasWord(object, /^(zones?|domains?|cloudflare|hostedzone|aaaa|cname|mx|txt|ns|srv)$/) !== undefined || object.some((w) => /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/.test(w))));
  if (dns && (verbClass === "write" || verbClass === "delete" || verbClass === undefined)) add("tool.change-dns", "write", "recoverable", "account", `${tool} changes where a name's traffic goes (${obj})${tail}`, { external: true });
  // Sign-in turned off in production (AUTH_REQUIRED=false, auth.disabled: true): every user's data is open to anyone.
  if (f.production && verbClass !== "read" && verbClass !== "delete" && AUTH_OFF.test(argsText().slice(0, MAX_ARGS_SCANNED))) add("tool.auth-off-in-production", "impair-defences", "recoverable", "system", `${tool} turns authentication off in production${tail}: anyone can reach what sign-in guarded`);
  // Alerts silenced for a while (a maintenance window, a downtime, a silence; a monitor muted in production or with no end): what breaks meanwhile pages no one.
  // Alerts silenced for a while (a maintenance window, a mute with no end), or a monitor paused through its settings (update_monitor {paused: true}): what breaks meanwhile pages no one (T1562.006).
  // (Paused as muted: "pausing all 60 uptime monitors".)
  const silencedForAWhile = (verbClass === "write" || verbClass === undefined || (verbClass === "disable" && /^(mute|silence|snooze|suppress)$/.test(verb ?? "")) || verb === "pause" || verb === "add") && verb !== "list" && (hasWord(object, /^(maintenance|downtime|downtimes|silence|silences)$/) !== undefined || (/^(mute|silence|snooze|suppress|pause)$/.test(verb ?? "") && hasWord(object, /^(monitors?|alerts?|alarms?|checks?|detectors?|notifications?)$/) !== undefined && (f.production || !(isRecord(args) && Object.keys(args).some((k) => /^(end|until|expires?|expir\w*|end_?(?:time|at|date)|duration|ttl|minutes|hours)$/i.test(k)))))) && (security || hasWord(object, /^(pagerduty|opsgenie|datadog|datadoghq|alertmanager|grafana|newrelic|statuspage|monitors?|alerts?|incidents?)$/) !== undefined);
  // (A security scan's schedule too, update_scan {enabled: false} on Tenable: what it would have found goes unseen.)
  const monitorPaused = verbClass !== "read" && verbClass !== "delete" && (hasWord(object, /^(monitors?|checks?|alerts?|alarms?|heartbeats?|probes?|uptime)$/) !== undefined || (hasWord(object, /^(scans?|scanners?)$/) !== undefined && (security || hasWord(object, /^(tenable|nessus|qualys|rapid7|insightvm|openvas|nexpose|vulnerability|vuln)$/) !== undefined))) && isRecord(args) && (args.paused === true || args.is_paused === true || args.isPaused === true || args.enabled === false || args.active === false || args.muted === true);
  // A log store's retention cut (Splunk's frozenTimePeriodInSecs, a log group's retentionInDays), as the shell's log-retention-cut judges it (retentionCut): older records, the ones an investigation reaches back for, go at the next cleanup (T1070).
  const keptDays = verbClass !== "read" && verbClass !== "delete" ? retentionDays(args, hasWord(object, /^retention$/) !== undefined) : undefined;
  const securityStore = keptDays !== undefined && f.strings.some((v) => v.length <= 120 && SECURITY_LOG_NAME.test(v));
  // (A log store: the object names one or a log platform, or the retention set is the logs', logs_retention.)
  const logStore = hasWord(object, /^(logs?|logging|index|indexes|indices|audit|siem|trails?|splunk|elasticsearch|opensearch|loki|cloudwatch|sentinel|events?|betterstack|logtail|papertrail|loggly|sumologic|logdna|mezmo|axiom|datadog|graylog|logz)$/) !== undefined || (isRecord(args) && Object.keys(args).some((k) => /^logs?_?retention/i.test(k)));
  if (keptDays !== undefined && (securityStore || logStore) && retentionCut(keptDays, securityStore)) add("tool.log-retention-cut", "impair-defences", "irreversible", "tree", `${tool} keeps ${obj} for ${Math.round(keptDays)} days${tail}: older records, the ones an investigation reaches back for, are deleted at the next cleanup (T1070)`);
  // Any other store's data kept a week or less from now on, where the call sets how long (a message pruner at 2 days, archive off):
  // everything older goes at the next cleanup, for good (T1485). (A cache or a temporary store is made to be short-lived.)
  else if (keptDays !== undefined && keptDays <= 7 && hasWord(object, /^(caches?|tmp|temp|scratch|sessions?|previews?)$/) === undefined && !f.strings.some((v) => v.length <= 120 && THROWAWAY_NAME.test(v))) add("tool.retention-cut", "delete", "irreversible", "tree", `${tool} keeps ${obj} for ${Math.round(keptDays * 10) / 10} days${tail}: everything older is deleted at the next cleanup, for good (T1485)`);
  if (silencedForAWhile || monitorPaused) add("tool.silence-alerts", "impair-defences", "recoverable", "one", silencedForAWhile ? `${tool} silences alerts for a while (${obj})${tail}: what breaks meanwhile pages no one` : `${tool} pauses ${obj}${tail}: what it watches pages no one until it is turned back on (T1562.006)`);
  // A machine or a volume reverted to a snapshot (vcenter revert_to_snapshot): everything written since the snapshot is lost.
  if (((verb !== undefined && /^(revert|rollback)$/.test(verb)) || hasWord(object, /^(revert|rollback)$/) !== undefined) && hasWord(object, /^snapshots?$/) !== undefined) add("tool.reverted-to-snapshot", "delete", "irreversible", "tree", `${tool} puts a machine or volume back to a snapshot (${obj})${tail}: everything written since it was taken is lost`);
  // Something added to a protection's exclusions or allowlist (a Defender exclusion, a WAF exception): left unchecked from now on.
  if (security && (verbClass === "grant" || verbClass === "write") && hasWord(object, EXCLUSION) !== undefined && verb !== "create") add("tool.protection-exclusion", "impair-defences", "recoverable", "one", `${tool} adds an exclusion to ${obj}${tail}: what it names is no longer checked`);
  // An antivirus or EDR policy given exclusions or its real-time scanning turned off by its settings
  // (update_antivirus_policy {excluded_processes: ["powershell.exe"], realtime_protection: "notConfigured"}): on every device it is assigned to.
  else if ((security || hasWord(object, /^(antivirus|av|defender|antimalware|malware|edr|xdr|endpoint)$/) !== undefined) && verbClass !== "read" && verbClass !== "delete" && isRecord(args)) {
    const excluded = Object.entries(args).find(([k, v]) => /^(?:excluded?|exclusions?|exceptions?)(?:_?\w+)?$/i.test(k) && ((Array.isArray(v) && v.length > 0) || (typeof v === "string" && v.trim() !== "")));
    const off = Object.entries(args).find(([k, v]) => /real_?time|on_?access|tamper|behavio(?:u)?r_?monitor|cloud_?protection/i.test(k) && /^(?:false|off|disabled?|notconfigured|not_?configured|none|0)$/i.test(String(v).trim()));
    if (excluded !== undefined || off !== undefined) {
      const fleet = Object.entries(args).some(([k, v]) => /^(?:assignments?|targets?|groups?|scope)$/i.test(k) && typeof v === "string" && /^(?:all\b|every|everyone)/i.test(v.trim()));
      add("tool.protection-exclusion", "impair-defences", "recoverable", fleet ? "account" : "one", `${tool} ${off !== undefined ? `turns ${off[0]} off` : `excludes ${String(excluded![1]).slice(0, 60)} from scanning`} in ${obj}${fleet ? " on every device it is assigned to" : ""}${tail}: what it no longer checks can run unseen (T1562.001)`);
    }
  }
  // A message asking people to approve a change of bank or payment details, or a payment (the business e-mail compromise pattern, T1656): whoever approves moves the money.
  if (message && verbClass !== "read" && verbClass !== "delete" && f.strings.some((v) => v.length <= 8192 && APPROVE_PAYMENT_CHANGE.test(v))) add("tool.payment-change-request", "communicate", "irreversible", "one", `${tool} asks people to approve a change of bank or payment details, or a payment${tail}: whoever approves moves the money (T1656)`, { unconfirmed: true });
  // Security findings closed in bulk (a JQL over a security project moved to Done or Won't Fix): what they tracked is dropped unresolved.
  if (verbClass !== "read" && isRecord(args) && Object.entries(args).some(([k, v]) => /^(jql|query|filter|search)$/i.test(k) && typeof v === "string" && /\b(?:project\s*=\s*["']?(?:sec|security|appsec|vuln\w*)["']?|labels?\s*(?:=|in)\s*\(?["']?(?:security|vulnerability|cve)|\bcve-)/i.test(v)) && Object.entries(args).some(([k, v]) => /^(transition|status|resolution|state)$/i.test(k) && typeof v === "string" && /^(done|closed|resolved|won'?t ?fix|wontfix|declined|cancel+ed)$/i.test(v.trim()))) add("tool.security-findings-closed", "impair-defences", "recoverable", "account", `${tool} closes security findings in bulk${tail}: what they tracked is dropped unresolved`);
  // A branch protection loosened by its flags (allow_force_push: true, approvals required 0, enforce_admins: false).
  const loosened = verbClass !== "read" && verbClass !== "delete" ? protectionLoosened(args) : undefined;
  if (loosened !== undefined) add("tool.protection-loosened", "impair-defences", "recoverable", "one", `${tool} loosens a protection (${loosened})${tail}: what it kept out of ${obj} can now go in`);
  // A run told to skip its approval or review (atlantis apply {flags: ["--skip-approval-check"]}): what it applies was not approved.
  // (The reason names the flag only: the string it is in may carry a token beside it.)
  const skipped = verbClass !== "read" ? f.strings.map((v) => (v.length <= 200 ? /(?:^|\s)(--(?:skip|no|bypass|ignore)-(?:approval-checks?|approvals?|review-checks?|reviews?|policy-checks?|verification|verify))(?![\w-])/i.exec(v)?.[1] : undefined)).find((m) => m !== undefined) : undefined;
  if (skipped !== undefined) add("tool.review-bypassed", "impair-defences", "recoverable", "one", `${tool} is told to skip its approval or review (${skipped})${tail}: what it changes was not approved`, { unconfirmed: true });
  // A job or playbook launched with a protection switched off in its variables (extra_vars {auditd_enabled: false, selinux_state: disabled}): the hosts it runs on lose it.
  if ((verbClass === "deploy" || verbClass === "execute") && isRecord(args)) {
    const vars = Object.entries(args).find(([k, v]) => /^(extra_?vars|vars|variables|parameters|params|inputs)$/i.test(k) && isRecord(v))?.[1];
    const off = vars !== undefined ? protectionSwitchedOff(vars) ?? Object.entries(vars as Record<string, unknown>).find(([k, v]) => /^selinux(?:_?state|_?mode)?$/i.test(k) && typeof v === "string" && /^(?:disabled|permissive)$/i.test(v)) : undefined;
    if (off !== undefined) add("tool.protection-off", "impair-defences", "recoverable", f.production ? "account" : "one", `${tool} runs with a protection switched off (${off[0]}: ${String(off[1])})${tail}: the hosts it runs on lose it`);
  }
  // People's records read in bulk (every page of the CRM's contacts, a limit in the thousands): their data gathered in one place.
  if (verbClass === "read" && hasWord(object, PERSON_RECORD) !== undefined && bulkRead(args)) add("tool.bulk-personal-read", "read", "reversible", "account", `${tool} reads ${obj} in bulk (every page, or thousands at once)${tail}: people's data gathered in one place (T1213)`, { personal: true });
  // A device management command that erases (EraseDevice, wipe, factory reset), by its argument: every file on the device is gone.
  // (The command may sit one object down: Jamf's {commandData: {commandType: "ERASE_DEVICE"}}.)
  const erase = verbClass !== "read" && isRecord(args) ? [args, ...Object.values(args).filter(isRecord)].flatMap((o) => Object.entries(o)).find(([k, v]) => /^(command|command_?type|action|request_?type|operation)$/i.test(k) && typeof v === "string" && /^(erase_?device|wipe(_?device)?|remote_?wipe|device_?wipe|factory_?reset|erase)$/i.test(v.replace(/[\s-]/g, "_")))?.[1] : undefined;
  if (erase !== undefined) add("tool.erase-device", "delete", "irreversible", scope === "account" || f.strings.some((v) => v.length <= 120 && /^all\b|\ball (?:managed )?(?:computers|devices|macs|laptops|endpoints|mobile devices)\b/i.test(v)) ? "account" : "one", `${tool} sends ${String(erase)} to ${obj}${tail}: every file on the device is erased`, { pathClass: "device" });
  // A feature flag that enforces a protection turned off (LaunchDarkly's update_feature_flag {featureFlagKey: "enforce-3ds2", on: false},
  // a JSON patch to /environments/staging/on): what the flag guarded runs unchecked while it is off (T1562.001).
  if (verbClass !== "read" && verbClass !== "delete" && hasWord(object, /^(flags?|features?|toggles?|launchdarkly|unleash|flagsmith|split|statsig|configcat|growthbook)$/) !== undefined && isRecord(args)) {
    // (A protection by its name, as a setting's key is read: enforce-3ds2, webhook-signature-v2-enforce.)
    // (The flag's own key only: a project named auth-service says nothing of the flag.)
    const key = Object.entries(args).map(([k, v]) => (/^(?:feature_?flag_?key|flag_?key|flag|flag_?name|feature|feature_?name|key|toggle)$/i.test(k) && typeof v === "string" ? v : undefined)).find((v) => v !== undefined && v.length <= 120 && !/\s/.test(v) && PROTECTION_KEY.test(v));
    const text = argsText();
    const off = text.length <= 8192 && /"(?:on|enabled|value|state|status)"\s*:\s*(?:false|"off"|"disabled")/i.test(text);
    if (key !== undefined && off) add("tool.protection-flag-off", "impair-defences", "recoverable", "one", `${tool} turns off the flag ${key}${tail}: what it enforces is not checked while it is off (T1562.001)`);
  }
  // A Vault token with the root policy (create_token {policies: ["root"]}): whoever holds it can read and change every secret.
  if ((verbClass === "write" || verbClass === "grant") && hasWord(object, /^(tokens?|vault)$/) !== undefined && isRecord(args) && Array.isArray(args.policies) && args.policies.some((p) => typeof p === "string" && /^root$/i.test(p.trim()))) add("tool.grant-admin", "escalate", "recoverable", "account", `${tool} makes a token with Vault's root policy${tail}: whoever holds it can read and change every secret`);
  // A bucket's versioning suspended or its access logging switched off (put_bucket_versioning {Status: "Suspended"}, an empty logging config):
  // what is overwritten or deleted from now on has no earlier version, and who read it leaves no record (T1562.001, T1490).
  if (verbClass !== "read" && verbClass !== "delete" && hasWord(object, /^(versioning|logging)$/) !== undefined && hasWord(object, /^(buckets?|s3|gcs|storage|blobs?|containers?)$/) !== undefined && isRecord(args)) {
    const text = argsText();
    const off = text.length <= 4096 && (/"(?:status|versioning|enabled)"\s*:\s*(?:"(?:suspended|disabled|off|false)"|false)/i.test(text) || (hasWord(object, /^logging$/) !== undefined && /"(?:BucketLoggingStatus|logging)"\s*:\s*\{\s*\}/i.test(text)));
    if (off) add("tool.bucket-protection-off", "impair-defences", "recoverable", "one", `${tool} turns off ${hasWord(object, /^versioning$/) !== undefined ? "versioning" : "access logging"} on ${obj}${tail}: ${hasWord(object, /^versioning$/) !== undefined ? "what is overwritten or deleted from now on cannot be restored (T1490)" : "who reads or changes it leaves no record (T1562.008)"}`);
  }
  // A payee's or vendor's bank details set (routing and account numbers, an IBAN): the next payment run sends the money there (T1657).
  const bank = verbClass !== "read" && verbClass !== "delete" && isRecord(args) ? bankDetailsSet(args) : undefined;
  if (bank !== undefined) add("tool.payee-bank-changed", "spend", "irreversible", "one", `${tool} sets bank details (${bank})${tail}: the next payment to this payee goes to that account, and a payment cannot be called back (T1657)`);
  // Every issue or alert a query selects marked ignored, muted or resolved at once (status: "ignored", query: "is:unresolved"): what they report goes unseen (T1562.006).
  if (verbClass === "write" && isRecord(args) && typeof args.status === "string" && /^(ignored?|mute[sd]?|resolved?|archived?|snoozed?|suppressed?|closed?|silenced?)$/i.test(args.status.trim()) && Object.entries(args).some(([k, v]) => /^(query|filter|search|q)$/i.test(k) && typeof v === "string" && v.trim() !== "") && !Object.keys(args).some((k) => /^(ids?|issue_?ids?|alert_?ids?|issue|alert)$/i.test(k))) add("tool.alerts-silenced", "impair-defences", "recoverable", "account", `${tool} marks every issue its query selects ${args.status.trim()}${tail}: what they report goes unseen, and new ones like them too (T1562.006)`);
  // A log search piped into delete (Splunk's `| delete`): the events it matches are gone from every search after (T1070).
  if (hasWord(object, /^(splunk|search|searches|query|logs?)$/) !== undefined && f.strings.some((v) => v.length <= 8192 && /\|\s*delete\s*$|\|\s*delete\s*\|/i.test(v.trim()))) add("tool.logs-deleted", "impair-defences", "irreversible", "account", `${tool} runs a search that ends in delete${tail}: the events it matches, audit records included, can no longer be searched (T1070)`);
  // People's fields (email, phone, address…) mapped into a sync, export or webhook whose destination is a URL: every record goes to that endpoint on each run (T1567).
  if ((verbClass === "write" || verbClass === undefined || verbClass === "deploy") && f.endpointHost !== undefined && f.personalFields.length > 0) add("tool.personal-data-to-endpoint", "exfiltrate", "irreversible", "account", `${tool} sends people's ${[...new Set(f.personalFields)].slice(0, 3).join(", ")} to ${f.endpointHost}${tail}: every record it selects goes to that endpoint, and what was sent cannot be called back (T1567)`, { external: true, personal: true });
  // People's identifiers exported in bulk (export_employees {fields: [name, ni_number, sort_code, account_number]}): a copy of who they are and how they are paid, in the agent's hands.
  const identifiers = [...new Set(f.personalFields)];
  // (Or searched for everything, a thousand or more at once, with those fields asked for: search_cards {query: "*", fields: [holder_name, email, …], limit: 5000}.)
  const everyRecord = verb !== undefined && /^(search|list|query|find|get|fetch|lookup|browse)$/.test(verb) && isRecord(args) && Object.entries(args).some(([k, v]) => /^(q|query|search|filter|term|keyword)$/i.test(k) && typeof v === "string" && /^\s*(?:\*|%|\.\*)?\s*$/.test(v)) && Object.entries(args).some(([k, v]) => LIMIT_KEYS.test(k) && typeof v === "number" && v >= 1000);
  if (verb !== undefined && (/^(export|dump|download|extract)$/.test(verb) || everyRecord) && identifiers.length >= 2) add("tool.personal-data-export", "read", "recoverable", "account", `${tool} exports people's ${identifiers.slice(0, 4).join(", ")} (${verb} ${obj})${tail}: a copy of who they are, in bulk`, { personal: true });
  // A runbook, a page or a message given a step that downloads a script from the internet and runs it: whoever follows it runs that host's code.
  // (An edit's old and new text are read side by side by edit-weakens.ts, which says the same of it: not read again here.)
  // (Exactly what editsOf reads: Edit's old_string/new_string, or MultiEdit's edits of that shape, 16 at most. Any other shape is read here.)
  const pair = (o: unknown): boolean => isRecord(o) && typeof o.old_string === "string" && typeof o.new_string === "string";
  const edit = isRecord(args) && (pair(args) || (Array.isArray(args.edits) && args.edits.length > 0 && args.edits.length <= 16 && args.edits.every(pair)));
  // What a message, page or document others read asks of them (published-text.ts): not an edit's, read already.
  const publishes = !edit && (verbClass === "spend-or-send" || verbClass === "publish" || verbClass === "write" || verbClass === "control");
  let scriptHost: string | undefined;
  if (publishes && verbClass !== "control") for (const v of f.strings) if (v.length <= 16384 && (scriptHost = outsideScriptAdded("", v)) !== undefined) break;
  if (scriptHost !== undefined) add("tool.outside-script-step", "execute", "recoverable", "one", `${tool} writes a step that downloads a script from ${scriptHost} and runs it${tail}: whoever follows it runs that host's code`, { external: true });
  // A credential lure sent from inside (T1534): words asking people to sign in again, to keep their access or to give a code, or a sign-in link to a look-alike site.
  // (The message is not quoted: a link may carry a token.)
  const lure = publishes ? firstOf(f.strings, (v) => credentialLure("", v)) : undefined;
  if (lure !== undefined) add("tool.credential-lure", "communicate", "irreversible", "account", `${tool} ${lure.host !== undefined ? `points people to ${lure.host} to sign in, a site made to look like a sign-in page` : "asks people to sign in again at a link, or to give their credentials or codes"}${tail}: whoever runs that page or reads the replies takes what they give (T1534)`, { external: lure.host !== undefined });
  const waived = publishes ? firstOf(f.strings, (v) => verificationWaived("", v)) : undefined;
  if (waived !== undefined) add("tool.verification-waived", "impair-defences", "recoverable", "account", `${tool} tells people the ${waived} is not needed${tail}: the check that stops fraud and mistaken changes is left out (T1656)`);
  // A file committed through the API straight to a repository's main or release branch (create_or_update_file {branch: "main"}, push_files): it goes in past the pull request and its review.
  const branch = isRecord(args) && typeof args.branch === "string" ? args.branch.trim() : "";
  if ((verbClass === "write" || verbClass === "deploy" || verbClass === undefined) && /^(?:refs\/heads\/)?(?:main|master|trunk|production|prod|release)$/i.test(branch) && (hasWord(object, /^(files?|commits?|contents?|push)$/) !== undefined || /^(push|commit)$/.test(verb ?? ""))) add("tool.commit-to-main", "impair-defences", "recoverable", "one", `${tool} commits straight to ${branch}${tail}: the change goes in past the pull request and its review`);
  // An identity or approval check told to stand aside ({auth_override: true}, {verification_method: "AGENT_OVERRIDE"}): what it protects goes to whoever asked (T1556).
  const overridden = verbClass !== "read" ? verificationOverridden(args) : undefined;
  if (overridden !== undefined) add("tool.verification-overridden", "impair-defences", "recoverable", "one", `${tool} overrides a check (${overridden})${tail}: the identity or approval check that should decide is skipped (T1556)`);
  // The agent approving a change request or a pull request: an approval meant to be a person's.
  // (The approval may sit one object down, {fields: {approval: "approved"}}, on a record whose table or type names the change.)
  const approvalSet = isRecord(args) && [args, ...Object.values(args).filter(isRecord)].some((o) => Object.entries(o).some(([k, v]) => /^(event|state|decision|review_?state|action|approval|approval_?status|approval_?state)$/i.test(k) && typeof v === "string" && /^(approve|approved)$/i.test(v.trim())));
  const approvable = hasWord(object, /^(change|changes|review|reviews|pull|request|requests|pr|prs|merge|mr|deployment|deployments|release|releases)$/) !== undefined || (isRecord(args) && Object.entries(args).some(([k, v]) => /^(table|type|record_?type|object|sobject|kind)$/i.test(k) && typeof v === "string" && /^(change_?request|change|std_change|normal_change|approval|sysapproval_approver|pull_?request|merge_?request|release|deployment)s?$/i.test(v.trim())));
  if (verbClass !== "read" && isRecord(args) && (/^approv/.test(verb ?? "") || approvalSet) && approvable) add("tool.approve", "impair-defences", "recoverable", "one", `${tool} approves ${obj}${tail}: the agent's approval stands where a person's review was required`);
  // A scanner's finding set to false positive, won't fix or accepted (SonarQube's change_issue_status {status: "falsepositive"},
  // a code-scanning alert dismissed): the flaw stays, and the scanner stops reporting it (T1562.001).
  if (verbClass !== "read" && verbClass !== "delete" && verbClass !== "disable" && isRecord(args) && hasWord(object, /^(snyk|dependabot|codeql|semgrep|trivy|sonar|sonarqube|sonarcloud|scanning|checkmarx|veracode|wiz|orca|prisma|lacework)$/) !== undefined && hasWord(object, /^(issues?|findings?|alerts?|hotspots?|vulnerabilit(?:y|ies)|advisor(?:y|ies)|results?)$/) !== undefined) {
    const set = Object.entries(args).find(([k, v]) => /^(status|state|resolution|transition|dismissed_?reason|reason)$/i.test(k) && typeof v === "string" && v.length <= 64 && /^(?:false[ _-]?positive|won'?t[ _-]?fix|wontfix|accepted|risk[ _-]?accepted|safe|reviewed_?safe|not[ _-]?exploitable|used in tests|dismissed|ignored?)$/i.test(v.trim()));
    if (set !== undefined) add("tool.finding-ignored", "impair-defences", "recoverable", "one", `${tool} marks a scanner's finding ${String(set[1]).trim()}${tail}: the flaw stays, and nothing reminds anyone (T1562.001)`);
  }
  // A security finding or review closed as won't fix or accepted, or approved, by the agent (SEC-2291 → "Won't Fix", SECREV-318 "Approved per owner request"):
  // the weakness stays open, or the review a person was to give is skipped.
  if (verbClass !== "read" && verbClass !== "delete" && isRecord(args)) {
    const entries = Object.entries(args);
    // (Or a security incident or alert by the tool's name: ServiceNow's close_security_incident SIR0002231, a SIEM's alert.)
    const securityTool = hasWord(object, /^(security|secops|siem|soc|sentinel|defender|guardduty|soar)$/) !== undefined && hasWord(object, /^(incidents?|alerts?|offenses?|cases?|detections?)$/) !== undefined;
    // (By a security tool, any id's shape, SIR0002231 or 48213, under an id's key, never `key`: what a reason shows must not be a credential.)
    const securityTicket = (entries.find(([k, v]) => /^(issue_?key|issue_?id_?or_?key|issue_?id|key|ticket|ticket_?id|issue|id|number|sys_?id|incident_?id|alert_?id)$/i.test(k) && typeof v === "string" && (securityTool ? !/^key$/i.test(k) && /^[A-Za-z]{0,10}[-_]?\d{1,12}$/.test(v.trim()) : /^(?:(?:SEC|SECURITY|VULN|APPSEC|PENTEST|SECREV|PSIRT|INFOSEC|SECOPS|BUGBOUNTY)-\d+|CVE-\d{4}-\d{4,}|SIR\d{5,})$/i.test(v.trim())))?.[1] as string | undefined)?.trim();
    // (Only the matched words are shown: a comment is free text and may hold anything.)
    // ("Approved" counts as the transition or status, or as a comment's first word: "Fix approved by the reviewer" is not one.)
    const dismissal = securityTicket !== undefined ? entries.map(([k, v]) => (typeof v !== "string" || v.length > 2048 ? undefined : /^(transition|transition_?name|status|resolution|state|close_?code|closure_?code|resolution_?code|classification|determination)$/i.test(k) ? /\b(?:won'?t[- ]?fix|wontfix|not (?:a bug|exploitable)|false[- _]?positive|risk[- ]accepted|accepted risk|approved?)\b/i.exec(v)?.[0] : /^(comment|body)$/i.test(k) ? (/\b(?:won'?t[- ]?fix|wontfix|not exploitable|false positive|risk[- ]accepted|accept(?:ing)? the risk)\b/i.exec(v) ?? /^\s*approv(?:ed|ing)\b/i.exec(v))?.[0] : undefined)).find((m) => m !== undefined) : undefined;
    if (securityTicket !== undefined && dismissal !== undefined) add("tool.security-finding-dismissed", "impair-defences", "recoverable", "one", `${tool} closes or approves ${securityTicket.trim()}, a security finding or review ("${dismissal.toLowerCase()}")${tail}: the weakness stays open, or the review a person was to give is skipped (T1562.001)`);
  }
  // A withdrawal made by an exchange's or custodian's API (create_withdrawal {asset, amount, destination}): the funds leave the account for good.
  if (verb !== undefined && /^(create|submit|initiate|request|execute|approve|send|process)$/.test(verb) && hasWord(object, /^withdrawals?$/) !== undefined && f.amounts.length > 0 && !(isRecord(args) && Object.entries(args).some(([k, v]) => /^(?:network|chain|environment|env)$/i.test(k) && typeof v === "string" && /^(?:test|testnet|sandbox|sepolia|goerli|holesky|regtest|signet)$/i.test(v)))) add("tool.withdrawal", "spend", "irreversible", "account", `${tool} makes a withdrawal${amount}${tail}: the funds leave the account, and a transfer on a chain or a wire cannot be called back`);
  // A crypto transaction signed and broadcast (sign_transaction {psbt, broadcast: true}): once on the chain, the coins are gone.
  if (verb === "sign" && hasWord(object, /^(transactions?|tx|txs|psbts?|withdrawals?|transfers?)$/) !== undefined && isRecord(args) && (args.broadcast === true || args.broadcast === "true" || args.submit === true || args.send === true)) add("tool.transaction-broadcast", "spend", "irreversible", "account", `${tool} signs a transaction and broadcasts it${tail}: once on the chain the coins are gone, and no one can call them back`);
  // A payment journal posted in the books (post_journal {journal_template: "PAYMENT", post: true, export_bank_file: true}): the payments in it are made.
  // (What kind of journal it is, by its template, type or name only: a description or a note may name payroll in passing.)
  if (verb === "post" && hasWord(object, /^journals?$/) !== undefined && isRecord(args) && (Object.entries(args).some(([k, v]) => /^(?:journal_?template|template|journal_?type|type|journal|journal_?name|journal_?batch)$/i.test(k) && typeof v === "string" && /\b(?:payments?|bacs|ach|wire|payroll|payables?|sepa|remittance)\b/i.test(v)) || args.export_bank_file === true || args.exportBankFile === true) && !f.strings.some((v) => v.length <= 64 && testEnvironmentNamed(v))) add("tool.payment-journal-posted", "spend", "irreversible", "account", `${tool} posts a payment journal${tail}: the payments in it are made, and money sent cannot be called back`);
  // A value written to an industrial controller (a PLC's holding register or coil, a SCADA gateway's tag, an OPC UA node):
  // the physical process it drives changes at once (a dosing pump's speed, a metal detector's reject gate), and what the
  // plant did meanwhile cannot be taken back (ATT&CK for ICS T0836 Modify Parameter, T0855 Unauthorized Command Message).
  // (Not a controller or simulator on this machine, named so in the call.)
  // (With a value to write: a screen's labels updated write nothing to the plant.)
  if ((verbClass === "write" || verb === "force") && hasWord(object, ICS_SYSTEM) !== undefined && hasWord(object, ICS_POINT) !== undefined && isRecord(args) && Object.keys(args).some((k) => /^(?:values?|writes?|setpoints?|data|new_?value|state)$/i.test(k))) {
    const hosts = isRecord(args) ? Object.entries(args).filter(([k, v]) => /^(host|hostname|server|address|ip|gateway|endpoint|url|plc|device)$/i.test(k) && typeof v === "string") : [];
    if (!(hosts.length > 0 && hosts.every(([, v]) => onThisMachine(v as string)))) {
      const where = hosts.length > 0 ? ` on ${String(hosts[0]![1]).slice(0, 80)}` : "";
      add("tool.ics-write", "write", "irreversible", "system", `${tool} writes a value to an industrial controller${where}: the physical process it drives changes at once, and what it did meanwhile cannot be undone (T0836)`, { pathClass: "device" });
    }
  }
  // A test database's rows (app_test, test_orders): the tests' own data.
  // (Dropping a whole database is never the tests' own rows.)
  if ((verbClass === "delete" || verbClass === "trash") && !hasWord(object, /^(databases?|dbs?)$/) && testDatabase(args, f.strings)) {
    actions.push({ capability: "delete", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
    return { verb, object, actions, hits };
  }
  switch (verbClass) {
    case "delete":
      // A cache purged is fetched again on the next request (purge_cache, zone_purge_cache): upkeep, not data lost.
      if (verb !== undefined && /^(purge|clear|flush|invalidate)$/.test(verb) && (hasWord(object, /^(cache|caches|cdn)$/) !== undefined || (verb === "purge" && hasWord(object, /^(urls?|keys?|surrogate|paths?|tags?|all|fastly|cloudflare|akamai|bunny|cloudfront|keycdn)$/) !== undefined && hasWord(object, /^(fastly|cloudflare|akamai|bunny|cloudfront|cdn|keycdn|varnish)$/) !== undefined)) && !hasWord(object, /^(database|db|table|bucket|backups?|clusters?|distributions?|instances?|nodes?|replication|groups?)$/)) {
        actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
        break;
      }
      // A store on this machine, named so in the call (host: "localhost"): the developer's own, as redis-cli -h localhost is.
      const whereKeys = isRecord(args) ? Object.entries(args).filter(([k, v]) => /^(host|hostname|server|address|url|uri|connection(?:_?string)?|dsn)$/i.test(k) && typeof v === "string") : [];
      if (!f.production && whereKeys.length > 0 && whereKeys.every(([, v]) => onThisMachine(v as string))) {
        actions.push({ capability: "delete", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
        break;
      }
      // One key of a key-value store whose name says it is a cache entry or a development or test one
      // (recs:dev:profile:qa-7781, careers:render-cache:demo-tenant): rebuilt or re-seeded, not data lost.
      // (A key named for production has set f.production already.)
      if (!f.production && !f.wildcard && hasWord(object, /^(redis|valkey|keydb|memcached?|dragonfly|upstash|kv|keys?|cache|caches|entry|entries)$/) !== undefined && isRecord(args)) {
        const keys = Object.entries(args).filter(([k]) => /^(key|keys|name)$/i.test(k)).flatMap(([, v]) => (Array.isArray(v) ? v : [v]));
        if (keys.length === 1 && typeof keys[0] === "string" && keys[0].length <= 200 && !/[*?\[]/.test(keys[0]) && (THROWAWAY_NAME.test(keys[0]) || /(?:^|[^a-z0-9])(?:cache|cached)(?:[^a-z0-9]|$)/i.test(keys[0]))) {
          actions.push({ capability: "delete", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
          break;
        }
      }
      // A file or directory by its path, every path build output or temporary (a project's bin/Debug, dist, node_modules, /tmp/x): made again by the next build.
      const pathValues = isRecord(args) ? Object.entries(args).filter(([k]) => /^(path|paths|file_?path|directory|dir|target|target_?path)$/i.test(k)).flatMap(([, v]) => (Array.isArray(v) ? v : [v])) : [];
      // (.NET's obj too, as a project's own last folder only: /mnt/nas/finance/obj/2025 is not one.)
      const regenerable = (v: string): boolean => {
        const cls = classifyPath(v);
        return cls === "temp" || cls === "build-output" || (cls === "project" && /(?:^|[\/\\])obj[\/\\]?$/.test(v));
      };
      if (!f.production && pathValues.length > 0 && pathValues.length <= 16 && pathValues.every((v) => typeof v === "string" && v.length <= 1024 && !v.includes("..") && !/[*?\[]/.test(v) && /[/\\]/.test(v) && regenerable(v))) {
        actions.push({ capability: "delete", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
        break;
      }
      // One pod or job named in a development, test or staging namespace: its controller makes the pod again; the job was a run.
      if (!f.production && !f.wildcard && !f.bulk && hasWord(object, /^(pods?|jobs?)$/) !== undefined && isRecord(args)) {
        const names = Object.entries(args).filter(([k]) => /^(name|pod|pod_?name|job|job_?name)$/i.test(k)).flatMap(([, v]) => (Array.isArray(v) ? v : [v]));
        const namespace = Object.entries(args).find(([k]) => /^namespace$/i.test(k))?.[1];
        if (names.length === 1 && typeof names[0] === "string" && typeof namespace === "string" && testEnvironmentNamed(namespace)) {
          actions.push({ capability: "delete", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
          break;
        }
      }
      // A protection's own settings deleted (a branch's protection, a sign-in policy's rule): the protection is off, and can be set again.
      // (In production it stays the hard stop below: a production detection rule deleted is gone when it is needed.)
      if (security && !f.production && hasWord(object, /^(protections?|rules?|rulesets?)$/) !== undefined && hasWord(object, /^(holds?|legalholds?|litigation|retention|preservation|backups?|logs?|trails?|audit|encryption)$/) === undefined) {
        disable();
        break;
      }
      // Backups destroyed with the copies that would restore them (delete_from_disk, include_offsite_copies,
      // every object version, object lock bypassed): nothing is left to restore from (T1490).
      const copiesToo = isRecord(args) ? Object.entries(args).find(([k, v]) => (v === true || v === "true") && /^(?:delete_?from_?disk|include_?(?:offsite|off_?site|remote|cloud|secondary)_?cop(?:y|ies)|all_?versions|include_?versions|delete_?(?:all_?)?versions|bypass_?governance(?:_?retention)?|include_?backups|delete_?backups|delete_?snapshots|include_?snapshots|remove_?restore_?points)$/i.test(k)) : undefined;
      if (copiesToo !== undefined && (hasWord(object, /^(backups?|snapshots?|jobs?|vaults?|buckets?|objects?|restore|points?|recovery|repositor(?:y|ies)|archives?|copies)$/) !== undefined || /backup|snapshot|archive|offsite|versions|governance/i.test(copiesToo[0]))) {
        add("tool.backups-destroyed", "delete", "irreversible", "system", `${tool} ${verb}s ${obj} with ${copiesToo[0]}: the copies a restore needs go with it (T1490)`);
        break;
      }
      // A legal hold or retention policy deleted: what it kept (mailboxes, documents under litigation) can now be purged by the next cleanup, and evidence with it.
      // (A hold named as a legal one, or a retention policy or label: not a shop's fulfillment hold, a calendar hold, a log retention filter.)
      const legalHold = hasWord(object, /^(legalholds?|litigation|preservation|ediscovery)$/) !== undefined || (hasWord(object, /^holds?$/) !== undefined && (hasWord(object, /^(legal|cases?|custodians?|compliance|purview|vault)$/) !== undefined || /\b(?:legal|litigation|custodian|ediscovery|matter|lawsuit)\b/i.test(argsText().slice(0, 4096))));
      const retentionPolicy = hasWord(object, /^retention$/) !== undefined && hasWord(object, /^(polic(?:y|ies)|labels?)$/) !== undefined && hasWord(object, /^(filters?|cache|caches|logs?|tmp|temp)$/) === undefined;
      if (legalHold || retentionPolicy) {
        add("tool.hold-removed", "impair-defences", "irreversible", "account", `${tool} ${verb}s ${obj}${tail}: what it preserved can now be purged, evidence under litigation or audit with it (T1070)`);
        break;
      }
      // A person's record (a patient, a customer, a user, an employee, a contact) deleted: what is known of them is gone.
      // (Someone removed from an organisation, a group or a team is access taken away, not their record.)
      // Deleted through another service's API, it is gone from there: no copy here to restore it from (a ticket, an issue, a document, a branch of a hosted database).
      add("tool.delete", "delete", "irreversible", deleteScope(f, object, store, verb), `${tool} ${verb}s ${obj}${tail}, which cannot be undone`, { ...(hasWord(object, /^(patients?|medical|health|ehr|fhir|clinical)$/) || (verb !== "remove" && hasWord(object, PERSON_RECORD) && !hasWord(object, /^(orgs?|organi[sz]ations?|groups?|teams?|channels?|projects?|workspaces?|roles?|memberships?)$/)) ? { personal: true } : {}), ...(remoteServer(tool) && hasWord(object, SERVICE_RECORD) !== undefined && !f.strings.some((v) => v.length <= 120 && THROWAWAY_NAME.test(v)) ? { external: true } : {}) });
      // Deleting an MFA factor or a trail turns a protection off; deleting audit records removes evidence.
      if (security) disable();
      else if (f.strings.some((v) => v.length <= 256 && /(^|[^a-z])(audit|cloudtrail|siem|security-events?)([^a-z]|$)/i.test(v))) add("tool.delete-audit-records", "impair-defences", "irreversible", "account", `${tool} deletes audit or security records (${obj})${tail}`);
      break;
    case "trash":
      // A published package version unpublished from a public registry (npm-registry unpublish): whatever depends on it breaks, and the version can never be published again.
      if (verb === "unpublish" && (remoteServer(tool) || hasWord(object, /^(packages?|versions?|crates?|gems?|npm|pypi|registry|releases?)$/) !== undefined) && hasWord(object, /^(pages?|posts?|articles?|drafts?|entries|entry|stories|story|cms)$/) === undefined) {
        add("tool.package-unpublished", "delete", "irreversible", "account", `${tool} unpublishes ${obj}${tail}: everything that depends on that version breaks, and it can never be published again`, { public: true, external: true });
        break;
      }
      // A sign-in or security policy deactivated (okta deactivate_policy): the protection is off.
      if ((security || hasWord(object, IDENTITY_PROVIDER) !== undefined) && verb !== undefined && /^(deactivate|suspend|pause)$/.test(verb) && hasWord(object, /^(polic(?:y|ies)|rules?|mfa|factors?|monitors?|detectors?|sensors?|agents?|alerts?|protections?)$/) !== undefined) disable();
      // Closing positions or orders sells or cancels trades (close_all_positions).
      else if (money && verb === "close") add("tool.spend", "spend", "irreversible", scope, `${tool} closes ${obj}${tail}: the trades it makes cannot be called back`);
      // A booking cancelled that the text says is non-refundable: the money is gone.
      else if (verb === "cancel" && /\bnon[- ]?refundable\b/i.test(argsText().slice(0, MAX_ARGS_SCANNED))) add("tool.spend", "spend", "irreversible", scope, `${tool} cancels ${obj}${tail}, which is non-refundable: the money paid is lost`);
      // A customer's subscription or order cancelled: their service or delivery stops, and it cannot be resumed as it was.
      else if (money && verb === "cancel") add("tool.cancel-billing", "delete", "irreversible", scope, `${tool} cancels ${obj}${tail}: it cannot be resumed as it was`, { external: true });
      // A scheduler's jobs cancelled by who or what they are (an account, a user, a partition, a state), not by id: every running one's work is lost.
      else if (verb === "cancel" && hasWord(object, /^(jobs|runs|tasks|workflows|builds|pipelines)$/) !== undefined && isRecord(args) && !Object.keys(args).some((k) => /^(ids?|job_?ids?|jobs?|run_?ids?|task_?ids?|build_?ids?|names?|job_?names?)$/i.test(k)) && Object.keys(args).some((k) => /^(accounts?|users?|owners?|partitions?|queues?|states?|status|projects?|all)$/i.test(k))) add("tool.trash", "delete", "irreversible", "tree", `${tool} cancels every job its filter selects (${obj}${tail}), not one by id: what they were computing is lost`);
      // A recurring series cancelled or archived takes every occurrence with it.
      else if (hasWord(object, /^(recurring|series)$/)) add("tool.trash", "delete", "recoverable", "account", `${tool} ${verb}s ${obj}${tail}: every occurrence of the series goes with it`);
      else if (f.production || f.public || scope === "account") add("tool.trash", "delete", "recoverable", scope, `${tool} ${verb}s ${obj}${tail}`);
      else actions.push({ capability: "delete", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      break;
    case "spend-or-send":
      // A bill, a quote or a receipt sent asks for money or records it; it pays nothing (send_invoice, "emailing the $500 invoice").
      if (money && hasWord(object, MONEY_DOCUMENT) && verb !== undefined && /^(send|email|forward|reply|message|text|sms|notify|mail)$/.test(verb) && !hasWord(object, /^(payments?|money|funds?|transfers?|payout|refunds?|cash)$/)) {
        const ext = recipientsExternal(f);
        if (ext || f.public) add("tool.communicate", "communicate", "irreversible", f.recipients.length > 10 || scope === "account" ? "account" : "one", `${tool} sends ${obj}${f.recipients.length ? ` to ${f.recipients.slice(0, 3).join(", ")}` : ""}${tail}: a sent message cannot be taken back`, { external: ext, public: f.public });
        else actions.push({ capability: "communicate", target: { name: tool, ...base }, reversibility: "irreversible", scope: "one" });
      } else if ((money || (f.amounts.length && (!message || /^(transfer|pay|payout|wire|withdraw|deposit|refund|charge|buy|sell|trade|purchase|donate|tip|invest|stake|lend|borrow)$/.test(verb ?? "")))) && !f.production && isRecord(args) && Object.entries(args).some(([k, v]) => /^(?:environment|env)$/i.test(k) && typeof v === "string" && v.length <= 40 && testEnvironmentNamed(v))) {
        // (Sent to the network's certification or sandbox environment, named so by the call: a test transaction pays no one.)
        actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
      } else if (money || (f.amounts.length && (!message || /^(transfer|pay|payout|wire|withdraw|deposit|refund|charge|buy|sell|trade|purchase|donate|tip|invest|stake|lend|borrow)$/.test(verb ?? "")))) {
        const to = f.recipients.length ? ` to ${f.recipients.slice(0, 2).join(", ")}` : "";
        add("tool.spend", "spend", "irreversible", scope, `${tool} ${verb}s money${amount}${to} (${obj})${tail}: a payment or trade cannot be called back`);
      }
      else if (message || recipientsExternal(f) || verb === "invite" || verb === "forward") {
        const ext = recipientsExternal(f);
        const who = f.recipients.length ? ` to ${f.recipients.slice(0, 3).join(", ")}${f.recipients.length > 3 ? ` and ${f.recipients.length - 3} more` : ""}` : "";
        // To a whole list or segment (list_id, everyone): every one of them gets it.
        // A customer's or a person's details written into a message (an e-mail address with a phone number, a street address, a card's last digits): everyone who reads the channel has them.
        const details = message ? personalDetails(f.strings) : [];
        // A campaign, newsletter or single send to a whole list that is not a test list goes out in the company's name to everyone on it: as much production as a release.
        // (A send marked as a test or a draft, or to a segment named for tests, goes to the team: test: true, draft: true, segment: "test".)
        const testSend = isRecord(args) && (args.test === true || args.is_test === true || args.draft === true || Object.entries(args).some(([k, v]) => /^(segment|segment_?id|list|audience)$/i.test(k) && typeof v === "string" && /(?:^|[-_ ])(?:test|tests|testers|seed|qa|internal|staff|preview)(?:[-_ ]|$)/i.test(v)));
        const audience = !testSend && f.testList !== true && f.recipients.length === 0 && hasWord(object, /^(campaigns?|newsletters?|broadcasts?|blasts?)$/) !== undefined && !hasWord(object, /^(test|tests|preview|previews|draft|drafts)$/);
        const campaign = f.toList === true && f.testList !== true && hasWord(object, /^(campaigns?|newsletters?|broadcasts?|singlesends?|single|blasts?)$/) !== undefined;
        // (A campaign's test copy to a person or two, send_test_email {to}: what goes is the campaign's own draft, to check it.)
        // (The campaign's own draft only: no body of its own and nothing about a person in the call.)
        const testCopy = hasWord(object, /^(test|preview)$/) !== undefined && hasWord(object, /^(emails?|campaigns?|messages?|newsletters?|templates?|sends?)$/) !== undefined && f.recipients.length <= 3 && f.attachments.length === 0 && !f.public && !f.bulk && f.toList !== true && !aboutAPerson(details) && !(isRecord(args) && Object.keys(args).some((k) => /^(html|body|text|content|message|subject|attachments?|data)$/i.test(k)));
        if (campaign || audience) add("tool.mass-send", "communicate", "irreversible", "account", `${tool} sends ${obj} to ${campaign ? "a whole mailing list" : "its whole audience"}${tail}: every one on it gets it, in the company's name, and it cannot be called back`, { external: true, production: true });
        // (A campaign, newsletter or broadcast sent with no recipient named goes to its audience, whoever that is: not one person.)
        else if (testCopy) actions.push({ capability: "communicate", target: { name: tool, ...base }, reversibility: "irreversible", scope: "one" });
        else if (ext || f.public || publishPlace || f.bulk || f.toList === true || audience) add("tool.communicate", "communicate", "irreversible", f.recipients.length > 10 || scope === "account" || f.toList === true || audience ? "account" : "one", `${tool} sends ${obj}${who}${tail}${audience ? " to its whole audience" : ""}: a sent message cannot be taken back`, { external: ext || audience, public: f.public || publishPlace !== undefined, ...(aboutAPerson(details) ? { personal: true } : {}) });
        else if (aboutAPerson(details)) add("tool.personal-details-posted", "communicate", "irreversible", "one", `${tool} posts a person's ${details.join(", ")} in a message${who}${tail}: everyone who reads it has them`, { personal: true });
        else actions.push({ capability: "communicate", target: { name: tool, ...base }, reversibility: "irreversible", scope: "one" });
      } else if (physical) physicalAct();
      else actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      break;
    case "grant":
    case "unlock":
      // Opening a firewall or security group to everyone is a grant too.
      if (access || physical || grantNoun || (security && f.public) || verb === "share" || verb === "give" || verbClass === "unlock") {
        const who = f.recipients.length ? ` to ${f.recipients.slice(0, 3).join(", ")}` : "";
        // Access to a password manager's or secret store's item is access to credentials.
        // Access to a file of people's data (payroll, customers) reaches those people.
        const dataFile = f.strings.find((v) => v.length <= 1024 && DATA_FILE.test(v) && /[/.]/.test(v));
        const stranger = toStranger(f, args, physical !== undefined);
        // A door, gate or lock opened: whoever is there walks in, and what happens inside cannot be undone.
        const doorOpened = verbClass === "unlock" && f.strings.some((v) => v.length <= 120 && /\b(?:doors?|locks?|gates?|garage|entrance|loading dock|premises|server room)\b/i.test(v.replace(/[_-]/g, " ")) || verbClass === "unlock" && hasWord(object, /^(doors?|locks?|gates?|garage|entrance)$/) !== undefined);
        if (doorOpened) add("tool.door-opened", "grant-access", "irreversible", "account", `${tool} opens a door or a lock${who} (${verb} ${obj})${tail}: whoever is there walks in`, { external: true });
        else add("tool.grant-access", "grant-access", "recoverable", f.public || f.wildcard || stranger ? "account" : "one", `${tool} gives access${who} (${verb} ${obj}${dataFile ? ` ${dataFile}` : ""})${stranger ? ", to a personal mailbox outside the organisation" : ""}${tail}`, { external: recipientsExternal(f), public: f.public, ...(secrets ? { pathClass: "credentials" as const } : {}), ...(dataFile ? { personal: true } : {}) });
      } else actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      break;
    case "revoke":
      // Locking a door is the safe direction; revoking access or a protection is not.
      if (access || (verb !== "lock" && (security || physical))) add("tool.revoke-access", "grant-access", "recoverable", scope, `${tool} changes who has access (${verb} ${obj})${tail}`);
      else actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      break;
    case "deploy": {
      // Stopping a protection turns it off (cloudtrail_stop_logging, stop_monitor).
      if ((verb === "stop" || verb === "shutdown") && security) {
        disable();
        break;
      }
      if (scaledToNothing) break;
      // A merge whose own title or message says it goes in past the checks ("skip failing CI checks
      // and merge", "bypass branch protection"): what the checks guard was not looked at. (A bot's
      // "[skip ci]" only saves a run after the merge: not this.)
      const pastChecks = verb === "merge" ? f.strings.find((v) => v.length <= 2000 && PAST_CHECKS.test(v)) : undefined;
      if (pastChecks !== undefined) add("tool.merge-past-checks", "write", "recoverable", "tree", `${tool} merges ${obj} past its checks ("${pastChecks.trim().slice(0, 80)}")${tail}`, { unconfirmed: true });
      // A pull or merge request merged by the agent: the change reaches the base branch (and deploys where merges deploy) with no person's approval of the merge here.
      // (Not one the sentence says people approved: "now that it has two approvals and CI is green".)
      else if (verb === "merge" && hasWord(object, /^(pull|pulls|pr|prs|mr|mrs|request|requests)$/) !== undefined && !(/\s/.test(tool) && /\b(?:has|with|got|after) (?:\d+|one|two|three|four|all (?:the )?required|the required|enough) (?:approvals?|reviews?)\b(?! (?:rules?|bypassed|skipped|waived))|\bapproved by\b/i.test(tool) && !/\bbypass\w*|\bskip\w*|\bwithout\b|\boverrid\w*/i.test(tool))) add("tool.merge", "write", "recoverable", "tree", `${tool} merges ${obj}${tail} into its base branch: it reaches everyone who builds from it, and deploys where merges deploy`, { unconfirmed: true });
      const action: Action = { capability: "execute", target: { name: tool, ...base }, reversibility: "recoverable", scope: f.production ? "system" : scope };
      if (f.production || verb === "shutdown" || verb === "reboot" || verb === "migrate" || verb === "rollback" || verb === "push" && (f.bulk || /force/i.test(argsText()))) {
        actions.push(action);
        hits.push({ id: "tool.deploy", action, reason: `${tool} ${verb}s ${obj}${tail}` });
      } else actions.push(action);
      break;
    }
    case "publish": {
      // What a person's details a post holds (read once for both readings below that ask).
      const postedDetails = personalDetails(f.strings);
      // A transfer or payment posted to a ledger (post_trust_transfer {amount}): the money moves.
      // (A transfer or a payment; not an invoice or a journal entry recorded, nor one in a sandbox.)
      if (verb === "post" && hasWord(object, /^(transfers?|payments?|wires?|disbursements?|payouts?|remittances?)$/) !== undefined && f.amounts.length > 0 && !/\b(?:sandbox|test|demo)\b/i.test(argsText().slice(0, 4096))) {
        add("tool.spend", "spend", "irreversible", scope, `${tool} moves money${amount} (${verb} ${obj})${tail}: a payment or a ledger transfer cannot be called back`);
        break;
      }
      // A post in a #channel (the channel argument is "#team-checkout") goes to the channel's members, as a message
      // does, unless the call makes it public. (A hashtag in the post's text names no channel.)
      // A data file pushed to a public hub (Hugging Face, Kaggle, Zenodo), whose repositories anyone can read unless made private: the data is out.
      if (hasWord(object, /^(huggingface|hf|kaggle|zenodo|figshare)$/) !== undefined && !(isRecord(args) && (args.private === true || args.visibility === "private")) && f.strings.some((v) => v.length <= 256 && !/\s/.test(v) && TABLE_FILE.test(v))) {
        const people = f.strings.some((v) => v.length <= 256 && !/\s/.test(v) && TABLE_FILE.test(v) && (DATA_FILE.test(v) || PEOPLE_DATA.test(v)));
        add("tool.publish", people ? "exfiltrate" : "communicate", people ? "irreversible" : "recoverable", people ? "account" : "one", `${tool} uploads a data file${people ? " about people (customers, users, tickets, messages)" : ""} to a public hub${tail}: anyone can download what it holds, and copies cannot be called back`, { public: true, external: true, ...(people ? { personal: true } : {}) });
      }
      // A deposition or dataset published open on a research repository (Zenodo, figshare, Dataverse): it gets a DOI and cannot be taken back;
      // about people (germline variant calls, a patient cohort), their data is out for good.
      else if (verb === "publish" && hasWord(object, /^(zenodo|figshare|dataverse|osf|dryad)$/) !== undefined && !/"access_?right"\s*:\s*"(?:closed|restricted|embargoed)"/i.test(argsText().slice(0, 8192))) {
        const people = /\b(?:germline|somatic|variant calls?|genotyp\w*|vcfs?|exomes?|genomes?|patients?|participants?|cohorts?|subjects?|clinical|phenotyp\w*|survey responses|health records?)\b/i.test(argsText().slice(0, 8192));
        add("tool.publish", people ? "exfiltrate" : "communicate", "irreversible", people ? "account" : "one", `${tool} publishes ${obj} openly on a research repository${people ? ", with data about people (genomes, patients, participants)" : ""}${tail}: a published record gets a DOI and cannot be withdrawn`, { public: true, external: true, ...(people ? { personal: true } : {}) });
      }
      // (An alert or notice put on the public feed or broadcast, channels: ["public_feed", "cell_broadcast"]: everyone receives it.)
      else if (f.public || publishPlace || publicChannel(args) || verb === "tweet" || verb === "retweet" || (verb === "post" && !store && !message && hasWord(object, POSTABLE) !== undefined && !toChannel(args))) add("tool.publish", "communicate", "irreversible", "one", `${tool} publishes ${obj} where anyone can read it${tail}`, { public: true, external: true, ...(aboutAPerson(postedDetails) ? { personal: true } : {}) });
      else if (message && aboutAPerson(postedDetails)) add("tool.personal-details-posted", "communicate", "irreversible", "one", `${tool} posts a person's ${postedDetails.join(", ")} in a message${tail}: everyone who reads it has them`, { personal: true });
      else actions.push({ capability: "communicate", target: { name: tool, ...base }, reversibility: "irreversible", scope: "one" });
      break;
    }
    case "disable":
      // A scanner's finding ignored or dismissed (snyk ignore_issue, dismiss a code-scanning alert): the flaw stays, and nothing reminds anyone.
      if (hasWord(object, /^(snyk|dependabot|codeql|semgrep|trivy|sonar|sonarqube|scanning|scan|vulnerability|vulnerabilities|cve|advisory|advisories)$/) !== undefined && hasWord(object, /^(issues?|findings?|alerts?|vulnerabilit(?:y|ies)|advisor(?:y|ies)|results?)$/) !== undefined) add("tool.finding-ignored", "impair-defences", "recoverable", "one", `${tool} ignores a security finding (${obj})${tail}: the flaw stays, and nothing reminds anyone`);
      else if (security) disable();
      else if (physical) physicalAct();
      // A backup job's schedule or the job disabled (disable_schedule {jobName: "nightly-pgbackrest-full"}): no new backup is taken until someone notices (T1490).
      else if (hasWord(object, /^(schedules?|jobs?|timers?|crons?|cronjobs?|tasks?|policies|policy|plans?)$/) !== undefined && f.strings.some((v) => v.length <= 200 && BACKUP_NAME.test(v))) add("tool.backups-off", "impair-defences", "recoverable", "one", `${tool} ${verb}s ${obj} that takes backups${tail}: no new backup is made until it is turned back on (T1490)`);
      else actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      break;
    case "control":
      // A protection turned down (its level lowered, its sensitivity decreased): it catches less.
      // (An alert's threshold lowered makes it fire sooner: "lower the error-rate alert threshold from 5% to 2%" watches more closely.)
      if (security && verb !== undefined && /^(lower|decrease|reduce|turn|switch|toggle|flip)$/.test(verb) && !(/^(lower|decrease|reduce)$/.test(verb) && hasWord(object, /^(thresholds?)$/) !== undefined && hasWord(object, /^(alerts?|alarms?|alerting|paging|pages|notifications?)$/) !== undefined)) disable();
      else if (physical) physicalAct();
      // Production turned up or down (raise the autoscaling max, lower the replicas): a change to production.
      else if (f.production) add("tool.change-production", "write", "recoverable", scope, `${tool} changes ${obj} in production${tail}`);
      else actions.push({ capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope });
      break;
    case "execute":
      actions.push({ capability: "execute", target: { name: tool, ...base }, reversibility: "recoverable", scope: "one" });
      break;
    case "read": {
      // A secret's value read (get_secret_value, reveal_password, kubectl get secrets -o yaml): the
      // credential is in the agent's hands, as `vault kv get` in a shell is (T1552). Listing names is not.
      // (A password manager's item read, or any item with its values revealed, is a secret's value too.)
      // (A secrets engine's key-value read, vault kv_get or openbao read_kv, is a secret's value.)
      // (A cache's or database's AUTH string or connection string, get_auth_string on Memorystore: its password.)
      const secretNoun = hasWord(object, /^(secret|secrets|password|passwords|credential|credentials|apikey|apikeys)$/) ?? (hasWord(object, /^(auth|connection)$/) !== undefined && hasWord(object, /^(string|strings)$/) !== undefined ? "an AUTH or connection string" : undefined) ?? (hasWord(object, /^(vault|openbao|hashicorp)$/) !== undefined && hasWord(object, /^(kv|kv1|kv2|kvv2)$/) !== undefined ? "a secret in Vault" : undefined) ?? (hasWord(object, /^(1password|onepassword|bitwarden|lastpass|keeper|dashlane|keychain|keyvault|secretsmanager)$/) !== undefined && (hasWord(object, /^(items?|entry|entries|logins?|fields?|values?)$/) !== undefined || (isRecord(args) && args.reveal === true)) ? "a password manager's item" : undefined) ?? (isRecord(args) ? Object.entries(args).find(([k, v]) => /^(resource_?type|resource|kind|type|object_?type)$/i.test(k) && typeof v === "string" && /^secrets?$/i.test(v.trim()))?.[1] as string | undefined : undefined) ?? (isRecord(args) && Object.entries(args).some(([k, v]) => /^(?:with_?decryption|decrypt(?:ed)?)$/i.test(k) && v === true) ? "a decrypted parameter" : undefined) ?? (verb === "get" && hasWord(object, /^(environment|env|dotenv)$/) !== undefined && hasWord(object, /^(sites?|apps?|applications?|servers?|services?)$/) !== undefined ? "a site's environment file" : undefined);
      // A search of a drive, a mailbox or chat for passwords and keys (query: "password OR api key"): credentials gathered where people left them (T1552).
      const huntsCredentials = verb !== undefined && /^(search|find|query|scan|grep|lookup)$/.test(verb) && f.strings.some((v) => v.length <= 512 && CREDENTIAL_QUERY.test(v) && !/\b(reset|policy|policies|field|validation|strength|hash|hashing|forgot|docs?|documentation)\b/i.test(v));
      // A page or document read whose name says it holds credentials (break-glass access, root credentials, the shared passwords sheet).
      const credentialDoc = verb !== undefined && /^(get|read|fetch|open|view|export|download|retrieve|show)$/.test(verb) && f.strings.find((v) => v.length <= 200 && CREDENTIAL_DOCUMENT.test(v));
      // (Keys or tokens listed with their secret values shown, list_keys {reveal_secrets: true}: each value is read.)
      // (Or a password manager's item with its fields revealed: op-vault get_item {reveal: true, fields: ["credential"]}.)
      // (An argument that names what it reveals, include_secrets: true, shows secrets whatever the call lists: list_nas_clients {include_secrets: true}.)
      const revealAsked = isRecord(args) ? Object.entries(args).filter(([k, v]) => REVEAL_KEY.test(k) && (v === true || v === "true")).map(([k]) => k) : [];
      const revealed = revealAsked.some((k) => /(?:secrets?|passwords?|credentials?)$/i.test(k)) || (revealAsked.length > 0 && (secretNoun !== undefined || hasWord(object, /^(keys?|tokens?|apikeys?|credentials?)$/) !== undefined || (hasWord(object, /^(vaults?|op|1password|bitwarden|lastpass|keeper|dashlane|keepass|passwords?|secrets?|items?)$/) !== undefined && hasWord(object, /^(vaults?|op|1password|bitwarden|lastpass|keeper|dashlane|keepass)$/) !== undefined)));
      if (credentialDoc) add("tool.read-credentials-document", "read", "recoverable", "one", `${tool} reads "${credentialDoc.slice(0, 60)}", a page that holds credentials${tail}: they are in the agent's hands (T1552)`, { pathClass: "credentials" });
      else if (huntsCredentials) add("tool.search-credentials", "read", "recoverable", "account", `${tool} searches for passwords or keys (${verb} ${obj})${tail}: credentials gathered where people left them (T1552)`, { pathClass: "credentials" });
      else if (revealed || (secretNoun !== undefined && verb !== undefined && !/^(list|search|find|count|browse|check|validate|verify|status|describe)$/.test(verb) && !hasWord(object, /^(names?|metadata|versions?|policy|policies)$/))) {
        // (One secret's value is a pause, as a page of credentials is: a person judges whether to rotate it. Many at once are a harvest.)
        // (Secrets with none named, kubectl_get {resourceType: "secrets"}, are every secret of the namespace.)
        const named = isRecord(args) && Object.keys(args).some((k) => /^(?:name|secret_?(?:id|name)|key|path|id|item|item_?id|resource_?name|title)$/i.test(k));
        // (A list with its secrets revealed is every listed item's secret.)
        const many = f.bulk || f.wildcard || (hasWord(object, /^secrets$/) !== undefined && !named) || (revealed && verb === "list");
        add("tool.read-secret", "read", many ? "irreversible" : "recoverable", many ? "account" : "one", `${tool} reads the value of ${secretNoun === undefined ? "secret keys" : secretNoun === "secrets" || secretNoun === "secret" ? "secrets" : secretNoun} (${verb} ${obj}${revealed ? ", secrets revealed" : ""})${tail}: the credential is in the agent's hands`, { pathClass: "credentials" });
      } else actions.push({ capability: "read", target: { name: tool, ...base }, reversibility: "reversible", scope });
      break;
    }
    case "write":
    case undefined: {
      const action: Action = { capability: "write", target: { name: tool, ...base }, reversibility: "recoverable", scope };
      // A script pushed to every managed device (an Intune or MDM script assigned to all devices): it runs on all of them, as the account it names.
      const script = isRecord(args) && Object.entries(args).some(([k, v]) => /^(?:script_?content|script|script_?body|commands?|payload)$/i.test(k) && typeof v === "string" && v.trim() !== "");
      if (script && EVERY_DEVICE.test(argsText().slice(0, MAX_ARGS_SCANNED))) {
        const asSystem = RUNS_AS_SYSTEM.test(argsText().slice(0, MAX_ARGS_SCANNED));
        add("tool.fleet-script", asSystem ? "escalate" : "execute", "irreversible", "system", `${tool} runs a script on every managed device${asSystem ? " as SYSTEM" : ""}${tail}: whatever it does happens on all of them at once`);
      }
      // Security findings archived or suppressed by a rule (a GuardDuty filter with Action ARCHIVE, a Security Hub automation setting SUPPRESSED): what it matches is never seen; every severity, a hard stop.
      // (Only a filter, rule or automation created: the arguments are not read for any other call.)
      if ((verb === "create" || verb === "update" || verb === "put") && hasWord(object, /^(filters?|suppressions?|rules?|automations?|exclusions?)$/) !== undefined && FINDINGS_SUPPRESSED.test(argsText().slice(0, MAX_ARGS_SCANNED))) {
        const broad = EVERY_SEVERITY.test(argsText().slice(0, MAX_ARGS_SCANNED));
        add("tool.findings-suppressed", "impair-defences", "recoverable", broad ? "system" : "one", `${tool} archives or suppresses security findings by a rule${broad ? ", findings of every severity" : ""}${tail}: what it matches is never looked at (T1562.001)`);
      }
      // A litigation or legal hold released (Set-Mailbox -LitigationHoldEnabled $false): what it kept can be deleted, evidence a court may require (T1070).
      const hold = isRecord(args) ? Object.entries(args).find(([k, x]) => /^(?:litigation|legal|retention|in_?place|ediscovery)_?hold(?:_?enabled)?$/i.test(k) && (x === false || x === "false")) : undefined;
      if (hold !== undefined) add("tool.hold-released", "delete", "irreversible", "account", `${tool} releases a ${hold[0].replace(/_?enabled$/i, "").replace(/_/g, " ")} (${hold[0]}: false)${tail}: what it kept can now be deleted by retention or its owner, evidence a court may require (T1070)`, { personal: true });
      // A protection switched off in the call's own settings (dataScrubber: false, requireMfa: false, disable_audit: true).
      const switchedOff = protectionSwitchedOff(args);
      // (In an identity provider's sign-in policy, for everyone it covers; in production, for every request the service serves.)
      // (Or assigned to every device or user: the protection is off on all of them at once.)
      if (switchedOff !== undefined && verb !== "create") add("tool.protection-off", "impair-defences", "recoverable", identityPolicy || EVERY_DEVICE.test(argsText().slice(0, MAX_ARGS_SCANNED)) ? "system" : f.production ? "account" : "one", `${tool} switches a protection off (${switchedOff[0]}: ${String(switchedOff[1])})${identityPolicy ? " in the organisation's sign-in policy" : ""}${tail}`);
      if (f.paysWith === true && (verb === undefined || /^(book|buy|purchase|order|pay|checkout|reserve|create|submit|place|make|confirm|complete|process|execute)$/.test(verb)) && !hasWord(object, /^(customers?|profiles?|accounts?|methods?|cards?|wallets?|settings?)$/)) add("tool.spend", "spend", "irreversible", scope, `${tool} pays with the card or payment method it is given (${verb ?? "call"} ${obj})${tail}: a payment cannot be called back`);
      // (Not a catalogue entry, create_price or create_product: it moves no money. An argument saying livemode: false is not
      // honoured: the API key, not the agent's argument, decides whether money moves.)
      else if (money && verb !== undefined && /^(create|submit|make|execute|place|initiate|schedule|process|issue|generate|move)$/.test(verb) && !hasWord(object, /^(meeting|meetings|sync|call|review|standup|session|appointment|interview|reminder|event|report|reports|summary|dashboard|index|indexes|indices|column|columns|table|tables|field|fields|constraint|constraints|view|views|trigger|triggers|migration|migrations|schema|model|models|test|tests|method|methods|price|prices|product|products)$/))
        add("tool.spend", "spend", "irreversible", scope, `${tool} moves money${amount} (${verb} ${obj})${tail}: a payment, refund or trade cannot be called back`);
      else if (f.public && (store || verbClass === "write")) {
        // What it names holds secrets or people's data (a repository called infra-secrets, a bucket of customer exports): they are out.
        const holds = f.strings.find((v) => v.length <= 128 && !/\s/.test(v) && /secret|credential|passw|private[-_]?keys?|\bkeys?\b|vault|\.env\b|tokens?\b/i.test(v)) ? { pathClass: "credentials" as const } : f.strings.find((v) => v.length <= 128 && !/\s/.test(v) && DATA_FILE.test(v)) ? { personal: true } : {};
        // (A repository made public is all of its code and its whole history, secrets once committed included: clones and forks keep it.)
        add("tool.make-public", "communicate", "irreversible", hasWord(object, /^(repo|repos|repository|repositories)$/) || (hasWord(object, /^(gitlab|gitea|bitbucket|codeberg|forgejo)$/) && hasWord(object, /^projects?$/)) ? "account" : "one", `${tool} makes ${obj} public${tail}: anyone can read it from now on`, { public: true, external: true, ...holds });
      }
      else if (publishPlace && verb !== undefined && /^(create|submit|make|upload|save|generate)$/.test(verb) && hasWord(object, /^(tweets?|posts?|status|statuses|articles?|stories|threads?|videos?|photos?|reels?|toots?)$/)) add("tool.publish", "communicate", "irreversible", "one", `${tool} publishes ${obj} where anyone can read it${tail}`, { public: true, external: true });
      else if (access && f.recipients.length) {
        const stranger = toStranger(f, args, physical !== undefined);
        add("tool.grant-access", "grant-access", "recoverable", stranger ? "account" : "one", `${tool} changes access for ${f.recipients.slice(0, 3).join(", ")} (${obj})${stranger ? ", to a personal mailbox outside the organisation" : ""}${tail}`, { external: recipientsExternal(f) });
      }
      // (A negative switch set false turns the protection on: {paused: false}, {muted: false}.)
      else if (security && /disable|off|false|none|permissive|\b0\b/i.test(argsText().replace(/"(?:paused|muted|disabled|suspended|snoozed|silenced)"\s*:\s*false/gi, ""))) add("tool.disable-protection", "impair-defences", "recoverable", "one", `${tool} turns off ${obj}${tail}: a protection stops working`);
      else if (f.production && (scope === "account" || (verb !== undefined && CHANGE_VERB.test(verb)) || hasWord(object, /^(update|apply|patch|upsert|replace)$/) !== undefined)) add("tool.change-production", "write", "recoverable", scope, `${tool} changes ${obj} in production${tail}`);
      else if (physical && verbClass === "write") physicalAct();
      // A person's pay or employment changed in an HR or payroll system (a pay rate, a termination date): their pay and standing rely on it.
      else if (verb !== "create" && (hasWord(object, /^(employees?|workers?|staff|personnel|hris|bamboohr|workday|gusto|rippling|deel|personio|adp|payroll)$/) !== undefined) && HR_FIELDS.test(argsText().slice(0, MAX_ARGS_SCANNED))) add("tool.change-employment-record", "write", "recoverable", "one", `${tool} changes a person's pay or employment record (${obj})${tail}: their pay and standing rely on it`, { personal: true });
      // Many people's records changed at once (every contact, all customers): what each was is gone.
      else if (scope === "account" && verbClass === "write" && verb !== "create" && verb !== "export" && verb !== "copy" && hasWord(object, PEOPLE_RECORDS)) add("tool.bulk-change-people", "write", "irreversible", "account", `${tool} changes many people's records at once (${verb} ${obj})${tail}`);
      else actions.push(action);
      break;
    }
  }
  // Annotations only raise: a server that calls its tool destructive is believed; one that calls it
  // read-only is not, since a server can lie (a tool declared both is read as destructive). A delete
  // the name already reads as one object is widened: the server says it destroys, not how much.
  if (annotations?.destructiveHint === true && !actions.some((a) => a.capability === "delete" && a.reversibility === "irreversible" && a.scope !== "one")) {
    // How much it destroys is unknown. On this machine (a file server's write_file is declared
    // destructive) it is read as one object, which the arguments' targets (production, a wildcard)
    // raise; otherwise (openWorldHint true or left out, which MCP reads as true) as more than one,
    // which pauses.
    add("tool.annotated-destructive", "delete", "irreversible", annotations.openWorldHint !== false && scope === "one" ? "tree" : scope, `${tool} is declared destructive by its own server (destructiveHint)${annotations.openWorldHint === true ? ", acting outside this machine" : ""}${tail}`, { external: annotations.openWorldHint === true });
  }
  // What no reading named, widened to every one of something (all_devices: true, a target group named all): that reach is the risk a person judges.
  if (f.wildcard !== undefined) for (const a of actions) if (a.scope === "account" && a.capability !== "read" && !hits.some((h) => h.action === a)) hits.push({ id: "tool.every-target", action: a, reason: `${tool} ${verb ?? "acts on"} ${obj} for every one at once (${f.wildcard}): one call reaches all of them` });
  return { ...(verb !== undefined ? { verb } : {}), object, actions, hits };
}
