// Where a text judged by the action rules holds a shell command, so that only commands are parsed
// and free prose never is. `strict` sources are known to be commands (the command of a shell tool,
// a hint in the form the adapters write for one): a command there that cannot be read is a reason
// for caution. A text that merely starts like a command is read for extra matches only.

export interface ShellSource {
  readonly source: string;
  readonly strict: boolean;
  /** Where the source is in the text: [start, end) of the source itself, or of the JSON string literal holding it (`json`). */
  readonly at: readonly [number, number];
  readonly json?: true;
}

/** The adapters' and the eval harness's phrasing of a shell tool call (src/adapters/tool-call.ts). */
const SHELL_HINT = /^executing shell command: ([\s\S]+)$/;
/** Claude Code's own notation, `Bash(rm -rf x)`. */
const BASH_NOTATION = /^Bash\(([\s\S]+)\)$/;
/** An argument that names a command line: `command="…"` as describeCall renders it, or `"command": "…"` in JSON. */
const COMMAND_ARGUMENT = /(?:^|[\s,{(])"?(?:command|cmd|script|shell_command|command_line|commandline)"?(?:=| ?: ?)("(?:[^"\\]|\\.){1,32768}")/g;
const MAX_ARGUMENTS = 8;
/** Commands agents name in sentences, and where such a command starts and ends in prose. */
const PROSE_COMMAND_NAME = /\b(chmod|chown|rm|dd|mkfs|kill|pkill|killall|iptables|ufw|systemctl|curl|wget|psql|mysql|git|docker|kubectl|aws|gcloud|az|terraform|sudo|crontab|ssh|scp|rsync|tar|shred|truncate|mv)\s/;
const PROSE_COMMAND = /(?:^|[.;:!?,]\s+|\b(?:I'll|I will|I'm going to|going to|about to|let me|now|next|then|first|running|run|executing|execute|I'm running|I am running)\s+)((?:sudo\s+)?(?:chmod|chown|rm|dd|mkfs(?:\.\w+)?|kill|pkill|killall|iptables|ufw|systemctl|curl|wget|psql|mysql|git|docker|kubectl|aws|gcloud|az|terraform|crontab|ssh|scp|rsync|tar|shred|truncate|mv)\s(?:[^.;\n`]|\.(?=[^\s.])){1,400}?)(?=\s+(?:to|so|because|since|before|after|while|and|then|which|as)\s|[.;\n]\s|[.;\n]?$)/gi;
const MAX_PROSE_COMMAND_TEXT = 8 * 1024;
/** Markdown code: a fenced block (its language tag left out) or an inline span on one line. */
const CODE_SPAN = /```[\w+-]{0,20}\n([\s\S]{1,32768}?)```|`([^`\n]{1,4096})`/g;

/** First words that make a one-line text worth reading as a command. */
const COMMAND_START =
  /^(?:[A-Za-z_]\w*=\S*\s|(?:sudo|doas|env|eval|exec|alias|bash|sh|zsh|dash|ksh|rm|git|find|xargs|python[\d.]*|node|perl|ruby|php|curl|wget|echo|printf|cat|base64|chmod|chown|dd|mkfs[\w.]*|docker|kubectl|npm|npx|yarn|pnpm|pip3?|psql|mysql|aws|gcloud|az|terraform|ssh|scp|rsync|tar|mv|cp|ln|crontab|systemctl|launchctl|nohup|timeout|watch|source|\.)\s|\$[({A-Za-z_']|`)/;
/** A first line that starts with a word and opens a here-document, whose body is on the lines below. */
const HEREDOC_COMMAND = /^[\w./~-]+[ \t][^\n]*<<-?[ \t]*['"\\]?[\w.-]/;
/** Something a reading can resolve: expansions, quoting, escapes, pipes, lists, here-documents. */
const NEEDS_READING = /[$`\\'"|;&<]|\beval\b|\balias\b|\b-exec\b|\bxargs\b|\bsudo\b|\benv\b/;

/**
 * What a sentence says it does with the code that follows: run it, or only name it. The last cue
 * before the code in its sentence decides; with none, the code is a command.
 */
const CODE_CUE =
  /\b(?:(won't|will not|wouldn't|don't|do not|never|not|instead of|rather than|avoid(?:ing)?|without)(?:\s+(?:run|running|use|using|execute|executing|call|calling|try|trying))?|((?:tests?|specs?|fixtures?|docs?|documentation|readme|comments?|docstrings?|changelog|notes?)\b[^`:]{0,60}?\b(?:that|which|asserting|checking|verifying|ensuring|saying|explaining|mentioning|covering|about|where)|(?:strings?|patterns?|regex(?:es)?|examples?|payloads?)\s+(?:like|such as|matching|of)|documenting|quoting)|(run|running|runs|execute|executing|exec|invoke|invoking|with|using|via|then|next|now|first|let me|i'll|i will|i'm going to))\b|(:)\s*$/gi;
/** What may stand between a negation and the code it negates: an article, "like", other code it negates too. */
const NEGATED_HERE = /^(?:\s|,|`[^`]*`|\b(?:the|a|an|any|this|that|it|command|commands|something|anything|like|such as|or|and|nor|even|ever)\b)*$/i;
/** The same after "instead of" or "rather than", without the comma. */
const CONTRASTED_HERE = /^(?:\s|`[^`]*`|\b(?:the|a|an|any|this|that|it|command|commands|something|anything|like|such as|or|and|nor|even|ever)\b)*$/i;
/** Words by which the agent says it does what a document says: running, following, per, as. */
const DOCS_FOLLOWED = /\b(?:run|running|runs|execute|executing|follow|following|followed|per|according to|as|using|via)\s+(?:(?:the|our|its|this|that|project's|repo's)\s+)?$/i;
/** How far before the code its sentence is read for a cue. */
const CUE_WINDOW = 160;

/**
 * Whether a sentence names the code at `at` without running it: a test or doc about it ("a test
 * that the parser flags `curl -d @/etc/passwd`", "strings like `rm -rf /`", "documenting `…`"), or
 * a negation ("I won't run `rm -rf /`"). A run cue after the mention wins ("a test, then running
 * `…`", "Fixing the test: `…`").
 */
function mentioned(text: string, at: number): boolean {
  const from = Math.max(0, at - CUE_WINDOW);
  let before = text.slice(from, at).replace(/`+$/, "");
  const end = lastSentenceEnd(before);
  if (end >= 0) before = before.slice(end + 1);
  let last: "negation" | "mention" | "run" | undefined;
  // Every match, as matchAll finds them, without the copy of the regex matchAll makes on each call.
  CODE_CUE.lastIndex = 0;
  for (let m = CODE_CUE.exec(before); m !== null; m = CODE_CUE.exec(before)) {
    if (m[0].length === 0) CODE_CUE.lastIndex++;
    // A negation names the code only when the code is what it negates ("won't run `…`", "instead of
    // `…`", "not `a` or `…`"), not when its object is something else ("without a prompt `…`").
    // After "instead of `a`" or "rather than `a`", a comma turns to what is done instead ("…, `b`").
    if (m[1] !== undefined && !(/^(?:instead|rather)/i.test(m[1]) ? CONTRASTED_HERE : NEGATED_HERE).test(before.slice(m.index + m[0].length))) continue;
    // Documentation the agent follows or runs ("running the README's install step, which is `…`",
    // "per the docs that say `…`") names what it runs.
    if (m[2] !== undefined && DOCS_FOLLOWED.test(before.slice(Math.max(0, m.index - 60), m.index)) && /^(?:docs?|documentation|readme|comments?|notes?|changelog)\b/i.test(m[2])) {
      last = "run";
      continue;
    }
    last = m[1] !== undefined ? "negation" : m[2] !== undefined ? "mention" : "run";
  }
  return last === "negation" || last === "mention";
}

/**
 * Where the last sentence of a text ends: the index of the last ". ", "; ", "! " or "? " (of its
 * stop) or line break, -1 when it has none. (One pass from the end, not five lastIndexOf.)
 */
function lastSentenceEnd(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) return i;
    if ((c === 46 /* . */ || c === 59 /* ; */ || c === 33 /* ! */ || c === 63 /* ? */) && i + 1 < text.length && text.charCodeAt(i + 1) === 32) return i;
  }
  return -1;
}

/**
 * The text with the inline code its sentences name without running (see mentioned) taken out: each
 * span blanked to spaces (`keepLength`, so offsets into the text stay right) or made the word
 * `code` (read as a noun where the code stood); the text itself when it has none.
 */
/** A code span that is one name (no blank, no shell operator) or a CI expression `${{ … }}`. */
const NAME_SPAN = /^(?:[^\s;&|<>`$()]{1,120}|\$\{\{[^}]{1,200}\}\})$/;

export function withoutMentionedCode(text: string, keepLength = true): string {
  if (!text.includes("`")) return text;
  const named = mentionedCode(text);
  if (named.size === 0) return text;
  let out = "";
  let from = 0;
  for (const { code, at } of codeSpans(text)) {
    if (code.length === 0 || !named.has(at)) continue;
    // (Read as words, a name stays a name: "add `ci-bot` to the `org-admins` team", "set to
    // `workflow_dispatch`", a CI expression `${{ toJSON(secrets) }}`; a command line mentioned,
    // words with spaces, becomes "code".)
    out += text.slice(from, at) + (keepLength ? " ".repeat(code.length) : NAME_SPAN.test(code) ? code : "code");
    from = at + code.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The last text read for named code, and where its named spans start: a step asks of one hint three times (its sources, its prose, the rules). */
let namedIn: { readonly text: string; readonly at: ReadonlySet<number> } | undefined;

/** Where the code spans a text's sentences name without running start (see mentioned). */
function mentionedCode(text: string): ReadonlySet<number> {
  if (namedIn !== undefined && namedIn.text === text) return namedIn.at;
  const at = new Set<number>();
  for (const s of codeSpans(text)) if (s.code.length > 0 && mentioned(text, s.at)) at.add(s.at);
  namedIn = { text, at };
  return at;
}

/** The Markdown code in a text (inline spans and fenced blocks), trimmed, with where each starts. */
export function* codeSpans(text: string): Generator<{ code: string; at: number }> {
  if (!text.includes("`")) return;
  for (const m of text.matchAll(CODE_SPAN)) {
    const code = (m[1] ?? m[2] ?? "").trim();
    yield { code, at: m.index + m[0].indexOf(code) };
  }
}

/** The first line of a text that is neither blank nor a comment, within its first eight lines, when some line of it is a comment. */
function firstCommandLine(text: string): string | undefined {
  if (!COMMENT_LINE.test(text)) return undefined;
  let at = 0;
  for (let n = 0; n < 8 && at < text.length; n++) {
    const end = text.indexOf("\n", at);
    const line = text.slice(at, end < 0 ? text.length : end).trim();
    at = end < 0 ? text.length : end + 1;
    if (line !== "" && !line.startsWith("#")) return line;
  }
  return undefined;
}
const COMMENT_LINE = /(?:^|\n)[ \t]*#/;

export function shellSources(text: string): ShellSource[] {
  const shell = SHELL_HINT.exec(text);
  if (shell) return [{ source: shell[1]!, strict: true, at: [text.length - shell[1]!.length, text.length] }];
  const bash = BASH_NOTATION.exec(text);
  if (bash) return [{ source: bash[1]!, strict: true, at: [text.length - 1 - bash[1]!.length, text.length - 1] }];
  const out: ShellSource[] = [];
  if (text.includes("command") || text.includes("cmd") || text.includes("script")) {
    for (const m of text.matchAll(COMMAND_ARGUMENT)) {
      if (out.length >= MAX_ARGUMENTS) break;
      try {
        const value: unknown = JSON.parse(m[1]!);
        const end = m.index + m[0].length;
        if (typeof value === "string" && value.trim().length > 0) out.push({ source: value, strict: true, at: [end - m[1]!.length, end], json: true });
      } catch {
        // Not a JSON string after all: the text is judged as written.
      }
    }
    if (out.length > 0) return out;
  }
  // Prose that quotes its command in Markdown code (`rm -rf .next`, a ``` block): each quoted
  // command is read, loosely, like a one-liner that starts like a command.
  if (text.includes("`")) {
    for (const { code, at } of codeSpans(text)) {
      if (out.length >= MAX_ARGUMENTS) break;
      // A command line, not a name in backticks (`cache clear`, `coverage/`, `events`): it starts
      // like one, or has an operator, a path to run or an option.
      if (code.length >= 2 && /^[\w./~$-]/.test(code) && (COMMAND_START.test(`${code} `) || /[|;&<>]|^\.{0,2}\/|\s--?[A-Za-z]/.test(code)) && !mentionedCode(text).has(at)) out.push({ source: code, strict: false, at: [at, at + code.length] });
    }
    if (out.length > 0) return out;
  }
  // (A comment after the command is read as one, too: it runs nothing.)
  if (!text.includes("\n") && COMMAND_START.test(text) && (NEEDS_READING.test(text) || text.includes(" #"))) return [{ source: text, strict: false, at: [0, text.length] }];
  // A command line with a here-document, its body below: a shell tool's command as its arguments
  // carry it. Read loosely, like a one-liner that starts like a command.
  const newline = text.indexOf("\n");
  if (newline > 0 && HEREDOC_COMMAND.test(text.slice(0, newline))) return [{ source: text, strict: false, at: [0, text.length] }];
  // A script of several lines with comment lines among them (a shell tool's command as its
  // arguments carry it): read whole, so its comments are what they are, words that run nothing.
  if (newline > 0 && text.includes("#")) {
    const first = firstCommandLine(text);
    if (first !== undefined && (COMMAND_START.test(`${first} `) || /^[a-z_.~$][\w./~-]*(?:\s|$)/.test(first))) return [{ source: text, strict: false, at: [0, text.length] }];
  }
  // A command written into a sentence without code marks ("I'll chmod -R 777 /var/www to fix …"):
  // a known command name where a clause starts, up to where the sentence goes on in words. Read
  // loosely, and only when it has an option or a path, as a command line does.
  if (text.length <= MAX_PROSE_COMMAND_TEXT && PROSE_COMMAND_NAME.test(text)) {
    for (const m of text.matchAll(PROSE_COMMAND)) {
      if (out.length >= MAX_ARGUMENTS) break;
      const code = m[1]!.trim();
      if (!/\s-{1,2}[A-Za-z0-9]|\s[~/.$]|\shttps?:\/\//.test(code)) continue;
      const at = m.index + m[0].indexOf(code);
      out.push({ source: code, strict: false, at: [at, at + code.length] });
    }
  }
  return out;
}
