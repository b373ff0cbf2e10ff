// Shell commands a program runs from its own options, its environment or its program text (the
// "shell" and "command" entries of GTFOBins): `tar --checkpoint-action=exec='rm -rf ~'`,
// `PAGER='rm -rf ~' git log`, `awk 'BEGIN{system("rm -rf ~")}'`. The shell reader reads each as
// shell text (read-commands.ts), so it is judged as the command it is. Rules as data; the
// examples in OPTION_COMMAND_EXAMPLES run as a test.

/** Where a program takes a command: `--opt=command` forms, and options whose next word is (or holds) one. */
export interface CommandOptions {
  /** The first capture group that matched is the command. */
  readonly joined?: RegExp;
  /** The option's next word is the command (true), or holds it as the regex's capture. */
  readonly separate?: Readonly<Record<string, true | RegExp>>;
  /** Short options clustered before this one (`-qc cmd`): the next word is the command. */
  readonly clustered?: RegExp;
}

/** `git -c name=value`: the settings whose value git runs. */
const GIT_CONFIG_COMMAND = /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|askpass)|pager\.[\w.-]+|diff\.external|diff\.[\w.-]+\.(?:command|textconv)|sequence\.editor|gpg\.program|credential\.helper|alias\.[\w-]+)=!?(.+)$/is;
const SSH_OPTIONS: CommandOptions = { joined: /^-o(?:ProxyCommand|LocalCommand|KnownHostsCommand)[= ]?(.+)$/is, separate: { "-o": /^(?:ProxyCommand|LocalCommand|KnownHostsCommand)[= ]\s*(.+)$/is } };
const PSQL_PROGRAM = /\b(?:to|from)\s+program\s+'((?:[^']|'')+)'/is;
const VIM: CommandOptions = { joined: /^\+:?!(.+)$/s, separate: { "-c": /^:?!(.+)$/s, "--cmd": /^:?!(.+)$/s } };

export const OPTION_COMMANDS: Readonly<Record<string, CommandOptions>> = {
  tar: {
    joined: /^--(?:checkpoint-action=exec|use-compress-program|to-command|rsh-command|info-script|new-volume-script)=(.+)$/s,
    separate: { "-I": true, "-F": true, "--use-compress-program": true, "--to-command": true, "--info-script": true, "--new-volume-script": true, "--rsh-command": true },
  },
  zip: { separate: { "-TT": true, "--unzip-command": true } },
  rsync: { joined: /^--rsh=(.+)$/s, separate: { "-e": true, "--rsh": true } },
  man: { joined: /^--pager=(.+)$/s, separate: { "-P": true, "--pager": true } },
  git: { joined: /^--open-files-in-pager=(.+)$/s, separate: { "-c": GIT_CONFIG_COMMAND } },
  sort: { joined: /^--compress-program=(.+)$/s, separate: { "--compress-program": true } },
  less: { joined: /^\+!(.+)$/s },
  // ProxyCommand and LocalCommand run on this machine, not the remote one.
  ssh: SSH_OPTIONS,
  scp: SSH_OPTIONS,
  sftp: SSH_OPTIONS,
  flock: { joined: /^--command=(.+)$/s, separate: { "-c": true, "--command": true }, clustered: /^-[a-zA-Z]+c$/ },
  script: { joined: /^--command=(.+)$/s, separate: { "-c": true, "--command": true }, clustered: /^-[a-zA-Z]+c$/ },
  vi: VIM,
  vim: VIM,
  nvim: VIM,
  view: VIM,
  ex: VIM,
  // npx -c / npm exec --call: a shell command run with the packages on PATH.
  npx: { joined: /^--call=(.+)$/s, separate: { "-c": true, "--call": true } },
  npm: { joined: /^--call=(.+)$/s, separate: { "-c": true, "--call": true } },
  // psql's COPY … TO/FROM PROGRAM and \copy … program run a shell command (on the server for COPY,
  // here for \copy; either way a command runs).
  psql: { joined: /^--command=[\s\S]*?\b(?:to|from)\s+program\s+'((?:[^']|'')+)'/is, separate: { "-c": PSQL_PROGRAM, "--command": PSQL_PROGRAM } },
};

/** Where a program writes a file named by an option: what it writes there is judged as a redirection to it. */
export const OPTION_WRITES: Readonly<Record<string, CommandOptions>> = {
  sort: { joined: /^(?:-o(.+)|--output=(.+))$/s, separate: { "-o": true, "--output": true } },
  git: { joined: /^--output=(.+)$/s },
  tree: { separate: { "-o": true } },
  find: { separate: { "-fprint": true, "-fprint0": true, "-fls": true } },
};

/** Environment a program runs as a command. LESSOPEN/LESSCLOSE start with | and name the file %s. */
export const COMMAND_ENV = /^(?:PAGER|GIT_PAGER|MANPAGER|GIT_EXTERNAL_DIFF|GIT_SSH_COMMAND|GIT_EDITOR|GIT_SEQUENCE_EDITOR|EDITOR|VISUAL|LESSOPEN|LESSCLOSE|BROWSER)=(.+)$/s;

export const AWKS: ReadonlySet<string> = new Set(["awk", "gawk", "mawk", "nawk"]);

/** The values in `--opt=value` and `--opt value` forms of `program`'s arguments: commands (or, with OPTION_WRITES, files written). */
export function optionCommands(program: string, args: readonly string[], table: Readonly<Record<string, CommandOptions>> = OPTION_COMMANDS): string[] {
  const o = Object.hasOwn(table, program) ? table[program] : undefined;
  if (!o) return [];
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = o.joined?.exec(a);
    const joined = m?.slice(1).find((g) => g !== undefined);
    if (joined !== undefined) out.push(joined);
    const sep = o.separate && Object.hasOwn(o.separate, a) ? o.separate[a] : o.clustered?.test(a) ? true : undefined;
    const next = args[i + 1];
    if (sep === undefined || next === undefined) continue;
    if (sep === true) out.push(next);
    else {
      const v = sep.exec(next);
      if (v?.[1] !== undefined) out.push(v[1]);
    }
    i++;
  }
  return out;
}

/** The command an environment assignment (NAME=value) makes a program run, if it is one. */
export function envCommand(assignment: string): string | undefined {
  const m = COMMAND_ENV.exec(assignment);
  if (!m) return undefined;
  return m[1]!.replace(/^\|+-?/, "").replace(/%s/g, "FILE").trim() || undefined;
}

/**
 * What an awk program runs: the literal commands of system("…"), print | "…" and "…" | getline,
 * and whether it runs a command it builds (system of anything but a literal).
 */
export function awkCommands(program: string): { readonly commands: string[]; readonly unknown: boolean } {
  const literal = /"((?:[^"\\]|\\.)*)"/.source;
  const unescape = (s: string): string => s.replace(/\\(["\\])/g, "$1").replace(/\\n/g, "\n");
  const commands: string[] = [];
  for (const re of [new RegExp(`\\bsystem\\s*\\(\\s*${literal}\\s*\\)`, "g"), new RegExp(`\\|&?\\s*${literal}`, "g"), new RegExp(`${literal}\\s*\\|&?\\s*getline`, "g")]) {
    for (const m of program.matchAll(re)) commands.push(unescape(m[1]!));
  }
  const calls = [...program.matchAll(/\bsystem\s*\(/g)].length;
  const literalCalls = [...program.matchAll(new RegExp(`\\bsystem\\s*\\(\\s*${literal}\\s*\\)`, "g"))].length;
  return { commands, unknown: calls > literalCalls };
}

export const OPTION_COMMAND_EXAMPLES: ReadonlyArray<readonly [string, string]> = [
  ["tar -cf x.tar --checkpoint=1 --checkpoint-action=exec='rm -rf ~' f", "rm -rf ~"],
  ["tar -xf x.tar --to-command='rm -rf ~'", "rm -rf ~"],
  ["zip x.zip f -T -TT 'rm -rf ~'", "rm -rf ~"],
  ["rsync -e 'rm -rf ~' a b:c", "rm -rf ~"],
  ["man -P 'rm -rf ~' ls", "rm -rf ~"],
  ["git -c core.pager='rm -rf ~' log", "rm -rf ~"],
  ["git -c alias.x='!rm -rf ~' x", "rm -rf ~"],
  ["git grep --open-files-in-pager='rm -rf ~' foo", "rm -rf ~"],
  ["sort --compress-program='rm -rf ~' f", "rm -rf ~"],
  ["less +'!rm -rf ~' f", "rm -rf ~"],
  ["npx -y -p cowsay -c 'rm -rf ~'", "rm -rf ~"],
  ["npm exec --call='rm -rf ~'", "rm -rf ~"],
  ["vim -c '!rm -rf ~' -c q f", "rm -rf ~"],
  ["PAGER='rm -rf ~' git log", "rm -rf ~"],
  ["GIT_EXTERNAL_DIFF='rm -rf ~' git diff", "rm -rf ~"],
  ["LESSOPEN='|rm -rf ~ %s' less f", "rm -rf ~"],
  ["env GIT_PAGER='rm -rf ~' git log", "rm -rf ~"],
  ["ssh -o ProxyCommand='rm -rf ~' host", "rm -rf ~"],
  ["scp -oProxyCommand='rm -rf ~' f host:", "rm -rf ~"],
  ["flock /tmp/lock -c 'rm -rf ~'", "rm -rf ~"],
  ["script -qc 'rm -rf ~' /dev/null", "rm -rf ~"],
  ["script --command='rm -rf ~' /dev/null", "rm -rf ~"],
  [`awk 'BEGIN{system("rm -rf ~")}'`, "rm -rf ~"],
  [`awk 'BEGIN{print "x" | "sh -c \\"rm -rf ~\\""}'`, "rm -rf ~"],
  [`gawk 'BEGIN{while (("rm -rf ~" | getline l) > 0) print l}'`, "rm -rf ~"],
  [`psql "$DB" -c "\\copy (select 1) to program 'rm -rf ~'"`, "rm -rf ~"],
  [`psql -c "COPY t FROM PROGRAM 'rm -rf ~'"`, "rm -rf ~"],
];

/** Option writes: each line writes its file as `cat f > file` would. */
export const OPTION_WRITE_EXAMPLES: ReadonlyArray<readonly [string, string]> = [
  ["sort -o /home/u/.bashrc f", "cat f > /home/u/.bashrc"],
  ["sort --output=/etc/sudoers f", "cat f > /etc/sudoers"],
  ["git diff --output=/home/u/.bashrc", "cat f > /home/u/.bashrc"],
  ["tree -o /home/u/.ssh/authorized_keys", "cat f > /home/u/.ssh/authorized_keys"],
  ["find . -fprint /home/u/.bashrc", "cat f > /home/u/.bashrc"],
];
