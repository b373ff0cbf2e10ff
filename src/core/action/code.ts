// Code handed to an interpreter (a python_exec tool's code, `python -c '…'`, `node -e '…'`, a
// notebook cell) read for the calls it makes: files opened for writing or reading, files removed,
// data sent over HTTP with the contents of files it read, passwords it handles or files where
// credentials are kept sent to another host (also read in source a file tool writes,
// source-file.ts), code fetched and run, sockets joined to a shell, processes killed by name, and
// the shell command strings it runs (returned for the shell reader, so they go through every rule).
// A reading by patterns over calls with literal arguments and simple `name = 'literal'`
// assignments; what it cannot resolve it does not guess.
import type { Action, PathClass } from "./model.js";
import { classifyPath, hostOf, isExternalHost, SHELL_STARTUP } from "./paths.js";
import { EXFIL_SERVICE } from "../rules/actions/fragments.js";

export interface CodeHit {
  readonly id: string;
  readonly technique?: string;
  /** The ATT&CK tactic, when not Execution (the code runs). */
  readonly tactic?: string;
  readonly action: Action;
  readonly reason: string;
}

export interface CodeReading {
  readonly hits: readonly CodeHit[];
  /** Shell command strings the code runs (os.system, subprocess, child_process.exec). */
  readonly shell: readonly string[];
}

export const MAX_CODE_CHARS = 100_000;

const STR = String.raw`(?:'((?:[^'\\\n]|\\.){0,500})'|"((?:[^"\\\n]|\\.){0,500})")`;
const ARG = String.raw`(?:[fbr]{0,2}${STR}|([A-Za-z_][\w.]{0,60}))`;

function literal(m: RegExpExecArray, at: number): string | undefined {
  return m[at] ?? m[at + 1];
}

/** name = 'literal' (and name = os.path.join(...) of literals), one pass, last assignment wins. */
function constants(code: string): Map<string, string> {
  const out = new Map<string, string>();
  const assign = new RegExp(String.raw`(?:^|\n)[ \t]*(?:const |let |var )?([A-Za-z_]\w{0,60})[ \t]*=[ \t]*[fbr]{0,2}${STR}`, "g");
  for (let m = assign.exec(code); m; m = assign.exec(code)) out.set(m[1]!, literal(m, 2)!);
  const join = /(?:^|\n)[ \t]*([A-Za-z_]\w{0,60})[ \t]*=[ \t]*os\.path\.join\(([^()\n]{0,300})\)/g;
  for (let m = join.exec(code); m; m = join.exec(code)) {
    const parts = m[2]!.split(",").map((p) => resolve(p.trim(), out));
    if (parts.every((p) => p !== undefined)) out.set(m[1]!, normalize(parts.join("/")));
  }
  return out;
}

function resolve(expr: string, consts: ReadonlyMap<string, string>): string | undefined {
  const lit = /^[fbr]{0,2}(?:'([^']*)'|"([^"]*)")$/.exec(expr);
  if (lit) return lit[1] ?? lit[2];
  return consts.get(expr);
}

/** /usr/../sys/x → /sys/x; keeps relative paths relative. */
function normalize(path: string): string {
  const abs = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return (abs ? "/" : "") + out.join("/");
}

function argOf(m: RegExpExecArray, at: number, consts: ReadonlyMap<string, string>): string | undefined {
  const lit = m[at] ?? m[at + 1];
  if (lit !== undefined) return lit;
  const name = m[at + 2];
  return name !== undefined ? consts.get(name) : undefined;
}

/** Code that runs what it decodes: exec or eval of base64, hex, zlib or marshal output, or of atob(). */
const DECODE_AND_RUN = /\b(?:exec|eval)\s*\(\s*(?:compile\s*\()?\s*(?:[\w.]+\.)?(?:b64decode|b32decode|b16decode|a85decode|decodebytes|decompress|unhexlify|fromhex|loads|atob|from_base64)\s*\(|\beval\s*\(\s*(?:Buffer\.from|atob)\s*\(/;

/** Code that runs what it fetches from the network: exec or eval of a download, R's source() or source_url() of a URL. */
const FETCH_AND_RUN = /\b(?:exec|eval)\s*\([^\n]{0,80}?\b(?:urlopen|requests\.get|httpx\.get|urllib\.request|fetch|https?\.get|URI\.open|Net::HTTP|LWP::Simple|file_get_contents\s*\(\s*['"]https?:|open\s*\(\s*['"]https?:)|\bsource\s*\(\s*["']https?:\/\/|\bsource_url\s*\(|\beval\s*\(\s*parse\s*\(\s*(?:url|text\s*=\s*readLines)\s*\(/;

const SENSITIVE: ReadonlySet<PathClass> = new Set(["system", "credentials", "home", "device"]);

export function readCode(code: string): CodeReading {
  const text = code.length > MAX_CODE_CHARS ? code.slice(0, MAX_CODE_CHARS) : code;
  const consts = constants(text);
  const hits: CodeHit[] = [];
  const shell: string[] = [];
  const reads: string[] = [];

  // open(path, mode) / open(path) / Path(path).write_text / fs.writeFileSync(path) / fs.readFileSync(path)
  const open = new RegExp(String.raw`\bopen\(\s*${ARG}\s*(?:,\s*(?:mode\s*=\s*)?${STR})?`, "g");
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const path = argOf(m, 1, consts);
    if (path === undefined) continue;
    const mode = m[4] ?? m[5] ?? "r";
    if (/[wax+]/.test(mode)) write(normalize(path), mode.includes("a") ? "appends to" : "writes");
    else reads.push(normalize(path));
  }
  const jsFs = new RegExp(String.raw`\bfs\.(writeFileSync|appendFileSync|writeFile|appendFile|readFileSync|readFile|rmSync|unlinkSync|rmdirSync|unlink|rm)\(\s*${ARG}`, "g");
  for (let m = jsFs.exec(text); m; m = jsFs.exec(text)) {
    const path = argOf(m, 2, consts);
    if (path === undefined) continue;
    const fn = m[1]!;
    if (/^(write|append)/.test(fn)) write(normalize(path), fn.startsWith("append") ? "appends to" : "writes");
    else if (/^read/.test(fn)) reads.push(normalize(path));
    else remove(normalize(path), /rmSync|rm$/.test(fn) && /recursive:\s*true/.test(text));
  }
  // removal
  const rm = new RegExp(String.raw`\b(os\.remove|os\.unlink|os\.rmdir|shutil\.rmtree|os\.removedirs)\(\s*${ARG}`, "g");
  for (let m = rm.exec(text); m; m = rm.exec(text)) {
    const path = argOf(m, 2, consts);
    if (path !== undefined) remove(normalize(path), m[1] === "shutil.rmtree" || m[1] === "os.removedirs");
  }
  // Databricks' file-system utility (dbutils.fs.rm(path, recurse=True)) and fsspec-style stores (fs.rm(path, recursive=True)).
  const storeRm = new RegExp(String.raw`\b(dbutils\.fs\.rm|(?:fs|s3|gcs|s3fs|gcsfs|adlfs)\.rm)\(\s*${ARG}`, "g");
  for (let m = storeRm.exec(text); m; m = storeRm.exec(text)) {
    const path = argOf(m, 2, consts);
    if (path !== undefined) remove(normalize(path), /\b(?:recurse|recursive)\s*=\s*True\b|,\s*True\s*\)/.test(callText(text, m.index + m[0].indexOf("("))));
  }
  // copies: shutil.copy(src, dst)
  const copy = new RegExp(String.raw`\bshutil\.(copy|copy2|copyfile|move|copytree)\(\s*${ARG}\s*,\s*${ARG}`, "g");
  for (let m = copy.exec(text); m; m = copy.exec(text)) {
    const src = argOf(m, 2, consts);
    const dst = argOf(m, 5, consts);
    if (src !== undefined) reads.push(normalize(src));
    if (dst !== undefined) write(normalize(dst), "copies a file to");
  }

  // Credentials read anywhere in the code.
  const cred = reads.find((p) => classifyPath(p) === "credentials");
  if (cred) hits.push({ id: "code.read-credentials", technique: "T1552.001", action: { capability: "read", target: { name: cred, pathClass: "credentials" }, reversibility: "irreversible", scope: "one" }, reason: `code reads the credentials file ${cred}: credential access (T1552.001)` });

  // HTTP sends carrying what the code read.
  const send = /\b(requests\.(post|put|patch)|httpx\.(post|put|patch)|urllib\.request\.Request|urlopen|http\.client\.HTTPS?Connection|fetch|axios\.(post|put))\s*\(/g;
  if (send.test(text) && /\bdata\s*=|\bjson\s*=|\bfiles\s*=|body\s*:|method\s*:\s*['"](POST|PUT)|\.request\(\s*['"](POST|PUT)/.test(text)) {
    const url = /['"]((?:https?|ftp):\/\/[^'"\s]{1,300})['"]/.exec(text)?.[1] ?? [...consts.values()].find((v) => /^https?:\/\//.test(v));
    const host = url ? hostOf(url) ?? "" : "";
    const sent = reads.filter((p) => SENSITIVE.has(classifyPath(p)));
    if (sent.length || (host && isExternalHost(host) && reads.length)) {
      const sensitive = sent.length > 0;
      const worst: PathClass = sent.some((p) => classifyPath(p) === "credentials") ? "credentials" : sent.length ? classifyPath(sent[0]!) : "project";
      hits.push({
        id: "code.http-upload",
        technique: "T1048",
        action: { capability: sensitive ? "exfiltrate" : "communicate", target: { name: url ?? "a URL", pathClass: worst, external: host !== "" && isExternalHost(host) }, reversibility: "irreversible", scope: "one" },
        reason: `code sends the contents of ${(sent.length ? sent : reads).slice(0, 2).join(", ")} to ${host || "a URL"} over HTTP: ${sensitive ? "exfiltration" : "files leave this machine"} (T1048)`,
      });
    }
  }

  // Data sent to a paste, file-drop or request-capture service (pastebin, webhook.site, transfer.sh):
  // a place anyone with the link reads from.
  const sends = sendCalls(text);
  const paste = sentToPasteService(sends);
  if (paste !== undefined && !hits.some((h) => h.action.capability === "exfiltrate")) hits.push({ id: "code.send-to-paste-service", technique: "T1567", tactic: "Exfiltration (TA0010)", action: { capability: "exfiltrate", target: { name: paste, external: true }, reversibility: "irreversible", scope: "one" }, reason: `code sends data to ${paste}, a paste or request-capture service anyone with the link reads: exfiltration over a web service (T1567)` });
  // A password or card number the code handles, sent to another host (also for written source, source-file.ts).
  hits.push(...sentCredentials(text, sends));
  // Where credentials are kept, named in code that sends over the network (a glob over ~/.ssh, a home-relative read).
  if (!hits.some((h) => h.id === "code.http-upload")) hits.push(...sentCredentialFiles(text, sends));
  hits.push(...sentEnvironment(text, sends));
  if (!hits.some((h) => h.id === "code.send-environment")) hits.push(...printedSecrets(text));
  if (!hits.some((h) => h.action.capability === "exfiltrate")) hits.push(...sentPersonalData(text, sends));
  if (!hits.some((h) => h.action.capability === "exfiltrate")) hits.push(...sentTable(sends));

  // Code decoded and run at once (exec(base64.b64decode('…')), eval(atob('…'))): hidden from whoever reads it, with the interpreter's whole rights.
  const decoded = DECODE_AND_RUN.exec(text);
  if (decoded !== null) hits.push({ id: "code.decoded-payload", technique: "T1027", action: { capability: "impair-defences", target: { name: "decoded payload run by code", external: true }, reversibility: "irreversible", scope: "system" }, reason: `code decodes a hidden payload and runs it at once (${decoded[0].slice(0, 40)}…): obfuscated files or information (T1027)` });

  // Code fetched and run at once: exec(urlopen(…).read()), R's source("https://…"), eval(await fetch(…)).
  const fetched = FETCH_AND_RUN.exec(text);
  if (fetched !== null) {
    const url = /['"`]((?:https?|ftp):\/\/[^'"`\s]{1,300})['"`]/.exec(text.slice(fetched.index))?.[1];
    const host = url ? hostOf(url) ?? "" : "";
    hits.push({ id: "code.download-and-run", technique: "T1105", action: { capability: "execute", target: { name: url ?? "a URL", external: host === "" || isExternalHost(host) }, reversibility: "recoverable", scope: "account" }, reason: `code fetches code${host ? ` from ${host}` : ""} and runs it at once, unread: ingress tool transfer (T1105)` });
  }

  // A socket joined to a shell.
  if (/\bsocket\b/.test(text) && /\.connect\(/.test(text) && /os\.dup2|pty\.spawn|subprocess\.(call|Popen|run)\(\s*\[?\s*['"]\/bin\/(ba)?sh|\/bin\/(ba)?sh['"]\s*,\s*['"]-i/.test(text)) {
    const host = /connect\(\s*\(\s*['"]([^'"]+)['"]/.exec(text)?.[1] ?? "";
    hits.push({ id: "code.reverse-shell", technique: "T1059.006", action: { capability: "grant-access", target: { name: host || "another host", external: host === "" || isExternalHost(host) }, reversibility: "irreversible", scope: "system" }, reason: `code connects a socket${host ? ` to ${host}` : ""} and runs a shell over it: reverse shell (T1059.006)` });
  }

  // A socket in another language joined to what runs commands: perl's IO::Socket with system or
  // STDIN/STDOUT bound to it, ruby's TCPSocket with exec, php's fsockopen with exec, node's net with child_process.
  if (!hits.some((h) => h.id === "code.reverse-shell") && /IO::Socket|TCPSocket\.(new|open)|fsockopen\s*\(|\bnet\.(connect|createConnection|Socket)\b|require\(\s*['"]net['"]\s*\)\s*\.\s*(connect|createConnection|Socket)\b/.test(text) && /\bsystem\b|\bexec\b|\bspawn\b|popen|proc_open|shell_exec|fdopen|\/bin\/(ba)?sh|child_process/.test(text)) {
    const host = /['"]((?:\d{1,3}\.){3}\d{1,3}|[\w-]+(?:\.[\w-]+)+)(?::\d+)?['"]/.exec(text)?.[1] ?? "";
    hits.push({ id: "code.reverse-shell", technique: "T1059", action: { capability: "grant-access", target: { name: host || "another host", external: host === "" || isExternalHost(host) }, reversibility: "irreversible", scope: "system" }, reason: `code connects a socket${host ? ` to ${host}` : ""} and runs commands read from it: reverse shell (T1059)` });
  }

  // A page's session sent away: cookies or stored tokens in what a browser script sends (T1539).
  if (/\bdocument\.cookie\b|\b(localStorage|sessionStorage)\.getItem\b|\b(localStorage|sessionStorage)\b\s*\)/.test(text) && /\bfetch\s*\(|XMLHttpRequest|sendBeacon|axios\.|\.src\s*=\s*['"`]https?:/.test(text)) {
    const url = /['"`]((?:https?):\/\/[^'"`\s]{1,300})['"`]/.exec(text)?.[1];
    const host = url ? hostOf(url) ?? "" : "";
    hits.push({ id: "code.send-session", technique: "T1539", action: { capability: "exfiltrate", target: { name: url ?? "a URL", pathClass: "credentials", external: host === "" || isExternalHost(host) }, reversibility: "irreversible", scope: "account" }, reason: `code sends the page's cookies or stored tokens to ${host || "a URL"}: stolen web session (T1539)` });
  }

  // Killing processes found by name.
  if (/process_iter|pidof|pgrep|psutil\.pids/.test(text) && /\.(kill|terminate|send_signal)\(|os\.kill\(/.test(text)) {
    const name = /['"](sshd|ssh|systemd[\w-]*|NetworkManager|wpa_supplicant|dbus[\w-]*|cron|rsyslogd?|auditd|init|containerd|dockerd|postgres|mysqld)['"]/.exec(text)?.[1];
    hits.push({ id: "code.kill-processes", technique: "T1489", action: { capability: "impair-defences", target: { name: name ?? "processes found by name", pathClass: "system" }, reversibility: "recoverable", scope: "one" }, reason: `code looks up running processes${name ? ` named ${name}` : ""} and kills them: service stop (T1489)` });
  }

  // Processes forked without end (while True: os.fork()): the machine runs out of processes (T1499).
  if (/\bwhile\s*\(?\s*(True|1|true)\s*\)?\s*[:{][^\n]{0,40}\n?[ \t]*[^\n]{0,40}\b(os\.fork|fork|child_process\.fork|spawn)\s*\(/.test(text) || /\bfor\s*\(\s*;\s*;\s*\)\s*\{?\s*fork\s*\(/.test(text)) {
    hits.push({ id: "code.fork-bomb", technique: "T1499", action: { capability: "impair-defences", target: { name: "this machine", pathClass: "system" }, reversibility: "recoverable", scope: "system" }, reason: "code forks processes in an endless loop until the machine cannot start another: a fork bomb (T1499)" });
  }

  // The system's password hashes read through Python's spwd module (T1003.008).
  if (/\bimport\s+spwd\b|\bspwd\.getsp(all|nam)\s*\(/.test(text)) {
    hits.push({ id: "code.password-hashes", technique: "T1003.008", action: { capability: "read", target: { name: "/etc/shadow", pathClass: "credentials" }, reversibility: "irreversible", scope: "system" }, reason: "code reads every account's password hash (spwd): OS credential dumping (T1003.008)" });
  }

  // Shell strings it runs.
  const sys = new RegExp(String.raw`\b(?:os\.system|os\.popen|subprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)|child_process\.(?:exec|execSync)|execSync|exec)\(\s*${ARG}`, "g");
  for (let m = sys.exec(text); m; m = sys.exec(text)) {
    const cmd = argOf(m, 1, consts);
    if (cmd !== undefined && cmd.trim() !== "") shell.push(cmd.replace(/\\(['"\\])/g, "$1"));
  }
  // A notebook cell's shell escapes: `!cmd` and `%sx`/`%system` lines, and a `%%bash` or `%%sh` cell.
  const cell = /^\s*%%(?:bash|sh|script\s+(?:ba)?sh)\b[^\n]*\n([\s\S]*)$/.exec(text);
  if (cell) shell.push(cell[1]!);
  else if (text.includes("!") || text.includes("%")) for (const m of text.matchAll(/^[ \t]*(?:!|%(?:sx|system)\s)(.+)$/gm)) shell.push(m[1]!.trim());
  const list = /\bsubprocess\.(?:run|call|Popen|check_output|check_call)\(\s*\[([^\]\n]{1,500})\]/g;
  for (let m = list.exec(text); m; m = list.exec(text)) {
    const words = m[1]!.split(",").map((w) => resolve(w.trim(), consts));
    if (words.every((w) => w !== undefined)) shell.push(words.map((w) => (/\s/.test(w!) ? `'${w}'` : w)).join(" "));
  }
  return { hits, shell };

  function write(path: string, verb: string): void {
    const cls = classifyPath(path);
    if (SHELL_STARTUP.test(path)) {
      hits.push({ id: "code.shell-startup", technique: "T1546.004", action: { capability: "persist", target: { name: path, pathClass: cls === "system" ? "system" : "home" }, reversibility: "recoverable", scope: cls === "system" ? "system" : "account" }, reason: `code ${verb} the shell start-up file ${path}, run at every new shell: persistence (T1546.004)` });
    } else if (/(^|\/)\.ssh\/authorized_keys2?$/.test(path)) {
      hits.push({ id: "code.authorized-keys", technique: "T1098.004", action: { capability: "persist", target: { name: path, pathClass: "credentials" }, reversibility: "recoverable", scope: "account" }, reason: `code ${verb} ${path}, letting a key's holder log in over SSH: persistence (T1098.004)` });
    } else if (cls === "system" || cls === "credentials" || cls === "device") {
      hits.push({ id: "code.write-protected-path", action: { capability: "write", target: { name: path, pathClass: cls }, reversibility: "irreversible", scope: "one" }, reason: `code ${verb} ${path}, a ${cls} path, replacing what was there` });
    }
  }

  function remove(path: string, tree: boolean): void {
    // An object store or a cluster's file system (dbfs:/, s3://, gs://, abfss://, hdfs://): a tree of it named for production is production's data.
    if (/^(?:dbfs:|s3a?:\/\/|gs:\/\/|abfss?:\/\/|wasbs?:\/\/|hdfs:\/\/)/i.test(path)) {
      const production = /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(path);
      if (tree || production) hits.push({ id: "code.delete", technique: "T1485", action: { capability: "delete", target: { name: path, production }, reversibility: "irreversible", scope: tree ? "tree" : "one" }, reason: `code deletes ${tree ? "everything under " : ""}${path}${production ? ", production's data" : ""}: data destruction (T1485)` });
      return;
    }
    const cls = classifyPath(path);
    // A tree on a shared or parallel file system (/lustre/staging/run-2025, /gpfs/projects/x, /data/…): a team's data, with no trash behind it.
    if (cls === "other" && tree && SHARED_DATA.test(path)) {
      hits.push({ id: "code.delete", technique: "T1485", action: { capability: "delete", target: { name: path }, reversibility: "irreversible", scope: "tree" }, reason: `code deletes everything under ${path}, on a shared file system: data destruction (T1485)` });
      return;
    }
    if (cls !== "system" && cls !== "credentials" && cls !== "device" && !(cls === "home" && tree)) return;
    hits.push({ id: "code.delete", technique: "T1485", action: { capability: "delete", target: { name: path, pathClass: cls }, reversibility: "irreversible", scope: tree ? "tree" : "one" }, reason: `code deletes ${tree ? "the tree " : ""}${path} (${cls} path): data destruction (T1485)` });
  }
}

/** A directory inside a shared or parallel file system's or a data volume's top level (not scratch, not tmp). */
const SHARED_DATA = /^\/(?:lustre|gpfs|beegfs|fsx|efs|nfs|data\w*|datasets?|projects?|shared?|storage|research|groups?|archives?|backups?|exports?)\/(?!scratch\b|tmp\b|temp\b)[^/]+/;

/** Calls that send a request, in the languages agents write servers and pages in. */
const SEND_CALL = /\b(?:requests|httpx|session|client|http|urllib\.request)\.(?:post|put|patch|get|request|urlopen|Request)\s*\(|\bfetch\s*\(|\baxios(?:\.(?:post|put|patch|get))?\s*\(|\burlopen\s*\(|\bsendBeacon\s*\(|\$\.(?:post|ajax|get)\s*\(|\bNet::HTTP\.(?:post|post_form|get)\s*\(|\bcurl_init\s*\(|\bhttp\.(?:Post|PostForm|NewRequest)\s*\(|\bHttpRequest\.newBuilder\s*\(/g;
const URL_LITERAL = /['"`](https?:\/\/[^'"`\s]{1,300})['"`]/;
/** A password, card number or one-time code used as a value (not a dictionary key's name). */
const CREDENTIAL_VALUE = /(?<![\w'"`-])(?:password|passwd|pwd|passcode|passphrase|card_?number|cardNumber|cvv|cvc|otp|one_?time_?code|ssn)(?![\w'"`])|\[\s*['"](?:password|passwd|pwd|passcode|card_?number|cvv|cvc|otp)['"]\s*\]|\.get\(\s*['"](?:password|passwd|pwd|passcode|card_?number|cvv|cvc|otp)['"]/i;
/** A card's number as `pan`: a credential only beside the card's other fields (a map's `{ pan, zoom }` is not one). */
const CARD_PAN = /(?<![\w'"`-])pan(?![\w'"`])/i;
const CARD_CONTEXT = /card|cvv|cvc|expir|\bexp\b/i;
/** The credential a send call carries, as written (`password`, `["otp"]`, `pan`), if any. */
const credentialIn = (call: string): string | undefined => CREDENTIAL_VALUE.exec(call)?.[0] ?? (CARD_PAN.test(call) && CARD_CONTEXT.test(call) ? "pan" : undefined);
/** Sign-in endpoints, where sending a password is what the code is for. */
const SIGN_IN = /(?:^|[./-])(?:auth|oauth2?|login|log-in|logon|signin|sign-in|sign_in|session|sessions|token|tokens|register|registration|signup|sign-up|users?|accounts?|passwords?|credentials|verify|authenticate|identity|idp|sso|okta|auth0|cognito)(?:$|[./?#_-])/i;

/** The argument text of a call that starts at `open` (the index of its `(`), up to its closing parenthesis or 600 characters. */
function callText(text: string, open: number): string {
  let depth = 0;
  const end = Math.min(text.length, open + 600);
  for (let i = open; i < end; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open, end);
}

/** The address a name is set to in the code (`URL = "https://…"`, `const API = '…'`), when it is set once, to a literal. */
function urlNamed(text: string, name: string): string | undefined {
  const sets = [...text.matchAll(new RegExp(String.raw`(?:^|[\s;{(,])(?:const\s+|let\s+|var\s+|self\.|this\.)?${name.replace(/\$/g, "\\$")}\s*(?::\s*\w+\s*)?=(?!=)\s*(['"\x60])?`, "gm"))];
  if (sets.length !== 1 || sets[0]![1] === undefined) return undefined;
  return URL_LITERAL.exec(text.slice(sets[0]!.index, sets[0]!.index + sets[0]![0].length + 310))?.[1];
}

/** Code that sends a credential it handles to another host's address that is not a sign-in endpoint. */
/** One call that sends a request: its argument text, and the literal address in it if there is one. */
export interface SendCall {
  readonly call: string;
  readonly url: string | undefined;
}

/** The calls in a text that send a request, read once for every reading of sends below. */
export function sendCalls(text: string): SendCall[] {
  const out: SendCall[] = [];
  for (const m of text.matchAll(SEND_CALL)) {
    // (Java's HttpRequest.newBuilder(…) names the address; the body comes later in the chain, up to the statement's end.)
    const open = m.index! + m[0].length - 1;
    const call = m[0].startsWith("HttpRequest") ? text.slice(open, Math.min(text.length, open + 600)).split(";")[0]! : callText(text, open);
    out.push({ call, url: URL_LITERAL.exec(call)?.[1] });
    if (out.length >= 64) break;
  }
  return out;
}

export function sentCredentials(text: string, sends: readonly SendCall[] = sendCalls(text)): CodeHit[] {
  if (!/pass|pwd|card|cvv|cvc|otp|ssn|expir|\bexp\b/i.test(text)) return [];
  for (const { call, url: literal } of sends) {
    const credential = credentialIn(call);
    if (credential === undefined) continue;
    // The address as a literal in the call, or a name the code set to one (`URL = "https://…"`, `requests.post(URL, …)`).
    const named = /^\(\s*([A-Za-z_$][\w$]*)\s*[,)]/.exec(call)?.[1];
    const url = literal ?? (named !== undefined ? urlNamed(text, named) : undefined);
    if (url === undefined) continue;
    const host = hostOf(url);
    if (host === undefined || !isExternalHost(host)) continue;
    // The path only: a sign-in word in the query or fragment (`/c?next=/login`) is not where it goes.
    const path = url.slice(url.indexOf(host) + host.length).replace(/[?#][\s\S]*$/, "");
    if (SIGN_IN.test(path) || SIGN_IN.test(host)) continue;
    const what = credential.replace(/^[[.]|get\(|[\s'"\]]/g, "");
    return [
      {
        id: "code.send-credentials",
        technique: "T1056.003",
        tactic: "Credential Access (TA0006)",
        action: { capability: "exfiltrate", target: { name: url, pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" },
        reason: `code sends the ${what} it handles to ${host}, which is not a sign-in endpoint: credentials harvested from the program's users (T1056.003)`,
      },
    ];
  }
  return [];
}

/** Where credentials live, named in code: key files, cloud and tool credential files, browser and keychain stores. */
const CREDENTIAL_LOCATION = /['"`/](?:\.ssh\b|id_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/credentials|\.aws['"`]|\.kube\/config|\.netrc|\.git-credentials|\.docker\/config\.json|\.npmrc|\.pypirc|\.config\/gh\/hosts\.yml|\.gnupg|login data|\.password-store|keychain-db|\/etc\/shadow|wallet\.dat)/i;

/** Code that reads where credentials live and sends something over the network to another host: the files go with it. */
export function sentCredentialFiles(text: string, sends: readonly SendCall[] = sendCalls(text)): CodeHit[] {
  const location = CREDENTIAL_LOCATION.exec(text);
  if (location === null) return [];
  for (const { url } of sends) {
    const host = url !== undefined ? hostOf(url) : undefined;
    if (url !== undefined && (host === undefined || !isExternalHost(host))) continue;
    const where = location[0].slice(1);
    return [
      {
        id: "code.send-credential-files",
        technique: "T1552.001",
        tactic: "Credential Access (TA0006)",
        action: { capability: "exfiltrate", target: { name: url ?? "a URL", pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" },
        reason: `code reads where credentials are kept (${where}) and sends data to ${host ?? "another host"}: the keys leave this machine (T1552.001)`,
      },
    ];
  }
  return [];
}

/** The whole environment serialized (every variable, so every secret in one): JSON.stringify(…process.env…), json.dumps(…os.environ…), json=dict(os.environ), json={**os.environ}, json={k: v for k, v in os.environ.items()}, data=str(os.environ), new URLSearchParams(process.env), json.Marshal(os.Environ()), ENV.to_h. */
const WHOLE_ENVIRONMENT = /\bJSON\.stringify\((?:[^()]|\([^()]{0,200}\)){0,300}?(?:\(\s*)?\bprocess\.env\b(?![.[])|\bjson\.dumps\((?:[^()]|\([^()]{0,200}\)){0,300}?(?:\(\s*|\*\*\s*)?\bos\.environ\b(?!\.get\b|\[)|\b(?:json|data|body|payload)\s*[=:]\s*(?:dict\(\s*|\{\s*\*\*\s*|\{[^{}\n]{0,80}?\bin\s+|(?:str|repr)\(\s*)?(?:os\.environ|process\.env)\b(?:\.copy\(\)|\.items\(\)|(?![.[]))|\b(?:str|repr)\(\s*os\.environ\s*\)|\bnew URLSearchParams\(\s*process\.env\s*\)|\bjson\.Marshal\(\s*os\.Environ\(\)|\bENV\.to_h\b|\bENV\.to_hash\b/;
/** Sends a send call does not name: node's https.request, a raw socket. */
const RAW_SEND = /\bhttps?\.(?:request|get)\s*\(|\brequire\(\s*['"](?:node:)?https?['"]\s*\)\s*\.\s*(?:request|get)\s*\(|\bnet\.(?:connect|createConnection)\s*\(|\.sendall?\s*\(|\bdgram\b/;

/** Code that serializes its whole environment and sends it to another host: every secret the process was given leaves with it. */
export function sentEnvironment(text: string, sends: readonly SendCall[] = sendCalls(text)): CodeHit[] {
  if (!/process\.env|os\.environ|os\.Environ|\bENV\b/.test(text)) return [];
  const env = WHOLE_ENVIRONMENT.exec(text);
  if (env === null || (sends.length === 0 && !RAW_SEND.test(text))) return [];
  const url = sends.find((s) => s.url !== undefined)?.url ?? URL_LITERAL.exec(text)?.[1];
  const host = url !== undefined ? hostOf(url) : /\b(?:hostname|host)\s*[:=]\s*['"`]([\w.-]{1,253})['"`]/.exec(text)?.[1];
  if (host !== undefined && !isExternalHost(host)) return [];
  return [
    {
      id: "code.send-environment",
      technique: "T1552.001",
      tactic: "Credential Access (TA0006)",
      action: { capability: "exfiltrate", target: { name: host ?? "another host", pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" },
      reason: `code serializes its whole environment (${env[0].slice(0, 40)}…) and sends it to ${host ?? "another host"}: every secret in its variables leaves this machine (T1552.001)`,
    },
  ];
}

/**
 * Code that prints every environment variable, or a secret store's values (Databricks'
 * dbutils.secrets.get, Vault's read in a loop), where its output is kept: a notebook's output cell,
 * a log, the agent's own context. Every secret the process holds is written out in the clear.
 */
const PRINT_ENVIRONMENT = /\bfor\s+\w+\s*,\s*\w+\s+in\s+(?:sorted\()?os\.environ\.items\(\)[\s\S]{0,200}?\bprint\(|\bprint\(\s*(?:dict\(\s*)?os\.environ\s*\)?\s*\)|\bpprint\(\s*(?:dict\(\s*)?os\.environ|\bconsole\.(?:log|dir|table)\(\s*process\.env\s*\)|\bfor\s*\(\s*(?:const|let|var)\s+\[?\w+(?:\s*,\s*\w+)?\]?\s+of\s+Object\.entries\(\s*process\.env\s*\)\s*\)[\s\S]{0,200}?console\.log\(/;
// (Azure Key Vault's SecretClient.get_secret, JavaScript's getSecret and console.log too.)
// (Or kept in a variable first and printed from it, spaced out or not: pw = dbutils.secrets.get(…) … print(" ".join(pw)).)
const PRINT_SECRET = /\b(\w{1,40})\s*=\s*(?:await\s+)?(?:[\w.]{0,60}\.)?(?:dbutils\.secrets\.get|get_secret_value|get_secret|getSecret(?:Value)?|access_secret_version|read_secret(?:_version)?)\([^)\n]{0,200}\)[^\n]{0,80}\n[\s\S]{0,300}?\b(?:print|console\.log)\([^\n]{0,200}?\b\1\b|\bprint\((?:[^()]|\([^()]*\)){0,200}?dbutils\.secrets\.get\(|\bdbutils\.secrets\.get\([^)]*\)\s*(?:for\b|\)|\])[\s\S]{0,120}?\bprint\(|\b(?:print|console\.log)\((?:[^()]|\([^()]*\)){0,200}?\b(?:get_secret_value|get_secret|getSecret(?:Value)?|access_secret_version|secrets\.get|read_secret(?:_version)?)\(/;
export function printedSecrets(text: string): CodeHit[] {
  if (!/environ|process\.env|secrets|secret_value|secret_version|get_?secret/i.test(text)) return [];
  const env = PRINT_ENVIRONMENT.exec(text);
  const secret = env === null ? PRINT_SECRET.exec(text) : null;
  if (env === null && secret === null) return [];
  const what = env !== null ? "every environment variable" : "a secret store's values";
  return [
    {
      id: "code.print-secrets",
      technique: "T1552.001",
      tactic: "Credential Access (TA0006)",
      action: { capability: "read", target: { name: what, pathClass: "credentials" }, reversibility: "recoverable", scope: "one" },
      reason: `code prints ${what} (${(env ?? secret)![0].replace(/\s+/g, " ").slice(0, 50)}…): the secrets among them are written out in the clear, in the output that is kept (T1552.001)`,
    },
  ];
}

/** A DataFrame written to a cloud bucket named as public or shared (df.to_csv('gs://acme-public-share/…')). */
const PUBLIC_BUCKET_WRITE = /\.to_(?:csv|parquet|json|excel|feather|pickle|orc)\(\s*[fr]?['"]((?:gs|s3a?|az|abfss?|wasbs?):\/\/[\w.-]{0,60}(?:public|share|shared|open|anon)[\w.-]{0,60})/i;

/** Fields of people's records, as code names them in quotes (a DataFrame's columns, a payload's keys). */
const PERSONAL_FIELD = /['"](?:e-?mail|email_?address|full_?name|first_?name|last_?name|phone|phone_?number|mobile|address|billing_?address|home_?address|street|zip|postcode|dob|date_?of_?birth|birth_?date|ssn|social_?security|national_?id|passport|credit_?card|card_?number|iban|diagnosis|medical_?record|mrn|salary)['"]/gi;

/** Code that sends records holding several fields of people's data (email, name, phone, address…) to another host: the people's data leaves. */
export function sentPersonalData(text: string, sends: readonly SendCall[] = sendCalls(text)): CodeHit[] {
  const bucket = sends.length === 0 ? PUBLIC_BUCKET_WRITE.exec(text) : null;
  if (sends.length === 0 && bucket === null) return [];
  const fields = new Set([...text.matchAll(PERSONAL_FIELD)].map((m) => m[0].slice(1, -1).toLowerCase().replace(/[-_]/g, "")));
  if (fields.size < 2) return [];
  if (bucket !== null) {
    return [
      {
        id: "code.send-personal-data",
        technique: "T1567",
        tactic: "Exfiltration (TA0010)",
        action: { capability: "exfiltrate", target: { name: bucket[1]!, personal: true, public: true, external: true }, reversibility: "irreversible", scope: "account" },
        reason: `code writes records with people's ${[...fields].slice(0, 4).join(", ")} to ${bucket[1]}, a bucket named as public: anyone can read their personal data (T1567)`,
      },
    ];
  }
  for (const { url } of sends) {
    const host = url !== undefined ? hostOf(url) : undefined;
    if (host === undefined || !isExternalHost(host)) continue;
    return [
      {
        id: "code.send-personal-data",
        technique: "T1041",
        tactic: "Exfiltration (TA0010)",
        action: { capability: "exfiltrate", target: { name: url!, personal: true, external: true }, reversibility: "irreversible", scope: "account" },
        reason: `code sends records with people's ${[...fields].slice(0, 4).join(", ")} to ${host}: their personal data leaves (T1041)`,
      },
    ];
  }
  return [];
}

/** A product-analytics SDK's call that sends an event or a profile to the vendor (Mixpanel, Segment, Amplitude, PostHog, Heap). */
const TRACKER_CALL = /\b(?:mixpanel(?:\.people)?|analytics|amplitude|posthog|heap|rudderanalytics|mp)\.(?:track|identify|capture|logEvent|set|set_once|people_set|alias|group)\s*\(/g;
/** A field of a person's record, as code reads it (user.email, student.full_name) or names it in quotes. */
const PERSON_FIELD_REF = /(?:\.|\[\s*["'])(e_?mail|email_?address|full_?name|first_?name|last_?name|phone(?:_?number)?|mobile|home_?address|street_?address|address|date_?of_?birth|dob|birth_?date|ssn|national_?id|passport_?number|diagnosis|medical_?record_?number|mrn|salary)\b|["'](e_?mail|full_?name|first_?name|last_?name|phone(?:_?number)?|address|dob|date_?of_?birth|ssn)["']\s*:/gi;

/** Code that sends people's details (an e-mail with a name, a phone, a diagnosis) to a product-analytics vendor in an event or a profile: their personal data leaves for a third party (T1041). */
export function trackedPersonalData(text: string): CodeHit[] {
  if (text.length > 256 * 1024) return [];
  for (const m of text.matchAll(TRACKER_CALL)) {
    const call = callText(text, m.index! + m[0].length - 1);
    const fields = new Set([...call.matchAll(PERSON_FIELD_REF)].map((f) => (f[1] ?? f[2]!).toLowerCase().replace(/_/g, "")));
    if (fields.size < 2) continue;
    const vendor = m[0].slice(0, m[0].indexOf(".")).replace(/^mp$/, "mixpanel");
    return [{ id: "code.send-personal-data", technique: "T1041", tactic: "Exfiltration (TA0010)", action: { capability: "exfiltrate", target: { name: vendor, personal: true, external: true }, reversibility: "irreversible", scope: "account" }, reason: `code sends people's ${[...fields].slice(0, 4).join(", ")} to ${vendor}, a product-analytics vendor, with every event: their personal data leaves for a third party (T1041)` }];
  }
  return [];
}

/** A whole table or file of records put in a request: a DataFrame written out (to_csv, to_json), or a data file opened. */
const TABLE_IN_CALL = /\.to_(?:csv|json|parquet|excel|dict|records|string)\s*\(|\bopen\s*\(\s*["'][^"'\n]{1,200}\.(?:csv|xlsx?|json|parquet|sqlite3?|db|bak|sql)["']/;

/** Code that sends a whole table or data file to another host (requests.post(url, files={"f": df.to_csv()})): its rows leave. */
export function sentTable(sends: readonly SendCall[]): CodeHit[] {
  for (const { call, url } of sends) {
    const host = url !== undefined ? hostOf(url) : undefined;
    if (host === undefined || !isExternalHost(host) || !TABLE_IN_CALL.test(call)) continue;
    return [{ id: "code.send-table", technique: "T1041", tactic: "Exfiltration (TA0010)", action: { capability: "exfiltrate", target: { name: url!, personal: true, external: true }, reversibility: "irreversible", scope: "account" }, reason: `code sends a whole table or data file to ${host}: every row in it leaves (T1041)` }];
  }
  return [];
}

/** Browser code that reads a payment or checkout form's fields. */
const CHECKOUT_FIELDS = /(?:payment|checkout|billing|card|cc-?(?:number|num|exp|csc)|cvv|cvc)[\w-]*[^\n]{0,60}?\binput\b|\binput\b[^\n]{0,60}?(?:payment|checkout|card|cvv|cvc)/i;
const BROWSER_SEND = /\bnavigator\.sendBeacon\s*\(|\bfetch\s*\(|\bnew\s+XMLHttpRequest\b|\bnew\s+Image\s*\(\s*\)|\$\.(?:post|ajax|get)\s*\(/;
const READS_FIELD_VALUES = /\.val\(\s*\)|\.value\b|new\s+FormData\s*\(/;

/** Browser code that reads what a shopper types into a payment or checkout form and sends it to another host: web skimming (T1056.003). */
export function skimmedCheckout(text: string): CodeHit[] {
  if (!CHECKOUT_FIELDS.test(text) || !BROWSER_SEND.test(text) || !READS_FIELD_VALUES.test(text)) return [];
  for (const m of text.matchAll(/["'`](https?:\/\/[^"'`\s]{4,300})["'`]/g)) {
    const host = hostOf(m[1]!);
    if (host === undefined || !isExternalHost(host)) continue;
    return [{ id: "code.checkout-skimmed", technique: "T1056.003", tactic: "Collection (TA0009)", action: { capability: "exfiltrate", target: { name: host, personal: true, external: true }, reversibility: "irreversible", scope: "account" }, reason: `browser code reads what shoppers type into the payment or checkout form and sends it to ${host}: every card and address entered goes there (T1056.003)` }];
  }
  return [];
}

const PASTE_SERVICE = new RegExp(String.raw`^https?://(?:[\w-]+\.)*${EXFIL_SERVICE}`, "i");

/** The host of a paste or request-capture service the code sends to, if any (a literal address in a send call). */
function sentToPasteService(sends: readonly SendCall[]): string | undefined {
  for (const { url } of sends) if (url !== undefined && PASTE_SERVICE.test(url)) return hostOf(url);
  return undefined;
}
