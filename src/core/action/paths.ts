// Path classes: where a path points, from its spelling alone (no file system access). The lists are
// the well-known locations of ATT&CK's credential stores (T1552.001, T1552.004, T1555.*), the
// system directories of Linux and macOS, and the scratch and build-output directories of real work.
import type { PathClass } from "./model.js";
import { EXFIL_SERVICE, OWN_SCRATCH } from "../rules/actions/fragments.js";

/** Credential stores: keys, cloud and tool tokens, password stores, keychains, browser profiles. */
const CREDENTIAL_PATTERNS: readonly RegExp[] = [
  /(^|\/)\.ssh(\/|$)/,
  /(^|\/)id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/,
  /\.(pem|key|p12|pfx|keystore|jks|kdbx|ppk)$/,
  /(^|\/)\.aws(\/|$)/,
  /(^|\/)\.azure(\/|$)/,
  /(^|\/)\.config\/gcloud(\/|$)/,
  /(^|\/)\.kube\/config$/,
  /(^|\/)\.docker\/config\.json$/,
  /(^|\/)\.gnupg(\/|$)/,
  /(^|\/)\.password-store(\/|$)/,
  /(^|\/)\.(netrc|pgpass|git-credentials|pypirc|my\.cnf)$/,
  /(^|\/)\.config\/gh\/hosts\.yml$|(^|\/)\.config\/glab-cli\/config\.yml$|(^|\/)\.config\/stripe\/config\.toml$/,
  // A deployed PHP application's settings, with its database password and keys (Magento's app/etc/env.php, WordPress's wp-config.php), not a project's copy.
  // (Or under a hosting account's web root: cPanel's /home/site/public_html, Plesk's httpdocs; Drupal's settings.php, MediaWiki's LocalSettings.php.)
  /^(?:\/(?:mnt|srv|var\/www|opt)|\/home\/[^/]+\/(?:public_html|www|htdocs|httpdocs|web))\/(?:[^/]+\/)*(?:app\/etc\/env\.php|wp-config\.php|sites\/[^/]+\/settings(?:\.local)?\.php|LocalSettings\.php)$/,
  // A network login server's shared secrets: TACACS+'s keys, FreeRADIUS's clients (each device's secret).
  /^\/etc\/(?:tacacs\+?|tac_plus)\/tac_plus\.conf$|^\/etc\/(?:freeradius(?:\/[\d.]+)?|raddb)\/clients\.conf$/,
  // rclone's remotes (their keys and tokens); SSSD's bind password (ldap_default_authtok); a
  // deployed service's environment file under /etc, /opt or /srv (partners.env, app.env).
  /(^|\/)\.config\/rclone\/rclone\.conf$|(^|\/)rclone\.conf$/,
  /^\/etc\/sssd\/sssd\.conf$/,
  // (Not one whose name has a word saying it is an example or for development: dev.env, app.example.env; devices.env is one.)
  /^\/(?:etc|opt|srv)\/(?:[\w.-]+\/)*(?!(?:[A-Za-z0-9]*[-_.])*?(?:example|sample|template|dev|development|test|testing|local)[-_.])[\w.-]*\.env$/,
  // Package registries', signing and developer-account tokens kept in the home directory (T1552.001).
  /(^|\/)\.(cargo\/credentials(\.toml)?|gem\/credentials|terraform\.d\/credentials\.tfrc\.json|m2\/settings-security\.xml|config\/op|appstoreconnect|fastlane\/\.?session|config\/hub)(\/|$)/,
  /^(~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/\.(npmrc|yarnrc\.yml|gradle\/gradle\.properties)$/,
  /(^|\/)([\w.-]+\.p8|[\w.-]+\.(?:jks|keystore|p12)\.(?:b64|base64|asc))$/,
  /(^|\/)\.vault-token$/,
  // Ansible Vault's password file (vault_password_file: .vault_pass, vault-password.txt).
  /(^|\/)\.?(?:ansible[-_.])?vault[-_.]?pass(?:word)?(?:[-_.](?!(?:md|rst|py|ts|js|go|rb|j2)$)[\w-]+)*$/,
  // GAM's Google service-account key (oauth2service.json) and OAuth client secrets (service-account files are below).
  /(^|\/)(?:oauth2service|client_secrets?)\.json$/,
  // Warehouse and database clients' saved connections, with their passwords or key paths (dbt, SnowSQL, Databricks, MySQL), and WireGuard's private keys.
  /(^|\/)\.(dbt\/profiles\.ya?ml|snowsql\/config|snowflake\/(?:connections|config)\.toml|databrickscfg|my\.cnf)$/,
  /^\/etc\/wireguard\/[^/]+\.conf$/,
  // Slurm's accounting database password; a backup tool's repository password file.
  /^\/etc\/slurm(?:-llnl)?\/slurmdbd\.conf$/,
  // A deployed application's database settings (a Rails app's database.yml under /opt, /srv or /var/www), with the password in them.
  /^\/(?:opt|srv|var\/www|etc)\/(?:[^/]+\/)*(?:config\/)?database\.ya?ml$/,
  /(^|\/)[\w.-]*(?:restic|borg|kopia)[\w.-]*pass(?:word)?[\w.-]*$/i,
  // A tool's own token or environment file kept in the home directory's settings (~/.config/acme/api-token, ~/.config/acme/api.env).
  /^(~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/\.config\/(?:[^/]+\/)*[^/]*(?:token|api[-_]?key|secret|password)[^/]*$|^(~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/\.config\/(?:[^/]+\/)+[^/]+\.env$/i,
  /^\/(?:var\/)?run\/secrets\/kubernetes\.io\/serviceaccount\/token$/,
  // A wallet's keys: an Ethereum keystore file (keystore/UTC--2026-…--7e3b…), Bitcoin Core's wallet.dat.
  /(^|\/)keystore\/UTC--[\w:.-]+--[0-9a-fA-F]{40}$|(^|\/)wallet\.dat$/,
  // A deployed .NET application's production settings (connection strings, client secrets), not the project's copy; a decrypted secrets file (sops' prod.dec.env).
  // (On another machine through its administrative share too: \\web-prd01\c$\inetpub\….)
  /^(?:\/\/[\w.-]+\/[A-Za-z]\$)?(?:\/(?:opt|srv|etc|var\/www|inetpub|Windows\/(?:ProgramData|Program Files[^/]*))|[A-Za-z]:\/inetpub)\/(?:.*\/)?appsettings\.(?:Production|Prod|Live)\.json$/i,
  // A deployed IIS site's web.config (its connection strings and machine keys), here or through a server's administrative share.
  /^(?:\/\/[\w.-]+\/[A-Za-z]\$|[A-Za-z]:)?\/inetpub\/(?:.*\/)?web\.config$/i,
  /(^|\/)secrets?\/(?:[^/]+\/)*[^/]*\.dec\.(?:env|ya?ml|json)$/i,
  // A deployed configuration tree's secrets folder (Salt's /srv/pillar/prod/secrets/nav_sql.sls, /etc/app/secrets/db.yaml): its files hold the passwords.
  // (Not one kept encrypted, sops' or a sealed secret's: x.enc.yaml, sealed-x.yaml.)
  /^\/(?:etc|srv|opt)\/(?:[^/]+\/)*secrets?\/(?:[^/]+\/)*(?![^/]*(?:\.enc\.|\.sops\.|sealed|encrypted))[^/]+\.(?:sls|ya?ml|json|env|conf|cfg|txt|properties|ini|toml)$/i,
  // A file named for the API or access token it holds (redcap_api_token.txt), or a pipeline's secrets.config; not an example's or a test's.
  /^(?!.*(?:^|[\/._-])(?:example|sample|template|fixtures?|mocks?|fake|dummy|tests?|spec)(?:[\/._-]|$)).*(?:^|\/)(?:[\w-]+[._-])?(?:api[_-]?(?:token|key)|access[_-]?token|auth[_-]?token|bearer[_-]?token)(?:[._-][A-Za-z0-9]+){0,8}\.(?:txt|json|env|key)$|(?:^|\/)secrets?\.config$/i,
  // A project's own hidden secrets folder (.secrets/prod/sql_sa_password.txt), not an example's.
  /(^|\/)\.secrets?\/(?:[^/]+\/)*(?!(?:[^/]*[._-])?(?:example|sample|template|readme)(?:[._-][^/]*)?$)[^/]+$/i,
  // A tool's own secret store under its dot-directory (~/.nextflow/secrets/store.json, .devcontainer/secrets/db.env).
  /(^|\/)\.[\w-][\w.-]*\/(?:[^/]+\/)*secrets?\/(?!(?:[^/]*[._-])?(?:example|sample|template|readme)(?:[._-][^/]*)?$)[^/]+$/i,
  /^\/etc\/(shadow|gshadow|master\.passwd|sudoers)(-|$)/,
  /^\/etc\/security\/opasswd$/,
  /^\/var\/lib\/sss\/(db|secrets)\//,
  /(^|\/)Library\/Keychains(\/|$)/,
  /\.keychain(-db)?$/,
  /^\/var\/db\/dslocal\/nodes\/Default\/users(\/|$)/,
  /(^|\/)\.mozilla\/firefox(\/|$)/,
  /(^|\/)(logins\.json|key[34]\.db|signons\.sqlite)$/,
  /(^|\/)(google-chrome|chromium|BraveSoftware|Google\/Chrome|microsoft-edge)(\/|$)/,
  /(^|\/)(Login Data|Cookies|Web Data)$/,
  /(^|\/)\.bash_history$|(^|\/)\.zsh_history$|(^|\/)PSReadLine\/ConsoleHost_history\.txt$/i,
  /(^|\/)\.local\/share\/keyrings(\/|$)/,
  /(^|\/)Library\/Application Support\/Firefox(\/|$)/,
  /\/proc\/[^/]+\/(environ|mem|maps)$/,
  // Every process's command line at once (grep password /proc/*/cmdline): passwords given as arguments.
  /^\/proc\/\*\/cmdline$/,
  // A data file named for the secrets or credentials it holds (secrets.prod.json, prod-credentials.yaml, a service account's key file: pi_service_account.xml, not Kubernetes' service-account.yaml manifests), and saved recovery codes.
  // (Not an example, a template or a test's fixture: secrets.example.json, tests/fixtures/credentials.json.)
  /^(?!.*(?:^|[\/._-])(?:example|sample|template|fixtures?|mocks?|fake|dummy|tests?|spec)(?:[\/._-]|$)).*(?:^|\/)(?:[\w-]+[._-])?(?:(?:secrets?|credentials?)(?:[._-][\w-]+)*\.(?:json|ya?ml|toml|ini|txt|csv|env|properties|xml|conf|cfg|tfvars)|service[-_]?accounts?(?:[._-][\w-]+)*\.(?:json|toml|ini|env|properties|xml|conf|cfg))$/i,
  /^(?!.*(?:^|[\/._-])(?:example|sample|template|fixtures?|mocks?|fake|dummy|tests?|spec)(?:[\/._-]|$)).*(?:^|\/)[\w.-]*(?:recovery|backup)[-_ ]?codes?[\w.-]*\.(?:txt|pdf|json|csv|png)$/i,
  // Rancher's CLI configuration, with its API token.
  /(^|\/)\.rancher\/cli2?\.json$/,
  // Terraform's state (and its backup): every resource's attributes in clear, the database passwords and keys it made among them.
  /(?:^|\/)terraform\.tfstate(?:\.backup)?$|(?:^|\/)\.terraform\/terraform\.tfstate$/,
  // A password manager's export or a file of passwords kept on a share (KeePass-export-2025.csv, IT/Passwords/vpn.xlsx):
  // every login in it, in clear. (Not a word list a strength check uses: common-passwords.txt, a blocklist.)
  /^(?!.*(?:^|[\/._ -])(?:example|sample|template|fixtures?|mocks?|fake|dummy|tests?|spec|common|weak|breached|top\d*|rockyou|wordlists?|blocklist|banned|dictionary|policy|reset)(?:[\/._ -]|$)).*(?:^|\/)(?:passwords?\/(?:[^/]+\/)*[^/]+|[^/]*(?:^|[._ -])(?:passwords|keepass|lastpass|bitwarden|1password|keeper|dashlane)(?:[._ -][^/]*)?)\.(?:csv|txt|xlsx?|json|xml|kdbx|1pux|docx?)$/i,
];

/**
 * A dotenv file (.env, .env.production, app/.env.local, config/prod.env), not its committed templates (.env.example,
 * .env.sample, .env.template, .env.dist, .env.defaults). It holds the project's secrets, but agents
 * write and edit it all day, so it is not a credentials path; what sends one away sends credentials.
 */
export const DOTENV = /(^|\/)\.env(\.(?!example$|sample$|template$|dist$|defaults$)[\w.-]+)?$|(^|\/)(?:[\w-]+[._-])?(?:prod|production|prd|live)\.env$|(^|\/)(?:prod|production|prd|live)\/(?:[\w.-]+\/)*[\w.-]+\.env$/;

/** Files in credential directories that hold no secret: public keys (id_x.pub, ota_release_pub.pem), host keys seen, settings; Android's debug keystore (its password is "android" on every machine); a CA's or a chain's certificate (`staging-ca.pem`, `fullchain.pem`, `ca-bundle.crt`). */
const NOT_CREDENTIALS = /(^|\/)(?:[\w.-]*[-_.])?(?:ca|cacert|ca-?bundle|ca-?certificates|root-?ca|chain|fullchain|intermediate)\.(?:pem|crt)$|(^|\/)[\w.-]*[-_.](?:pub|public)(?:[-_.]key)?\.pem$|(^|\/)debug\.keystore$|(^|\/)\.ssh\/(known_hosts2?|config|[^/]+\.pub)$|(^|\/)\.aws\/config$|(^|\/)\.gnupg\/(gpg|gpg-agent|dirmngr)\.conf$/;
/** Caches that tools rebuild on demand (package indexes, download caches). */
const CACHES = /^\/var\/cache(\/|$)|^\/var\/lib\/apt\/lists(\/|$)|(^|\/)\.(npm|pnpm-store|yarn\/cache|m2\/repository|cargo\/registry|nuget\/packages|bun\/install\/cache)(\/|$)|(^|\/)go\/pkg\/mod(\/|$)/;

const SYSTEM_PREFIXES = ["/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/boot", "/var", "/opt", "/sys", "/proc", "/srv", "/root", "/System", "/Library", "/private/etc", "/private/var", "/Applications", "/Windows"];
const TEMP_PREFIXES = ["/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "$TMPDIR", "${TMPDIR}"];
/** A run's own directory under a shared /scratch (fragments.ts): the rest of /scratch is other people's data. */
const OWN_SCRATCH_DIR = new RegExp(`^${OWN_SCRATCH}$`, "i");
// (.NET's bin/Debug and bin/Release: what dotnet build writes. Not "obj" alone, a name anyone may give a folder: /home/alice/obj/thesis.)
const BUILD_DIRS = /(^|\/)(node_modules|dist|build|target|out|__pycache__|\.pytest_cache|\.mypy_cache|\.tox|\.cache|coverage|\.next|\.nuxt|\.gradle|\.venv|venv|\.eggs|[\w.-]+\.egg-info|bin\/(?:Debug|Release))(\/|$)/;
const HOME = /^(~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+)(\/|$)/;

/**
 * A repository checked out on a server or build host: /srv/repos/app/…, /opt/src/app/…. A file
 * inside one is project work, as under ~/src; not a bare repository's files or its hooks
 * (/srv/git/app.git/hooks/pre-receive runs on every push), nor deployed code (/opt/billing/src/…).
 */
const SERVER_CHECKOUT = /^\/(?:srv|opt)\/(?:repos?|src|code|projects?|workspaces?|checkouts?)\/(?![^/]*\.git\/)[^/]+\/(?!(?:[^/]*\/)*(?:\.git|hooks)(?:\/|$))./;
/** A CI runner's workspace: /var/lib/jenkins/workspace/job/…, /var/lib/buildkite-agent/builds/…. */
const RUNNER_WORKSPACE = /^\/var\/lib\/[\w.-]+\/(?:workspace|builds|_work)\/[^/]+\/(?!(?:[^/]*\/)*(?:\.git|hooks)(?:\/|$))./;

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The class of one path as written. */
/** Classified paths, remembered: a step names the same few paths many times, and every rule asks. */
const CLASSIFIED = new Map<string, PathClass>();
const MAX_CLASSIFIED = 4096;

export function classifyPath(raw: string): PathClass {
  const known = CLASSIFIED.get(raw);
  if (known !== undefined) return known;
  const c = classify(raw);
  if (CLASSIFIED.size >= MAX_CLASSIFIED) CLASSIFIED.clear();
  CLASSIFIED.set(raw, c);
  return c;
}

/**
 * A Windows path in the form the patterns here read: its backslashes as slashes, a user's profile
 * (C:\Users\ana, %USERPROFILE%, $env:USERPROFILE) as the home directory, Windows's own folders
 * (C:\Windows, C:\Program Files, C:\ProgramData) under /Windows. Other paths are returned as they are.
 */
function posixOf(raw: string): string {
  if (!/^(?:[A-Za-z]:[\\/]|%\w+%|\$env:\w+|\\\\)/.test(raw)) return raw;
  let p = raw.replace(/\\/g, "/");
  p = p.replace(/^(?:%USERPROFILE%|%HOMEDRIVE%%HOMEPATH%|\$env:USERPROFILE|\$env:HOME)(?=\/|$)/i, "~");
  p = p.replace(/^(?:%APPDATA%|\$env:APPDATA)(?=\/|$)/i, "~/AppData/Roaming").replace(/^(?:%LOCALAPPDATA%|\$env:LOCALAPPDATA)(?=\/|$)/i, "~/AppData/Local");
  p = p.replace(/^[A-Za-z]:\/Users(?=\/|$)/i, "/Users");
  p = p.replace(/^[A-Za-z]:\/(?=(?:windows|program files(?: \(x86\))?|programdata)(?:\/|$))/i, "/Windows/");
  return p;
}

function classify(raw: string): PathClass {
  const path = lexical(posixOf(raw.replace(/^["']|["']$/g, "")).replace(/\/+$/, "") || "/");
  // A dot-glob in a folder of the path (/tmp/.?/etc, /tmp/.*): a shell without globskipdots matches it to "..", so where it lands is not known.
  if (/\/\.[^/]*[?*[]/.test(path)) return "other";
  if (!NOT_CREDENTIALS.test(path) && CREDENTIAL_PATTERNS.some((p) => p.test(path))) return "credentials";
  if (CACHES.test(path)) return "build-output";
  if (/^\/dev\/(sd|hd|nvme|disk|mmcblk|vd|xvd|mapper|md)/.test(path) || path === "/dev/mem" || path === "/dev/kmem") return "device";
  if (TEMP_PREFIXES.some((p) => under(path, p)) || OWN_SCRATCH_DIR.test(path)) return "temp";
  if (path === "/" || path === "/*" || path === "/home" || path === "/Users") return "system";
  if (SERVER_CHECKOUT.test(path) || RUNNER_WORKSPACE.test(path)) return "project";
  if (under(path, "/var/log") || SYSTEM_PREFIXES.some((p) => under(path, p))) return "system";
  if (BUILD_DIRS.test(path)) return "build-output";
  if (HOME.test(path)) return path.replace(HOME, "").length === 0 ? "home" : isProjectUnderHome(path) ? "project" : "home";
  if (path.startsWith("/")) return "other";
  // A relative path that climbs above where it starts is outside the project, wherever that is.
  if (path === ".." || path.startsWith("../")) return "other";
  return "project";
}

/**
 * The path with its "." and ".." steps taken as the kernel takes them, without the file system:
 * /tmp/../etc is /etc; ~ is two levels deep (/home/user), so ~/../../etc is /etc; a relative path
 * that climbs three levels or more is read from the root, as tool paths are (fileSystemPath in
 * tool-call.ts); ../x stays ../x (where it leads is not known here).
 */
function lexical(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const home = /^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/.exec(path)?.[0];
  const absolute = path.startsWith("/") || home !== undefined;
  // Home stands for /home/<user> while the steps are taken, and comes back as written if they stay in it.
  const out: string[] = home !== undefined ? ["home", "\0"] : [];
  for (const part of (home !== undefined ? path.slice(home.length) : path).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (part === ".." && absolute) continue;
    else out.push(part);
  }
  if (home !== undefined && out[0] === "home" && out[1] === "\0") return [home, ...out.slice(2)].join("/");
  const climbs = out.findIndex((p) => p !== "..");
  const up = climbs < 0 ? out.length : climbs;
  if (!absolute && up >= 3) return `/${out.slice(up).join("/")}`;
  return (absolute ? "/" : "") + out.join("/") || (absolute ? "/" : ".");
}

/** ~/src/app, ~/code/x, ~/projects/y: a checkout under the home directory is project work. */
function isProjectUnderHome(path: string): boolean {
  return /^(~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+)\/(src|code|projects?|work|repos?|git|dev|workspace|go\/src)\//.test(path);
}

/** A user's shell start-up files, read at every login or new shell (T1546.004). */
export const SHELL_STARTUP = /(^|\/)\.(bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|zlogout|bash_logout|cshrc|tcshrc|kshrc|config\/fish\/config\.fish)$|^\/etc\/(profile|bash\.bashrc|zshrc|zsh\/zshrc|environment)$|^\/etc\/profile\.d\/|(?:^|\/)(?:(?:My )?Documents\/(?:Windows)?PowerShell|\.config\/powershell|System32\/WindowsPowerShell\/v1\.0)\/(?:Microsoft\.(?:PowerShell|VSCode)_)?profile\.ps1$/i;

/** A host that is not this machine. */
export function isExternalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return !(h === "localhost" || h === "::1" || h === "0.0.0.0" || h.startsWith("127.") || h.endsWith(".localhost") || h === "");
}

/** The host of a URL or of an scp/rsync destination `user@host:path`, if the word names one. */
export function hostOf(word: string): string | undefined {
  if (/\s/.test(word)) return undefined;
  // (User information runs to the authority's last @: https://admin:hunter@2@api.example is api.example.)
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#]*@)?(\[[^\]]+\]|[^/:?#@]+)/i.exec(word);
  if (url) return url[1];
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)/.exec(word);
  if (scp && !/^[A-Za-z]$/.test(scp[1]!)) return scp[1];
  return undefined;
}

/** Paste, file-drop and request-capture services (anyone can post there, under any name). */
const PASTE_HOST = new RegExp(String.raw`(?:^|\.)${EXFIL_SERVICE}$`, "i");
/** Whether a host is a paste, file-drop or request-capture service (webhook.site, requestbin, transfer.sh). */
export const isPasteHost = (host: string): boolean => PASTE_HOST.test(host.toLowerCase());
/** Well-known code and package hosts, by the word in their names, and the domains that are really theirs. */
const KNOWN_HOSTS: ReadonlyArray<readonly [string, RegExp]> = [
  ["githubusercontent", /(^|\.)githubusercontent\.com$/],
  ["github", /(^|\.)(github\.com|github\.io|githubassets\.com|githubusercontent\.com|ghcr\.io)$/],
  ["gitlab", /(^|\.)gitlab\.(com|io)$/],
  ["npmjs", /(^|\.)npmjs\.(com|org)$/],
  ["pypi", /(^|\.)pypi\.(org|io)$/],
  ["pythonhosted", /(^|\.)pythonhosted\.org$/],
  ["docker", /(^|\.)(docker\.com|docker\.io)$/],
  ["microsoft", /(^|\.)microsoft\.com$/],
  ["amazonaws", /(^|\.)amazonaws\.com(\.cn)?$/],
  ["googleapis", /(^|\.)googleapis\.com$/],
  ["homebrew", /(^|\.)(brew\.sh|homebrew\.org)$/],
  ["rustup", /(^|\.)rustup\.rs$/],
  ["nodesource", /(^|\.)nodesource\.com$/],
  ["jsdelivr", /(^|\.)jsdelivr\.(net|com)$/],
  ["unpkg", /(^|\.)unpkg\.com$/],
  ["cloudflare", /(^|\.)(cloudflare\.com|cloudflare-dns\.com|cloudflare\.net|cloudflareinsights\.com)$/],
  // Where shops and checkouts load their scripts from: a name made to look like one serves a skimmer.
  ["shopify", /(^|\.)(shopify\.com|shopifycdn\.com|shopifycloud\.com|shopifysvc\.com|myshopify\.com|shopify\.dev)$/],
  ["stripe", /(^|\.)(stripe\.com|stripe\.network|stripecdn\.com)$/],
  ["paypal", /(^|\.)(paypal\.com|paypalobjects\.com)$/],
  ["googletagmanager", /(^|\.)googletagmanager\.com$/],
  ["google-analytics", /(^|\.)google-analytics\.com$/],
];

/** A host under a suffix only an organisation's own network resolves (build.corp.internal, erp.acme.local). */
export const internalHost = (host: string): boolean => /\.(?:internal|corp|local|lan|intranet|home\.arpa|localdomain)$/i.test(host);

/** Whether a host is named for a test environment (staging.internal, api-sandbox.acme.example): a label's word, the top-level domain aside (forms.acme.dev is not). */
export function testEnvironmentHost(host: string): boolean {
  return host.toLowerCase().split(".").slice(0, -1).some((label) => label.split("-").some((w) => TEST_ENVIRONMENT_WORD.test(w)));
}

/** A job's or schedule's name that says it takes backups (nightly-pgbackrest-full, veeam-daily, db-snapshot, backup-verify). */
export const BACKUP_NAME = /(?:^|[^a-z])(?:backups?|pgbackrest|barman|restic|borg|veeam|snapshots?|wal-?g|basebackup|pg_?dump|xtrabackup|rman|bacula)(?:[^a-z]|$)/i;

/**
 * A group everyone is in: Windows' and Active Directory's (Everyone, Users, Domain Users,
 * Authenticated Users), Kubernetes' system:authenticated, Google Cloud's allAuthenticatedUsers, or a
 * group named for all staff (GG-All-Staff, hb-all-employees), also with its domain (KBRH\Domain Users)
 * or as a group's address (all-staff@corp.example).
 */
const EVERYONE_GROUP = /^(?:users|domain computers)$|(?:^|[-_.: \\])(?:all[-_ ]?(?:staff|users|employees|members|people|company)|everyone|domain[-_ ]users|authenticated[-_ ]users|system:authenticated|allusers|allauthenticatedusers)(?:$|[-_.: @])/i;
export function everyoneGroup(name: string): boolean {
  return EVERYONE_GROUP.test(name.trim().replace(/^["']|["']$/g, ""));
}

/** Whether a name (a context, namespace, app, project or host) says production by a word of its own: prod-us, payments-prod, prd1 (not product). */
export function productionNamed(name: string): boolean {
  return /(?:^|[^a-z0-9])(?:prod|production|prd)(?:[^a-z]|$)/i.test(name);
}

/**
 * A word naming a test, development or scratch environment (a host label's or a command's word:
 * api-sandbox, staging, dev2, --env qa): what is done there is the work's own testing.
 */
const TEST_ENVIRONMENTS = "test|testing|dev|development|sandbox|staging|stage|stg|qa|uat|preview|demo|nonprod|certification";
/** An environment named for testing, as a whole word (not "temp" or "tmp", which name files and accounts more than environments). */
export const TEST_ENVIRONMENT_NAME = new RegExp(`^(?:${TEST_ENVIRONMENTS})\\d*$`, "i");

/** Whether a name (a server, database, namespace, value) has a word naming a test environment: BR-SQL02-STG, PermitsDB_Staging, claims-dev2. */
export function testEnvironmentNamed(name: string): boolean {
  return name.split(/[^A-Za-z0-9]+/).some((w) => TEST_ENVIRONMENT_NAME.test(w));
}

export const TEST_ENVIRONMENT_WORD = new RegExp(`^(?:${TEST_ENVIRONMENTS}|tests|scratch|tmp|temp|fixtures?)\\d*$`, "i");

/**
 * Where code comes from that nobody vouches for: a paste or file-drop service, or a name made to
 * look like a well-known code host's (raw.githubusercontent-cdn.net, pypi-mirror.org). Undefined
 * for any other host.
 */
export function untrustedOrigin(host: string): string | undefined {
  const h = host.toLowerCase();
  // (A name under an internal suffix is the organisation's own mirror: my-github-mirror.corp.internal.)
  if (internalHost(h)) return undefined;
  if (isPasteHost(h)) return `${h}, a paste or file-drop service`;
  for (const [word, real] of KNOWN_HOSTS) if (h.includes(word) && !real.test(h)) return `${h}, made to look like ${word}'s`;
  return undefined;
}

/**
 * Vendors' own install scripts, fetched by the one-liner their documentation gives (`curl
 * https://sh.rustup.rs | sh`, nvm's install.sh from its own repository): the vendor's code from the
 * vendor's host. A script from any other host, piped into a shell, is the code of whoever controls
 * that host, run unread.
 */
const VENDOR_INSTALLER_HOST = /^(?:sh\.rustup\.rs|static\.rust-lang\.org|get\.docker\.com|test\.docker\.com|install\.python-poetry\.org|get\.pnpm\.io|bun\.sh|deno\.land|deno\.com|astral\.sh|get\.helm\.sh|ollama\.com|tailscale\.com|fnm\.vercel\.app|get\.sdkman\.io|foundry\.paradigm\.xyz|starship\.rs|get\.k3s\.io|get\.rvm\.io|deb\.nodesource\.com|rpm\.nodesource\.com|get\.volta\.sh|pyenv\.run|bootstrap\.pypa\.io|install\.determinate\.systems|nixos\.org|get-ghcup\.haskell\.org|claude\.ai|sdk\.cloud\.google\.com|awscli\.amazonaws\.com|raw\.githubusercontent\.com\/(?:nvm-sh|Homebrew|ohmyzsh|helm|pyenv|rbenv|golangci|kubernetes-sigs|kubernetes|asdf-vm|jdx|oven-sh|pnpm|astral-sh|python-poetry|rust-lang|docker|nodesource|tailscale|ollama|starship|sdkman|foundry-rs|denoland|volta-cli|Schniz))(?:[/:?#]|$)/i;

/** Whether a URL is a vendor's own install script (VENDOR_INSTALLER_HOST). */
export function vendorInstaller(url: string): boolean {
  return VENDOR_INSTALLER_HOST.test(url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ""));
}

/** An address or name of the organisation's own network: a private IPv4 range (RFC 1918) or an internal suffix. */
export function ownNetworkHost(host: string): boolean {
  return internalHost(host) || /^(?:10\.\d+|192\.168|172\.(?:1[6-9]|2\d|3[01]))\.\d+\.\d+$/.test(host);
}

/**
 * A host outside the organisation's network, as far as its name says: a domain that is not an
 * internal or reserved one (.test, .example, .invalid, .localhost), or a public address (not this
 * machine, a private range or carrier-grade NAT). A bare name (pacs01) resolves inside.
 */
export function outsideHost(host: string): boolean {
  const h = host.toLowerCase();
  return isExternalHost(h) && !ownNetworkHost(h) && /\./.test(h) && !/\.(?:test|example|invalid|localhost)$/.test(h) && !/^100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.\d+\.\d+$/.test(h);
}

/** Whether code fetched from a URL is vouched for: a vendor's own installer, this machine, or the organisation's own network. */
export function vouchedSource(url: string): boolean {
  const host = hostOf(url) ?? "";
  return vendorInstaller(url) || (host !== "" && (!isExternalHost(host) || ownNetworkHost(host)));
}

/** Identity providers by the word a look-alike borrows, and the domains that are really theirs. */
const SIGN_IN_BRANDS: ReadonlyArray<readonly [string, RegExp]> = [
  ["okta", /^(?:okta|oktapreview|okta-emea|oktacdn)\.com$/],
  ["microsoft", /^(?:microsoft|microsoftonline|office|office365|live|azure|windows|sharepoint|outlook)\.(?:com|net)$/],
  ["office365", /^office365\.com$/],
  ["azure", /^azure\.(?:com|net)$|^windows\.net$/],
  ["outlook", /^outlook\.com$/],
  ["google", /^google\.com$|^googleapis\.com$/],
  ["onelogin", /^onelogin\.com$/],
  ["auth0", /^auth0\.com$/],
  ["duo", /^duosecurity\.com$|^duo\.com$/],
  ["ping", /^pingidentity\.com$|^pingone\.(?:com|eu)$/],
  ["citrix", /^citrix\.com$|^cloud\.com$/],
  ["workday", /^workday\.com$|^myworkday\.com$/],
  ["docusign", /^docusign\.(?:com|net)$/],
];
/** Words a credential-harvesting site puts in its own name, as a label's hyphenated part: hvh-vpn-login.com, sso-verify.help, acme-benefits.co (payroll and benefits lures ask for bank details). */
const LURE_LABEL_WORD = /^(?:login|logon|signin|sso|verify|verification|secure|security|account|accounts|support|helpdesk|servicedesk|itdesk|portal|reset|password|passwd|mfa|vpn|identity|unlock|recover|benefits|payroll|paystub|deposit|hr|expenses|bonus|enrollment|enrolment)$/;
/** Top-level domains cheap to register and seldom an organisation's sign-in page. */
const LURE_TLD = /^(?:support|online|site|xyz|top|click|link|zip|icu|buzz|rest|cam)$/;

/**
 * Whether a host looks made to take people's sign-in: its name borrows an identity provider's word
 * without being that provider's (forgewell-okta.sso-verify.help), its registrable name joins words
 * such a site uses with a hyphen (hvh-vpn-login.com, pharma-helpdesk.net), or it sits under a
 * top-level domain seldom used for one (.xyz, .support). "strong" when the provider's word comes
 * with a lure's name or domain: such a link needs no words around it. Undefined for other hosts.
 */
export function lookalikeSignInHost(host: string): "strong" | "weak" | undefined {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (internalHost(h) || !isExternalHost(h)) return undefined;
  const labels = h.split(".");
  if (labels.length < 2) return undefined;
  const tld = labels[labels.length - 1]!;
  const registrable = `${labels[labels.length - 2]}.${tld}`;
  const words = labels.slice(0, -1).flatMap((l) => l.split("-"));
  const ownWords = labels[labels.length - 2]!.split("-");
  const borrowed = SIGN_IN_BRANDS.filter(([word, real]) => words.includes(word) && !real.test(registrable)).map(([word]) => word);
  const lureName = ownWords.length > 1 && ownWords.some((w) => LURE_LABEL_WORD.test(w));
  const lureTld = LURE_TLD.test(tld);
  // (A provider's word in the domain's own name with a sign-in word beside it, okta-sso-login.com; or anywhere in a name
  // whose own part or top-level domain is a lure's. Not a company's own citrix-vpn.acme.com, nor google-auth.readthedocs.io.)
  const brandOwn = borrowed.some((w) => ownWords.includes(w));
  if ((brandOwn && ownWords.some((w) => LURE_LABEL_WORD.test(w))) || (borrowed.length > 0 && (lureName || lureTld))) return "strong";
  return lureName || lureTld ? "weak" : undefined;
}

/** Where evidence is kept: a legal hold's or an e-discovery collection, forensic images and their manifests, a chain of custody. */
// (In an evidence or forensics folder only the records that prove what was collected, or the collected
// images and mailboxes themselves: an analyst's own report written there is new work, not evidence lost.)
const EVIDENCE_PATH = /(?:^|[\\/])(?:legal[-_ ]?holds?|chain[-_ ]of[-_ ]custody|litigation[-_ ]holds?)(?:[\\/]|$)|(?:^|[\\/])(?:evidence|forensics?|e-?discovery)[\\/](?:[^\\/]+[\\/])*(?:[\w.-]*(?:manifest|custod\w*|hashes|sha\d*sums?|md5sums?|register|inventory)[\w.-]*\.\w+|[^\\/]+\.(?:e01|ex01|dd|raw|img|aff4?|pst|ost|mbox|eml|msg))$|(?:^|[\\/])(?:custodian|chain[-_]of[-_]custody|evidence)[-_]?(?:manifest|log|register)\.\w+$/i;

/** Whether a path is kept as evidence (EVIDENCE_PATH), not in a project's source, tests or docs. */
export function evidencePath(path: string): boolean {
  return EVIDENCE_PATH.test(path) && !/\b(?:tests?|fixtures?|examples?|samples?|src|lib|app)[\\/]/i.test(path) && !/\.(?:py|tsx?|jsx?|mjs|cjs|go|java|kt|rb|rs|c|h|cpp|cs|php|swift|scala|vue|svelte|md|mdx|ya?ml|toml|html?|css|scss|sh)$/i.test(path);
}

/** A log store named for security evidence: audit, firewall, CloudTrail, a SIEM, sign-in and endpoint events. */
export const SECURITY_LOG_NAME = /(?:^|[^a-z])(?:audit|security|firewall|paloalto|pan|cloudtrail|siem|sentinel|auth|wineventlog|syslog|edr|ids|guardduty)(?:[^a-z]|$)/i;
/** Whether keeping a log store only `days` long is a cut a person must see: a week or less for any store, under 90 days for security evidence. */
export const retentionCut = (days: number, securityStore: boolean): boolean => days <= 7 || (securityStore && days < 90);
