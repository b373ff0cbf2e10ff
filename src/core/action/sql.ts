// SQL read by a real parser (node-sql-parser, PostgreSQL, then MySQL, then T-SQL grammar): finds SQL in a tool
// argument or a database client's command line and reports what each statement does. A statement
// that looks like SQL but no grammar reads is caution (a pause), never a pass.
//
// | statement                                   | action                                           |
// |---------------------------------------------|--------------------------------------------------|
// | DELETE without WHERE, or WHERE always true, | delete, irreversible, whole table (account)      |
// |   or WHERE only ranges (dates, ids)         |                                                  |
// | UPDATE likewise                             | write, irreversible, whole table                 |
// | DELETE / UPDATE whose WHERE picks a category | delete / write, irreversible, tree (a pause)     |
// |   (region = 'EU'), not a key (id, *_id, email) |                                                  |
// | UPDATE of a money column so selected        | spend, irreversible, tree (a hard stop)          |
// | DELETE / UPDATE with a WHERE on a key       | delete / write, irreversible, one (rows)         |
// | DROP TABLE/VIEW/INDEX, TRUNCATE, ALTER DROP | delete, irreversible, whole table (a column: tree) |
// | DROP DATABASE / SCHEMA                      | delete, irreversible, system                     |
// | GRANT / REVOKE, CREATE/ALTER USER or ROLE   | grant-access, recoverable, one (account if ALL or PUBLIC) |
// | SELECT of password, token or key columns,   | read, credentials, recoverable, one (a pause)    |
// |   or everything of a table of keys/tokens   |                                                  |
// | SELECT of two or more personal columns (or  | read, personal, reversible, tree (a pause)       |
// |   * of a people table on production), no    |                                                  |
// |   key and no limit under 1,000              |                                                  |
// | SELECT, SHOW, EXPLAIN, DESCRIBE             | read (no rule)                                   |
// | INSERT, CREATE, others                      | write, recoverable, one (no rule)                |
import { createRequire } from "node:module";
import type { Action } from "./model.js";
import { BACKUP_NAME } from "./paths.js";
import { toolWords } from "./tool-call.js";

// A grammar is loaded on the first SQL-looking text that needs it, through require: imported as an
// ES module, Node scans its CommonJS bundle for exports (about 270 ms of CPU and 28 MB at every
// daemon and shim start). Each dialect's own build is loaded, not the package's main file, which
// holds all fifteen grammars: PostgreSQL and MySQL cost about 45 ms of CPU and 2 MB of heap once,
// the whole package about 80 ms and 6 MB (test/sql-parser-builds.test.ts holds the two readings equal).
type SqlParser = { astify(sql: string, opt: { database: string }): unknown };
const parsers = new Map<string, SqlParser | Error>();
/** A dialect's parser; one that failed to load fails again at once (its SQL is then unreadable: caution). */
function sqlParserOf(database: (typeof DIALECTS)[number]): SqlParser {
  let parser = parsers.get(database);
  if (parser === undefined) {
    try {
      const { Parser } = createRequire(import.meta.url)(`node-sql-parser/build/${database}`) as { Parser: new () => SqlParser };
      parser = new Parser();
    } catch (e) {
      parser = e instanceof Error ? e : new Error(String(e));
    }
    parsers.set(database, parser);
  }
  if (parser instanceof Error) throw parser;
  return parser;
}
// (SQL Server's T-SQL last, for its queries only: SELECT TOP 20 …, [bracketed] names, which the other two refuse.)
const DIALECTS = ["postgresql", "mysql", "transactsql"] as const;
/** Longer SQL than this is not parsed (the parser is not linear on hostile input); it is caution. */
export const MAX_SQL_CHARS = 20_000;

export interface SqlHit {
  readonly id: string;
  readonly action: Action;
  readonly reason: string;
}

export interface SqlReading {
  readonly actions: readonly Action[];
  readonly hits: readonly SqlHit[];
  /** The text, when it looked like SQL and no grammar read it. */
  readonly unreadable?: string;
}

const STARTS_LIKE_SQL = /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*(?:(?:begin(?:\s+transaction)?|start\s+transaction)\s*;\s*(?:--[^\n]*\n\s*)*)?(?:with\s+\w+(?:\s*\([^)]*\))?\s+as\s*\(|select\s+[\s\S]+?\s+from\s|select\s+(?:[\d'"(*]|\w+\s*\()|insert\s+into\s|update\s+[\w."`\[\]]+\s+set\s|delete\s+from\s|delete\s+[\w."`]+\s+from\s|drop\s+(?:table|database|schema|view|index|user|role|function|procedure|trigger|sequence|materialized|if\s+exists)\b|truncate\s+(?:table\s+)?[\w."`]|alter\s+(?:table|database|schema|user|role)\s|grant\s+[\w ,]+\s+on\s|grant\s+\w+\s+to\s|grant\s+role\s+"?\w+"?\s+to\s|revoke\s+[\w ,]+\s+(?:on|from)\s|create\s+(?:user|role)\s|merge\s+into\s|replace\s+into\s|show\s+(?:full\s+|global\s+|session\s+)?(?:tables|databases|schemas|columns|fields|index|indexes|keys|create|grants|processlist|variables|status|table\s+status|triggers|warnings|errors|engines?|events|plugins|privileges|binary|master|replicas?|slave|open\s+tables|function|procedure|search_path|all|transaction|server_version|timezone|time\s+zone)\b|explain\s+(?:analy[sz]e\s+|verbose\s+|\([^)]{0,80}\)\s*)?(?:select|insert|update|delete|with)\b|(?:describe|desc)\s+[\w.\x60"]+\s*;?\s*$)/i;

/** Whether free text reads as SQL (not a sentence that happens to start with "update" or "select"). */
export function looksLikeSql(text: string): boolean {
  return STARTS_LIKE_SQL.test(text);
}

type Node = Record<string, unknown> | null | undefined;

function parse(sql: string): Node[] | undefined {
  // PostgreSQL's CONCURRENTLY (an index built or dropped without locking writes) changes nothing
  // the reading judges, and the grammar does not take it.
  let text = /\bconcurrently\b/i.test(sql) ? sql.replace(/\b((?:create(?:\s+unique)?|drop|reindex)\s+index)\s+concurrently\b/gi, "$1") : sql;
  // dbt's Jinja: a model named by ref('orders') or source('shop', 'orders') is that table; any
  // other expression is one value, and a {% … %} block is left out (it writes no statement of its own).
  if (text.includes("{{") || text.includes("{%")) text = withoutJinja(text);
  for (const database of DIALECTS) {
    // T-SQL's grammar reads much the others refuse (Snowflake's GRANT ROLE … TO ROLE, SQLite's
    // INSERT OR REPLACE) into trees the readings below do not know: only a SQL Server query is
    // given to it (SELECT TOP n, [bracketed] names, dbo.), and only a SELECT it reads counts.
    // (Never a query that runs other SQL: OPENQUERY, OPENROWSET, OPENDATASOURCE or EXEC run the quoted statement elsewhere.)
    // And a stored procedure's call by name (EXEC dbo.usp_recalc @year = 2027), never EXEC('…') or
    // sp_executesql, which run a quoted statement.
    const tsqlSelect = /^\s*(?:select|with)\b/i.test(text) && /\btop\s*\(?\s*\d+|\[[^\]\n]{1,128}\]|\bdbo\./i.test(text) && !/\b(?:openquery|openrowset|opendatasource|exec(?:ute)?)\b/i.test(text);
    const tsqlExec = /^\s*exec(?:ute)?\s+(?!\(|(?:sys\.)?sp_executesql\b|@)[\[\w]/i.test(text);
    if (database === "transactsql" && !tsqlSelect && !tsqlExec) continue;
    try {
      const ast = sqlParserOf(database).astify(text, { database });
      const nodes = (Array.isArray(ast) ? ast : [ast]) as Node[];
      if (database === "transactsql" && !nodes.every((n) => n !== null && n !== undefined && String(n.type).toLowerCase() === (tsqlSelect ? "select" : "exec"))) continue;
      return nodes;
    } catch {
      // try the next dialect
    }
  }
  return undefined;
}

/**
 * What a single SELECT takes, as the SQL grammar reads it: the names of the columns it returns as
 * they stand (a column inside an aggregate or an expression is not one), and whether it narrows its
 * rows (WHERE, LIMIT, GROUP BY). Undefined for anything else, or SQL no grammar reads.
 */
export function selectShape(sql: string): { readonly columns: readonly string[]; readonly narrowed: boolean } | undefined {
  const nodes = sql.length <= MAX_SQL_CHARS ? parse(sql) : undefined;
  const n = nodes?.length === 1 ? nodes[0] : undefined;
  if (n === null || n === undefined || String(n.type).toLowerCase() !== "select") return undefined;
  const columns: string[] = [];
  for (const c of Array.isArray(n.columns) ? (n.columns as Node[]) : []) {
    const e = c?.expr as Node;
    const name = e?.type === "column_ref" ? ((e.column as Node)?.expr as Node)?.value ?? e.column : undefined;
    if (typeof name === "string") columns.push(name);
  }
  const limit = n.limit as Node;
  return { columns, narrowed: Boolean(n.where) || Boolean(n.groupby) || (Array.isArray(limit?.value) && limit.value.length > 0) };
}

function withoutJinja(sql: string): string {
  return sql
    .replace(/\{\{-?\s*ref\(\s*['"]([\w.-]+)['"]\s*(?:,\s*['"][\w.-]+['"]\s*)?\)\s*-?\}\}/g, (_, t: string) => t.replace(/[.-]/g, "_"))
    .replace(/\{\{-?\s*source\(\s*['"]([\w-]+)['"]\s*,\s*['"]([\w-]+)['"]\s*\)\s*-?\}\}/g, (_, a: string, b: string) => `${a.replace(/-/g, "_")}.${b.replace(/-/g, "_")}`)
    .replace(/\{\{[^{}]{0,400}\}\}/g, "jinja_value")
    .replace(/\{%[^%]{0,400}%\}/g, " ");
}

function tableNames(list: unknown): string {
  if (typeof list === "string") return list;
  if (!Array.isArray(list)) return "a table";
  const names = list.map((t) => (t && typeof t === "object" && "table" in t ? String((t as { table: unknown }).table) : "")).filter(Boolean);
  return names.length ? names.join(", ") : "a table";
}

/** A table named as scratch: in a database or schema called scratch, tmp, temp or sandbox, or itself tmp_…, scratch_…, …_tmp, …_temp or …_scratch. */
const SCRATCH_PART = /^(?:scratch|tmp|temp|sandbox)$/i;
const SCRATCH_TABLE = /^(?:tmp|scratch)_\w+$|^\w+_(?:tmp|temp|scratch)$/i;
/** Every table a DROP or TRUNCATE names (its AST's name list) named as scratch. */
function scratchTables(list: unknown): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  return list.every((t) => {
    if (!t || typeof t !== "object") return false;
    const { db, schema, table } = t as { db?: unknown; schema?: unknown; table?: unknown };
    if (typeof table !== "string") return false;
    return SCRATCH_TABLE.test(table) || [db, schema].some((p) => typeof p === "string" && SCRATCH_PART.test(p));
  });
}

/** One statement granting one of Snowflake's administrator roles to a user or role. */
const SNOWFLAKE_ADMIN_GRANT = /^grant\s+role\s+"?(accountadmin|securityadmin|sysadmin|orgadmin|useradmin)"?\s+to\s+((?:user|role)\s+"?[\w$.-]{1,120}"?)\s*;?\s*$/i;

const RANGE_OPS = new Set(["<", "<=", ">", ">=", "BETWEEN", "NOT BETWEEN", "IS NOT", "IS"]);

/** A WHERE that keeps no row out: 1=1, true, x = x, a OR that holds one of those. */
function alwaysTrue(e: Node): boolean {
  if (!e) return true;
  const type = e.type;
  if (type === "bool") return e.value === true;
  if (type === "number") return Number(e.value) !== 0;
  if (type === "binary_expr") {
    const op = String(e.operator).toUpperCase();
    const l = e.left as Node;
    const r = e.right as Node;
    if (op === "OR") return alwaysTrue(l) || alwaysTrue(r);
    if (op === "AND") return alwaysTrue(l) && alwaysTrue(r);
    if (op === "=" || op === "<=" || op === ">=" || op === "IS") return JSON.stringify(l) === JSON.stringify(r) && l?.type !== "param";
    if (op === "LIKE" || op === "ILIKE") return r?.type !== undefined && /^%+$/.test(String(r.value ?? ""));
  }
  return false;
}

/** A WHERE made only of ranges (created_at < now() - interval '1 year', id > 0): it selects by age or count, not by identity. */
function onlyRanges(e: Node): boolean {
  if (!e || e.type !== "binary_expr") return false;
  const op = String(e.operator).toUpperCase();
  if (op === "AND" || op === "OR") return onlyRanges(e.left as Node) && onlyRanges(e.right as Node);
  return RANGE_OPS.has(op);
}

/** A column's name, which the parser gives as a string or as {expr: {value}}. */
function columnName(n: Node): string {
  const column = (n as Record<string, unknown> | undefined)?.column;
  return typeof column === "string" ? column : String(((column as Record<string, Record<string, unknown>> | undefined)?.expr?.value) ?? "");
}

/** Columns that name one row (an id, a key, an e-mail address, a username): WHERE on them picks rows one by one. */
// (Not a tenant's, an organisation's, a workspace's or a type's id: each names a whole category of rows.)
const KEY_COLUMN = /^(?!(?:tenant|org|organi[sz]ation|workspace|account_type|\w*_type|team|company|region|group)_?id$)(?:(?:id|pk|uuid|guid|key|email|e_?mail|username|user_?name|login|slug|sku|handle|number|ref|name|version|code)$|\w*_(?:id|uuid|guid|key|number|ref|email|no)$|\w*Id$)/i;

/** Whether a WHERE picks rows by a key (id = 5, order_id IN (…), email = '…'), as opposed to by a category (region = 'EU', status = 'inactive'). */
function pinsKey(e: Node): boolean {
  if (!e || e.type !== "binary_expr") return false;
  const op = String(e.operator).toUpperCase();
  if (op === "AND") return pinsKey(e.left as Node) || pinsKey(e.right as Node);
  if (op === "OR") return pinsKey(e.left as Node) && pinsKey(e.right as Node);
  const left = e.left as Node;
  // IN pins keys only with a list of values: IN (SELECT …) picks whatever the query picks.
  const right = e.right as Node;
  return (op === "=" || (op === "IN" && right?.type === "expr_list" && Array.isArray(right.value) && (right.value as Node[]).every((v) => v?.type !== "select" && v?.ast === undefined))) && left?.type === "column_ref" && KEY_COLUMN.test(columnName(left));
}

/** Columns that hold money (a balance, a price, a credit): setting them for a category of rows moves money in bulk. */
const MONEY_COLUMN = /^(?:balance|balances|amount|amounts|price|prices|unit_price|list_price|credit|credits|credit_limit|salary|salaries|wage|wages|pay_rate|total|cost|fee|fees|discount|payout|payout_amount|refund_amount)$/i;

/** Columns that say where a payment goes: a bank account, its routing or sort code, a remit-to or payout destination. */
const PAYMENT_DESTINATION_COLUMN = /^(?:\w*_)?(?:routing(?:_?(?:number|no|num))?|remit_?(?:routing|account|to)\w*|iban|swift(?:_?code)?|bic|bank_?(?:account|acct|routing|details)\w*|account_?(?:number|no|num)|acct_?(?:number|no|num)|sort_?code|aba(?:_?number)?|payout_?(?:account|destination|method|bank)\w*|beneficiary_?(?:account|iban|bank)\w*|wallet_?address|deposit_?account\w*)$/i;
/** Columns that give a user a role or an administrator's rights. */
const ROLE_COLUMN = /^(?:role|roles|user_?role|user_?type|access_?level|permission_?level|is_?admin|admin|is_?superuser|superuser|is_?staff|is_?owner)$/i;
/** Values that make the row an administrator. */
const ADMIN_VALUE = /^(?:admin|administrator|superuser|super_?admin|owner|root|sysadmin|true|1|t)$/i;

/** A column an UPDATE sets, and the literal it sets it to (undefined when not a literal). */
function setsOf(n: Record<string, unknown>): Array<{ column: string; value: string | undefined }> {
  if (!Array.isArray(n.set)) return [];
  return (n.set as Node[]).map((x) => {
    const v = (x as Record<string, unknown> | undefined)?.value as Record<string, unknown> | undefined;
    return { column: columnName(x), value: v !== undefined && (typeof v.value === "string" || typeof v.value === "number" || typeof v.value === "boolean") ? String(v.value) : undefined };
  });
}

/** A column read as its words, as a tool's name is (PayeeIBAN as payee_iban, RoutingNumber as routing_number). */
const asWords = (column: string): string => toolWords(column).join("_");

/** Tables of short-lived rows (sessions, tokens, caches, job queues): purging what has expired from them is upkeep. */
const EPHEMERAL_TABLE = /^(\w+\.)?(sessions?|user_sessions|\w*_sessions|tokens?|refresh_tokens|access_tokens|password_resets|otps?|otp_codes|nonces?|cache|caches|\w*_cache|jobs?|job_queue|queue|\w*_queue|locks?|idempotency_keys|rate_limits?)$/i;

/** A DELETE from such a table of only the rows whose expiry time has passed (expires_at < now()). */
function purgesExpired(e: Node, table: string): boolean {
  if (!EPHEMERAL_TABLE.test(table) || !e || e.type !== "binary_expr") return false;
  const op = String(e.operator).toUpperCase();
  if (op === "AND") return purgesExpired(e.left as Node, table) && purgesExpired(e.right as Node, table);
  const left = e.left as Node;
  if (!((op === "<" || op === "<=") && left?.type === "column_ref")) return false;
  return /expir|valid_until|ttl/i.test(columnName(left));
}

/** Columns that hold a credential (a password or its hash, an API or session token, a private key, a TOTP seed). */
const CREDENTIAL_COLUMN = /^(?:password|passwd|pass|pwd|\w*_pass|\w*_passwd|\w*_pwd|pass_?hash|pw_?hash|password_?hash|hashed_?password|encrypted_?password|password_?digest|crypted_?password|\w*_password|\w*_secret|secret|secrets|client_secret|secret_key|api_?key|api_?token|access_?token|refresh_?token|auth_?token|session_?token|bearer_?token|\w*_api_key|\w*_token|private_?key|\w*_private_key|totp_?secret|otp_?secret|mfa_?secret|two_factor_secret|recovery_codes?)$/i;
/** Tables whose every row is a credential (SELECT * from them reads them all). */
const CREDENTIAL_TABLE = /^(\w+\.)?(api_?keys|api_?tokens|access_?tokens|refresh_?tokens|personal_access_tokens|oauth_?tokens|oauth_access_tokens|secrets|credentials|user_credentials|passwords|private_keys|ssh_keys)$/i;

/** The columns an expression reads, inside functions, casts, concatenations and CASEs (CONCAT(email, password_hash)); bounded. */
function columnsIn(e: unknown, out: Node[] = [], depth = 0): Node[] {
  if (depth > 8 || out.length > 64 || e === null || typeof e !== "object") return out;
  if (Array.isArray(e)) {
    for (const x of e.slice(0, 64)) columnsIn(x, out, depth + 1);
    return out;
  }
  const n = e as Record<string, unknown>;
  if (n.type === "column_ref") {
    out.push(n);
    return out;
  }
  for (const key of ["expr", "args", "value", "left", "right", "result", "condition", "else"]) if (key in n) columnsIn(n[key], out, depth + 1);
  return out;
}

/** The SELECTs of a statement: itself, each branch of a UNION, and its WITH clauses' queries (bounded). */
function selectsOf(n: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let s: Record<string, unknown> | undefined = n; s !== undefined && out.length < 16; s = s._next as Record<string, unknown> | undefined) {
    out.push(s);
    for (const w of Array.isArray(s.with) ? (s.with as Array<Record<string, unknown>>).slice(0, 8) : []) {
      // (The parser gives a WITH clause's query as its stmt, or as stmt.ast.)
      const stmt = w.stmt as Record<string, unknown> | undefined;
      const ast = (stmt?.type === "select" ? stmt : stmt?.ast) as Record<string, unknown> | undefined;
      if (ast?.type === "select") out.push(ast);
    }
  }
  return out;
}

/** The credential a SELECT reads, by the columns it lists (not those it only filters on), or by a table of credentials read whole. */
function credentialRead(n: Record<string, unknown>): string | undefined {
  for (const s of selectsOf(n)) {
    const found = credentialColumns(s);
    if (found !== undefined) return found;
  }
  return undefined;
}

function credentialColumns(n: Record<string, unknown>): string | undefined {
  const columns = Array.isArray(n.columns) ? (n.columns as Node[]) : [];
  for (const c of columns) {
    for (const expr of columnsIn(c?.expr)) {
      const name = columnName(expr);
      if (name !== "*" && CREDENTIAL_COLUMN.test(name)) return `column ${name}`;
      if (name === "*") {
        const from = Array.isArray(n.from) ? (n.from as Node[]) : [];
        const table = from.map((f) => String(f?.table ?? "")).find((t) => CREDENTIAL_TABLE.test(t));
        if (table !== undefined) return `every column of ${table}`;
      }
    }
  }
  return undefined;
}

/** Columns that hold a fact about a person (how to reach them, who they are, where they live, what they pay with). */
const PERSONAL_COLUMN = /^(?:(?:user|customer|client|contact|member|patient|person|billing|shipping|account)_?)?(?:e_?mail|email_?address|phone|phone_?number|mobile|display_?name|full_?name|first_?name|last_?name|surname|given_?name|family_?name|address|street|street_?address|billing_?address|shipping_?address|home_?address|postcode|postal_?code|zip|zip_?code|dob|date_?of_?birth|birth_?date|birthday|ssn|social_?security_?number|national_?id|passport_?number|tax_?id|card_?number|card_?last4|iban|account_?number|ip_?address|(?:last_?(?:login|seen|sign_?in)_?)?ip|payment_?last_?4)$|^(?:user|customer|client|contact|member|patient|person)_?name$/i;
/** Tables of people. */
const PERSON_TABLE = /^(\w+\.)*(users?|customers?|clients?|patients?|employees?|members?|contacts?|subscribers?|people|persons?|profiles?|accounts?|leads?|candidates?)$/i;
/** Tables of people's pay. */
const PAY_TABLE = /(?:^|[._])(?:\w+_)?(?:compensation|salar(?:y|ies)|payroll|payslips?|wages)(?:_\w+)?$/i;
/** Rows read at once beyond which a read is a collection, not a look. */
const BULK_ROWS = 1000;

/** What a SELECT reads of people in bulk: two or more personal columns, or every column of a people table on production, with no key picking rows and no limit under BULK_ROWS. */
/** Columns whose values are enough to steal an identity or money: read in any number beyond a look, they are a collection. */
const SENSITIVE_COLUMN = /^(?:ssn|social_?security_?number|national_?id|national_?insurance_?number|ni_?number|passport_?number|tax_?id|tin|card_?number|pan|iban|account_?number|routing_?number|bank_?account(?:_?number)?)$/i;
function personalRead(n: Record<string, unknown>, production: boolean): string | undefined {
  // Identity numbers selected, more than a handful of rows (SELECT applicant_name, ssn, dob … LIMIT 500).
  const limitValue = (((n.limit as Record<string, unknown> | undefined)?.value as Node[] | undefined) ?? []).at(-1);
  const few = limitValue?.type === "number" && Number(limitValue.value) <= 20;
  const sensitive = (Array.isArray(n.columns) ? (n.columns as Node[]) : []).flatMap((c) => columnsIn(c?.expr).map(columnName)).filter((c) => SENSITIVE_COLUMN.test(asWords(c)));
  if (sensitive.length > 0 && !few && !(n.where && !alwaysTrue(n.where as Node) && limitValue === undefined)) return sensitive.slice(0, 4).join(", ");
  // (Any WHERE that is not always true narrows it: picked by key, by a date, by a category.)
  if (n.where && !alwaysTrue(n.where as Node)) return undefined;
  // (MySQL's LIMIT offset, count: the count is the last value. LIMIT ALL is no limit.)
  const limits = ((n.limit as Record<string, unknown> | undefined)?.value as Node[] | undefined) ?? [];
  const limit = limits[limits.length - 1];
  if (limit !== undefined && !(limit?.type === "number" && Number(limit.value) >= BULK_ROWS) && !/^all$/i.test(String(limit?.value ?? ""))) return undefined;
  const columns = Array.isArray(n.columns) ? (n.columns as Node[]) : [];
  const names = columns.flatMap((c) => columnsIn(c?.expr).map(columnName)).filter(Boolean);
  // (Camel-cased columns are read as their words: LastLoginIp is last_login_ip.)
  const personal = names.filter((c) => PERSONAL_COLUMN.test(asWords(c)));
  if (personal.length >= 2) return personal.slice(0, 4).join(", ");
  const table = Array.isArray(n.from) ? (n.from as Node[]).map((f) => String(f?.table ?? "")).find((t) => PERSON_TABLE.test(t)) : undefined;
  if (production && names.includes("*") && table !== undefined) return `every column of ${table}`;
  // Every column of a table of people's pay (EMPLOYEE_COMPENSATION, payroll, salaries), wherever it is.
  const pay = Array.isArray(n.from) ? (n.from as Node[]).map((f) => String(f?.table ?? "")).find((t) => PAY_TABLE.test(t)) : undefined;
  if (names.includes("*") && pay !== undefined) return `every column of ${pay}`;
  return undefined;
}

function grantScope(n: Record<string, unknown>): { scope: Action["scope"]; pub: boolean; what: string } {
  const text = JSON.stringify(n).toLowerCase();
  const all = /"value":"all"|"all privileges"|"name":"\*"|"\*\.\*"/.test(text);
  const pub = /"value":"public"/.test(text);
  return { scope: all ? "account" : "one", pub, what: all ? "all privileges" : "privileges" };
}

/**
 * Whether a query prints rows of a table, as the parser reads it: a SELECT (or a branch or WITH
 * query of one) with a column or `*` outside an aggregate. `select count(*) from users` prints a
 * number, `select email from users` prints people. A text neither grammar reads is taken to print
 * rows: caution, never a pass.
 */
export function readsRows(sql: string): boolean {
  if (sql.length > MAX_SQL_CHARS) return true;
  const ast = parse(sql);
  if (ast === undefined) return true;
  return ast.some((n) => {
    if (!n || n.type !== "select") return false;
    // (`select *` may come as the string "*" rather than a list of columns.)
    return selectsOf(n).some((s) => !Array.isArray(s.columns) || (s.columns as Node[]).some((c) => (c?.expr as Node)?.type !== "aggr_func" && columnsIn(c?.expr).length > 0));
  });
}

/** Statements that switch a database's auditing off: Oracle (audit_trail=NONE, NOAUDIT), PostgreSQL (pgaudit, log_statement), SQL Server (a server or database audit's STATE = OFF, dropped), MySQL's audit log plugin. */
const AUDIT_OFF = /\balter\s+system\s+set\s+(?:audit_trail\s*=\s*'?none|audit_sys_operations\s*=\s*'?false|unified_audit\w*\s*=\s*'?false|pgaudit\.log\s*(?:=|to)\s*'?none|log_statement\s*(?:=|to)\s*'?none)|\bnoaudit\s+(?:all|policy)\b|\balter\s+(?:server|database)\s+audit\b[^;]{0,300}?\bstate\s*=\s*off\b|\bdrop\s+(?:server|database)\s+audit\b|\bset\s+(?:global|persist)\s+audit_log_\w+\s*=\s*'?(?:off|none|0)\b/i;

/** A table that keeps an audit trail: audit, access, security, login or activity logs and histories. */
const AUDIT_TABLE = /(?:^|[._"\x60\[])(?:audit\w*|\w*(?:access|security|login|signin|activity|admin)_?(?:log|logs|history|trail|events?))(?:$|[._"\x60\]])|\baudit[._]/i;

/**
 * Reads one piece of SQL. `production` marks the database as production (from the tool's name or
 * arguments), which makes any irreversible statement a hard stop through the model's floor.
 */
export function readSql(sql: string, production = false): SqlReading {
  const text = sql.trim();
  if (text.length > MAX_SQL_CHARS) return { actions: [], hits: [], unreadable: `${text.slice(0, 80)}…` };
  // EXPLAIN ANALYZE runs the statement it plans (an EXPLAIN ANALYZE DELETE deletes): it is judged
  // as that statement. A plain EXPLAIN only plans one statement, and reads; text after its statement
  // (`EXPLAIN SELECT 1; DROP TABLE t`) is judged as written.
  const explained = /^explain\s+((?:analy[sz]e\s+|verbose\s+|\([^)]{0,80}\)\s*)*)(?=(?:select|insert|update|delete|with|merge)\b)/i.exec(text);
  if (explained) {
    const inner = readSql(text.slice(explained[0].length), production);
    if (/analy[sz]e/i.test(explained[1]!) || inner.unreadable !== undefined || /;\s*\S/.test(text)) return inner;
    return { actions: [{ capability: "read", target: { name: "database", production }, reversibility: "reversible", scope: "one" }], hits: [] };
  }
  // The database's own audit switched off (Oracle's audit_trail, pgaudit, SQL Server's server audit):
  // from now on nothing it does is recorded, which no grammar here reads, so it is read from the text.
  const auditOff = AUDIT_OFF.exec(text);
  // A scheduled backup job removed from pg_cron (SELECT cron.unschedule('nightly-backup-verify')): no new backup, or no check of one, until it is scheduled again (T1490).
  // Or a SQL Server Agent backup job disabled or deleted (EXEC msdb.dbo.sp_update_job @job_name = N'… Log Backup …', @enabled = 0; sp_delete_job).
  const unscheduled = /\bcron\.unschedule\s*\(\s*'([^']{1,120})'/i.exec(text) ?? /\bsp_(?:update_job\b(?=[^;]{0,300}?@enabled\s*=\s*0\b)|delete_job\b)[^;]{0,300}?@job_name\s*=\s*N?'([^']{1,120})'/i.exec(text);
  const agentJob = unscheduled !== null && !/cron\.unschedule/i.test(unscheduled[0]);
  const backupOff: SqlHit | undefined = unscheduled !== null && BACKUP_NAME.test(unscheduled[1]!) ? { id: "sql.backups-off", action: { capability: "impair-defences", target: { name: unscheduled[1]!, production }, reversibility: "recoverable", scope: "one" }, reason: `${agentJob ? `disables or deletes the SQL Server Agent job '${unscheduled[1]!.slice(0, 60)}'` : `cron.unschedule('${unscheduled[1]!.slice(0, 60)}') takes a scheduled backup job off the database's cron`}: no new backup is made or checked until it is scheduled again (T1490)${production ? " on a production database" : ""}` } : undefined;
  const offHit: SqlHit | undefined = auditOff ? { id: "sql.audit-off", action: { capability: "impair-defences", target: { name: "the database's audit", production }, reversibility: "recoverable", scope: "system" }, reason: `${auditOff[0].replace(/\s+/g, " ").slice(0, 80)} switches the database's auditing off: what is done in it from now on leaves no record (T1562.008)${production ? " on a production database" : ""}` } : undefined;
  // A Delta or Iceberg table's old versions removed at once (VACUUM … RETAIN 0 HOURS, after Databricks'
  // retentionDurationCheck is switched off): time travel and every restore to an earlier version are gone.
  const vacuumed = /\bvacuum\s+([\w.`"-]{1,120})[^;]{0,200}?\bretain\s+0+(?:\.0+)?\s+hours?\b/i.exec(text);
  const vacuumedProduction = production || (vacuumed !== null && /(?:^|[^a-z])(?:prod|production|prd)(?:[^a-z]|$)/i.test(vacuumed[1]!));
  const historyGone: SqlHit | undefined = vacuumed !== null ? { id: "sql.history-vacuumed", action: { capability: "delete", target: { name: vacuumed[1]!, production: vacuumedProduction }, reversibility: "irreversible", scope: "tree" }, reason: `VACUUM ${vacuumed[1]!.slice(0, 60)} RETAIN 0 HOURS deletes every earlier version of the table's files at once: no time travel or restore to before now (T1485)${vacuumedProduction ? " on a production table" : ""}` } : undefined;
  const ast = parse(text);
  const textHits = [offHit, backupOff, historyGone].flatMap((h) => (h !== undefined ? [h] : []));
  if (!ast && textHits.length > 0) return { actions: textHits.map((h) => h.action), hits: textHits };
  // Snowflake's administrator roles granted (GRANT ROLE ACCOUNTADMIN TO USER svc): neither grammar reads
  // Snowflake's GRANT ROLE, so the statement is read from its words; whoever gets it controls the account (T1098).
  const adminRole = ast ? null : SNOWFLAKE_ADMIN_GRANT.exec(text);
  if (adminRole !== null) {
    const action: Action = { capability: "grant-access", target: { name: `${adminRole[1]!.toUpperCase()} to ${adminRole[2]!}`, production }, reversibility: "recoverable", scope: "tree" };
    return { actions: [action], hits: [{ id: "sql.grant-admin", action, reason: `GRANT ROLE ${adminRole[1]!.toUpperCase()} TO ${adminRole[2]!}: an administrator's role over the whole account (T1098)${production ? " on a production database" : ""}` }] };
  }
  if (!ast) {
    // Caution, shaped by the statement's first words so DROP SCHEMA is not read as a mere write.
    const head = /^\s*(drop|truncate|delete)\b/i.test(text) ? "delete" : "write";
    const scope = /^\s*drop\s+(database|schema)\b/i.test(text) ? "system" : "account";
    const action: Action = { capability: head, target: { name: "SQL the parser could not read", production }, reversibility: "irreversible", scope };
    return { actions: [action], hits: [{ id: "sql.unreadable", action, reason: `SQL that neither the PostgreSQL nor the MySQL grammar reads ("${text.slice(0, 60)}"): read as caution, not as safe` }], unreadable: text.slice(0, 200) };
  }
  const actions: Action[] = textHits.map((h) => h.action);
  const hits: SqlHit[] = [...textHits];
  const target = (name: string) => ({ name, production });
  const hit = (id: string, action: Action, reason: string) => {
    actions.push(action);
    hits.push({ id, action, reason: production ? `${reason} on a production database` : reason });
  };
  for (const n of ast) {
    if (!n) continue;
    const type = String(n.type).toLowerCase();
    if (type === "delete" || type === "update") {
      const table = tableNames(n.table);
      const where = n.where as Node;
      const cap = type === "delete" ? "delete" : "write";
      const verb = type === "delete" ? "deletes" : "updates";
      // An audit trail's rows changed or removed, a retention purge by date included (a person
      // confirms it): the record of who did what no longer says it (T1070, indicator removal).
      if (AUDIT_TABLE.test(table)) {
        hit("sql.audit-rows-changed", { capability: "impair-defences", target: target(table), reversibility: "irreversible", scope: "tree" }, `${type.toUpperCase()} on ${table}, an audit trail: the record of who did what is ${type === "delete" ? "erased" : "rewritten"} (T1070)`);
        continue;
      }
      // Where payments go, changed: the next payout or vendor payment goes to that account and cannot
      // be called back (payment diversion, T1565.001). Any row: one vendor's bank details are enough.
      const sets = type === "update" ? setsOf(n) : [];
      const destination = sets.find((x) => PAYMENT_DESTINATION_COLUMN.test(asWords(x.column)));
      if (destination !== undefined) hit("sql.payment-destination-changed", { capability: "spend", target: target(table), reversibility: "irreversible", scope: "one" }, `UPDATE sets ${sets.filter((x) => PAYMENT_DESTINATION_COLUMN.test(asWords(x.column))).map((x) => x.column).slice(0, 3).join(", ")} of ${table}: where payments are sent; the next one goes to that account and cannot be called back (T1565.001)`);
      // A user made an administrator by editing the users table: an access grant no admin screen shows.
      const admin = sets.find((x) => ROLE_COLUMN.test(x.column) && x.value !== undefined && ADMIN_VALUE.test(x.value.trim()));
      if (admin !== undefined) hit("sql.grant-admin", { capability: "grant-access", target: target(table), reversibility: "recoverable", scope: "one" }, `UPDATE sets ${admin.column} = ${admin.value} in ${table}: the rows it selects get an administrator's rights (T1098)`);
      if (!where) hit(`sql.${type}-without-where`, { capability: cap, target: target(table), reversibility: "irreversible", scope: "account" }, `${type.toUpperCase()} without WHERE ${verb} every row of ${table}`);
      else if (alwaysTrue(where)) hit(`sql.mass-${type}`, { capability: cap, target: target(table), reversibility: "irreversible", scope: "account" }, `${type.toUpperCase()} whose WHERE is always true ${verb} every row of ${table}`);
      else if (onlyRanges(where) && !(type === "delete" && purgesExpired(where, table))) hit(`sql.mass-${type}`, { capability: cap, target: target(table), reversibility: "irreversible", scope: "account" }, `${type.toUpperCase()} of ${table} selected only by a range (a date or id cut-off) ${verb} rows in bulk`);
      else if (!pinsKey(where) && !(type === "delete" && purgesExpired(where, table))) {
        // Rows picked by a category (region = 'EU', status = 'inactive'), not one by one: as many as match, and money set for all of them at once.
        const money = type === "update" && Array.isArray(n.set) ? (n.set as Node[]).map(columnName).find((c) => MONEY_COLUMN.test(c)) : undefined;
        if (money !== undefined) hit("sql.bulk-money-update", { capability: "spend", target: target(table), reversibility: "irreversible", scope: "tree" }, `UPDATE sets ${money} on every row of ${table} its WHERE selects by a category, not by key: money changed in bulk`);
        else hit(`sql.bulk-${type}`, { capability: cap, target: target(table), reversibility: "irreversible", scope: "tree" }, `${type.toUpperCase()} of ${table} selected by a category, not by key, ${verb} every row that matches`);
      } else {
        const action: Action = { capability: cap, target: target(table), reversibility: "irreversible", scope: "one" };
        if (production) hit(`sql.${type}`, action, `${type.toUpperCase()} of selected rows of ${table}`);
        else actions.push(action);
      }
    } else if (type === "drop") {
      const keyword = String(n.keyword ?? "").toLowerCase();
      const names = tableNames(n.name);
      const system = keyword === "database" || keyword === "schema";
      // (An index holds no data: dropped, it is built again from the table. A view holds none either.)
      if (keyword === "index" || keyword === "view") actions.push({ capability: "delete", target: target(names), reversibility: "recoverable", scope: "one" });
      // (A scratch table, named so, off production: made to be thrown away.)
      else if (keyword === "table" && !production && scratchTables(n.name)) actions.push({ capability: "delete", target: target(names), reversibility: "irreversible", scope: "one" });
      else hit(`sql.drop`, { capability: "delete", target: target(names), reversibility: "irreversible", scope: system ? "system" : "account" }, `DROP ${keyword.toUpperCase() || "…"} ${names} deletes it and everything in it`);
    } else if (type === "truncate") {
      const names = tableNames(n.name);
      if (!production && scratchTables(n.name)) actions.push({ capability: "delete", target: target(names), reversibility: "irreversible", scope: "one" });
      else hit("sql.truncate", { capability: "delete", target: target(names), reversibility: "irreversible", scope: "account" }, `TRUNCATE empties ${names}`);
    } else if (type === "alter") {
      const exprs = Array.isArray(n.expr) ? (n.expr as Record<string, unknown>[]) : [];
      const drop = exprs.find((x) => String(x.action).toLowerCase() === "drop");
      const table = tableNames(n.table);
      // A column dropped takes one field of every row, not the table: a pause off production.
      if (drop) hit("sql.alter-drop", { capability: "delete", target: target(table), reversibility: "irreversible", scope: String(drop.resource ?? "").toLowerCase() === "column" ? "tree" : "account" }, `ALTER TABLE ${table} DROP ${String(drop.resource ?? "")} deletes it with its data in every row`);
      // Adding a column, an index or a constraint changes the table's shape, not what is in it.
      else actions.push({ capability: "write", target: target(table), reversibility: "recoverable", scope: "tree" });
    } else if (type === "grant" || type === "revoke") {
      const g = grantScope(n);
      hit(`sql.${type}`, { capability: "grant-access", target: { ...target("database privileges"), public: g.pub }, reversibility: "recoverable", scope: g.scope }, `${type.toUpperCase()} changes who can use the database (${g.what}${g.pub ? " to PUBLIC" : ""})`);
    } else if (type === "create" && /user|role/i.test(String(n.keyword ?? ""))) {
      hit("sql.create-user", { capability: "grant-access", target: target("database account"), reversibility: "recoverable", scope: "one" }, "CREATE USER adds an account that can log in to the database");
    } else if (type === "select" && credentialRead(n) !== undefined) {
      // Password hashes, tokens and keys read out of the database land in the agent's context (T1552).
      const what = credentialRead(n)!;
      hit("sql.read-credentials", { capability: "read", target: { ...target(tableNames(n.from)), pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, `SELECT reads credentials (${what}) out of ${tableNames(n.from)}: passwords, tokens or keys land in the agent's context`);
    } else if (type === "select" && personalRead(n, production) !== undefined) {
      // People's data read in bulk: gathered in one place, outside the application's own views of it (T1213).
      const what = personalRead(n, production)!;
      hit("sql.read-personal-data", { capability: "read", target: { ...target(tableNames(n.from)), personal: true }, reversibility: "reversible", scope: "tree" }, `SELECT reads people's data in bulk (${what}) out of ${tableNames(n.from)}, with no key picking rows and no small limit`);
    } else if (type === "exec") {
      // T-SQL's procedure call is what CALL is: a procedure whose effect the text does not say, a
      // write; unless an argument says by its own name that the call deletes (@PurgeIssuedInvoices = 1).
      const module = n.module as Record<string, unknown> | undefined;
      const procedure = [module?.db, module?.table].filter((x) => typeof x === "string" && x !== "").join(".") || "a stored procedure";
      const parameters = Array.isArray(n.parameters) ? (n.parameters as Array<Record<string, unknown>>) : [];
      const deletes = parameters.find((p) => /purge|delete|drop|wipe|truncate|destroy|erase/i.test(String(p?.name ?? "")) && /^(?:1|true|y|yes)$/i.test(String((p?.value as Record<string, unknown> | undefined)?.value ?? "")));
      if (deletes !== undefined) hit("sql.procedure-deletes", { capability: "delete", target: target(procedure), reversibility: "irreversible", scope: "tree" }, `calls the procedure ${procedure} with @${String(deletes.name)} set: by that argument's own name it deletes rows in bulk`);
      else actions.push({ capability: "write", target: target(procedure), reversibility: "recoverable", scope: "one" });
    } else if (type === "select" || type === "show" || type === "explain" || type === "desc" || type === "describe") {
      actions.push({ capability: "read", target: target("database"), reversibility: "reversible", scope: "one" });
    } else {
      actions.push({ capability: "write", target: target(String(type)), reversibility: "recoverable", scope: "one" });
    }
  }
  return { actions, hits };
}
