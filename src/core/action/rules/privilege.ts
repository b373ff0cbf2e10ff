// Privilege escalation (TA0004): setuid and setgid bits, file capabilities, sudoers and admin
// groups, kernel modules, library preloading, writes to the account files, container escapes.
// Sources: ATT&CK T1548.001, T1548.003, T1547.006, T1574.006, T1098, T1611; GTFOBins' "SUID",
// "Capabilities" and "Sudo" functions; setcap(8), capabilities(7), ld.so(8), modprobe(8).
import { modeEffect, readChmod } from "../chmod.js";
import type { Action } from "../model.js";
import { classifyPath, everyoneGroup } from "../paths.js";
import { PERSONAL_MAILBOX } from "../tool-call.js";
import { commandWords, optionValues, productionWhere, shown, writtenPaths, type CommandRule } from "./rule.js";

const TACTIC = "Privilege Escalation (TA0004)";

function escalate(name: string, pathClass: Action["target"]["pathClass"], scope: Action["scope"] = "system"): Action {
  return { capability: "escalate", target: { name, pathClass }, reversibility: "recoverable", scope };
}

const setuid: CommandRule = {
  id: "privilege.setuid",
  tactic: TACTIC,
  technique: "T1548.001",
  names: ["chmod", "install"],
  match(inv) {
    let mode: string;
    let file: string | undefined;
    if (inv.name === "chmod") {
      const chmod = readChmod(inv.args);
      mode = chmod.mode;
      file = chmod.files[0];
    } else if (inv.name === "install") {
      // install -m 4755 SRC DEST: the mode lands on the destination.
      const i = inv.args.findIndex((a) => a === "-m" || a === "--mode" || a.startsWith("--mode="));
      if (i < 0) return undefined;
      mode = inv.args[i]!.startsWith("--mode=") ? inv.args[i]!.slice(7) : inv.args[i + 1] ?? "";
      const ops = inv.args.filter((a, j) => !a.startsWith("-") && j !== i + 1 && !/^-[ogm]$/.test(inv.args[j - 1] ?? ""));
      file = ops[ops.length - 1];
    } else return undefined;
    const effect = modeEffect(mode);
    if (!effect.setuid && !effect.setgid) return undefined;
    file ??= "a file";
    const bit = effect.setuid ? "setuid" : "setgid";
    return { action: escalate(file, classifyPath(file)), reason: `sets the ${bit} bit on ${shown(file)}, so it runs with its owner's rights for anyone: privilege escalation (T1548.001)` };
  },
  examples: {
    match: [`sudo install -m 4755 -o root /tmp/sh /usr/local/bin/sh2`, `chmod u+s /bin/bash`, `sudo chmod 4755 /tmp/rootsh`, `chmod +s ./shell`, `chmod g+s,u+x /usr/local/bin/tool`, `chmod 6755 /tmp/x`, `chmod u=rwxs /tmp/x`, `chmod -v a+xs /tmp/x`, `install --mode=2755 x /usr/local/bin/x`],
    noMatch: [`install -m 755 build/cli /usr/local/bin/cli`, `chmod +x run.sh`, `chmod 755 build/out`, `chmod 0644 README.md`, `chmod -R u+rwX src`, `chmod 1777 /tmp/shared`, `chmod u-s /usr/local/bin/tool`, `chmod o+s ./x`],
  },
};

const capabilities: CommandRule = {
  id: "privilege.file-capabilities",
  tactic: TACTIC,
  technique: "T1548",
  names: ["setcap"],
  match(inv) {
    if (inv.name !== "setcap" || inv.args.includes("-r") || inv.args.includes("-v")) return undefined;
    const caps = inv.args.find((a) => /cap_/i.test(a)) ?? "capabilities";
    const file = inv.args.filter((a) => !a.startsWith("-") && a !== caps)[0] ?? "a file";
    return { action: escalate(file, classifyPath(file)), reason: `grants the file capabilities ${shown(caps)} to ${shown(file)}: privilege escalation (T1548)` };
  },
  examples: {
    match: [`setcap cap_setuid+ep /usr/bin/python3`, `sudo setcap cap_net_raw,cap_dac_override=eip ./tool`],
    noMatch: [`getcap -r / 2>/dev/null`, `setcap -r /usr/bin/ping`, `capsh --print`],
  },
};

const SUDOERS = /^\/etc\/sudoers(\.d\/.*)?$|^\/private\/etc\/sudoers/;
const ADMIN_GROUPS = /^(sudo|wheel|admin|administrators|root|adm|docker|lxd|disk|shadow)$/i;

const sudoers: CommandRule = {
  id: "privilege.sudoers",
  tactic: TACTIC,
  technique: "T1548.003",
  match(inv) {
    const path = writtenPaths(inv).find((p) => SUDOERS.test(p)) ?? (inv.name === "visudo" && !inv.args.some((a) => a === "-c" || a === "--check") ? "/etc/sudoers" : undefined);
    if (path) {
      const nopasswd = /NOPASSWD/.test(inv.command.text) ? " without a password" : "";
      return { action: escalate(path, "system"), reason: `writes a sudo rule${nopasswd} to ${shown(path)}: privilege escalation (T1548.003)` };
    }
    const groups: string[] = [];
    if (inv.name === "usermod" && inv.args.some((a) => /^-[a-zA-Z]*G$/.test(a) || a === "--groups" || a === "--append")) {
      for (const a of inv.args) if (!a.startsWith("-")) groups.push(...a.split(","));
    }
    if (inv.name === "gpasswd" && (inv.args.includes("-a") || inv.args.includes("--add"))) groups.push(...inv.args.slice(-1));
    if ((inv.name === "adduser" || inv.name === "addgroup") && inv.args.filter((a) => !a.startsWith("-")).length === 2) groups.push(inv.args[inv.args.length - 1]!);
    if (inv.name === "dseditgroup" && inv.args.includes("admin")) groups.push("admin");
    // Synology DSM's synogroup --memberadd <group> <user…>: the NAS's administrators group runs everything on it.
    if (inv.name === "synogroup" && (inv.args[0] === "--memberadd" || inv.args[0] === "--add")) groups.push(inv.args[1] ?? "");
    if (inv.name === "dscl" && inv.args.some((a) => a === "-append" || a === "-merge") && inv.args.some((a) => /^\/Groups\/(admin|wheel)$/.test(a))) groups.push("admin");
    const admin = groups.find((g) => ADMIN_GROUPS.test(g));
    if (admin) return { action: escalate(admin, "system"), reason: `adds a user to the ${admin} group, which can act as root: privilege escalation (T1098)`, technique: "T1098" };
    return undefined;
  },
  examples: {
    match: [
      `echo "bob ALL=(ALL) NOPASSWD:ALL" >> /etc/sudoers`,
      `echo 'x ALL=(ALL) ALL' | sudo tee /etc/sudoers.d/x`,
      `usermod -aG sudo bob`,
      `sudo gpasswd -a bob docker`,
      `dseditgroup -o edit -a bob -t user admin`,
      `sudo dscl . -append /Groups/admin GroupMembership eve`,
      `sudo synogroup --memberadd administrators edi-sftp`,
      `echo "me ALL=(ALL) NOPASSWD: ALL" | sudo EDITOR='tee -a' visudo`,
    ],
    noMatch: [`visudo -c`, `sudo -l`, `groups`, `cat /etc/sudoers`, `usermod -aG video bob`, `id bob`, `synogroup --get administrators`, `synogroup --memberadd photo-editors anna`],
  },
};

const MODULE_CONFIG = /^\/etc\/(modules|modules-load\.d\/.+|modprobe\.d\/.+)$/;

/** The programs kernelModule reads the operands of. */
const MODULE_LOADERS: ReadonlySet<string> = new Set(["insmod", "modprobe", "kextload", "kmutil"]);

const kernelModule: CommandRule = {
  id: "privilege.kernel-module",
  tactic: TACTIC,
  technique: "T1547.006",
  match(inv) {
    // The operands, for the module loaders below only.
    const args = MODULE_LOADERS.has(inv.name) ? inv.args.filter((a) => !a.startsWith("-")) : [];
    if (inv.name === "insmod" || (inv.name === "modprobe" && !inv.args.some((a) => a === "-r" || a === "--remove" || a === "-n" || a === "--dry-run" || a === "-c" || a === "--show-depends"))) {
      const mod = args[0];
      if (!mod) return undefined;
      return { action: escalate(mod, "system"), reason: `loads the kernel module ${shown(mod)}, code that runs with full kernel rights: privilege escalation (T1547.006)` };
    }
    if (inv.name === "kextload" || (inv.name === "kmutil" && args[0] === "load")) {
      return { action: escalate(args[args.length - 1] ?? "kernel extension", "system"), reason: "loads a macOS kernel extension: privilege escalation (T1547.006)" };
    }
    const path = writtenPaths(inv).find((p) => MODULE_CONFIG.test(p));
    if (path) return { action: escalate(path, "system"), reason: `writes ${shown(path)} so a kernel module loads at every boot: persistence (T1547.006)` };
    return undefined;
  },
  examples: {
    match: [`insmod /tmp/rootkit.ko`, `sudo modprobe evil`, `echo diamorphine >> /etc/modules`, `kextload /tmp/x.kext`],
    noMatch: [`lsmod`, `modinfo ext4`, `modprobe -r pcspkr`, `modprobe -n -v vfat`],
  },
};

const preload: CommandRule = {
  id: "privilege.library-preload",
  tactic: TACTIC,
  technique: "T1574.006",
  match(inv) {
    const path = writtenPaths(inv).find((p) => p === "/etc/ld.so.preload");
    if (path) return { action: escalate(path, "system"), reason: "writes /etc/ld.so.preload, loading a library into every program on the system: hijack execution (T1574.006)" };
    const fromEnv = inv.env.get("LD_PRELOAD") ?? inv.env.get("DYLD_INSERT_LIBRARIES");
    const exported = inv.name === "export" || inv.name === "declare" || inv.name === "typeset" || inv.name === "setenv" || inv.name === "launchctl" ? inv.args.find((a) => /^(LD_PRELOAD|DYLD_INSERT_LIBRARIES)(=|$)/.test(a)) : undefined;
    const launchctlSet = inv.name === "launchctl" && inv.args[0] === "setenv" && /^(LD_PRELOAD|DYLD_INSERT_LIBRARIES)$/.test(inv.args[1] ?? "");
    const lib = fromEnv ?? (exported ? exported.split("=")[1] ?? inv.args[1] : launchctlSet ? inv.args[2] : undefined);
    if (lib === undefined || lib === "") return undefined;
    // A library in the project or a build output is how sanitizers and test shims are loaded.
    const cls = classifyPath(lib);
    if (cls === "project" || cls === "build-output") return undefined;
    const scope = inv.name === "" || exported !== undefined || launchctlSet ? "account" : "one";
    return {
      action: escalate(lib, cls, scope),
      reason: `preloads the library ${shown(lib)} into ${scope === "one" ? `${inv.name}` : "every program started from here"}: hijack execution (T1574.006)`,
    };
  },
  examples: {
    match: [`echo /tmp/libhook.so > /etc/ld.so.preload`, `LD_PRELOAD=/tmp/x.so sudo -l`, `export LD_PRELOAD=/dev/shm/evil.so`, `DYLD_INSERT_LIBRARIES=/tmp/inject.dylib /Applications/Safari.app/Contents/MacOS/Safari`],
    noMatch: [`cat /etc/ld.so.preload`, `LD_PRELOAD=./build/libasan_shim.so ./build/test_runner`, `echo $LD_PRELOAD`, `LD_LIBRARY_PATH=/usr/local/lib python3 t.py`],
  },
};

const ACCOUNT_FILES = /^\/etc\/(passwd|shadow|group|gshadow|master\.passwd)$/;

const accountFiles: CommandRule = {
  id: "privilege.account-files",
  tactic: TACTIC,
  technique: "T1098",
  match(inv) {
    const path = writtenPaths(inv).find((p) => ACCOUNT_FILES.test(p));
    if (path) {
      const uid0 = /:0:0:/.test(inv.command.text) ? " an account with user id 0 (root)" : "";
      return { action: { capability: "escalate", target: { name: path, pathClass: "credentials" }, reversibility: "irreversible", scope: "system" }, reason: `writes${uid0} to ${path}: account manipulation (T1098)` };
    }
    if ((inv.name === "passwd" && inv.args.includes("root")) || (inv.name === "chpasswd")) {
      return { action: { capability: "escalate", target: { name: "account password", pathClass: "credentials" }, reversibility: "irreversible", scope: "system" }, reason: "changes an account's password: account manipulation (T1098)" };
    }
    return undefined;
  },
  examples: {
    match: [`echo 'toor:x:0:0::/root:/bin/bash' >> /etc/passwd`, `echo "root:hunter2" | chpasswd`, `sudo passwd root`, `cp /tmp/shadow /etc/shadow`],
    noMatch: [`cat /etc/passwd`, `getent group docker`, `passwd --help`],
  },
};

const containerEscape: CommandRule = {
  id: "privilege.container-escape",
  tactic: TACTIC,
  technique: "T1611",
  names: ["docker", "podman", "kubectl", "oc", "nsenter"],
  match(inv) {
    const t = inv.command.text;
    if ((inv.name === "docker" || inv.name === "podman") && /\b(run|create|exec)\b/.test(t)) {
      const hostRoot = /(-v|--volume|--mount)[ =]\/:\/|(-v|--volume)[ =]\/:|source=\/,/.test(t);
      const priv = /--privileged\b|--pid[ =]host\b|--cap-add[ =](ALL|SYS_ADMIN)\b/i.test(t);
      const sock = /\/var\/run\/docker\.sock/.test(t);
      if (hostRoot || priv || sock) {
        const what = hostRoot ? "mounts the host's root file system into a container" : sock ? "hands a container the Docker socket (root on the host)" : "starts a privileged container";
        return { action: escalate("container host", "system"), reason: `${what}: escape to host (T1611)` };
      }
    }
    // A pod on the host's namespaces or with the host's disk (kubectl run --overrides '{…"privileged":true, "hostPID":true…}'), or a node debugged: root on the node.
    if ((inv.name === "kubectl" || inv.name === "oc") && /\b(run|debug)\b/.test(t)) {
      const hostAccess = /["']?(privileged|hostPID|hostNetwork|hostIPC)["']?\s*:\s*true|["']?hostPath["']?\s*:|--privileged\b|--profile[ =](sysadmin|netadmin)\b/i.test(t) || (/\bdebug\b/.test(t) && /\bnode\/\S+/.test(t));
      if (hostAccess) return { action: escalate("cluster node", "system"), reason: "starts a pod with the node's namespaces, disk or full privileges (or debugs the node itself): escape to the node (T1611)" };
    }
    if (inv.name === "nsenter" && /(-t|--target)[ =]?1\b/.test(t)) return { action: escalate("host namespaces", "system"), reason: "enters the namespaces of the host's init process: escape to host (T1611)" };
    return undefined;
  },
  examples: {
    match: [`kubectl run dbg -n kube-system --rm -it --image=alpine --overrides='{"spec":{"hostPID":true,"containers":[{"name":"dbg","image":"alpine","securityContext":{"privileged":true}}]}}'`, `kubectl debug node/worker-1 -it --image=busybox`, `docker run -v /:/mnt --rm -it alpine chroot /mnt sh`, `docker run --privileged -it ubuntu bash`, `nsenter -t 1 -m -u -i -n sh`, `docker run -v /var/run/docker.sock:/var/run/docker.sock img`],
    noMatch: [`kubectl run tmp --rm -it --image=busybox -- sh`, `kubectl debug -it pod/api-7d9 --image=busybox --target=api`, `docker run --rm -v "$PWD":/app node:20 npm test`, `docker ps`, `docker build -t app .`],
  },
};

const adminPrompt: CommandRule = {
  id: "privilege.admin-prompt",
  tactic: TACTIC,
  technique: "T1548.004",
  names: ["osascript"],
  match(inv) {
    if (inv.name !== "osascript" || !/with administrator privileges/i.test(inv.command.text)) return undefined;
    return { action: escalate("administrator prompt", "system"), reason: "asks the user for an administrator password through a system dialog to run a command as root: elevated execution with prompt (T1548.004)" };
  },
  examples: {
    match: [`osascript -e 'do shell script "cp /tmp/x /usr/local/bin/" with administrator privileges'`],
    noMatch: [`osascript -e 'display dialog "Build finished"'`],
  },
};

const PAM = /^\/etc\/pam\.d\/|^\/(usr\/)?lib(64)?\/(x86_64-linux-gnu\/)?security\/pam_[\w-]+\.so$|^\/etc\/security\/pam_/;

const pam: CommandRule = {
  id: "privilege.pam",
  tactic: "Credential Access (TA0006)",
  technique: "T1556.003",
  match(inv) {
    const path = writtenPaths(inv).find((p) => PAM.test(p));
    if (!path) return undefined;
    return { action: { capability: "escalate", target: { name: path, pathClass: "credentials" }, reversibility: "recoverable", scope: "system" }, reason: `changes how the system checks passwords (${shown(path)}): modify authentication process (T1556.003)` };
  },
  examples: {
    match: [`sed -i '1i auth sufficient pam_permit.so' /etc/pam.d/sshd`, `cp pam_backdoor.so /lib/x86_64-linux-gnu/security/pam_unix.so`],
    noMatch: [`cat /etc/pam.d/common-auth`, `grep pam_unix /etc/pam.d/*`],
  },
};

/** polkit's rules and local authority: who may do what as root without a password. */
const POLKIT = /^\/(etc|usr\/share|var\/lib)\/polkit-1\/(rules\.d|localauthority|localauthority\.conf\.d)\//;

const polkit: CommandRule = {
  id: "privilege.polkit",
  tactic: TACTIC,
  technique: "T1548",
  match(inv) {
    const path = writtenPaths(inv).find((p) => POLKIT.test(p));
    if (!path) return undefined;
    return { action: escalate(path, "system"), reason: `writes a polkit rule (${shown(path)}), which decides who may act as root without a password: abuse elevation control (T1548)` };
  },
  examples: {
    match: [`sudo tee /etc/polkit-1/rules.d/00-x.rules < rule.js`, `cp allow.pkla /var/lib/polkit-1/localauthority/50-local.d/`, `echo 'polkit.addRule(function(){return polkit.Result.YES;});' > /etc/polkit-1/rules.d/10.rules`],
    noMatch: [`cat /etc/polkit-1/rules.d/50-default.rules`, `pkaction --verbose`, `ls /usr/share/polkit-1/actions`],
  },
};

const SHELLS = /^(sh|bash|dash|zsh|ksh|csh|tcsh|fish|ash|busybox)$/;

/**
 * A shell started through a program run as root, by an option that runs a command (GTFOBins'
 * "Sudo" functions: `sudo tar … --checkpoint-action=exec=/bin/sh`, `sudo find . -exec /bin/sh \;`):
 * a root shell the sudoers entry never meant to give.
 */
const shellEscape: CommandRule = {
  id: "privilege.sudo-shell-escape",
  tactic: TACTIC,
  technique: "T1548.003",
  names: ["sh", "bash", "dash", "zsh", "ksh", "csh", "tcsh", "fish", "ash", "busybox"],
  match(inv, all) {
    if (!SHELLS.test(inv.name) || inv.args.some((a) => !a.startsWith("-")) || inv.privileged) return undefined;
    const via = /^(\S+) (runs|-exec)/.exec(inv.command.via ?? "")?.[1];
    if (via === undefined) return undefined;
    const parent = all.find((o) => o.privileged && o.name === via.replace(/^.*\//, ""));
    if (parent === undefined) return undefined;
    return { action: escalate(`a root shell through ${via}`, "system"), reason: `starts ${inv.name} through ${via} run with sudo: a root shell by a program's command option (T1548.003)` };
  },
  examples: {
    match: [`sudo tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec=/bin/sh`, `sudo find . -exec /bin/sh \\; -quit`],
    noMatch: [`tar -cf /dev/null /dev/null --checkpoint=1 --checkpoint-action=exec=/bin/sh`, `sudo tar -czf backup.tgz src`, `sudo find /var/log -name '*.gz' -exec rm {} \\;`],
  },
};

/** macOS's authorization database: a right set to `allow` needs no password from anyone (`security authorizationdb write system.privilege.admin allow`). */
const authorizationDb: CommandRule = {
  id: "privilege.authorization-db",
  tactic: TACTIC,
  technique: "T1548",
  names: ["security"],
  match(inv) {
    const a = inv.args;
    if (inv.name !== "security" || a[0] !== "authorizationdb" || a[1] !== "write") return undefined;
    const right = a[2] ?? "a right";
    if (!/^(allow|authenticate-session-owner-or-admin|is-admin)$/.test(a[3] ?? "") && a[3] !== undefined) return undefined;
    return { action: escalate(`the authorization right ${right}`, "system"), reason: `sets the macOS authorization right ${shown(right)} to ${a[3] ?? "what standard input gives"}: an administrator's right without the administrator (T1548)` };
  },
  examples: {
    match: [`sudo security authorizationdb write system.privilege.admin allow`, `security authorizationdb write system.preferences allow`],
    noMatch: [`security authorizationdb read system.privilege.admin`, `security find-generic-password -s x`],
  },
};

/**
 * Code loaded into another running process: a debugger attached to it that calls dlopen or
 * mmap, or writes its memory (/proc/PID/mem): it runs with that process's rights (T1055).
 */
const processInjection: CommandRule = {
  id: "privilege.process-injection",
  tactic: TACTIC,
  technique: "T1055",
  match(inv) {
    const t = inv.command.text;
    const debugger_ = (inv.name === "gdb" || inv.name === "lldb") && /(^|\s)(-p|--pid|attach)[ =]?\S/.test(t) && /\b(dlopen|__libc_dlopen_mode|mmap|mprotect|call|expr|set\s+\*)/.test(t);
    const memory = inv.command.redirects.some((r) => /^>/.test(r.op) && /^\/proc\/[^/]+\/mem$/.test(r.target)) || (inv.name === "dd" && inv.args.some((a) => /^of=\/proc\/[^/]+\/mem$/.test(a)));
    if (!debugger_ && !memory) return undefined;
    return { action: escalate("another running process", "system"), reason: `${debugger_ ? `attaches ${inv.name} to a running process and makes it load or run code` : "writes into a running process's memory"}: process injection (T1055)` };
  },
  examples: {
    match: [`gdb -p $(pgrep -n -u root nginx) -batch -ex 'call (void*)dlopen("/dev/shm/.libnss_x.so", 2)' -ex detach`, `dd if=payload.bin of=/proc/812/mem bs=1 seek=4198400 conv=notrunc`],
    noMatch: [`gdb ./a.out`, `gdb -p 812 -batch -ex bt`, `gdb -batch -ex run --args ./test`],
  },
};

/** Google Workspace administrator rights given with GAM: `gam create admin <user> <role> customer`, `gam update user <user> admin on`. */
const workspaceAdmin: CommandRule = {
  id: "privilege.workspace-admin",
  tactic: "Persistence (TA0003)",
  technique: "T1098.003",
  names: ["gam"],
  match(inv) {
    if (inv.name !== "gam") return undefined;
    const w = inv.args.map((a) => a.toLowerCase());
    const created = w[0] === "create" && w[1] === "admin" ? inv.args[2] : w[0] === "update" && w[1] === "user" && /\badmin (?:on|true)\b/.test(w.slice(3).join(" ")) ? inv.args[2] : undefined;
    // An administrators' group given a new owner, manager or member from a personal mailbox: gam update group it-admins@… add owner user x@proton.me.
    if (created === undefined && w[0] === "update" && w[1] === "group" && /admin|owner|security|root|superuser/.test(w[2] ?? "") && w[3] === "add") {
      const who = inv.args.slice(4).find((a) => PERSONAL_MAILBOX.test(a));
      if (who !== undefined) return { action: { capability: "escalate", target: { name: shown(who), external: true }, reversibility: "recoverable", scope: "account" }, reason: `adds ${shown(who)}, a personal mailbox, to the administrators' group ${shown(inv.args[2] ?? "")}: an outsider holds its rights (T1098.003)` };
    }
    if (created === undefined) return undefined;
    return { action: { capability: "escalate", target: { name: shown(created) }, reversibility: "recoverable", scope: "account" }, reason: `makes ${shown(created)} an administrator of the Google Workspace domain: every account and its mail are theirs to change (T1098.003)` };
  },
  examples: {
    match: [`gam create admin helpdesk-temp@acme.com _SEED_ADMIN_ROLE customer`, `gam update user jo@acme.com admin on`, `gam update group domain-admins@acme.com add owner user ops.helper.77@gmail.com`],
    noMatch: [`gam update group domain-admins@acme.com add member user jo@acme.com`, `gam info user jo@acme.com`, `gam print admins`, `gam update user jo@acme.com admin off`, `gam create user new@acme.com firstname New lastname Hire`],
  },
};

/** Slurm's administrative levels above None: an Operator or Administrator changes any user's accounts, limits and jobs. */
const SCHEDULER_ADMIN_LEVEL = /^adminlevel=(operator|admin|administrator)$/i;

/**
 * A user made an administrator or operator of a batch cluster (sacctmgr … adminlevel=Administrator
 * or Operator): they can change any user's accounts and limits, and an administrator anything on
 * the controller (T1098; Slurm's sacctmgr(1), AdminLevel).
 */
const schedulerAdmin: CommandRule = {
  id: "privilege.scheduler-admin",
  tactic: "Persistence (TA0003)",
  technique: "T1098",
  names: ["sacctmgr"],
  match(inv) {
    const level = inv.args.map((a) => SCHEDULER_ADMIN_LEVEL.exec(a)?.[1]).find((l) => l !== undefined);
    if (level === undefined || !inv.args.some((a) => /^(?:add|create|modify|update)$/i.test(a))) return undefined;
    // Who: name=… (modify user where name=…), or the word after `user` (add user jdoe …).
    const named = inv.args.map((a) => /^names?=(.+)$/i.exec(a)?.[1]).find((n) => n !== undefined);
    const u = inv.args.findIndex((a) => /^users?$/i.test(a));
    const after = u >= 0 ? inv.args[u + 1] : undefined;
    const who = named ?? (after !== undefined && !/^(?:where|set)$/i.test(after) && !after.includes("=") ? after : "a user");
    // An Administrator may also change anything on the controller, as root or the slurm user could;
    // an Operator only the accounting database's objects (users, accounts, limits).
    const operator = level.toLowerCase() === "operator";
    return operator
      ? { action: { capability: "escalate", target: { name: shown(who) }, reversibility: "recoverable", scope: "tree" }, reason: `makes ${shown(who)} a Slurm operator (AdminLevel=${level}): they can add, change and remove any user, account and limit in the cluster's accounting (T1098)` }
      : { action: { capability: "escalate", target: { name: shown(who) }, reversibility: "recoverable", scope: "account" }, reason: `makes ${shown(who)} a Slurm administrator (AdminLevel=${level}): they can change anything on the cluster's controller, as root could, and any user's accounts, limits and jobs (T1098)` };
  },
  examples: {
    match: [`sacctmgr modify user where name=jdoe set adminlevel=Administrator`, `sudo sacctmgr -i add user tmpops account=ops AdminLevel=Operator`, `sacctmgr -i modify user jdoe set AdminLevel=Admin`],
    noMatch: [`sacctmgr show user jdoe withassoc`, `sacctmgr modify user where name=jdoe set adminlevel=None`, `sacctmgr add user jdoe account=physics`, `sacctmgr list users format=user,adminlevel`],
  },
};

/** dsacls rights that hand over an object: full control (GA), write (GW), write the DACL (WD), take ownership (WO), extended rights (CA). */
const AD_CONTROL_RIGHT = /^(?:GA|GW|WD|WO|CA)$/i;
/** Objects whose control is control of the domain: AdminSDHolder (its ACL is copied onto every admin account), the domain root, the admin groups. */
const AD_CONTROL_OBJECT = /CN=AdminSDHolder\b|^DC=|CN=(?:Domain|Enterprise|Schema) Admins\b|CN=Administrators\b|OU=Domain Controllers\b/i;

/**
 * dsacls /G granting control of an Active Directory object (GenericAll, WriteDacl, WriteOwner): the
 * grantee can change it at will. On AdminSDHolder, the domain root or an admin group, that is the
 * domain: AdminSDHolder's ACL is copied onto every privileged account every hour (T1098, T1484).
 */
const adObjectControl: CommandRule = {
  id: "privilege.ad-object-control",
  tactic: "Persistence (TA0003)",
  technique: "T1098",
  names: ["dsacls"],
  match(inv) {
    const g = inv.args.findIndex((a) => /^\/G$/i.test(a));
    if (g < 0) return undefined;
    const grants = inv.args.slice(g + 1).filter((a) => a.includes(":") && !a.startsWith("/"));
    const control = grants.find((x) => x.slice(x.lastIndexOf(":") + 1).split(/[;,]/)[0]!.match(/[A-Z]{2}/gi)?.some((r) => AD_CONTROL_RIGHT.test(r)));
    if (control === undefined) return undefined;
    const object = inv.args.find((a) => /(?:^|,)(?:CN|OU|DC)=/i.test(a)) ?? "an Active Directory object";
    const who = control.slice(0, control.lastIndexOf(":"));
    const domain = AD_CONTROL_OBJECT.test(object);
    return { action: { capability: "escalate", target: { name: shown(object) }, reversibility: "recoverable", scope: domain ? "system" : "one" }, reason: domain ? `gives ${shown(who)} control of ${shown(object)} (${control.slice(control.lastIndexOf(":") + 1)}): that is control of the domain's administrators, and on AdminSDHolder it is copied onto every privileged account (T1098)` : `gives ${shown(who)} control of ${shown(object)} (${control.slice(control.lastIndexOf(":") + 1)}): they can change it, its members or its password at will (T1098)` };
  },
  examples: {
    match: [`dsacls "CN=AdminSDHolder,CN=System,DC=corp,DC=local" /G "CORP\\svc-intake:GA"`, `dsacls "DC=corp,DC=local" /G "CORP\\helpdesk:CA;Replicating Directory Changes All"`, `dsacls "OU=Finance,DC=corp,DC=local" /I:T /G "CORP\\fin-admins:GA"`],
    noMatch: [`dsacls "OU=Finance,DC=corp,DC=local"`, `dsacls "OU=Finance,DC=corp,DC=local" /G "CORP\\auditors:GR"`, `dsacls "CN=AdminSDHolder,CN=System,DC=corp,DC=local" /R "CORP\\svc-old"`],
  },
};

/** A member that is everyone in a company or a whole engineering group: domain:acme.io, group:eng-all@, group:everyone@. */
const BROAD_MEMBER = /^(?:domain:[\w.-]+|group:(?:[\w.-]*[-_.])?(?:all|everyone|everybody|staff|employees|company|engineering|eng|developers|devs)(?:[-_.][\w.-]*)?@[\w.-]+)$/i;

/** A cloud role given to a whole company or engineering-wide group (gcloud add-iam-policy-binding): everyone in it gets what the role allows. */
const broadCloudGrant: CommandRule = {
  id: "privilege.broad-cloud-grant",
  tactic: "Persistence (TA0003)",
  technique: "T1098.003",
  names: ["gcloud", "bq", "gsutil"],
  match(inv) {
    const a = inv.args;
    // gsutil iam ch MEMBER:ROLE gs://bucket: the member and the role in one word.
    if (inv.name === "gsutil" && a[0] === "iam" && a[1] === "ch") {
      const change = a.slice(2).find((x) => !x.startsWith("-") && !x.startsWith("gs://"));
      const member = change?.slice(0, change.lastIndexOf(":"));
      const bucket = a.find((x) => x.startsWith("gs://")) ?? "a bucket";
      if (change === undefined || member === undefined || !BROAD_MEMBER.test(member)) return undefined;
      const personal = /customer|subscriber|user|member|patient|people|pii|export/i.test(bucket);
      return { action: { capability: "grant-access", target: { name: shown(bucket), personal }, reversibility: "recoverable", scope: "one" }, reason: `gives ${shown(member)} ${shown(change.slice(change.lastIndexOf(":") + 1))} on ${shown(bucket)}: everyone in that group gets it at once (T1098.003)` };
    }
    if (!a.includes("add-iam-policy-binding")) return undefined;
    const i = a.indexOf("--member");
    const member = i >= 0 ? a[i + 1] : a.find((x) => x.startsWith("--member="))?.slice(9);
    if (member === undefined || !BROAD_MEMBER.test(member)) return undefined;
    const j = a.indexOf("--role");
    const role = j >= 0 ? a[j + 1] : a.find((x) => x.startsWith("--role="))?.slice(7);
    const resource = a[a.indexOf("add-iam-policy-binding") + 1] ?? "the resource";
    return { action: { capability: "grant-access", target: { name: shown(resource) }, reversibility: "recoverable", scope: "one" }, reason: `gives ${shown(member)} ${shown(role ?? "a role")} on ${shown(resource)}: everyone in that group gets it at once (T1098.003)` };
  },
  examples: {
    match: [`gcloud projects add-iam-policy-binding acme-data-prod --member=group:all-engineering@acme.io --role=roles/bigquery.dataViewer`, `gcloud projects add-iam-policy-binding acme-prod --member domain:acme.io --role roles/viewer`, `gsutil iam ch group:all-staff@acme.tv:objectViewer gs://acme-subscriber-exports`],
    noMatch: [`gcloud projects add-iam-policy-binding acme-data-prod --member=group:data-platform-oncall@acme.io --role=roles/bigquery.dataViewer`, `gcloud projects get-iam-policy acme-prod`, `gcloud projects add-iam-policy-binding acme-dev --member=user:jo@acme.io --role=roles/viewer`, `gsutil iam ch user:jo@acme.tv:objectViewer gs://acme-assets`],
  },
};

/** An account added to an administrators' group, or any group given to everyone in the domain (Add-ADGroupMember … -Members "Domain Users"): everyoneGroup. */
const adminGroupToEveryone: CommandRule = {
  id: "privilege.admin-group-to-everyone",
  tactic: TACTIC,
  technique: "T1098.007",
  names: ["add-adgroupmember", "add-localgroupmember", "net"],
  match(inv) {
    const name = inv.name;
    const value = (flag: RegExp): string | undefined => inv.args.flatMap((x, i) => (flag.test(x) ? [inv.args[i + 1] ?? ""] : []))[0]?.replace(/^["']|["']$/g, "");
    let group: string | undefined;
    let members: string | undefined;
    if (name === "add-adgroupmember" || name === "add-localgroupmember") {
      group = value(/^-(?:identity|group|name)$/i);
      members = value(/^-members?$/i);
    } else if (name === "net" && /^(?:localgroup|group)$/i.test(inv.args[0] ?? "") && inv.args.some((x) => /^\/add$/i.test(x))) {
      group = inv.args[1];
      members = inv.args[2];
    }
    if (group === undefined || members === undefined) return undefined;
    const everyone = members.split(",").some((m) => everyoneGroup(m.trim().replace(/^["']|["']$/g, "").replace(/^[\w-]+\\/, "")));
    const admins = /admin/i.test(group);
    // An administrators' group given to anyone, or any group (operators, a data group) given to everyone in the domain.
    if (!admins && !everyone) return undefined;
    return { action: { capability: admins ? "escalate" : "grant-access", target: { name: group, pathClass: "system" }, reversibility: "recoverable", scope: everyone ? "system" : "one" }, reason: everyone ? `puts ${members} in ${group}: every account in the domain gets what that group may do (T1098.007)` : `adds ${members} to ${group}: an administrator there (T1098.007)` };
  },
  examples: {
    match: [`Add-ADGroupMember -Identity "Perforce-Admins" -Members "Domain Users"`, `net localgroup Administrators Everyone /add`, `Add-ADGroupMember -Identity 'GG-vSphere-Operators' -Members 'Domain Users'`, `net localgroup Administrators 'UNIV\\lab-helpdesk-temp' /add`, `net group "Plant-Admins" contractor7 /add /domain`],
    noMatch: [`Add-ADGroupMember -Identity "Artists" -Members "j.doe"`, `net localgroup Administrators`, `net localgroup Users bob /add`, `net group "Developers" bob /add /domain`, `net group "Domain Admins" /domain`],
  },
};

/**
 * Access granted in a cloud account, any role (az role assignment create, az ad group member add,
 * gcloud … add-iam-policy-binding, aws iam add-user-to-group / attach-*-policy): whoever it names can
 * do what the role allows. A pause; owner-level roles and whole-company grants are judged harder by
 * their own rules.
 */
const cloudAccessGrant: CommandRule = {
  id: "privilege.cloud-access-grant",
  tactic: TACTIC,
  technique: "T1098.003",
  names: ["az", "gcloud", "aws"],
  match(inv) {
    const w = commandWords(inv.name, inv.args);
    const at = (...words: string[]) => words.every((x, k) => w[k] === x);
    const granted =
      (inv.name === "az" && (at("role", "assignment", "create") || at("ad", "group", "member", "add"))) ||
      (inv.name === "gcloud" && w.includes("add-iam-policy-binding")) ||
      (inv.name === "aws" && w[0] === "iam" && /^(?:add-user-to-group|attach-(?:user|role|group)-policy)$/.test(w[1] ?? "")) ||
      // A user pool's or directory's group (Cognito, Identity Center): the application's own roles.
      (inv.name === "aws" && ((w[0] === "cognito-idp" && w[1] === "admin-add-user-to-group") || (w[0] === "identitystore" && w[1] === "create-group-membership")));
    if (!granted) return undefined;
    const what = w.slice(0, 4).join(" ");
    // An administrators' group, to an account outside the organisation's own domain or in production: a hard stop's reach.
    const group = optionValues(inv.args, ["--group-name", "--group", "-g", "--role"])[0] ?? "";
    const admin = /admin|owner|root|superuser|privileged/i.test(group);
    const production = productionWhere(inv.args) !== undefined;
    return { action: { capability: "grant-access", target: { name: `${inv.name} ${what}`, production }, reversibility: "recoverable", scope: admin ? "account" : "one" }, reason: `grants access in a cloud account (${inv.name} ${shown(what)}${admin ? `, to the group ${shown(group)}` : ""}): whoever it names can do what the role allows (T1098.003)` };
  },
  examples: {
    match: [`az ad group member add --group sg-finance-rw --member-id 0e6b3f58-2d71`, `az role assignment create --assignee-object-id 9d3e --role 'Storage Blob Data Reader' --scope /subscriptions/5b/resourceGroups/rg-prod`, `gcloud projects add-iam-policy-binding acme --member user:x@y.com --role roles/viewer`, `aws iam attach-user-policy --user-name bot --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess`, `aws cognito-idp admin-add-user-to-group --user-pool-id us-east-1_X --username ops@helpdesk.example --group-name clinic-admins --profile app-prod`],
    noMatch: [`aws cognito-idp admin-list-groups-for-user --user-pool-id us-east-1_X --username a`, `az role assignment list --assignee x@y.com`, `az ad group member list --group sg-finance-rw`, `gcloud projects get-iam-policy acme`, `aws iam list-attached-user-policies --user-name bot`, `echo "az role assignment create"`],
  },
};

/** Kubernetes' groups that hold every authenticated user, every service account, or anyone at all. */
const K8S_EVERYONE = /^(?:system:authenticated|system:unauthenticated|system:serviceaccounts|system:anonymous)$/;
/** A Kubernetes role bound to everyone who can reach the API (kubectl create rolebinding … --group=system:authenticated): every account and pod token gets it. */
const k8sBindingToEveryone: CommandRule = {
  id: "privilege.k8s-binding-to-everyone",
  tactic: TACTIC,
  technique: "T1098.006",
  names: ["kubectl", "oc"],
  match(inv) {
    const a = inv.args;
    if (!a.includes("create") || !a.some((x) => x === "rolebinding" || x === "clusterrolebinding")) return undefined;
    const values = (flag: string): string[] => a.flatMap((x, i) => (x === flag ? [a[i + 1] ?? ""] : x.startsWith(`${flag}=`) ? [x.slice(flag.length + 1)] : []));
    const who = [...values("--group"), ...values("--user")].find((x) => K8S_EVERYONE.test(x));
    if (who === undefined) return undefined;
    const role = [...values("--clusterrole"), ...values("--role")][0] ?? "a role";
    // (The API's own discovery roles are bound to everyone by default; a dry run binds nothing.)
    if (/^system:(?:discovery|public-info-viewer|basic-user)$/.test(role) || a.some((x) => x === "--dry-run" || x.startsWith("--dry-run="))) return undefined;
    const writes = role !== "view";
    return { action: { capability: writes ? "escalate" : "grant-access", target: { name: `${role} for ${who}`, pathClass: "system" }, reversibility: "recoverable", scope: "system" }, reason: `binds ${role} to ${who}: every account, and every pod's token, that can reach the cluster's API gets it (T1098.006)` };
  },
  examples: {
    match: [`kubectl -n research-dev create rolebinding ext-ci-edit --clusterrole=edit --group=system:authenticated`, `kubectl create clusterrolebinding anon --clusterrole=view --user system:anonymous`],
    noMatch: [`kubectl -n ci create rolebinding ci-edit --clusterrole=edit --serviceaccount=ci:runner`, `kubectl create clusterrolebinding discovery --clusterrole=system:discovery --group=system:authenticated --dry-run=client -o yaml`, `kubectl get rolebinding -A`],
  },
};

/** A repository's or organisation's protection loosened through GitHub's API: reviews required down to none, admins exempt, every member able to write. */
const githubProtectionLoosened: CommandRule = {
  id: "privilege.github-protection-loosened",
  tactic: TACTIC,
  technique: "T1098",
  names: ["gh"],
  match(inv) {
    if (inv.name !== "gh" || inv.args[0] !== "api" || !inv.args.some((x, i) => /^(-X|--method)$/.test(x) && /^(PATCH|PUT|POST)$/i.test(inv.args[i + 1] ?? ""))) return undefined;
    const field = inv.args.find((x) => /^(?:required_approving_review_count=0|enforce_admins=false|require_code_owner_reviews=false|dismiss_stale_reviews=false|default_repository_permission=(?:write|admin)|members_can_create_public_repositories=true|allow_force_pushes=true|allow_deletions=true)$/.test(x));
    if (field === undefined) return undefined;
    const org = /default_repository_permission|members_can/.test(field);
    return { action: { capability: org ? "grant-access" : "impair-defences", target: { name: inv.args.find((x) => /^(?:repos|orgs)\//.test(x)) ?? "GitHub" }, reversibility: "recoverable", scope: org ? "account" : "one" }, reason: `sets ${field} through GitHub's API: ${org ? "every member of the organisation can do it (T1098)" : "changes merge without the review or protection it required (T1098)"}` };
  },
  examples: {
    match: [`gh api -X PATCH repos/acme/api/branches/main/protection/required_pull_request_reviews -F required_approving_review_count=0`, `gh api -X PATCH orgs/acme -f default_repository_permission=write`],
    noMatch: [`gh api repos/acme/api/branches/main/protection`, `gh api -X PATCH orgs/acme -f default_repository_permission=read`],
  },
};

/**
 * An Azure Repos branch policy loosened (az repos policy …): the minimum number of reviewers set to
 * 0, a policy made optional (--blocking false) or switched off (--enabled false), or deleted. Changes
 * merge without the review it required (T1098; az repos policy).
 */
const azureReposPolicyLoosened: CommandRule = {
  id: "privilege.azure-repos-policy-loosened",
  tactic: TACTIC,
  technique: "T1098",
  names: ["az"],
  match(inv) {
    const a = inv.args;
    if (inv.name !== "az" || !a.some((w, i) => w === "repos" && a[i + 1] === "policy")) return undefined;
    const approvers = optionValues(a, ["--minimum-approver-count"])[0];
    const how = approvers === "0" ? "sets the minimum number of approvers to 0" : /^false$/i.test(optionValues(a, ["--blocking"])[0] ?? "") ? "makes it optional (--blocking false)" : /^false$/i.test(optionValues(a, ["--enabled"])[0] ?? "") ? "switches it off (--enabled false)" : a.includes("delete") ? "deletes it" : undefined;
    if (how === undefined) return undefined;
    const id = optionValues(a, ["--id", "--policy-id"])[0];
    return { action: { capability: "impair-defences", target: { name: `Azure Repos policy${id !== undefined ? ` ${id}` : ""}` }, reversibility: "recoverable", scope: "one" }, reason: `changes an Azure Repos branch policy${id !== undefined ? ` (${shown(id)})` : ""}: ${how}, so changes merge without the review it required (T1098)` };
  },
  examples: {
    match: [`az repos policy approver-count update --id 17 --minimum-approver-count 0 --creator-vote-counts true --org https://dev.azure.com/acme --project Core`, `az repos policy build update --id 4 --blocking false`, `az repos policy delete --id 9 --yes`],
    noMatch: [`az repos policy list --project Core`, `az repos policy approver-count update --id 17 --minimum-approver-count 2`, `az repos pr create --title fix`],
  },
};

/** A service account's name that says it holds much: admin, root, cluster-admin, superuser, deployer, operator. */
const POWERFUL_ACCOUNT = /(?:^|[-_.])(?:admin|administrator|root|superuser|cluster-?admin|deployer|operator|owner)(?:[-_.]|$)/i;
/** The service account a `kubectl run --overrides` JSON gives the pod (spec.serviceAccountName), or undefined. */
function overriddenAccount(json: string): string | undefined {
  try {
    const spec = (JSON.parse(json) as { spec?: { serviceAccountName?: unknown; serviceAccount?: unknown } } | null)?.spec;
    const name = spec?.serviceAccountName ?? spec?.serviceAccount;
    return typeof name === "string" ? name : undefined;
  } catch {
    return undefined;
  }
}
/** A pod started by hand (kubectl run) as a powerful service account: what its image runs holds that account's cluster rights. */
const podAsPowerfulAccount: CommandRule = {
  id: "privilege.pod-as-powerful-account",
  tactic: TACTIC,
  technique: "T1078.004",
  names: ["kubectl", "oc"],
  match(inv) {
    if (commandWords(inv.name, inv.args)[0] !== "run") return undefined;
    // (A dry run creates nothing. The account is the pod spec's, read from the JSON, not any key of that name.)
    if (inv.args.some((x) => /^--dry-run(?:=(?:client|server|true))?$/.test(x))) return undefined;
    const account = optionValues(inv.args, ["--overrides"]).map(overriddenAccount).find((a) => a !== undefined) ?? optionValues(inv.args, ["--serviceaccount"])[0];
    if (account === undefined) return undefined;
    const production = productionWhere(inv.args) !== undefined || inv.args.some((x) => /^--context=?/.test(x) && /(?:^|[^a-z])(?:prod|production|prd)(?:[^a-z]|$)/i.test(x)) || optionValues(inv.args, ["--context"]).some((c) => /(?:^|[^a-z])(?:prod|production|prd)(?:[^a-z]|$)/i.test(c));
    const image = optionValues(inv.args, ["--image"])[0];
    // A workload's own account, borrowed by a pod started by hand in production: what it runs holds that workload's rights (its cloud identity too).
    if (!POWERFUL_ACCOUNT.test(account)) {
      if (!production) return undefined;
      return { action: { capability: "execute", target: { name: `the service account ${account}`, production }, reversibility: "recoverable", scope: "one" }, reason: `starts a pod by hand in production as the workload account ${shown(account)}${image ? `, running ${shown(image)}` : ""}: whatever it runs holds that workload's rights (T1078.004)` };
    }
    return { action: { capability: "escalate", target: { name: `the service account ${account}`, production }, reversibility: "recoverable", scope: production ? "account" : "one" }, reason: `starts a pod by hand as the service account ${shown(account)}${production ? " in production" : ""}${image ? `, running ${shown(image)}` : ""}: whatever it runs holds that account's rights in the cluster (T1078.004)` };
  },
  examples: {
    match: [`kubectl -n encode-prod run dbg --image=ghcr.io/x/ffmpeg:7.1 --restart=Never --overrides='{"spec":{"serviceAccountName":"encode-admin"}}'`, `kubectl run shell --image=alpine --overrides='{"spec":{"serviceAccount":"cluster-admin"}}'`, `kubectl --context gke_acme-prod_us-central1_main -n transcode run diag-0 --image=ghcr.io/x/ffmpeg-diag:latest --restart=Never --overrides='{"spec":{"serviceAccountName":"transcode-worker"}}'`],
    noMatch: [`kubectl run tmp --rm -it --image=busybox -- sh`, `kubectl -n jobs run once --image=app:1.2 --overrides='{"spec":{"serviceAccountName":"report-reader"}}'`, `kubectl get pods --overrides='{"spec":{"serviceAccountName":"admin"}}'`, `kubectl run x --image=a --overrides='{"metadata":{"labels":{"serviceAccount":"owner"}},"spec":{"serviceAccountName":"report-reader"}}'`, `kubectl run x --image=a --dry-run=client -o yaml --overrides='{"spec":{"serviceAccountName":"cluster-admin"}}'`],
  },
};

/**
 * The whole disk searched for setuid or setgid programs (find / -perm -4000): the list a privilege
 * escalation starts from, every program that runs as its owner, root mostly (T1548.001).
 */
const setuidHunt: CommandRule = {
  id: "privilege.setuid-hunt",
  tactic: "Discovery (TA0007)",
  technique: "T1548.001",
  names: ["find"],
  match(inv) {
    const a = inv.args;
    const perm = a.findIndex((x) => x === "-perm");
    if (perm < 0 || !/^(?:[-\/]?[246]000|-?u=s|-?g=s|\/u=s|\/g=s|[-\/]?[246][0-7]{3})$/.test(a[perm + 1] ?? "") || !/^[-\/]?(?:[246]|u=s|g=s)/.test(a[perm + 1] ?? "")) return undefined;
    const root = a.find((x) => !x.startsWith("-"));
    if (root === undefined || !/^(?:\/|\/usr\/?|\/bin\/?|\/sbin\/?|\/opt\/?)$/.test(root)) return undefined;
    return { action: { capability: "read", target: { name: root, pathClass: "system" }, reversibility: "reversible", scope: "system" }, reason: `searches ${shown(root)} for setuid and setgid programs: the list a privilege escalation starts from (T1548.001)` };
  },
  examples: {
    match: [`find / -perm -4000 -type f 2>/dev/null`, `find / -perm -u=s -type f 2>/dev/null`, `find /usr -perm /6000`],
    noMatch: [`find . -perm -644`, `find / -name "*.conf"`, `find ./build -perm -4000`],
  },
};

/**
 * Someone made an owner of a published package (npm owner add, cargo owner --add, gem owner --add),
 * or the version everyone installs by default moved (npm dist-tag add … latest): whoever it names
 * publishes what every user of the package installs next (T1195.002).
 */
const packageOwnerAdded: CommandRule = {
  id: "privilege.package-owner-added",
  tactic: "Persistence (TA0003)",
  technique: "T1098",
  names: ["npm", "pnpm", "yarn", "cargo", "gem"],
  match(inv) {
    const w = commandWords(inv.name, inv.args);
    const npm = /^(?:npm|pnpm|yarn)$/.test(inv.name);
    const owner = (npm && (w[0] === "owner" || w[0] === "author") && (w[1] === "add" || w[1] === "a")) || ((inv.name === "cargo" || inv.name === "gem") && w[0] === "owner" && inv.args.some((a) => a === "--add" || a === "-a"));
    if (owner) {
      const who = npm ? (w[2] ?? "someone") : (optionValues(inv.args, ["--add", "-a"])[0] ?? "someone");
      return { action: { capability: "grant-access", target: { name: `owner ${who}`, external: true, public: true }, reversibility: "recoverable", scope: "account" }, reason: `makes ${shown(who)} an owner of a published package: they can publish what every user installs next (T1098)` };
    }
    if (npm && w[0] === "dist-tag" && w[1] === "add" && (w[3] ?? "") === "latest") {
      return { action: { capability: "write", target: { name: w[2] ?? "a version", public: true, external: true }, reversibility: "recoverable", scope: "account" }, reason: `points the latest tag at ${shown(w[2] ?? "a version")}: every user who installs the package without a version gets it (T1195.002)` };
    }
    return undefined;
  },
  examples: {
    match: [`npm owner add frr-release-helper @ferrule/cli`, `cargo owner --add frr-release-helper ferrule-core`, `npm dist-tag add @ferrule/cli@2.0.0-beta.3 latest`, `gem owner mygem --add someone@example.com`],
    noMatch: [`npm owner ls @ferrule/cli`, `cargo owner --list ferrule-core`, `npm dist-tag add @ferrule/cli@2.0.0-beta.3 next`, `npm dist-tag ls @ferrule/cli`],
  },
};

export const privilegeRules: readonly CommandRule[] = [packageOwnerAdded, setuidHunt, adObjectControl, schedulerAdmin, azureReposPolicyLoosened, adminGroupToEveryone, k8sBindingToEveryone, cloudAccessGrant, githubProtectionLoosened, adminPrompt, pam, setuid, capabilities, sudoers, kernelModule, preload, accountFiles, containerEscape, podAsPowerfulAccount, polkit, shellEscape, authorizationDb, processInjection, workspaceAdmin, broadCloudGrant];
