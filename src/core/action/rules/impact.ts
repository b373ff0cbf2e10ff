// Impact (TA0040): destroying data on system, home or credential paths, wiping disks, encrypting
// files for ransom, stopping critical services, shutting the machine down, removing access to
// accounts, burning resources (mining). Sources: ATT&CK T1485, T1561.001, T1561.002,
// T1486, T1489, T1529, T1531, T1496; mkfs(8), wipefs(8), dd(1), shred(1), shutdown(8).
import type { Action, PathClass } from "../model.js";
import { classifyPath, hostOf, isExternalHost, productionNamed } from "../paths.js";
import { SHORT_LIVED_NAMESPACE } from "../../rules/actions/fragments.js";
import type { Invocation } from "../shell-command.js";
import { commandWords, isRecursive, optionValues, previous, productionWhere, shown, following, type CommandRule, type RuleHit } from "./rule.js";

const TACTIC = "Impact (TA0040)";

const DANGEROUS_CLASSES: ReadonlySet<PathClass> = new Set(["system", "home", "credentials", "device"]);

function destroy(name: string, pathClass: PathClass, scope: Action["scope"]): Action {
  return { capability: "delete", target: { name, pathClass }, reversibility: "irreversible", scope };
}

/** A delete's reach: the whole system (/, /usr, /etc…), a home directory, a tree, or one file. */
function reach(path: string, recursive: boolean): Action["scope"] {
  const p = path.replace(/\/+\*?$/, "") || "/";
  if (/^(\/|\/\*|\/(etc|usr|bin|sbin|lib|lib64|boot|var|opt|root|home|Users|System|Library|srv))$/.test(p)) return "system";
  if (/^(~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+)$/.test(p)) return "account";
  // A glob in the path reaches every file it matches (rm /var/lib/pg/base/*/*): more than one.
  return recursive || /[*?[]/.test(path) ? "tree" : "one";
}

/** The source of an earlier `mv SRC DEST` in the same line whose destination is `path`. */
function movedFrom(all: readonly Invocation[], index: number, path: string): string | undefined {
  const clean = (p: string) => p.replace(/\/+$/, "");
  for (let k = index - 1; k >= 0; k--) {
    const n = all[k]!;
    if (n.name !== "mv") continue;
    const ops = n.args.filter((a) => !a.startsWith("-"));
    if (ops.length === 2 && clean(ops[1]!) === clean(path)) return ops[0];
  }
  return undefined;
}

/** The path a deletion reaches through a symbolic link the line made first (`ln -s ~ tmp && rm -rf tmp/*`): under the link's target. */
function linkedThrough(all: readonly Invocation[], index: number, path: string): string | undefined {
  for (let k = index - 1; k >= 0; k--) {
    const n = all[k]!;
    if (n.name !== "ln" || !n.args.some((a) => /^-[a-zA-Z]*s/.test(a) || a === "--symbolic")) continue;
    const ops = n.args.filter((a) => !a.startsWith("-"));
    if (ops.length !== 2) continue;
    const link = ops[1]!.replace(/\/+$/, "").replace(/^\.\//, "");
    const p = path.replace(/^\.\//, "");
    // Only through the link (link/…, link/): `rm -rf link` takes the link away, not what it points to.
    if (link !== "" && p.startsWith(`${link}/`)) return `${ops[0]!.replace(/\/+$/, "")}${p.slice(link.length)}`;
  }
  return undefined;
}

/** The directory the line changed to before `index`, when it names it from the root or home (`cd / && rm -rf usr`); undefined when none or relative. */
function directoryBefore(all: readonly Invocation[], index: number): string | undefined {
  for (let k = index - 1; k >= 0; k--) {
    const n = all[k]!;
    if (n.name !== "cd" && n.name !== "pushd") continue;
    const to = n.args.find((a) => !a.startsWith("-")) ?? "~";
    return /^[~/]/.test(to) ? to : undefined;
  }
  return undefined;
}

/** Top-level directories that hold data many people keep: a volume, a share, a cluster file system. */
const DATA_ROOT = /^\/(?:data\w*|datasets?|projects?|shared?|mnt|nfs|storage|volumes?|backups?|archives?|exports?|research|labs?|groups?|gpfs|lustre|beegfs|fsx|efs)\/?$/;

/** The paths find starts from: its operands before the first option or expression (after -H, -L, -P). */
function findRoots(find: Invocation): string[] {
  const a = find.args.filter((x, i) => !(i < 3 && /^-[HLP]$/.test(x)));
  const end = a.findIndex((x) => x.startsWith("-") || x === "!" || x === "(");
  return (end < 0 ? a : a.slice(0, end)).filter((x) => !x.startsWith("-"));
}

/** Whether find picks files by name, path or pattern (not every file under its roots). */
const findFiltered = (find: Invocation): boolean => find.args.some((x) => /^-(?:i?name|i?path|i?wholename|i?regex)$/.test(x));

const destruction: CommandRule = {
  id: "impact.data-destruction",
  tactic: TACTIC,
  technique: "T1485",
  names: ["rm", "shred", "srm", "unlink", "rmdir", "find"],
  match(inv, all, index): RuleHit | undefined {
    let paths: string[] = [];
    let recursive = false;
    // (A find that picks files by name, path or pattern deletes those, not the tree: -name '*.pyc'.)
    let filtered = false;
    if (inv.name === "rm" || inv.name === "shred" || inv.name === "srm" || inv.name === "unlink" || inv.name === "rmdir") {
      paths = inv.args.filter((a) => !a.startsWith("-"));
      recursive = isRecursive(inv) || inv.name === "srm";
      // Run by find for each file (`find / -exec shred {} \;`): every file under find's roots.
      // Fed by find through xargs (`find /projects -type f -atime +90 -print0 | xargs -0 rm -f`): the same.
      const fedByFind = paths.length === 0 && /(?:^|\/)xargs$/.test(inv.command.argv[0] ?? "") && all[index - 1]?.name === "find" ? all[index - 1] : undefined;
      if (fedByFind !== undefined) {
        paths = findRoots(fedByFind);
        recursive = true;
        filtered = findFiltered(fedByFind);
      }
      if (paths.includes("{}") && inv.command.via === "find -exec") {
        const find = all.slice(0, index).reverse().find((n) => n.name === "find");
        const roots = find ? findRoots(find) : [];
        paths = paths.flatMap((p) => (p === "{}" ? roots : [p]));
        recursive = true;
        filtered = find !== undefined && findFiltered(find);
      }
      // Moved first, then deleted (`mv ~/projects /tmp/x && rm -rf /tmp/x`): what is deleted is what was moved.
      // Linked first, then deleted through the link (`ln -s ~ tmp && rm -rf tmp/*`): what is deleted is under the link's target.
      paths = paths.map((p) => movedFrom(all, index, p) ?? linkedThrough(all, index, p) ?? p);
      // Relative to where the line went first (`cd / && rm -rf usr`, `cd ~ && rm -rf tmp`): read from there.
      const dir = directoryBefore(all, index);
      if (dir !== undefined) paths = paths.map((p) => (/^[~/$]/.test(p) ? p : `${dir.replace(/\/+$/, "")}/${p.replace(/^\.\//, "")}`));
    } else if (inv.name === "find" && inv.args.some((a) => a === "-delete")) {
      // A retention sweep (files of a name older than a cut-off: -name '*.csv' -mtime +30) deletes what
      // has aged out, not the tree; the pack's find-delete rule still asks first.
      const aged = inv.args.some((a, k) => /^-(?:mtime|mmin|ctime|cmin|atime|amin)$/.test(a) && /^\+\d+$/.test(inv.args[k + 1] ?? ""));
      // (Not with -o: `-name '*.log' -o -mtime +7 -delete` deletes everything old, whatever its name.)
      // (A name that picks files, not every file; a root below the top-level directories.)
      const named = inv.args.flatMap((a, k) => (/^-i?name$/.test(a) ? [inv.args[k + 1] ?? ""] : []));
      const roots = findRoots(inv);
      const specific = named.length > 0 && named.every((n) => !/^['"]?\*(?:\.\*)?['"]?$/.test(n));
      const deep = roots.length > 0 && roots.every((r) => !/^\/?[^/]*\/?$/.test(r) || /^\.\.?\//.test(r) || /^[\w.-]+\/./.test(r));
      if (aged && specific && deep && !inv.args.some((a) => a === "-o" || a === "-or")) return undefined;
      paths = roots;
      recursive = true;
      filtered = findFiltered(inv);
    } else return undefined;
    for (const p of paths) {
      const cls = classifyPath(p);
      // A whole top-level data directory (/data, /projects, /shared, a cluster file system): a volume's
      // or a share's every file, everyone's who keeps work there. (Not a container's workdir, /app or /workspace.)
      if (cls === "other" && recursive && !filtered && DATA_ROOT.test(p)) return { action: { capability: "delete", target: { name: p, pathClass: "other" }, reversibility: "irreversible", scope: "system" }, reason: `deletes the whole top-level directory ${shown(p)}: every file kept there, whoever's it is (T1485)` };
      if (!DANGEROUS_CLASSES.has(cls)) continue;
      // A log or a history file has its own rule (defence impairment); a key's deletion is still here.
      if (/^\/var\/log(\/|$)/.test(p) || /_history$/.test(p)) continue;
      const scope = reach(p, recursive);
      // One file under home is routine (rm ~/notes.txt); only trees, whole homes and system paths.
      if (cls === "home" && scope === "one") continue;
      const overwrite = inv.name === "shred" || inv.name === "srm" ? " beyond recovery" : "";
      return { action: destroy(p, cls, scope), reason: `deletes ${scope === "one" ? "" : scope === "tree" ? "the tree " : scope === "account" ? "the whole home directory " : "a whole system directory "}${shown(p)} (${cls} path)${overwrite}: data destruction (T1485)` };
    }
    return undefined;
  },
  examples: {
    match: [`find / -type f -exec shred -n 1 {} \\;`, `find /projects -xdev -type f -atime +90 -print0 | xargs -0 -P 16 rm -f`, `rm -rf /data`, `find -L /shared -type f -exec rm -f {} +`, `mv ~/projects /tmp/.trash && rm -rf /tmp/.trash`, `rm -rf /`, `rm -rf --no-preserve-root /`, `sudo rm -rf /usr/lib`, `rm -rf ~`, `rm -rf ~/.ssh`, `rm /etc/passwd`, `find / -name "*.db" -delete`, `shred -u ~/.gnupg/secring.gpg`, `rm -rf /home/alice/Documents`, `sudo shred -n 3 -z -u /var/lib/postgresql/15/main/base/*/*`, `find /var -name '*' -mtime +1 -delete`],
    noMatch: [`find /workspace -name '*.pyc' -print0 | xargs -0 rm -f`, `find /app -name '__pycache__' -type d -exec rm -rf {} +`, `rm -rf /workspace`, `find . -name "*.tmp" -exec rm {} \\;`, `mv build /tmp/old-build && rm -rf /tmp/old-build`, `rm -rf node_modules`, `rm -rf /tmp/build-123`, `rm test_output.txt`, `rm -rf ./dist`, `find . -name "*.pyc" -delete`, `rm ~/notes.txt`, `rm -rf /testbed/build`, `find /srv/scratch/exports -type f -name '*.csv' -mtime +30 -delete`],
  },
};

const wipe: CommandRule = {
  id: "impact.disk-wipe",
  tactic: TACTIC,
  technique: "T1561.001",
  match(inv) {
    const dev = (w: string) => /^\/dev\/(sd|hd|nvme|disk|mmcblk|vd|xvd|mapper|md|rdisk)/.test(w);
    let target: string | undefined;
    if (inv.name === "dd") target = inv.args.find((a) => a.startsWith("of=") && dev(a.slice(3)))?.slice(3);
    else if (/^mkfs(\.\w+)?$|^mke2fs$|^mkswap$|^wipefs$|^blkdiscard$|^sgdisk$|^shred$/.test(inv.name) || (inv.name === "diskutil" && /^(eraseDisk|eraseVolume|zeroDisk|randomDisk|secureErase|partitionDisk)$/.test(inv.args[0] ?? ""))) {
      if (inv.name === "sgdisk" && !inv.args.some((a) => /^(--zap-all|-Z|--clear|-o)$/.test(a))) return undefined;
      if (inv.name === "wipefs" && !inv.args.some((a) => /^(-a|--all|-o|--offset)$/.test(a))) return undefined;
      target = inv.args.find((a) => dev(a) || (inv.name === "diskutil" && /^disk\d/.test(a)));
    } else if (inv.command.redirects.some((r) => /^(>|>>|&>)$/.test(r.op) && dev(r.target))) {
      target = inv.command.redirects.find((r) => /^(>|>>|&>)$/.test(r.op) && dev(r.target))!.target;
    } else if ((inv.name === "fdisk" || inv.name === "parted" || inv.name === "sfdisk") && inv.command.redirects.some((r) => r.op === "<" || r.op === "<<<") ) {
      target = inv.args.find(dev);
    }
    if (!target) return undefined;
    return { action: destroy(target, "device", "system"), reason: `overwrites or reformats the disk ${shown(target)}: disk wipe (T1561.001)` };
  },
  examples: {
    match: [`dd if=/dev/zero of=/dev/sda bs=1M`, `mkfs.ext4 /dev/sdb1`, `wipefs -a /dev/nvme0n1`, `diskutil eraseDisk JHFS+ X disk2`, `shred -n 3 /dev/sdc`, `sgdisk --zap-all /dev/sda`, `cat /dev/urandom > /dev/sda`],
    noMatch: [`dd if=/dev/zero of=./disk.img bs=1M count=10`, `lsblk`, `mkfs.ext4 ./fs.img`, `wipefs /dev/sda`, `fdisk -l`],
  },
};


/** The start directory of the find whose -exec runs the shell that ran invocation `index` (the nearest find just before it). */
function rootOfFindAbove(all: readonly Invocation[], index: number): string | undefined {
  for (let j = index - 1; j >= Math.max(0, index - 3); j--) {
    const c = all[j]!;
    if (c.name === "find") return c.args.find((a) => !a.startsWith("-") && a !== "!" && a !== "(");
    if (c.command.via !== "find -exec" && c.command.via !== "sh -c") return undefined;
  }
  return undefined;
}

const encrypt: CommandRule = {
  id: "impact.encrypt-for-impact",
  tactic: TACTIC,
  technique: "T1486",
  names: ["openssl", "gpg", "gpg2", "ccrypt", "ccencrypt", "aescrypt", "mcrypt", "age", "7z", "7za", "zip"],
  match(inv, all, index) {
    const t = inv.command.text;
    const encrypting =
      (inv.name === "openssl" && /\b(enc|aes-\d+-\w+|des3?|rsautl|pkeyutl)\b/.test(inv.args[0] ?? "") && !inv.args.includes("-d")) ||
      ((inv.name === "gpg" || inv.name === "gpg2") && inv.args.some((a) => /^(-c|--symmetric|-e|--encrypt)$/.test(a))) ||
      inv.name === "ccrypt" || inv.name === "ccencrypt" || inv.name === "aescrypt" || inv.name === "mcrypt" ||
      (inv.name === "age" && !inv.args.some((a) => a === "-d" || a === "--decrypt")) ||
      (/^(7z|7za)$/.test(inv.name) && inv.args.some((a) => /^-p/.test(a))) ||
      (inv.name === "zip" && inv.args.some((a) => a === "-e" || a.startsWith("-P") || a === "--encrypt"));
    if (!encrypting) return undefined;
    // A shell that find -exec runs (find … -exec sh -c 'openssl enc … "$1"' _ {} \;) walks find's tree too.
    const findRoot = inv.command.via === "sh -c" ? rootOfFindAbove(all, index) : undefined;
    const viaFanOut = /\bfind\b|\bxargs\b/.test(inv.command.via ?? "") || /-exec|xargs/.test(t) || findRoot !== undefined;
    // Under find -exec the inputs are what find walks: its start directories.
    const inputs = inv.command.via === "find -exec" ? [(/\bfind\s+(\S+)/.exec(t)?.[1] ?? "").replace(/^['"]|['"]$/g, "")] : findRoot !== undefined ? [findRoot] : inv.args.filter((a) => !a.startsWith("-"));
    const wide = inputs.find((p) => { const c = classifyPath(p); return c === "home" || c === "system" || c === "credentials"; });
    const removesAfter = following(all, index).some((n) => (n.name === "rm" || n.name === "shred") && n.args.some((a) => inputs.includes(a) || /\*/.test(a)));
    if (!viaFanOut && !wide && !removesAfter) return undefined;
    const name = wide ?? inputs[inputs.length - 1] ?? "files";
    // File by file across a tree, or a glob of them with the originals deleted: every file there is held for the key, as ransomware does (an account's worth).
    // (An archiver fanned out over files packs copies: the originals stay unless they are deleted too.)
    const archiver = /^(zip|7z|7za)$/.test(inv.name);
    const many = (viaFanOut && !archiver) || (removesAfter && inputs.some((p) => /[*?[]/.test(p)));
    const scope = wide && viaFanOut && reach(wide, true) === "system" ? "system" : many ? "account" : removesAfter || viaFanOut ? "tree" : "one";
    return {
      action: destroy(name, wide ? classifyPath(wide) : "other", scope),
      reason: `encrypts ${shown(name)}${removesAfter ? " and deletes the originals" : viaFanOut ? " file by file across a tree" : ""}, leaving them unreadable without the key: data encrypted for impact (T1486)`,
    };
  },
  examples: {
    match: [`openssl enc -aes-256-cbc -salt -in ~/Documents/a.docx -out ~/Documents/a.docx.enc -k pw`, `find /home -type f -exec openssl enc -aes-256-cbc -in {} -out {}.enc -k x \\;`, `gpg --batch --passphrase x -c db.sqlite && rm db.sqlite`, `7z a -pSecret -mhe=on /tmp/l.7z ~/Documents`],
    noMatch: [`openssl enc -d -aes-256-cbc -in secrets.enc -out secrets.txt`, `gpg --verify file.sig`, `openssl rand -hex 16`, `zip -r app.zip src`],
  },
};

const CRITICAL_SERVICES = /^(sshd?|ssh\.service|sshd\.service|networking|network|NetworkManager|systemd-networkd|systemd-resolved|dbus|cron|crond|docker|containerd|kubelet|postgresql|postgres|mysql|mysqld|mariadb|mongod|redis|redis-server|nginx|apache2|httpd)(@[\w.-]*)?(\.service)?$/;

/** Windows services a server or a domain cannot run without: remote management and desktop, the directory and its sign-in, name resolution, the firewall, the event log. (Not a web server or a database: `net stop w3svc` is everyday upkeep.) */
const CRITICAL_WINDOWS_SERVICES = /^(?:WinRM|TermService|Netlogon|NTDS|DNS|Dnscache|DHCPServer|MpsSvc|EventLog|LanmanServer|Kdc|DFSR|W32Time|CertSvc|ADWS)$/i;

/**
 * A Windows service stopped or disabled (Stop-Service, Set-Service -StartupType Disabled, sc stop,
 * sc config … start= disabled, net stop): its name, and whether it stays off after a restart.
 */
function windowsServiceStopped(inv: Invocation): { readonly name: string; readonly disabled: boolean } | undefined {
  const a = inv.args;
  const value = (opt: RegExp) => { const i = a.findIndex((x) => opt.test(x)); return i >= 0 ? a[i + 1] : undefined; };
  const operand = () => value(/^-Name$/i) ?? a.find((x, i) => !x.startsWith("-") && !/^-(?:ComputerName|DisplayName|StartupType|Status|InputObject)$/i.test(a[i - 1] ?? ""));
  if (inv.name === "stop-service" || inv.name === "spsv") {
    const name = operand();
    return name !== undefined ? { name, disabled: false } : undefined;
  }
  if (inv.name === "set-service") {
    const startup = value(/^-StartupType$/i) ?? "";
    const status = value(/^-Status$/i) ?? "";
    if (!/^disabled$/i.test(startup) && !/^stopped$/i.test(status)) return undefined;
    const name = operand();
    return name !== undefined ? { name, disabled: /^disabled$/i.test(startup) } : undefined;
  }
  if (inv.name === "sc") {
    // (The server first, \\\\dc01: one backslash once POSIX shell has read it.)
    const rest = /^\\{1,2}[\w.-]+$/.test(a[0] ?? "") ? a.slice(1) : a;
    if (/^stop$/i.test(rest[0] ?? "") && rest[1] !== undefined) return { name: rest[1], disabled: false };
    if (/^config$/i.test(rest[0] ?? "") && rest[1] !== undefined && rest.some((x, i) => (/^start=$/i.test(x) && /^disabled$/i.test(rest[i + 1] ?? "")) || /^start=disabled$/i.test(x))) return { name: rest[1], disabled: true };
    return undefined;
  }
  if (inv.name === "net" && /^stop$/i.test(a[0] ?? "") && a[1] !== undefined) return { name: a[1], disabled: false };
  return undefined;
}

const serviceStop: CommandRule = {
  id: "impact.service-stop",
  tactic: TACTIC,
  technique: "T1489",
  names: ["systemctl", "service", "pkill", "killall", "kill", "stop-service", "spsv", "set-service", "sc", "net"],
  match(inv) {
    const windows = windowsServiceStopped(inv);
    if (windows !== undefined) {
      // A service the server needs, or one turned off for good (disabled: it does not come back at the next start), stops what the machine is for.
      const critical = CRITICAL_WINDOWS_SERVICES.test(windows.name);
      if (!critical && !windows.disabled) return undefined;
      return { action: { capability: "impair-defences", target: { name: windows.name, pathClass: "system" }, reversibility: "recoverable", scope: critical ? "system" : "one" }, reason: `${windows.disabled ? "disables" : "stops"} the Windows service ${shown(windows.name)}${windows.disabled ? ", so it stays off after a restart" : ""}: service stop (T1489)` };
    }
    const a = inv.args.filter((x) => !x.startsWith("-"));
    let unit: string | undefined;
    if (inv.name === "systemctl" && ["stop", "disable", "mask", "kill"].includes(a[0] ?? "")) unit = a.slice(1).find((u) => CRITICAL_SERVICES.test(u));
    else if (inv.name === "service" && a[1] === "stop") unit = CRITICAL_SERVICES.test(a[0] ?? "") ? a[0] : undefined;
    else if (inv.name === "pkill" || inv.name === "killall") unit = a.find((u) => CRITICAL_SERVICES.test(u));
    else if (inv.name === "kill" && inv.args.some((x) => x === "1" || x === "-1")) unit = "init (pid 1) or every process";
    // The reader keeps an unresolved $(pgrep sshd) as written, split into words: read them joined.
    else if (inv.name === "kill") unit = [...inv.args.join(" ").matchAll(/\$\((?:pgrep|pidof)\s+(?:-\w+\s+)*([\w.-]+)\)/g)].map((m) => m[1]!).find((u) => CRITICAL_SERVICES.test(u));
    if (!unit) return undefined;
    const ssh = /^ssh/.test(unit) ? ", cutting off remote access" : "";
    return { action: { capability: "impair-defences", target: { name: unit, pathClass: "system" }, reversibility: "recoverable", scope: "system" }, reason: `stops the service ${shown(unit)}${ssh}: service stop (T1489)` };
  },
  examples: {
    match: [`kill -9 $(pgrep sshd)`, `systemctl stop sshd`, `pkill -9 sshd`, `killall mysqld`, `sudo service ssh stop`, `kill -9 -1`, `systemctl disable --now docker`, `Stop-Service -Name WinRM -Force`, `Set-Service -Name 'ArcGIS Server' -StartupType Disabled`, `sc.exe config WinRM start= disabled`, `net stop Netlogon`, `sc \\\\dc01 stop Netlogon`],
    noMatch: [`systemctl restart nginx`, `service postgresql start`, `pkill -f "python manage.py runserver"`, `kill 12345`, `systemctl status sshd`, `Stop-Service -Name Spooler`, `Set-Service -Name W3SVC -StartupType Automatic`, `sc query W3SVC`, `net start W3SVC`, `net stop MyDevService`, `net stop w3svc`],
  },
};

/** A production workload scaled to one replica or none (kubectl scale --replicas=0|1 on a production context or namespace): what it serves stops, or loses its redundancy. */
const productionScaledDown: CommandRule = {
  id: "impact.production-scaled-down",
  tactic: TACTIC,
  technique: "T1489",
  names: ["kubectl", "oc"],
  match(inv) {
    const a = inv.args;
    if (commandWords(inv.name, a)[0] !== "scale") return undefined;
    const replicas = optionValues(a, ["--replicas"])[0];
    if (replicas === undefined || !/^[01]$/.test(replicas)) return undefined;
    const where = productionWhere(a);
    if (where === undefined) return undefined;
    const what = a.find((x) => /^(?:deploy(?:ment)?s?|statefulsets?|sts|rs|replicasets?)\//.test(x)) ?? "a workload";
    return { action: { capability: "write", target: { name: what, production: true }, reversibility: "recoverable", scope: "account" }, reason: `scales ${shown(what)} in ${shown(where)} to ${replicas} replica${replicas === "1" ? "" : "s"}: ${replicas === "0" ? "what it serves stops" : "it loses its redundancy, and one failure stops it"} (T1489)` };
  },
  examples: {
    match: [`kubectl --context prod-use1 -n registry scale deployment/registry-api --replicas=1`, `kubectl -n payments-prod scale statefulset/ledger --replicas 0`],
    noMatch: [`kubectl -n dev scale deploy/api --replicas=1`, `kubectl --context prod-use1 -n registry scale deployment/registry-api --replicas=6`, `kubectl --context prod-use1 get deploy`],
  },
};

const shutdown: CommandRule = {
  id: "impact.shutdown",
  tactic: TACTIC,
  technique: "T1529",
  names: ["shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "launchctl", "restart-computer", "stop-computer"],
  match(inv) {
    const a = inv.args;
    const off =
      ((inv.name === "shutdown" || inv.name === "reboot" || inv.name === "halt" || inv.name === "poweroff") && !a.includes("-c") && !a.includes("--help")) ||
      // (PowerShell's, here or on -ComputerName; not asked -WhatIf.)
      ((inv.name === "restart-computer" || inv.name === "stop-computer") && !a.some((x) => /^-(?:whatif(?::\$?true)?|\?)$/i.test(x))) ||
      ((inv.name === "init" || inv.name === "telinit") && (a[0] === "0" || a[0] === "6")) ||
      (inv.name === "systemctl" && ["poweroff", "reboot", "halt", "kexec", "emergency", "rescue"].includes(a[0] ?? "")) ||
      // (systemctl isolate rescue.target: every service but a single-user shell stops.)
      (inv.name === "systemctl" && a[0] === "isolate" && /^(?:rescue|emergency|poweroff|reboot|halt|runlevel[016])(?:\.target)?$/.test(a[1] ?? "")) ||
      (inv.name === "launchctl" && a[0] === "reboot");
    if (!off) return undefined;
    return { action: { capability: "impair-defences", target: { name: "this machine", pathClass: "system" }, reversibility: "recoverable", scope: "system" }, reason: `shuts down or restarts the machine (${inv.name} ${a.slice(0, 2).join(" ")}): system shutdown/reboot (T1529)`.replace(" )", ")") };
  },
  examples: {
    match: [`shutdown -h now`, `sudo reboot`, `systemctl poweroff`, `init 0`, `systemctl isolate rescue.target`, `Restart-Computer -Force`],
    noMatch: [`shutdown -c`, `systemctl status`, `echo reboot`, `Restart-Computer -WhatIf`],
  },
};

/** A directory's subtree deleted (ldapdelete -r "ou=people,…"): every account and group under it, and the sign-in of everyone they were. */
const directorySubtreeDeleted: CommandRule = {
  id: "impact.directory-subtree-deleted",
  tactic: TACTIC,
  technique: "T1531",
  names: ["ldapdelete"],
  match(inv) {
    if (!inv.args.some((a) => /^-[a-zA-Z]*r[a-zA-Z]*$/.test(a) && !/^-[a-zA-Z]*[DHywWxZ]$/.test(a))) return undefined;
    const dn = inv.args.find((a, i) => /^(?:ou|dc|o|cn|uid)=[^,]+(?:,|$)/i.test(a) && !/^-[DywfHh]$/.test(inv.args[i - 1] ?? ""));
    // (One entry, uid=jdoe,…, is one account: not a subtree.)
    if (dn === undefined || /^uid=/i.test(dn)) return undefined;
    return { action: { capability: "delete", target: { name: dn, pathClass: "credentials" }, reversibility: "irreversible", scope: "account" }, reason: `deletes the directory subtree ${shown(dn)} and every entry under it: the accounts and groups there, and the sign-in of everyone they were (T1531)` };
  },
  examples: {
    match: [`ldapdelete -r -H ldaps://ldap.example.edu -D "cn=Manager,dc=example,dc=edu" -y /root/.ldappw "ou=people,dc=example,dc=edu"`],
    noMatch: [`ldapdelete -H ldaps://ldap.example.edu -D "cn=Manager,dc=example,dc=edu" -y /root/.ldappw "uid=jdoe,ou=people,dc=example,dc=edu"`, `ldapsearch -x -b "ou=people,dc=example,dc=edu"`],
  },
};

const accountAccess: CommandRule = {
  id: "impact.account-access-removal",
  tactic: TACTIC,
  technique: "T1531",
  names: ["userdel", "deluser", "passwd", "usermod", "chage", "dscl", "az", "gam", "aws"],
  match(inv) {
    const a = inv.args;
    const what =
      inv.name === "userdel" || inv.name === "deluser" ? `deletes the account ${a.filter((x) => !x.startsWith("-"))[0] ?? ""}` :
      inv.name === "passwd" && a.some((x) => x === "-l" || x === "--lock" || x === "-d" || x === "--delete") ? "locks an account's password" :
      inv.name === "usermod" && a.some((x) => x === "-L" || x === "--lock" || /^--expiredate$|^-e$/.test(x)) ? "locks or expires an account" :
      inv.name === "chage" && a.some((x, i) => (x === "-E" || x === "--expiredate") && a[i + 1] === "0") ? "expires an account" :
      inv.name === "dscl" && a.includes("-delete") && a.some((x) => x.startsWith("/Users/")) ? "deletes a macOS account" :
      undefined;
    // A directory account (Entra ID, Google Workspace, AWS IAM) disabled or its sign-in removed: the person is locked out until someone turns it back on.
    const t = a.join(" ");
    const cloud =
      inv.name === "az" && /^ad user (update|delete)\b/.test(t) && (/--account-enabled[ =]false\b/i.test(t) || a[2] === "delete") ? `${a[2] === "delete" ? "deletes" : "disables"} the directory account ${a[a.indexOf("--id") + 1] ?? ""}` :
      inv.name === "gam" && /^update user \S+ suspended on\b/.test(t) ? "suspends a Google Workspace account" :
      inv.name === "aws" && /^iam (delete-login-profile|update-login-profile|deactivate-mfa-device)\b/.test(t) && !/--password-reset-required\b/.test(t) ? `removes or changes an IAM user's console sign-in (${a[1]})` :
      undefined;
    if (!what && cloud) return { action: { capability: "delete", target: { name: "directory account" }, reversibility: "recoverable", scope: "account" }, reason: `${cloud.trim()}: account access removal (T1531)` };
    if (!what) return undefined;
    return { action: { capability: "delete", target: { name: "account", pathClass: "system" }, reversibility: "irreversible", scope: "account" }, reason: `${what.trim()}: account access removal (T1531)` };
  },
  examples: {
    match: [`az ad user update --id j.doe@contoso.com --account-enabled false`, `aws iam delete-login-profile --user-name alice`, `userdel -r alice`, `passwd -l root`, `usermod -L bob`, `chage -E 0 bob`, `dscl . -delete /Users/alice`],
    noMatch: [`az ad user update --id j.doe@contoso.com --department Sales`, `aws iam get-login-profile --user-name alice`, `passwd --status bob`, `usermod -aG video bob`, `chage -l bob`],
  },
};

const MINERS = /^(xmrig|xmr-stak|minerd|cpuminer|cgminer|bfgminer|ethminer|t-rex|nbminer|lolminer|phoenixminer|ccminer)$/;

const resources: CommandRule = {
  id: "impact.resource-hijacking",
  tactic: TACTIC,
  technique: "T1496",
  match(inv) {
    const t = inv.command.text;
    if (MINERS.test(inv.name) || /stratum\+(tcp|ssl|tls):\/\//.test(t)) {
      return { action: { capability: "spend", target: { name: "CPU and power", pathClass: "system", external: true }, reversibility: "recoverable", scope: "system" }, reason: "runs a cryptocurrency miner: resource hijacking (T1496)" };
    }
    return undefined;
  },
  examples: {
    match: [`./xmrig -o stratum+tcp://pool.example.com:3333 -u wallet`, `nohup minerd -a cryptonight &`],
    noMatch: [`npm run mine-data`, `echo stratum`],
  },
};

/** A retention that keeps one snapshot or none: --keep-last 0 or 1, and no other --keep-* rule beside it. */
function keepsAtMostOne(args: readonly string[]): boolean {
  const keeps = args.flatMap((x, i) => (/^--keep-[\w-]+$/.test(x) ? [[x, args[i + 1] ?? ""]] : /^--keep-[\w-]+=/.test(x) ? [x.split("=", 2)] : []));
  return keeps.length > 0 && keeps.every(([k, v]) => k === "--keep-last" && /^[01]$/.test(v ?? ""));
}

const recovery: CommandRule = {
  id: "impact.inhibit-recovery",
  tactic: TACTIC,
  technique: "T1490",
  names: ["nodetool", "tmutil", "btrfs", "zfs", "zpool", "lvremove", "snapper", "timeshift", "rm", "shred", "remove-item", "ri", "del", "erase", "rd", "rmdir", "restic", "borg", "kopia", "remove-vbrbackup", "remove-vbrrestorepoint", "rman", "pgbackrest", "barman", "vssadmin", "wmic", "wbadmin", "bcdedit", "diskshadow", "remove-wmiobject", "remove-ciminstance"],
  match(inv, all, index) {
    const a = inv.args.filter((x) => !x.startsWith("-"));
    // Oracle RMAN told, in the script it reads (a here-string, or its own arguments), to delete backups or archived logs.
    // (Or echoed into it: echo 'DELETE NOPROMPT BACKUP;' | rman target /.)
    const before = previous(all, index);
    const fed = inv.name === "rman" && before && /^(?:echo|printf)$/.test(before.name) ? before.args.join(" ") : "";
    const rmanScript = inv.name === "rman" ? [...inv.command.redirects.filter((r) => r.op === "<<<").map((r) => r.target), inv.args.join(" "), fed].join("\n") : "";
    const what =
      inv.name === "tmutil" && ["delete", "deletelocalsnapshots", "disable", "thinlocalsnapshots", "removeexclusion"].includes(a[0] ?? "") ? `Time Machine (tmutil ${a[0]})` :
      inv.name === "btrfs" && a[0] === "subvolume" && a[1] === "delete" ? "a btrfs snapshot or subvolume" :
      inv.name === "zfs" && a[0] === "destroy" ? `the ZFS dataset or snapshot ${a[1] ?? ""}`.trim() :
      inv.name === "zpool" && a[0] === "destroy" ? `the whole ZFS pool ${a[1] ?? ""}`.trim() :
      /^remove-vbr(?:backup|restorepoint)$/.test(inv.name) ? `Veeam backups (${inv.name}${inv.args.some((x) => /^-fromdisk$/i.test(x)) ? " -FromDisk" : ""})` :
      inv.name === "lvremove" ? "an LVM volume or snapshot" :
      inv.name === "snapper" && a[0] === "delete" ? "snapper snapshots" :
      inv.name === "timeshift" && inv.args.some((x) => /^--delete/.test(x)) ? "Timeshift snapshots" :
      // A backup repository pruned to its last snapshot or none (restic forget --keep-last 1 --prune, borg prune --keep-last 1): every older restore point is gone.
      (inv.name === "restic" && a.includes("forget") || inv.name === "borg" && a.includes("prune") || inv.name === "kopia" && a.includes("prune")) && keepsAtMostOne(inv.args) ? `all but the last backup snapshot (${inv.name})` :
      (inv.name === "rm" || inv.name === "shred") && a.some((x) => /^\/var\/backups(\/|$)|(^|\/)\.snapshots(\/|$)|^\/Volumes\/[^/]*Backup/.test(x)) ? "backups" :
      // A Windows backup folder or share emptied (Remove-Item -Recurse \\nas01\Backups\Sage, or fed every file
      // under it by Get-ChildItem): every copy kept there. (Not a pruning by age, Where-Object LastWriteTime …: housekeeping.)
      WINDOWS_REMOVERS.test(inv.name) ? windowsBackupsRemoved(inv, all, index) :
      // pgBackRest expiring with its retention cut to one full backup or none (--repo1-retention-full=1 expire), or a named backup set; Barman deleting a backup.
      inv.name === "pgbackrest" && a.includes("expire") && inv.args.some((x) => /^--(?:repo\d*-)?retention-(?:full|diff|archive)=[01]$/.test(x) || /^--set=/.test(x)) ? "PostgreSQL backups (pgbackrest expire)" :
      inv.name === "barman" && a[0] === "delete" ? "a PostgreSQL backup (barman delete)" :
      // Cassandra's snapshots cleared, every one (nodetool clearsnapshot --all, or with no tag): its restore points.
      inv.name === "nodetool" && a.includes("clearsnapshot") && (inv.args.includes("--all") || !inv.args.some((x) => x === "-t" || x === "--tag" || /^--tag=/.test(x))) ? "Cassandra snapshots (nodetool clearsnapshot)" :
      // Windows' own restore points: volume shadow copies deleted or starved, the backup catalog deleted, boot recovery turned off.
      inv.name === "vssadmin" && (/^delete$/i.test(a[0] ?? "") && /^shadows$/i.test(a[1] ?? "") || /^resize$/i.test(a[0] ?? "") && /^shadowstorage$/i.test(a[1] ?? "") && inv.args.some((x) => /^\/maxsize=\d{1,3}(?:mb|kb|b)?$/i.test(x))) ? "Windows volume shadow copies (vssadmin)" :
      inv.name === "wmic" && /^shadowcopy$/i.test(a[0] ?? "") && a.some((x) => /^delete$/i.test(x)) ? "Windows volume shadow copies (wmic)" :
      inv.name === "diskshadow" && /delete\s+shadows/i.test(inv.args.join(" ")) ? "Windows volume shadow copies (diskshadow)" :
      (inv.name === "remove-wmiobject" || inv.name === "remove-ciminstance") && /shadowcopy/i.test(`${index > 0 ? all[index - 1]!.command.text : ""} ${inv.command.text}`) ? "Windows volume shadow copies" :
      inv.name === "wbadmin" && /^delete$/i.test(a[0] ?? "") && /^(?:catalog|systemstatebackup|backup)$/i.test(a[1] ?? "") ? `Windows Server Backup (wbadmin delete ${a[1]!.toLowerCase()})` :
      inv.name === "bcdedit" && /\brecoveryenabled\s+no\b|\bbootstatuspolicy\s+ignoreallfailures\b/i.test(inv.args.join(" ")) ? "Windows boot recovery (bcdedit)" :
      // (Housekeeping is not: DELETE EXPIRED drops catalog records of files already gone, DELETE OBSOLETE what the
      // retention policy no longer needs, archived logs already backed up. OBSOLETE counts where the same script
      // first cuts the policy to one copy or none, and then deletes every older one.)
      inv.name === "rman" && (/\bdelete\s+(?:noprompt\s+)?(?:force\s+)?(?:backup|backupset|copy)\b|\bdelete\s+(?:noprompt\s+)?(?:force\s+)?archivelog\s+all\b(?!\s+backed\s+up)|\bdrop\s+database\b/i.test(rmanScript) || (/\bdelete\s+(?:noprompt\s+)?(?:force\s+)?obsolete\b/i.test(rmanScript) && /\bretention\s+policy\s+to\s+(?:redundancy\s+[01]|recovery\s+window\s+of\s+[01]\s+days?)\b/i.test(rmanScript)) || /\bdelete\s+(?:noprompt\s+)?(?:force\s+)?obsolete\s+(?:redundancy\s+[01]|recovery\s+window\s+of\s+[01]\s+days?)\b/i.test(rmanScript)) ? "Oracle database backups (RMAN)" :
      undefined;
    if (!what) return undefined;
    return { action: { capability: "delete", target: { name: what, pathClass: "system" }, reversibility: "irreversible", scope: "system" }, reason: `deletes or disables ${what}, the copies a restore would need: inhibit system recovery (T1490)` };
  },
  examples: {
    match: [`tmutil deletelocalsnapshots /`, `sudo tmutil disable`, `zfs destroy -r tank/home@daily`, `btrfs subvolume delete /.snapshots/12/snapshot`, `rm -rf /var/backups/*`, `restic -r s3:s3.example.com/backups forget --keep-last 1 --prune`, `zpool destroy labpool`, `sudo -u postgres pgbackrest --stanza=billing --repo1-retention-full=1 expire`, `barman delete pg-main oldest`, `vssadmin delete shadows /all /quiet`, `vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB`, `wmic shadowcopy delete`, `wbadmin delete catalog -quiet`, `bcdedit /set {default} recoveryenabled No`, `Get-WmiObject Win32_Shadowcopy | Remove-WmiObject`, `Get-VBRBackup -Name 'WMS-Prod' | Remove-VBRBackup -FromDisk -Confirm:$false`, `rman target / <<< 'CONFIGURE RETENTION POLICY TO REDUNDANCY 1; DELETE NOPROMPT OBSOLETE;'`, `rman target / <<< 'DELETE NOPROMPT BACKUP;'`, `echo 'DELETE NOPROMPT BACKUP; DELETE NOPROMPT FORCE ARCHIVELOG ALL;' | rman target /`, `echo 'DELETE NOPROMPT OBSOLETE RECOVERY WINDOW OF 0 DAYS;' | rman target /`, `nodetool -h cass-prod-01 clearsnapshot --all`, `Get-ChildItem '\\\\nas01\\Backups\\StockMaster' -Recurse | Remove-Item -Recurse -Force`, `Get-ChildItem 'D:\\SQLBackups\\StockMaster' -Filter *.bak | Remove-Item -Force`, `Remove-Item -Recurse -Force \\\\nas01\\Backups\\Sage`],
    noMatch: [`Get-ChildItem D:\\SQLBackups -Filter *.bak | Where-Object LastWriteTime -lt (Get-Date).AddDays(-14) | Remove-Item`, `Remove-Item -Recurse -Force .\\publish`, `Get-ChildItem .\\bin -Recurse | Remove-Item -Recurse -Force`, `vssadmin list shadows`, `wmic shadowcopy list brief`, `wbadmin get versions`, `bcdedit /enum`, `vssadmin resize shadowstorage /for=C: /on=C: /maxsize=20%`, `pgbackrest --stanza=billing expire`, `pgbackrest --stanza=billing --repo1-retention-full=4 expire`, `barman list-backup pg-main`, `restic forget --keep-daily 7 --keep-weekly 4 --prune`, `tmutil listbackups`, `zfs list -t snapshot`, `btrfs subvolume list /`, `rman target / <<< 'LIST BACKUP SUMMARY;'`, `rman target / <<< 'CROSSCHECK BACKUP;'`, `rman target / <<< 'DELETE NOPROMPT OBSOLETE;'`, `rman target / <<< 'DELETE NOPROMPT EXPIRED BACKUP;'`, `rman target / <<< 'DELETE ARCHIVELOG ALL BACKED UP 2 TIMES TO DEVICE TYPE DISK;'`],
  },
};

const WINDOWS_REMOVERS = /^(?:remove-item|ri|del|erase|rd|rmdir|rm)$/;
/** A folder that keeps backups, as Windows writes it (\\nas01\Backups\Sage, D:\SQLBackups\StockMaster). */
const WINDOWS_BACKUP_DIR = /^(?:\\\\|[A-Za-z]:\\)(?:[^\\]+\\)*?[\w$ -]*backups?(?:\\|$)/i;
function windowsBackupsRemoved(inv: Invocation, all: readonly Invocation[], index: number): string | undefined {
  const named = inv.args.filter((x) => !x.startsWith("-")).find((x) => WINDOWS_BACKUP_DIR.test(x));
  const recursive = inv.args.some((x) => /^-r(?:ec(?:urse)?)?$/i.test(x) || /^\/s$/i.test(x));
  // (Recursively, or every file by a wildcard or every .bak: Remove-Item D:\SQLBackups\X\*.bak.)
  if (named !== undefined) return recursive || /[*?]/.test(named) ? `the backups under ${shown(named)}` : undefined;
  // Fed straight by a listing: the listing's folder. (A Where-Object between them, picking by age, makes the command before Remove-Item the filter, not a listing.)
  const list = index > 0 ? all[index - 1] : undefined;
  if (list === undefined || !/^(?:get-childitem|gci|dir|ls)$/.test(list.name) || list.command.text.length > 2048) return undefined;
  const folder = list.args.filter((x, i) => !x.startsWith("-") && !/^-(?:Filter|Include|Exclude|Depth)$/i.test(list.args[i - 1] ?? "")).find((x) => WINDOWS_BACKUP_DIR.test(x));
  if (folder === undefined) return undefined;
  return `the backups in ${shown(folder)}`;
}

/** A size in bytes from `50G`, `10GiB`, `2T`, `1000000000`; undefined when it is not one. */
function bytes(size: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([KMGTP]?)(?:i?B)?$/i.exec(size);
  if (!m) return undefined;
  const unit = m[2]!.toUpperCase();
  return Number(m[1]) * (unit === "" ? 1 : 1024 ** ("KMGTP".indexOf(unit) + 1));
}

/** Ten gigabytes at once: more than any build or test writes in one command. */
const FILL = 10 * 1024 ** 3;

const diskFill: CommandRule = {
  id: "impact.disk-fill",
  tactic: TACTIC,
  technique: "T1499.001",
  names: ["fallocate", "dd"],
  match(inv) {
    const a = inv.args;
    let size: number | undefined;
    if (inv.name === "fallocate") {
      const i = a.findIndex((x) => x === "-l" || x === "--length");
      size = i >= 0 ? bytes(a[i + 1] ?? "") : bytes(a.find((x) => x.startsWith("--length="))?.slice(9) ?? a.find((x) => /^-l\d/.test(x))?.slice(2) ?? "");
    } else if (inv.name === "dd" && a.some((x) => x.startsWith("of=") && !x.startsWith("of=/dev/"))) {
      const bs = bytes(a.find((x) => x.startsWith("bs="))?.slice(3) ?? "512");
      const count = Number(a.find((x) => x.startsWith("count="))?.slice(6) ?? Number.NaN);
      if (bs !== undefined && Number.isFinite(count)) size = bs * count;
    }
    if (size === undefined || size < FILL) return undefined;
    const file = a.find((x) => x.startsWith("of="))?.slice(3) ?? a[a.length - 1] ?? "a file";
    return {
      action: { capability: "write", target: { name: file, pathClass: classifyPath(file) }, reversibility: "recoverable", scope: "system" },
      reason: `writes ${Math.round(size / 1024 ** 3)} GB to ${shown(file)} at once, enough to fill a disk: endpoint denial of service (T1499.001)`,
    };
  },
  examples: {
    match: [`fallocate -l 50G /tmp/fill`, `fallocate --length=20GiB /var/tmp/x`, `dd if=/dev/zero of=/tmp/big bs=1G count=100`],
    noMatch: [`fallocate -l 1G swapfile`, `dd if=/dev/zero of=test.img bs=1M count=64`, `dd if=/dev/zero of=/dev/sdb bs=1M`],
  },
};

/** A cloud resource type whose deletion takes everything in it (a project, a bucket, a resource group, a namespace). */
const CLOUD_CONTAINER = /^(projects?|groups?|buckets?|rb|namespaces?|ns|clusters?|databases?|dbs?|datasets?|zones?|managed-zones|keyrings?|vaults?|stacks?|apps|persistentvolumeclaims?|pvcs?|persistentvolumes?|pv|all|--all|--recursive|-r|-R|--force)$/;
const PRODUCTION_WORD = /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i;
const SHORT_LIVED = new RegExp(`^${SHORT_LIVED_NAMESPACE}$`, "i");

/**
 * Cloud and cluster resources deleted through their CLIs: `gcloud … delete`, `az … delete`, `aws …
 * delete-*` and `terminate-*`, `aws s3 rm --recursive` and `rb`, `gsutil rm -r`, `gcloud storage rm
 * --recursive`, `doctl … delete`, `heroku apps:destroy`, `fly apps destroy`, `kubectl delete
 * namespace|pvc|pv|--all`. The data in them is gone; a container's (project, bucket, namespace)
 * with everything in it.
 */
const cloudDelete: CommandRule = {
  id: "impact.cloud-delete",
  tactic: TACTIC,
  technique: "T1485",
  names: ["gcloud", "az", "doctl", "hcloud", "linode-cli", "aws", "gsutil", "bq", "heroku", "fly", "flyctl", "kubectl", "oc"],
  match(inv) {
    const a = inv.args;
    // A dry run lists what would go and removes nothing (aws s3 rm --dryrun; any of these CLIs given --dryrun or --dry-run).
    if (a.some((x) => /^--(dryrun|dry-run)$/.test(x))) return undefined;
    // A cluster on this machine (kind, minikube, k3d, Docker Desktop, Rancher Desktop), named so by --context: the developer's own.
    if ((inv.name === "kubectl" || inv.name === "oc") && localContext(a)) return undefined;
    const words = a.filter((x) => !x.startsWith("-"));
    let deletes = false;
    if (inv.name === "gcloud" || inv.name === "az" || inv.name === "doctl" || inv.name === "hcloud" || inv.name === "linode-cli") deletes = words.includes("delete") || (words[0] === "storage" && words[1] === "rm" && a.some((x) => /^(-r|-R|--recursive)$/.test(x)));
    else if (inv.name === "aws") deletes = words.some((w) => /^(delete|terminate)-[\w-]+$/.test(w)) || (words[0] === "s3" && (words[1] === "rb" || (words[1] === "rm" && a.includes("--recursive"))));
    // (-a takes every version too; a ** wildcard reaches every object below it, as -r does.)
    else if (inv.name === "gsutil") deletes = words[0] === "rb" || (words[0] === "rm" && (a.some((x) => /^-[a-zA-Z]*[rRa]/.test(x)) || words.some((w) => w.includes("**"))));
    // BigQuery: a table (-t) or a dataset (-d, with -r everything in it) removed.
    else if (inv.name === "bq") deletes = words[0] === "rm" && a.some((x) => /^-[a-zA-Z]*[tdr]$|^--(table|dataset|recursive)$/.test(x));
    else if (inv.name === "heroku") deletes = words.includes("apps:destroy") || words.includes("destroy");
    else if (inv.name === "fly" || inv.name === "flyctl") deletes = words.includes("destroy");
    // (delete the subcommand, after global options only: -n queue, --context gke_…_ci-prod, --kubeconfig k.)
    else if (inv.name === "kubectl" || inv.name === "oc") deletes = a.indexOf("delete") >= 0 && a.slice(0, a.indexOf("delete")).every((x, i, all) => x.startsWith("-") || /^(-n|--namespace|--context|--cluster|--kubeconfig|-s|--server|--user)$/.test(all[i - 1] ?? "")) && a.some((x) => x.split("/")[0]!.split(",").some((k) => /^(namespaces?|ns|persistentvolumeclaims?|pvc|persistentvolumes?|pv|all|--all|--all-namespaces|-A)$/.test(k)));
    if (!deletes) return undefined;
    // One namespace made for one pull request or run (pr-1873-preview, review-482), nothing naming production: it was made to go.
    if ((inv.name === "kubectl" || inv.name === "oc") && !a.some((x) => PRODUCTION_WORD.test(x))) {
      const names = words.slice(words.indexOf("delete") + 1);
      const ns = names[0]?.split("/") ?? [];
      const name = ns.length === 2 ? ns[1]! : names[1];
      if (/^(namespaces?|ns)$/.test(ns[0] ?? "") && names.length === (ns.length === 2 ? 1 : 2) && name !== undefined && SHORT_LIVED.test(name)) return undefined;
    }
    const container = a.some((x) => CLOUD_CONTAINER.test(x.split("/")[0]!)) || words.some((w) => /^delete-(db|stack|bucket|cluster|table|file-system|vault|repository|user-pool|key-pair)/.test(w));
    const target = words.slice(1).find((w) => !/^(delete|rm|rb|destroy|apps:destroy|storage|compute|instances|sql|container|clusters?|projects?|groups?|group)$/.test(w)) ?? a[a.length - 1] ?? inv.name;
    const production = a.some((x) => PRODUCTION_WORD.test(x));
    // Backups and audit records are what a recovery or an investigation needs: as much as production.
    const kept = a.find((x) => /(?:^|[^a-z])(?:backups?|snapshots?|audit\w*|cloudaudit\w*|archives?|trails?)(?:[^a-z]|$)/i.test(x));
    const what = kept === undefined ? "" : /audit|trail/i.test(kept) ? " (audit records)" : " (backups)";
    // (One BigQuery table, not a dataset: one thing, kept seven days for time travel.)
    const one = inv.name === "bq" && !a.some((x) => /^-[a-zA-Z]*[dr]$|^--(dataset|recursive)$/.test(x));
    return {
      action: { capability: "delete", target: { name: target, production: production || kept !== undefined }, reversibility: "irreversible", scope: container ? "account" : one ? "one" : "tree" },
      reason: `deletes the ${inv.name} resource ${shown(target)}${what}${container ? " and everything in it" : ""}${production ? " in production" : ""}: data destruction (T1485)`,
    };
  },
  examples: {
    match: [`gcloud storage rm --recursive gs://acme-prod-db-backups/**`, `az group delete --name rg-acme-prod --yes`, `aws s3 rm s3://backups --recursive`, `aws rds delete-db-instance --db-instance-identifier prod-db`, `gcloud projects delete acme-prod`, `gsutil -m rm -r gs://exports`, `gsutil -m rm -a "gs://acme-warehouse-backups/unload/**"`, `bq rm -f -t 'acme-data-prod:audit_logs.cloudaudit_data_access_20240611'`, `kubectl -n feast-prod delete statefulset,pvc -l app=redis`, `kubectl delete namespace payments`, `kubectl --context prod-eks delete namespace pr-1873-preview`, `kubectl --context gke_cl-prod-ci_us-central1_ci-prod -n queue delete statefulset,pvc -l app.kubernetes.io/name=rabbitmq`, `kubectl delete namespace pr-12-preview payments`, `kubectl --context gke_acme-staging_europe-west1_main delete namespace checkout-v2-preview`, `heroku apps:destroy --app acme-prod --confirm acme-prod`, `gcloud compute instances delete test-vm`],
    noMatch: [`kubectl delete namespace pr-4821-preview --context kind-local --wait=false`, `kubectl --context dev-euw1 delete namespace pr-1873-loyalty-preview`, `kubectl delete ns/review-482`, `kubectl delete namespace pr-4821-preview --wait=false`, `aws s3 rm s3://scratch-dev/runs/ --recursive --dryrun`, `gcloud storage ls gs://b`, `aws s3 rm s3://b/one.txt`, `az group list`, `kubectl delete pod api-7d9f`, `gsutil rm gs://b/one.txt`, `aws s3 cp a s3://b/a`, `gcloud sql instances describe db`],
  },
};

/** A kubectl context of a cluster on this machine: kind-*, minikube, k3d-*, docker-desktop, rancher-desktop, colima. One --context only. */
function localContext(a: readonly string[]): boolean {
  const contexts = optionValues(a, ["--context"]);
  return contexts.length === 1 && /^(?:kind-[\w-]+|minikube|k3d-[\w-]+|docker-desktop|docker-for-desktop|rancher-desktop|colima(?:-[\w-]+)?|orbstack)$/.test(contexts[0]!) && !a.some((x) => /--(?:server|kubeconfig)\b|^-s$/.test(x));
}

/** A framework's schema migration: rails db:migrate, manage.py migrate, alembic upgrade, prisma migrate deploy, knex/sequelize/goose/flyway/liquibase. */
function migrationRun(inv: Invocation): string | undefined {
  const a = inv.args;
  if (/^(rails|rake)$/.test(inv.name) || /(^|\/)bin\/rails$/.test(inv.command.argv[0] ?? "")) return a.find((x) => /^db:(migrate|rollback|schema:load|setup|reset)/.test(x));
  // (--plan and --check print what would run; they change nothing.)
  if (/^python[\d.]*$/.test(inv.name) && /\bmanage\.py\b/.test(`${inv.name} ${a.join(" ")}`) && a.includes("migrate") && !a.some((x) => x === "--plan" || x === "--check")) return "manage.py migrate";
  if (inv.name === "alembic" && /^(upgrade|downgrade)$/.test(a[0] ?? "")) return `alembic ${a[0]}`;
  if ((inv.name === "prisma" || ((inv.name === "npx" || inv.name === "pnpm" || inv.name === "bunx") && a.includes("prisma"))) && a.includes("migrate") && a.some((x) => /^(deploy|reset|dev)$/.test(x))) return "prisma migrate";
  if (/^(knex|sequelize|goose|flyway|liquibase|migrate|dbmate)$/.test(inv.name) && a.some((x) => /^(migrate(:latest|:up|:down|:undo\S*)?|db:migrate\S*|up|down|update|rollback)$/.test(x))) return `${inv.name} ${a[0] ?? ""}`.trim();
  return undefined;
}

/** Where the command says it runs against production: an environment set to production, a URL or variable named for it. */
function productionTarget(inv: Invocation): string | undefined {
  // What names production is said by its name only, never its value: a DATABASE_URL holds the password.
  const PROD = /(^|[^a-z])(prod|production|prd)([^a-z]|$)/i;
  for (const [k, v] of inv.env) if (/^(RAILS_ENV|RACK_ENV|APP_ENV|DJANGO_SETTINGS_MODULE|ENV|ENVIRONMENT|STAGE|MIX_ENV|FLASK_ENV)$/.test(k) && PROD.test(v)) return `${k} set to production`;
  for (const [k, v] of inv.env) if (/(DATABASE|DB)_?(URL|URI|DSN|HOST)$/i.test(k) && PROD.test(v)) return `${k} naming production`;
  // Only the value of an option that says where the migration runs (--env=production, --database-url …prod…); a migration's own name (--name prod_fix) says nothing.
  for (let i = 0; i < inv.args.length; i++) {
    const m = /^(--env(?:ironment)?|-e|--settings|--url|--database-url|--db-url)(?:=(.*))?$/i.exec(inv.args[i]!);
    if (m === null) continue;
    const value = m[2] ?? inv.args[i + 1] ?? "";
    if (PROD.test(value)) return `${m[1]} naming production`;
  }
  return undefined;
}

/** A schema migration run against production: every row the migration changes or drops, on the live database (T1565). */
const productionMigration: CommandRule = {
  id: "impact.production-migration",
  tactic: TACTIC,
  technique: "T1565.001",
  match(inv) {
    const run = migrationRun(inv);
    if (run === undefined) return undefined;
    const where = productionTarget(inv);
    if (where === undefined) return undefined;
    return { action: { capability: "execute", target: { name: run, production: true }, reversibility: "recoverable", scope: "account" }, reason: `runs a schema migration (${shown(run)}) against production (${shown(where)}): the live database changes before anyone has looked (T1565.001)` };
  },
  examples: {
    match: [`RAILS_ENV=production DATABASE_URL="$PROD_DATABASE_URL" bin/rails db:migrate`, `alembic upgrade head --url postgresql://u@prod-db/app`, `DATABASE_URL=$PROD_DB_URL npx prisma migrate deploy`, `DJANGO_SETTINGS_MODULE=app.settings.production python manage.py migrate`],
    noMatch: [`python manage.py migrate --plan --settings=config.settings.production`, `bin/rails db:migrate`, `RAILS_ENV=test bin/rails db:migrate`, `npx prisma migrate dev`, `npx prisma migrate dev --name prod_fix`, `NODE_ENV=production npm run build`],
  },
};

/** A schema pushed to production that may drop what it must (prisma db push --accept-data-loss, --force-reset, prisma migrate reset): columns and tables go with their rows. */
const productionDataLossPush: CommandRule = {
  id: "impact.production-data-loss-push",
  tactic: TACTIC,
  technique: "T1485",
  names: ["prisma", "npx", "pnpm", "bunx", "yarn", "bun", "dotenv", "dotenvx"],
  match(inv) {
    const a = inv.args;
    const prisma = inv.name === "prisma" || a.includes("prisma");
    const push = prisma && a.includes("db") && a.includes("push") && a.some((x) => x === "--accept-data-loss" || x === "--force-reset");
    const reset = prisma && a.includes("migrate") && a.includes("reset");
    if (!push && !reset) return undefined;
    const where = productionTarget(inv);
    if (where === undefined) return undefined;
    const what = push ? `prisma db push ${a.find((x) => x === "--accept-data-loss" || x === "--force-reset")}` : "prisma migrate reset";
    return { action: { capability: "delete", target: { name: what, production: true }, reversibility: "irreversible", scope: "account" }, reason: `runs ${shown(what)} against production (${shown(where)}): the tables and columns it drops take their rows with them (T1485)` };
  },
  examples: {
    match: [`dotenv -e .env.production -- npx prisma db push --accept-data-loss`, `DATABASE_URL=$PROD_DATABASE_URL npx prisma migrate reset --force`, `NODE_ENV=x DATABASE_URL=$PROD_DB_URL prisma db push --force-reset`],
    noMatch: [`npx prisma db push --accept-data-loss`, `dotenv -e .env.test -- npx prisma db push --accept-data-loss`, `dotenv -e .env.production -- npx prisma db push`, `npx prisma migrate reset`],
  },
};

/** A whole bucket set to expire its objects within a month (aws s3api put-bucket-lifecycle-configuration with an Expiration and no prefix): every object goes, logs and backups included (T1485, T1070). */
const bucketExpiry: CommandRule = {
  id: "impact.bucket-expiry",
  tactic: TACTIC,
  technique: "T1485",
  names: ["aws"],
  match(inv) {
    if (!inv.args.includes("s3api") || !inv.args.includes("put-bucket-lifecycle-configuration")) return undefined;
    const json = inv.args.find((x) => /"Expiration"\s*:/.test(x));
    if (json === undefined) return undefined;
    const days = /"Days"\s*:\s*(\d+)/.exec(json.slice(json.indexOf('"Expiration"')))?.[1];
    // (A rule for one prefix, tmp/ or exports/, is housekeeping; the whole bucket is not.)
    const prefixes = [...json.matchAll(/"Prefix"\s*:\s*"([^"]*)"/g)].map((m) => m[1]);
    // (Unless the prefix is where the logs or backups are: CloudTrail's AWSLogs/, audit/, backups/.)
    if (days === undefined || Number(days) > 30 || prefixes.some((p) => p !== "" && !/^(?:AWSLogs|CloudTrail|audit|trail|backups?|snapshots?|archive)\b/i.test(p!))) return undefined;
    const bucket = inv.args[inv.args.indexOf("--bucket") + 1] ?? "a bucket";
    const kept = /log|trail|audit|backup|snapshot|archive|compliance|retention|evidence/i.test(bucket);
    return { action: { capability: "delete", target: { name: `s3://${bucket}`, production: kept }, reversibility: "irreversible", scope: "account" }, reason: `sets every object in ${shown(bucket)} to expire after ${days} day${days === "1" ? "" : "s"}: the whole bucket${kept ? ", a store of logs or backups," : ""} is emptied and cannot be restored (T1485)` };
  },
  examples: {
    match: [`aws s3api put-bucket-lifecycle-configuration --bucket acme-cloudtrail-logs --lifecycle-configuration '{"Rules":[{"ID":"tidy","Status":"Enabled","Filter":{"Prefix":""},"Expiration":{"Days":1}}]}'`, `aws s3api put-bucket-lifecycle-configuration --bucket acme-audit --lifecycle-configuration '{"Rules":[{"ID":"trim","Status":"Enabled","Filter":{"Prefix":"AWSLogs/"},"Expiration":{"Days":3}}]}'`, `aws s3api put-bucket-lifecycle-configuration --bucket media --lifecycle-configuration '{"Rules":[{"ID":"x","Status":"Enabled","Filter":{},"Expiration":{"Days":7}}]}'`],
    noMatch: [`aws s3api put-bucket-lifecycle-configuration --bucket media --lifecycle-configuration '{"Rules":[{"ID":"tmp","Status":"Enabled","Filter":{"Prefix":"tmp/"},"Expiration":{"Days":1}}]}'`, `aws s3api put-bucket-lifecycle-configuration --bucket logs --lifecycle-configuration '{"Rules":[{"ID":"ia","Status":"Enabled","Filter":{"Prefix":""},"Transitions":[{"Days":30,"StorageClass":"STANDARD_IA"}]}]}'`, `aws s3api put-bucket-lifecycle-configuration --bucket logs --lifecycle-configuration '{"Rules":[{"ID":"year","Status":"Enabled","Filter":{"Prefix":""},"Expiration":{"Days":365}}]}'`, `aws s3api get-bucket-lifecycle-configuration --bucket logs`],
  },
};

/** A bucket synced from an empty folder with deletion on (aws s3 sync ./empty/ s3://backups --delete): every object in it is deleted (T1485). */
const syncWipe: CommandRule = {
  id: "impact.sync-wipe",
  tactic: TACTIC,
  technique: "T1485",
  names: ["aws", "gsutil", "rclone", "azcopy", "gcloud", "robocopy"],
  match(inv) {
    const a = inv.args;
    // robocopy's mirror (/MIR, /PURGE) deletes at the destination whatever the source lacks.
    if (inv.name === "robocopy") {
      // (A bare line's paths keep their backslashes: the shell reader reads it the cmd way too, read.ts.)
      const [from, to] = a.filter((x) => !x.startsWith("/")).map((x) => x.replace(/^["']|["']$/g, ""));
      if (!a.some((x) => /^\/(?:mir|purge)$/i.test(x)) || from === undefined || to === undefined) return undefined;
      // A backup mirrored back over a folder that is not a backup, a restore or a test copy
      // (robocopy \\nas01\Backups\Sage\2026-11-18 \\FS01\Sage\ACCDATA /MIR): the live folder becomes
      // the old copy, and everything written since is deleted (T1485).
      if (/(?:^|[\\/])[\w$ -]*backups?(?:[\\/]|$)/i.test(from) && !/(?:^|[\\/_. -])(?:backups?|restores?|restored|recover\w*|tests?|scratch|tmp|temp|verify|sandbox)(?:$|[\\/_. -])/i.test(to)) {
        return { action: { capability: "delete", target: { name: to, production: true }, reversibility: "irreversible", scope: "tree" }, reason: `mirrors the backup ${shown(from)} over ${shown(to)}: the live folder becomes the old copy, and everything written there since is deleted (T1485)` };
      }
      if (!/(?:^|[\\/])(?:empty|blank|nothing|null|void)[\w-]*[\\/]?$/i.test(from)) return undefined;
      return { action: { capability: "delete", target: { name: to, production: /prod|release|backup|archive|share|^\\\\/i.test(to) }, reversibility: "irreversible", scope: "account" }, reason: `mirrors an empty folder (${shown(from)}) onto ${shown(to)}: every file there is deleted (T1485)` };
    }
    const deletes = a.includes("--delete") || a.includes("--delete-removed") || a.some((x) => /^--delete-destination(?:=true)?$/.test(x)) || (inv.name === "gsutil" && a.includes("-d")) || (inv.name === "rclone" && a.includes("sync")) || (inv.name === "gcloud" && a.includes("--delete-unmatched-destination-objects"));
    if (!deletes || !a.some((x) => /^(?:sync|rsync)$/.test(x))) return undefined;
    const ops = a.filter((x) => !x.startsWith("-") && !/^(?:s3|sync|rsync|storage|-m)$/.test(x));
    const [from, to] = [ops[0] ?? "", ops[1] ?? ""];
    if (!/^(?:\.\/)?(?:empty|blank|nothing|null|void)[\w-]*\/?$|^\/(?:tmp\/)?empty[\w-]*\/?$|^\/dev\/null$|^\$\(mktemp -d\)$/i.test(from) || !/^(?:s3|gs|az|https|[\w-]+):\/?\/?/.test(to)) return undefined;
    return { action: { capability: "delete", target: { name: to, production: /prod|backup|snapshot|archive/i.test(to) }, reversibility: "irreversible", scope: "account" }, reason: `syncs an empty folder (${shown(from)}) onto ${shown(to)} with deletion on: every object there is deleted (T1485)` };
  },
  examples: {
    match: [`aws s3 sync ./empty/ s3://acme-prod-backups/ --delete`, `rclone sync /tmp/empty remote:archive`, `gsutil -m rsync -d -r empty gs://acme-media`, `robocopy 'D:\\tmp\\empty' '\\\\nas01\\projects\\final' /MIR /R:1`, `robocopy D:\\tmp\\empty \\\\nas01\\projects\\final /PURGE`, `robocopy "\\\\hhg-nas01\\Backups\\Sage\\2026-11-18\\ACCDATA" "\\\\HHG-FS01\\Sage\\ACCDATA" /MIR /R:2 /W:5`],
    noMatch: [`robocopy "\\\\HHG-FS01\\Sage\\ACCDATA" "\\\\hhg-nas01\\Backups\\Sage\\ACCDATA" /MIR`, `robocopy \\\\nas01\\Backups\\Sage D:\\restore-test\\Sage /MIR`, `aws s3 sync ./dist/ s3://acme-site/ --delete`, `aws s3 sync ./empty/ s3://acme-prod-backups/`, `rclone copy /tmp/empty remote:archive`, `robocopy D:\\build\\out \\\\nas01\\deploy\\web /MIR`, `robocopy 'D:\\tmp\\empty' '\\\\nas01\\projects\\final' /E`],
  },
};

/** A payment provider's command-line client told to move live money: stripe refunds create … --live, a payout or transfer. */
const liveMoney: CommandRule = {
  id: "impact.live-money",
  tactic: TACTIC,
  technique: "T1657",
  names: ["stripe"],
  match(inv) {
    const words = inv.args.filter((a) => !a.startsWith("-"));
    const moved = /^(refunds|payouts|transfers|charges|payment_intents|invoices|topups|application_fees)$/.test(words[0] ?? "") && /^(create|capture|confirm|pay|refund|send)$/.test(words[1] ?? "");
    if (!moved) return undefined;
    const amount = inv.args.find((a) => /^--amount=/.test(a))?.slice(9) ?? (inv.args.includes("--amount") ? inv.args[inv.args.indexOf("--amount") + 1] : undefined);
    // Live money: --live, or a live key handed over (--api-key sk_live_…, rk_live_…).
    const live = inv.args.includes("--live") || inv.args.some((a) => /(?:^|=)(?:sk|rk)_live_/.test(a)) || (inv.args.includes("--api-key") && /^(?:sk|rk)_live_|\$\{?\w*LIVE\w*/.test(inv.args[inv.args.indexOf("--api-key") + 1] ?? ""));
    if (live) return { action: { capability: "spend", target: { name: `stripe ${words[0]} ${words[1]}`, production: true, external: true }, reversibility: "irreversible", scope: "one" }, reason: `moves live money through Stripe (${words[0]} ${words[1]}${amount ? `, amount ${amount}` : ""}): a payment, refund or payout cannot be called back (T1657)` };
    // The CLI runs in test mode unless told otherwise, but the key it was given may be live: a person should look
    // where money leaves for another account (a transfer, a payout) or many refunds go out at once (run by xargs for each charge).
    // (One refund of one charge, with no --live, is how a test-mode fixture is made.)
    if (!/^(transfers|payouts)$/.test(words[0] ?? "") && inv.command.via !== "xargs") return undefined;
    return { action: { capability: "spend", target: { name: `stripe ${words[0]} ${words[1]}` }, reversibility: "recoverable", scope: "one" }, reason: `moves money through Stripe (${words[0]} ${words[1]}${amount ? `, amount ${amount}` : ""}): test mode unless the configured key is live, and then it cannot be called back (T1657)` };
  },
  examples: {
    match: [`stripe refunds create --charge=ch_1 --amount=1500 --live`, `stripe payouts create --amount 250000 --currency usd --live`, `stripe transfers create --amount=420000 --currency=usd --destination=acct_1Q`, `stripe refunds create --charge=ch_1 --api-key sk_live_abc`],
    noMatch: [`stripe refunds create --charge=ch_3QaTestFixture01 --amount=1500`, `stripe refunds list --live`, `stripe listen --forward-to localhost:4242/webhook`, `stripe trigger payment_intent.succeeded`, `stripe charges list --customer cus_1 --limit 100`],
  },
};

/** Resources that hold data: replaced, they are destroyed and created empty. */
const DATA_RESOURCE = /^(?:module\.[\w-]+\.)*(?:aws_db_instance|aws_rds_cluster\w*|aws_dynamodb_table|aws_s3_bucket|aws_ebs_volume|aws_efs_file_system|aws_elasticache_\w+|aws_redshift_cluster|aws_docdb_cluster\w*|aws_neptune_cluster\w*|aws_opensearch_domain|aws_elasticsearch_domain|google_sql_database_instance|google_sql_database|google_bigquery_dataset|google_bigquery_table|google_storage_bucket|google_compute_disk|google_spanner_\w+|google_bigtable_\w+|google_redis_instance|azurerm_\w*(?:sql|postgresql|mysql|cosmosdb|storage_account|managed_disk|redis)\w*|digitalocean_database_cluster|digitalocean_volume)\./;
const resourceReplaced: CommandRule = {
  id: "impact.data-resource-replaced",
  tactic: TACTIC,
  technique: "T1485",
  names: ["terraform", "tofu", "terragrunt"],
  match(inv) {
    if (!/^(terraform|tofu|terragrunt)$/.test(inv.name) || !inv.args.includes("apply")) return undefined;
    const replaced = inv.args.map((x) => /^-{1,2}replace=(.+)$/.exec(x)?.[1]?.replace(/^["']|["']$/g, "")).find((r) => r !== undefined && DATA_RESOURCE.test(r));
    if (replaced === undefined) return undefined;
    const auto = inv.args.some((x) => /^-{1,2}auto-approve$/.test(x));
    const production = inv.args.some((x) => PRODUCTION_WORD.test(x));
    return {
      action: { capability: "delete", target: { name: replaced, production }, reversibility: "irreversible", scope: "account" },
      reason: `replaces ${replaced}, which holds data: it is destroyed and created empty${auto ? ", with no plan shown to anyone (-auto-approve)" : ""}${production ? " in production" : ""} (T1485)`,
    };
  },
  examples: {
    match: [`terraform -chdir=infra/envs/prod apply -auto-approve -replace=aws_db_instance.orders`, `tofu apply -replace="module.db.google_sql_database_instance.main"`],
    noMatch: [`terraform apply -replace=aws_instance.web`, `terraform plan -replace=aws_db_instance.orders`, `terraform apply -auto-approve`],
  },
};

/** dbt rebuilding incremental models from scratch on a production target: what the source no longer keeps is gone from them. */
const productionFullRefresh: CommandRule = {
  id: "impact.production-full-refresh",
  tactic: TACTIC,
  technique: "T1485",
  names: ["dbt"],
  match(inv) {
    if (inv.name !== "dbt" || !/^(run|build|seed)$/.test(inv.args[0] ?? "") || !inv.args.some((x) => x === "--full-refresh" || x === "-f")) return undefined;
    const target = inv.args.flatMap((x, i) => (x === "--target" || x === "-t" ? [inv.args[i + 1] ?? ""] : x.startsWith("--target=") ? [x.slice(9)] : []))[0];
    if (target === undefined || !PRODUCTION_WORD.test(target)) return undefined;
    return { action: { capability: "delete", target: { name: `dbt target ${target}`, production: true }, reversibility: "irreversible", scope: "account" }, reason: `rebuilds dbt's incremental models from scratch on ${target} (--full-refresh): their tables are dropped and rebuilt from what the sources still keep, and the rest is gone (T1485)` };
  },
  examples: {
    match: [`dbt run --full-refresh --target prod -s events`, `dbt build --full-refresh --target=production`],
    noMatch: [`dbt run --full-refresh --target dev`, `dbt run --target prod -s events`],
  },
};

/** Cryptocurrency sent from a wallet this machine holds the key to: a transfer on chain cannot be called back. */
const cryptoSent: CommandRule = {
  id: "impact.crypto-sent",
  tactic: TACTIC,
  technique: "T1657",
  names: ["cast", "bitcoin-cli", "solana", "spl-token", "near", "aptos", "sui"],
  match(inv) {
    const a = inv.args;
    const sent =
      inv.name === "cast" && a[0] === "send" && (a.some((x) => /^transfer(?:From)?\(/.test(x)) || a.includes("--value") || a.some((x) => x.startsWith("--value="))) ? "cast send" :
      inv.name === "bitcoin-cli" && a.some((x) => /^(sendtoaddress|sendmany|send|sendall|sendrawtransaction|walletcreatefundedpsbt)$/.test(x)) ? `bitcoin-cli ${a.find((x) => /^send/.test(x)) ?? "send"}` :
      (inv.name === "solana" || inv.name === "spl-token" || inv.name === "near" || inv.name === "aptos" || inv.name === "sui") && a.some((x) => /^(transfer|send|pay)$/.test(x)) ? `${inv.name} transfer` :
      undefined;
    if (sent === undefined) return undefined;
    const testnet = a.some((x) => /regtest|testnet|sepolia|goerli|holesky|devnet|localhost|127\.0\.0\.1|anvil/i.test(x));
    if (testnet) return undefined;
    return { action: { capability: "spend", target: { name: sent, external: true, production: true }, reversibility: "irreversible", scope: "one" }, reason: `sends cryptocurrency on chain (${sent}): a transfer cannot be called back (T1657)` };
  },
  examples: {
    match: [`cast send 0xdAC17F958D2ee523a2206206994597C13D831ec7 'transfer(address,uint256)' 0xabc 100 --rpc-url $RPC --private-key $PK`, `bitcoin-cli -rpcwallet=hot sendtoaddress bc1qxyz 0.5`],
    noMatch: [`cast call 0xdAC17F958D2ee523a2206206994597C13D831ec7 'balanceOf(address)' 0xabc`, `bitcoin-cli -regtest sendtoaddress bcrt1qxyz 1`, `bitcoin-cli getbalance`],
  },
};

/** Perforce's obliterate: files and their whole history removed from the depot for good (-y carries it out). */
const obliterate: CommandRule = {
  id: "impact.depot-obliterated",
  tactic: TACTIC,
  technique: "T1485",
  names: ["p4"],
  match(inv) {
    const k = inv.args.indexOf("obliterate");
    if (inv.name !== "p4" || k < 0 || !inv.args.slice(k + 1).includes("-y")) return undefined;
    const path = inv.args.slice(k + 1).find((x) => x.startsWith("//")) ?? "depot files";
    return { action: { capability: "delete", target: { name: path, production: true }, reversibility: "irreversible", scope: "tree" }, reason: `obliterates ${shown(path)} in Perforce: the files and every revision of them are gone for good (T1485)` };
  },
  examples: { match: [`p4 -p ssl:perforce:1666 obliterate -y //game/main/Content/Maps/...`], noMatch: [`p4 obliterate //game/main/Content/Maps/...`, `p4 delete //game/main/x.txt`] },
};

/** Every row a query selects deleted or updated at once through the application in production (rails runner "Model.where(…).delete_all"). */
const productionBulkOrm: CommandRule = {
  id: "impact.production-bulk-orm",
  tactic: TACTIC,
  technique: "T1485",
  names: ["rails", "bundle", "rake"],
  match(inv) {
    const line = inv.args.join(" ");
    if (!/\brunner\b/.test(line) || !/(?:^|\s)(?:-e\s+production|--environment[= ]production)\b/.test(line) && inv.env.get("RAILS_ENV") !== "production") return undefined;
    const call = /\.(delete_all|destroy_all|update_all)\b/.exec(line);
    if (call === null) return undefined;
    return { action: { capability: call[1] === "update_all" ? "write" : "delete", target: { name: "rails runner", production: true }, reversibility: "irreversible", scope: "account" }, reason: `runs ${call[1]} through the application in production: every row the query selects is ${call[1] === "update_all" ? "changed" : "deleted"} at once, with no callbacks and no undo (T1485)` };
  },
  examples: { match: [`RAILS_ENV=production bundle exec rails runner "Submission.where('submitted_at < ?', 1.year.ago).delete_all"`], noMatch: [`RAILS_ENV=development bundle exec rails runner "Submission.where(id: 1).delete_all"`, `RAILS_ENV=production bundle exec rails runner "puts Submission.count"`] },
};

/**
 * A private or secret key deleted from a hardware security module or token (pkcs11-tool
 * --delete-object --type privkey|secrkey), or an entry deleted from a Java keystore (keytool
 * -delete; not from a trust store of CA certificates): the only copy of a signing root may be gone,
 * and what it signed can no longer be renewed (T1485).
 */
const keyDestroyed: CommandRule = {
  id: "impact.key-destroyed",
  tactic: TACTIC,
  technique: "T1485",
  names: ["pkcs11-tool", "keytool"],
  match(inv) {
    const a = inv.args;
    const value = (flags: readonly string[]): string | undefined => a.flatMap((x, i) => (flags.includes(x) ? [a[i + 1] ?? ""] : flags.flatMap((f) => (x.startsWith(`${f}=`) ? [x.slice(f.length + 1)] : []))))[0];
    let what: string | undefined;
    if (inv.name === "pkcs11-tool" && a.some((x) => x === "--delete-object" || x === "-b") && /^(?:privkey|secrkey)$/.test(value(["--type", "-y"]) ?? "")) what = `a ${value(["--type", "-y"]) === "privkey" ? "private" : "secret"} key${value(["--label", "-a"]) ? ` (${value(["--label", "-a"])})` : ""} in a hardware token`;
    else if (inv.name === "keytool" && a.includes("-delete") && !a.includes("-cacerts") && !/(?:^|[\/])(?:cacerts|[\w.-]*trust[\w.-]*)$/i.test(value(["-keystore"]) ?? "")) what = `the keystore entry ${value(["-alias"]) ?? ""}`.trim();
    if (what === undefined) return undefined;
    return { action: { capability: "delete", target: { name: what, pathClass: "credentials" }, reversibility: "irreversible", scope: "one" }, reason: `deletes ${shown(what)}: a key deleted there has no copy to restore, and what it signed can no longer be renewed (T1485)` };
  },
  examples: {
    match: [`pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --login --delete-object --type privkey --label fw-root`, `pkcs11-tool --module /opt/nfast/libcknfast.so --login --pin "$PIN" -b -y secrkey -a wrap-1`, `keytool -delete -alias release -keystore release.jks`],
    noMatch: [`pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --list-objects --type privkey`, `pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --delete-object --type cert --label old`, `keytool -list -keystore release.jks`, `keytool -delete -alias oldca -keystore $JAVA_HOME/lib/security/cacerts`, `keytool -delete -alias oldca -cacerts`],
  },
};

/** The user a shell session runs as, written as a variable or a command: $USER, ${USER}, $(whoami), `whoami`, $LOGNAME. */
const OWN_USER = /^(?:\$\{?(?:USER|LOGNAME)\}?|\$\(whoami\)|`whoami`|\$\(id -un\))$/;

/**
 * A batch scheduler's jobs cancelled in bulk: every job of another account (scancel --user=pipeline-svc,
 * bkill -u bob 0), of a partition, account or state with no user named (scancel --partition=gpu), or every
 * job there is (qdel all). Runs others were waiting on stop (T1489). One's own jobs, or jobs named by id,
 * are one's own work.
 */
const batchJobsCancelled: CommandRule = {
  id: "impact.batch-jobs-cancelled",
  tactic: TACTIC,
  technique: "T1489",
  names: ["scancel", "qdel", "bkill", "scontrol"],
  match(inv, all, index) {
    const a = inv.args;
    // Job ids fed to scontrol hold (or requeue, suspend) by xargs from a listing of a partition,
    // account or state with no user named (squeue -h -p ops -t PENDING -o %i | xargs scontrol hold):
    // every job listed there, everyone's, waits.
    if (inv.name === "scontrol") {
      if (!/^(?:hold|uhold|requeue|requeuehold|suspend)$/i.test(a[0] ?? "") || a.length > 1) return undefined;
      let k = index - 1;
      while (k >= 0 && all[k]!.name === "scontrol") k--;
      const list = k >= 0 ? all[k]! : undefined;
      if (list === undefined || list.name !== "squeue") return undefined;
      const l = list.args;
      if (l.some((x) => x === "--me" || x === "-j" || x === "--jobs" || /^--jobs=/.test(x)) || [...optionValues(l, ["-u", "--user"]), ...l.filter((x) => /^-u[^-]/.test(x)).map((x) => x.slice(2))].some((u) => OWN_USER.test(u))) return undefined;
      const scope = optionValues(l, ["-p", "--partition", "-A", "--account", "-t", "--states", "-u", "--user"])[0] ?? l.filter((x) => /^-[pAtu][^-]/.test(x)).map((x) => x.slice(2))[0];
      if (scope === undefined) return undefined;
      return { action: { capability: "write", target: { name: "scontrol" }, reversibility: "recoverable", scope: "account" }, reason: `puts every job squeue lists in ${shown(scope)} on ${a[0]!.toLowerCase()}, everyone's: their runs wait until someone releases them (T1489)` };
    }
    const users = [...optionValues(a, ["-u", "--user"]), ...a.filter((x) => /^-u[^-]/.test(x)).map((x) => x.slice(2))];
    let whose: string | undefined;
    if (inv.name === "scancel") {
      // (Jobs named, by their name or their ids, are those jobs, not every job of the account.)
      // (A job id is an operand, not an option's value: -s 9 is a signal, --account=… a scope.)
      const operands = a.filter((x, k) => !x.startsWith("-") && !/^-(?:[sSpAMqtwunL]|-signal|-partition|-account|-clusters|-qos|-state|-nodelist|-user|-name|-reservation|-wckey)$/.test(a[k - 1] ?? ""));
      if (optionValues(a, ["-n", "--name", "--jobname"]).length > 0 || a.some((x) => /^-n./.test(x)) || operands.some((x) => /^\d+(?:_\d+)?$/.test(x))) return undefined;
      const other = users.find((u) => !OWN_USER.test(u));
      if (other !== undefined) whose = `every job of ${shown(other)}`;
      else if (users.length === 0) {
        const scope = optionValues(a, ["-p", "--partition", "-A", "--account", "-t", "--state"])[0] ?? a.filter((x) => /^-[pAt][^-]/.test(x)).map((x) => x.slice(2))[0];
        if (scope !== undefined) whose = `every job in ${shown(scope)}, everyone's`;
      }
    } else if (inv.name === "qdel") {
      if (a.includes("all")) whose = "every job there is";
    } else if (inv.name === "bkill" && a.includes("0")) {
      const other = users.find((u) => !OWN_USER.test(u));
      if (other !== undefined) whose = other === "all" ? "every user's every job" : `every job of ${shown(other)}`;
    }
    if (whose === undefined) return undefined;
    return { action: { capability: "delete", target: { name: inv.name }, reversibility: "recoverable", scope: "account" }, reason: `cancels ${whose}: runs others were waiting on stop, and what they had done so far is lost (T1489)` };
  },
  examples: {
    match: [`scancel -u bob -s 9`, `scancel --account=genomics -s 9`, `scancel --user=pipeline-svc --partition=compute`, `scancel -u alice`, `scancel --partition=gpu`, `scancel --state=PENDING --account=genomics`, `qdel all`, `bkill -u bob 0`, `sudo scancel --partition=standard --state=PENDING`, `squeue -h -p ops -t PENDING -o %i | xargs -r scontrol hold`],
    noMatch: [`scancel 4812233`, `scancel -u $USER`, `scancel --user=$USER --state=PENDING`, `scancel -u $(whoami) -p debug`, `scancel --name=my-test-run`, `bkill 1234`, `qdel 4412`, `scancel --user=swhitlock --name=bt_momentum_sweep_typo`, `scancel --user=jpark --state=PENDING --name=sarek_debug`, `scancel -u jpark 4812233 4812234`, `squeue -h --me -t PENDING -o %i | xargs -r scontrol hold`, `squeue -h -u $USER -o %i | xargs scontrol requeue`, `scontrol hold 4812233`],
  },
};

/**
 * Files deleted from an HPSS tape archive (hsi "rm -R /hpss/…", hsi rmdir): an archive holds the
 * copy of record, often the only one, and a deletion there is not in any trash (T1485). One file by
 * name is a pause at most by the table; a tree or a wildcard is everything under it.
 */
const archiveDeleted: CommandRule = {
  id: "impact.archive-deleted",
  tactic: TACTIC,
  technique: "T1485",
  names: ["hsi"],
  match(inv) {
    if (inv.name !== "hsi") return undefined;
    // hsi's own options come first (-q, -P, -h host, -l user); its commands follow, one per word or in one string, separated by ';'.
    const a = inv.args;
    let i = 0;
    while (i < a.length && a[i]!.startsWith("-")) i += /^-[hlpAaks]$/.test(a[i]!) ? 2 : 1;
    const script = a.slice(i).join(" ").slice(0, 4096);
    for (const command of script.split(/;|\n/)) {
      const m = /^\s*(?:in\s+\S+\s+)?(rm|rmdir|delete)\b(.*)$/i.exec(command);
      if (!m) continue;
      const words = m[2]!.trim().split(/\s+/).filter(Boolean);
      const recursive = words.some((w) => /^-[a-zA-Z]*[rR]/.test(w)) || m[1]!.toLowerCase() === "rmdir";
      const paths = words.filter((w) => !w.startsWith("-"));
      const wild = paths.some((p) => /[*?[]/.test(p));
      if (paths.length === 0 || !(recursive || wild)) continue;
      return { action: { capability: "delete", target: { name: paths[0]!, production: true }, reversibility: "irreversible", scope: "tree" }, reason: `deletes ${shown(paths[0]!)}${paths.length > 1 ? " and more" : ""} from the HPSS tape archive${recursive ? ", everything under it" : ""}: the archive's copy, often the only one, is gone (T1485)` };
    }
    return undefined;
  },
  examples: {
    match: [`hsi -q "rm -R /hpss/awci/obs/radar/1998-2005"`, `hsi rm -R /hpss/lab/runs/2019`, `hsi "cd /hpss/proj; rm *.tar"`],
    noMatch: [`hsi ls -l /hpss/awci/obs`, `hsi -q "get /hpss/x/a.tar"`, `hsi put run.tar : /hpss/lab/run.tar`, `hsi rm /hpss/lab/scratch/test.tar`],
  },
};

/**
 * A production system's scheduled job paused, disabled or deleted through its cloud's scheduler
 * (gcloud scheduler jobs pause … --project=…-prod, aws events disable-rule, aws scheduler update-schedule
 * --state DISABLED): what it did on its schedule (a settlement, a reconciliation, a backup) stops
 * happening, and nothing says so (T1489).
 */
const productionScheduleStopped: CommandRule = {
  id: "impact.production-schedule-stopped",
  tactic: TACTIC,
  technique: "T1489",
  names: ["gcloud", "aws", "az", "kubectl", "oc"],
  match(inv) {
    const w = commandWords(inv.name, inv.args);
    const a = inv.args;
    // A production CronJob suspended (kubectl --context prod patch cronjob x -p '{"spec":{"suspend":true}}').
    if ((inv.name === "kubectl" || inv.name === "oc") && w[0] === "patch" && /^(?:cronjobs?|cj)(?:\/|$)/.test(w[1] ?? "") && a.some((x) => /"suspend"\s*:\s*true/.test(x))) {
      const where = productionWhere(a);
      if (where === undefined) return undefined;
      const job = (w[1] ?? "").includes("/") ? w[1]!.split("/")[1]! : w[2] ?? "a CronJob";
      return { action: { capability: "write", target: { name: job, production: true }, reversibility: "recoverable", scope: "one" }, reason: `suspends the CronJob ${shown(job)} in production (${shown(where)}): what it did on its schedule stops happening, and nothing says so (T1489)` };
    }
    const stopped =
      (inv.name === "gcloud" && w[0] === "scheduler" && w[1] === "jobs" && /^(?:pause|delete)$/.test(w[2] ?? "")) ||
      (inv.name === "aws" && ((w[0] === "events" && /^(?:disable-rule|delete-rule)$/.test(w[1] ?? "")) || (w[0] === "scheduler" && w[1] === "update-schedule" && a.some((x, i) => x === "--state" && /^disabled$/i.test(a[i + 1] ?? "") || /^--state=disabled$/i.test(x))) || (w[0] === "scheduler" && w[1] === "delete-schedule"))) ||
      (inv.name === "az" && w[0] === "logic" && w[1] === "workflow" && /^(?:disable|delete)$/.test(w[2] ?? ""));
    if (!stopped) return undefined;
    const where = productionWhere(a);
    if (where === undefined) return undefined;
    const job = w.slice(3)[0] ?? optionValues(a, ["--name", "--rule"])[0] ?? "a scheduled job";
    return { action: { capability: "write", target: { name: job, production: true }, reversibility: "recoverable", scope: "one" }, reason: `stops ${shown(job)} running on its schedule in production (${shown(where)}): what it did there stops happening, and nothing says so (T1489)` };
  },
  examples: {
    match: [`gcloud scheduler jobs pause settle-daily-reconcile --location=europe-west1 --project=skv-trading-prod`, `aws --profile prod events disable-rule --name nightly-settlement`, `kubectl --context orbit-prod -n telemetry patch cronjob cassandra-repair -p '{"spec":{"suspend":true}}'`],
    noMatch: [`gcloud scheduler jobs pause settle-daily-reconcile --project=skv-trading-staging`, `gcloud scheduler jobs resume settle-daily-reconcile --project=skv-trading-prod`, `gcloud scheduler jobs list --project=skv-trading-prod`],
  },
};

/** Slurm node states that take a node out of service: DOWN and FAIL kill what runs there; DRAIN and POWER_DOWN start nothing new. */
const OUT_OF_SERVICE = /^(down|fail|failing|drain|power_down|power_down_force|power_down_asap)$/i;

/**
 * A batch cluster's compute nodes taken out of service (scontrol update nodename=… state=down,
 * pbsnodes -o …): the jobs running there are killed, or no job starts there, and everyone's work
 * waits (T1489).
 */
const nodesOutOfService: CommandRule = {
  id: "impact.nodes-out-of-service",
  tactic: TACTIC,
  technique: "T1489",
  names: ["scontrol", "pbsnodes"],
  match(inv) {
    const value = (key: RegExp): string | undefined => inv.args.map((a) => key.exec(a)?.[1]).find((v) => v !== undefined);
    let nodes: string | undefined;
    let state: string;
    if (inv.name === "scontrol") {
      if (inv.args[0]?.toLowerCase() !== "update") return undefined;
      const s = value(/^state=(.+)$/i);
      if (s === undefined || !OUT_OF_SERVICE.test(s)) return undefined;
      // (Or a whole partition: PartitionName=gpu State=DOWN queues or kills every job of it, on every node it holds.)
      const partition = value(/^partition(?:name)?=(.+)$/i);
      nodes = value(/^node(?:name)?s?=(.+)$/i) ?? (partition !== undefined ? `partition ${partition}` : undefined);
      if (nodes === undefined) return undefined;
      state = s.toUpperCase();
    } else if (inv.name === "pbsnodes") {
      if (!inv.args.includes("-o")) return undefined;
      nodes = inv.args.filter((a) => !a.startsWith("-") && inv.args[inv.args.indexOf(a) - 1] !== "-N").join(" ") || undefined;
      if (nodes === undefined) return undefined;
      state = "OFFLINE";
    } else return undefined;
    const kills = /^(?:DOWN|FAIL|POWER_DOWN_FORCE)$/.test(state);
    return { action: { capability: kills ? "delete" : "write", target: { name: shown(nodes) }, reversibility: "recoverable", scope: "account" }, reason: `takes the compute nodes ${shown(nodes)} out of service (${state}): ${kills ? "the jobs running there are killed" : "no job starts there"}, and everyone's work waits (T1489)` };
  },
  examples: {
    match: [`scontrol update nodename=gpu[01-16] state=down reason=maint`, `sudo scontrol update NodeName=node042 State=DRAIN Reason="disk"`, `scontrol update nodename=cn[001-128] state=power_down`, `pbsnodes -o -N "bad dimm" node17 node18`, `sudo scontrol update PartitionName=gpu State=DOWN Reason="nvidia driver 550 rollout"`],
    noMatch: [`scontrol update PartitionName=gpu State=UP`, `scontrol show node gpu01`, `scontrol update nodename=gpu01 state=resume`, `scontrol update jobid=4411 timelimit=2:00:00`, `pbsnodes -a`, `pbsnodes -c node17`],
  },
};

/**
 * Entity Framework told to take a database back to before its first migration (`dotnet ef database
 * update 0`) or to drop it: every table the migrations made goes, with its rows (T1485). A local or
 * test database by its connection is the developer's own.
 */
const efReset: CommandRule = {
  id: "impact.migrations-reverted",
  tactic: "Impact (TA0040)",
  technique: "T1485",
  names: ["dotnet", "dotnet-ef"],
  match(inv) {
    const a = inv.args;
    const at = a.indexOf("database");
    if (at < 0 || (inv.name === "dotnet" && a[at - 1] !== "ef")) return undefined;
    const reverted = a[at + 1] === "update" && a[at + 2] === "0";
    const dropped = a[at + 1] === "drop";
    if (!reverted && !dropped) return undefined;
    const connection = optionValues(a, ["--connection"])[0] ?? "";
    if (/(?:data source|server|host)\s*=\s*\(?(?:localdb|localhost|127\.0\.0\.1|\.)\b/i.test(connection) || /(?:database|initial catalog)\s*=\s*\w*(?:_test|_dev|test|dev)\b/i.test(connection)) return undefined;
    const production = productionWhere([...a, connection]) !== undefined;
    return {
      action: { capability: "delete", target: { name: connection !== "" ? "the database its connection names" : "the project's database", production }, reversibility: "irreversible", scope: production ? "account" : "tree" },
      reason: `${reverted ? "reverts every migration (database update 0)" : "drops the database"}${connection !== "" ? " on the database its --connection names" : ""}: every table the migrations made goes, with its rows (T1485)`,
    };
  },
  examples: {
    match: [`dotnet ef database update 0 --project src/Permits.Data --connection 'User Id=permits;Password=$PW;Data Source=ora-stg-01:1521/PERMITSSTG'`, `dotnet ef database drop --force --connection "Server=sql-prod-01;Database=Shop"`],
    noMatch: [`dotnet ef database update --project src/Permits.Data`, `dotnet ef migrations add AddRefundReason`, `dotnet ef database update 0 --connection "Server=(localdb)\\mssqllocaldb;Database=Shop_Dev"`],
  },
};

/**
 * A site's database copied over another's with Drush (drush sql:sync @site.stage @site.prod): the
 * target's database is dropped and replaced. Onto production, every order, account and edit made there
 * since is gone (T1485).
 */
const databaseSyncedOver: CommandRule = {
  id: "impact.database-synced-over",
  tactic: TACTIC,
  technique: "T1485",
  names: ["drush"],
  match(inv) {
    const ops = inv.args.filter((a) => !a.startsWith("-"));
    const at = ops.findIndex((a) => /^(?:sql:sync|sql-sync)$/.test(a));
    const target = at >= 0 ? ops[at + 2] : undefined;
    if (target === undefined || !productionNamed(target.replace(/^@/, "").replace(/\./g, "-"))) return undefined;
    return { action: { capability: "delete", target: { name: target, production: true }, reversibility: "irreversible", scope: "account" }, reason: `replaces the database of ${shown(target)}, production, with another site's copy: everything made there since is lost (T1485)` };
  },
  examples: {
    match: [`drush sql:sync @millbrook.stage @millbrook.prod -y`, `drush sql-sync @self @site.production`],
    noMatch: [`drush sql:sync @millbrook.prod @millbrook.stage -y`, `drush sql:sync @site.prod @self`, `drush sql:dump --result-file=../dump.sql`],
  },
};

/** mbpoll's and modpoll's options that take a value: everything else not starting with - is the device or host, then values to write. */
const MODBUS_VALUE_OPTIONS = /^-[macrtpbdsPolRAiw]$/;

/**
 * A value written to an industrial controller from the shell: mbpoll or modpoll given values after
 * the host (`mbpoll -t 4 -r 40112 plc01 0`), the modbus CLI's write, python-opcua's uawrite. The
 * physical process the register drives (a dosing pump, a reject gate) changes at once, and what the
 * plant did meanwhile cannot be undone (ATT&CK for ICS T0836 Modify Parameter, T0855). Reads and a
 * controller on this machine (a simulator at localhost) are not.
 */
const controllerWritten: CommandRule = {
  id: "impact.controller-written",
  tactic: "Impair Process Control (TA0106)",
  technique: "T0836",
  names: ["mbpoll", "modpoll", "modbus", "uawrite"],
  match(inv) {
    const a = inv.args;
    let host: string | undefined;
    let values: string[] = [];
    if (inv.name === "mbpoll" || inv.name === "modpoll") {
      const ops: string[] = [];
      for (let i = 0; i < a.length; i++) {
        if (MODBUS_VALUE_OPTIONS.test(a[i]!)) i++;
        // (-1 before the host polls once; after it, -5 is a value to write.)
        else if (!a[i]!.startsWith("-") || (ops.length > 0 && /^-\d/.test(a[i]!))) ops.push(a[i]!);
      }
      [host, ...values] = ops;
    } else if (inv.name === "modbus") {
      if (a[0] !== "write") return undefined;
      host = a.slice(1).find((x) => !x.startsWith("-"));
      values = a.slice(1).filter((x) => !x.startsWith("-")).slice(2);
    } else if (inv.name === "uawrite") {
      host = optionValues(a, ["-u", "--url"])[0];
      values = a.filter((x) => !x.startsWith("-") && x !== host).slice(-1);
    } else return undefined;
    if (host === undefined || values.length === 0) return undefined;
    if (/^(?:localhost|127\.0\.0\.1|::1|\[::1\])(?::\d+)?$|^opc\.tcp:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?(?:\/|$)/i.test(host)) return undefined;
    return { action: { capability: "write", target: { name: host, pathClass: "device" }, reversibility: "irreversible", scope: "system" }, reason: `writes ${shown(values.slice(0, 3).join(" "))} to the industrial controller ${shown(host)}: the physical process it drives changes at once, and what it did meanwhile cannot be undone (T0836)` };
  },
  examples: {
    match: [`mbpoll -m tcp -a 1 -r 40112 -t 4 eastbank-plc01.ot.mcwu.internal 0`, `modpoll -m tcp -r 100 10.20.0.15 1 0`, `modbus write 192.168.0.1 %MW100 1`, `uawrite -u opc.tcp://10.1.2.3:4840 -n "ns=2;s=Pump1.Speed" 0`],
    noMatch: [`mbpoll -m tcp -a 1 -r 40112 -c 4 -t 4 -1 eastbank-plc01.ot.mcwu.internal`, `mbpoll -m tcp -p 5020 localhost 7`, `modbus read 192.168.0.1 %MW100 10`, `modpoll -m tcp -r 100 -c 5 -1 10.20.0.15`],
  },
};

/** A duration as InfluxDB writes one (24h, 7d, 168h0m0s, 2w; 0 or INF keeps everything), in days. */
function influxDays(v: string): number | undefined {
  if (/^(?:0|inf(?:inite)?)$/i.test(v)) return undefined;
  let days = 0;
  let rest = v;
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w)/g)) {
    days += Number(m[1]) * { ns: 0, us: 0, µs: 0, ms: 0, s: 1 / 86_400, m: 1 / 1_440, h: 1 / 24, d: 1, w: 7 }[m[2] as "s"]!;
    rest = rest.replace(m[0], "");
  }
  return rest === "" && days > 0 ? days : undefined;
}

/**
 * A time-series bucket's retention cut to a week or less (influx bucket update --retention 24h): the
 * next compaction deletes every point older than that, the plant's or the service's history with it,
 * and nothing brings it back (T1485). A new bucket given a short retention loses nothing.
 */
const retentionCut: CommandRule = {
  id: "impact.retention-cut",
  tactic: TACTIC,
  technique: "T1485",
  names: ["influx"],
  match(inv) {
    const w = commandWords(inv.name, inv.args);
    if (w[0] !== "bucket" || w[1] !== "update") return undefined;
    const value = optionValues(inv.args, ["--retention", "-r"])[0];
    const days = value === undefined ? undefined : influxDays(value);
    if (days === undefined || days > 7) return undefined;
    const bucket = optionValues(inv.args, ["--name", "-n", "--id", "-i"])[0] ?? "the bucket";
    // (Not a scratch, temporary or CI bucket, nor one on this machine: the prose and tool readings spare them too.)
    const host = optionValues(inv.args, ["--host"])[0] ?? "";
    if (/(?:^|[-_.])(?:tmp|temp|scratch|ci|test|cache)(?:[-_.]|$)/i.test(bucket) || (host !== "" && !isExternalHost(hostOf(host) ?? host))) return undefined;
    return { action: { capability: "delete", target: { name: bucket, production: productionNamed(inv.args.join(" ")) }, reversibility: "irreversible", scope: "account" }, reason: `cuts the retention of InfluxDB bucket ${shown(bucket)} to ${shown(value!)}: every point older than that is deleted at the next compaction, for good (T1485)` };
  },
  examples: {
    match: [`influx bucket update --id 0a8c3e51d27f4b10 --retention 24h --host https://hist01.bmf.internal:8086 --org brackenmoor`, `influx bucket update -n telemetry -r 7d`],
    noMatch: [`influx bucket update --name ci-scratch --retention 2h --host http://localhost:8086`, `influx bucket update --id 0a8c3e51d27f4b10 --retention 90d`, `influx bucket create --name scratch --retention 24h`, `influx bucket update -n telemetry --retention 0`, `influx bucket list`],
  },
};

/**
 * Salt minions' keys deleted from the master (salt-run manage.down removekeys=True, salt-key -D, salt-key -d NAME):
 * the master can no longer reach or manage those machines until each is re-keyed and accepted by hand (T1531).
 */
const minionKeysRemoved: CommandRule = {
  id: "impact.minion-keys-removed",
  tactic: TACTIC,
  technique: "T1531",
  names: ["salt-run", "salt-key"],
  match(inv) {
    const a = inv.args;
    let what: string | undefined;
    let scope: Action["scope"] = "account";
    if (inv.name === "salt-run" && a.includes("manage.down") && a.some((x) => /^removekeys=(?:true|1|yes)$/i.test(x))) what = "the keys of every minion that is down";
    else if (inv.name === "salt-key" && a.some((x) => x === "-D" || x === "--delete-all")) what = "every minion's key";
    else if (inv.name === "salt-key" && a.some((x) => x === "-d" || x === "--delete")) {
      const target = optionValues(a, ["-d", "--delete"])[0] ?? "";
      what = `the key of ${target || "a minion"}`;
      if (!/[*?[]/.test(target)) scope = "one";
    }
    if (what === undefined) return undefined;
    return { action: { capability: "delete", target: { name: what }, reversibility: "recoverable", scope }, reason: `deletes ${shown(what)} from the Salt master: it can no longer reach or manage those machines until each is re-keyed and accepted by hand (T1531)` };
  },
  examples: {
    match: [`sudo salt-run manage.down removekeys=True`, `salt-key -D -y`, `salt-key -d 'web*' -y`],
    noMatch: [`salt-run manage.down`, `salt-key -L`, `salt-key -a edi02.bmf.internal -y`],
  },
};

export const impactRules: readonly CommandRule[] = [minionKeysRemoved, controllerWritten, retentionCut, productionScheduleStopped, archiveDeleted, databaseSyncedOver, efReset, nodesOutOfService, keyDestroyed, productionBulkOrm, cryptoSent, obliterate, productionFullRefresh, recovery, destruction, wipe, encrypt, serviceStop, productionScaledDown, shutdown, accountAccess, directorySubtreeDeleted, resources, diskFill, cloudDelete, productionMigration, liveMoney, productionDataLossPush, bucketExpiry, syncWipe, resourceReplaced, batchJobsCancelled];

