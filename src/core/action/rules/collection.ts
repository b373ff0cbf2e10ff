// Collection (TA0009): gathering what a person has: screen, keystrokes, clipboard, microphone,
// camera, mail and documents, and archiving a home directory or the system for taking away.
// Sources: ATT&CK T1113, T1056.001, T1115, T1123, T1125, T1114.001, T1005, T1560.001;
// screencapture(1), xclip(1), arecord(1), ffmpeg's avfoundation/v4l2/x11grab devices.
import type { Action } from "../model.js";
import { classifyPath, productionNamed } from "../paths.js";
import { pipedFrom } from "../shell-command.js";
import { selectShape } from "../sql.js";
import { commandWords, optionValues, productionWhere, readPaths, shown, writtenPaths, type CommandRule, type RuleHit } from "./rule.js";

const TACTIC = "Collection (TA0009)";

function collect(name: string, scope: Action["scope"] = "account"): Action {
  return { capability: "read", target: { name, personal: true }, reversibility: "irreversible", scope };
}

const capture: CommandRule = {
  id: "collection.capture-input",
  tactic: TACTIC,
  technique: "T1113",
  names: ["screencapture", "scrot", "gnome-screenshot", "xwd", "import", "grim", "spectacle", "ffmpeg", "arecord", "parecord", "rec", "sox", "fswebcam", "imagesnap", "streamer", "osascript", "pbpaste", "xclip", "xsel", "wl-paste", "logkeys", "xinput", "showkey", "xspy", "evtest", "cat", "xxd", "od", "hexdump", "dd"],
  match(inv): RuleHit | undefined {
    const t = inv.command.text;
    const a = inv.args;
    // In the background or to a hidden file (nohup, setsid, /tmp/.x): it keeps recording, unseen.
    const covert = /^(nohup|setsid|disown)$/.test(inv.command.argv[0] ?? "") || /\bnohup\b/.test(inv.command.via ?? "") || [...a, ...inv.command.redirects.map((r) => r.target)].some(hiddenTemp);
    const hit = (what: string, technique: string): RuleHit =>
      covert ? { action: collect(what, "system"), reason: `${what} in the background or to a hidden file: covert collection (${technique})`, technique } : { action: collect(what), reason: `${what}: collection (${technique})`, technique };
    // An interactive capture (-i, -W: the user picks the window or region) is the user's own.
    if (inv.name === "screencapture" && a.some((x) => /^-[a-zA-Z]*[iW]/.test(x))) return undefined;
    if (inv.name === "screencapture" || inv.name === "scrot" || inv.name === "gnome-screenshot" || inv.name === "xwd" && a.includes("-root") || inv.name === "import" && a.includes("-window") && a.includes("root") || inv.name === "grim" || inv.name === "spectacle") return hit("captures the screen", "T1113");
    if (inv.name === "ffmpeg" && /-f\s+(x11grab|gdigrab|avfoundation|v4l2|alsa|pulse|dshow)\b/.test(t)) {
      const what = /x11grab|gdigrab/.test(t) ? "records the screen" : /alsa|pulse/.test(t) ? "records the microphone" : "records the camera or screen";
      return hit(what, /alsa|pulse/.test(t) ? "T1123" : /v4l2|avfoundation|dshow/.test(t) ? "T1125" : "T1113");
    }
    if (inv.name === "arecord" || inv.name === "parecord" || inv.name === "rec" || inv.name === "sox" && a.includes("-d")) return hit("records the microphone", "T1123");
    if (inv.name === "fswebcam" || inv.name === "imagesnap" || inv.name === "streamer" && a.some((x) => x.startsWith("/dev/video"))) return hit("takes a picture with the camera", "T1125");
    if (inv.name === "osascript" && /the clipboard/i.test(t) && !/set the clipboard/i.test(t)) return hit("reads the clipboard", "T1115");
    if (inv.name === "pbpaste" || (inv.name === "xclip" && a.some((x) => x === "-o" || x === "-out")) || (inv.name === "xsel" && a.some((x) => (/^-[a-z]*o/.test(x) || x === "--output") && !/^-[a-z]*i/.test(x) && x !== "--input")) || inv.name === "wl-paste") return hit("reads the clipboard", "T1115");
    if (inv.name === "logkeys" || inv.name === "xinput" && a[0] === "test" || inv.name === "xinput" && a.includes("test-xi2") || inv.name === "showkey" || inv.name === "xspy") return hit("records keystrokes", "T1056.001");
    if (inv.name === "evtest" || (["cat", "xxd", "od", "hexdump", "dd"].includes(inv.name) && /\/dev\/input\/(event\d+|by-id|by-path)/.test(t))) return hit("reads raw keyboard input", "T1056.001");
    return undefined;
  },
  examples: {
    match: [`screencapture -x /tmp/s.png`, `import -window root /tmp/x.png`, `ffmpeg -f x11grab -i :0 out.mp4`, `arecord -d 60 /tmp/a.wav`, `osascript -e 'the clipboard'`, `xclip -o -selection clipboard`, `xsel --clipboard --output`, `pbpaste > /tmp/clip.txt`, `xinput test 12`, `cat /dev/input/event3 > /tmp/keys`, `nohup xinput test-xi2 --root 3`, `arecord --duration=900 /var/tmp/.pulse-cache.wav`],
    noMatch: [`ffmpeg -i in.mp4 -vf scale=640:-1 out.mp4`, `echo hi | xclip -selection clipboard`, `xsel --clipboard --input < notes.txt`, `import numpy`, `xinput list`, `screencapture -i -t png ~/Desktop/bug-1423.png`],
  },
};

/** A dot-file in a temporary directory: where a recording nobody should see is kept. */
function hiddenTemp(path: string): boolean {
  return /^(\/private)?(\/var)?\/tmp\/(.*\/)?\.[^/]+$|^\/dev\/shm\/(.*\/)?\.[^/]+$/.test(path);
}

/** Personal stores: mail, documents, messages. */
const PERSONAL = /(^|\/)(Documents|Desktop|Downloads|Pictures|Library\/Mail|\.thunderbird|Library\/Messages|\.local\/share\/evolution|Mail|Maildir|\.maildir|\.mozilla-thunderbird|Library\/Application Support\/(Slack|Signal|Telegram|discord))(\/|$)/;
/** Where mail is kept: every file under it is mail. */
const MAIL_STORE = /(^|\/)(Library\/Mail|\.thunderbird|\.mozilla-thunderbird|\.local\/share\/evolution\/mail|Maildir|\.maildir|Mail)(\/|$)/;

const ARCHIVERS = new Set(["tar", "zip", "7z", "7za", "rar", "cpio", "ditto", "gtar"]);

const archive: CommandRule = {
  id: "collection.archive-personal",
  tactic: TACTIC,
  technique: "T1560.001",
  names: [...ARCHIVERS],
  match(inv) {
    if (!ARCHIVERS.has(inv.name)) return undefined;
    if (inv.name === "tar" && (inv.args.some((a) => /^-?[a-zA-Z]*[xt][a-zA-Z]*$/.test(a) && !/c/.test(a)) || inv.args.some((a) => a === "--extract" || a === "--list"))) return undefined;
    if (inv.name !== "zip" && inv.name !== "tar" && ["x", "e", "l", "t"].includes(inv.args[0] ?? "")) return undefined;
    const src = inv.args.filter((a) => !a.startsWith("-"));
    const personal = src.find((p) => PERSONAL.test(p) || /^(~|\$HOME|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/?$/.test(p) || p === "/" || p === "/home" || p === "/Users" || p === "/etc");
    if (!personal) return undefined;
    const mail = /Mail|thunderbird|evolution|Messages|Slack|Signal|Telegram|discord/.test(personal);
    return {
      action: collect(personal, classifyPath(personal) === "system" || personal === "/" || personal === "/home" || personal === "/Users" ? "system" : "account"),
      reason: `packs ${shown(personal)} into an archive, the usual step before taking data away: archive collected data (T1560.001)`,
      technique: mail ? "T1114.001" : "T1560.001",
    };
  },
  examples: {
    match: [`tar czf /tmp/docs.tgz ~/Documents`, `zip -r /tmp/h.zip /home/alice`, `tar -cf - ~ | gzip > /tmp/home.tgz`, `7z a -p x.7z ~/Library/Mail`, `tar czf /tmp/etc.tgz /etc`],
    noMatch: [`tar czf dist.tgz dist/`, `tar -xzf node.tar.gz`, `zip -r app.zip src`, `tar tf archive.tar`],
  },
};

const DOCUMENTS = /\.(docx?|xlsx?|pptx?|pdf|odt|ods|pages|numbers|key|rtf|eml|msg|pst|mbox)\b/i;
const WIDE = /^(\/|~|~\/|\$HOME\/?|\/home\/?|\/Users\/?|\/home\/[^/]+\/?|\/Users\/[^/]+\/?|\/root\/?|\/mnt\/?.*|\/media\/?.*)$/;

const gatherDocuments: CommandRule = {
  id: "collection.gather-documents",
  tactic: TACTIC,
  technique: "T1119",
  names: ["find"],
  match(inv, all, index) {
    if (inv.name !== "find") return undefined;
    const firstOption = inv.args.findIndex((a) => a.startsWith("-"));
    const roots = inv.args.slice(0, firstOption < 0 ? undefined : firstOption);
    const names = inv.args.filter((a, i) => /^-i?name$/.test(inv.args[i - 1] ?? ""));
    // Documents anywhere under a wide root, or anything in a mail store (local e-mail collection).
    const mail = roots.find((r) => MAIL_STORE.test(r));
    const root = mail ?? roots.find((r) => WIDE.test(r));
    const doc = mail !== undefined ? "mail" : names.find((n) => DOCUMENTS.test(n));
    if (!root || !doc) return undefined;
    const copies = inv.args.some((a) => a === "-exec" || a === "-execdir") || all.slice(index + 1, index + 3).some((n) => ["cp", "tar", "zip", "rsync", "curl", "scp", "7z"].includes(n.name));
    if (!copies) return undefined;
    if (mail !== undefined) return { action: collect(`mail under ${root}`, "account"), reason: `gathers the mail under ${shown(root)} into one place: local e-mail collection (T1114.001)`, technique: "T1114.001" };
    return { action: collect(`${doc} under ${root}`, "account"), reason: `gathers every ${shown(doc)} file under ${shown(root)} into one place: automated collection (T1119)` };
  },
  examples: {
    match: [`find ~ -name '*.docx' -exec cp {} /tmp/.c/ \\;`, `find /home -iname "*.pdf" -print0 | xargs -0 tar czf /tmp/p.tgz`, `find ~/Maildir -type f -newermt '-30 days' -print0 | xargs -0 zip -q /tmp/m.zip`, `find ~/Library/Mail -name '*.emlx' -exec cp {} /tmp/x/ \\;`],
    noMatch: [`find . -name "*.pdf" -exec cp {} out/ \\;`, `find ~ -name "*.pdf"`, `find / -name '*.docx' -newer x`],
  },
};

/** Databases of a person's messages, browsing, contacts, notes and calendars. */
const PERSONAL_STORE = /Library\/Messages\/chat\.db|Library\/Safari\/(History|Bookmarks|LastSession)|places\.sqlite|formhistory\.sqlite|(Chrome|Chromium|Brave[^/]*|Edge)\/[^/]+\/History$|AddressBook|NoteStore\.sqlite|Library\/Calendars|Library\/Group Containers\/group\.com\.apple\.notes|Signal\/sql\/db\.sqlite|WhatsApp|recently-used\.xbel|\.local\/share\/evolution\/(addressbook|calendar)/i;
const STORE_READERS = new Set(["sqlite3", "cp", "cat", "strings", "tar", "zip", "rsync", "scp", "ditto", "plutil", "base64", "xxd", "curl", "nc"]);

const personalStore: CommandRule = {
  id: "collection.personal-store",
  tactic: TACTIC,
  technique: "T1005",
  names: [...STORE_READERS],
  match(inv) {
    if (!STORE_READERS.has(inv.name)) return undefined;
    const path = readPaths(inv).find((p) => PERSONAL_STORE.test(p));
    if (!path) return undefined;
    const browser = /Safari|places|formhistory|History$/.test(path);
    return { action: collect(path, "account"), reason: `reads ${shown(path)}, a person's ${browser ? "browsing history" : "messages, contacts, notes or calendar"}: data from the local system (${browser ? "T1217" : "T1005"})`, technique: browser ? "T1217" : "T1005" };
  },
  examples: {
    match: [`sqlite3 ~/Library/Messages/chat.db "select text from message"`, `cp ~/Library/Safari/History.db /tmp/h.db`, `sqlite3 ~/.mozilla/firefox/x.default/places.sqlite "select url from moz_places"`, `cp "$HOME/.config/google-chrome/Default/History" /tmp/`],
    noMatch: [`sqlite3 app.db ".tables"`, `cp History.md docs/`, `cat CHANGELOG.md`],
  },
};

/** Apple Events to apps that hold a person's mail, messages, contacts or notes, asking for their contents. */
const APP_DATA = /\btell application\s+["']?(Mail|Messages|Contacts|Notes|Calendar|Reminders|Photos|Outlook|Microsoft Outlook)\b[\s\S]{0,200}?\b(content|contents|every message|messages|body|bodies|every person|people|every note|notes|every event|events|text of|export)\b/i;

const appData: CommandRule = {
  id: "collection.app-data",
  tactic: TACTIC,
  technique: "T1114.001",
  names: ["osascript", "jxa"],
  match(inv) {
    if (inv.name !== "osascript" && inv.name !== "jxa") return undefined;
    const m = APP_DATA.exec(inv.args.join(" "));
    if (m === null) return undefined;
    return { action: { capability: "read", target: { name: m[1]!, personal: true }, reversibility: "irreversible", scope: "account" }, reason: `asks ${m[1]} for the contents of a person's ${m[1] === "Mail" || /Outlook/.test(m[1]!) ? "mail" : "data"} through AppleScript: local email collection (T1114.001)` };
  },
  examples: {
    match: [`osascript -e 'tell application "Mail" to get content of messages 1 thru 50 of inbox'`, `osascript -e 'tell application "Messages" to get text of every chat'`],
    noMatch: [`osascript -e 'tell application "Mail" to activate'`, `osascript -e 'display notification "done" with title "Build"'`, `osascript -e 'tell application "Terminal" to do script "ls"'`],
  },
};

/** A bucket named for people's data: HR, payroll, customers, patients, exports of personal data. */
const PERSONAL_BUCKET = /^(?:s3|gs|az|abfss?|wasbs?):\/\/[^/]*(?:hr|payroll|people|personnel|employee|staff|customer|client|patient|member|subscriber|pii|gdpr|users?-(?:data|export)|crm)[^/]*/i;

/** A folder inside any bucket named for people's records or contracts (s3://prod-uploads/contracts/, …/kyc/, …/benefits/). */
const PERSONAL_FOLDER = /^(?:s3|gs|az|abfss?|wasbs?):\/\/[^/]+\/(?:[^/]+\/)*(?:hr|payroll|census|benefits|contracts|legal|kyc|identity|passports?|medical|patients?|employees?|customers?|w-?9s?|w-?2s?|1099s?|tax-?forms?|tax-?docs?|ssns?|id-?docs?|driver-?licen[cs]es?)(?:\/|$)/i;
/** An object that holds data rows, not a README or a build: .csv, .xlsx, .json, .parquet, a dump. */
const DATA_OBJECT = /\.(?:csv|tsv|xlsx?|json|jsonl|ndjson|parquet|avro|sql|dump|zip|gz)$/i;

const bucketDownload: CommandRule = {
  id: "collection.personal-bucket",
  tactic: TACTIC,
  technique: "T1530",
  names: ["aws", "gsutil", "gcloud", "azcopy"],
  match(inv) {
    const t = inv.args;
    const copying = (inv.name === "aws" && t[0] === "s3" && /^(cp|sync|mv)$/.test(t[1] ?? "")) || (inv.name === "gsutil" && t.some((a) => /^(cp|rsync|mv)$/.test(a))) || (inv.name === "gcloud" && t.includes("storage") && t.some((a) => /^(cp|rsync)$/.test(a))) || (inv.name === "azcopy" && /^(copy|cp|sync)$/.test(t[0] ?? ""));
    if (!copying) return undefined;
    const ops = t.filter((a) => !a.startsWith("-"));
    const dest = ops[ops.length - 1] ?? "";
    const source = ops.find((a) => PERSONAL_BUCKET.test(a) || PERSONAL_FOLDER.test(a));
    // Down from the bucket to this machine, in bulk, or a data file of it (census_2026.csv; not its README).
    const bulk = t.some((a) => a === "-r" || a === "--recursive" || a === "-R") || /^(sync|rsync)$/.test(t[1] ?? "") || t.includes("rsync") || source?.endsWith("/") === true;
    if (source === undefined || /^(?:s3|gs|az|abfss?|wasbs?):\/\//.test(dest) || !(bulk || DATA_OBJECT.test(source))) return undefined;
    return { action: { capability: "read", target: { name: source, personal: true }, reversibility: "irreversible", scope: "account" }, reason: `copies the whole of ${shown(source)}, a bucket of people's data, to this machine: data from cloud storage (T1530)` };
  },
  examples: {
    match: [`gsutil -m cp -r gs://acme-hr-exports/2026/ ./hr-dump/`, `aws s3 sync s3://customer-pii-archive ./local`, `aws s3 cp s3://lm-hr-exports/benefits/census_2026.csv ./`, `aws s3 cp s3://acme-prod-uploads/contracts/ ~/Desktop/review/ --recursive`, `aws s3 sync s3://ql-carrier-docs-prod/w9/ ~/Downloads/w9-dump/ --profile ql-prod`],
    noMatch: [`aws s3 cp s3://build-artifacts/app.tgz .`, `gsutil cp gs://acme-hr-exports/README.txt .`, `aws s3 sync ./site s3://www-acme-web`, `aws s3 cp s3://acme-builds/contracts-service/app.zip .`, `aws s3 cp ./census.csv s3://lm-hr-exports/benefits/`],
  },
};

/** PowerShell's directory searches that return every account (Get-ADUser -Filter *, Get-MgUser -All). */
const DIRECTORY_SEARCH = /^(?:get-aduser|get-adcomputer|get-adgroupmember|get-adobject|get-mguser|get-azureaduser|get-msoluser)$/;
/**
 * Every account of a directory, with its attributes, written to a file (Get-ADUser -Filter *
 * -Properties * | Export-Csv …): the organisation's people and their details in one file (T1087.002).
 */
const directoryExport: CommandRule = {
  id: "collection.directory-export",
  tactic: TACTIC,
  technique: "T1087.002",
  names: ["export-csv", "export-clixml", "out-file", "export-excel", "ldapsearch"],
  match(inv, all, index) {
    // ldapsearch of every user or person from a directory's root (-b DC=…), written to a file: the same gathering.
    if (inv.name === "ldapsearch") {
      const a = inv.args;
      const base = optionValues(a, ["-b"])[0] ?? a.find((x) => /^-b./.test(x))?.slice(2);
      const filter = a.find((x) => /^\(?\(?(?:&\()?objectclass=(?:user|person|inetorgperson|\*)\)/i.test(x) || /^\(objectcategory=person\)$/i.test(x));
      const file = inv.command.redirects.find((r) => r.op === ">" || r.op === ">>")?.target;
      // (One dc= after another, each its own: a pattern that cannot match one text two ways.)
      if (base === undefined || base.length > 512 || !/^dc=[^,]+(?:,dc=[^,]+)*$/i.test(base.replace(/\s/g, "")) || filter === undefined || file === undefined) return undefined;
      return { action: { capability: "read", target: { name: file, personal: true }, reversibility: "irreversible", scope: "account" }, reason: `writes every account under ${shown(base)} (${shown(filter)}) to ${shown(file)}: the organisation's people and their details gathered in one file (T1087.002)` };
    }
    if (!/^(?:export-csv|export-clixml|out-file|export-excel)$/.test(inv.name)) return undefined;
    const search = pipedFrom(all, index);
    if (search === undefined || !DIRECTORY_SEARCH.test(search.name)) return undefined;
    const a = search.args;
    // (-All with a -Filter that narrows, department eq 'Physics', is that department's people.)
    const narrowed = a.some((x, i) => /^-filter$/i.test(x) && !/^['"]?\*['"]?$/.test(a[i + 1] ?? ""));
    const every = a.some((x, i) => /^-filter$/i.test(x) && /^['"]?\*['"]?$/.test(a[i + 1] ?? "")) || (!narrowed && a.some((x) => /^-all(?::\$true)?$/i.test(x))) || a.some((x, i) => /^-ldapfilter$/i.test(x) && /objectclass=(?:user|person|\*)/i.test(a[i + 1] ?? ""));
    if (!every) return undefined;
    const file = optionValues(inv.args, ["-Path", "-path", "-LiteralPath", "-FilePath"])[0] ?? inv.args.find((x) => !x.startsWith("-")) ?? "a file";
    return { action: { capability: "read", target: { name: file, personal: true }, reversibility: "irreversible", scope: "account" }, reason: `writes every account ${search.name} returns${a.some((x, i) => /^-properties$/i.test(x) && a[i + 1] === "*") ? ", with all their attributes," : ""} to ${shown(file)}: the organisation's people and their details gathered in one file (T1087.002)` };
  },
  examples: {
    match: [`pwsh -c "Get-ADUser -Filter * -Properties * | Export-Csv -NoTypeInformation C:\\Users\\Public\\ad_users_full.csv"`, `pwsh -c "Get-MgUser -All | Select-Object DisplayName,Mail | Export-Csv users.csv"`, `ldapsearch -H ldaps://dc01.corp.example.local -b "DC=corp,DC=example,DC=local" "(objectClass=user)" sAMAccountName mail memberOf > /tmp/u.txt`],
    noMatch: [`pwsh -c "Get-MgUser -Filter \\"department eq 'Physics'\\" -All | Export-Csv physics.csv"`, `pwsh -c "Get-ADUser -Identity jdoe -Properties * | Export-Csv jdoe.csv"`, `pwsh -c "Get-Process | Export-Csv procs.csv"`, `pwsh -c "Get-ADUser -Filter *"`, `ldapsearch -H ldaps://dc01 -b "DC=corp,DC=example,DC=local" "(sAMAccountName=jdoe)" memberOf > /tmp/jdoe.txt`, `ldapsearch -H ldaps://dc01 -b "DC=corp,DC=example,DC=local" "(objectClass=user)" sAMAccountName`],
  },
};

/** Database export tools, and the options that name the database. */
const EXPORTERS = /^(pg_dump|pg_dumpall|mysqldump|mariadb-dump|mongodump|mongoexport)$/;

/** A production database's contents exported to this machine. */
const productionExport: CommandRule = {
  id: "collection.production-export",
  tactic: TACTIC,
  technique: "T1005",
  names: ["pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump", "mongoexport"],
  match(inv) {
    if (!EXPORTERS.test(inv.name)) return undefined;
    const t = inv.args.join(" ");
    // (Staging and UAT hold copies of real people's data as often as not.)
    if (!/(^|[^a-z0-9])(prod|production|prd|staging|stage|stg|uat|preprod)([^a-z0-9]|$)/i.test(t)) return undefined;
    // People's tables or fields picked out (-t customers, --collection users --fields email,phone):
    // not a backup of the whole database, which is routine before a migration.
    const people = /(?:-t|--table|--collection|-c|--fields|-f)[ =]\S*\b(users?|customers?|patients?|employees?|members|contacts|people|payment_methods|email|phone|address|ssn|dob)\b/i.exec(t)?.[1];
    if (people === undefined) return undefined;
    const where = /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(t) ? "a production" : "a staging";
    return { action: { capability: "read", target: { name: `${inv.name} of ${where} database`, personal: true }, reversibility: "recoverable", scope: "account" }, reason: `copies people's data (${people}) out of ${where} database with ${inv.name}: data from an information repository (T1005)` };
  },
  examples: {
    match: [`mongoexport --uri "$PROD_MONGO_URI" --collection users --fields email,phone,address --out users.json`, `pg_dump -h db.prod.internal -t customers app > customers.sql`, `pg_dump --data-only -t customers "$STAGING_DATABASE_URL" > /tmp/customers.sql`],
    noMatch: [`pg_dump -Fc orders_prod > /backups/orders_prod_2026-11-24.dump`, `pg_dump -h localhost app_dev > dev.sql`, `mongoexport --uri mongodb://localhost/test --collection users --out u.json`],
  },
};

/** A database dump or export by its file name (.sql, .dump, .bak, a backup or export directory). */
const DUMP_FILE = /\.(?:sql|dump|bak|pgdump|bson|archive)(?:\.(?:gz|bz2|xz|zst|zip|tgz))?$|(?:^|\/)(?:backups?|dumps?|exports?)\/[^/]+$/i;
const PEOPLE_FILE = /(?:^|[/:_.-])(?:users?|customers?|clients?|patients?|employees?|members|subscribers|contacts|accounts|people|pii|hr|payroll)(?:$|[/_.-]|\d)/i;

const productionDumpCopied: CommandRule = {
  id: "collection.production-dump-copied",
  tactic: TACTIC,
  technique: "T1005",
  names: ["scp", "rsync", "sftp"],
  match(inv) {
    if (!/^(scp|rsync|sftp)$/.test(inv.name)) return undefined;
    const ops = inv.args.filter((a) => !a.startsWith("-"));
    if (ops.length < 2) return undefined;
    const dest = ops[ops.length - 1]!;
    // From a production host (host:path), to this machine (no host in the destination).
    if (/^[\w.@-]*:/.test(dest) && !/^[A-Za-z]:[\\/]/.test(dest)) return undefined;
    const source = ops.slice(0, -1).find((o) => { const m = /^(?:[\w.-]+@)?([\w.-]+):(.+)$/.exec(o); return m !== null && /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)/i.test(m[1]!) && DUMP_FILE.test(m[2]!); });
    if (source === undefined) return undefined;
    const personal = PEOPLE_FILE.test(source.replace(/^[^:]*:/, ""));
    return { action: { capability: "read", target: { name: shown(source), production: true, ...(personal ? { personal: true } : {}) }, reversibility: "recoverable", scope: "account" }, reason: `copies a database dump (${shown(source)}) off a production host onto this machine: ${personal ? "people's data" : "the data"} leaves production's access controls (T1005)` };
  },
  examples: {
    match: [`scp prod-db-01.internal:/var/backups/pg/users_2026-11-24.sql.gz ~/Downloads/`, `rsync -avz deploy@db.production.acme.io:/srv/dumps/orders.dump ./`],
    noMatch: [`scp prod-db-01.internal:/etc/nginx/nginx.conf ./nginx.conf`, `scp ./backup.sql.gz prod-db-01:/var/backups/`, `scp staging-db:/var/backups/users.sql.gz ~/Downloads/`, `rsync -av prod-db:/var/backups/ backup-host:/srv/archive/`],
  },
};

/** Where a container keeps data rather than code or logs: exports, dumps, backups, uploads, reports, documents. */
const DATA_DIRECTORY = /(?:^|\/)(?:data|exports?|dumps?|backups?|reports?|uploads?|documents?|attachments?)(?:\/|$)/i;

/**
 * Data copied out of a production pod or container to this machine (kubectl cp kyc-prod/case-tool:/data/exports ./,
 * docker cp prod-db:/backups/x.sql .): what the production service holds leaves it (T1005). Not a log or a config file.
 */
const podDataCopied: CommandRule = {
  id: "collection.production-pod-data-copied",
  tactic: TACTIC,
  technique: "T1005",
  names: ["kubectl", "oc", "docker", "podman"],
  match(inv) {
    if (!/^(kubectl|oc|docker|podman)$/.test(inv.name)) return undefined;
    // The command's words without its options and their values (commandWords: -c sidecar, --context prod).
    const words = commandWords(inv.name === "oc" ? "kubectl" : inv.name, inv.args);
    if (words[0] !== "cp" || words.length < 3) return undefined;
    const [source, dest] = [words[1]!, words[words.length - 1]!];
    const m = /^([\w./-]+):(\/[^\s]*)$/.exec(source);
    // From a container to this machine (the destination names no container).
    if (m === null || /^[\w./-]+:\//.test(dest)) return undefined;
    const path = m[2]!;
    if (!(DATA_DIRECTORY.test(path) || DUMP_FILE.test(path) || PEOPLE_FILE.test(path))) return undefined;
    // On production: the context, the namespace or the container's name says so.
    if (productionWhere(inv.args) === undefined && !productionNamed(m[1]!)) return undefined;
    return { action: { capability: "read", target: { name: source, production: true }, reversibility: "recoverable", scope: "tree" }, reason: `copies ${shown(path)} out of the production container ${shown(m[1]!)} to this machine: what the service holds leaves production (T1005)` };
  },
  examples: {
    match: [`kubectl --context qmc-prod -n kyc-prod cp case-tool-api-7d9c6f5b8-qw4lz:/data/exports/sar-drafts ./sar-drafts`, `docker cp prod-db:/backups/orders.sql.gz .`, `kubectl --context acme-prod cp -c sidecar api-7d9c:/data/exports/x ./x`, `kubectl --kubeconfig /tmp/k --context acme-prod cp api-7d9c:/data/exports/x ./x`],
    noMatch: [`kubectl --context prod -n api cp api-7d9c:/var/log/app.log ./app.log`, `kubectl -n dev cp api-7d9c:/data/exports ./exports`, `kubectl --context prod cp ./fix.sh api-7d9c:/tmp/fix.sh`, `docker cp web:/app/dist ./dist`],
  },
};

/** A column's name that says it holds who a person is or how to reach them. */
const PERSONAL_COLUMN = /^(?:e_?mail(?:_?address)?|phone(?:_?number)?|mobile(?:_?number)?|\w*_ip|ip_?addr(?:ess)?|ssn|national_?id|dob|date_?of_?birth|birth_?date|(?:home|mailing|postal|street|billing|shipping)_?address|first_?name|last_?name|full_?name|surname|passport(?:_?number)?|iban|card_?number)$/i;

/**
 * Every row of people's contact or identity columns copied into a file here (psql's
 * \copy (SELECT email, last_login_ip … FROM players) TO '/tmp/players.csv'): no WHERE, no LIMIT, the
 * whole table's people leave the database's access controls (T1005). One person's row is support work.
 */
const personalColumnsCopied: CommandRule = {
  id: "collection.personal-columns-copied",
  tactic: TACTIC,
  technique: "T1005",
  names: ["psql"],
  match(inv) {
    if (inv.name !== "psql") return undefined;
    for (const whole of optionValues(inv.args, ["-c", "--command"])) {
      // psql's \copy (QUERY) TO 'file': the query as the SQL grammar reads it (its columns, whether it narrows its rows), the file after it.
      // (The query is what stands between the first "(" and the last ")" before TO; at most 4 KB.)
      const m = /^\s*\\?copy\s*\(([\s\S]{1,4096})\)\s*to\s+(?!stdout\b|program\b)(\S+)/i.exec(whole.slice(0, 4200));
      const shape = m === null ? undefined : selectShape(m[1]!);
      const people = shape === undefined || shape.narrowed ? [] : shape.columns.filter((c) => PERSONAL_COLUMN.test(c));
      if (people.length === 0) continue;
      return { action: { capability: "read", target: { name: `a query to ${m![2]}`, personal: true, production: false }, reversibility: "recoverable", scope: "account" }, reason: `copies every row's ${shown(people.slice(0, 4).join(", "))} into ${shown(m![2]!)}${productionNamed(inv.args.join(" ")) ? ", out of production" : ""}: the whole table's people leave the database's access controls (T1005)` };
    }
    return undefined;
  },
  examples: {
    match: [`psql "host=accounts-pg-replica.prod.kfg.internal dbname=accounts user=ro_analyst" -c "\\copy (SELECT email, steam_id, last_login_ip, country FROM players) TO '/tmp/players.csv' CSV HEADER"`],
    noMatch: [`psql -c "\\copy (SELECT email FROM players WHERE id = 42) TO '/tmp/p.csv' CSV"`, `psql -c "\\copy (SELECT country, count(*) FROM players GROUP BY country) TO '/tmp/c.csv' CSV"`, `psql -c "\\copy (SELECT email FROM players) TO STDOUT" | wc -l`],
  },
};

/**
 * A production DynamoDB table read whole into a file here (aws dynamodb scan --table-name x-prod > /tmp/x.json):
 * everything the service stores leaves it (T1005). A scan with a limit, a filter or a count is a look.
 */
const productionTableScanned: CommandRule = {
  id: "collection.production-table-scanned",
  tactic: TACTIC,
  technique: "T1005",
  names: ["aws"],
  match(inv) {
    const w = commandWords(inv.name, inv.args);
    if (inv.name !== "aws" || w[0] !== "dynamodb" || w[1] !== "scan") return undefined;
    const table = optionValues(inv.args, ["--table-name"])[0];
    if (table === undefined || !productionNamed(table) || inv.args.some((a) => /^--(?:max-items|limit|filter-expression|scan-filter|select)(?:=|$)/.test(a))) return undefined;
    if (writtenPaths(inv).length === 0) return undefined;
    return { action: { capability: "read", target: { name: table, production: true }, reversibility: "recoverable", scope: "account" }, reason: `reads the whole production table ${shown(table)} into a file on this machine: everything it stores leaves the service's access controls (T1005)` };
  },
  examples: {
    match: [`aws dynamodb scan --table-name roundup-events-prod --profile tj-prod-readonly --output json > /tmp/roundup-events-prod.json`],
    noMatch: [`aws dynamodb scan --table-name roundup-events-prod --max-items 10 > /tmp/x.json`, `aws dynamodb scan --table-name roundup-events-dev > /tmp/x.json`, `aws dynamodb scan --table-name roundup-events-prod --select COUNT`],
  },
};

export const collectionRules: readonly CommandRule[] = [personalColumnsCopied, productionTableScanned, directoryExport, capture, archive, gatherDocuments, personalStore, appData, bucketDownload, productionExport, productionDumpCopied, podDataCopied];
