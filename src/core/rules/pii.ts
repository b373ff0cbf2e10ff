// Built-in PII detectors: personal data in text an agent sends or reads. Patterns run on
// NFKC-normalised, case-preserved text; the named group `value` is the span that gets redacted.
//
// Numbers with a checksum the engine knows (card Luhn, IBAN mod 97) are found without context.
// National ids with a short check digit (Canadian SIN, Australian TFN, UK NHS, Indian Aadhaar) are
// found without context when written in their usual groups (score 60) and as a bare run (score
// 40: one run in ten passes such a check by chance); labelled, they score 80.
// Numbers with a distinctive shape (SSN/ITIN with separators, UK NINO, Indian PAN, E.164, NANP and
// grouped national phone numbers, IP/MAC addresses, BTC/ETH wallets, e-mail addresses) are found by
// shape. The shapes and checks follow presidio's recognizer definitions (their regexes, context
// words and validate_result checks), not its test sentences. Everything else
// (passport, driver's licence, bank accounts, medical record numbers, dates of birth, names, street
// addresses) needs a context word right before it: a bare 9- or 10-digit run is a timestamp, an
// order id or a phone number far more often than it is a passport number.
//
// Every repeat is bounded or runs over one delimited token, so no pattern backtracks badly on a
// long input; test/pii-pack.test.ts scans 64 KB of random and hostile text.
import type { DetectorRule } from "../detector.js";
import { IBAN } from "../validators.js";

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/** A plain lower-case literal matched case-insensitively in a pattern that is otherwise case-sensitive. */
const ci = (literal: string): string =>
  literal.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`).replace(/ /g, String.raw`\s{1,3}`);

/**
 * Between a context word and its value: an optional "number"/"no."/"#"/"id", an optional
 * "is"/"was", an optional ":", "=" or "#", with at most three spaces at each step.
 */
const LINK = String.raw`(?:\s{0,3}(?:(?:numbers?|num|no|nr|id)\b\.?|#))?(?:\s{0,3}(?:is|was|are)\b)?\s{0,3}[:#=]?\s{0,3}`;
/** An identifier after a context word: 5–20 letters, digits and dashes with at least four digits. */
const ID_VALUE = String.raw`(?=(?:[A-Z-]{0,20}\d){4})[A-Z0-9][A-Z0-9-]{3,18}[A-Z0-9]`;
/** Not followed by more of the same number. */
const NUM_END = String.raw`(?![\w-]|[.,]\d)`;

/** Before a grouped number: not inside a word, a decimal, a path or a longer digit group. */
const GROUP_START = String.raw`(?<![\w.,+-]|\d[ .,:/-])`;
/** After a grouped number: no more digits, letters or groups of it. */
const GROUP_END = String.raw`(?![\w-]|[ .,:/]\d)`;

/**
 * Before a bare checksum-valid run: GROUP_START, not after ":", "/", "#" or "=", and not right
 * after a word that names the number as something else (an id, an order or build number, a port, a
 * size), where a run passes a check digit by chance one time in ten.
 */
const NOT_PERSONAL_ID = ["id", "ids", "order", "invoice", "ticket", "transaction", "tracking", "confirmation", "booking", "build", "job", "run", "pid", "port", "version", "size", "bytes"];
const BARE_START = String.raw`(?=\d)${GROUP_START}(?<![:/#=])(?<!\b(?:${NOT_PERSONAL_ID.map(ci).join("|")})[\s:#=.]{1,6})`;
/** After a bare run: GROUP_END, not a path or port, and not a quantity ("199102688 bytes"). */
const BARE_END = String.raw`${GROUP_END}(?![:/])(?!\s{0,2}(?:${["bytes", "byte", "kb", "mb", "gb", "ms", "ns", "seconds", "secs", "rows", "records", "items", "tokens", "times"].map(ci).join("|")})\b)`;

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DAY = String.raw`(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?`;
const DATE = String.raw`(?:\d{4}[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])|\d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2})|${DAY}\s(?:of\s)?${MONTH},?\s\d{4}|${MONTH}\s${DAY},?\s\d{4})`;

const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const IPV4 = String.raw`${OCTET}(?:\.${OCTET}){3}`;
const H = "[0-9A-Fa-f]{1,4}";
const IPV6 = [
  String.raw`(?:${H}:){7}${H}`,
  String.raw`(?:${H}:){1,7}:`,
  String.raw`(?:${H}:){1,6}:${H}`,
  String.raw`(?:${H}:){1,5}(?::${H}){1,2}`,
  String.raw`(?:${H}:){1,4}(?::${H}){1,3}`,
  String.raw`(?:${H}:){1,3}(?::${H}){1,4}`,
  String.raw`(?:${H}:){1,2}(?::${H}){1,5}`,
  String.raw`${H}:(?::${H}){1,6}`,
  String.raw`::(?:[Ff]{4}(?::0{1,4})?:)?${IPV4}`,
  // IPv4-embedded (RFC 6052 / 4291 §2.5.5): hex groups, "::", more groups, a dotted quad.
  String.raw`(?:${H}:){1,4}:(?:${H}:){0,4}${IPV4}`,
  // "::" plus one group is far more often a slice (a[::2]) than an address; loopback ::1 names no one.
  String.raw`:(?::${H}){2,7}`,
].join("|");

/** Major card IIN prefixes: UATP 1 (15 digits, contiguous), Mastercard 2221–2720 and 51–55, Amex/Diners/JCB 30–38, Visa 4, Maestro 50/56–58, Discover/UnionPay/Maestro 6. */
const CARD_IIN = String.raw`(?=1\d{14}(?!\d)|2[2-7]|3[0-8]|4|5[0-8]|6)`;

/** Words that make "my … number" something other than a phone number. */
const NOT_PHONE = String.raw`(?:card|credit|debit|account|acct|order|tracking|ticket|invoice|reference|ref|case|policy|passport|licen[cs]e|serial|model|version|room|flight|confirmation|member(?:ship)?|customer|employee|student|patient|record|insurance|security|tax|aadhaa?r|pan|id|identity|identification|social|routing|bank|iban|nhs|medical|health|registration|vehicle|plate|booking|reservation|lucky|favou?rite|house|street|zip|postal|badge|seat|table)`;

const NAME_WORD = String.raw`\p{Lu}(?:[\p{L}'’-]{0,30}\p{Ll}|\.)`;
const NOT_NAME = String.raw`(?:The|This|That|These|It|Not|None|Unknown|Required|Optional|Anonymous|User|Your|My|Our|Example|Sample|Test|Default|String|Type|Value|Null|True|False|Here|There|Enter|See|Name|Please)\b`;
const STREET_SUFFIX = String.raw`(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Close|Crescent|Cres|Highway|Hwy|Parkway|Pkwy|Square|Sq|Circle|Cir|Trail|Row|Mews|Gardens|Grove|Loop|Alley|Plaza|Strasse|Straße)`;

export const PII_RULES: readonly DetectorRule[] = [
  // ------------------------------------------------------------------------------ payment and bank
  {
    id: "pii.credit-card-number",
    kind: "pii",
    reason: "A payment card number (major card prefix, valid Luhn checksum) is in the text and must not be sent or stored.",
    score: 85,
    keywords: ["1", "2", "3", "4", "5", "6"],
    // Contiguous; in groups of four, each separator a space, a dash or none, as presidio's
    // recognizer accepts (the Luhn check, not the layout, is what tells a card from other digits);
    // presidio's looser 4, 3–4, 3–4, 3–5 grouping; or Amex/Diners 4-6-4/5 with one separator.
    precheck: /\d{4}[ -]?\d{3}/,
    needs: { groupedDigits: 10 },
    pattern: new RegExp(
      String.raw`(?<![\w-])(?<!amazonaws\.com/|\barn:aws[\w-]*:[\w-]*:[\w-]*:)(?<value>${CARD_IIN}(?:\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{1,4}(?:[ -]?\d{1,3})?|\d{4}[ -]?\d{3,4}[ -]?\d{3,4}[ -]?\d{3,5}|\d{4}(?<s2>[ -])\d{6}\k<s2>\d{4,5}|(?=5[06-9]|6)\d{12}|\d{13,19}))${NUM_END}`,
      "g",
    ),
    validators: [{ check: "luhn" }],
    examples: {
      match: [
        "card: 4111 1111 1111 1111 exp 12/29",
        "charged 5555-5555-5555-4444 yesterday",
        "amex 378282246310005",
        "UATP 122000000000003",
        "Amex 3782 822463 10005 on file",
        "{\"pan\":\"6011111111111117\"}",
        "card 4111 1111-1111 1111",
        "5555 55555555 4444 on file",
        "diners 3056 930 902 5904",
      ],
      noMatch: [
        "card: 4111 1111 1111 1112",
        "order 1234567890123456 shipped",
        "9111111111111111 starts with an unused prefix",
        // An AWS account id: twelve digits, in a queue's URL or an ARN (no Visa number has twelve).
        "https://sqs.us-east-1.amazonaws.com/418302775519/events-dlq",
        "arn:aws:iam::418302775519:role/deploy",
        "account 418302775519",
        "4111 1111-1111 1112 mixes separators and fails Luhn",
        "id 41111111111111110000000",
        "ref 1000000000009 (13 digits, Luhn-valid, no 13-digit card starts with 1)",
      ],
    },
  },
  {
    id: "pii.iban",
    kind: "pii",
    reason: "An international bank account number (IBAN, valid mod-97 check digits) is in the text.",
    score: 85,
    keywords: [...DIGITS],
    // Country code, check digits, the country's BBAN length (see IBAN above); the checksum and the
    // country's layout (letters where the registry has letters) decide.
    precheck: /[A-Z]{2}\d{2}[ A-Z0-9-]/,
    pattern: new RegExp(String.raw`(?<![\w-])(?<value>${IBAN})(?![\w-])`, "g"),
    validators: [{ check: "iban" }, { check: "iban-country" }],
    examples: {
      match: [
        "IBAN: GB82 WEST 1234 5698 7654 32",
        "pay to DE89370400440532013000 by Friday",
        "FR14 2004 1010 0505 0001 3M02 606",
        "DE89370400440532013000 EUR",
        "IBAN DE89-3704-0044-0532-0130-00",
        "deposit to DE89 3704 0044 0532 0130 00 2 days from today",
        "BE71 0961 2345 6769 12 EUR",
      ],
      noMatch: ["IBAN: GB82 WEST 1234 5698 7654 33", "DE89370400440532013001", "part number AB12 CDEF GHIJ KL", "GB82 WEST 1234 5698 7654 3", "XX82 WEST 1234 5698 7654 32"],
    },
  },
  {
    id: "pii.bank-account-number",
    kind: "pii",
    reason: "A bank account, routing or sort-code number labelled as such is in the text.",
    score: 80,
    keywords: ["account", "acct", "a/c", "routing", "aba", "sort code"],
    precheck: /\b(?:account|acct|a\/c|routing|aba|sort code)/i,
    pattern: new RegExp(
      String.raw`\b(?:(?:bank |checking |savings |current )?(?:account|acct|a\/c)\.?(?:\s{0,3}(?:numbers?|no\b\.?|#))|bank account|checking account|savings account|routing(?: number| no\b\.?)?|aba(?: routing)?(?: number)?|sort code)${LINK}(?<value>\d(?:[ -]?\d){5,16})${NUM_END}`,
      "gi",
    ),
    examples: {
      match: ["Account number: 12345678", "routing number 021000021, acct # 000123456789", "sort code 20-00-00 account no. 55779911", "AccountNumber=12345678", "Acctno 55779911"],
      noMatch: ["account 12345678", "the account number is on the back", "AWS account id 123456789012"],
    },
  },

  // ------------------------------------------------------------------------------ national ids
  {
    id: "pii.us-ssn",
    kind: "pii",
    reason: "A US Social Security number (valid area, group and serial, with separators) is in the text.",
    score: 85,
    keywords: [...DIGITS],
    // Area 000, 666 and 9xx, group 00 and serial 0000 are never issued; 078-05-1120, 219-09-9999
    // and 123-45-6789 are published examples, not anyone's number. One separator throughout:
    // dashes, spaces or dots.
    precheck: /\d{3}[- .]\d{2}[- .]\d{4}/,
    needs: { groupedDigits: 9 },
    pattern: new RegExp(
      String.raw`(?<![\w.-])(?<value>(?!000|666|9\d\d|078.05.1120|219.09.9999|123.45.6789)\d{3}(?<sep>[- .])(?!00)\d{2}\k<sep>(?!0000)\d{4})${NUM_END}`,
      "g",
    ),
    examples: {
      match: ["SSN 536-22-1410", "applicant: 536 22 1410.", "ids 412-34-5670 and 123-45-6780", "ssn on file 536.22.1410"],
      noMatch: ["000-12-3456", "666-12-3456", "536-00-1410", "536-22-0000", "123-45-6789", "536-22.1410", "phone 536-221-4101", "v1.536.22.1410"],
    },
  },
  {
    id: "pii.us-ssn-labelled",
    kind: "pii",
    reason: "A number labelled as a US Social Security or taxpayer identification number is in the text.",
    score: 85,
    keywords: ["ssn", "social security", "itin", "taxpayer identification"],
    pattern: new RegExp(
      String.raw`\b(?:ssn|social security|itin|taxpayer identification)${LINK}(?<value>(?!000|666|078[- ]?05[- ]?1120|219[- ]?09[- ]?9999|123[- ]?45[- ]?6789)\d{3}[- ]?(?!00)\d{2}[- ]?(?!0000)\d{4})${NUM_END}`,
      "gi",
    ),
    examples: {
      match: ["SSN: 536221410", "social security number is 536-22-1410", "ITIN 912701234"],
      noMatch: ["SSN: 000221410", "ssn field is required", "social security 53622141", "example SSN 123-45-6789", "SSN 078-05-1120"],
    },
  },
  {
    id: "pii.us-taxpayer-id-alternate-grouping",
    kind: "pii",
    reason: "A nine-digit number in the 3-6 or 5-4 dash grouping that US Social Security and taxpayer numbers are also written in (valid SSN area, group and serial, or ITIN range) is in the text.",
    score: 40,
    keywords: ["-"],
    // Presidio's weak SSN and ITIN shapes. A ZIP+4 code has the 5-4 shape too: not after a state
    // abbreviation ("MA 02110-1301"), and elsewhere it is part of a postal address, so redacting it
    // is little loss and the score stays at the floor.
    precheck: /\d{3}-\d{6}|\d{5}-\d{4}/,
    needs: { groupedDigits: 9 },
    pattern: new RegExp(
      String.raw`(?<![\w.-])(?<!\b[A-Z]{2},?\s{1,2})(?<value>(?!078-?05-?1120|219-?09-?9999|123-?45-?6789)(?:(?!000|666|9)\d{3}(?=-?(?!00)\d{2}-?(?!0000)\d{4})|9\d{2}(?=-?(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])))(?:-\d{6}|\d{2}-\d{4}))${NUM_END}`,
      "g",
    ),
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: ["ssn 536-221410 on file", "id 53622-1410.", "ITIN 912-701234", "tax id 91270-1234"],
      noMatch: ["536-001410", "53622-0000", "000-221410", "912-891234", "91289-1234", "536-22-1410", "1536-221410", "536-2214100", "07805-1120", "111-111111", "Boston, MA 02110-1301"],
    },
  },
  {
    id: "pii.us-itin",
    kind: "pii",
    reason: "A US individual taxpayer identification number (9xx area, ITIN group range, with separators) is in the text.",
    score: 85,
    keywords: ["9"],
    precheck: /9\d{2}[- ]\d{2}[- ]\d{4}/,
    needs: { groupedDigits: 9 },
    pattern: new RegExp(
      String.raw`(?<![\w-])(?<value>9\d{2}(?<sep>[- ])(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\k<sep>\d{4})${NUM_END}`,
      "g",
    ),
    examples: {
      match: ["ITIN 912-70-1234", "tax id: 900 55 0001"],
      noMatch: ["912-89-1234", "912-93-1234", "912-70.1234", "812-70-1234"],
    },
  },
  {
    id: "pii.uk-nino",
    kind: "pii",
    reason: "A UK National Insurance number (valid prefix and suffix letters) is in the text.",
    score: 80,
    keywords: [...DIGITS],
    // First letter not D F I Q U V, second not D F I O Q U V, prefixes BG GB KN NK NT TN ZZ unused.
    precheck: /[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]/i,
    pattern: /(?<![\w-])(?<value>(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D])(?![\w-])/gi,
    examples: {
      match: ["NI number: JH 12 34 56 C", "nino AB123456A", "jg 10 32 54 b on the form"],
      noMatch: ["QQ 12 34 56 C", "JH 12 34 56 E", "GB123456A", "DA123456A", "AO123456B", "QQ1234567C"],
    },
  },
  {
    id: "pii.in-pan",
    kind: "pii",
    reason: "An Indian permanent account number (PAN: five letters with a valid holder-type letter, four digits, a letter) is in the text.",
    score: 80,
    keywords: [...DIGITS],
    // The fourth letter is the holder type: P person, C company, H HUF, F firm, A AOP, T trust, B BOI, L local authority, J juridical, G government.
    precheck: /[A-Z]{5}\d{4}[A-Z]/,
    needs: { alnum: 10 },
    pattern: /(?<![\w-])(?<value>[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z])(?![\w-])/g,
    examples: {
      match: ["PAN: ABCPE1234F", "holder BNZAA2318J on file"],
      noMatch: ["ABCDE1234F", "abcpe1234f", "ABCPE12345F", "XABCPE1234F"],
    },
  },
  {
    id: "pii.ca-sin",
    kind: "pii",
    reason: "A number in Canadian social insurance number form (3-3-3 digits, issued first digit, valid Luhn checksum) is in the text.",
    score: 60,
    keywords: ["1", "2", "3", "4", "5", "6", "7", "9"],
    // Grouped only: a bare 9-digit run passes Luhn one time in ten. First digit 0 is never issued
    // and 8 is a business number; the labelled form is pii.national-id-number.
    precheck: /\d{3}[ -]\d{3}[ -]\d{3}/,
    needs: { groupedDigits: 9 },
    pattern: new RegExp(String.raw`${GROUP_START}(?<value>[1-79]\d{2}(?<sep>[ -])\d{3}\k<sep>\d{3})${GROUP_END}`, "g"),
    validators: [{ check: "luhn-length", length: 9 }, { check: "not-placeholder" }],
    examples: {
      match: ["client SIN 193 456 787 on the form", "sin-like 272-839-150."],
      noMatch: ["193 456 788", "046 454 286", "193-456 787", "call +1 193 456 787", "12 193 456 787 5"],
    },
  },
  {
    id: "pii.au-tfn",
    kind: "pii",
    reason: "A number in Australian tax file number form (3-3-3 digits, valid TFN check) is in the text.",
    score: 60,
    keywords: [...DIGITS],
    // Grouped only, as for the SIN; the labelled form is pii.national-id-number.
    precheck: /\d{3}[ -]\d{3}[ -]\d{3}/,
    needs: { groupedDigits: 9 },
    pattern: new RegExp(String.raw`${GROUP_START}(?<value>\d{3}(?<sep>[ -])\d{3}\k<sep>\d{3})${GROUP_END}`, "g"),
    validators: [{ check: "au-tfn" }, { check: "not-placeholder" }],
    examples: {
      match: ["TFN 123 456 782 lodged", "ref 459-599-230"],
      noMatch: ["123 456 783", "51 824 753 556 4", "123456782", "123 456-782"],
    },
  },
  {
    id: "pii.in-aadhaar",
    kind: "pii",
    reason: "A number in Indian Aadhaar form (12 digits not starting with 0 or 1, valid Verhoeff check digit) is in the text.",
    score: 60,
    keywords: ["2", "3", "4", "5", "6", "7", "8", "9"],
    // Grouped 4-4-4 with spaces, dashes or colons (UIDAI prints spaces, forms often use dashes, and
    // presidio accepts any of the three between each group); a bare run is pii.in-aadhaar-bare, the
    // labelled form pii.national-id-number. Not inside a colon chain (an IPv6 address, a timestamp),
    // and not a palindrome (presidio's guard).
    precheck: /[2-9]\d{3}[ :-]\d{4}[ :-]\d{4}/,
    // A colon ends a grouped run in the scanner's count, so only the first group is certain.
    needs: { digits: 4 },
    pattern: new RegExp(String.raw`${GROUP_START}(?<!:)(?<value>[2-9]\d{3}[ :-]\d{4}[ :-]\d{4})${GROUP_END}(?!:)`, "g"),
    validators: [{ check: "verhoeff" }, { check: "not-palindrome" }, { check: "not-placeholder" }],
    examples: {
      match: ["Aadhaar 2345 6789 0124 on file", "id: 9876-5432-1012", "2345 6789-0124", "uid 2345:6789:0124."],
      noMatch: ["2345 6789 0123", "1234 5678 9019", "234567890124", "99 2345 6789 0124", "2345  6789 0124", "fe80::2345:6789:0124:1", "2345:6789:0124:"],
    },
  },
  {
    id: "pii.in-pan-unverified",
    kind: "pii",
    reason: "An upper-case token in Indian PAN form (five letters, four digits, a letter) whose holder-type letter is not a known one is in the text.",
    score: 50,
    keywords: [...DIGITS],
    // The complement of pii.in-pan: same shape, any other fourth letter; weaker, so scored lower.
    precheck: /[A-Z]{5}\d{4}[A-Z]/,
    needs: { alnum: 10 },
    pattern: /(?<![\w-])(?<value>[A-Z]{3}(?![ABCFGHJLPT])[A-Z]{2}\d{4}[A-Z])(?![\w-])/g,
    examples: {
      match: ["PAN ABCDE1234F on the form", "holder: QWEKR5678M."],
      noMatch: ["ABCPE1234F", "ABCDE12345F", "abcde1234f", "XABCDE1234F", "ABCDE-1234F"],
    },
  },
  {
    id: "pii.uk-nhs-number",
    kind: "pii",
    reason: "A number labelled as an NHS number is in the text.",
    score: 80,
    keywords: ["nhs"],
    pattern: new RegExp(String.raw`\bnhs${LINK}(?<value>\d{3}[ -]?\d{3}[ -]?\d{4})${NUM_END}`, "gi"),
    examples: {
      match: ["NHS number: 943 476 5919", "nhs no 9434765919", "NHS# 943-476-5919"],
      noMatch: ["NHS 111 is the helpline", "NHS number: 943 476 591", "ref 943 476 5919"],
    },
  },
  {
    id: "pii.uk-nhs-number-unlabelled",
    kind: "pii",
    reason: "A number in UK NHS number form (10 digits grouped 3-3-4, valid mod-11 check digit) is in the text.",
    score: 60,
    keywords: [...DIGITS],
    // Grouped 3-3-4, a space, a dash or nothing between each group as presidio accepts, at least one
    // separator (also the shape of a NANP phone number, which is personal data either way); a bare run is
    // pii.uk-nhs-number-bare, the labelled form pii.uk-nhs-number.
    precheck: /\d{3}[ -]\d{3}[ -]?\d{4}|\d{6}[ -]\d{4}/,
    needs: { groupedDigits: 10 },
    pattern: new RegExp(String.raw`${GROUP_START}(?<value>\d{3}(?:[ -]\d{3}[ -]?|\d{3}[ -])\d{4})${GROUP_END}`, "g"),
    validators: [{ check: "nhs-mod11" }, { check: "not-placeholder" }],
    examples: {
      match: ["patient 485 777 3457 seen", "ref: 610-395-8725.", "485 777-3457", "485-7773457", "485777-3457"],
      noMatch: ["485 777 3458", "4857773457", "07 485 777 3457", "485  777 3457"],
    },
  },
  // Bare checksum-valid runs. One run in ten or eleven passes a check digit by chance (ids, byte
  // counts, timestamps), so these score at the floor: reported and redacted, barely raising a step.
  {
    id: "pii.ca-sin-bare",
    kind: "pii",
    reason: "A bare 9-digit run that passes the Canadian social insurance number checks (issued first digit, Luhn) is in the text.",
    score: 40,
    keywords: ["1", "2", "3", "4", "5", "6", "7", "9"],
    precheck: /\d{9}/,
    needs: { digits: 9 },
    pattern: new RegExp(String.raw`${BARE_START}(?<value>[1-79]\d{8})${BARE_END}`, "g"),
    validators: [{ check: "luhn-length", length: 9 }, { check: "not-placeholder" }],
    examples: {
      match: ["SIN on file: 193456787", "193456787"],
      noMatch: ["193456788", "046454286", "1934567870", "build #193456787", "size=193456787"],
    },
  },
  {
    id: "pii.au-tfn-bare",
    kind: "pii",
    reason: "A bare 9-digit run that passes the Australian tax file number weighted check is in the text.",
    score: 40,
    keywords: [...DIGITS],
    precheck: /\d{9}/,
    needs: { digits: 9 },
    pattern: new RegExp(String.raw`${BARE_START}(?<value>\d{9})${BARE_END}`, "g"),
    validators: [{ check: "au-tfn" }, { check: "not-placeholder" }],
    examples: {
      match: ["TFN on file: 102161887", "106382714"],
      noMatch: ["102161888", "1021618870", "build #102161887", "size=102161887", "123456782", "Order ID:  102161887", "invoice 102161887", "bundle 102161887 bytes"],
    },
  },
  {
    id: "pii.uk-nhs-number-bare",
    kind: "pii",
    reason: "A bare 10-digit run that passes the UK NHS number mod-11 check is in the text.",
    score: 40,
    keywords: [...DIGITS],
    // Not a run that reads as a current Unix time (15…–19…).
    precheck: /\d{10}/,
    needs: { digits: 10 },
    pattern: new RegExp(String.raw`${BARE_START}(?<value>(?!1[5-9])\d{10})${BARE_END}`, "g"),
    validators: [{ check: "nhs-mod11" }, { check: "not-placeholder" }],
    examples: {
      match: ["4857773457", "patient ref 6103958725."],
      noMatch: ["4857773458", "1732233446", "48577734570", "id=4857773457"],
    },
  },
  {
    id: "pii.in-aadhaar-bare",
    kind: "pii",
    reason: "A bare 12-digit run that passes the Indian Aadhaar checks (first digit 2–9, Verhoeff) is in the text.",
    score: 40,
    keywords: ["2", "3", "4", "5", "6", "7", "8", "9"],
    // Not in an ARN or other colon path, nor after "=" or "#", where 12-digit account ids and build numbers live.
    precheck: /[2-9]\d{11}/,
    needs: { digits: 12 },
    pattern: new RegExp(String.raw`${BARE_START}(?<value>[2-9]\d{11})${BARE_END}`, "g"),
    validators: [{ check: "verhoeff" }, { check: "not-palindrome" }, { check: "not-placeholder" }],
    examples: {
      match: ["uid 234567890124.", "987654321012"],
      noMatch: ["234567890123", "134567890129", "arn:aws:iam::234567890124:role/x", "2345678901240"],
    },
  },
  {
    id: "pii.national-id-number",
    kind: "pii",
    reason: "A number labelled as a national identity or tax-file number (SIN, Aadhaar, PAN, TFN and similar) is in the text.",
    score: 80,
    keywords: ["sin", "nas", "aadha", "uidai", "pan", "permanent account", "tfn", "social insurance", "assurance sociale", "tax file", "national id", "identity", "id card", "personnummer", "bsn", "cpf", "dni", "pesel", "curp"],
    pattern: new RegExp(
      String.raw`\b(?:social insurance|num[ée]ro d'assurance sociale|sin|nas|aadhaa?r|uidai|pan(?: card)?|permanent account number|tfn|tax file|national (?:id|identity|identification)(?: card)?|(?:id|identity) card|personal identity|personnummer|bsn|cpf|dni|pesel|curp)(?![a-z])${LINK}(?<value>(?=(?:[A-Z .:/-]{0,20}\d){4})[A-Z0-9]{1,14}(?:[ .:/-](?=[A-Z]{0,11}\d)[A-Z0-9]{1,12}){0,4})${NUM_END}`,
      "gi",
    ),
    examples: {
      match: ["SIN: 046 454 286", "My Aadhaar number is 2345 6789 0123", "PAN ABCPE1234F", "tax file number 123 456 782", "ID card: X7734521", "permanent account number ABCPE1234F"],
      noMatch: ["sin(x) = 0.5", "my PAN card expired", "identity verified for user 12", "retried with backoff since PR 1184", "panel 2 of 1184 rows"],
    },
  },
  {
    id: "pii.national-id-number-regional",
    kind: "pii",
    reason: "A number labelled as a national identity, tax or health-card number of the kinds presidio's country recognizers cover (NRIC/FIN, NIE/NIF, codice fiscale, HETU, RRN, ABN/ACN, Medicare, voter ID) is in the text.",
    score: 80,
    // The context words of presidio's Singapore, Spain, Italy, Finland, Korea, Australia and India
    // recognizers. These words also name other things (an ABN in a changelog, Medicare in a policy
    // text), so the value needs six digits, which every one of these ids has and a year or a ticket
    // number does not.
    keywords: ["nie", "nif", "nric", "fiscal", "codice", "henkil", "hetu", "abn", "acn", "medicare", "voter", "rrn", "resident registration", "주민등록번호"],
    pattern: new RegExp(
      String.raw`(?:\b(?:nie|nif|nric|codice fiscale|fiscal code|henkilötunnus|hetu|abn|acn|medicare(?: card)?|voter(?: id| card)?|rrn|resident registration)(?![a-z])|주민등록번호)${LINK}(?<value>(?=(?:[A-Z .:/-]{0,20}\d){6})[A-Z0-9]{1,16}(?:[ .:/-](?=[A-Z]{0,11}\d)[A-Z0-9]{1,12}){0,4})${NUM_END}`,
      "gi",
    ),
    examples: {
      match: [
        "NRIC S1234567D",
        "codice fiscale: RSSMRA85T10A562S",
        "henkilötunnus 131052-308T",
        "주민등록번호 900101-1234568",
        "Medicare card number 2123 45670 1",
        "ABN 51 824 753 556",
        "Voter ID: RMV5440367",
      ],
      noMatch: ["Medicare 2024 enrollment", "NIE pending", "ABN 1234", "voter turnout 62%"],
    },
  },
  {
    id: "pii.passport-number",
    kind: "pii",
    reason: "A number labelled as a passport number is in the text.",
    score: 80,
    keywords: ["passport"],
    pattern: new RegExp(String.raw`\bpassports?(?:'s)?${LINK}(?<value>(?=(?:[A-Z]{0,4}\d){5})[A-Z0-9]{6,9})(?![\w-])`, "gi"),
    validators: [{ check: "not-sequential" }],
    examples: {
      match: ["Passport No.: 912803456", "my passport is C03005988", "passport number AB1284567 expires 2031", "Passports: AB1284567 and XY7654321"],
      noMatch: ["C03005988", "passport photo 2x2", "install passport 0.7.0", "sample passport A12345678"],
    },
  },
  {
    id: "pii.passport-number-shape",
    kind: "pii",
    reason: "An upper-case token in a passport number layout (a letter and eight digits as in US passports, or two letters and seven digits as in UK and many other passports) is in the text.",
    score: 40,
    keywords: [...DIGITS],
    // Presidio's weak US ("next generation") and UK passport patterns, unlabelled. Standalone only:
    // not in a path, a key=value, a hex literal or after a word that names it as an id or a build;
    // not a Windows update (KB…), and not a placeholder (one digit repeated, 12345678).
    precheck: /[A-Z]{1,2}\d{7}/,
    needs: { digits: 7, alnum: 9 },
    pattern: new RegExp(
      String.raw`(?<![\w./:#=@$%+-])(?<!\b(?:${NOT_PERSONAL_ID.map(ci).join("|")})[\s:#=.]{1,6})(?<value>(?!KB)[A-Z](?:\d{8}|[A-Z]\d{7}))(?![\w-]|[./:@]\w)`,
      "g",
    ),
    validators: [{ check: "not-sequential" }, { check: "not-placeholder" }],
    examples: {
      match: ["A12803456", "travel document XY9876543 expires 2030", "holder: C03005988."],
      noMatch: ["A12345678", "KB5034441 installed", "order XY9876543", "a12803456", "AB12803456", "/files/A12803456.pdf", "ref=XY9876543"],
    },
  },
  {
    id: "pii.drivers-license-number",
    kind: "pii",
    reason: "A number labelled as a driver's licence number is in the text.",
    score: 80,
    keywords: ["licen", "dl", "dln"],
    pattern: new RegExp(
      String.raw`(?:\b(?:driver(?:'s|’s|s)?|driving)[ -]?licen[cs]e|\bdln?\b)${LINK}(?<value>${ID_VALUE})(?![\w-])`,
      "gi",
    ),
    examples: {
      match: ["Driver's license: D1234567", "driving licence number MORGA657054SM9IJ", "DL# 123-456-789"],
      noMatch: ["driver's license required", "D1234567", "download dl 12"],
    },
  },

  // ------------------------------------------------------------------------------ contact
  {
    id: "pii.email-address",
    kind: "pii",
    reason: "An e-mail address is in the text.",
    score: 60,
    keywords: ["@", "[at]", "(at)"],
    // Reserved example domains (RFC 2606), git@host remotes and "icon@2x.png" file names excluded.
    pattern: new RegExp(
      String.raw`(?<![\w.%+-])(?<value>(?!git@)[a-z0-9][a-z0-9._%+-]{0,63}(?:@|\s?[\[(]at[\])]\s?)(?!(?:[a-z0-9-]+\.)*(?:example\.(?:com|net|org)|[a-z0-9-]+\.(?:test|example|invalid|localhost))(?![\w.-]))(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.|\s?[\[(]dot[\])]\s?)){1,8}(?!(?:png|jpe?g|gif|svg|webp|ico|m?js|cjs|tsx?|jsx|css|scss|json|py|rb|go|rs|md|txt|html?|xml|lock|ya?ml|toml|sh|exe|dll|so|zip|gz|tar)\b)(?:[a-z]{2,24}|xn--[a-z0-9-]{1,59}))(?![\w-]|\.[a-z0-9])`,
      "gi",
    ),
    examples: {
      match: ["contact jane.doe+work@mail.co.uk today", "Email: someone@acme-corp.io.", "reach me at j.smith [at] uni [dot] edu", "a@xn--80ak6aa92e.xn--p1ai"],
      noMatch: ["user@example.com", "git@github.com:owner/repo.git", "logo@2x.png", "name@localhost", "broken@domain."],
    },
  },
  {
    id: "pii.phone-number-international",
    kind: "pii",
    reason: "A phone number in international (+country code) form is in the text.",
    score: 60,
    keywords: ["+"],
    // 8–15 digits after the plus (E.164), spaces, dots, dashes or brackets between them.
    pattern: /(?<![\w+])(?<value>\+[1-9](?:[ .-]{0,2}\(?\d\)?){7,14})(?![ .-]{0,2}\(?\d)/g,
    examples: {
      match: ["call +1 415 555 0132", "+44 (20) 7946 0958", "WhatsApp +4915123456789", "+33.1.23.45.67.89"],
      noMatch: ["+1 415 555", "3+4=7", "+1234567890123456789", "a+15551234567"],
    },
  },
  {
    id: "pii.phone-number-us",
    kind: "pii",
    reason: "A North American phone number in (area) exchange-line form is in the text.",
    score: 60,
    keywords: ["-", ".", ")"],
    // Area code and exchange never start with 0 or 1; one separator throughout. Not with spaces:
    // 3-3-4 in spaces is also an NHS number's layout, where only the checksum decides, and a run of
    // three numeric arguments.
    pattern: /(?<![\w+.-]|\d[ .-])(?<value>(?:1[ .-])?(?:\([2-9]\d{2}\) ?[2-9]\d{2}[ .-]?\d{4}|[2-9]\d{2}(?<sep>[.-])[2-9]\d{2}\k<sep>\d{4}))(?![\w-]|[ .]\d)/g,
    examples: {
      match: ["(415) 555-0132", "office: 415-555-0132.", "1-800-555-0199", "tel 212.555.0187"],
      noMatch: ["415-055-0132", "123-456-7890", "415-555.0132", "2024-555-0132", "415 555 0132"],
    },
  },
  {
    id: "pii.phone-number-national",
    kind: "pii",
    reason: "A phone number in a national format with its trunk prefix 0 (UK, France, Germany, Israel, India, Brazil) is in the text.",
    score: 50,
    keywords: ["0", "6", "7", "8", "9", "("],
    // Only the grouped forms each numbering plan prints, with the trunk 0 (or Brazil's bracketed
    // area code, India's 5-5 mobile grouping): a bare run starting with 0 is a zero-padded id as
    // often as it is a phone number.
    precheck: /0[1-9]\d{0,4}[ ./-]\d|\(\d{2}\) ?9?\d{4}-\d{4}|[6-9]\d{4} \d{5}/,
    pattern: new RegExp(
      // Not inside a run of digit groups or a hex dump ("0a 02 82 01 01 00 b6").
      String.raw`(?<![\w+.,/-]|\d[ .-]|\b[0-9A-Fa-f]{2} )(?<value>` +
        // UK: 0xxxx xxxxxx, 0xxx xxx xxxx, 0xx xxxx xxxx (11 digits).
        String.raw`0[1-9]\d{3} \d{6}|0[1-9]\d{2} \d{3} \d{4}|0[1-9]\d \d{4} \d{4}` +
        // France: 0x xx xx xx xx with one separator.
        String.raw`|0[1-9](?<fr>[ .-])\d{2}(?:\k<fr>\d{2}){3}` +
        // Germany and others with an area code and one separator: 030 1234567, 0151-12345678, 030/123456.
        String.raw`|0[1-9]\d{1,4}[ /-]\d{5,8}` +
        // Israel: 03-1234567, 050-1234567.
        String.raw`|0(?:[2-489]|5\d|7\d)-\d{7}` +
        // Brazil: (11) 98456-5666; India: 98765 43210.
        String.raw`|\(\d{2}\) ?9?\d{4}-\d{4}|[6-9]\d{4} \d{5}` +
        String.raw`)(?![\w-]|[ ./-]\d| [0-9A-Fa-f]{2}\b)`,
      "g",
    ),
    examples: {
      match: ["Mobile 07700 900123", "London office 020 7946 0958", "appelez le 01 23 45 67 89", "Tel. 030 1234567", "call 050-1234567", "WhatsApp (11) 98456-5666", "ring 98765 43210"],
      noMatch: ["0.5 1234567", "0001 234567", "v1.0 12345678", "2024-01-02 12:30", "07700 900123 4", "ISBN 0-306-40615-2", "sizes 10 20 30 40", "30 82 01 0a 02 82 01 01 00 b6 f4"],
    },
  },
  {
    id: "pii.phone-number-labelled",
    kind: "pii",
    reason: "A number labelled as a phone, mobile or fax number is in the text.",
    score: 60,
    keywords: ["phone", "tel", "mobile", "cell", "fax", "whatsapp", "number", "call me", "text me", "reach me"],
    pattern: new RegExp(
      String.raw`\b(?:(?:tele|cell|mobile |home |work )?phones?|tel|mobile|cell|fax|whatsapp|contact number|(?:call|text|reach) me(?: at| on)?|(?:my|his|her|their|our|your)(?: (?!${NOT_PHONE}\b)[a-z]+){0,2} number)\b\.?${LINK}(?<value>\+?\(?\d(?:[ .()-]{0,2}\d){6,14})(?![ .-]{0,2}\d)`,
      "gi",
    ),
    examples: {
      match: ["Mobile: 07700 900123", "my japanese number is 090-1234-5678", "call me at 4155550132", "Tel. 030 1234567"],
      noMatch: ["my card number is 4111111111111111", "phone: 12345", "telegram 5550132999", "your order number is 555013299"],
    },
  },
  {
    id: "pii.street-address",
    kind: "pii",
    reason: "A street address introduced as someone's address is in the text.",
    score: 50,
    keywords: ["address", "addr", "live at", "lives at", "living at", "reside", "ship", "deliver", "mail to"],
    pattern: new RegExp(
      String.raw`(?:${ci("address")}|${ci("addr")}\.?|${ci("lives at")}|${ci("live at")}|${ci("living at")}|${ci("resides at")}|${ci("reside at")}|${ci("residing at")}|${ci("ship to")}|${ci("shipping to")}|${ci("deliver to")}|${ci("delivery to")}|${ci("mail to")})(?:\s{0,3}(?:is|was))?\s{0,3}[:#=-]?\s{0,3}(?<value>(?:\d{1,6}[A-Za-z]?(?:-\d{1,4})?,? (?:[\p{Lu}\d][\p{L}\d'’.-]{0,30} ){1,4}${STREET_SUFFIX}\b\.?(?:,? (?:Apt|Apartment|Suite|Ste|Unit|Flat|#)\.? ?[\w-]{1,6})?|P\.? ?O\.? Box \d{1,6}))`,
      "gu",
    ),
    examples: {
      match: ["Address: 123 Elm Street, Springfield", "she lives at 42 Baker St. in town", "Ship to: 1600 North Maple Ave Apt 4B", "mailing address PO Box 1234"],
      noMatch: ["123 Elm Street", "IP address 10 Gigabit Ethernet", "address: see below"],
    },
  },

  // ------------------------------------------------------------------------------ identity
  {
    id: "pii.person-name",
    kind: "pii",
    reason: "A person's name introduced as a name (\"my name is\", \"Name:\") is in the text.",
    score: 50,
    keywords: ["name"],
    // Context is case-insensitive after "my/his/her … name is"; a "Name:" label must be capitalised
    // (lower-case "name:" is a YAML key far more often than a form field).
    pattern: new RegExp(
      String.raw`(?:\b(?:${ci("my")}|${ci("his")}|${ci("her")}|${ci("their")}|${ci("the patient's")}|${ci("the customer's")}|${ci("the client's")})\s{1,3}(?:(?:${ci("full")}|${ci("legal")}|${ci("real")}|${ci("first")}|${ci("last")})\s{1,3})?${ci("name")}\s{1,3}(?:${ci("is")}|[:=])|\b(?:(?:Full|First|Last|Legal|Patient|Customer|Client|Contact|Cardholder|Account holder|Sender|Recipient)'?s? [Nn]ame|Name|NAME|FULL NAME)\s{0,2}:)\s{0,3}["']?(?<value>(?!${NOT_NAME})${NAME_WORD}(?: ${NAME_WORD}){0,3})(?![\p{L}\d])`,
      "gu",
    ),
    examples: {
      match: ["Hi, my name is Priya Raman and I need help", "Full Name: Johnathan Edward Doe.", "Name: María José Carreño", "the patient's name is O'Brien"],
      noMatch: ["name: Build and test", "my name is not important", "Name: N/A", "his name is unknown"],
    },
  },
  {
    id: "pii.date-of-birth",
    kind: "pii",
    reason: "A date labelled as a date of birth is in the text.",
    score: 60,
    keywords: ["dob", "d.o.b", "birth", "born"],
    pattern: new RegExp(
      String.raw`\b(?:d\.?o\.?b\b\.?|date of birth|birth ?date|birthday|born(?: on)?)${LINK}(?<value>${DATE})(?![\w-]|[./]\d)`,
      "gi",
    ),
    examples: {
      match: ["DOB: 04/12/1990", "Date of Birth: April 12, 1990.", "born on 3rd of March 1985", "birthdate 1990-04-12"],
      noMatch: ["born in 1990", "DOB: unknown", "released on 04/12/1990"],
    },
  },
  {
    id: "pii.medical-record-number",
    kind: "pii",
    reason: "A number labelled as a medical record or patient identifier is in the text.",
    score: 80,
    keywords: ["mrn", "medical record", "patient", "health record", "chart", "hospital"],
    pattern: new RegExp(
      String.raw`\b(?:mrn|medical record|health record|patient(?: id| identifier| number| no\b\.?| #)|chart(?: number| no\b\.?| #)|hospital(?: number| no\b\.?| #))${LINK}(?<value>${ID_VALUE})(?![\w-])`,
      "gi",
    ),
    examples: {
      match: ["MRN: 00123456", "medical record number 4455-9921", "Patient ID: PT-2023-00187"],
      noMatch: ["MRN pending", "patient 12345678", "medical record attached"],
    },
  },
  {
    id: "pii.license-number",
    kind: "pii",
    reason: "A number labelled as a medical or professional licence or prescriber number (DEA, NPI) is in the text.",
    score: 60,
    keywords: ["dea", "npi", "licen"],
    pattern: new RegExp(
      String.raw`\b(?:dea(?: registration)?|npi|(?:medical|nursing|professional|practitioner|pharmacy|bar) licen[cs]e|licen[cs]e(?= ?(?:numbers?|no\b|#)))${LINK}(?<value>${ID_VALUE})(?![\w-])`,
      "gi",
    ),
    examples: {
      match: ["DEA number: AB1234563", "NPI 1234567893", "medical license no. MD-48213", "License #: RN-778812"],
      noMatch: ["license MIT 2024", "NPI lookup failed", "dea 12"],
    },
  },

  // ------------------------------------------------------------------------------ network and wallets
  {
    id: "pii.ip-address-v4",
    kind: "pii",
    reason: "An IPv4 address is in the text; it can identify a person's device or network.",
    score: 40,
    keywords: ["."],
    // Loopback (127/8) and the unspecified 0.0.0.0 are in every dev log and identify no one.
    // Nor a four-part number named as a version ("firmware 4.2.1.17").
    pattern: new RegExp(
      String.raw`(?<![\w.-])(?<!\b(?:${["version", "ver", "firmware", "build", "release"].map(ci).join("|")})\s{0,3}[:=]?\s{0,3})(?<value>(?!127\.|0\.0\.0\.0(?![\d.]))${IPV4})(?![\w-]|\.\d)`,
      "g",
    ),
    examples: {
      match: ["client 203.0.113.42 connected", "route 10.0.0.0/8.", "ip=192.168.1.100,", "0.0.0.1"],
      noMatch: ["256.1.1.1", "version 1.2.3.4.5", "v1.2.3.4", "10.0.0", "http://127.0.0.1:8080/", "listen 0.0.0.0:80", "firmware 4.2.1.17", "Version: 10.0.19041.1"],
    },
  },
  {
    id: "pii.ip-address-v6",
    kind: "pii",
    reason: "An IPv6 address is in the text; it can identify a person's device or network.",
    score: 40,
    keywords: [":"],
    // At least one digit, so Rust/C++ paths such as "abc::def" are not taken for addresses.
    // Any IPv6 address has "::" or three colon-separated hex groups; a timestamp like 10:15:02 has neither.
    precheck: /:(?::|[0-9a-f]{1,4}:[0-9a-f]{1,4}:)/i,
    pattern: new RegExp(String.raw`(?<![\w:.])(?<value>(?=[\w:]{0,45}\d)(?:${IPV6}))(?![\w:]|\.\d)`, "g"),
    examples: {
      match: ["from 2001:db8:85a3::8a2e:370:7334 today", "bind [::ffff:c000:280]:8080", "fe80::1%eth0", "2001:0db8:0000:0000:0000:ff00:0042:8329"],
      noMatch: ["std::vector", "a[::2]", "2001::db8::1", "aa:bb:cc:dd:ee:ff", "at 12:30:45"],
    },
  },
  {
    id: "pii.ip-address-labelled",
    kind: "pii",
    reason: "An address introduced as someone's IP address is in the text, loopback and unspecified addresses included.",
    score: 40,
    keywords: ["ip"],
    // The unlabelled rules leave out loopback and "::" forms, which code and logs are full of; after
    // "my IP:" or "IPv6 address" the writer says it is an address, so any valid form counts.
    precheck: /\b(?:ip|ipv4|ipv6)\b/i,
    pattern: new RegExp(
      String.raw`\b(?:ip|ipv4|ipv6)(?: address| addr)?(?:es)?${LINK}(?<value>(?:${IPV4}|(?:${IPV6})|::1?|::(?:[Ff]{4}:)?${IPV4}))(?![\w:]|\.\d)`,
      "gi",
    ),
    examples: {
      match: ["my ip: ::1", "IP address is 127.0.0.1", "ipv6 = ::", "IPv6 address: fe80::1"],
      noMatch: ["my ip is unknown", "zip: 12345", "a[::1]", "ip 127.0.0.1.5"],
    },
  },
  {
    id: "pii.mac-address",
    kind: "pii",
    reason: "A network hardware (MAC) address is in the text; it identifies one device.",
    score: 40,
    keywords: [":", "-", "."],
    precheck: /[:-][0-9a-f]{2}[:-][0-9a-f]{2}[:-]|\.[0-9a-f]{4}\./i,
    pattern: /(?<![\w:.-])(?<value>[0-9A-Fa-f]{2}(?<sep>[:-])[0-9A-Fa-f]{2}(?:\k<sep>[0-9A-Fa-f]{2}){4}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:-]|\.\w)/g,
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: ["ether 3c:22:fb:9a:10:7e", "MAC 00-1A-2B-3C-4D-5E", "0012.3456.789a"],
      noMatch: ["00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff", "3c:22:fb:9a:10", "12:30:45:10:20:33:44"],
    },
  },
  {
    id: "pii.crypto-wallet-btc",
    kind: "pii",
    reason: "A Bitcoin wallet address is in the text; it links payments to one holder.",
    score: 50,
    keywords: ["1", "3", "bc1"],
    // Legacy P2PKH/P2SH base58 (26–35 characters) or bech32/bech32m segwit and taproot (42–62, one
    // case), as presidio's crypto recognizer; its checksum check (btc-address) is what tells an
    // address from any other base58 or bech32-alphabet token.
    precheck: /(?:^|\W)(?:[13][1-9A-HJ-NP-Za-km-z]{25}|bc1|BC1)/,
    // Both branches of the pattern need 26+ letters and digits in a row (base58: 26–35; bech32: 42+).
    needs: { alnum: 26 },
    pattern: /(?<![\w])(?<value>[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{39,59}|BC1[02-9AC-HJ-NP-Z]{39,59})(?![\w])/g,
    validators: [{ check: "btc-address" }],
    examples: {
      match: [
        "send to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
        "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        "taproot bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297",
        "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
      ],
      noMatch: [
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2x0",
        "1aaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "3b5f0c2e9a7d41c8b6e3f0a9d2c7b1e4",
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3",
        "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr",
        "3QJmnh4ZGKGz6D9WnU1EXcG4dAt3SzcWKY",
      ],
    },
  },
  {
    id: "pii.crypto-wallet-eth",
    kind: "pii",
    reason: "An Ethereum wallet address is in the text; it links payments to one holder.",
    score: 50,
    keywords: ["0x"],
    pattern: /(?<![\w])(?<value>0x[0-9a-fA-F]{40})(?![\w])/g,
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: ["to 0x52908400098527886E0F7030069857D2E4169EE7", "wallet: 0xde709f2102306220921060314715629080e2fb77"],
      noMatch: ["0x0000000000000000000000000000000000000000", "0x52908400098527886E0F7030069857D2E4169EE", "hash 0x52908400098527886E0F7030069857D2E4169EE7aa"],
    },
  },
];
