// Credential access (TA0006): reading keys and passwords from the well-known stores, searching the
// disk for them, dumping keychains and browser stores, the cloud metadata service, cracking hashes.
// Sources: ATT&CK T1552.001, T1552.003, T1552.004, T1552.005, T1555.001, T1555.003, T1003.008,
// T1110.002; security(1) on macOS; the AWS and GCP instance metadata documentation.
import { classifyPath, DOTENV, isExternalHost, hostOf, productionNamed } from "../paths.js";
import type { Invocation } from "../shell-command.js";
import { nestedIn, commandWords, optionValues, previous, SECRET_EXPANSION, shown, readPaths, type CommandRule, type RuleHit } from "./rule.js";

const TACTIC = "Credential Access (TA0006)";

/** kubectl's output format: `-o F`, `-oF`, `-o=F`, `--output F`, `--output=F`. */
function outputFormat(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-o" || a === "--output") return args[i + 1];
    const m = /^(?:-o=?|--output=)(.+)$/.exec(a);
    if (m) return m[1];
  }
  return undefined;
}

/** Commands that use a key or credential file for what it is for: not harvesting. */
const USES_CREDENTIALS = new Set(["ssh", "ssh-add", "ssh-keygen", "ssh-copy-id", "chmod", "chown", "ls", "stat", "mkdir", "touch", "test", "[", "git", "gpg", "aws", "gcloud", "az", "kubectl", "docker", "ansible", "ansible-playbook", "terraform", "sftp", "rm", "file", "wc", "keychain", "pass", "gh", "npm", "twine", "source", ".", "export", "echo", "printf", "true", "openssl", "realpath", "dirname", "basename", "find", "fd", "locate", "mdfind", "du", "tree"]);
// (find, locate and du see names and sizes, not contents: a search for key files is credential-access.search)

function techniqueFor(path: string): { id: string; what: string } {
  if (/\/etc\/(shadow|gshadow|master\.passwd)|opasswd/.test(path)) return { id: "T1003.008", what: "the password hashes" };
  if (/Keychains|\.keychain|keyrings/.test(path)) return { id: "T1555.001", what: "a keychain" };
  if (/firefox|Firefox|chrom|Chrome|Brave|edge|logins\.json|key[34]\.db|Login Data|Cookies|Web Data|signons/.test(path)) return { id: "T1555.003", what: "a browser's saved passwords or cookies" };
  if (/_history$/.test(path)) return { id: "T1552.003", what: "the shell history" };
  if (/serviceaccount\/token$/.test(path)) return { id: "T1528", what: "the pod's service-account token" };
  if (/id_(rsa|dsa|ecdsa|ed25519)|\.ssh|\.(pem|key|p12|pfx|ppk|keystore|jks)$|\.gnupg/.test(path)) return { id: "T1552.004", what: "a private key" };
  return { id: "T1552.001", what: "stored credentials" };
}

/** Commands that print every environment variable: env, printenv, set, export -p, declare -x, PowerShell's env: drive. */
function printsEnvironment(inv: Invocation): boolean {
  if (inv.name === "env" || inv.name === "printenv") return inv.args.every((a) => a.startsWith("-"));
  if (inv.name === "set" || inv.name === "export" || inv.name === "declare" || inv.name === "typeset") return inv.args.every((a) => /^-[px]{1,2}$/.test(a));
  if (/^(?:get-childitem|gci|dir|ls|gc|get-content)$/i.test(inv.name)) return inv.args.some((a) => /^env:[\\/]?\*?$/i.test(a));
  return false;
}
/** Commands that keep the lines matching a pattern. */
const FILTERS = new Set(["grep", "egrep", "fgrep", "rg", "ag", "findstr", "select-string", "sls"]);
/** A pattern that looks for keys: their usual names, or services whose variables hold them. */
// (Not auth, session or db alone: AUTHOR, SSH_AUTH_SOCK, SESSION_MANAGER and DB_HOST name no key.)
const KEY_PATTERN = /token|secret|passw|passwd|\bpass\b|pwd|api.?key|apikey|private|credential|\bcreds?\b|auth_?token|authorization|access.?key|_key\b|\bkeys?\b|session_?(?:key|token|secret)|\b(?:stripe|plaid|twilio|sendgrid|mailgun|openai|anthropic|snowflake|docusign|datadog|okta|auth0|github|gitlab|slack|npm|pypi|heroku|vercel|supabase|firebase|shopify|paypal|braintree|adyen|square|salesforce|hubspot|sentry|vault|database|postgres|mysql|mongo|redis|aws|azure|gcp|veeva)(?:_\w*)?\b/i;

/** The environment printed through a filter for keys (env | grep -i token): each matching key's value lands in the transcript. */
const environmentKeys: CommandRule = {
  id: "credential-access.environment-keys",
  tactic: TACTIC,
  technique: "T1552",
  names: [...FILTERS],
  match(inv, all, index) {
    const before = previous(all, index);
    if (!FILTERS.has(inv.name) || before === undefined || !printsEnvironment(before)) return undefined;
    const pattern = inv.args.filter((a, i) => !a.startsWith("-") || /^-(?:e|-regexp|Pattern)$/i.test(inv.args[i - 1] ?? "")).join(" ");
    const key = KEY_PATTERN.exec(pattern);
    if (!key) return undefined;
    return {
      action: { capability: "read", target: { name: "environment variables", pathClass: "credentials" }, reversibility: "recoverable", scope: "one" },
      reason: `prints the environment variables matching ${shown(pattern)}: the values of the keys they hold land in the transcript (T1552)`,
    };
  },
  examples: {
    match: [`env | grep -iE 'snowflake|veeva|rave|token'`, `printenv | grep -iE 'STRIPE|PLAID|DOCUSIGN|TWILIO'`, `env | grep -i secret`, `set | grep -i pass`, `Get-ChildItem env: | Select-String -Pattern 'KEY|TOKEN'`, `export -p | grep AWS_`],
    noMatch: [`env | grep -i proxy`, `printenv | grep PATH`, `env | grep NODE_ENV`, `cat .env.example | grep -i token`, `grep -rn token src/`, `env | sort`],
  },
};

/** The whole environment printed inside a pod or container (kubectl exec … -- env, docker exec … printenv): every secret it was given lands in the transcript. */
const containerEnvironment: CommandRule = {
  id: "credential-access.container-environment",
  tactic: TACTIC,
  technique: "T1552.007",
  names: ["kubectl", "oc", "docker", "podman"],
  match(inv, all, index) {
    if (!/^(kubectl|oc|docker|podman)$/.test(inv.name) || !inv.args.includes("exec")) return undefined;
    // (What runs in the container as the shell reader read it, through its sh -c too: sh -c 'cd /app; env | sort'.)
    const printing = nestedIn(all, index).find((n) => (n.name === "env" || n.name === "printenv") && n.args.every((x) => x.startsWith("-")));
    const inner = printing !== undefined ? [printing.name] : inv.args.includes("--") ? inv.args.slice(inv.args.indexOf("--") + 1) : inv.args.slice(-1);
    const name = (inner[0] ?? "").replace(/^.*\//, "");
    if (!(name === "env" || name === "printenv" || (name === "cat" && inner.some((a) => /^\/proc\/(?:1|self)\/environ$/.test(a)))) || inner.slice(1).some((a) => !a.startsWith("-") && name !== "cat")) return undefined;
    return { action: { capability: "read", target: { name: `${inv.name} exec ${name}`, pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, reason: `prints the whole environment of a running container with ${inv.name} exec: every secret it was given lands in the transcript (T1552.007)` };
  },
  examples: {
    match: [`kubectl -n staging exec deploy/api -- printenv`, `kubectl exec -it api-0 -- env`, `docker exec web printenv`, `kubectl exec api-0 -- cat /proc/1/environ`, `kubectl exec api-0 -- sh -c 'env | sort'`],
    noMatch: [`kubectl exec -it api-0 -- printenv PATH`, `kubectl exec api-0 -- ls /app`, `kubectl exec api-0 -- sh -c 'printenv HOME | wc -c'`, `docker exec web env FOO=bar node x.js`, `printenv`],
  },
};

/** Options that hand a client its own key or certificate to sign in with (mosquitto_sub --key, curl --cert, psql sslkey=…). */
const KEY_OPTION = /^--?(?:key|cert|cafile|cacert|capath|tls-?key|tls-?cert|tls-?cacert|ssl-?key|ssl-?cert|client-?key|client-?cert|private-?key|key-?file|cert-?file|identity(?:-file)?|E)$/i;

/**
 * The files a command is handed as its own key or certificate (`--key certs/client.key`,
 * `--cert=client.crt`): a key used to sign in, as ssh -i uses one, not a key read out.
 */
function presentedKeys(args: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    if (a.startsWith("-") && eq > 0 && KEY_OPTION.test(a.slice(0, eq))) out.add(a.slice(eq + 1));
    else if (KEY_OPTION.test(a) && i + 1 < args.length) out.add(args[i + 1]!);
  }
  return out;
}

/** Linters and format checkers: they report on a file's form (a line and a rule), not its contents. */
const LINTER = /^(?:ansible-lint|yamllint|shellcheck|hadolint|tflint|actionlint|markdownlint(?:-cli2?)?|eslint|stylelint|pylint|flake8|ruff|mypy|rubocop|golangci-lint|kube-linter|kubeconform|kubeval)$/;

const readStore: CommandRule = {
  id: "credential-access.read-store",
  tactic: TACTIC,
  technique: "T1552.001",
  match(inv) {
    // (kubectl uses the kubeconfig by itself; what a command it runs in a pod reads is read below.)
    if (inv.name === "" || (USES_CREDENTIALS.has(inv.name) && !((inv.name === "kubectl" || inv.name === "oc") && inv.args.includes("exec")))) return undefined;
    // In a pod (kubectl exec … -- cat /var/run/secrets/…/token): the command after `--` reads there.
    const inPod = (inv.name === "kubectl" || inv.name === "oc") && inv.args.includes("exec") && inv.args.includes("--") ? inv.args.slice(inv.args.indexOf("--") + 1) : undefined;
    const podPaths = inPod !== undefined && /^(cat|head|tail|less|more|base64|xxd|od|strings|cp|tar)$/.test((inPod[0] ?? "").replace(/^.*\//, "")) ? inPod.slice(1).filter((a) => !a.startsWith("-")) : [];
    // (kubectl exec reads nothing itself: only the command it runs in the pod does.)
    const execMode = (inv.name === "kubectl" || inv.name === "oc") && inv.args.includes("exec");
    const used = execMode ? new Set<string>() : presentedKeys(inv.args);
    // (The .ssh directory named alone is listed, not read, unless an archiver or a copier takes it whole.)
    const whole = /^(?:tar|zip|7z|7za|rar|cp|rsync|scp|cpio|ditto|gtar|bsdtar)$/.test(inv.name);
    // (A linter given the project's own files reads them to report on their form, not to show them:
    // ansible-lint playbooks/rotate_secrets.yml. Not a path outside the project.)
    const linted = (p: string): boolean => LINTER.test(inv.name) && !/^(?:\/|~|\$|\.\.)/.test(p);
    const path = (execMode ? podPaths : readPaths(inv)).find((p) => classifyPath(p) === "credentials" && !used.has(p) && !linted(p) && !/\.pub$|known_hosts$|authorized_keys2?$|\/\.ssh\/config$/.test(p) && (whole || !/(^|\/)\.ssh\/?$/.test(p)));
    if (!path) return undefined;
    const t = techniqueFor(path);
    return {
      action: { capability: "read", target: { name: path, pathClass: "credentials" }, reversibility: "irreversible", scope: "one" },
      reason: `reads ${t.what} in ${shown(path)}: credential access (${t.id})`,
      technique: t.id,
    };
  },
  examples: {
    match: [
      `cat ~/.ssh/id_rsa`,
      `cp ~/.aws/credentials /tmp/c`,
      `tar czf /tmp/k.tgz ~/.ssh ~/.gnupg`,
      `tar czf /tmp/.loot.tgz /home/*/.ssh`,
      `sudo cat /etc/shadow`,
      `sqlite3 ~/.config/google-chrome/Default/"Login Data" "select * from logins"`,
      `base64 ~/.kube/config`,
      `cat ~/.bash_history`,
      `yamllint ~/.aws/credentials`,
      `cp ~/Library/Keychains/login.keychain-db /tmp/`,
      `kubectl -n staging exec deploy/api -- cat /var/run/secrets/kubernetes.io/serviceaccount/token`,
    ],
    noMatch: [`ansible-lint playbooks/rotate_oracle_secrets.yml roles/oracle_wallet/`, `yamllint group_vars/prod/secrets.yml`, `mosquitto_sub -h mqtt.example.internal -p 8883 --cafile certs/ca.pem --cert certs/client.crt --key certs/client.key -t 'a/#'`, `curl --cert certs/client.crt --key=certs/client.key https://api.internal/health`, `ssh -i ~/.ssh/id_ed25519 host`, `chmod 600 ~/.ssh/id_rsa`, `ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519`, `cat ~/.ssh/id_rsa.pub`, `cat ~/.ssh/config`, `aws s3 ls`, `cat src/keys.py`],
  },
};

const keychain: CommandRule = {
  id: "credential-access.keychain-dump",
  tactic: TACTIC,
  technique: "T1555.001",
  names: ["security"],
  match(inv) {
    if (inv.name !== "security") return undefined;
    const verb = inv.args[0] ?? "";
    const dumps = verb === "dump-keychain" || verb === "export" || ((verb === "find-generic-password" || verb === "find-internet-password") && inv.args.some((a) => /^-[a-zA-Z]*[wg]/.test(a)));
    if (!dumps) return undefined;
    return { action: { capability: "read", target: { name: "macOS keychain", pathClass: "credentials" }, reversibility: "irreversible", scope: verb === "dump-keychain" || verb === "export" ? "account" : "one" }, reason: `reads passwords out of the macOS keychain (security ${verb}): credential access (T1555.001)` };
  },
  examples: {
    match: [`security dump-keychain -d login.keychain`, `security find-generic-password -w -a Chrome`, `security find-internet-password -s github.com -w`, `security find-generic-password -wa "Chrome Safe Storage"`],
    noMatch: [`security list-keychains`, `security find-identity -v -p codesigning`],
  },
};

/** Names that only a credential search looks for. */
const SECRET_NAME = /^\*?\.?(id_rsa|id_dsa|id_ecdsa|id_ed25519|\*?\.pem|\*?\.key|\*?\.p12|\*?\.pfx|\*?\.kdbx|\*?\.ppk|\*?\.keychain(-db)?|credentials|\.?netrc|\.git-credentials|\.pgpass|wallet\.dat|\*?pass(word|wd)?\*?(\.txt)?|\*?secret\*?|\.env|\*?\.ovpn|shadow|logins\.json|key[34]\.db|authorized_keys|known_hosts|\*?\.jks|\*?\.keystore|\*?\.asc|\*?\.gpg|\.aws|\.ssh|config\.json)$/i;
/** Words a credential grep looks for. */
const SECRET_WORD = /pass(word|wd)?|secret|api[_-]?key|token|private[_ -]?key|(?<![a-z])mnemonic|seed[_ -]?phrase|recovery[_ -]?(?:phrase|words)|xprv|BEGIN .*PRIVATE|aws_secret|credential|AKIA|ASIA\[|ghp_|gho_|github_pat|xox[abp]|sk_live|glpat-|-----BEGIN/i;
/** Where a search is a sweep of the machine or of someone's home, not of a project. */
// (A home's personal folders, and the folder that holds all of someone's repositories, are wide too: ~/Downloads, ~/src.)
const WIDE_ROOT = /^(\/|\/\*|~|~\/|\$HOME\/?|\/home\/?.*|\/Users\/?.*|\/root\/?|\/etc\/?|\/var\/?|\/opt\/?|\/mnt\/?.*|\/media\/?.*|\/srv\/?|(~|\$HOME)\/\.[\w-]+\/?|(~|\$HOME)\/(Downloads|Documents|Desktop|Dropbox|OneDrive|Library|src|code|projects|repos|git|work|dev)\/?)$/;

/** A deployed application's configuration: a config file under /opt, /etc, /srv, /var/lib or /app, or a production deploy directory (deploy/prod/). */
const DEPLOYED_CONFIG = /^(?:\/\/[\w.-]+\/[A-Za-z]\$|[A-Za-z]:)?\/(?:inetpub|ProgramData|Program Files[^/]*)\/\S*\.(?:config|json|xml|ini)$|^(?:\/opt|\/etc|\/srv|\/var\/lib|\/usr\/local\/etc|\/app)\/\S*\.(?:properties|conf|cnf|ini|env|ya?ml|xml|cfg|json|toml)$|^(?:\.\/)?(?:[\w.-]+\/)*(?:deploy|deployments?|k8s|helm|config|env|environments?)\/(?:[\w.-]+\/)*(?:prod|production|prd)(?:\/\S*)?$|^(?:\/opt|\/etc|\/srv|\/var\/lib|\/usr\/local\/etc|\/app)\/(?:[\w.+-]+\/)*(?:configs?|conf|backups?)\/?$/;

/** A deployed application's configuration searched for passwords or keys: the matching lines are the secrets. */
function configSearched(config: string, pattern: string): RuleHit {
  return { action: { capability: "read", target: { name: config, pathClass: "credentials", production: productionNamed(config) }, reversibility: "recoverable", scope: "one" }, reason: `searches ${shown(config)}, a deployed application's configuration, for "${shown(pattern)}": the passwords and keys in it land in the transcript (T1552.001)` };
}

const search: CommandRule = {
  id: "credential-access.search",
  tactic: TACTIC,
  technique: "T1552.001",
  names: ["find", "fd", "locate", "mdfind", "grep", "egrep", "rg", "ag", "ack", "findstr", "git", "select-string", "sls"],
  match(inv, all, index) {
    // PowerShell's grep: Select-String -Path <file> -Pattern <words> (the path written with backslashes).
    if (inv.name === "select-string" || inv.name === "sls") {
      const positional = commandWords(inv.name, inv.args.filter((x, i) => !/^-(?:Path|LiteralPath|Pattern|Context|Encoding)$/i.test(inv.args[i - 1] ?? "")));
      const pattern = [...optionValues(inv.args, ["-Pattern", "-pattern"]), positional[0] ?? ""].find((w) => SECRET_WORD.test(w));
      const config = [...optionValues(inv.args, ["-Path", "-path", "-LiteralPath"]), ...positional.slice(1)].map((x) => x.replace(/\\/g, "/")).find((x) => x.length <= 512 && DEPLOYED_CONFIG.test(x));
      if (pattern !== undefined && config !== undefined) return configSearched(config, pattern);
      // Fed by a recursive listing of a share or a wide root (Get-ChildItem \\fs01\IT$\Scripts -Recurse | Select-String -Pattern 'password'): every file there is searched.
      const lister = index > 0 ? all[index - 1] : undefined;
      if (pattern === undefined || lister === undefined || !/^(?:get-childitem|gci|dir|ls)$/.test(lister.name) || !lister.args.some((x) => /^-rec/i.test(x))) return undefined;
      const root = commandWords(lister.name, lister.args.filter((x, i) => !/^-(?:Include|Exclude|Filter|Depth)$/i.test(lister.args[i - 1] ?? ""))).map((x) => x.replace(/\\/g, "/")).find((x) => /^\/\/[\w.-]+\/[^/]+/.test(x) || WIDE_ROOT.test(x) || /^[A-Za-z]:\/?$/.test(x));
      if (root === undefined) return undefined;
      return { action: { capability: "read", target: { name: root, pathClass: "credentials" }, reversibility: "irreversible", scope: "system" }, reason: `searches every file under ${shown(root)} for "${shown(pattern)}": credential access (T1552.001)` };
    }
    // A repository's history searched for a key's name with the changes printed (git log -p -S
    // 'ADYEN_', -G 'password'): every value ever committed under it lands in the transcript, removed ones too.
    if (inv.name === "git") {
      const a = inv.args;
      if (a[0] !== "log" || !a.some((x) => x === "-p" || x === "--patch" || x === "-u")) return undefined;
      const sought = optionValues(a, ["-S", "-G"]).concat(a.filter((x) => /^-[SG]./.test(x)).map((x) => x.slice(2)));
      const secret = sought.find((w) => w.length <= 200 && (SECRET_WORD.test(w) || KEY_PATTERN.test(w)));
      if (secret === undefined) return undefined;
      return { action: { capability: "read", target: { name: secret, pathClass: "credentials" }, reversibility: "recoverable", scope: "tree" }, reason: `searches the repository's history for "${shown(secret)}" and prints the changes: every value committed under that name, removed ones too, lands in the transcript (T1552.001)` };
    }
    if (inv.name === "find" || inv.name === "fd" || inv.name === "locate" || inv.name === "mdfind") {
      const names: string[] = [];
      for (let i = 0; i < inv.args.length; i++) {
        const a = inv.args[i]!;
        if (/^-i?(name|path|wholename|regex)$/.test(a)) names.push(inv.args[i + 1] ?? "");
      }
      if (inv.name !== "find") names.push(...inv.args.filter((a) => !a.startsWith("-")));
      const roots = inv.name === "find" ? inv.args.filter((a, i) => !a.startsWith("-") && !/^-/.test(inv.args[i - 1] ?? "") && i < (inv.args.findIndex((x) => x.startsWith("-")) >>> 0)) : ["/"];
      const wide = roots.some((r) => WIDE_ROOT.test(r)) || inv.name === "locate" || inv.name === "mdfind";
      const secret = names.find((n) => SECRET_NAME.test(n.replace(/^['"]|['"]$/g, "")));
      if (!wide || !secret) return undefined;
      return {
        action: { capability: "read", target: { name: secret, pathClass: "credentials" }, reversibility: "recoverable", scope: "system" },
        reason: `searches the whole disk or a home directory for ${shown(secret)} files: credential access (T1552.004)`,
        technique: /id_|pem|key|p12|pfx|ppk|ssh/.test(secret) ? "T1552.004" : "T1552.001",
      };
    }
    if (inv.name === "grep" || inv.name === "egrep" || inv.name === "rg" || inv.name === "ag" || inv.name === "ack" || inv.name === "findstr") {
      const recursive = inv.name === "findstr" ? inv.args.some((a) => /^\/s$/i.test(a)) : inv.name !== "grep" && inv.name !== "egrep" ? true : inv.args.some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === "--recursive");
      const words = inv.args.filter((a) => !a.startsWith("-"));
      // (A setting's name is no secret: PasswordAuthentication in sshd_config.)
      const pattern = words.find((w) => SECRET_WORD.test(w) && !/^(?:Password|Pubkey|Challenge\w*|KbdInteractive|Permit\w*)Authentication$|^PermitRootLogin$/i.test(w.replace(/^['"]|['"]$/g, "")));
      // An installed or deployed application's configuration searched for its passwords and keys
      // (grep -iE 'password|storepass' /opt/mirth/conf/mirth.properties, grep -rh 'API_KEY=' deploy/prod/):
      // the matching lines are the secrets.
      const config = pattern !== undefined ? words.find((w) => w !== pattern && w.length <= 512 && DEPLOYED_CONFIG.test(w)) : undefined;
      if (config !== undefined) return configSearched(config, pattern!);
      // A deployed environment's dotenv file searched (grep -E '^(TWILIO|DATABASE)' .env.production): the matching lines are its secrets.
      const prodEnv = words.find((w) => w.length <= 300 && DOTENV.test(w) && /(?:^|[\/._-])(?:prod|production|prd|live)(?:[\/._-]|$)/i.test(w));
      if (prodEnv !== undefined) return { action: { capability: "read", target: { name: prodEnv, pathClass: "credentials", production: true }, reversibility: "recoverable", scope: "one" }, reason: `searches ${shown(prodEnv)}, production's environment file: the matching lines are its secrets, in the transcript (T1552.001)` };
      if (!recursive) return undefined;
      // (findstr's options are /s, /i, /m: they are not operands. A Windows share's files, \\nas01\IT\*.config with /s, are every file of that kind on the share.)
      const share = (w: string): boolean => /^\/\/[\w.$-]+\/[^/]+/.test(w.replace(/\\/g, "/"));
      const root = words.find((w) => w !== pattern && !(inv.name === "findstr" && /^\/[a-z](?::|$)/i.test(w)) && (WIDE_ROOT.test(w) || share(w)));
      if (!pattern || !root) return undefined;
      // Unlike a search by name, grep prints the matching lines: the secrets themselves.
      return {
        action: { capability: "read", target: { name: root, pathClass: "credentials" }, reversibility: "irreversible", scope: "system" },
        reason: `searches every file under ${shown(root)} for "${shown(pattern)}": credential access (T1552.001)`,
      };
    }
    return undefined;
  },
  examples: {
    match: [
      `find / -name id_rsa 2>/dev/null`,
      `find /home -type f -name "*.pem"`,
      `find ~ -iname '*password*'`,
      `grep -ri password /etc`,
      `grep -rn "BEGIN RSA PRIVATE KEY" / 2>/dev/null`,
      `rg -i api_key ~`,
      `locate wallet.dat`,
      `grep -iE 'password|username|storepass' /opt/mirthconnect/conf/mirth.properties`,
      `grep -rhoiE '(secret|password) [0-9]? ?[^ ]+' /srv/oxidized/configs/`,
      `Get-ChildItem \\\\fs01\\IT$\\Scripts -Recurse -Include *.ps1,*.xml,*.config | Select-String -Pattern 'password|ConvertTo-SecureString|pwd=' -List`,
      `grep -rhE '^[A-Z_]*(API_KEY|SECRET|TOKEN)=' deploy/prod/`,
      `git log -p --all -S 'ADYEN_' -- . ':!docs'`,
      `git log -p -G 'password\s*='`,
      `grep -E '^(TWILIO|COGNITO|DATABASE)' apps/api/.env.production`,
      `Select-String -Path \\\\web-prd01\\c$\\inetpub\\wwwroot\\Portal\\web.config -Pattern 'connectionString|password' -Context 0,1`,
      `Select-String -Path C:\\inetpub\\wwwroot\\app\\appsettings.json -Pattern ApiKey`,
      `findstr /s /i /m "password pwd connectionstring" \\\\nas01\\IT\\*.config \\\\nas01\\IT\\*.ps1`,
      `grep -rli password //fs01/scripts`,
    ],
    noMatch: [`git log -S 'ADYEN_' --oneline`, `git log -p -S 'parseInvoice'`, `git log -p src/auth/token.ts`, `grep -n password_min_length /etc/login.defs.d/notes.txt`, `grep -rn token deploy/staging/`, `find . -name "*.py"`, `grep -rn password src/auth`, `find /testbed -name "*.pem"`, `grep -r TODO .`, `findstr /s /i "TODO" \\\\nas01\\IT\\*.ps1`, `findstr /s /i password *.cs`, `find / -name libssl.so`, `grep password settings.py`, `Select-String -Path .\\src\\Web\\web.config -Pattern password`, `Select-String -Path C:\\inetpub\\logs\\u_ex.log -Pattern 404`],
  },
};

export const METADATA_HOST = /^(169\.254\.169\.254|metadata\.google\.internal|metadata|100\.100\.100\.200|fd00:ec2::254)$/;

const cloudMetadata: CommandRule = {
  id: "credential-access.cloud-metadata",
  tactic: TACTIC,
  technique: "T1552.005",
  names: ["curl", "wget", "http", "https", "fetch"],
  match(inv) {
    if (!["curl", "wget", "http", "https", "fetch"].includes(inv.name)) return undefined;
    const url = inv.args.find((a) => METADATA_HOST.test(hostOf(a) ?? ""));
    if (!url) return undefined;
    const creds = /security-credentials|service-accounts|identity|token/i.test(url);
    return {
      action: { capability: "read", target: { name: url, pathClass: creds ? "credentials" : "system" }, reversibility: "irreversible", scope: "account" },
      reason: `asks the cloud instance metadata service for ${creds ? "the machine's cloud credentials" : "instance data"}: credential access (T1552.005)`,
    };
  },
  examples: {
    match: [`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/role`, `curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token`],
    noMatch: [`curl http://localhost:8080/health`, `curl https://example.com/metadata`],
  },
};

/** Credential dumpers that dump when run with no arguments. */
const DUMP_BARE = new Set(["mimipenguin", "keychaindump", "3snake", "swap_digger"]);
const CRACKERS = new Set(["3snake", "swap_digger", "john", "hashcat", "unshadow", "hydra", "medusa", "ncrack", "mimipenguin", "lazagne", "chainbreaker", "keychaindump", "pypykatz", "secretsdump.py", "impacket-secretsdump"]);

const cracking: CommandRule = {
  id: "credential-access.cracking-tools",
  tactic: TACTIC,
  technique: "T1110.002",
  match(inv) {
    // The tool itself, or a script of that name run by an interpreter (`python3 laZagne.py all`).
    const script = /^(python[\d.]*|perl|ruby|bash|sh)$/.test(inv.name) ? (inv.args.find((a) => !a.startsWith("-")) ?? "").replace(/^.*\//, "").toLowerCase() : "";
    const name = CRACKERS.has(inv.name) || CRACKERS.has(inv.name.replace(/\.(py|sh|pl|rb)$/, "")) ? inv.name : CRACKERS.has(script) || CRACKERS.has(script.replace(/\.(py|sh|pl|rb)$/, "")) ? script : undefined;
    if (name === undefined) return undefined;
    const args = name === inv.name ? inv.args : inv.args.slice(inv.args.indexOf(script) + 1);
    // Dumpers that need no arguments dump when run bare; the others do nothing without them.
    if ((args.length === 0 && !DUMP_BARE.has(name.replace(/\.(py|sh|pl|rb)$/, ""))) || (args.length > 0 && args.every((a) => a === "--help" || a === "-h" || a === "--version"))) return undefined;
    const online = ["hydra", "medusa", "ncrack"].includes(inv.name);
    return {
      action: { capability: "read", target: { name: inv.name, pathClass: "credentials", external: online && inv.args.some((a) => isExternalHost(hostOf(a) ?? "")) }, reversibility: "irreversible", scope: "account" },
      reason: `runs ${inv.name}, a password ${online ? "guessing" : "cracking or dumping"} tool: credential access (${online ? "T1110.001" : "T1110.002"})`,
      technique: online ? "T1110.001" : "T1110.002",
    };
  },
  examples: {
    match: [`unshadow /etc/passwd /etc/shadow > h.txt`, `john --wordlist=rockyou.txt h.txt`, `hashcat -m 1800 hashes.txt rockyou.txt`, `hydra -l root -P pw.txt ssh://10.0.0.5`, `sudo mimipenguin`, `python3 laZagne.py all`, `sudo ./mimipenguin.sh`],
    noMatch: [`john --help`, `echo john`, `python3 lazagne.py --help`, `python3 app.py`],
  },
};

const processMemory: CommandRule = {
  id: "credential-access.process-memory",
  tactic: TACTIC,
  technique: "T1003.007",
  names: ["gcore", "procdump", "gdb", "dd", "strings", "cat", "xxd", "hexdump", "od", "grep", "cp"],
  match(inv) {
    const t = inv.command.text;
    const dump =
      inv.name === "gcore" ||
      inv.name === "procdump" ||
      (inv.name === "gdb" && /(-p|--pid)[ =]?\S/.test(t) && /dump|gcore|generate-core-file/.test(t)) ||
      (inv.name === "dd" && /if=\/proc\/[^/\s]+\/mem/.test(t)) ||
      // Physical and kernel memory read whole: /dev/mem, /dev/kmem, /proc/kcore.
      (["strings", "dd", "cat", "xxd", "hexdump", "od", "grep", "cp"].includes(inv.name) && inv.args.some((a) => /^(if=)?(\/dev\/k?mem|\/proc\/kcore)$/.test(a)));
    if (!dump) return undefined;
    return {
      action: { capability: "read", target: { name: "process memory", pathClass: "credentials" }, reversibility: "irreversible", scope: "one" },
      reason: `dumps a running process's memory (${inv.name}), where passwords and keys sit in clear: OS credential dumping (T1003.007)`,
    };
  },
  examples: {
    match: [`gcore -o /tmp/dump $(pgrep -f gnome-keyring)`, `gdb -p 812 -batch -ex "generate-core-file /tmp/c"`, `dd if=/proc/812/mem of=/tmp/m bs=1 skip=4096 count=4096`, `strings /dev/mem | grep -i pass`, `sudo dd if=/dev/mem of=/tmp/m bs=1M count=64`, `cp /proc/kcore /tmp/k`],
    noMatch: [`gdb ./a.out`, `gdb -batch -ex run --args ./test`],
  },
};

/** Processes whose traffic or memory holds what people type to authenticate. */
const AUTH_PROCESS = /\b(sshd|sudo|su|login|passwd|gpg-agent|ssh-agent|gnome-keyring\S*|polkit\S*|pam\S*)\b/;

/**
 * Watching what an authenticating process reads and writes (strace/ltrace on sshd or sudo), or what
 * a shell reads from its keyboard (a bpftrace uprobe on bash's readline): passwords as they are
 * typed (T1056.001, T1003).
 */
const processSnooping: CommandRule = {
  id: "credential-access.process-snooping",
  tactic: TACTIC,
  technique: "T1056.001",
  names: ["strace", "ltrace", "bpftrace", "bpftool", "perf"],
  match(inv) {
    const t = inv.command.text;
    const traced = (inv.name === "strace" || inv.name === "ltrace") && /(^|\s)(-p|--attach)[ =]?\S/.test(t) && (AUTH_PROCESS.test(t) || /\btrace=[^ ]*\b(read|write)\b/.test(t));
    const probed = (inv.name === "bpftrace" || inv.name === "bpftool" || inv.name === "perf") && /\bu(ret)?probe:[^ ]*(bash|zsh|sh|readline|libpam|pam_|ssl|libssl|sudo|sshd)/.test(t);
    if (!traced && !probed) return undefined;
    return {
      action: { capability: "read", target: { name: traced ? "an authenticating process's reads and writes" : "what a shell or library reads", pathClass: "credentials", personal: true }, reversibility: "irreversible", scope: "system" },
      reason: `${traced ? `traces the reads and writes of a running process with ${inv.name}` : `hooks ${inv.name} into what programs read`}, where passwords are typed: input capture (T1056.001)`,
    };
  },
  examples: {
    match: [`sudo strace -f -p $(pgrep -o sshd) -e trace=read,write -s 128 -o /var/tmp/.s.log`, `ltrace -p 1234 -e trace=read`, `sudo bpftrace -e 'uretprobe:/bin/bash:readline { printf("%s", str(retval)); }'`],
    noMatch: [`strace -f ./build.sh`, `strace -c ls`, `bpftrace -e 'tracepoint:syscalls:sys_enter_openat { @[comm] = count(); }'`],
  },
};

/** `git [-c k=v…] credential fill` or `git credential-<helper> [--file f] get`: the subcommand found past git's own options' values. */
function credentialHelperGet(words: readonly string[]): boolean {
  const at = words.findIndex((w) => w === "credential" || /^credential-\w/.test(w));
  if (at < 0) return false;
  return words[at] === "credential" ? words[at + 1] === "fill" : words.slice(at + 1).includes("get");
}

/** The programs secretStore reads: cloud and secrets CLIs, git and its credential helpers, gh. */
const SECRET_STORE_CLIS: ReadonlySet<string> = new Set(["heroku", "kubectl", "oc", "databricks", "aws", "gcloud", "az", "vault", "git", "gh", "sf", "sfdx", "get-azkeyvaultsecret", "get-secsecretvalue", "get-secret", "get-ssmparameter", "get-ssmparametervalue", "bw", "pass", "sops", "ansible-vault", "doppler", "infisical", "chamber", "vercel", "get-lapsadpassword", "get-adcomputer"]);
/** A configuration variable whose value is a secret by its name: one SECRET_EXPANSION names ($STRIPE_SECRET_KEY), or a connection URL with its password in it (DATABASE_URL, REDIS_URL, SENTRY_DSN). */
const secretVar = (name: string): boolean => SECRET_EXPANSION.test(`$${name}`) || /^(?:DATABASE|DB|REDIS|MONGO(?:DB)?|POSTGRES(?:QL)?|MYSQL|AMQP|RABBITMQ|CLOUDAMQP)_URL$|_DSN$/i.test(name);
/** pass(1)'s subcommands that print no secret. */
const PASS_QUIET = /^(?:ls|list|find|search|insert|add|edit|generate|rm|remove|delete|mv|rename|cp|copy|git|init|version|help)$/;
/** A file for development or tests by its name or folder (dev.enc.yaml, secrets/test/…), not one of a real environment. */
const DEV_FILE = /(?:^|[\/._-])(?:dev|development|local|test|testing|example|sample|ci)(?:[\/._-]|$)/i;
const GIT_CREDENTIAL_HELPER = /^git-credential-\w/;

/** A secret read from a store: what, said for a person, and whether it is every secret of the store at once. */
interface StoredRead {
  readonly what: string;
  readonly all: boolean;
}

/** The secret a command reads in clear from a secrets store (kubectl get secret -o yaml, aws secretsmanager get-secret-value, vault kv get, gh auth token…); undefined when it reads none. */
function storedSecretRead(inv: Invocation): StoredRead | undefined {
  // Only the CLIs below read a secrets store: no other command's words are looked at.
  if (!SECRET_STORE_CLIS.has(inv.name) && !GIT_CREDENTIAL_HELPER.test(inv.name)) return undefined;
  const a = inv.args;
  // (Options that take a value are not words: `kubectl --context prod get secrets`, `aws --profile prod secretsmanager …`.)
  const words = commandWords(inv.name, a);
  let what: string | undefined;
  // (Every secret of the store at once: a whole app's config, a vault exported, every entry searched.)
  let all = false;
  if (inv.name === "heroku" && /^config$/.test(words[0] ?? "") && !a.some((x) => /^config:(set|unset|edit)$/.test(x))) {
    what = "a Heroku app's config vars, its secrets among them";
    all = true;
  }
  else if ((inv.name === "kubectl" || inv.name === "oc") && words[0] === "get" && (words[1] ?? "").split(",").some((r) => /^secrets?(?:\/|$)/.test(r)) && /^(yaml|json|jsonpath|go-template|custom-columns[^\n]*\.data\b)/.test(outputFormat(a) ?? "") && !/^(?:jsonpath|go-template)=?['"]?\{\{?\s*\.metadata\b[^}]*\}\}?['"]?$/.test(outputFormat(a) ?? "")) what = "a Kubernetes secret's values";
  // OpenShift's extract writes a secret's keys out as files, or to the terminal with --to=-.
  else if (inv.name === "oc" && words[0] === "extract" && /^(?:secrets?\/|secret$)/.test(words[1] ?? "")) what = "an OpenShift secret's values";
  else if (inv.name === "databricks" && words[0] === "secrets" && /^get(?:-secret)?$/.test(words[1] ?? "")) what = "a Databricks secret";
  else if (inv.name === "aws" && words[0] === "secretsmanager" && words[1] === "get-secret-value") what = "an AWS Secrets Manager secret";
  else if (inv.name === "aws" && words[0] === "ssm" && /^get-parameters?(?:-by-path)?$/.test(words[1] ?? "") && a.includes("--with-decryption")) what = words[1] === "get-parameter" ? "a decrypted SSM parameter" : "decrypted SSM parameters";
  else if (inv.name === "gcloud" && words[0] === "secrets" && words.includes("access")) what = "a Google Secret Manager secret";
  else if (inv.name === "az" && words[0] === "keyvault" && words[1] === "secret" && words[2] === "show") what = "an Azure Key Vault secret";
  else if (inv.name === "vault" && (words[0] === "read" || (words[0] === "kv" && words[1] === "get"))) what = "a Vault secret";
  // git's credential helpers print the stored user name and password: `git credential fill`,
  // `git credential-osxkeychain get`; gh prints its OAuth token.
  else if (inv.name === "git" && credentialHelperGet(words)) what = "a password from git's credential helper";
  else if (GIT_CREDENTIAL_HELPER.test(inv.name) && words.includes("get")) what = "a password from git's credential helper";
  else if (inv.name === "gh" && words[0] === "auth" && (words[1] === "token" || (words[1] === "status" && a.some((x) => x === "--show-token" || x === "-t")))) what = "the GitHub CLI's token";
  // PowerShell's cmdlets for the same stores (Az, AWS Tools, SecretManagement): a value in clear.
  else if (inv.name === "get-azkeyvaultsecret" && a.some((x) => /^-AsPlainText$/i.test(x))) what = "an Azure Key Vault secret";
  else if (inv.name === "get-secsecretvalue") what = "an AWS Secrets Manager secret";
  else if (inv.name === "get-secret" && a.some((x) => /^-AsPlainText$/i.test(x))) what = "a secret from a SecretManagement vault";
  else if ((inv.name === "get-ssmparameter" || inv.name === "get-ssmparametervalue") && a.some((x) => /^-WithDecryption$/i.test(x))) what = "a decrypted SSM parameter";
  // A Heroku config var read by name: only one whose name says it is a secret.
  else if (inv.name === "heroku" && words[0] === "config:get" && words.slice(1).some(secretVar)) what = `the Heroku config var ${words.slice(1).find(secretVar)}`;
  // Password managers and secrets managers' CLIs (Bitwarden, pass, Doppler, Infisical, chamber):
  // their get, read and export commands print the values.
  else if (inv.name === "bw" && words[0] === "export") [what, all] = ["a whole Bitwarden vault", true];
  else if (inv.name === "bw" && words[0] === "get" && /^(?:password|item|notes|totp|username|attachment)$/.test(words[1] ?? "")) what = "a Bitwarden vault item";
  else if (inv.name === "pass" && words[0] === "grep" && words.length > 1) [what, all] = ["every password in the pass store", true];
  // (pass show NAME, pass otp NAME, or pass NAME alone; not its other subcommands.)
  else if (inv.name === "pass" && words.length > 0 && !PASS_QUIET.test(words[0]!)) {
    const entry = words[0] === "show" || words[0] === "otp" ? words[1] : words[0];
    if (entry !== undefined) what = `the password store entry ${shown(entry)}`;
  } else if ((inv.name === "doppler" || inv.name === "infisical") && ((words[0] === "secrets" && (words[1] === undefined || /^(?:get|download)$/.test(words[1]))) || words[0] === "export")) [what, all] = [`${inv.name === "doppler" ? "Doppler" : "Infisical"} secrets`, words[1] !== "get"];
  else if (inv.name === "chamber" && /^(?:read|export)$/.test(words[0] ?? "")) [what, all] = ["chamber's secrets", words[0] === "export"];
  // Encrypted secrets files decrypted (sops, Ansible Vault): a development or test file is not a secret.
  else if (inv.name === "sops" && (a.includes("-d") || a.includes("--decrypt") || words[0] === "decrypt")) {
    const file = words.filter((w) => w !== "decrypt").at(-1);
    if (file !== undefined && !DEV_FILE.test(file)) what = `the secrets file ${shown(file)}, decrypted`;
  } else if (inv.name === "ansible-vault" && /^(?:view|decrypt)$/.test(words[0] ?? "") && words[1] !== undefined && !DEV_FILE.test(words[1])) what = `the Ansible Vault file ${shown(words[1])}, decrypted`;
  // A deployment's production environment variables written to a local file (vercel env pull --environment=production).
  else if (inv.name === "vercel" && words[0] === "env" && words[1] === "pull" && optionValues(a, ["--environment"]).some((e) => /^(?:production|preview)$/.test(e))) [what, all] = ["the Vercel project's production environment variables", true];
  // A machine's local administrator password managed by LAPS, in clear.
  else if ((inv.name === "get-lapsadpassword" && a.some((x) => /^-AsPlainText$/i.test(x))) || (inv.name === "get-adcomputer" && a.some((x) => /ms-Mcs-AdmPwd|msLAPS-Password/i.test(x)))) what = "a computer's local administrator password (LAPS)";
  // Salesforce's CLI prints the org's access token and its auth URL (a refresh token) with --verbose.
  else if ((inv.name === "sf" || inv.name === "sfdx") && ((words[0] === "org" && words[1] === "display") || words[0] === "force:org:display") && a.includes("--verbose")) what = "a Salesforce org's access token and auth URL";
  return what === undefined ? undefined : { what, all };
}

/**
 * A credential a command prints: a stored secret (storedSecretRead), or a token or keys it mints
 * (az account get-access-token, gcloud auth print-access-token, aws sts get-session-token, aws ecr
 * get-login-password, aws iam create-access-key, kubectl create token, vault token create). Piped
 * into an upload, that is what is sent (exfiltration.ts).
 */
export function credentialPrinted(inv: Invocation): string | undefined {
  const stored = storedSecretRead(inv);
  if (stored !== undefined) return stored.what;
  const w = inv.args.filter((a) => !a.startsWith("-"));
  const has = (...words: string[]) => words.every((x, k) => w[k] === x);
  if (inv.name === "az" && (has("account", "get-access-token") || (has("acr", "login") && inv.args.includes("--expose-token")))) return "an Azure access token";
  if (inv.name === "gcloud" && (w.includes("print-access-token") || w.includes("print-identity-token"))) return "a Google Cloud access token";
  if (inv.name === "aws" && (has("sts", "get-session-token") || has("sts", "assume-role") || has("sts", "get-federation-token") || has("ecr", "get-login-password") || has("iam", "create-access-key") || has("codeartifact", "get-authorization-token"))) return "AWS credentials";
  if ((inv.name === "kubectl" || inv.name === "oc") && (has("create", "token") || (has("whoami") && inv.args.includes("--show-token")))) return "a Kubernetes service-account token";
  if (inv.name === "vault" && (has("token", "create") || has("print", "token"))) return "a Vault token";
  // A signing key's secret half exported (gpg --export-secret-keys): whoever gets it signs as its owner.
  if ((inv.name === "gpg" || inv.name === "gpg2") && inv.args.some((a) => /^--export-secret-(?:sub)?keys$/.test(a))) return "a secret signing key (gpg --export-secret-keys)";
  return undefined;
}

const secretStore: CommandRule = {
  id: "credential-access.secret-store",
  tactic: TACTIC,
  technique: "T1555.006",
  match(inv) {
    const read = storedSecretRead(inv);
    if (read === undefined) return undefined;
    const what = read.what;
    // One secret read into the agent's context is a pause: a person judges whether to rotate it. Every
    // secret of a cluster, a path or an app at once (--all-namespaces, --recursive, heroku config) is a
    // harvest: a hard stop.
    // (kubectl get secrets with no name, or secret,configmap: every secret of the namespace.)
    const w = commandWords(inv.name, inv.args);
    const everyInNamespace = (inv.name === "kubectl" || inv.name === "oc") && w[0] === "get" && !(w[1] ?? "").includes("/") && w[2] === undefined;
    const bulk = everyInNamespace || inv.args.some((x) => /^(?:--all-namespaces|-A|--recursive|-r)$/.test(x)) || inv.args.includes("get-parameters-by-path") || read.all;
    return {
      action: { capability: "read", target: { name: what, pathClass: "credentials" }, reversibility: bulk ? "irreversible" : "recoverable", scope: bulk ? "account" : "one" },
      reason: `reads ${what} in clear${bulk ? ", every one of them at once" : ""}: credentials from a secrets store (T1555.006)`,
    };
  },
  examples: {
    match: [`kubectl get secrets/db-creds -o yaml`, `kubectl get secret,configmap -n prod -o yaml`, `kubectl get secret db -o custom-columns=PW:.data.password`, `aws --profile prod secretsmanager get-secret-value --secret-id prod/db`, `kubectl --context prod-eu-central-1 get secrets --all-namespaces -o json`, `heroku config --app acme-admin-prod --shell`, `kubectl get secret db-creds -o jsonpath='{.data.password}'`, `aws secretsmanager get-secret-value --secret-id prod/db`, `gcloud secrets versions access latest --secret=api-key`, `vault kv get secret/app`, `printf 'host=github.com\n\n' | git credential fill`, `echo host=x | git credential-osxkeychain get`, `gh auth token`, `git -c credential.helper=store credential fill`, `git-credential-libsecret get`, `gh auth status --show-token`, `aws ssm get-parameters-by-path --path /prod/payouts --recursive --with-decryption --output text`, `Get-AzKeyVaultSecret -VaultName kv-prod -Name PgAdminPassword -AsPlainText`, `heroku config:get STRIPE_SECRET_KEY --app acme-production`, `bw get password prod-db`, `bw export --format json`, `pass show infra/prod/db`, `pass -c aws/root`, `doppler secrets get DB_PASSWORD -p api -c prd --plain`, `infisical export --env=prod`, `chamber read payments stripe_key`, `sops -d secrets/prod.enc.yaml`, `sops decrypt deploy/secrets.yaml`, `ansible-vault decrypt group_vars/production/vault.yml`, `ansible-vault view inventories/prod/vault.yml`, `vercel env pull .env.production --environment=production`, `Get-LapsADPassword -Identity tax-app01 -AsPlainText`, `Get-ADComputer web01 -Properties ms-Mcs-AdmPwd`, `oc extract secret/loyalty-db-creds -n loyalty-prd --to=-`, `oc get secret db -o yaml`, `databricks secrets get-secret halcyon-prod snowflake-svc-password`],
    noMatch: [`Get-AzKeyVaultSecret -VaultName kv-prod`, `aws ssm get-parameters-by-path --path /staging/app --recursive`, `heroku config:set LOG_LEVEL=debug -a acme-staging`, `kubectl --context prod get secrets`, `kubectl get secrets`, `kubectl get pods -o yaml`, `kubectl -n payments get secret stripe-webhook -o jsonpath='{.metadata.annotations}'`, `aws secretsmanager list-secrets`, `vault status`, `git config credential.helper store`, `gh auth status`, `git credential-cache exit`, `heroku config:get LOG_LEVEL -a acme-production`, `pass ls`, `pass insert web/new`, `pass git push`, `bw list items --search github`, `doppler run -- npm start`, `doppler secrets set X=1`, `sops -d secrets/dev.enc.yaml`, `sops -e -i secrets/prod.yaml`, `ansible-vault encrypt group_vars/production/vault.yml`, `ansible-vault view group_vars/test/vault.yml`, `vercel env pull .env.local --environment=development`, `Get-LapsADPassword -Identity tax-app01`, `Get-ADComputer web01 -Properties LastLogonDate`, `oc extract configmap/app-config --to=-`, `databricks secrets list-secrets halcyon-prod`],
  },
};

const sniffing: CommandRule = {
  id: "credential-access.network-sniffing",
  tactic: TACTIC,
  technique: "T1040",
  names: ["tcpdump", "tshark", "dumpcap", "tcpflow", "ngrep", "ettercap", "dsniff", "bettercap"],
  match(inv) {
    const capture = (["tcpdump", "tshark", "dumpcap", "tcpflow", "ngrep", "ettercap", "dsniff", "bettercap"].includes(inv.name) && !inv.args.some((a) => a === "-r" || a === "--version" || a === "-h" || a === "-D" || a === "--list-interfaces")) ;
    if (!capture) return undefined;
    return { action: { capability: "read", target: { name: "network traffic", pathClass: "credentials" }, reversibility: "recoverable", scope: "system" }, reason: `captures the machine's network traffic with ${inv.name}, where passwords and tokens pass: network sniffing (T1040)` };
  },
  examples: {
    match: [`tcpdump -i any -w /tmp/c.pcap port 80`, `sudo tshark -i eth0 -Y http.request`],
    noMatch: [`tcpdump -r capture.pcap`, `tshark -D`],
  },
};

/** Windows' registry hives that hold password hashes and the keys to decrypt them, saved with reg. */
const registryHives: CommandRule = {
  id: "credential-access.registry-hives",
  tactic: TACTIC,
  technique: "T1003.002",
  match(inv) {
    if (!/^reg(\.exe)?$/i.test(inv.name) || !/^(save|export)$/i.test(inv.args[0] ?? "")) return undefined;
    // (Written unquoted in a POSIX shell the backslash is gone: HKLMSAM.)
    const hive = /^(?:HKLM|HKEY_LOCAL_MACHINE)\\?(SAM|SECURITY|SYSTEM)$/i.exec(inv.args[1] ?? "");
    if (hive === null) return undefined;
    return { action: { capability: "read", target: { name: `HKLM\\${hive[1]!.toUpperCase()}`, pathClass: "credentials" }, reversibility: "irreversible", scope: "system" }, reason: `saves the ${hive[1]!.toUpperCase()} registry hive, which holds the machine's password hashes or the key to them: OS credential dumping (T1003.002)` };
  },
  examples: {
    match: [`cmd.exe /c "reg save HKLM\\SAM C:\\Users\\Public\\sam.hiv /y"`, `reg save HKLM\\SECURITY sec.hiv`, `reg.exe save 'HKLM\\SAM' 'C:\\Users\\Public\\sam.hiv' /y`, `reg save 'HKLM\\SYSTEM' sys.hiv`],
    noMatch: [`reg query HKLM\\SOFTWARE\\Microsoft`, `reg save HKCU\\Software\\App app.hiv`],
  },
};

/**
 * The Active Directory database copied out: ntdsutil's install-from-media ("ifm" "create full …")
 * writes ntds.dit and the SYSTEM hive, every domain account's password hash (T1003.003).
 */
const ntdsCopied: CommandRule = {
  id: "credential-access.ntds-copied",
  tactic: TACTIC,
  technique: "T1003.003",
  match(inv) {
    if (!/^ntdsutil(\.exe)?$/i.test(inv.name)) return undefined;
    const said = inv.args.join(" ");
    if (!/\bifm\b/i.test(said) || !/\bcreate\s+(?:sysvol\s+)?(?:full|rodc)\b/i.test(said)) return undefined;
    return { action: { capability: "read", target: { name: "the Active Directory database (ntds.dit)", pathClass: "credentials" }, reversibility: "irreversible", scope: "account" }, reason: `copies the Active Directory database with ntdsutil ifm: every domain account's password hash goes with it (T1003.003)` };
  },
  examples: {
    match: [`ntdsutil "activate instance ntds" "ifm" "create full C:\\ProgramData\\ifm" quit quit`, `ntdsutil.exe "ac i ntds" "ifm" "create sysvol full c:\\temp\\x" q q`],
    noMatch: [`ntdsutil "metadata cleanup" quit`, `ntdsutil /?`],
  },
};

/** Longer than any public TLS certificate was ever allowed to live (825 days, 27 months). */
const LONG_LIVED_DAYS = 825;

/**
 * A certificate signed with a certificate authority's key for years (openssl x509 -req … -CAkey …
 * -days 3650, openssl ca … -days 7300): whoever holds it is trusted wherever that CA is, for as long
 * as it lives, unless someone revokes it (T1649, forge authentication certificates; openssl-x509(1),
 * openssl-ca(1)). A self-signed certificate (openssl req -x509) is trusted by no one by itself.
 */
const longLivedCertificate: CommandRule = {
  id: "credential-access.long-lived-certificate",
  tactic: TACTIC,
  technique: "T1649",
  names: ["openssl"],
  match(inv) {
    const a = inv.args;
    const signs = (a[0] === "x509" && a.includes("-req") && (a.includes("-CAkey") || a.includes("-CA"))) || a[0] === "ca";
    if (inv.name !== "openssl" || !signs) return undefined;
    const days = Number(optionValues(a, ["-days"])[0]);
    if (!Number.isFinite(days) || days <= LONG_LIVED_DAYS) return undefined;
    const ca = optionValues(a, ["-CAkey", "-keyfile"])[0] ?? optionValues(a, ["-CA", "-cert"])[0] ?? "the CA's key";
    const out = optionValues(a, ["-out"])[0] ?? "a certificate";
    const years = Math.round(days / 365);
    return { action: { capability: "grant-access", target: { name: shown(out) }, reversibility: "recoverable", scope: "one" }, reason: `signs ${shown(out)} with the certificate authority ${shown(ca)} for ${days} days (about ${years} years): whoever holds it is trusted wherever that CA is, until it is revoked (T1649)` };
  },
  examples: {
    match: [`openssl x509 -req -in svc.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out svc.crt -days 3650`, `sudo openssl ca -config /etc/pki/ca.cnf -in vpn-client.csr -out vpn-client.crt -days 7300 -batch`],
    noMatch: [`openssl x509 -req -in dev.csr -CA ca.crt -CAkey ca.key -out dev.crt -days 90`, `openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 3650`, `openssl x509 -in cert.pem -noout -text`, `openssl ca -revoke bad.crt -config ca.cnf`],
  },
};

/** A whole disk or partition as a device (/dev/sda, /dev/nvme0n1p2, /dev/xvda1, /dev/disk2s1, /dev/mapper/root). */
const BLOCK_DEVICE = /^\/dev\/(?:sd[a-z]+\d*|nvme\d+n\d+(?:p\d+)?|xvd[a-z]+\d*|vd[a-z]+\d*|hd[a-z]+\d*|r?disk\d+(?:s\d+)?|mapper\/[\w.-]+|dm-\d+|md\d+|mmcblk\d+(?:p\d+)?)$/;

/** Programs that print or copy what they read. */
const RAW_READERS = ["strings", "cat", "grep", "egrep", "xxd", "hexdump", "od", "dd", "debugfs", "icat", "fls", "photorec", "foremost", "scalpel", "head", "tail"];

/**
 * A disk read raw as a device (strings /dev/sda | grep password, dd if=/dev/nvme0n1): every file on
 * it, deleted ones and other users' included, past every file permission (T1006, direct volume access).
 */
const rawDiskRead: CommandRule = {
  id: "credential-access.raw-disk-read",
  tactic: "Defense Evasion (TA0005)",
  technique: "T1006",
  names: RAW_READERS,
  match(inv) {
    if (!RAW_READERS.includes(inv.name)) return undefined;
    const device = inv.args.map((a) => a.replace(/^if=/, "")).find((a) => BLOCK_DEVICE.test(a));
    // (dd if=/dev/sda of=/dev/sdb copies a disk: disk-wipe's and the copy's own rules judge the write.)
    if (device === undefined || (inv.name === "dd" && inv.args.some((a) => /^of=\/dev\//.test(a)))) return undefined;
    return { action: { capability: "read", target: { name: device, pathClass: "credentials" }, reversibility: "recoverable", scope: "system" }, reason: `reads the disk ${device} raw, past every file's permissions: any file on it, deleted ones and other users' included, can be read (T1006)` };
  },
  examples: {
    match: [`strings /dev/sda | grep -i password`, `sudo dd if=/dev/nvme0n1 bs=1M count=100 | strings`, `debugfs -R "cat /etc/shadow" /dev/sda1`],
    noMatch: [`dd if=/dev/zero of=disk.img bs=1M count=10`, `cat /dev/null > log.txt`, `grep -r password src/`, `lsblk /dev/sda`],
  },
};

/**
 * An access token minted for another identity and printed (gcloud auth print-access-token
 * --impersonate-service-account=ci@prod…): the service account's power, in the transcript, for an
 * hour, to whoever reads it (T1550.001, use alternate authentication material).
 */
const impersonatedToken: CommandRule = {
  id: "credential-access.impersonated-token",
  tactic: TACTIC,
  technique: "T1550.001",
  names: ["gcloud"],
  match(inv) {
    const w = inv.args.filter((a) => !a.startsWith("-"));
    if (!(w.includes("print-access-token") || w.includes("print-identity-token"))) return undefined;
    const who = optionValues(inv.args, ["--impersonate-service-account"])[0];
    if (who === undefined || who.trim() === "") return undefined;
    return {
      action: { capability: "read", target: { name: who, pathClass: "credentials", production: productionNamed(who) }, reversibility: "recoverable", scope: "one" },
      reason: `mints and prints an access token of the service account ${shown(who)}: its power, in the transcript, for an hour (T1550.001)`,
    };
  },
  examples: {
    match: [`gcloud auth print-access-token --impersonate-service-account=terraform-ci@veltora-prod.iam.gserviceaccount.com`, `gcloud auth print-identity-token --impersonate-service-account ci@acme-dev.iam.gserviceaccount.com`],
    noMatch: [`gcloud auth print-access-token`, `gcloud storage ls --impersonate-service-account=reader@acme.iam.gserviceaccount.com`],
  },
};

/**
 * Salt's pillar printed (salt-run pillar.show_pillar MINION, salt '*' pillar.items, salt-call
 * pillar.get): pillar is where Salt keeps each minion's secrets (database passwords, keys, tokens),
 * and printing it puts them in the transcript (T1552.001). A key's name (pillar.ls) shows none.
 */
const saltPillar: CommandRule = {
  id: "credential-access.salt-pillar",
  tactic: TACTIC,
  technique: "T1552.001",
  names: ["salt", "salt-run", "salt-call", "salt-ssh"],
  match(inv) {
    if (!/^salt(?:-run|-call|-ssh)?$/.test(inv.name)) return undefined;
    const fn = inv.args.find((a) => /^pillar\.(?:show_pillar|items|data|raw|get|item|fetch|show_top|ext)$/.test(a));
    if (fn === undefined) return undefined;
    return { action: { capability: "read", target: { name: `salt ${fn}`, pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, reason: `prints Salt pillar data (${fn}), where each minion's passwords, keys and tokens are kept: they land in the transcript (T1552.001)` };
  },
  examples: {
    match: [`sudo salt-run pillar.show_pillar edi01.bmf.internal`, `salt '*' pillar.items`, `salt-call pillar.get postgres:password`],
    noMatch: [`salt '*' pillar.ls`, `salt '*' test.ping`, `salt-run manage.status`],
  },
};

/**
 * Windows' auto-logon password read from the registry (Get-ItemProperty …\Winlogon | Select DefaultPassword,
 * reg query …\Winlogon /v DefaultPassword): it is stored there in clear (T1552.002). Other values of Winlogon are not.
 */
const registryPassword: CommandRule = {
  id: "credential-access.registry-password",
  tactic: TACTIC,
  technique: "T1552.002",
  names: ["get-itemproperty", "gp", "get-itempropertyvalue", "gpv", "reg"],
  match(inv) {
    if (!/^(?:get-itemproperty|gp|get-itempropertyvalue|gpv|reg)$/.test(inv.name) || (inv.name === "reg" && !/^query$/i.test(inv.args[0] ?? ""))) return undefined;
    const t = inv.command.text;
    if (!/winlogon/i.test(t)) return undefined;
    // (The whole key, or the password asked for by name: Select-Object after a pipe names it too.)
    const named = /defaultpassword|altdefaultpassword/i.test(t);
    // (The key itself, not a subkey: …\Winlogon\SpecialAccounts lists accounts. -n is -Name.)
    const whole = /winlogon["']?$/i.test(inv.args.find((a) => /winlogon/i.test(a)) ?? "") && inv.name !== "get-itempropertyvalue" && inv.name !== "gpv" && !(inv.name === "reg" && inv.args.some((a) => /^\/v$/i.test(a))) && !inv.args.some((a) => /^-n(?:ame)?$/i.test(a));
    if (!named && !whole) return undefined;
    return { action: { capability: "read", target: { name: "Winlogon's DefaultPassword", pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, reason: `reads Windows' auto-logon settings from the registry, where DefaultPassword is kept in clear: credentials in the registry (T1552.002)` };
  },
  examples: {
    match: [`Get-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon' | Select-Object DefaultUserName,DefaultPassword`, `reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword`],
    noMatch: [`Get-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon' -Name Shell`, `reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion" /v ProductName`],
  },
};

export const credentialAccessRules: readonly CommandRule[] = [registryPassword, saltPillar, impersonatedToken, rawDiskRead, longLivedCertificate, containerEnvironment, environmentKeys, sniffing, readStore, keychain, search, cloudMetadata, cracking, processMemory, processSnooping, secretStore, registryHives, ntdsCopied];
