// A command line handed to cmd.exe (/c, /k) or PowerShell (-Command, -c), as agents on WSL or
// Windows run them: `cmd.exe /c "wevtutil cl Security & reg save HKLM\SAM sam.hiv"`. Neither is
// POSIX shell (a backslash is a path separator, not an escape; `if (...)` is not a syntax error), so
// the text is not read by the shell parser, which would call it unreadable. It is split here into
// the commands it runs, at the separators both shells share (&, &&, ||, |, ;, line ends) outside
// quotes, each command into words at blanks outside quotes, with `>`/`>>` redirections. What this
// cannot follow (cmd's `for`, PowerShell script blocks) is read as words, never as nothing: the
// rules still see every name and argument. Linear; pure.

export interface WindowsCommand {
  readonly words: readonly string[];
  readonly redirects: ReadonlyArray<{ op: string; target: string }>;
}

/** At most this many commands are read from one line. */
const MAX_WINDOWS_COMMANDS = 64;

/** The commands a cmd.exe or PowerShell command line runs, in order. */
export function windowsCommands(text: string): WindowsCommand[] {
  const out: WindowsCommand[] = [];
  let words: string[] = [];
  let redirects: Array<{ op: string; target: string }> = [];
  let word = "";
  let inWord = false;
  let quote = "";
  let pendingRedirect: string | undefined;
  const endWord = () => {
    if (!inWord) return;
    if (pendingRedirect !== undefined) {
      redirects.push({ op: pendingRedirect, target: word });
      pendingRedirect = undefined;
    } else words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0 && out.length < MAX_WINDOWS_COMMANDS) out.push({ words, redirects });
    words = [];
    redirects = [];
    pendingRedirect = undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== "") {
      if (c === quote) quote = "";
      else word += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
      continue;
    }
    if (c === "&" || c === "|" || c === ";" || c === "\n" || c === "\r") {
      // `2>&1`: a redirection of one stream to another, not a separator.
      if (c === "&" && pendingRedirect !== undefined && !inWord) {
        pendingRedirect = undefined;
        while (i + 1 < text.length && /\d/.test(text[i + 1]!)) i++;
        continue;
      }
      endCommand();
      if ((c === "&" || c === "|") && text[i + 1] === c) i++;
      continue;
    }
    if (c === ">") {
      endWord();
      // A stream number written before it (2>) belongs to the redirection.
      if (words.length > 0 && /^\d$/.test(words[words.length - 1]!) && text[i - 1] !== " ") words.pop();
      pendingRedirect = text[i + 1] === ">" ? ">>" : ">";
      if (pendingRedirect === ">>") i++;
      continue;
    }
    if (c === " " || c === "\t") {
      endWord();
      continue;
    }
    // cmd's escape character keeps the next one as it is.
    if (c === "^" && i + 1 < text.length) {
      word += text[++i]!;
      inWord = true;
      continue;
    }
    word += c;
    inWord = true;
  }
  endCommand();
  return out;
}

/**
 * The command a Windows command line runs, as the shell reader should see it: cmd's `@` (no echo)
 * and `call` dropped, and a program named by a Windows path (C:\\Windows\\System32\\wevtutil.exe)
 * named by its file name. `start` runs what follows its options; its first quoted word may be a
 * window title, so both readings are given. PowerShell's Start-Process runs its file with its
 * argument list. Pure.
 */
export function windowsRuns(words: readonly string[]): string[][] {
  let w = [...words];
  if (w.length > 0 && w[0]!.startsWith("@")) w[0] = w[0]!.slice(1);
  while (w.length > 1 && /^call$/i.test(w[0]!)) w = w.slice(1);
  // PowerShell's Start-Process (saps) runs its -FilePath (or first word) with its -ArgumentList (or second word).
  if (w.length > 1 && /^(?:start-process|saps)$/i.test(w[0]!)) {
    const rest = w.slice(1);
    const value = (name: RegExp) => rest.find((_x, k) => name.test(rest[k - 1] ?? ""));
    // (Every option but its switches takes the next word as its value.)
    const positional = rest.filter((x, k) => !x.startsWith("-") && !((rest[k - 1] ?? "").startsWith("-") && !START_PROCESS_SWITCH.test(rest[k - 1]!)));
    const file = value(/^-(?:filepath|f\w*)$/i) ?? positional[0];
    const args = value(/^-(?:argumentlist|args|a\w*)$/i) ?? positional[1] ?? "";
    return file === undefined ? [] : [named([file, ...args.split(/[\s,]+/).filter(Boolean)])];
  }
  if (w.length > 1 && /^start$/i.test(w[0]!)) {
    const rest = w.slice(1);
    let k = 0;
    while (k < rest.length && /^\/\w+$/.test(rest[k]!)) k++;
    const after = rest.slice(k);
    return [after, after.slice(1)].filter((c) => c.length > 0).map(named);
  }
  return w.length > 0 ? [named(w)] : [];
}

/** Start-Process's switches: options that take no value. */
const START_PROCESS_SWITCH = /^-(?:passthru|wait|nonewwindow|usenewenvironment|loaduserprofile)$/i;

const named = (w: readonly string[]): string[] => [w[0]!.replace(/^.*[\\/]/, "") || w[0]!, ...w.slice(1)];

/** PowerShell's options that take a value (the next word is not the command). */
const POWERSHELL_VALUED = /^-(?:executionpolicy|ep|ex|windowstyle|w|win|version|v|inputformat|if|outputformat|of|o|configurationname|config|workingdirectory|wd|psconsolefile|settingsfile|settings|custompipename)$/i;

/**
 * Where an invocation's command line is: for cmd.exe, the words after /c, /k or /r; for PowerShell,
 * after -Command (or its prefixes), or from its first word that is no option (the rest of the line is
 * the command), or the text of -EncodedCommand (base64 of UTF-16LE). Undefined when it runs a file.
 */
export function windowsCommandLine(program: "cmd" | "powershell", args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (program === "cmd") {
      // cmd reads the command from right after the switch, with or without a blank: /c"wevtutil cl Security", /cwevtutil.
      const c = /^\/[ckr](.*)$/is.exec(a);
      if (c !== null) return [c[1]!, ...args.slice(i + 1)].filter((x, k) => k > 0 || x !== "").join(" ");
      continue;
    }
    if (/^-(?:c|co|com|comm|comma|comman|command)$/i.test(a)) return args.slice(i + 1).join(" ");
    if (/^-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)$/i.test(a)) {
      const b64 = args[i + 1] ?? "";
      if (!/^[A-Za-z0-9+/=]{4,65536}$/.test(b64)) return undefined;
      return Buffer.from(b64, "base64").toString("utf16le");
    }
    if (/^-(?:f|fi|fil|file)$/i.test(a)) return undefined;
    if (POWERSHELL_VALUED.test(a)) {
      i++;
      continue;
    }
    if (!a.startsWith("-")) return args.slice(i).join(" ");
  }
  return undefined;
}

/** Programs only Windows has (or that Windows paths show are Windows's own: `copy`, `del`, `rmdir`). */
const WINDOWS_PROGRAM = /^(?:cmd|powershell|pwsh|robocopy|xcopy|icacls|cacls|takeown|attrib|net|net1|reg|sc|schtasks|wevtutil|vssadmin|bcdedit|wmic|wbadmin|diskpart|cipher|netsh|dism|certutil|bitsadmin|msiexec|sfc|del|erase|rd|rmdir|format|copy|move|ren|type|dir|mklink|cmdkey|runas|taskkill|tasklist|nltest|dsquery|dsadd|dsmod|auditpol|fsutil|manage-bde|mountvol|setx|findstr|mshta|rundll32|regsvr32|cscript|wscript|sqlcmd|bcp)(?:\.exe)?$/i;
/** A Windows path or variable as a word begins: C:\, \\server\, %APPDATA%. */
const WINDOWS_PATH = /(?:^|[\s"'=,(])(?:[A-Za-z]:\\|\\\\[\w.$-]+\\|%\w+%|\$env:\w+\\)/;
/** A PowerShell cmdlet, Verb-Noun in PowerShell's own casing (Get-ChildItem, Remove-Item). */
export const CMDLET = /^(?:Get|Set|New|Remove|Add|Invoke|Start|Stop|Export|Import|Enable|Disable|Clear|Copy|Move|Out|Register|Grant|Revoke|Install|Uninstall|Update|Restart|ConvertTo|Compress|Expand|Send|Rename|Reset|Mount|Backup|Restore)-[A-Z][A-Za-z0-9]+$/;
/**
 * Whether a command line is one an agent runs on Windows: its first word a PowerShell cmdlet, or a
 * Windows program (cmd and PowerShell among them) or cmdlet starting any of its commands, with a
 * Windows path or variable in the line. POSIX
 * shell would read `robocopy C:\work\empty …` as `C:workempty` (its backslashes escape). The reader
 * adds this reading to the POSIX one (read.ts), so where this splitter cuts a PowerShell script
 * block or hashtable at its `;`, what the POSIX reading found is still there.
 */
export function isWindowsLine(text: string): boolean {
  const first = /^\s*(\S+)/.exec(text)?.[1] ?? "";
  // (Or PowerShell's own aliases for running and fetching code, which no POSIX system has: iex (irm 'https://…').)
  if (CMDLET.test(first) || /^(?:iex|irm|iwr|icm)(?:\(|$)/i.test(first)) return true;
  if (!WINDOWS_PATH.test(text)) return false;
  if (WINDOWS_PROGRAM.test(first.replace(/^.*[\\/]/, ""))) return true;
  // A Windows program later in the line: `cd /d D:\data && robocopy C:\empty D:\backups /MIR`.
  return windowsCommands(text).some((c) => c.words.length > 0 && (CMDLET.test(c.words[0]!) || WINDOWS_PROGRAM.test(c.words[0]!.replace(/^@/, "").replace(/^.*[\\/]/, ""))));
}

/** Cmdlets that only read and show (and Export-Csv to a file beside the agent, checked below). */
const READ_CMDLET = /^(?:Get-\w+|Select-Object|Select-String|Where-Object|Sort-Object|Format-(?:Table|List|Wide|Custom)|Measure-Object|Group-Object|Compare-Object|ForEach-Object|ConvertTo-(?:Json|Csv|Html|Xml)|ConvertFrom-(?:Json|Csv|StringData)|Test-(?:Path|Connection|NetConnection)|Resolve-(?:Path|DnsName)|Out-(?:String|Host|Null|GridView)|Write-(?:Output|Host|Verbose)|Export-Csv|Join-Path|Split-Path)$/i;
/** Aliases PowerShell itself defines for those. */
const READ_ALIAS = /^(?:select|where|sort|ft|fl|fw|measure|group|foreach|%|\?|gci|ls|dir|gc|cat|gm|gps|gsv|echo|write)$/i;
/** Method calls on values that compute and change nothing: dates, strings, counts. */
const PURE_METHOD = /^(?:Add(?:Days|Hours|Minutes|Seconds|Months|Years|Milliseconds)|To(?:String|Lower|Upper|LowerInvariant|UpperInvariant|ShortDateString|LongDateString|UniversalTime|LocalTime)|Trim(?:Start|End)?|Split|Substring|Replace|Contains|StartsWith|EndsWith|Equals|IndexOf|PadLeft|PadRight|GetType)$/;

/**
 * Whether a line is PowerShell that only reads: every command in it, in every pipeline and script
 * block, is a cmdlet or alias that reads, filters or shows (READ_CMDLET, READ_ALIAS) or an
 * expression ($_.Properties[0].Value, a hashtable's key = value); no call operator, no
 * Invoke-Expression, no `&` at all (a call, or bash's `&&`), no .NET static call, no method call but pure ones (PURE_METHOD), no
 * redirection, no backtick or subexpression; and Export-Csv writes to a relative path only (not a
 * share or another drive). Such a line is read by the Windows reading alone (read.ts): bash cannot
 * parse `@{…}` or `$_`, and calling it unreadable would pause an administrator's every query. Pure.
 */
export function readsOnlyPowerShell(text: string): boolean {
  if (text.length > 4096 || !/^\s*[A-Z][a-z]+-[A-Z]\w+/.test(text)) return false;
  // Quoted strings are data: blanked, so their words are not read as commands.
  const bare = text.replace(/'(?:[^']|'')*'|"(?:[^"`$]|`.)*"/g, "S");
  if (/['"`&]|\$\(|::|[<>]|(?:^|[\s;|({])\.\s*[\w$({]|\b(?:iex|icm|iwr|irm|saps|start|invoke-\w+|start-\w+|add-type|new-object)\b/i.test(bare)) return false;
  for (const m of bare.matchAll(/\.(\w+)\s*\(/g)) if (!PURE_METHOD.test(m[1]!)) return false;
  // (A cmdlet told -WhatIf says what it would do and does nothing: Remove-Item … -WhatIf.)
  // (Not in a comment: `… # -WhatIf` runs the cmdlet.)
  const whatIf = (segment: string): boolean => { const code = segment.replace(/(?:^|\s)#.*$/, ""); return /\s-WhatIf(?::\$true)?(?=$|\s)/i.test(code) && !/-WhatIf:\$false/i.test(code); };
  // (Each cmdlet judged where it stands: one that changes something reads only as the first word of its own segment with -WhatIf there, never after `$x =` or `(`.)
  const segments = bare.split(/[|;{}\n]/);
  for (const segment of segments) {
    for (const m of segment.matchAll(/(?:^|[\s(])([A-Za-z]+-[A-Za-z]+)(?=$|[\s)])/g)) if (!READ_CMDLET.test(m[1]!) && !(m.index + m[0].length - m[1]!.length === segment.search(/\S/) && whatIf(segment))) return false;
  }
  for (const segment of segments) {
    const first = /^\s*(\S+)/.exec(segment)?.[1];
    if (first === undefined) continue;
    if (/^[$@(,\-\d]|^S,?$|^\w+=|^\)/.test(first)) continue;
    if (!(READ_CMDLET.test(first) || READ_ALIAS.test(first) || (/^[A-Za-z]+-[A-Za-z]+$/.test(first) && whatIf(segment)))) return false;
    if (/^Export-Csv$/i.test(first)) {
      const words = segment.trim().split(/\s+/).slice(1);
      const named = words.findIndex((w) => /^-(?:Path|LiteralPath)$/i.test(w));
      const target = named >= 0 ? words[named + 1] : words.find((w, k) => !w.startsWith("-") && !/^-(?:Delimiter|Encoding|InputObject)$/i.test(words[k - 1] ?? ""));
      if (target === undefined || target === "S" || /^(?:\\\\|\/|[A-Za-z]:|\$env:|~)/.test(target) || target.includes("..")) return false;
    }
  }
  return true;
}
