// Here-documents and data bodies for the shell reader (read.ts): expansion counts, the spans of
// bodies in the source, output that only goes to files, what kind of script a written file is, and
// parsing a script whose here-document lacks its closing delimiter.
import { parseBash, type SyntaxNode, type SyntaxTree, textOf } from "./syntax.js";
import { base, PYTHONS, SHELLS } from "./read-model.js";

/** Expansions ($, `) in unquoted here-document bodies, summed over a script: more is not read. */
export const MAX_HEREDOC_EXPANSIONS = 64;

/**
 * How many expansions the unquoted here-document bodies of a script hold, in one pass: tree-sitter
 * re-scans such a body for each expansion in it, so their number bounds what parsing costs.
 */
export function heredocExpansions(source: string): number {
  if (!source.includes("<<")) return 0;
  let total = 0;
  const start = /(?<!<)<<(?!<)-?[ \t]*(['"\\]?)([\w.-]{1,64})/g;
  let m: RegExpExecArray | null;
  while ((m = start.exec(source)) !== null) {
    if (m[1]) continue; // a quoted delimiter: the body is literal
    const bodyStart = source.indexOf("\n", start.lastIndex);
    if (bodyStart < 0) break;
    const end = new RegExp(`\n\t*${m[2]!.replace(/[.-]/g, "\\$&")}(?=\n|$)`, "g");
    end.lastIndex = bodyStart;
    const e = end.exec(source);
    const bodyEnd = e ? e.index : source.length;
    for (let i = bodyStart; i < bodyEnd; i++) {
      const c = source.charCodeAt(i);
      if (c === 36 /* $ */ || c === 96 /* ` */) total++;
    }
    start.lastIndex = bodyEnd;
  }
  return total;
}

/**
 * A here-document's delimiter word as written, bare or quoted as a whole ('EOF', "EOF", \EOF): the
 * only forms whose delimiter bash and this reader surely agree on.
 */
export const PLAIN_DELIMITER = /^(?:([\w.-]{1,64})|'([\w.-]{1,64})'|"([\w.-]{1,64})"|\\([\w.-]{1,64}))$/;

/**
 * The span of a top-level here-document's body, when it is certainly the text bash takes as that
 * body and nothing in it runs: the delimiter is plain; the body starts on a line of its own and
 * ends before the first line that is exactly the delimiter (leading tabs stripped for <<-), as bash
 * ends it, or at the end of the input; and an unquoted body holds no command substitution and no
 * line continuation. Otherwise there is no span and the body is judged as text, as before.
 */
export function hereDocumentSpan(tree: SyntaxTree, r: SyntaxNode): readonly [number, number] | undefined {
  const start = r.children.find((c) => c.type === "heredoc_start");
  const body = r.children.find((c) => c.type === "heredoc_body");
  if (!start || !body) return undefined;
  const m = PLAIN_DELIMITER.exec(textOf(tree, start));
  if (!m) return undefined;
  const delimiter = m[1] ?? m[2] ?? m[3] ?? m[4]!;
  const quoted = m[1] === undefined;
  const stripTabs = r.children.some((c) => !c.named && textOf(tree, c) === "<<-");
  const source = tree.source;
  const text = source.slice(body.start, body.end);
  if (!quoted && (/\$\(|`/.test(text) || text.includes("\\\n"))) return undefined;
  if (body.start > 0 && source[body.start - 1] !== "\n") return undefined;
  const isDelimiter = (line: string): boolean => (stripTabs ? line.replace(/^\t+/, "") : line) === delimiter;
  if (text.split("\n").some(isDelimiter)) return undefined;
  if (body.end < source.length) {
    const nl = source.indexOf("\n", body.end);
    if (!isDelimiter(source.slice(body.end, nl < 0 ? source.length : nl))) return undefined;
  }
  return body.end > body.start ? [body.start, body.end] : undefined;
}

/** The span of a top-level here-string's text: a quoted string or a word with nothing to expand. */
export function hereStringSpan(tree: SyntaxTree, arg: SyntaxNode): readonly [number, number] | undefined {
  const raw = textOf(tree, arg);
  if (arg.type === "raw_string") return raw.length > 2 ? [arg.start + 1, arg.end - 1] : undefined;
  if (/[$`\\]/.test(raw)) return undefined;
  if (arg.type === "string") return raw.length > 2 ? [arg.start + 1, arg.end - 1] : undefined;
  if (arg.type === "word") return raw.length > 0 ? [arg.start, arg.end] : undefined;
  return undefined;
}

/** Where a command's standard output may go when what it prints is only data: a file, or nowhere. */
export const OUTPUT_TO_FILE = /^(?:1?>|1?>>|>\||&>|&>>)$/;
/** Redirections that leave standard output alone: inputs, and standard error anywhere. */
export const LEAVES_OUTPUT = /^(?:<<|<<<|2>|2>>)$/;
/** A path that is a plain file (or /dev/null): not a device, a descriptor, a socket or a variable. */
export const isPlainFile = (target: string): boolean => target.length > 0 && !/[$`]/.test(target) && (target === "/dev/null" || !/^\/(?:dev|proc)\//.test(target));

/**
 * True when what a command prints goes only to plain files: at least one output redirection to a
 * file, and no redirection that points standard output anywhere else (a descriptor, a device).
 */
export function outputOnlyToFiles(redirects: ReadonlyArray<{ readonly op: string; readonly target: string }>): boolean {
  let toFile = false;
  for (const r of redirects) {
    if (OUTPUT_TO_FILE.test(r.op)) {
      if (!isPlainFile(r.target)) return false;
      toFile = true;
    } else if (!(LEAVES_OUTPUT.test(r.op) || (r.op === "2>&" && r.target === "1"))) return false;
  }
  return toFile;
}

/** Start-up files the shell reads later: what is written there runs at the next login or shell. */
export const SHELL_STARTUP = /(?:^|\/)(?:\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|envrc)|bash\.bashrc|profile\.d\/[^/]+|rc\.local|\.git\/hooks\/[^/]+)$/;
export const SHELL_SCRIPT = /\.(?:sh|bash|zsh|ksh|ps1|psm1|cmd|bat)$/i;
export const PYTHON_SCRIPT = /\.pyw?$/i;
/** The program a #! line names, through `env` and its options: `#!/usr/bin/env -S bash -e` is bash. */
export function shebangProgram(text: string): string | undefined {
  if (!text.startsWith("#!")) return undefined;
  const words = text.slice(2, text.indexOf("\n") < 0 ? undefined : text.indexOf("\n")).trim().split(/[ \t]+/);
  if (base(words[0] ?? "") !== "env") return base(words[0] ?? "");
  const program = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("="));
  return program !== undefined ? base(program) : undefined;
}

/**
 * What a file written with known text would run, by its kind: a shell script (by its name, a
 * start-up file or hook, or a #! line naming a shell), Python (*.py or #!…python), or data.
 */
export function writtenKind(path: string, text: string): "shell" | "python" | "commands" | undefined {
  if (COMMAND_FILE.test(path)) return "commands";
  const program = shebangProgram(text);
  if (program !== undefined && SHELLS.has(program)) return "shell";
  if (program !== undefined && PYTHONS.test(program)) return "python";
  if (SHELL_SCRIPT.test(path) || SHELL_STARTUP.test(path)) return "shell";
  if (PYTHON_SCRIPT.test(path)) return "python";
  return undefined;
}

/**
 * Files whose lines name commands something else runs later (systemd units, XDG autostart entries,
 * launchd property lists, cron tables), or settings that decide what later commands fetch (npm's,
 * yarn's and pip's configuration: the registry every install trusts).
 */
export const COMMAND_FILE = /\.(?:service|desktop|plist)$|^(?:\/private)?\/etc\/(?:crontab|cron\.d\/[^/]+)$|^(?:\/private)?\/var\/spool\/cron\/(?:crontabs\/)?[^/]+$|(?:^|\/)(?:\.?crontab|\.?npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|\.pypirc)$/i;
const CRON_TABLE = /(?:^|\/)(?:crontab|cron\.d\/[^/]+|cron\/(?:crontabs\/)?[^/]+|\.crontab)$/i;
/** Time fields (or @reboot and the like), then in /etc's tables a user, then the command. */
const CRON_LINE = /^\s*(?:@\w+|(?:\S+\s+){4}\S+)\s+(.+)$/;
const PACKAGE_SETTING = /^\s*([@\w.:/-]*?registry|npmRegistryServer|index-url|extra-index-url|strict-ssl|trusted-host|enableStrictSsl)\s*[=:]\s*["']?([^"'\s#]+)/i;
const EXEC_LINE = /^[ \t]*(?:Exec|ExecStart|ExecStartPre|ExecStartPost|ExecStop|ExecStopPost|ExecReload|ExecCondition|TryExec)[ \t]*=[ \t]*(.+)$/gm;
const XML_ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const xmlText = (s: string): string => s.replace(/&(?:amp|lt|gt|quot|apos);/g, (e) => XML_ENTITIES[e]!);
const MAX_FILE_COMMANDS = 32;

/**
 * The command lines a unit, autostart entry or property list will run: each Exec…= value (less
 * systemd's `-@:+!` prefixes), and a plist's Program and ProgramArguments, each argument quoted; a
 * cron table's commands; a package configuration's settings as the commands that make them.
 */
export function commandsInFile(path: string, text: string): string[] {
  const out: string[] = [];
  if (CRON_TABLE.test(path)) {
    // A table under /etc names the user to run as before the command.
    const system = /^(?:\/private)?\/etc\//.test(path);
    for (const line of text.split("\n", 512)) {
      if (/^\s*(?:#|$)|^\s*\w+\s*=/.test(line)) continue;
      const m = CRON_LINE.exec(line);
      if (m !== null) out.push(system ? m[1]!.replace(/^\S+\s+/, "") : m[1]!);
    }
  } else if (!/\.(?:service|desktop|plist)$/i.test(path)) {
    // A package manager's configuration, as the `npm config set` and `pip config set` commands that make it.
    for (const line of text.split("\n", 512)) {
      const m = PACKAGE_SETTING.exec(line);
      if (m === null) continue;
      const key = m[1]!.toLowerCase();
      out.push(/index-url|trusted-host/.test(key) ? `pip config set global.${key} ${m[2]!}` : /registry/.test(key) ? `npm config set registry ${m[2]!}` : `npm config set strict-ssl ${m[2]!}`);
    }
  } else if (/\.plist$/i.test(path)) {
    for (const m of text.matchAll(/<key>\s*ProgramArguments\s*<\/key>\s*<array>([\s\S]*?)<\/array>/g)) {
      const args = [...m[1]!.matchAll(/<string>([\s\S]*?)<\/string>/g)].map((s) => xmlText(s[1]!));
      if (args.length > 0) out.push(args.map(quoteArgument).join(" "));
    }
    for (const m of text.matchAll(/<key>\s*Program\s*<\/key>\s*<string>([\s\S]*?)<\/string>/g)) out.push(quoteArgument(xmlText(m[1]!)));
  } else for (const m of text.matchAll(EXEC_LINE)) out.push(m[1]!.trim().replace(/^[-@:+!]+/, ""));
  return out.slice(0, MAX_FILE_COMMANDS);
}

const quoteArgument = (s: string): string => (/^[\w@%+=:,./~-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

/** `<<EOF`, `<<-'EOF'`, `<< "EOF"`: a here-document's delimiter. */
export const HEREDOC_START = /<<-?[ \t]*(['"]?)([\w.-]{1,64})\1/g;

/**
 * Parses a script; bash ends a here-document that has no closing delimiter at the end of the input
 * (with a warning) and runs it, which tree-sitter reports as an error: such a script is parsed again
 * with the delimiter it lacks.
 */
export function parseTerminated(source: string): { tree: SyntaxTree; unterminatedQuote: boolean } {
  const tree = parseBash(source);
  if (!tree.hasError) return { tree, unterminatedQuote: false };
  if (source.includes("<<")) {
    let last: string | undefined;
    for (const m of source.matchAll(HEREDOC_START)) last = m[2];
    if (last !== undefined) {
      const closed = parseBash(`${source}\n${last}\n`);
      if (!closed.hasError) return { tree: closed, unterminatedQuote: false };
    }
  }
  // A quote left open at the end: bash stops with "unexpected EOF while looking for matching quote"
  // and runs nothing of that command. Read with the quote closed, everything after it is a string,
  // as bash would have taken it had the quote been closed; the rules still judge the raw text.
  // Only the quote whose count is odd can be the open one: one more parse at most.
  const odd = (q: string): boolean => (source.split(q).length - 1) % 2 === 1;
  const close = odd("'") ? "'" : odd('"') ? '"' : undefined;
  if (close !== undefined) {
    const closed = parseBash(source + close);
    if (!closed.hasError) return { tree: closed, unterminatedQuote: true };
  }
  return { tree, unterminatedQuote: false };
}
