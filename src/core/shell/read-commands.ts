// Command resolution for the shell reader (see read.ts): wrappers such as sudo, env and timeout,
// aliases, functions, eval, bash -c, interpreters, written scripts, xargs, find -exec, ssh and kubectl exec.
import { CMDLET, windowsCommandLine, windowsCommands, windowsRuns } from "./windows-line.js";
import { base64Decode, echoOutput, printfOutput } from "./escapes.js";
import { readPythonCode, readScriptStrings } from "./interpreters.js";
import { REGENERABLE_NAMES, ASSIGNMENT, base, BUDGET_PROBLEM, ENVIRONMENT_SETUP, type Frame, MAX_COMMANDS, MAX_LOOP_VALUES, MAX_READ_DEPTH, normalPath, PYTHONS, quoteWord, SCRIPT_INTERPRETERS, SHELLS, SILENT, snippet, SSH_VALUE_OPTIONS, type Stdin, type Word, WRAPPER_VALUE_OPTIONS, XARGS_VALUE_OPTIONS } from "./read-model.js";
import { commandsInFile, isPlainFile, OUTPUT_TO_FILE, outputOnlyToFiles, writtenKind } from "./here-documents.js";
import { WalkReader } from "./read-walk.js";
import { awkCommands, AWKS, envCommand, optionCommands, OPTION_COMMANDS, OPTION_WRITES } from "./option-commands.js";

/** An awk command line's program text: its first operand, unless the program comes from a file (-f). */
function awkProgram(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return args[i + 1];
    if (a === "-f" || a.startsWith("--file") || /^-f./.test(a)) return undefined;
    if (a === "-F" || a === "-v" || a === "-i" || a === "-l") i++;
    else if (!a.startsWith("-")) return a;
  }
  return undefined;
}

/** A sed script line that is an a, i or c command: an optional address (line, $, /re/, range, step, !), then the letter. */
const SED_ADDRESS = String.raw`(?:\d+|\$|\/(?:[^\/\\\n]|\\.)*\/[IM]*)(?:~\d+)?`;
const SED_TEXT_COMMAND = new RegExp(String.raw`^\s*(?:${SED_ADDRESS}(?:\s*,\s*(?:${SED_ADDRESS}|[+~]\d+))?)?\s*!?\s*[aic](?:\\|\s|$)`);

/** Whether a word holds a *, ? or [: only then can /[*?]|\[.*\]/ match it (most command names hold none). */
export function mayBePattern(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c === 42 /* * */ || c === 63 /* ? */ || c === 91 /* [ */) return true;
  }
  return false;
}

/** ENVIRONMENT_SETUP as a map: own keys only (a command named `constructor` or `__proto__` must not find Object's). */
const SETUP_OUTPUT: ReadonlyMap<string, RegExp> = new Map(Object.entries(ENVIRONMENT_SETUP));
/** Programs that may run a command from their options, environment or program text, or write a file an option names (embedded). */
const EMBEDDING: ReadonlySet<string> = new Set([...Object.keys(OPTION_COMMANDS), ...Object.keys(OPTION_WRITES), ...AWKS, "env"]);

/** The wrappers of WRAPPER_VALUE_OPTIONS (own keys only), as a set: one look-up a command. */
const WRAPPERS: ReadonlySet<string> = new Set(Object.keys(WRAPPER_VALUE_OPTIONS));

/** The frame of a reading one level down from `frame`, reached by `via`. */
/** cmd.exe and PowerShell, by the name they are run under (from WSL: cmd.exe, powershell.exe, pwsh). */
const WINDOWS_SHELL = /^(cmd|powershell|pwsh)(?:\.exe)?$/i;
const deeper = (frame: Frame, via: string): Frame => ({ depth: frame.depth + 1, via, positional: frame.positional });

/** Whether every word is known exactly. */
/** Names of what a build or an editor makes again: compiled leftovers, .DS_Store, swap and merge files. */
const REGENERABLE_NAME = new RegExp(`^(?:${REGENERABLE_NAMES})$`, "i");

/**
 * What find's `{}` stands for when the search is in the project (relative start paths that do not
 * climb out) by one regenerable name and nothing else that selects (`find . -name __pycache__ -type d
 * -prune -exec rm -rf {} +`): that name under the start path (`./__pycache__`), so what runs on it is
 * judged as the same command on that name. Otherwise undefined: `{}` stays what the search finds.
 */
function regenerableFound(argv: readonly Word[]): string | undefined {
  let i = 1;
  while (i < argv.length && /^-[HLP]$/.test(argv[i]!.text)) i++;
  const start: Word[] = [];
  for (; i < argv.length && !/^[-(!]|^\\[(!]/.test(argv[i]!.text); i++) start.push(argv[i]!);
  // The start path itself must be known exactly (not -H, -L or -P before it: `find -L ./"$D"`).
  if (start.length !== 1 || !start[0]!.exact || /^[/~$]|(^|\/)\.\.(\/|$)/.test(start[0]!.text)) return undefined;
  let name: string | undefined;
  for (; i < argv.length; i++) {
    const a = argv[i]!.text;
    if (/^-(?:exec|execdir|ok|okdir)$/.test(a)) {
      // One action, last: after its `;` or `+` (`, -exec rm -rf {} +`, `-o -exec …`) the other
      // actions run on what the rest of the expression finds, not on that name.
      let end = i + 1;
      while (end < argv.length && argv[end]!.text !== ";" && argv[end]!.text !== "+" && argv[end]!.text !== "\\;") end++;
      if (end + 1 < argv.length) return undefined;
      break;
    }
    if ((a === "-name" || a === "-iname") && name === undefined && argv[i + 1]?.exact) name = argv[++i]!.text;
    else if (a === "-type" && /^[fd]$/.test(argv[i + 1]?.text ?? "")) i++;
    else if (a !== "-prune" && a !== "-print") return undefined;
  }
  return name !== undefined && REGENERABLE_NAME.test(name) ? `${start[0]!.text.replace(/\/+$/, "")}/${name}` : undefined;
}

/** Commands that only read, show, compare, track or remove a file: naming a written file, they do not run it. */
const FILE_READERS: ReadonlySet<string> = new Set(["cat", "tee", "head", "tail", "less", "more", "wc", "ls", "stat", "file", "diff", "cmp", "grep", "egrep", "fgrep", "rg", "git", "echo", "printf", "chmod", "rm", "touch", "sort", "uniq", "jq", "yq", "md5sum", "sha256sum", "shasum", "pytest", "black", "ruff", "flake8", "mypy", "pylint", "isort", "prettier", "eslint", "tsc", "nl", "od", "xxd", "hexdump", "du", "realpath", "readlink", "basename", "dirname", "test", "[", "cd", "mkdir"]);

/** Files a tool runs without being told their name: a Makefile by make, package.json's scripts by npm. */
const RUN_BY_NAME: ReadonlyMap<string, RegExp> = new Map([
  ...["Makefile", "makefile", "GNUmakefile"].map((n) => [n, /^(?:g?make|bmake)$/] as const),
  ["justfile", /^just$/], ["Justfile", /^just$/], ["Rakefile", /^rake$/], ["Taskfile.yml", /^task$/], ["package.json", /^(?:npm|yarn|pnpm|bun)$/],
]);

/**
 * tmux commands that run a shell command or other tmux commands, each with the letters of its
 * options that take a value (tmux 3.4's getopt strings).
 */
const TMUX_VALUE_OPTIONS: ReadonlyMap<string, string> = new Map([
  ["new-session", "cefFnstxy"],
  ["new-window", "ceFnt"],
  ["split-window", "ceFlpt"],
  ["respawn-pane", "cet"],
  ["respawn-window", "cet"],
  ["run-shell", "cdst"],
  ["if-shell", "t"],
  ["pipe-pane", "t"],
  ["display-popup", "bcdehsStTwxy"],
  ["send-keys", "cNt"],
  ["confirm-before", "cpt"],
  ["bind-key", "NT"],
  ["set-hook", "t"],
  ["command-prompt", "IptT"],
  ["set-option", "t"],
  ["set-window-option", "t"],
  ["source-file", "t"],
]);
/** Every tmux command by its full name: tmux takes a command by its alias or by a prefix of one name only. */
const TMUX_COMMANDS: readonly string[] = (
  "attach-session bind-key break-pane capture-pane choose-buffer choose-client choose-tree clear-history clear-prompt-history clock-mode " +
  "command-prompt confirm-before copy-mode customize-mode delete-buffer detach-client display-menu display-message display-panes display-popup " +
  "find-window has-session if-shell join-pane kill-pane kill-server kill-session kill-window last-pane last-window link-window list-buffers " +
  "list-clients list-commands list-keys list-panes list-sessions list-windows load-buffer lock-client lock-server lock-session move-pane " +
  "move-window new-session new-window next-layout next-window paste-buffer pipe-pane previous-layout previous-window refresh-client " +
  "rename-session rename-window resize-pane resize-window respawn-pane respawn-window rotate-window run-shell save-buffer select-layout " +
  "select-pane select-window send-keys send-prefix server-access set-buffer set-environment set-hook set-option set-window-option show-buffer " +
  "show-environment show-hooks show-messages show-options show-prompt-history show-window-options source-file split-window start-server " +
  "suspend-client swap-pane swap-window switch-client unbind-key unlink-window wait-for"
).split(" ");
const TMUX_ALIASES: ReadonlyMap<string, string> = new Map([
  ["new", "new-session"], ["neww", "new-window"], ["splitw", "split-window"], ["respawnp", "respawn-pane"], ["respawnw", "respawn-window"],
  ["run", "run-shell"], ["if", "if-shell"], ["pipep", "pipe-pane"], ["popup", "display-popup"], ["send", "send-keys"], ["confirm", "confirm-before"],
  ["bind", "bind-key"], ["set", "set-option"], ["setw", "set-window-option"], ["source", "source-file"], ["display", "display-message"], ["menu", "display-menu"],
]);
/** The tmux command a name stands for, as tmux looks it up: a full name, an alias, or the one name it is a prefix of. */
function tmuxCommand(name: string): string | undefined {
  const alias = TMUX_ALIASES.get(name);
  if (alias !== undefined) return alias;
  if (name === "" || TMUX_COMMANDS.includes(name)) return name || undefined;
  const matches = TMUX_COMMANDS.filter((c) => c.startsWith(name));
  return matches.length === 1 ? matches[0] : undefined;
}
/** Keys that end a line typed with tmux send-keys. */
const TMUX_ENTER = /^(?:Enter|C-m|KPEnter|C-j)$/;
const known = (ws: readonly Word[]): boolean => ws.every((w) => w.exact);
/** srun's and salloc's options that take the next word as their value. */
const SLURM_VALUED = /^(?:-[pNnctJAqwoeDGCLMxd]|--(?:partition|nodes|ntasks|cpus-per-task|time|job-name|account|qos|nodelist|mem|mem-per-cpu|gres|output|error|chdir|constraint|reservation|exclude|dependency|gpus|ntasks-per-node|cluster|clusters))$/;
/** pdsh's and clush's options that take the next word as their value. */
const CLUSTER_SHELL_VALUED = /^-[wxglftuRXoO]$/;
/** The words as one line, as eval and watch join them. */
const joined = (ws: readonly Word[]): string => ws.map((w) => w.text).join(" ");

export class Reader extends WalkReader {
  /** Records a command and follows what it runs; returns what it prints when that is known. */
  run(argv: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, stdin: Stdin, frame: Frame, assignments: readonly string[] = []): string | undefined {
    const words = this.record(argv, redirects, frame.via, assignments);
    // An unquoted pattern in the name is expanded to file names before anything runs (`/bin/r?` is
    // /bin/rm): what runs is not the name as written. (A bracket expression is a [ and the nearest ]
    // after it with no [ between: the same words as [.*], in linear time on a name of many [.)
    if (!argv[0]!.quoted && mayBePattern(words[0]!) && /[*?]|\[[^[\]\n]*\]/.test(words[0]!) && words[0] !== "[" && words[0] !== "[[") {
      this.problem(`the command name ${snippet(words[0]!, 60)} is a pattern the shell expands to file names`);
    }
    const name = base(words[0]!);
    const args = argv.slice(1);
    this.embedded(name, words, assignments, frame);
    // A file written earlier in the line, run by its bare name: with . on PATH it is what runs
    // (`PATH=. x`), as a shell script when it has no #! line. Read as such, and the command of that
    // name is read as well.
    // (The script has written no file, defined no alias and no function in most readings: nothing to look up.)
    if (this.files.size > 0 && !words[0]!.includes("/") && !this.aliases.has(words[0]!) && !this.functions.has(words[0]!)) {
      const written = this.files.get(normalPath(words[0]!));
      if (written !== undefined) this.readText(written, deeper(frame, `${words[0]} written earlier, if . is on PATH`), stdin);
    }

    // Aliases and functions defined earlier in the script come first, as in the shell.
    const alias = this.aliases.size > 0 ? this.aliases.get(words[0]!) : undefined;
    if (alias !== undefined && frame.via !== `alias ${words[0]}`) {
      return this.readText([alias, ...words.slice(1).map(quoteWord)].join(" "), deeper(frame, `alias ${words[0]}`), stdin);
    }
    const fn = this.functions.size > 0 ? this.functions.get(words[0]!) : undefined;
    if (fn) {
      if (frame.depth >= MAX_READ_DEPTH) {
        this.problem(`function ${words[0]} calls itself too deeply to read`);
        return undefined;
      }
      return this.statement(fn.tree, fn.body, { depth: frame.depth + 1, via: `function ${words[0]}`, positional: args }, stdin);
    }

    const setup = SETUP_OUTPUT.get(name);
    if (setup && known(args) && (args.length === 0 ? setup.test("") : args.some((a) => setup.test(a.text)))) return "";

    switch (name) {
      case "alias":
        for (const a of args) {
          const m = /^([^=\s]+)=(.*)$/s.exec(a.text);
          if (m) this.aliases.set(m[1]!, m[2]!);
        }
        return "";
      case "unalias":
        for (const a of args) this.aliases.delete(a.text);
        return "";
      case "export":
      case "declare":
      case "typeset":
      case "local":
      case "readonly":
        for (const a of args) {
          const m = ASSIGNMENT.exec(a.text);
          if (m) this.vars.set(m[1]!, { text: m[2]!, exact: a.exact });
        }
        return "";
      case "echo":
        return known(args) ? `${echoOutput(args.map((a) => a.text))}\n` : undefined;
      case "printf": {
        if (!known(args)) return undefined;
        return printfOutput(args.map((a) => a.text));
      }
      case "cat": {
        const files = args.filter((a) => !a.text.startsWith("-") || a.text === "-");
        if (files.length === 0 || (files.length === 1 && files[0]!.text === "-")) {
          this.writtenBody(stdin, redirects.filter((r) => OUTPUT_TO_FILE.test(r.op)).map((r) => r.target), redirects);
          return stdin && "text" in stdin ? stdin.text : undefined;
        }
        const texts = files.map((f) => this.files.get(normalPath(f.text)));
        return texts.every((t) => t !== undefined) ? texts.join("") : undefined;
      }
      case "base64":
      case "gbase64":
      case "openssl": {
        const decoding = name === "openssl" ? words.includes("base64") && words.includes("-d") : args.some((a) => /^(?:-d|-D|--decode|-di|-id)$/.test(a.text));
        if (!decoding) return undefined;
        const file = args.find((a) => !a.text.startsWith("-") && a.text !== "base64" && a.text !== "enc");
        const payload = file ? this.files.get(normalPath(file.text)) : stdin && "text" in stdin ? stdin.text : undefined;
        if (payload === undefined) return undefined;
        const decoded = base64Decode(payload);
        return decoded;
      }
      case "xxd": {
        if (!(words.includes("-r") && words.includes("-p")) || !stdin || !("text" in stdin)) return undefined;
        const hex = stdin.text.replace(/\s+/g, "");
        return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, "hex").toString("utf8") : undefined;
      }
      case "rev":
        return stdin && "text" in stdin ? stdin.text.split("\n").map((l) => [...l].reverse().join("")).join("\n") : undefined;
      case "tee": {
        const files = args.filter((a) => !a.text.startsWith("-"));
        const append = args.some((a) => a.text === "-a" || a.text === "--append");
        for (const f of files) {
          const key = normalPath(f.text);
          if (stdin && "text" in stdin) {
            this.files.set(key, (append ? (this.files.get(key) ?? "") : "") + stdin.text);
            this.judgeWritten(f.text, stdin.text, frame);
          } else this.files.delete(key);
        }
        if (files.every((f) => f.exact && isPlainFile(f.text))) this.writtenBody(stdin, files.map((f) => f.text), redirects);
        return stdin && "text" in stdin ? stdin.text : undefined;
      }
      case "which":
      case "type": {
        const targets = args.filter((a) => !a.text.startsWith("-"));
        return targets.length > 0 ? targets.map((t) => `${t.text}\n`).join("") : undefined;
      }
      case "eval": {
        if (args.length === 0) return "";
        if (!known(args)) {
          this.problem(`eval runs a string that cannot be read statically: ${snippet(joined(args), 60)}`);
          return undefined;
        }
        return this.readText(joined(args), deeper(frame, "eval"), stdin);
      }
      case "source":
      case ".": {
        const file = args[0];
        if (!file) return "";
        const text = this.files.get(normalPath(file.text));
        return text !== undefined ? this.readText(text, deeper(frame, `${file.text} written earlier`), stdin) : undefined;
      }
      case "sed":
      case "gsed":
        return this.sedExec(args, frame);
      case "find":
        return this.findExec(argv, stdin, frame);
      case "xargs":
        return this.xargs(args, stdin, frame);
      case "ssh":
        return this.ssh(args, frame, stdin);
      // kubectl exec POD -- CMD ARGS runs CMD in the container, as ssh runs its command on the host.
      case "kubectl":
      case "oc": {
        const dashes = args.findIndex((a) => a.text === "--");
        if (dashes < 0 || !args.slice(0, dashes).some((a) => a.text === "exec")) return undefined;
        const rest = args.slice(dashes + 1);
        if (rest.length === 0) return undefined;
        // (Its words are an argv, each one word: quoted again so the reading keeps them so.)
        return known(rest) ? (this.readText(rest.map((w) => quoteWord(w.text)).join(" "), deeper(frame, `${name} exec`), undefined), undefined) : (this.problem(`${name} exec runs a command that cannot be read statically`), undefined);
      }
      // A batch scheduler's job (sbatch --wrap "CMD", srun CMD, salloc CMD) and a parallel shell's
      // remote command (pdsh -w HOSTS "CMD", clush -w HOSTS "CMD") run CMD on the cluster's nodes,
      // as ssh runs its command on the host.
      case "sbatch": {
        const at = args.findIndex((a) => a.text === "--wrap" || a.text.startsWith("--wrap="));
        if (at < 0) return undefined;
        const w = args[at]!;
        const script = w.text === "--wrap" ? args[at + 1] : { ...w, text: w.text.slice("--wrap=".length) };
        return script !== undefined ? this.shellString(script, deeper(frame, "sbatch --wrap"), undefined) : undefined;
      }
      case "srun":
      case "salloc":
      case "pdsh":
      case "clush": {
        const valued = name === "pdsh" || name === "clush" ? CLUSTER_SHELL_VALUED : SLURM_VALUED;
        let i = 0;
        while (i < args.length && args[i]!.text.startsWith("-")) i += !args[i]!.text.includes("=") && valued.test(args[i]!.text) ? 2 : 1;
        const rest = args.slice(i);
        if (rest.length === 0) return undefined;
        // (srun's words are an argv; pdsh's and clush's are joined into the remote shell's command line, as ssh's are.)
        const text = name === "srun" || name === "salloc" ? rest.map((w) => quoteWord(w.text)).join(" ") : joined(rest);
        return known(rest) ? (this.readText(text, deeper(frame, name), undefined), undefined) : (this.problem(`${name} runs a command that cannot be read statically`), undefined);
      }
      // Ansible's ad-hoc command (ansible HOSTS -m shell -a "CMD"): CMD runs on every host of the
      // pattern, as pdsh's does; the command module runs its words without a shell, the same reading.
      case "ansible": {
        // (Without -m the module is command: `ansible all -a "uptime"`.)
        const m = args.findIndex((a) => a.text === "-m" || a.text === "--module-name");
        // (Windows hosts' win_shell and win_command run theirs in PowerShell and cmd.)
        const runs = m < 0 || /^(?:ansible\.builtin\.)?(?:shell|command|raw)$|^(?:ansible\.windows\.)?win_(?:shell|command)$/.test(args[m + 1]?.text ?? "");
        const at = args.findIndex((a) => a.text === "-a" || a.text === "--args");
        return runs && at >= 0 && args[at + 1] !== undefined ? this.shellString(args[at + 1]!, deeper(frame, "ansible -a"), undefined) : undefined;
      }
      // Salt's remote execution (salt TARGET cmd.run "CMD", salt-ssh, salt-call locally): CMD runs
      // through a shell on every minion the target matches, as ansible's -a does.
      case "salt":
      case "salt-ssh":
      case "salt-call": {
        const at = args.findIndex((a) => /^cmd\.(?:run|run_all|run_stdout|run_stderr|shell|retcode|run_bg)$/.test(a.text));
        const command = at >= 0 ? args[at + 1] : undefined;
        // (Its keyword form too: cmd.run cmd="CMD".)
        if (command !== undefined && command.text.startsWith("cmd=")) return this.shellString({ ...command, text: command.text.slice(4) }, deeper(frame, `${name} cmd.run`), undefined);
        return command !== undefined && !/^[\w]+=/.test(command.text) ? this.shellString(command, deeper(frame, `${name} cmd.run`), undefined) : undefined;
      }
      case "tmux":
        return this.tmux(args, frame);
      case "screen":
        return this.screen(args, frame);
      case "watch": {
        let i = 0;
        while (i < args.length && args[i]!.text.startsWith("-")) i += /^-(?:n|d|-interval)$/.test(args[i]!.text) ? 2 : 1;
        const rest = args.slice(i);
        if (rest.length === 0) return undefined;
        return known(rest) ? (this.readText(joined(rest), deeper(frame, "watch"), undefined), undefined) : (this.problem("watch runs a command that cannot be read statically"), undefined);
      }
      // at and batch run their standard input with /bin/sh later (unless they list, remove or show jobs).
      case "at":
      case "batch": {
        if (args.some((a) => /^-[lrdc]$/.test(a.text))) return undefined;
        // -f FILE runs the file instead: standard input again when it names it, or a file this
        // command line wrote earlier; any other file is not read here.
        const f = args.findIndex((a) => a.text === "-f");
        if (f >= 0) {
          const file = args[f + 1]?.text ?? "";
          if (!/^\/(dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(file)) {
            const written = this.files.get(normalPath(file));
            return written !== undefined ? this.readText(written, deeper(frame, `${name} -f ${file} written earlier`), undefined) : undefined;
          }
        }
        if (stdin !== undefined && "text" in stdin) return this.readText(stdin.text, deeper(frame, `${name} reading its input`), undefined);
        if (stdin !== undefined) this.problem(`${name} runs its input from ${"from" in stdin ? stdin.from : "elsewhere"}, which cannot be read statically`);
        return undefined;
      }
      case "su":
      case "runuser": {
        const c = args.findIndex((a) => a.text === "-c" || a.text === "--command");
        if (c >= 0 && args[c + 1]) return this.shellString(args[c + 1]!, deeper(frame, `${name} -c`), stdin);
        const dd = args.findIndex((a) => a.text === "--");
        if (name === "runuser" && dd >= 0 && args[dd + 1]) return this.run(args.slice(dd + 1), [], stdin, deeper(frame, name));
        return undefined;
      }
    }
    if (WRAPPERS.has(name) || name === "xvfb-run") return this.wrapper(name, args, redirects, stdin, frame);
    const windows = WINDOWS_SHELL.exec(name);
    if (windows !== null) return this.windowsLine(/^cmd/i.test(windows[1]!) ? "cmd" : "powershell", name, args, frame);
    if (name === "busybox" && args.length > 0) return this.run(args, redirects, stdin, deeper(frame, "busybox"));
    if (name === "chroot" && args.length > 1) {
      const rest = args.slice(1).filter((_a, i, all) => i > 0 || !all[0]!.text.startsWith("-"));
      return this.run(rest.length > 0 ? rest : args.slice(1), redirects, stdin, deeper(frame, "chroot"));
    }
    if (SHELLS.has(name) || name === "busybox") return this.shell(name, args, stdin, frame);
    if (PYTHONS.test(name)) return this.interpreter(name, args, stdin, frame, "python");
    if (SCRIPT_INTERPRETERS.test(name)) return this.interpreter(name, args, stdin, frame, "script");
    // A script written earlier in the same command (`echo … > x.sh; bash x.sh`, `./x.sh`).
    const written = this.files.size > 0 ? this.files.get(normalPath(words[0]!)) : undefined;
    if (written !== undefined && words[0]!.includes("/")) return this.readText(written, deeper(frame, `${words[0]} written earlier`), stdin);
    return SILENT.has(name) ? "" : undefined;
  }

  /** A whole text that is a cmd.exe command line (isWindowsLine): each command it runs that the POSIX reading did not find already, read as a command of its own. */
  readWindowsText(text: string, frame: Frame, powershellRead = false): void {
    const read = new Set(this.commands.map((c) => c.argv.join("\u0000")));
    const posix = this.commands.length;
    for (const c of windowsCommands(text)) {
      for (const words of windowsRuns(c.words).flatMap(scriptBlocksApart)) {
        if (read.has(words.join("\u0000"))) continue;
        // (In PowerShell that only reads, a piece the splitter cut from a hashtable or a calculated
        // property, `Id=4740` or `e={$_.Properties[0].Value}}`, is a value, not a command.)
        if (powershellRead && /^(?:[$@(,]|\w+=)/.test(words[0] ?? "")) continue;
        this.run(words.map((t) => ({ text: t, exact: !/[$%`]/.test(t) })), c.redirects, undefined, frame);
      }
    }
    // A cmdlet (Remove-Item, Copy-Item) the POSIX reading found as well, spelled otherwise: only
    // PowerShell runs it, and its backslashes are path separators, so `.\build\out` is not `.buildout`.
    // Dropped only where it is the Windows reading of the same command with its backslashes taken out,
    // word for word: a reading the Windows one does not also hold is kept.
    if (!text.includes("\\")) return;
    const windows = new Set(this.commands.slice(posix).map((c) => c.argv.map((w) => w.replace(/\\/g, "")).join("\u0000")));
    for (let i = posix - 1; i >= 0; i--) {
      const c = this.commands[i]!;
      if (c.via === undefined && CMDLET.test(c.argv[0] ?? "") && windows.has(c.argv.join("\u0000"))) this.commands.splice(i, 1);
    }
  }

  /** The commands a cmd.exe or PowerShell command line runs (windows-line.ts), each read as a command of its own. */
  protected windowsLine(program: "cmd" | "powershell", name: string, args: readonly Word[], frame: Frame): undefined {
    const line = windowsCommandLine(program, args.map((a) => a.text));
    if (line === undefined) return undefined;
    if (frame.depth >= MAX_READ_DEPTH) {
      this.problem(`${name} runs a command nested too deeply to read`);
      return undefined;
    }
    const exact = args.every((a) => a.exact);
    // PowerShell's script blocks ({ … } after if, foreach, ForEach-Object, &) are commands of their own.
    const apart = program === "powershell" ? scriptBlocksApart : (w: string[]) => [w];
    for (const c of windowsCommands(line)) for (const words of windowsRuns(c.words).flatMap(apart)) this.run(words.map((text) => ({ text, exact })), c.redirects, undefined, deeper(frame, `${name} runs`));
    return undefined;
  }

  /** Commands the program runs from its options, its environment or its awk program text, and files its options write (option-commands.ts). */
  protected embedded(name: string, argv: readonly string[], assignments: readonly string[], frame: Frame): void {
    // Most programs run nothing from their options, environment or program text, and write no file an option names.
    if (assignments.length === 0 && !EMBEDDING.has(name)) return;
    const args = argv.slice(1);
    const env = name === "env" ? [...assignments, ...args.filter((a) => ASSIGNMENT.test(a))] : assignments;
    const commands = optionCommands(name, args);
    for (const a of env) {
      const c = envCommand(a);
      if (c !== undefined) commands.push(c);
    }
    if (AWKS.has(name)) {
      const program = awkProgram(args);
      if (program !== undefined) {
        const r = awkCommands(program);
        commands.push(...r.commands);
        if (r.unknown) this.problem(`awk runs a command it builds (system): ${snippet(program, 60)}`);
      }
    }
    for (const c of commands.slice(0, 16)) this.readText(c, { depth: frame.depth + 1, via: `${name} runs`, positional: frame.positional }, undefined);
    if (!Object.hasOwn(OPTION_WRITES, name)) return;
    const written = optionCommands(name, args, OPTION_WRITES).filter((t) => !/^\/dev\/(?:null|stdout|stderr)$|^-$/.test(t));
    if (written.length > 0) this.record([{ text: name, exact: true }], written.map((target) => ({ op: ">", target })), `${name} writes`);
  }

  /**
   * GNU sed runs shell commands itself: `e command` runs the rest of the script's line (read here
   * as shell), `e` alone and the s command's e flag run the pattern space (unknown here: a problem).
   * Its w/W commands and w flag write the file named by the rest of the line: recorded as a write.
   * The script is read loosely: an `e` wherever a command may stand counts, even inside a regular
   * expression, so more is read, never less. A script from a file not written earlier is unknown.
   */
  protected sedExec(args: readonly Word[], frame: Frame): undefined {
    if (args.some((a) => a.text === "--sandbox")) return undefined;
    const scripts: string[] = [];
    let given = false;
    let firstOperand: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const t = args[i]!.text;
      if ((/^-[a-zA-Z]*e$/.test(t) && !t.includes("i")) || t === "--expression") {
        given = true;
        if (args[i + 1]) scripts.push(args[++i]!.text);
      } else if (t.startsWith("--expression=")) {
        given = true;
        scripts.push(t.slice("--expression=".length));
      } else if ((/^-[a-zA-Z]*f$/.test(t) && !t.includes("i")) || t === "--file" || t.startsWith("--file=")) {
        given = true;
        const file = t.startsWith("--file=") ? t.slice("--file=".length) : args[++i]?.text;
        const text = file === undefined ? undefined : this.files.get(normalPath(file));
        if (text === undefined) this.problem(`sed reads its script from ${file ?? "a file"}, which may run shell commands (e)`);
        else scripts.push(text);
      } else if (t === "-l" || t === "--line-length") i++;
      else if (!t.startsWith("-") && firstOperand === undefined) firstOperand = t;
    }
    if (!given && firstOperand !== undefined) scripts.push(firstOperand);
    const command = /(?:^|[;{}!\d$/\s])e(?=[\s;}]|$)/;
    const flag = /\/[gpIiMm\d]*e[gpIiMm\d]*(?=[\s;}]|$)/;
    // w/W file, and the s command's w flag: the file name is the rest of the line.
    const write = /(?:(?:^|[;{}!\d$/\s])[wW]|\/[gpIiMm\d]*w)[ \t]+(\S[^\n]*)$/;
    const targets: string[] = [];
    for (const script of scripts) {
      for (const line of script.split("\n")) {
        // A line that is one a, i or c command (after an optional address) is text to its end, as
        // GNU sed reads it (`;` does not end it): nothing in it runs or writes.
        if (SED_TEXT_COMMAND.test(line)) continue;
        const w = write.exec(line);
        if (w && !/^\/dev\/std(?:out|err)$/.test(w[1]!.trim())) targets.push(w[1]!.trim());
        const m = command.exec(line);
        const rest = m ? line.slice(m.index + m[0].length).trim() : "";
        if (m && rest.length > 0 && !/^[;}]/.test(rest)) this.readText(rest, { depth: frame.depth + 1, via: "sed e", positional: frame.positional }, undefined);
        else if (m || flag.test(line)) this.problem(`sed runs text it builds as a shell command (e): ${snippet(line, 60)}`);
      }
    }
    // What sed writes, as a redirection of its own, so the rules on written paths see it.
    if (targets.length > 0) this.record([{ text: "sed", exact: true }], targets.map((target) => ({ op: ">", target })), "sed w");
    return undefined;
  }

  /**
   * `cat` or `tee` copying its input to `paths`: when that input is a top-level here-document or
   * here-string, everything it prints goes to plain files and no path is a shell script, the body
   * is data (a shell script's body stays shell text, judged as such).
   */
  protected writtenBody(stdin: Stdin, paths: readonly string[], redirects: ReadonlyArray<{ op: string; target: string }>): void {
    const span = stdin ? this.bodies.get(stdin) : undefined;
    if (!span || !stdin || !("text" in stdin) || paths.length === 0 || !outputOnlyToFiles(redirects)) return;
    if (paths.some((p) => { const kind = writtenKind(p, stdin.text); return kind === "shell" || kind === "commands"; })) return;
    if (this.data.some(([a, b]) => a === span[0] && b === span[1])) return;
    this.data.push(span);
    this.dataFiles.push({ span, names: paths.map((p) => p.replace(/^.*\//, "")), after: this.commands.length });
  }

  /** Bodies `writtenBody` made data, with the names of the files they went to and the commands recorded before. */
  private readonly dataFiles: Array<{ readonly span: readonly [number, number]; readonly names: readonly string[]; readonly after: number }> = [];

  /**
   * A body written to a file stays data only while nothing later in the script may run that file:
   * a command that names it (or a glob that may match it) and is not one that only reads it, or an
   * interpreter whose code reading follows it (`cp a b; sh b`, `make -f a`, `ssh host < a`,
   * `sh a*`, `find . -name a -exec sh {} \;` run what the rules were not shown).
   */
  settleData(): void {
    for (const f of this.dataFiles) {
      const used = this.commands.slice(f.after).some((c) => {
        // The program a wrapper runs (`timeout 60 python3 x.py`, `env A=1 node x.js`): the reader records it on its own too.
        let p = 0;
        while (p < c.argv.length - 1 && (WRAPPERS.has(base(c.argv[p]!)) || /^-|^\d+(?:\.\d+)?[smhd]?$|^\w+=/.test(c.argv[p]!)) && (p > 0 || WRAPPERS.has(base(c.argv[p]!)))) p++;
        const name = base(c.argv[p] ?? "");
        if (FILE_READERS.has(name) || PYTHONS.test(name) || SCRIPT_INTERPRETERS.test(name)) return false;
        if (f.names.some((n) => RUN_BY_NAME.get(n)?.test(name))) return true;
        return [...c.argv.slice(1), ...c.redirects.map((r) => r.target)].some((w) => /[*?[]/.test(w) || f.names.includes(w.replace(/^.*[/=]/, "")));
      });
      if (!used) continue;
      const k = this.data.findIndex(([a, b]) => a === f.span[0] && b === f.span[1]);
      if (k >= 0) this.data.splice(k, 1);
    }
  }

  /**
   * A file written with known text may be run later: a script is judged now, by its kind. It is read
   * by a reader of its own (nothing it defines leaks into this command), and its commands are this
   * command's. What cannot be read in it is not a reason for caution about this step, which does not
   * run it; a script too large for the budget is.
   */
  protected judgeWritten(path: string, text: string, frame: Frame): void {
    if (path === "/dev/null" || text.trim() === "") return;
    const kind = writtenKind(path, this.files.get(normalPath(path)) ?? text);
    if (kind === undefined) return;
    if (text.length + 64 > this.parsedBudget) {
      this.problem("the script is too large to read fully");
      this.capped = true;
      return;
    }
    this.parsedBudget -= text.length + 64;
    const child = new Reader(text.length, this.fastPath);
    const f: Frame = { depth: frame.depth + 1, via: `${path} written`, positional: undefined };
    try {
      if (kind === "shell") child.readText(text, f);
      else if (kind === "commands") for (const line of commandsInFile(path, text)) child.readText(line, f);
      else child.code(path, text, "python", f);
    } catch (e) {
      this.problem(`the reader failed on ${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
    // Every command the file runs names it, however deep (`sh -c` inside a unit's ExecStart).
    for (const c of child.commands) {
      if (this.commands.length >= MAX_COMMANDS) {
        if (!this.capped) this.problem("the script runs too many commands to read fully");
        this.capped = true;
        break;
      }
      this.commands.push(c.from !== undefined ? c : { ...c, from: path });
    }
    for (const p of child.problems) if (BUDGET_PROBLEM.test(p)) this.problem(`${path}: ${p}`);
  }

  protected shellString(w: Word, frame: Frame, stdin: Stdin): string | undefined {
    if (!w.exact) {
      this.problem(`${frame.via ?? "a shell"} runs a string that cannot be read statically: ${snippet(w.text, 60)}`);
      return undefined;
    }
    return this.readText(w.text, frame, stdin);
  }

  protected shell(name: string, args: readonly Word[], stdin: Stdin, frame: Frame): string | undefined {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.text;
      if (a === "--" || a === "-") {
        i++;
        if (a === "-" || i >= args.length) break;
        return this.scriptFile(name, args[i]!, stdin, frame);
      }
      if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) {
        const str = args[i + 1];
        return str ? this.shellString(str, deeper(frame, `${name} -c`), stdin) : undefined;
      }
      if (/^[-+]o$/.test(a) || a === "-O" || a === "+O" || a === "--rcfile" || a === "--init-file") {
        i++;
        continue;
      }
      // -s: the commands come from the standard input, and the words after the options are its
      // positional parameters, not a script (`bash -s x << 'EOF'` runs the here-document).
      if (/^-[a-zA-Z]*s[a-zA-Z]*$/.test(a) && name !== "busybox") break;
      if (a.startsWith("-") || a.startsWith("+")) continue;
      if (name === "busybox") return this.run(args.slice(i), [], stdin, deeper(frame, "busybox"));
      return this.scriptFile(name, args[i]!, stdin, frame);
    }
    // No script and no -c: the shell runs its standard input.
    if (stdin === undefined) return undefined;
    // A here-document with expansions the reading could not resolve keeps them as written ($X):
    // the shell that reads it expands them again, and the inner reading judges each where it lands.
    if ("text" in stdin) return this.readText(stdin.text, deeper(frame, `${name} reading its input`), undefined);
    this.problem(`${name} runs its input from ${"from" in stdin ? stdin.from : "elsewhere"}, which cannot be read statically`);
    return undefined;
  }

  protected scriptFile(name: string, file: Word, stdin: Stdin, frame: Frame): string | undefined {
    const text = this.files.get(normalPath(file.text));
    if (text === undefined) return undefined;
    return this.readText(text, { depth: frame.depth + 1, via: `${name} ${file.text} written earlier`, positional: frame.positional }, stdin);
  }

  protected interpreter(name: string, args: readonly Word[], stdin: Stdin, frame: Frame, kind: "python" | "script"): string | undefined {
    let code: Word | undefined;
    let fromStdin = true;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.text;
      if (kind === "python" ? /^-[a-zA-Z]*c$/.test(a) : /^(?:-e|-E|--eval|-p|--print|-r|-x)$/.test(a) && !(name === "php" && a === "-e")) {
        code = args[i + 1];
        fromStdin = false;
        break;
      }
      if (kind === "python" && (a === "-m" || a === "-W" || a === "-X" || a === "-Q")) {
        fromStdin = false;
        break;
      }
      if (a === "-") break;
      if (a.startsWith("-")) continue;
      // A script file: read it when the command wrote it earlier.
      const written = this.files.get(normalPath(a));
      if (written !== undefined) code = { text: written, exact: true };
      fromStdin = false;
      break;
    }
    if (fromStdin && stdin !== undefined) {
      if ("text" in stdin) code = { text: stdin.text, exact: !("from" in stdin) };
      else {
        this.problem(`${name} runs code from ${stdin.from}, which cannot be read statically`);
        return undefined;
      }
    }
    if (!code) return undefined;
    if (!code.exact) {
      this.problem(`${name} runs code that cannot be read statically: ${snippet(code.text, 60)}`);
      return undefined;
    }
    return this.code(name, code.text, kind, frame);
  }

  /** Interpreter code: each call that acts on the system is read as the command with its effect. */
  protected code(name: string, code: string, kind: "python" | "script", frame: Frame): undefined {
    const frameFor = (via: string): Frame => ({ depth: frame.depth + 1, via, positional: frame.positional });
    if (frame.depth + 1 > MAX_READ_DEPTH) {
      this.problem(`nested too deeply to read (${name})`);
      return undefined;
    }
    if (code.length > this.parsedBudget) {
      this.problem("the script is too large to read fully");
      return undefined;
    }
    this.parsedBudget -= code.length;
    const found = kind === "python" ? readPythonCode(code) : readScriptStrings(code);
    for (const p of found.problems) this.problem(`${name}: ${p}`);
    for (const act of found.actions) {
      if (act.shell !== undefined) this.readText(act.shell, frameFor(`${name} ${act.call}`));
      else if (act.argv) this.run(act.argv.map((text) => ({ text, exact: true })), [], undefined, frameFor(`${name} ${act.call}`));
    }
    return undefined;
  }

  protected wrapper(name: string, args: readonly Word[], redirects: ReadonlyArray<{ op: string; target: string }>, stdin: Stdin, frame: Frame): string | undefined {
    const valued = (Object.hasOwn(WRAPPER_VALUE_OPTIONS, name) ? WRAPPER_VALUE_OPTIONS[name] : undefined) ?? new Set<string>();
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i]!.text;
      if (a === "--") {
        i++;
        break;
      }
      if (name === "env" && ASSIGNMENT.test(a)) continue;
      if (name === "env" && (a === "-S" || a.startsWith("--split-string"))) {
        const str = a.includes("=") ? { text: a.slice(a.indexOf("=") + 1), exact: args[i]!.exact } : args[i + 1];
        const rest = args.slice(a.includes("=") ? i + 1 : i + 2);
        if (!str) return undefined;
        return this.shellString({ text: [str.text, ...rest.map((r) => quoteWord(r.text))].join(" "), exact: str.exact && rest.every((r) => r.exact) }, { depth: frame.depth + 1, via: "env -S", positional: frame.positional }, stdin);
      }
      if (!a.startsWith("-") || a === "-") {
        if (name === "timeout" && /^\d/.test(a)) continue; // the duration
        if ((name === "nice" || name === "ionice") && /^-?\d+$/.test(a)) continue;
        break;
      }
      if (valued.has(a)) i++;
    }
    const rest = args.slice(i);
    if (rest.length === 0) return undefined;
    return this.run(rest, redirects, stdin, { depth: frame.depth + 1, via: name, positional: frame.positional });
  }

  protected findExec(argv: readonly Word[], _stdin: Stdin, frame: Frame): string | undefined {
    const found = regenerableFound(argv);
    for (let i = 1; i < argv.length; i++) {
      if (!/^-(?:exec|execdir|ok|okdir)$/.test(argv[i]!.text)) continue;
      let j = i + 1;
      while (j < argv.length && argv[j]!.text !== ";" && argv[j]!.text !== "+" && argv[j]!.text !== "\\;") j++;
      const words = argv.slice(i + 1, j);
      const inner = found !== undefined ? words.map((w) => (w.text === "{}" ? { text: found, exact: true } : w)) : words;
      if (inner.length > 0) this.run(inner, [], undefined, { depth: frame.depth + 1, via: `find ${argv[i]!.text}`, positional: frame.positional });
      i = j;
    }
    return undefined;
  }

  protected xargs(args: readonly Word[], stdin: Stdin, frame: Frame): string | undefined {
    let i = 0;
    let replace: string | undefined;
    let nul = false;
    for (; i < args.length; i++) {
      const a = args[i]!.text;
      if (a === "--") {
        i++;
        break;
      }
      if (!a.startsWith("-")) break;
      if (a === "-0" || a === "--null") nul = true;
      if (a === "-I" || a === "-i") replace = args[i + 1]?.text ?? "{}";
      else if (a.startsWith("-I") && a.length > 2) replace = a.slice(2);
      if (XARGS_VALUE_OPTIONS.has(a)) i++;
    }
    const inner = args.slice(i);
    const cmd = inner.length > 0 ? inner : [{ text: "echo", exact: true }];
    const items = stdin && "text" in stdin && !("from" in stdin) ? stdin.text.split(nul ? "\0" : /\s+/).filter((s) => s.length > 0).slice(0, 64) : undefined;
    const via: Frame = { depth: frame.depth + 1, via: "xargs", positional: frame.positional };
    if (!items || items.length === 0) return this.run(cmd, [], undefined, via);
    if (replace !== undefined) {
      for (const item of items.slice(0, MAX_LOOP_VALUES)) this.run(cmd.map((w) => ({ text: w.text.split(replace!).join(item), exact: w.exact })), [], undefined, via);
      return undefined;
    }
    return this.run([...cmd, ...items.map((text) => ({ text, exact: true }))], [], undefined, via);
  }

  /**
   * tmux runs shell commands for its new sessions, windows and panes, for run-shell, if-shell,
   * pipe-pane and popups, and types them into a pane with send-keys; if-shell, run-shell -C,
   * confirm-before, command-prompt, bind-key and set-hook run tmux commands (read as such), and
   * the default-command option is what every new window runs. One command argument is a shell
   * string; several are run as they stand. Commands are separated by a `;` argument or a `;` at an
   * argument's end. A command is named in full, by its alias or by a prefix of one name (`new-w`).
   */
  protected tmux(args: readonly Word[], frame: Frame): undefined {
    let i = 0;
    // tmux's own options, as getopt reads them: -uc 'cmd' is -u and -c 'cmd'; -Lsock has its value attached.
    for (; i < args.length && args[i]!.text.startsWith("-") && args[i]!.text !== "-"; i++) {
      const a = args[i]!.text;
      if (a === "--") {
        i++;
        break;
      }
      for (let k = 1; k < a.length; k++) {
        if (!"cfLST".includes(a[k]!)) continue;
        const value = k < a.length - 1 ? { text: a.slice(k + 1), exact: args[i]!.exact } : args[++i];
        if (a[k] === "c" && value !== undefined) this.shellString(value, deeper(frame, "tmux -c"), undefined);
        break;
      }
    }
    const via = deeper(frame, "tmux");
    // tmux ends a command at an argument `;`, and at a `;` that ends an argument (`x;`), unless escaped (`x\;`).
    const words: Word[] = [];
    for (const w of args.slice(i)) {
      if (w.text.length > 1 && w.text.endsWith(";") && !w.text.endsWith("\\;")) words.push({ text: w.text.slice(0, -1), exact: w.exact }, { text: ";", exact: true });
      else words.push(w);
    }
    const tmuxCommands = (w: Word | undefined): void => {
      if (w !== undefined) this.shellString({ text: `tmux ${w.text}`, exact: w.exact }, deeper(frame, "tmux command"), undefined);
    };
    i = 0;
    while (i < words.length) {
      let end = i;
      while (end < words.length && words[end]!.text !== ";" && words[end]!.text !== "\\;") end++;
      const command = words.slice(i, end);
      i = end + 1;
      const name = tmuxCommand(command[0]?.text ?? "");
      const valued = name !== undefined ? TMUX_VALUE_OPTIONS.get(name) : undefined;
      if (name === undefined || valued === undefined) continue;
      // Options as getopt reads them: letters together (-dP), a value attached (-sx) or next.
      const flags = new Set<string>();
      let j = 1;
      for (; j < command.length && command[j]!.text.startsWith("-") && command[j]!.text !== "-"; j++) {
        if (command[j]!.text === "--") {
          j++;
          break;
        }
        const letters = command[j]!.text.slice(1);
        for (let k = 0; k < letters.length; k++) {
          flags.add(letters[k]!);
          if (!valued.includes(letters[k]!)) continue;
          if (k === letters.length - 1) j++;
          break;
        }
      }
      const rest = command.slice(j);
      if (rest.length === 0) continue;
      switch (name) {
        case "send-keys": {
          // -H: each key is a character's code in hex.
          const keys = flags.has("H") ? [{ text: rest.map((w) => (/^[0-9a-f]{1,2}$/i.test(w.text) ? String.fromCharCode(parseInt(w.text, 16)) : "")).join("").replace(/[\r\n]+$/, ""), exact: known(rest) }] : rest.filter((w) => !TMUX_ENTER.test(w.text));
          const typed = keys.filter((w) => w.text !== "");
          if (typed.length > 0) this.shellString({ text: typed.map((w) => w.text).join(" "), exact: known(typed) }, via, undefined);
          break;
        }
        case "if-shell":
          this.shellString(rest[0]!, via, undefined);
          tmuxCommands(rest[1]);
          tmuxCommands(rest[2]);
          break;
        case "run-shell":
          if (flags.has("C")) tmuxCommands(rest[0]);
          else this.shellString(rest[0]!, via, undefined);
          break;
        case "confirm-before":
        case "command-prompt":
          tmuxCommands(rest[0]);
          break;
        case "bind-key":
          // The key, then the command: one argument is a command string, several are its words.
          if (rest.length === 2) tmuxCommands(rest[1]);
          // (One level deeper each time: `bind a bind a …` nests without end otherwise.)
          else if (rest.length > 2) {
            if (frame.depth >= MAX_READ_DEPTH) this.problem("tmux bind-key binds a command nested too deeply to read");
            else this.tmux(rest.slice(1), deeper(frame, "tmux bind-key"));
          }
          break;
        case "set-hook":
          tmuxCommands(rest[1]);
          break;
        case "set-option":
        case "set-window-option":
          if (rest[0]!.text === "default-command" && rest[1]) this.shellString(rest[1], deeper(frame, "tmux default-command"), undefined);
          break;
        case "source-file":
          // A configuration written earlier in the same command: its lines are tmux commands.
          for (const f of rest) {
            const text = this.files.get(normalPath(f.text));
            if (text !== undefined) for (const line of text.split("\n").slice(0, 200)) if (line.trim() !== "") tmuxCommands({ text: line, exact: true });
          }
          break;
        default:
          if (rest.length === 1) this.shellString(rest[0]!, via, undefined);
          else this.run(rest, [], undefined, via);
      }
    }
    return undefined;
  }

  /**
   * screen runs the program its arguments name in a new window (`screen -dmS s bash -c '…'`); with
   * -X its arguments are a command for a running session: `stuff '…'` types text into a window's
   * shell, `exec` and `screen` run a program, `eval` runs screen commands.
   */
  protected screen(args: readonly Word[], frame: Frame): undefined {
    const via = deeper(frame, "screen");
    let command = false;
    let i = 0;
    // Where the last -X is, found once (not searched for again after every -r, -x, -R, -d, -D).
    let lastX = -1;
    for (let k = args.length - 1; k >= 0; k--) if (args[k]!.text === "-X") { lastX = k; break; }
    for (; i < args.length && args[i]!.text.startsWith("-"); i++) {
      const a = args[i]!.text;
      if (a === "-X") command = true;
      else if (/^-(?:[a-zA-Z]*[ScehpstT]|Logfile)$/.test(a)) i++;
      // -r, -x, -R, -d, -D take an optional session name: before a later -X, the word after them is that.
      else if (/^-[a-zA-Z]*[rxRdD]$/.test(a) && args[i + 1] !== undefined && !args[i + 1]!.text.startsWith("-") && lastX > i + 1) i++;
    }
    const rest = args.slice(i);
    if (rest.length === 0) return undefined;
    if (command) this.screenCommand(rest, via);
    else this.run(rest, [], undefined, via);
    return undefined;
  }

  /** A screen command sent to a session (screen -X, or eval's strings). */
  protected screenCommand(words: readonly Word[], frame: Frame): void {
    const [name, ...rest] = words;
    switch (name?.text) {
      case "stuff":
        if (rest[0]) this.shellString({ text: rest[0].text.replace(/(?:\\n|\\r|\^M|\n|\r)+$/, ""), exact: rest[0].exact }, frame, undefined);
        return;
      case "exec": {
        // An optional file-descriptor pattern (`.!.`, `!..|`) before the program.
        const program = rest[0] && /^[.!:|]+$/.test(rest[0].text) ? rest.slice(1) : rest;
        if (program.length > 0) this.run(program, [], undefined, frame);
        return;
      }
      case "screen": {
        // Its options (-t title, -T term and -h lines take a value) and a window number, then the program.
        let k = 0;
        while (k < rest.length && (rest[k]!.text.startsWith("-") || /^\d+$/.test(rest[k]!.text))) k += /^-[tTh]$/.test(rest[k]!.text) ? 2 : 1;
        if (k < rest.length) this.run(rest.slice(k), [], undefined, frame);
        return;
      }
      case "eval":
        for (const w of rest) this.shellString({ text: `screen -X ${w.text}`, exact: w.exact }, frame, undefined);
        return;
    }
  }

  /** ssh runs its command words as one shell string on the host, with this side's standard input as its own (`ssh h 'bash -s' < fix.sh`). */
  protected ssh(args: readonly Word[], frame: Frame, stdin: Stdin): string | undefined {
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i]!.text;
      if (!a.startsWith("-")) break;
      if (SSH_VALUE_OPTIONS.has(a)) i++;
    }
    const host = args[i];
    const rest = args.slice(i + 1);
    if (!host) return undefined;
    // No command: the host's login shell runs what comes in, when something does.
    if (rest.length === 0) return stdin !== undefined ? this.shell("sh", [], stdin, { depth: frame.depth + 1, via: `ssh ${host.text}`, positional: frame.positional }) : undefined;
    const w = { text: rest.map((r) => r.text).join(" "), exact: rest.every((r) => r.exact) };
    return this.shellString(w, { depth: frame.depth + 1, via: `ssh ${host.text}`, positional: frame.positional }, stdin);
  }
}

/**
 * A PowerShell command's script block as the commands it runs: `Invoke-Command -ScriptBlock {
 * Set-MpPreference … ; … }` is cut by the splitter at the block's `;`, leaving `{ Set-MpPreference …`
 * as one command's tail and `… }` as the next: the words from the brace on are a command of their
 * own, and a closing brace is dropped.
 */
function scriptBlocksApart(words: string[]): string[][] {
  // One pass: a new command starts at each word that opens a block; closing braces are dropped.
  const out: string[][] = [];
  let current: string[] = [];
  for (const w of words) {
    if (w === "{" || (w.startsWith("{") && !w.startsWith("{{"))) {
      if (current.length > 0) out.push(current);
      current = [];
      if (w.length > 1) current.push(w.slice(1));
      continue;
    }
    if (w === "}" || w === ")") continue;
    const closed = w.endsWith("}") && !w.includes("{") ? w.slice(0, -1) : w;
    if (closed !== "") current.push(closed);
  }
  if (current.length > 0) out.push(current);
  return out;
}
