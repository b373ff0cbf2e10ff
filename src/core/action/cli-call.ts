// An in-house command-line tool read as the tool call it is. `./bin/billing-cli adjust --account
// ENT-1 --amount 18400 --sort-code 04-00-75 --account-number 41872219` asks the billing system to do
// what an MCP tool `billing_cli_adjust {account, amount, sort_code, account_number}` would, and no
// rule knows this company's CLI by name: it is judged by tool-call.ts, as an MCP tool is.
//
// Only programs that say they are a project's own: run from a bin/, scripts/ or tools/ folder, or
// named as an admin CLI (`*-cli`, `*ctl`, `*-admin`) that no one else ships. Well-known programs
// (kubectl, systemctl, the cloud CLIs…) have rules of their own and are not read here.
import { TEST_ENVIRONMENT_WORD } from "./paths.js";
import { baseName, commandName, type Invocation } from "./shell-command.js";
import { toolWords, type CommandCall } from "./tool-call.js";

/** A program run from a project's own folder: ./bin/x, scripts/x.sh, tools/x, ../ops/bin/x. */
const PROJECT_PROGRAM = /^(?:\.{1,2}\/|~\/)?(?:[\w.-]+\/)*(?:bin|scripts?|tools?|ops|hack|cli)\/[\w.-]+$/;
/** A name that says it is an admin or operations CLI. */
const ADMIN_NAME = /^[a-z][\w.]*(?:-cli|-admin|-ctl|ctl|admin|-ops)$/i;
/** Admin CLIs shipped by someone else: they have rules of their own, or do nothing a tool call would say. */
const WELL_KNOWN = new Set(["kubectl", "systemctl", "journalctl", "launchctl", "sysctl", "crictl", "etcdctl", "networkctl", "loginctl", "hostnamectl", "timedatectl", "localectl", "resolvectl", "bootctl", "busctl", "coredumpctl", "homectl", "machinectl", "portablectl", "userdbctl", "nmcli", "bluetoothctl", "rabbitmqctl", "supervisorctl", "apachectl", "pg_ctl", "mysqladmin", "rndc", "virsh", "ctr", "nerdctl", "talosctl", "istioctl", "kubeadm", "knife", "wpa_cli", "redis-cli", "valkey-cli", "mongo-cli", "az", "aws-cli", "gh-cli", "vercel-cli", "firebase-cli", "snowsql", "ntpctl", "chronyc", "tailscalectl", "swanctl", "ipsecctl", "pfctl", "ovs-vsctl", "ovs-ofctl", "lxc", "incus", "podman", "zfs-admin", "consul", "nomad", "vault", "terraform", "pulumi", "heroku", "flyctl", "doctl", "linodectl", "scwctl", "exoscale-cli", "ibmcloud", "oci", "aliyun", "stripe", "twilio", "sentry-cli", "datadog-ci", "newrelic", "kafkactl", "pgadmin", "phpmyadmin", "webpack-cli", "vue-cli", "angular-cli", "nest-cli", "turbo", "nx", "rabbitmqadmin", "kafka-topics", "kafka-configs", "kafka-acls",
  // A framework's programs a project keeps in its bin/ (Rails binstubs, Symfony's console, wrappers).
  "rails", "rake", "bundle", "rspec", "rubocop", "spring", "webpack", "webpack-dev-server", "yarn", "setup", "dev", "console", "importmap", "brakeman", "cucumber", "sidekiq", "puma", "thrust", "kamal", "jobs", "magento", "phpunit", "composer", "sail", "pint", "django-admin", "python", "python3", "node", "npm", "npx", "pnpm", "bun", "deno", "pip", "ruby", "php", "java", "go", "cargo", "gradle", "mvn", "activate", "docker-entrypoint", "entrypoint", "run", "test", "tests", "lint", "build", "start", "serve", "server", "ci", "bootstrap", "update", "install", "format", "check", "typecheck", "release"]);
const MAX_ITEMS = 64;


/**
 * A command's options and operands as a call's arguments: `option` matches an option word (its
 * name, and a value written onto it), `keyOf` names its key, `valueOf` reads a value. An option
 * without a value written onto it takes the next word unless that is an option too, or is a flag
 * (true). The words that are no option's are the call's `target`.
 */
function argumentsOf(words: readonly string[], option: RegExp, keyOf: (name: string) => string, valueOf: (value: string) => unknown = (value) => value): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const operands: string[] = [];
  for (let i = 0, n = 0; i < words.length && n < MAX_ITEMS; i++, n++) {
    const m = option.exec(words[i]!);
    if (m === null) {
      operands.push(words[i]!);
      continue;
    }
    const key = keyOf(m[1]!);
    if (m[2] !== undefined) args[key] = valueOf(m[2]);
    else if (i + 1 < words.length && !option.test(words[i + 1]!)) args[key] = valueOf(words[++i]!);
    else args[key] = true;
  }
  if (operands.length > 0) args.target = operands.slice(0, 8).join(" ");
  return args;
}

/** Interpreters that run a project's script given as their first operand (python3 tools/trust_cli.py disburse …). */
const INTERPRETER = /^(?:python[\d.]*|node|ruby|php|perl|bun|deno|bash|sh)$/;
/** Options that say where a command works: its environment, stage, host, cluster, database, tenant or profile. */
const WHERE_KEY = /^(?:env|environment|stage|target|host|hostname|server|url|endpoint|cluster|context|db|database|tenant|project|profile|region|account|namespace)$/i;
const ENVIRONMENT_OPTION = /^--?(?:env|environment|stage|target)$/i;
const PRODUCTION_WORD = /^(?:prod|production|prd|live)$/i;

/** Whether the options name production as the environment: `--env prod`, `--environment=production`, `--prod`. */
function namesProduction(args: readonly string[]): boolean {
  return args.some((w, k) => {
    if (/^--(?:prod|production)$/i.test(w)) return true;
    const eq = w.indexOf("=");
    return eq > 0 ? ENVIRONMENT_OPTION.test(w.slice(0, eq)) && PRODUCTION_WORD.test(w.slice(eq + 1)) : ENVIRONMENT_OPTION.test(w) && PRODUCTION_WORD.test(args[k + 1] ?? "");
  });
}

/** The program an invocation runs and its arguments: the script an interpreter runs (a path, or a module with -m), or the command itself. */
function programOf(inv: Invocation): { program: string; name: string; args: readonly string[] } {
  const a = inv.args;
  if (INTERPRETER.test(inv.name)) {
    if (a[0] === "-m" && a[1] !== undefined && /^[\w.]+$/.test(a[1])) {
      // A module run as a program: cis.tools.disbursements is the program cis/tools/disbursements.
      const path = a[1].replace(/\./g, "/");
      return { program: path, name: baseName(path), args: a.slice(2) };
    }
    if (a[0] !== undefined && !a[0].startsWith("-") && /\.(?:py|js|mjs|cjs|ts|rb|php|pl|sh|bash)$/i.test(a[0])) return { program: a[0], name: baseName(a[0]), args: a.slice(1) };
  }
  // PowerShell running a script file: pwsh -File ./scripts/Send-Notice.ps1 -To … (its parameters follow the file).
  if (/^(?:pwsh|powershell)$/.test(inv.name)) {
    const f = a.findIndex((x) => /^-(?:File|f)$/i.test(x));
    if (f >= 0 && a[f + 1] !== undefined && /\.ps1$/i.test(a[f + 1]!)) return { program: a[f + 1]!.replace(/\\/g, "/"), name: baseName(a[f + 1]!.replace(/\\/g, "/")), args: a.slice(f + 2) };
  }
  const program = inv.command.argv.find((w) => commandName(w) === inv.name) ?? inv.name;
  return { program, name: inv.name, args: a };
}

/**
 * PowerShell's approved verbs (Get-Verb) that change something. A cmdlet of a service's module is a
 * tool call written as a command: `New-TransportRule -BlindCopyTo x@outside.example` asks Exchange
 * for what `new_transport_rule {blind_copy_to}` would, and is judged by tool-call.ts as that call.
 * (New is read as create: the verb tool-call.ts knows.)
 */
const CMDLET_VERB = /^(new|set|add|remove|clear|enable|disable|grant|revoke|block|unblock|update|reset|register|unregister|publish|unpublish|install|uninstall|approve|deny|send|restore|suspend|resume|disconnect|lock|unlock|start|stop|restart|import|export|sync|submit|move|rename|protect|unprotect|complete)$/;
/**
 * PowerShell's own nouns: files, the session, processes, services, output and the machine itself.
 * What those cmdlets do is read by the shell rules (Remove-Item, Stop-Service, Set-MpPreference…),
 * not as a service's call.
 */
const CORE_NOUN = /^(modulemember|dnsclientcache|item|childitem|itemproperty|content|location|variable|alias|psdrive|process|service|host|output|error|warning|verbose|debug|information|progress|object|member|type|module|pssession|pssessionconfiguration|job|transcript|history|date|culture|clipboard|json|csv|clixml|xml|html|file|strictmode|psdebug|psbreakpoint|executionpolicy|webrequest|restmethod|command|expression|sleep|random|guid|acl|timezone|computer|mppreference|scheduledtask|scheduledjob|eventlog|winevent|package|packagesource|psrepository|script|installedmodule|wmiobject|ciminstance|authenticodesignature|itemproperty|path|formatdata|typedata|uiculture|psreadlinekeyhandler|psreadlineoption|windowsfeature|windowsoptionalfeature|netfirewallrule|netfirewallprofile)$/;

/** A cmdlet as written (its original case) when it is one: Verb-Noun, the verb approved and changing, the noun a service's. */
function cmdletOf(inv: Invocation): { verb: string; noun: string; written: string } | undefined {
  const dash = inv.name.indexOf("-");
  if (dash <= 0) return undefined;
  const verb = inv.name.slice(0, dash);
  const noun = inv.name.slice(dash + 1);
  if (!CMDLET_VERB.test(verb) || !/^[a-z][a-z0-9]{2,60}$/.test(noun) || CORE_NOUN.test(noun)) return undefined;
  const written = inv.command.argv.find((w) => commandName(w) === inv.name) ?? inv.name;
  // Run by PowerShell, written as a cmdlet is (New-TransportRule), or given PowerShell's parameters
  // (a single dash and a word, no GNU `--` option): not a Linux program whose name has a dash
  // (update-motd, add-apt-repository -y ppa:x).
  const byPowerShell = /^(?:pwsh|powershell)(?:\.exe)? runs\b/i.test(inv.command.via ?? "");
  const psParameters = inv.args.some((a) => /^-[A-Za-z]{4,}(?::|$)/.test(a)) && !inv.args.some((a) => a.startsWith("--"));
  if (!byPowerShell && !/^[A-Z][a-z]+-[A-Z]/.test(baseName(written)) && !psParameters) return undefined;
  return { verb, noun: baseName(written).slice(dash + 1), written: baseName(written) };
}

/** A cmdlet's call: `-Name x` and `-Purge` (a switch) and `-Confirm:$false` as arguments, the words without a name as its target. */
function cmdletCallOf(inv: Invocation, before?: Invocation): CommandCall | undefined {
  const cmdlet = cmdletOf(inv);
  return cmdlet === undefined ? undefined : cmdletCall(cmdlet.verb, cmdlet.noun, cmdlet.written, inv.args, before);
}

/**
 * The call a cmdlet makes, given its verb and noun as written (a cmdlet, or a script named as one:
 * Send-StaffNotice.ps1) and its arguments; undefined for -WhatIf, which only shows what it would do.
 */
function cmdletCall(cmdletVerb: string, cmdletNoun: string, written: string, words: readonly string[], before?: Invocation): CommandCall | undefined {
  const args: Record<string, unknown> = argumentsOf(words, /^-([A-Za-z][A-Za-z0-9]*)(?::(.*))?$/s, (name) => toolWords(name).join("_"), (v) => (/^\$true$/i.test(v) ? true : /^\$false$/i.test(v) ? false : v));
  // -WhatIf shows what the cmdlet would do and does nothing.
  if (args.what_if !== undefined && args.what_if !== false) return undefined;
  // Given no object by name, it acts on what the command before it returns: every object a search
  // found (Get-ADUser -Filter * … | Remove-ADUser), all of them at once.
  if (before !== undefined && /^get-/.test(before.name) && before.args.some((a) => /^-(?:Filter|SearchBase|LDAPFilter|All)$/i.test(a)) && !Object.keys(args).some((k) => /^(?:identity|name|id|target|user|object_?id)$/.test(k))) {
    args.all = true;
    args.from = before.command.text.slice(0, 200);
  }
  // (How a permission is inherited by folders below, not a target: -InheritanceType All.)
  delete args.inheritance_type;
  // New creates; Reset sets something anew (a machine password, an account key), it removes nothing.
  // (A noun's "All" is part of its name, RefreshToken of every session of one user: not every item.)
  const noun = toolWords(cmdletNoun).filter((w) => w !== "all");
  // Remove deletes the thing its noun names (Remove-ADUser, Remove-MgGroup), unless that is a link: a member, a permission, an assignment, a delegate.
  const link = /^(?:member|members|membership|permission|permissions|assignment|assignments|delegate|delegates|binding|role|owner|policy)$/.test(noun[noun.length - 1] ?? "");
  const verb = cmdletVerb === "new" ? "create" : cmdletVerb === "reset" ? "update" : cmdletVerb === "remove" && !link ? "delete" : cmdletVerb;
  return { tool: [verb, ...noun].join("_"), arguments: args, shown: written, kind: "cli" };
}

/** The tool call an in-house CLI's invocation makes, if it is one: a project's own program, an admin CLI, or a service's PowerShell cmdlet. */
/** Options a CLI takes before its subcommand that say where it works, each with its value (--env prod, --profile ops). */
const GLOBAL_VALUE_OPTION = /^--?(?:env|environment|profile|region|config|context|project|account|host|cluster|stage|tenant|namespace|org|target|site|instance|e|p)$/i;

export function cliCallOf(inv: Invocation, before?: Invocation): CommandCall | undefined {
  const cmdlet = cmdletCallOf(inv, before);
  if (cmdlet !== undefined) return cmdlet;
  const run = programOf(inv);
  const program = run.program;
  const name = run.name.replace(/\.(?:sh|py|rb|js|mjs|cjs|ts|pl|php|bash|ps1)$/i, "");
  if (WELL_KNOWN.has(name.toLowerCase())) return undefined;
  if (!PROJECT_PROGRAM.test(program) && !ADMIN_NAME.test(name)) return destroyCallOf(inv);
  // Its subcommands (the words before the first option) and its options as arguments.
  // (Global options may come first, a where-to-work option with its value: walletctl --env prod credit …; they are kept as arguments.)
  const global: string[] = [];
  let g = 0;
  while (g < run.args.length && global.length < 8) {
    const x = run.args[g]!;
    if (/^--[A-Za-z][\w-]*=/.test(x)) global.push(run.args[g++]!);
    else if (GLOBAL_VALUE_OPTION.test(x) && g + 1 < run.args.length && !run.args[g + 1]!.startsWith("-")) global.push(run.args[g++]!, run.args[g++]!);
    else break;
  }
  const a = [...run.args.slice(g), ...global];
  const subcommands: string[] = [];
  let i = 0;
  while (i < a.length && !a[i]!.startsWith("-") && subcommands.length < 3 && /^[A-Za-z][A-Za-z_:.-]{0,40}$/.test(a[i]!)) subcommands.push(a[i++]!);
  // A CLI that acts through subcommands (billing-cli adjust, provctl sim-swap): a script run by its
  // own name (reset-local-db.sh --yes) is the project's own chore, named for what it does to its own
  // setup, unless it is told to work on production (transmit_ach.py --env prod): then its name says
  // what it does there.
  // A PowerShell script named as a cmdlet is (Send-StaffNotice.ps1 -To … -Body …): read as that cmdlet's call.
  const asCmdlet = /\.ps1$/i.test(program) ? /^([A-Za-z]+)-([A-Za-z][A-Za-z0-9]{2,60})$/.exec(name) : null;
  if (asCmdlet !== null && CMDLET_VERB.test(asCmdlet[1]!.toLowerCase())) return cmdletCall(asCmdlet[1]!.toLowerCase(), asCmdlet[2]!, baseName(program), run.args);
  if (subcommands.length === 0 && !namesProduction(a)) return undefined;
  const args = argumentsOf(a.slice(i), /^--?([A-Za-z][\w-]*)(?:=(.*))?$/s, (name) => name.replace(/-/g, "_"));
  // Work on a test, development or scratch environment is the work's own: named so by the program,
  // a subcommand, or an option that says where it works (--env staging, --host api.sandbox…). Not any
  // word anywhere: `--log /tmp/adjust.log` or `--reason 'ticket TEMP-12'` says nothing of where.
  const where = [program, ...subcommands, ...Object.entries(args).filter(([k, v]) => WHERE_KEY.test(k) && typeof v === "string").map(([, v]) => v as string)];
  if (where.some((w) => w.split(/[^A-Za-z0-9]+/).some((t) => TEST_ENVIRONMENT_WORD.test(t) || /^(?:local|localhost|ci|example)$/i.test(t)))) return undefined;
  // The subcommands first: their verb says what is done; the program's name says to what.
  const tool = [...subcommands, name].join("_").replace(/[^\w]+/g, "_");
  return { tool, arguments: args, shown: [baseName(program), ...subcommands].join(" "), kind: "cli" };
}

/** A subcommand that destroys what it names, alone or after its noun: destroy, vm.destroy, instance-delete, db:drop. */
const DESTROY_SUBCOMMAND = /^(?:[a-z][a-z0-9]{0,30}[.:-])?(?:destroy|delete|terminate|purge|wipe|drop|decommission|erase)$/i;
/**
 * Package, container, cluster and source-control tools whose delete subcommands remove a local copy,
 * or that have rules of their own (WELL_KNOWN's tools never reach here).
 */
const LOCAL_DELETERS = new Set(["docker", "docker-compose", "compose", "helm", "git", "gh", "glab", "brew", "apt", "apt-get", "dnf", "yum", "snap", "flatpak", "pip", "pip3", "conda", "mamba", "gem", "rustup", "asdf", "mise", "poetry", "uv", "kind", "minikube", "k3d", "multipass", "vagrant", "aws", "gcloud", "gsutil", "bq", "oc", "mongosh", "psql", "mysql", "sqlite3"]);

/**
 * Any other CLI told to destroy something (govc vm.destroy /DC1/vm/prod/db01, xo-cli vm.delete
 * prod-web-2): read as the call it is, `vm_destroy_govc {target}`, so that what is destroyed and
 * where are judged as for any tool. Only a destroying first subcommand, with an operand named for
 * production or a machine, database or store as its noun: the CLI's other commands are not guessed at.
 */
function destroyCallOf(inv: Invocation): CommandCall | undefined {
  // (A PowerShell cmdlet, Remove-Item -Recurse, is cmdletOf's or the shell rules'.)
  if (LOCAL_DELETERS.has(inv.name) || (/^[a-z]+-[a-z]/.test(inv.name) && inv.args.some((a) => /^-[A-Za-z]{4,}/.test(a)))) return undefined;
  const sub = inv.args[0];
  if (sub === undefined || !DESTROY_SUBCOMMAND.test(sub)) return undefined;
  const operands = inv.args.slice(1).filter((a) => !a.startsWith("-"));
  const tokens = operands.flatMap((o) => (o.length <= 512 ? o.split(/[^A-Za-z0-9]+/) : []));
  // Named for production; or a machine, a database or a store destroyed by its noun (govc vm.destroy,
  // xo-cli vm.delete), unless it is named for tests or scratch.
  const production = tokens.some((t) => /^(?:prod|production|prd)$/i.test(t));
  const heavy = /^(?:vms?|instances?|servers?|clusters?|databases?|dbs?|volumes?|disks?|datastores?|buckets?|pools?|hosts?|nodes?|snapshots?|backups?)[.:-]/i.test(sub);
  if (!production && !(heavy && !tokens.some((t) => TEST_ENVIRONMENT_WORD.test(t) || /^(?:scratch|sandbox|tmp|temp|demo|old|ci)$/i.test(t)))) return undefined;
  const args = argumentsOf(inv.args.slice(1), /^--?([A-Za-z][\w-]*)(?:=(.*))?$/s, (n) => n.replace(/-/g, "_"));
  return { tool: [...sub.split(/[.:-]/), inv.name].join("_").replace(/[^\w]+/g, "_"), arguments: args, shown: `${inv.name} ${sub}`, kind: "cli" };
}
