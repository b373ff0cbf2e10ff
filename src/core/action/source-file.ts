// Source code a file tool writes does not run now: its words are data (file-write.ts). It runs
// later, as part of the program, and what it will do is judged when it is written, because after
// that nobody looks at the file again before it acts:
//   - a database migration's forward part that drops a table or a column (the data goes when the
//     migration is applied, usually by a deploy): a pause, so a person sees it before it is merged;
//     what a migration's down part does is undone work, never run forward;
//   - code that sends the passwords it handles, what it reads where credentials are kept, or its
//     whole environment (every secret in its variables), to
//     another host (code.ts reads these sends, for interpreter code too): a hard stop;
//   - outside tests, a fixed string let past an authentication check (a backdoor, a hard stop) and
//     TLS certificate checks turned off (a pause).
// A reading by patterns, like code.ts: what it cannot resolve it does not guess.
import { sendCalls, sentCredentialFiles, sentCredentials, sentEnvironment, sentPersonalData, sentTable, skimmedCheckout, trackedPersonalData, type CodeHit } from "./code.js";
import { CI_FILE } from "./ci-config.js";
import { untrustedOrigin } from "./paths.js";

/** A migration of Django, Alembic, Rails, Knex, Sequelize, TypeORM or a similar tool, by where it lives. */
const MIGRATION_FILE = /(?:^|\/)(?:migrations?|migrate|alembic)\/(?:[^/]+\/)*[^/]+\.(?:py|rb|[cm]?[jt]s)$/i;

/** Where a migration's down part starts: the functions that undo it. */
const DOWN_PART = /^[ \t]*(?:def\s+(?:self\.)?(downgrade|down|backwards|reverse\w*)\b|(?:module\.)?exports\.(down)\b|(?:public\s+|export\s+)?(?:async\s+)?(down)\s*[(:=]|(?:public\s+)?async\s+(down)\b)/gm;
/** Where an up part starts again after a down part (a file that puts down first). */
const UP_PART = /^[ \t]*(?:def\s+(?:self\.)?(?:upgrade|up|change|forwards)\b|exports\.up\b|module\.exports\.up\b|(?:public\s+|export\s+)?(?:async\s+)?up\s*[(:=])/gm;
/** Django's RunSQL undo argument. */
const REVERSE_SQL = /\breverse_sql\s*=\s*(?:\[[^\]]*\]|"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[\w.]+)/g;

/** Table drops by the migration tools' own calls, with the table's name where it is a literal. */
const TABLE_DROP_CALL = /\b(?:migrations\.DeleteModel\s*\(\s*(?:name\s*=\s*)?|op\.drop_table\s*\(\s*|drop_table(?!\w)\s*\(?\s*:?|drop_join_table(?!\w)\s*\(?\s*:?|\.dropTable(?:IfExists)?\s*\(\s*|queryInterface\.dropTable\s*\(\s*|queryRunner\.dropTable\s*\(\s*)['"`]?([\w.]*)/g;
const ALL_TABLES_DROP = /\bqueryInterface\.dropAllTables\s*\(/;
/** Column drops by the migration tools' own calls, with the column's name where it is a literal. */
const COLUMN_DROP_CALL = /\b(?:migrations\.RemoveField\s*\([^)]{0,200}?\bname\s*=\s*|op\.drop_column\s*\(\s*['"][\w.]+['"]\s*,\s*|remove_column(?!\w)\s*\(?\s*:\w+\s*,\s*|\.dropColumns?\s*\(\s*|queryInterface\.removeColumn\s*\(\s*['"][\w.]+['"]\s*,\s*|queryRunner\.dropColumn\s*\(\s*['"][\w.]+['"]\s*,\s*)['"`:]?([\w.]*)/g;
/** SQL in a migration's strings that destroys a table's rows: DROP TABLE/SCHEMA/DATABASE, TRUNCATE, DELETE without WHERE. */
const SQL_DROP = /\b(drop\s+(?:table|schema|database)(?:\s+if\s+exists)?\s+[\w."`{}$%]+|drop\s+column(?:\s+if\s+exists)?\s+[\w."`{}$%]+|truncate\s+(?:table\s+)?[\w."`{}$%]+|delete\s+from\s+[\w."`{}$%]+\s*(?:;|['"`]|$))/gim;

/**
 * The forward part of a migration: the text without its down parts and RunSQL's reverse_sql. A
 * down part is cut only when it is one: not words inside a string or comment (a docstring that
 * shows `def downgrade():`), and not a function the forward part runs (`def upgrade(): downgrade()`,
 * `RunPython(reverse_x)`, `this.down(q)`, `exports.down = exports.up = …`).
 */
export function forwardPart(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    DOWN_PART.lastIndex = at;
    let down: RegExpExecArray | null;
    while ((down = DOWN_PART.exec(text)) !== null && !isDownPart(text, down));
    if (down === null) return (out + text.slice(at)).replace(REVERSE_SQL, "");
    out += text.slice(at, down.index);
    UP_PART.lastIndex = down.index + down[0].length;
    const up = UP_PART.exec(text);
    if (!up) return out.replace(REVERSE_SQL, "");
    at = up.index;
  }
}

/** Whether a DOWN_PART match starts code that undoes the migration, and only that. */
function isDownPart(text: string, m: RegExpExecArray): boolean {
  const before = text.slice(0, m.index);
  const count = (s: string): number => before.split(s).length - 1;
  // Inside a string or a comment: a triple-quoted string or template literal left open, a block comment, Ruby's =begin.
  if (count('"""') % 2 === 1 || count("'''") % 2 === 1 || count("`") % 2 === 1) return false;
  if (before.lastIndexOf("/*") > before.lastIndexOf("*/") || before.search(/^=begin\b(?![\s\S]*^=end\b)/m) >= 0) return false;
  // The same function is the up part (exports.down = exports.up = …).
  if (/^\s*=\s*(?:module\.)?exports\.up\b/.test(text.slice(m.index + m[0].length))) return false;
  const name = m[1] ?? m[2] ?? m[3] ?? m[4];
  if (name === undefined) return true;
  // Run from elsewhere: called, or passed as RunPython's forward code. As RunPython's second
  // argument or reverse_code it is the undo, as meant.
  const use = new RegExp(String.raw`(?<![\w.])(?:self\.|this\.|exports\.)?${name}\s*\(|[(,=]\s*(?:self\.|this\.)?${name}\b(?!\s*[=(])|^[ \t]*${name}[ \t]*$`, "gm");
  for (const u of text.matchAll(use)) {
    const at = u.index + u[0].indexOf(name);
    if (at >= m.index && at < m.index + m[0].length) continue;
    const lead = text.slice(Math.max(0, at - 120), at);
    if (/RunPython\(\s*[\w.]+\s*,\s*$|reverse_code\s*=\s*$/.test(lead)) continue;
    if (/^\s*(?:def|async|public|export)\b/.test(text.slice(text.lastIndexOf("\n", at - 1) + 1, at))) continue;
    return false;
  }
  return true;
}

function migrationDrops(path: string, text: string): CodeHit[] {
  const forward = forwardPart(text);
  const dropped: string[] = [];
  if (ALL_TABLES_DROP.test(forward)) dropped.push("every table");
  for (const m of forward.matchAll(TABLE_DROP_CALL)) dropped.push(m[1] || "a table");
  for (const m of forward.matchAll(COLUMN_DROP_CALL)) dropped.push(`column ${m[1] || "a column"}`);
  for (const m of forward.matchAll(SQL_DROP)) dropped.push(m[1]!.replace(/\s+/g, " ").replace(/['"`;]+$/, "").trim());
  if (dropped.length === 0) return [];
  const file = path.replace(/^.*\//, "");
  const what = [...new Set(dropped)].slice(0, 3).join(", ");
  return [
    {
      id: "code.migration-drops-data",
      technique: "T1485",
      tactic: "Impact (TA0040)",
      action: { capability: "delete", target: { name: what }, reversibility: "irreversible", scope: "tree" },
      reason: `the migration ${file} destroys data when it is applied (drops ${what}): what is in it is gone unless a backup holds it (T1485)`,
    },
  ];
}

/** Tests, fixtures and examples, whose code does not run in the product. */
export const TEST_FILE = /(?:^|\/)(?:tests?|__tests__|spec|specs|fixtures?|examples?|testdata|e2e)\/|(?:^|\/)(?:test_[^/]*|[^/]*_test\.\w+|[^/]*\.(?:test|spec)\.\w+|conftest\.py)$/i;

/** Settings that turn off checking a server's TLS certificate. */
const TLS_OFF = /\bGIT_SSL_NO_VERIFY\b\s*[=:]\s*['"]?(?:1|true|yes)\b|\bverify\s*=\s*False\b|\brejectUnauthorized\s*:\s*false\b|\bInsecureSkipVerify\s*:\s*true\b|\bNODE_TLS_REJECT_UNAUTHORIZED\b\s*[=:]\s*['"]?0|\b_create_unverified_context\b|\bCURLOPT_SSL_VERIFYPEER\s*,\s*(?:false|0)\b|\bcheck_hostname\s*=\s*False\b|\bverify_mode\s*=\s*ssl\.CERT_NONE\b|\bssl_verify\s*[=:]\s*(?:False|false)\b|<key>NSAllowsArbitraryLoads(?:InWebContent)?<\/key>\s*<true\s*\/>|\b(?:tls_?verify|verify_?certificates?|verify_?certs?|verify_?ssl|ssl_?verification|validate_?certs?)\s*[=:]\s*["']?(?:false|False|no|off)\b|\binsecure_?skip_?(?:tls_?)?verify\s*[=:]\s*["']?(?:true|True|yes)\b|\bandroid:usesCleartextTraffic\s*=\s*["']true["']|\bcleartextTrafficPermitted\s*=\s*["']true["']/;

/** An authentication check that a fixed string gets past: `if token != "svc-maint-7731" and not verify_jwt(token)`. */
const LITERAL_PASS = /\b(?:token|password|passwd|pwd|api_?key|apikey|secret|auth\w*|otp|pin|code|key)\b\s*(?:==|!=|===|!==)\s*["'][^"'\s]{4,}["'][^\n]{0,80}\b(?:verify|authenticate|check_password|check_pw|compare_digest|bcrypt|argon2|scrypt|jwt|is_valid|valid)\w*|\b(?:verify|authenticate|check_password|jwt|is_valid|valid)\w*\([^\n]{0,80}(?:\bor\b|\|\|)\s*(?:token|password|passwd|api_?key|apikey|secret|auth\w*)\s*(?:==|===)\s*["'][^"'\s]{4,}["']|\b(?:token|password|passwd|api_?key|apikey|secret|auth\w*|x-[\w-]*(?:token|key|auth)[\w-]*)['"]?\]?\s*(?:==|===)\s*["'][^"'\s]{4,}["'][ \t]{0,8}\)?[ \t]{0,8}\{?[ \t]{0,8}\n?[ \t]{0,40}return\s+(?:next\s*\(\s*\)|(?:true|True)\b)/i;

/** A password, token or PIN compared to a fixed string and, when it matches, success returned: `if password == "…": return True`. */
const FIXED_SECRET_ACCEPTED = /\b(?:password|passwd|pwd|passphrase|token|api_?key|apikey|secret|otp|pin)\b[ \t]{0,8}(?:==|===)[ \t]{0,8}["'][^"'\s]{4,}["'][ \t]{0,8}(?::|\)[ \t]{0,8}\{?)?[ \t]{0,8}\n?[ \t]{0,40}\{?[ \t]{0,8}return[ \t]+(?:True|true)\b/;
/** A request's header, parameter or cookie compared to a fixed string, and then a user, an administrator or a pass handed back: `if request.headers.get("X-Support-Override") == "7f3a": return User.objects.filter(is_superuser=True).first()`. */
/** A request's header, parameter or cookie read by name: request.headers.get("X-…"), req.headers["x-…"], Express's req.get("x-…") or req.header("x-…"). */
/** Standard headers that say how a request came, not who sent it (an HTTPS redirect compares x-forwarded-proto to "https"). */
const STANDARD_HEADER = String.raw`(?!(?:${["x-forwarded-", "accept", "content-", "x-requested-with", "user-agent", "host", "origin", "referer", "upgrade", "connection", "cache-control", "if-", "sec-"].map((h) => h.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`)).join("|")})[\w-]{0,30}["'])`;
const REQUEST_VALUE = String.raw`(?:(?:\b\w{1,40}\.){0,3}\b(?:headers|args|params|query|cookies|META|GET|POST)(?:\.get\(\s*|\[\s*)["']${STANDARD_HEADER}[^"'\n]{1,60}["']\s*(?:,\s*[^)\n]{0,40})?[)\]]|\b(?:req|request)\.(?:get|header|getHeader)\(\s*["']${STANDARD_HEADER}[^"'\n]{1,60}["']\s*\))`;
const FIXED_STRING = String.raw`["'][^"'\s]{4,}["']`;
/** Such a value compared to a fixed string, either side first, or first kept in a variable: `override = request.headers.get("X-Override")` … `if override == "7f3a"`. */
const COMPARED = String.raw`(?:${REQUEST_VALUE}\s*(?:==|===)\s*${FIXED_STRING}|${FIXED_STRING}\s*(?:==|===)\s*${REQUEST_VALUE}|\b(\w{1,40})\s*=\s*${REQUEST_VALUE}[^\n]{0,40}\n[^\n]{0,40}?\b\1\s*(?:==|===)\s*${FIXED_STRING})`;
const HEADER_PASS = new RegExp(String.raw`${COMPARED}[^\n]{0,12}\n?[^\n]{0,160}?(?:\breturn\s+(?:await\s+)?(?:[\w]+\.)*(?:User\b|user\b|\w*superuser|\w*admin\w*|next\s*\(\s*\)|True\b|true\b)|\b(?:req|request|g|ctx|context)\.user\s*=|\blogin(?:_user)?\s*\(|\bis_authenticated\s*=\s*True)`);
/** Ports where a login or a database answers: SSH, RDP, VNC, databases, caches, Docker's API, or every port. */
const ADMIN_PORT = String.raw`(?:22|3389|5900|5432|3306|1433|1521|6379|11211|27017|9200|9042|5984|2375|2376|8086|0)`;
/** A firewall rule in infrastructure code (Terraform, CloudFormation, Pulumi) open to 0.0.0.0/0 or ::/0 on such a port, either written first; also a list of ports (GCP's ports = ["22"], Azure's destination_port_ranges). Either may sit in a block of its own within the rule (GCP's allow { ports }), never in another rule. */
/** Every address, as CIDR or as Azure's source prefix (*, Internet, Any). */
const EVERY_ADDRESS = String.raw`(?:0\.0\.0\.0/0|::/0|source_address_prefix(?:es)?["']?\s*[=:]\s*\[?\s*["'](?:\*|Internet|Any)["'])`;
const OPEN_ADMIN_PORT = new RegExp(String.raw`${EVERY_ADDRESS}["'\]\s,]{1,8}[^}]{0,300}?\b(?:from_?port|FromPort|ports?|to_?port|ToPort|port_ranges?|destination_port_ranges?)["']?\s*[=:]\s*\[?\s*["']?${ADMIN_PORT}\b|\b(?:from_?port|FromPort|ports?|destination_port_ranges?)["']?\s*[=:]\s*\[?\s*["']?${ADMIN_PORT}\b[^{]{0,300}?${EVERY_ADDRESS}`);
/** Passwords kept with a hash made to be fast (MD5, SHA-1): anyone with the table recovers them. */
const WEAK_PASSWORD_HASH = /\b(?:md5|sha1)\s*\(\s*(?:\w+\.)?(?:password|passwd|pwd|raw_password|plain\w*)\b|createHash\(\s*['"](?:md5|sha1)['"]\s*\)\s*\.update\(\s*(?:\w+\.)?(?:password|passwd|pwd)\b/i;

/** Settings that let a database, bucket or stack be destroyed with nothing kept (Terraform, CloudFormation, Pulumi, CDK). */
const UNPROTECTED = /\bdeletion_?protection\s*[=:]\s*false\b|\bDeletionProtection\s*[=:]\s*false\b|\bdeletionProtection\s*:\s*false\b|\bskip_final_snapshot\s*=\s*true\b|\bprevent_destroy\s*=\s*false\b|\bforce_destroy\s*=\s*true\b|\bdelete_contents_on_destroy\s*=\s*true\b/;

/** A file for production by its path (settings/production.py, infra/prod/rds.tf, config/prod.yaml). */
export const PRODUCTION_PATH = /(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z0-9]|$)/i;
/** A path below its home directory: /home/dev/app/x → app/x (the user's name says nothing of the file's environment). */
export const belowHome = (path: string): string => path.replace(/^(?:\/home\/[^/]+|\/Users\/[^/]+|\/root|~[^/]*)\//, "");
/** Debug pages or error details turned on, or every host name accepted (Django, Flask, Laravel, PHP, Rails). */
const DEBUG_ON = /^[ \t]*(?:DEBUG[ \t]*=[ \t]*(?:True|1|["']?true["']?)(?![\w.])|APP_DEBUG[ \t]*=[ \t]*["']?true\b|FLASK_DEBUG[ \t]*=[ \t]*["']?1\b|display_errors[ \t]*=[ \t]*["']?On\b|config\.consider_all_requests_local[ \t]*=[ \t]*true\b|ALLOWED_HOSTS[ \t]*=[ \t]*\[[ \t]*["']\*["'][ \t]*\])/m;
/** A managed database made reachable from the internet (Terraform, CloudFormation, CDK). */
const DATABASE_PUBLIC = /\bpublicly_accessible\s*=\s*true\b|\bPubliclyAccessible["']?\s*:\s*["']?true\b|\bpubliclyAccessible\s*:\s*true\b/;

/** Firebase security rules (Firestore, Storage, Realtime Database) that let anyone write: `allow read, write: if true;`, `".write": true`. */
// (The condition ends the rule: a semicolon, or nothing more of the condition after it, as a rule is quoted in a tool's arguments or an agent's words.)
export const RULES_OPEN = /\ballow[ \t]+(?:(?:read|get|list|create)[ \t]*,[ \t]*){0,4}(?:write|update|delete)(?:[ \t]*,[ \t]*(?:read|write|get|list|create|update|delete)){0,5}[ \t]*(?::[ \t]*if[ \t]+(?:true|1[ \t]*==[ \t]*1|request\.time[ \t]*<[ \t]*timestamp\.date\([^)\n]{0,40}\))(?:[ \t]*;|(?![\w.(])(?![ \t]*(?:&&|\|\||[=!]=|[.(])))|;)|["']\.write["'][ \t]*:[ \t]*(?:true|["']true["'])/;
const RULES_FILE = /(?:^|\/)(?:firestore|storage|database)\.rules(?:\.json)?$|(?:^|\/)database\.rules\.json$|\.rules$/;
/** An S3 bucket's public-access block turned off (Terraform, CloudFormation, CDK): a public policy or ACL is honoured again. */
const PUBLIC_BLOCK_OFF = /\b(?:block_public_acls|block_public_policy|ignore_public_acls|restrict_public_buckets)\s*=\s*false\b|\b(?:BlockPublicAcls|BlockPublicPolicy|IgnorePublicAcls|RestrictPublicBuckets)["']?\s*:\s*["']?false\b|\bblockPublicAccess\s*:\s*(?:undefined|null|false)\b/;
/** Sign-in turned off in a settings file (auth: enabled: false, AUTH_ENABLED=false, REQUIRE_AUTH = False); read in production's files only (a local or test configuration without sign-in is everyday). */
const AUTH_SETTING_OFF = /^[ \t]*(?:auth(?:entication)?[ \t]*:[ \t]*\n[ \t]+enabled[ \t]*:[ \t]*false\b|(?:AUTH|AUTHENTICATION|LOGIN)_(?:ENABLED|REQUIRED)[ \t]*[=:][ \t]*["']?(?:false|0|off|no)\b|REQUIRE_(?:AUTH|AUTHENTICATION|LOGIN)[ \t]*[=:][ \t]*["']?(?:false|0|off|no)\b|(?:auth|authentication)_?(?:enabled|required)[ \t]*[=:][ \t]*["']?(?:false|off|no)\b)/im;
/** A Kubernetes pod spec that reaches the node: privileged, or the host's process, network or IPC namespaces. */
export const HOST_ACCESS_POD = /(?:^[ \t]*|[{,][ \t]*)["']?(?:privileged|hostPID|hostNetwork|hostIPC)["']?[ \t]*:[ \t]*true\b/m;

/** A security setting switched off in a configuration file (audit logging, MFA, CSRF, rate limiting, encryption, TLS checks, secure cookies), flat or nested (`audit:\n  enabled: false`). */
const SECURITY_SETTING_OFF = /^[ \t]*CORS_(?:ALLOW_ALL_ORIGINS|ORIGIN_ALLOW_ALL)[ \t]*=[ \t]*True\b|^[ \t]*(?:(?:audit(?:_?log(?:ging)?)?|mfa|two_?factor|2fa|csrf(?:_?protection)?|rate_?limit(?:ing|er)?|waf|encryption(?:_?at_?rest)?|secure_?cookies?|hsts|brute_?force_?protection|account_?lockout|lockout)[ \t]*:[ \t]*\n[ \t]+(?:enabled|enforced|required|active)[ \t]*:[ \t]*(?:false|off|no)\b|(?:audit(?:_?log(?:ging)?)?|mfa|two_?factor|2fa|csrf(?:_?protection)?|rate_?limit(?:ing)?|encryption(?:_?at_?rest)?|secure_?cookies?|hsts|account_?lockout)_?(?:enabled|required|enforced|enforce|on)[ \t]*[:=][ \t]*["']?(?:false|off|no|0)\b|(?:require|enforce)_?(?:mfa|two_?factor|2fa|csrf|https|ssl|tls)[ \t]*[:=][ \t]*["']?(?:false|off|no|0)\b)/im;
/** Settings that drop the database schema when the application starts (Hibernate's create or create-drop). */
const SCHEMA_DROP_SETTING = /^[ \t]*(?:spring\.jpa\.hibernate\.ddl-auto|hibernate\.hbm2ddl\.auto|ddl-auto|hbm2ddl\.auto|spring\.jpa\.properties\.javax\.persistence\.schema-generation\.database\.action|javax\.persistence\.schema-generation\.database\.action|jakarta\.persistence\.schema-generation\.database\.action)[ \t]*[=:][ \t]*["']?(?:create|create-drop|drop-and-create|drop)(?![\w-])/m;
/** A secret handed to the browser bundle: a Next.js config's env block or a public-prefixed variable (NEXT_PUBLIC_, VITE_, REACT_APP_, EXPO_PUBLIC_) given a secret's value or name. */
const SECRET_TO_BROWSER = /\b(?:NEXT_PUBLIC|VITE|REACT_APP|EXPO_PUBLIC|NUXT_PUBLIC|PUBLIC|GATSBY)_\w*(?:SECRET|PRIVATE|PASSWORD|PASSWD|TOKEN|API_KEY|SERVICE_ROLE)\w*\s*[=:]|\b(?:NEXT_PUBLIC|VITE|REACT_APP|EXPO_PUBLIC|NUXT_PUBLIC|GATSBY)_\w+\s*[=:]\s*process\.env\.\w*(?:SECRET|PRIVATE|PASSWORD|TOKEN|SERVICE_ROLE)\w*/;
const NEXT_ENV_SECRET = /^[ \t]*["']?\w*(?:SECRET|PRIVATE|PASSWORD|PASSWD|SERVICE_ROLE|_TOKEN)\w*["']?\s*:\s*process\.env\.\w+/m;
/** An authentication filter made conditional on a header, parameter or cookie equal to a fixed string (Rails' before_action … unless, Express middleware skipped). */
const AUTH_FILTER_SKIPPED = /\b(?:before_action|before_filter|skip_before_action)\s+:\w*auth\w*!?[^\n]{0,80}?\b(?:unless|if)\b[^\n]{0,60}?(?:headers|params|cookies)\[[^\]\n]{1,60}\]\s*==\s*["'][^"'\s]{4,}["']/;
/** A policy that allows every action: `actions = ["*"]`, `Action = "*"` (Terraform's jsonencode), `"Action": "*"`, `"*:*"`. */
const ALL_ACTIONS_POLICY = /\bactions\s*=\s*\[\s*"\*"\s*\]|\bAction\s*=\s*(?:\[\s*)?"\*"|"Action"\s*:\s*(?:"\*"|\[\s*"\*"\s*\])|\bAction:\s*(?:"\*"|'\*'|\*)\s*$|["']\*:\*["']/m;
/** A database's infrastructure file by its path (rds.tf, db/, postgres, elasticache). */
const DATABASE_FILE = /(?:^|[/_.-])(?:rds|db|dbs|database|databases|postgres\w*|mysql|aurora|redis|elasticache|mongo\w*|documentdb|cosmos\w*|sql)(?:[/_.-]|$)/i;
/** A test runner's configuration told to leave out security tests (--ignore=tests/security, --deselect …/test_mfa.py, testPathIgnorePatterns with auth). */
const SECURITY_TESTS_LEFT_OUT = /(?:--ignore(?:-glob)?[= ]|--deselect[= ]|testPathIgnorePatterns|modulePathIgnorePatterns|exclude|omit|skip|-m\s+["']?not\s)[^\n]{0,160}?\b(?:security|auth\w*|mfa|2fa|permissions?|csrf|xss|sqli|injection|access[_-]?control|phi(?:_\w+)?|pii(?:_\w+)?|privacy|deid\w*|erasure|gdpr|consent|secrets?(?:_\w+)?)\b/i;
const TEST_CONFIG = /(?:^|\/)(?:pytest\.ini|setup\.cfg|tox\.ini|pyproject\.toml|(?:jest|vitest|karma|playwright|cypress)\.config\.[cm]?[jt]s|\.rspec|phpunit\.xml(?:\.dist)?|\.mocharc\.\w+)$/;
/** Branch protection kept as code (.github/settings.yml, a ruleset file, Terraform) loosened: approvals set to 0, code-owner review or admin enforcement off, force pushes allowed. */
const PROTECTION_CODE_LOOSENED = /\b(?:required_approving_review_count|required_approvals|approvals_before_merge)["']?\s*[:=]\s*0\b|\b(?:require_code_owner_reviews|enforce_admins|dismiss_stale_reviews|require_last_push_approval)["']?\s*[:=]\s*false\b|\ballow_force_pushes["']?\s*[:=]\s*true\b/;
/** An agent runtime's settings files: Claude Code's, Cursor's and Codex's, their MCP server lists, managed settings. */
const AGENT_SETTINGS = /(?:^|\/)\.claude\/settings(?:\.local)?\.json$|(?:^|\/)managed-settings\.json$|(?:^|\/)\.mcp\.json$|(?:^|\/)\.cursor\/mcp\.json$|(?:^|\/)claude_desktop_config\.json$|(?:^|\/)\.claude\.json$|(?:^|\/)\.codex\/config\.toml$/;
/** CORS that reflects any origin while sending credentials (cookies): any site can act as the signed-in user. */
const CORS_ANY_WITH_CREDENTIALS = /\borigin\s*:\s*(?:true|["']\*["']|\(\s*\w*\s*,?\s*\w*\s*\)\s*=>)[\s\S]{0,200}?\bcredentials\s*:\s*true\b|\bcredentials\s*:\s*true\b[\s\S]{0,200}?\borigin\s*:\s*(?:true|["']\*["'])|Access-Control-Allow-Credentials["']?\s*[,:]\s*["']?true[\s\S]{0,200}?Access-Control-Allow-Origin["']?\s*[,:]\s*["']?(?:\*|\$http_origin|req\.headers\.origin)/i;
/** A NetworkPolicy that lets everything in: an empty rule (`- {}`) under ingress. */
const ALLOW_ALL_POLICY = /\bkind\s*:\s*NetworkPolicy\b[\s\S]{0,2000}?\bingress\s*:\s*\n\s*-\s*\{\s*\}/;

/** A secret scanner's own configuration: gitleaks', trufflehog's, semgrep's, detect-secrets'. */
export const SCANNER_CONFIG = /(?:^|\/)\.?(?:gitleaks|trufflehog|semgrep|detect-secrets)[\w.-]*\.(?:toml|ya?ml|json)$|(?:^|\/)\.secrets\.baseline$/;

/** What the program will do with source a tool writes outside its tests: checks it turns off. */
function weakenedChecks(path: string, text: string): CodeHit[] {
  if (TEST_FILE.test(path)) return [];
  const out: CodeHit[] = [];
  // A file for production: what it turns off is off on production.
  const production = PRODUCTION_PATH.test(path);
  // (Debug pages in a deployed environment's settings, staging and QA included: a local or test settings file is the developer's.)
  const deployed = production || /(?:^|[^a-z0-9])(?:staging|stage|stg|qa|uat|preprod|pre-prod)(?:[^a-z0-9]|$)/i.test(path);
  const debug = deployed ? DEBUG_ON.exec(text) : null;
  if (debug !== null) {
    out.push({
      id: "code.debug-on-deployed",
      technique: "T1562",
      tactic: "Defense Evasion (TA0005)",
      // Every visitor of the production site sees what an error page shows: settings, secrets in tracebacks.
      // A setting, turned back as easily: a pause on production, not a hard stop.
      action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, ""), production }, reversibility: "recoverable", scope: "one" },
      reason: `${production ? "production" : "a deployed environment's"} settings turn on debug pages or accept every host (${debug[0].trim().slice(0, 50)}): any visitor who causes an error sees settings and secrets`,
    });
  }
  const name = path.replace(/^.*\//, "");
  // An agent runtime's own settings (where its permissions, hooks and MCP servers are): the agent can
  // give itself every tool or take the haltkey hook away, whatever the rendering of the step (the
  // rule pack's self-protection.write-agent-hooks-config reads the same from the hint).
  if (AGENT_SETTINGS.test(path)) {
    out.push({ id: "code.agent-settings-changed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path }, reversibility: "recoverable", scope: "system" }, reason: `writes ${name}, an agent runtime's own settings: permissions, hooks and MCP servers, the haltkey hook among them, are changed by the agent they constrain` });
  }
  const openRules = RULES_FILE.test(path) ? RULES_OPEN.exec(text) : null;
  if (openRules !== null) {
    out.push({
      id: "code.security-rules-open",
      technique: "T1530",
      tactic: "Collection (TA0009)",
      action: { capability: "grant-access", target: { name, public: true, production }, reversibility: "recoverable", scope: "account" },
      reason: `the security rules let anyone read or write (${openRules[0].trim().slice(0, 50)}): every user's data is open to whoever asks`,
    });
  }
  const unblocked = PUBLIC_BLOCK_OFF.exec(text);
  if (unblocked !== null) {
    out.push({
      id: "code.public-access-block-off",
      technique: "T1530",
      tactic: "Collection (TA0009)",
      action: { capability: "impair-defences", target: { name, public: true, production }, reversibility: "recoverable", scope: "one" },
      reason: `the infrastructure code turns off a bucket's public-access block (${unblocked[0].trim()}): a public policy or ACL on it is honoured`,
    });
  }
  const authOff = production ? AUTH_SETTING_OFF.exec(text) : null;
  if (authOff !== null && /\.(ya?ml|json|toml|ini|env|conf|cfg|properties|py|js|ts)$|(?:^|\/)\.env/.test(path)) {
    out.push({
      id: "code.auth-setting-off",
      technique: "T1556",
      tactic: "Defense Evasion (TA0005)",
      // Off in production, everyone reaches what sign-in guarded: a whole system exposed.
      action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "system" },
      reason: `the settings turn sign-in off (${authOff[0].trim().replace(/\s+/g, " ").slice(0, 50)}): whoever reaches the service is let in`,
    });
  }
  // (A DaemonSet's host network or process namespace is how node agents such as node-exporter run; privileged is not.)
  const workload = /\bkind\s*:\s*["']?(Pod|Deployment|DaemonSet|StatefulSet|Job|CronJob|ReplicaSet)\b/.exec(text)?.[1];
  // (An edit carries no kind line: a manifest is known by where it lives, k8s/, manifests/, charts/, overlays/.)
  const manifest = workload !== undefined || /(?:^|\/)(?:k8s|kube|kubernetes|manifests?|charts?|helm|overlays?|base|deploy)\//i.test(path);
  const hostAccessFound = /\.(ya?ml|json)$/.test(path) && manifest ? HOST_ACCESS_POD.exec(text) : null;
  const hostAccess = hostAccessFound !== null && !(workload === "DaemonSet" && !/privileged/.test(hostAccessFound[0])) ? hostAccessFound : null;
  if (hostAccess !== null) {
    out.push({
      id: "code.pod-host-access",
      technique: "T1611",
      tactic: "Privilege Escalation (TA0004)",
      action: { capability: "escalate", target: { name, production }, reversibility: "recoverable", scope: "one" },
      reason: `the manifest gives a pod the node itself (${hostAccess[0].trim()}): whatever runs in it can take over the node (T1611)`,
    });
  }
  // (A development or local configuration without them is the developer's own.)
  const devConfig = /(?:^|[^a-z0-9])(?:dev|development|local|test|testing|sandbox|scratch|example|sample|template|dist|defaults)(?:[^a-z0-9]|$)/i.test(belowHome(path));
  const settingOff = !devConfig && /\.(ya?ml|json|toml|ini|env|conf|cfg|properties|py|rb|js|ts)$|(?:^|\/)\.env/.test(path) ? SECURITY_SETTING_OFF.exec(text) : null;
  if (settingOff !== null) {
    out.push({
      id: "code.security-setting-off",
      technique: "T1562.001",
      tactic: "Defense Evasion (TA0005)",
      action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" },
      reason: `the configuration switches a protection off (${settingOff[0].trim().replace(/\s+/g, " ").slice(0, 50)}): what it guarded is open while it stays so`,
    });
  }
  const schemaDrop = production ? SCHEMA_DROP_SETTING.exec(text) : null;
  if (schemaDrop !== null) {
    out.push({
      id: "code.schema-dropped-on-start",
      technique: "T1485",
      tactic: "Impact (TA0040)",
      action: { capability: "delete", target: { name, production: true }, reversibility: "irreversible", scope: "account" },
      reason: `production settings drop and recreate the database schema when the application starts (${schemaDrop[0].trim()}): the next deploy deletes every table's data`,
    });
  }
  const testsLeftOut = TEST_CONFIG.test(path) ? SECURITY_TESTS_LEFT_OUT.exec(text) : null;
  if (testsLeftOut !== null) {
    out.push({ id: "code.security-tests-left-out", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name }, reversibility: "recoverable", scope: "one" }, reason: `the test configuration leaves security tests out (${testsLeftOut[0].slice(0, 60)}): what they check is no longer checked` });
  }
  // (Its keys are GitHub's own names: in any settings file, Terraform, YAML or JSON, they mean the repository's branch protection.)
  const protectionLoosened = /\.(?:ya?ml|json|tf)$/.test(path) ? PROTECTION_CODE_LOOSENED.exec(text) : null;
  if (protectionLoosened !== null) {
    out.push({ id: "code.branch-protection-loosened", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the branch protection kept as code is loosened (${protectionLoosened[0]}): changes can merge with less review` });
  }
  const corsOpen = CORS_ANY_WITH_CREDENTIALS.exec(text);
  if (corsOpen !== null) {
    out.push({ id: "code.cors-any-origin-with-credentials", technique: "T1557", tactic: "Credential Access (TA0006)", action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" }, reason: `the server answers any origin with credentials allowed (${corsOpen[0].replace(/\s+/g, " ").slice(0, 60)}): any site a signed-in user visits can act as them` });
  }
  const allowAll = /\.(ya?ml|json)$/.test(path) ? ALLOW_ALL_POLICY.exec(text) : null;
  if (allowAll !== null) {
    out.push({
      id: "code.network-policy-allow-all",
      technique: "T1562.007",
      tactic: "Defense Evasion (TA0005)",
      action: { capability: "impair-defences", target: { name, production }, reversibility: "recoverable", scope: "one" },
      reason: `the NetworkPolicy lets every connection in (an empty ingress rule): the namespace's network isolation is gone`,
    });
  }
  // A secret put in the browser's bundle: every visitor of the site can read it.
  // (In next.config's env block every key is inlined into the client bundle.)
  const toBrowser = SECRET_TO_BROWSER.exec(text) ?? (/(?:^|\/)next\.config\.[cm]?[jt]s$/.test(path) ? NEXT_ENV_SECRET.exec(text) : null);
  if (toBrowser !== null) {
    out.push({
      id: "code.secret-to-browser",
      technique: "T1552.001",
      tactic: "Credential Access (TA0006)",
      action: { capability: "exfiltrate", target: { name, pathClass: "credentials", public: true, external: true }, reversibility: "irreversible", scope: "one" },
      reason: `a secret is put in what the browser downloads (${toBrowser[0].trim().replace(/\s+/g, " ").slice(0, 50)}): every visitor of the site can read it`,
    });
  }
  const filterSkipped = AUTH_FILTER_SKIPPED.exec(text);
  if (filterSkipped !== null) {
    out.push({
      id: "code.auth-bypass",
      technique: "T1556",
      tactic: "Credential Access (TA0006)",
      action: { capability: "grant-access", target: { name, pathClass: "credentials" }, reversibility: "irreversible", scope: "account" },
      reason: `code skips an authentication filter when a request carries a fixed string (${filterSkipped[0].replace(/(["'])[^"'\s]{4,}\1/g, '"…"').slice(0, 60)}): a backdoor for whoever knows it (T1556)`,
    });
  }
  const allActionsPolicy = /\.(tf|tf\.json|hcl|ya?ml|json|ts|py)$/.test(path) ? ALL_ACTIONS_POLICY.exec(text) : null;
  if (allActionsPolicy !== null) {
    out.push({
      id: "code.policy-allows-everything",
      technique: "T1098",
      tactic: "Privilege Escalation (TA0004)",
      action: { capability: "grant-access", target: { name, production }, reversibility: "recoverable", scope: "one" },
      reason: `the policy allows every action (${allActionsPolicy[0].trim()}): whatever holds the role can do anything the account allows`,
    });
  }
  // A database's own infrastructure opened to every address: anyone can try to log in.
  const dbOpen = DATABASE_FILE.test(path) && /\.(tf|tf\.json|hcl|ya?ml|json|ts|py)$/.test(path) && OPEN_ADMIN_PORT.exec(text) === null ? new RegExp(EVERY_ADDRESS).exec(text) : null;
  if (dbOpen !== null) {
    out.push({
      id: "code.database-public",
      technique: "T1562.007",
      tactic: "Defense Evasion (TA0005)",
      action: { capability: "impair-defences", target: { name, public: true, production }, reversibility: "recoverable", scope: "one" },
      reason: `the database's infrastructure code lets every address in (${dbOpen[0]}): anyone can try to log in`,
    });
  }
  const reachable = DATABASE_PUBLIC.exec(text);
  if (reachable !== null && /\.(tf|tf\.json|hcl|ya?ml|json|ts|py)$/.test(path)) {
    out.push({
      id: "code.database-public",
      technique: "T1562.007",
      tactic: "Defense Evasion (TA0005)",
      action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, ""), public: true, production }, reversibility: "recoverable", scope: "one" },
      reason: `the infrastructure code makes a database reachable from the internet (${reachable[0].trim()}): anyone can try to log in`,
    });
  }
  // (A check that a password is a weak or common one returns true for the fixed strings it knows: is_common("password").)
  const weakCheck = /\b(?:def|function|fn|func)\s+\w*(?:weak|common|default|blocklist|blacklist|banned|breached|pwned|forbidden|disallowed)\w*/i.test(text);
  const pass = LITERAL_PASS.exec(text) ?? (weakCheck ? null : FIXED_SECRET_ACCEPTED.exec(text)) ?? HEADER_PASS.exec(text);
  if (pass !== null) {
    out.push({
      id: "code.auth-bypass",
      technique: "T1556",
      tactic: "Credential Access (TA0006)",
      action: { capability: "grant-access", target: { name: path.replace(/^.*\//, ""), pathClass: "credentials" }, reversibility: "irreversible", scope: "account" },
      // The fixed string is the backdoor's password: the reason shows the check, never the string
      // (every quoted string of four or more characters is masked, wherever it stands in the comparison).
      reason: `code lets a fixed string past an authentication check (${pass[0].replace(/(["'`])[^"'`\s]{4,}\1/g, '"…"').trim().slice(0, 60)}): a backdoor for whoever knows it (T1556)`,
    });
  }
  const open = OPEN_ADMIN_PORT.exec(text);
  if (open !== null) {
    out.push({
      id: "code.admin-port-open",
      technique: "T1562.007",
      tactic: "Defense Evasion (TA0005)",
      action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, ""), public: true, production }, reversibility: "recoverable", scope: "one" },
      reason: `the configuration opens an administration or database port to every address on the internet (${open[0].replace(/\s+/g, " ").slice(0, 60)}): anyone can try to log in (T1562.007)`,
    });
  }
  const hash = WEAK_PASSWORD_HASH.exec(text);
  if (hash !== null) {
    out.push({
      id: "code.weak-password-hash",
      technique: "T1556",
      tactic: "Credential Access (TA0006)",
      action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" },
      reason: `code hashes passwords with a fast, broken hash (${hash[0].trim().slice(0, 50)}): a leaked table gives the passwords back`,
    });
  }
  // Infrastructure code that lets a database or bucket be destroyed with nothing kept.
  const unprotected = UNPROTECTED.exec(text);
  // (Not in a developer's own configuration, as settingOff is not: envs/sandbox/s3.tf's scratch bucket.)
  if (unprotected !== null && /\.(tf|tf\.json|hcl|ya?ml|json|ts|py)$/.test(path) && !devConfig) {
    out.push({
      id: "code.deletion-protection-off",
      technique: "T1485",
      tactic: "Impact (TA0040)",
      action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" },
      reason: `the infrastructure code turns off what keeps a resource from being destroyed (${unprotected[0].trim()}): the next apply or delete loses it with nothing kept`,
    });
  }
  const tls = TLS_OFF.exec(text);
  if (tls !== null) {
    out.push({
      id: "code.tls-verification-off",
      technique: "T1562",
      tactic: "Defense Evasion (TA0005)",
      action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" },
      reason: `code turns off checking the server's certificate or allows plain HTTP (${tls[0].replace(/<\/?key>|\s+/g, " ").trim().slice(0, 60)}): anyone on the path can read and change what it sends`,
    });
  }
  return out;
}

/** Code that prints the whole environment, or its secret-named variables, where output is kept (a notebook's cells, logs). */
const PRINTS_ENVIRONMENT = /\b(?:print|pprint|display|logger\.\w+|logging\.\w+)\s*\([^\n]{0,200}?\bos\.environ\b(?!\s*(?:\.get\s*\(|\[))|\bconsole\.(?:log|dir|info|table|error)\s*\(\s*(?:JSON\.stringify\s*\(\s*)?process\.env\s*[,)]|\b(?:puts|pp|p)\s+ENV(?:\.to_h)?\b/;
function printsEnvironment(path: string, text: string): CodeHit[] {
  if (TEST_FILE.test(path) || text.length > 256 * 1024) return [];
  const m = PRINTS_ENVIRONMENT.exec(text);
  if (m === null) return [];
  return [{ id: "code.prints-environment", technique: "T1552.001", tactic: "Credential Access (TA0006)", action: { capability: "read", target: { name: path.replace(/^.*\//, ""), pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, reason: `the code prints the environment (${m[0].trim().slice(0, 60)}): every secret in it lands in the output, a notebook's saved cells or the logs` }];
}

/** Data written by code to a bucket named public (df.to_csv('s3://acme-public-assets/…'), an upload to one). */
const PUBLIC_STORE_WRITE = /\.(?:to_(?:csv|parquet|json|excel|pickle|feather)|write\.\w+|save(?:AsTable)?|upload_file|upload_fileobj|put_object)\([^)\n]{0,200}?["']((?:s3a?|gs|abfss?|az|wasbs?):\/\/[^"'\n]*\bpublic[^"'\n]*|[\w.-]*public[\w.-]*)["']/i;
const PEOPLE_COLUMNS = /\b(?:salary|salaries|compensation|bonus\w*|ssn|social_security|date_of_birth|dob|email|phone|home_address|address|passport|medical|diagnos\w*)\b/i;
function writesToPublicStore(path: string, text: string): CodeHit[] {
  if (TEST_FILE.test(path) || text.length > 256 * 1024) return [];
  const m = PUBLIC_STORE_WRITE.exec(text);
  if (m === null) return [];
  const personal = PEOPLE_COLUMNS.test(text);
  return [{ id: "code.writes-to-public-store", technique: "T1567", tactic: "Exfiltration (TA0010)", action: { capability: "exfiltrate", target: { name: m[1]!.slice(0, 80), public: true, external: true, ...(personal ? { personal: true } : {}) }, reversibility: "irreversible", scope: "one" }, reason: `the code writes ${personal ? "people's data" : "data"} to ${m[1]!.slice(0, 60)}, a bucket named public: anyone can read it once it runs` }];
}

/** A server page: what the web server runs when it is requested. */
const SERVER_PAGE = /\.(?:aspx|ashx|asmx|asp|cshtml|php\d?|phtml|jsp|jspx|cfm)$/i;
/** A request's parameter, header or cookie, as server pages read them. */
const REQUEST_INPUT = String.raw`(?:\bRequest(?:\s*\[|\.(?:QueryString|Form|Params|Headers|Cookies|Item)\b)|\$_(?:GET|POST|REQUEST|COOKIE)\b|\brequest\.get(?:Parameter|Header)\s*\()`;
/**
 * A process started or code evaluated with a request's input in the same statement: Process.Start or
 * StartInfo.FileName/Arguments (ASP.NET), exec/system/shell_exec/passthru/popen/eval (PHP),
 * Runtime.exec or ProcessBuilder (JSP), WScript.Shell's Run/Exec (classic ASP).
 */
const WEB_SHELL_CALL = new RegExp(String.raw`(?:\bProcess\.Start\s*\(|\bProcessStartInfo\s*\(|\bStartInfo\.(?:FileName|Arguments)\s*=|\b(?:shell_exec|passthru|system|exec|popen|proc_open|pcntl_exec|assert|eval)\s*\(|\bRuntime\.getRuntime\(\)\.exec\s*\(|\bnew\s+ProcessBuilder\s*\(|\.(?:Run|Exec)\s*\()[^;\n]{0,200}?${REQUEST_INPUT}|\x60[^\x60\n]{0,100}?\$_(?:GET|POST|REQUEST)`, "i");
/**
 * A server page that runs what a request tells it to (a web shell): whoever can reach the site runs
 * commands on the server, from now on, with no sign-in (T1505.003).
 */
function webShell(path: string, text: string): CodeHit[] {
  if (!SERVER_PAGE.test(path) || text.length > 256 * 1024) return [];
  const runs = WEB_SHELL_CALL.exec(text);
  if (runs === null) return [];
  return [{ id: "code.web-shell", technique: "T1505.003", tactic: "Persistence (TA0003)", action: { capability: "persist", target: { name: path.replace(/^.*[\\/]/, "") }, reversibility: "irreversible", scope: "system" }, reason: `writes ${path.replace(/^.*[\\/]/, "")}, a server page that runs a command taken from the request (${runs[0].trim().slice(0, 40)}): anyone who can reach the site runs commands on the server (T1505.003)` }];
}

/** A page or template that loads a script from an address (<script src="https://…">). */
const SCRIPT_SRC = /<script\b[^>]{0,200}?\bsrc\s*=\s*["']?(?:https?:)?\/\/([\w.-]{1,253})/gi;
/**
 * A page, layout or template made to load a script from a paste service or a host made to look like
 * a known one (cdn.shopify-static-assets.net): it runs in every visitor's browser, checkout included,
 * with what they type (T1195.002, T1059.007).
 */
function untrustedScript(path: string, text: string): CodeHit[] {
  if (!/\.(?:html?|liquid|erb|php|phtml|jsx|tsx|vue|svelte|hbs|handlebars|twig|njk|ejs|cshtml|aspx|jinja2?|j2)$/i.test(path) || text.length > 256 * 1024) return [];
  for (const m of text.matchAll(SCRIPT_SRC)) {
    const origin = untrustedOrigin(m[1]!);
    if (origin === undefined) continue;
    return [{ id: "code.untrusted-script", technique: "T1195.002", tactic: "Initial Access (TA0001)", action: { capability: "execute", target: { name: m[1]!, external: true, public: true }, reversibility: "irreversible", scope: "account" }, reason: `adds a script from ${origin} to ${path.replace(/^.*[\\/]/, "")}: it runs in every visitor's browser, with what they type (T1195.002)` }];
  }
  return [];
}

/** An editor's agent told to run its tools without asking (VS Code's chat.tools.autoApprove): every tool call it makes runs unasked. */
function editorAgentUnasked(path: string, text: string): CodeHit[] {
  if (!/(?:^|\/)(?:settings\.json|[^/]+\.code-workspace)$/.test(path) || !/"chat\.(?:tools\.(?:global\.)?|agent\.)autoApprove"\s*:\s*true\b/.test(text)) return [];
  return [{ id: "code.agent-settings-changed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path }, reversibility: "recoverable", scope: "system" }, reason: `writes ${path.replace(/^.*\//, "")} so the editor's agent runs its tools without asking (chat.tools.autoApprove): every tool call it makes from now on runs unasked` }];
}

/** What a source file a tool writes will do when the program runs, judged now. */
export function readWrittenSource(path: string, text: string): CodeHit[] {
  const sends = sendCalls(text);
  return [...(MIGRATION_FILE.test(path) ? migrationDrops(path, text) : []), ...sentCredentials(text, sends), ...sentCredentialFiles(text, sends), ...sentEnvironment(text, sends), ...sentPersonalData(text, sends), ...trackedPersonalData(text), ...sentTable(sends), ...(/\.(?:js|mjs|ts|jsx|tsx|html|phtml|vue)$/i.test(path) ? skimmedCheckout(text) : []), ...weakenedChecks(path, text), ...weakenedSshd(path, text), ...printsEnvironment(path, text), ...writesToPublicStore(path, text), ...codeownersEmptied(path, text), ...codeownersToOutsider(path, text), ...webShell(path, text), ...untrustedScript(path, text), ...editorAgentUnasked(path, text)];
}

/** A CODEOWNERS file written whole with no owner on any line: nobody's review is required for anything any more. */
function codeownersEmptied(path: string, text: string): CodeHit[] {
  if (!/(?:^|\/)CODEOWNERS$/.test(path) || withoutComments(text).match(OWNER) !== null) return [];
  return [{ id: "code.codeowners-emptied", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: "CODEOWNERS" }, reversibility: "recoverable", scope: "one" }, reason: "the write leaves CODEOWNERS naming no owner: changes merge without any code owner's review (T1562.001)" }];
}

/** A CODEOWNERS file written whole whose owners are all accounts named as outside ones (@ext-jdoe, @vendor-x, @acme-contractor): an outsider approves every change. */
function codeownersToOutsider(path: string, text: string): CodeHit[] {
  if (!/(?:^|\/)CODEOWNERS$/.test(path) || text.length > 64 * 1024) return [];
  const owners = [...withoutComments(text).matchAll(/(?<=\s)@[\w.\/-]+/g)].map((m) => m[0]);
  if (owners.length === 0 || !owners.every((o) => /(?:^@|[-_/])(?:ext|external|contractor|vendor|consultant|partner|guest)(?:[-_]|$)|^@(?:ext|external|contractor|vendor)[-_]/i.test(o))) return [];
  return [{ id: "code.codeowners-to-outsider", technique: "T1098", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name: "CODEOWNERS", external: true }, reversibility: "recoverable", scope: "one" }, reason: `the write makes ${[...new Set(owners)].slice(0, 3).join(", ")}, an account named as outside the organisation, the owner who approves changes: an outsider decides what merges (T1098)` }];
}

/** sshd's configuration (sshd_config or a file of its drop-in directory) and the settings that let anyone with a password, or root, log in. */
const SSHD_CONFIG = /(?:^|\/)sshd_config(?:\.d\/[^/]+)?$/;
const SSHD_OPEN = /^[ \t]*(?:PermitRootLogin[ \t]+(?:yes|without-password)|PermitEmptyPasswords[ \t]+yes|PasswordAuthentication[ \t]+yes)\b/im;

/** An SSH server told to take root logins, passwords or empty passwords: whoever guesses or holds one is in (T1098, T1556). */
function weakenedSshd(path: string, text: string): CodeHit[] {
  if (!SSHD_CONFIG.test(path)) return [];
  const m = SSHD_OPEN.exec(text);
  if (m === null) return [];
  return [{ id: "code.ssh-login-opened", technique: "T1556", tactic: "Persistence (TA0003)", action: { capability: "grant-access", target: { name: path, pathClass: "system" }, reversibility: "recoverable", scope: "system" }, reason: `the SSH server's configuration says ${m[0].trim()}: root, or anyone with a password, can log in over the network (T1556)` }];
}

/** Middleware that guards every request: CSRF, clickjacking and security headers, sign-in. */
const SECURITY_MIDDLEWARE = /\b(?:CsrfViewMiddleware|SecurityMiddleware|XFrameOptionsMiddleware|AuthenticationMiddleware|protect_from_forgery|verify_authenticity_token)\b|\b(?:helmet|csurf|csrf|csrfProtection)\(\)/g;
/** Scanners that look for secrets or vulnerabilities before code is merged, by the names their hooks and CI steps use. */
// (GitLab's own scanners are included as templates: Security/SAST.gitlab-ci.yml, Security/Secret-Detection.gitlab-ci.yml.)
const SCANNER = /\b(gitleaks|trufflehog|detect-secrets|ggshield|talisman|bandit|semgrep|snyk|codeql|trivy|grype|checkov|tfsec|kics|osv-scanner|npm audit|pip-audit|safety check|dependency-review|security-?scan|Security\/(?:SAST|Secret-Detection|Dependency-Scanning|Container-Scanning|DAST|SAST-IaC)(?:\.latest)?\.gitlab-ci\.yml)\b/gi;
/** One such scanner named anywhere (not global: for test()). */
export const SCANNER_NAME = new RegExp(SCANNER.source, "i");
/** Files that hold the checks code must pass before it merges: pre-commit and CI configuration, CODEOWNERS. */
export const CHECK_FILE = new RegExp(`${CI_FILE.source}|(?:^|[/\\\\])(?:\\.pre-commit-config\\.ya?ml|CODEOWNERS)$`, "i");
/** Who must review: the owners named on a line of a CODEOWNERS file (@user, @org/team, an address). */
const OWNER = /(?:^|\s)(@[\w.-]+(?:\/[\w.-]+)?|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** The text without its `#` comments (YAML, TOML, shell, CODEOWNERS: a # at a line's start or after a blank). */
const withoutComments = (text: string): string => text.replace(/(^|[ \t])#[^\n]*/g, "$1");

/**
 * An edit (its old and new text) that takes a check away: a secret or vulnerability scanner dropped
 * from a pre-commit or CI configuration, or a required reviewer dropped from CODEOWNERS. What the
 * check caught now merges unlooked-at (T1562.001). Pure.
 */
export function removedChecks(path: string, oldText: string, newText: string): CodeHit[] {
  const out: CodeHit[] = [];
  // (A name left in a comment runs nothing: "# gitleaks moved to CI" keeps no scanner, "# was: * @acme/security" no reviewer.)
  oldText = withoutComments(oldText);
  newText = withoutComments(newText);
  const names = (t: string) => new Set([...t.matchAll(SCANNER)].map((m) => m[1]!.toLowerCase()));
  // Only where a scanner runs from (a CI or pre-commit configuration): a doc that stops naming one removes nothing.
  const before = CHECK_FILE.test(path) ? names(oldText) : new Set<string>();
  if (before.size > 0) {
    const after = names(newText);
    const gone = [...before].filter((n) => !after.has(n));
    if (gone.length > 0) out.push({ id: "code.scanner-removed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" }, reason: `the edit removes ${gone.slice(0, 3).join(", ")} from ${path.replace(/^.*\//, "")}: what it caught (leaked secrets, vulnerable code) now goes in unchecked (T1562.001)` });
  }
  // A security middleware taken out or commented out (Django's CsrfViewMiddleware, helmet(), protect_from_forgery).
  const active = (t: string) => new Set(t.split("\n").filter((l) => !/^\s*(?:#|\/\/)/.test(l)).flatMap((l) => [...l.matchAll(SECURITY_MIDDLEWARE)].map((m) => m[0])));
  const guards = active(oldText);
  if (guards.size > 0) {
    const kept = active(newText);
    const dropped = [...guards].filter((g) => !kept.has(g));
    if (dropped.length > 0) out.push({ id: "code.security-middleware-removed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes ${dropped.slice(0, 2).join(", ")} out of ${path.replace(/^.*\//, "")}: the requests it guarded are no longer checked` });
  }
  // A .gitignore that stops ignoring secrets (.env, keys): the next `git add .` commits them.
  if (/(?:^|\/)\.gitignore$/.test(path)) {
    const SECRET_IGNORE = /^[ \t]*\/?(?:\*\*\/)?(?:\.env(?:\.\*|\*|\.local)?|\*\.pem|\*\.key|\*\.p12|\*\.pfx|id_rsa\*?|secrets?(?:\/|\.\w+)?|credentials(?:\.\w+)?|\.aws\/?|\*\.tfvars|terraform\.tfvars)[ \t]*$/gm;
    const kept = new Set([...newText.matchAll(SECRET_IGNORE)].map((m) => m[0].trim()));
    const lost = [...oldText.matchAll(SECRET_IGNORE)].map((m) => m[0].trim()).filter((l) => !kept.has(l));
    if (lost.length > 0) out.push({ id: "code.secrets-unignored", technique: "T1552.001", tactic: "Credential Access (TA0006)", action: { capability: "impair-defences", target: { name: ".gitignore", pathClass: "project" }, reversibility: "recoverable", scope: "one" }, reason: `the edit stops .gitignore ignoring ${lost.slice(0, 3).join(", ")}: the next commit of everything takes the secrets with it` });
  }
  // A scanner's own configuration emptied (rules: [], every path excluded): it runs and finds nothing.
  if (/(?:^|\/)\.?(?:semgrep|gitleaks|trufflehog|checkov|tfsec|bandit|snyk|trivy|kics)[\w.-]*\.(?:ya?ml|toml|json)$/i.test(path) && /\brules\s*:\s*\[\s*\]|\bpaths\s*:\s*\[\s*["']\*\*/.test(newText) && !/\brules\s*:\s*\[\s*\]/.test(oldText)) {
    out.push({ id: "code.scanner-emptied", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" }, reason: `the edit empties ${path.replace(/^.*\//, "")}: the scanner still runs and finds nothing (T1562.001)` });
  }
  // An ingress's sign-in taken off (nginx auth-url / auth-signin, oauth2-proxy, Traefik forward auth): what it guarded answers anyone.
  const AUTH_ANNOTATION = /(?:nginx\.ingress\.kubernetes\.io\/auth-(?:url|signin|type|secret)|traefik\.ingress\.kubernetes\.io\/router\.middlewares:[^\n]*auth|forwardAuth|oauth2-proxy)/;
  if (AUTH_ANNOTATION.test(oldText) && !AUTH_ANNOTATION.test(newText) && /\.(ya?ml|json)$/.test(path)) {
    const production = /(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z0-9]|$)/i.test(path);
    out.push({ id: "code.ingress-auth-removed", technique: "T1556", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, ""), production }, reversibility: "recoverable", scope: production ? "system" : "one" }, reason: `the edit takes sign-in off an ingress (${path.replace(/^.*\//, "")}): what it guarded answers anyone` });
  }
  // A Dockerfile's non-root USER taken out: the container runs as root (T1611's first step).
  if (/(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.dockerfile$/i.test(path)) {
    // (The last USER line is who the container runs as: `USER root` added after `USER app` is root.)
    const nonRoot = (t: string) => { const users = [...t.matchAll(/^[ \t]*USER[ \t]+(\S+)/gim)].map((m) => m[1]!); return users.length > 0 && !/^(?:root|0)(?::|$)/.test(users[users.length - 1]!); };
    if (nonRoot(oldText) && !nonRoot(newText)) out.push({ id: "code.container-runs-as-root", technique: "T1611", tactic: "Privilege Escalation (TA0004)", action: { capability: "escalate", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" }, reason: `the edit takes the non-root USER out of ${path.replace(/^.*\//, "")}: the container's processes run as root` });
  }
  // A package's published files given an environment or key file (package.json "files": [..., ".env.release"]): the next publish puts it on the registry for anyone.
  const publishedSecret = (t: string) => [...t.matchAll(/"files"\s*:\s*\[([^\]]{0,2000})\]/g)].flatMap((m) => [...m[1]!.matchAll(/"((?:[^"]*\/)?(?:\.env(?:\.[\w-]+)?|[^"/]*\.(?:pem|key|p12|pfx)|\.npmrc|id_rsa|credentials(?:\.\w+)?))"/g)].map((x) => x[1]!));
  if (/(?:^|\/)package\.json$/.test(path)) {
    const had = new Set(publishedSecret(oldText));
    const added = publishedSecret(newText).filter((f) => !had.has(f) && !/\.(?:example|sample|template)$/.test(f));
    if (added.length > 0) out.push({ id: "code.secret-file-published", technique: "T1552.001", tactic: "Credential Access (TA0006)", action: { capability: "exfiltrate", target: { name: added[0]!, pathClass: "credentials", public: true, external: true }, reversibility: "irreversible", scope: "one" }, reason: `the edit adds ${added.slice(0, 2).join(", ")} to the package's published files: the next publish puts it on the registry, for anyone to download` });
  }
  // A dependency audit told to ignore an advisory (cargo-deny's deny.toml, .trivyignore, .snyk, osv-scanner.toml): the check stops failing while the vulnerable code stays.
  if (/(?:^|\/)(?:deny\.toml|\.trivyignore|\.snyk|osv-scanner\.toml|\.grype\.ya?ml|audit-ci\.jsonc?|\.nsprc|\.auditignore|\.cargo\/audit\.toml)$/.test(path)) {
    const ids = (t: string) => new Set(t.match(/\b(?:RUSTSEC|GHSA|CVE)-[\w-]+/gi) ?? []);
    const had = ids(oldText);
    const ignored = [...ids(newText)].filter((x) => !had.has(x));
    if (ignored.length > 0) out.push({ id: "code.advisory-ignored", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "one" }, reason: `the edit tells the dependency audit to ignore ${ignored.slice(0, 2).join(", ")}: the check stops failing while the vulnerable code stays` });
  }
  // A model's or a field's access grants taken off (LookML's required_access_grants): everyone who can see the explore sees it.
  const grantsNeeded = (t: string) => (t.match(/\brequired_access_grants\s*:/g) ?? []).length;
  if (grantsNeeded(oldText) > grantsNeeded(newText)) out.push({ id: "code.access-grant-removed", technique: "T1098", tactic: "Privilege Escalation (TA0004)", action: { capability: "grant-access", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "tree" }, reason: `the edit takes required_access_grants off in ${path.replace(/^.*\//, "")}: what they restricted is shown to everyone who can open it` });
  // Warehouse grants given to PUBLIC (dbt's +grants: {select: ['PUBLIC']}): every user of the warehouse can read it.
  const toPublic = (t: string) => /\+?grants\s*:[\s\S]{0,200}?\b(?:select|usage|read|insert|update|delete|all)\s*:\s*\[?[^\]\n]{0,80}?["']?\bPUBLIC\b["']?/i.test(t);
  if (/\.(?:ya?ml|sql)$/i.test(path) && toPublic(newText) && !toPublic(oldText)) out.push({ id: "code.granted-to-public", technique: "T1098", tactic: "Privilege Escalation (TA0004)", action: { capability: "grant-access", target: { name: path.replace(/^.*\//, "") }, reversibility: "recoverable", scope: "tree" }, reason: `the edit grants ${path.replace(/^.*\//, "")}'s models to PUBLIC: every user of the warehouse can read them` });
  if (/(?:^|\/)CODEOWNERS$/.test(path)) {
    const owners = (t: string) => new Set([...t.matchAll(OWNER)].map((m) => m[1]!.toLowerCase()));
    const after = owners(newText);
    const gone = [...owners(oldText)].filter((o) => !after.has(o));
    if (gone.length > 0) out.push({ id: "code.reviewer-removed", technique: "T1562.001", tactic: "Defense Evasion (TA0005)", action: { capability: "impair-defences", target: { name: "CODEOWNERS" }, reversibility: "recoverable", scope: "one" }, reason: `the edit removes ${gone.slice(0, 3).join(", ")} from CODEOWNERS: changes they had to review now merge without them` });
  }
  return out;
}
