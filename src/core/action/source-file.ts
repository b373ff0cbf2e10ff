// Source code a file tool writes does not run now: its words are data (file-write.ts). It runs
// later, as part of the program, and two things in it are judged when it is written, because after
// that nobody looks at the file again before it acts:
//   - a database migration's forward part that drops a table (the data goes when the migration is
//     applied, usually by a deploy): a pause, so a person sees it before it is merged; a column
//     removed is routine schema work and is not held; what a migration's down part does is undone
//     work, never run forward;
//   - code that sends a password, card number or one-time code it handles to another host's
//     address that is not a sign-in endpoint: credentials harvested from the program's users
//     (T1056.003, T1041), a hard stop. This reading is shared with interpreter code (code.ts).
// A reading by patterns, like code.ts: what it cannot resolve it does not guess.
import type { Action } from "./model.js";

/** What a reading of code found: a rule's id, the action, and why (shared with code.ts, which reads interpreter code). */
export interface CodeHit {
  readonly id: string;
  readonly technique?: string;
  /** The ATT&CK tactic, when not Execution (the code runs). */
  readonly tactic?: string;
  readonly action: Action;
  readonly reason: string;
}
import { hostOf, isExternalHost } from "./paths.js";

/** A migration of Django, Alembic, Rails, Knex, Sequelize, TypeORM or a similar tool, by where it lives. */
const MIGRATION_FILE = /(?:^|\/)(?:migrations?|migrate|alembic)\/(?:[^/]+\/)*[^/]+\.(?:py|rb|[cm]?[jt]s)$/i;

/** Where a migration's down part starts: the functions that undo it. */
const DOWN_PART = /^[ \t]*(?:def\s+(?:self\.)?(downgrade|down|backwards|reverse\w*)\b|(?:module\.)?exports\.(down)\b|(?:public\s+|export\s+)?(?:async\s+)?(down)\s*[(:=]|(?:public\s+)?async\s+(down)\b)/gm;
/** Where an up part starts again after a down part (a file that puts down first). */
const UP_PART = /^[ \t]*(?:def\s+(?:self\.)?(?:upgrade|up|change|forwards)\b|exports\.up\b|module\.exports\.up\b|(?:public\s+|export\s+)?(?:async\s+)?up\s*[(:=])/gm;
/** Django's RunSQL undo argument. */
const REVERSE_SQL = /\breverse_sql\s*=\s*(?:\[[^\]]*\]|"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[\w.]+)/g;

/** Table drops by the migration tools' own calls, with the table's name where it is a literal. */
const TABLE_DROP_CALL = /\b(?:migrations\.DeleteModel\s*\(\s*(?:name\s*=\s*)?|op\.drop_table\s*\(\s*|drop_table(?!\w)\s*\(?\s*:?|drop_join_table(?!\w)\s*\(?\s*:?|\.dropTable(?:IfExists)?\s*\(\s*|queryInterface\.dropTable\s*\(\s*|queryRunner\.dropTable\s*\(\s*)['"`]?([\w.]*)/g;
const ALL_TABLES_DROP = /\bqueryInterface\.dropAllTables\s*\(/;
/** SQL in a migration's strings that destroys a table's rows: DROP TABLE/SCHEMA/DATABASE, TRUNCATE, DELETE without WHERE. */
const SQL_DROP = /\b(drop\s+(?:table|schema|database)(?:\s+if\s+exists)?\s+[\w."`{}$%]+|truncate\s+(?:table\s+)?[\w."`{}$%]+|delete\s+from\s+[\w."`{}$%]+\s*(?:;|['"`]|$))/gim;

/**
 * The forward part of a migration: the text without its down parts and RunSQL's reverse_sql. A
 * down part is cut only when it is one: not words inside a string or comment (a docstring that
 * shows `def downgrade():`), and not a function the forward part runs (`def upgrade(): downgrade()`,
 * `RunPython(reverse_x)`, `this.down(q)`, `exports.down = exports.up = …`).
 */
export function forwardPart(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    DOWN_PART.lastIndex = at;
    let down: RegExpExecArray | null;
    while ((down = DOWN_PART.exec(text)) !== null && !isDownPart(text, down));
    if (down === null) return (out + text.slice(at)).replace(REVERSE_SQL, "");
    out += text.slice(at, down.index);
    UP_PART.lastIndex = down.index + down[0].length;
    const up = UP_PART.exec(text);
    if (!up) return out.replace(REVERSE_SQL, "");
    at = up.index;
  }
}

/** Whether a DOWN_PART match starts code that undoes the migration, and only that. */
function isDownPart(text: string, m: RegExpExecArray): boolean {
  const before = text.slice(0, m.index);
  const count = (s: string): number => before.split(s).length - 1;
  // Inside a string or a comment: a triple-quoted string or template literal left open, a block comment, Ruby's =begin.
  if (count('"""') % 2 === 1 || count("'''") % 2 === 1 || count("`") % 2 === 1) return false;
  if (before.lastIndexOf("/*") > before.lastIndexOf("*/") || before.search(/^=begin\b(?![\s\S]*^=end\b)/m) >= 0) return false;
  // The same function is the up part (exports.down = exports.up = …).
  if (/^\s*=\s*(?:module\.)?exports\.up\b/.test(text.slice(m.index + m[0].length))) return false;
  const name = m[1] ?? m[2] ?? m[3] ?? m[4];
  if (name === undefined) return true;
  // Run from elsewhere: called, or passed as RunPython's forward code. As RunPython's second
  // argument or reverse_code it is the undo, as meant.
  const use = new RegExp(String.raw`(?<![\w.])(?:self\.|this\.|exports\.)?${name}\s*\(|[(,=]\s*(?:self\.|this\.)?${name}\b(?!\s*[=(])|^[ \t]*${name}[ \t]*$`, "gm");
  for (const u of text.matchAll(use)) {
    const at = u.index + u[0].indexOf(name);
    if (at >= m.index && at < m.index + m[0].length) continue;
    const lead = text.slice(Math.max(0, at - 120), at);
    if (/RunPython\(\s*[\w.]+\s*,\s*$|reverse_code\s*=\s*$/.test(lead)) continue;
    if (/^\s*(?:def|async|public|export)\b/.test(text.slice(text.lastIndexOf("\n", at - 1) + 1, at))) continue;
    return false;
  }
  return true;
}

function migrationDrops(path: string, text: string): CodeHit[] {
  const forward = forwardPart(text);
  const dropped: string[] = [];
  if (ALL_TABLES_DROP.test(forward)) dropped.push("every table");
  for (const m of forward.matchAll(TABLE_DROP_CALL)) dropped.push(m[1] || "a table");
  for (const m of forward.matchAll(SQL_DROP)) dropped.push(m[1]!.replace(/\s+/g, " ").replace(/['"`;]+$/, "").trim());
  if (dropped.length === 0) return [];
  const file = path.replace(/^.*\//, "");
  const what = [...new Set(dropped)].slice(0, 3).join(", ");
  return [
    {
      id: "code.migration-drops-table",
      technique: "T1485",
      tactic: "Impact (TA0040)",
      action: { capability: "delete", target: { name: what }, reversibility: "irreversible", scope: "tree" },
      reason: `the migration ${file} destroys table data when it is applied (${what}): what is in it is gone unless a backup holds it (T1485)`,
    },
  ];
}

/** Calls that send a request, in the languages agents write servers and pages in. */
const SEND_CALL = /\b(?:requests|httpx|session|client|http|urllib\.request)\.(?:post|put|patch|get|request|urlopen|Request)\s*\(|\bfetch\s*\(|\baxios(?:\.(?:post|put|patch|get))?\s*\(|\burlopen\s*\(|\bsendBeacon\s*\(|\$\.(?:post|ajax|get)\s*\(|\bNet::HTTP\.(?:post|post_form|get)\s*\(|\bcurl_init\s*\(|\bhttp\.(?:Post|PostForm|NewRequest)\s*\(/g;
const URL_LITERAL = /['"`](https?:\/\/[^'"`\s]{1,300})['"`]/;
/** A password, card number or one-time code used as a value (not a dictionary key's name). */
const CREDENTIAL_VALUE = /(?<![\w'"`-])(?:password|passwd|pwd|passcode|passphrase|card_?number|cardNumber|cvv|cvc|otp|one_?time_?code|ssn)(?![\w'"`])|\[\s*['"](?:password|passwd|pwd|passcode|card_?number|cvv|cvc|otp)['"]\s*\]|\.get\(\s*['"](?:password|passwd|pwd|passcode|card_?number|cvv|cvc|otp)['"]/i;
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
export function sentCredentials(text: string): CodeHit[] {
  if (!/pass|pwd|card|cvv|cvc|otp|ssn/i.test(text)) return [];
  for (const m of text.matchAll(SEND_CALL)) {
    const call = callText(text, m.index! + m[0].length - 1);
    if (!CREDENTIAL_VALUE.test(call)) continue;
    // The address as a literal in the call, or a name the code set to one (`URL = "https://…"`, `requests.post(URL, …)`).
    const named = /^\(\s*([A-Za-z_$][\w$]*)\s*[,)]/.exec(call)?.[1];
    const url = URL_LITERAL.exec(call)?.[1] ?? (named !== undefined ? urlNamed(text, named) : undefined);
    if (url === undefined) continue;
    const host = hostOf(url);
    if (host === undefined || !isExternalHost(host)) continue;
    // The path only: a sign-in word in the query or fragment (`/c?next=/login`) is not where it goes.
    const path = url.slice(url.indexOf(host) + host.length).replace(/[?#][\s\S]*$/, "");
    if (SIGN_IN.test(path) || SIGN_IN.test(host)) continue;
    const what = CREDENTIAL_VALUE.exec(call)![0].replace(/^[[.]|get\(|[\s'"\]]/g, "");
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

/** What a source file a tool writes will do when the program runs, judged now. */
export function readWrittenSource(path: string, text: string): CodeHit[] {
  return [...(MIGRATION_FILE.test(path) ? migrationDrops(path, text) : []), ...sentCredentials(text)];
}
