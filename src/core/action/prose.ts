// A hint in the agent's own words read for the actions it says it will take. "I'll delete the old
// customer records from the production database" is read as a call to delete customer records in
// production, the way readNamed (tool-call.ts) reads delete_customer_records {env: "production"};
// "Sending the .env file with the API keys to the contractor's personal gmail" as credentials sent
// outside. Only a hint in the agent's own words is read so (not the adapters' rendering of a call,
// which names its tool, nor their command form: step.ts decides), and only where a sentence says
// what will be done:
//
// - an action verb (delete, wipe, send, transfer, grant, disable, turn off, publish, deploy, …) at
//   the start of a sentence or clause (after "I'll", "now", "going to", "let me", -ly adverbs…), after
//   "and" or "then", or opening a purpose or relative clause ("to delete", "that deletes");
// - its object: the words after it up to the next clause ("to", "so", "because", "before", …);
// - the sentence's facts: production (prod, production), public (public, anyone, the internet),
//   outside recipients (an e-mail address outside internalDomains, "personal gmail", "contractor"),
//   amounts ($25,000), everything (all, every, entire), full control (admin, owner, root), paths.
//
// Not read: a question ("Should I drop the table?"), a verb under a negation or a dry run earlier in
// its clause ("without deleting", "won't push", "dry run"), and things the sentence says are
// throwaway (temporary, cache, build output, test, local, a temp or project path) unless it also
// names production. Linear: the text is cut at MAX_PROSE characters, a repeated sentence is read
// once, and at most MAX_VERBS verbs and MAX_ACTIONS actions are read; a hint not read whole for
// these caps is caution (readProseWhole says so, and judge.ts counts it unreadable).
import type { Action } from "./model.js";
import { untrustedOrigin, classifyPath, isExternalHost, vouchedSource } from "./paths.js";
import { type ArgumentFacts, AUTH_OFF, ONE_COMPUTER, readNamed, verbClassOf, type VerbClass } from "./tool-call.js";
import { RULES_OPEN } from "./source-file.js";
import { REMOTE_ACCESS_TOOL } from "../rules/actions/fragments.js";
import { credentialLure, verificationWaived } from "./published-text.js";
import { isAscii } from "../text.js";

export interface ProseHit {
  readonly id: string;
  readonly action: Action;
  readonly reason: string;
}

/** A sentence about test, fixture, seed, mock or local work: what it changes is not real. */
const NOT_REAL_WORK = /\b(?:tests?|testing|e2e|fixtures?|seed(?:s|ed| data)?|mocks?|stubs?|sandbox|local(?:ly)?|dev(?:elopment)? (?:stack|env(?:ironment)?|box|machine))\b/i;
/** Roles with full control of an organisation, a tenant or an identity provider. */
const SUPER_ROLE = String.raw`(?:super[- ]?admin(?:istrator)?|global admin(?:istrator)?|org(?:ani[sz]ation)? (?:admin|owner)|tenant admin(?:istrator)?|domain admin|enterprise admin)s?\b`;
/** Hints longer than this are read up to it (the rule pack and the shell reader still read all of it). */
const MAX_PROSE = 8 * 1024;
/** Actions read from one hint at most. */
const MAX_ACTIONS = 16;
/** Action verbs (with their objects) read from one hint at most, whatever they find. */
const MAX_VERBS = 64;

/** Words skipped before an action verb at a clause's start. */
const FILLER = new Set(
  "i i'll ill i'm im i've i'd we we'll we're we've we'd you will shall gonna going to now next then first firstly second secondly third finally also just let lets let's me us ok okay so alright about plan step and please like want wanna need needs am are is be go ahead proceed proceeding can could would try trying attempt attempting here quick force forcibly hard bulk mass batch it this that confirm yes click clicking press tap button btn re".split(" "),
);
/** Verbs of everyday build work the tool-call reader has no class for ("… and rebuild", "and re-run the tests"). */
const WORK_VERB = /^(?:re)?(?:build|run|test|install|compile|bundle|lint|check|start|try|retry|verify|generate)(?:s|ing|ed)?$/;
/** The speaker saying what they will do: a main clause starts there ("To save cost overnight I'll scale …"). */
const SPEAKER = new Set(["i'll", "we'll", "i'm", "we're", "let's"]);
/** Words that end an action's object: a new clause starts (purpose, reason, time, relative). */
const BOUNDARY = new Set("to so since because before after while once which that who as if when then but unless until though although except given due instead rather".split(" "));
/** Words that start a new clause, out of reach of a negation before them. */
const CLAUSE_WORD = new Set("so but because since then while once though although yet however thus therefore hence".split(" "));
/** "and", "or": they end an object only where a verb follows (delete the journal and auth logs; delete X and email Y). */
const CONJUNCTION = new Set(["and", "or", "&"]);
/** Words before where an action goes. */
const DESTINATION = new Set(["to", "into", "onto"]);
/** What may follow "to" when it names a place rather than a purpose ("to our public bucket", "to npm", "to bob@x.example"; not "to test the flow"). */
const PLACE_START = /^(the|a|an|our|my|your|their|his|her|its|this|that|these|those|every|all|each|some|npm|pypi|github|gitlab|bitbucket|slack|teams|discord|twitter|x|linkedin|reddit|s3|gcs|dropbox|drive|gmail|outlook|pastebin|gist|production|prod|main|master|origin|everyone|anyone|customers?|users?|partners?|vendors?|contractors?|public)$/;
function isPlace(word: string): boolean {
  return PLACE_START.test(word) || /[.@/]|\d/.test(word);
}
/** Where passwords and keys are kept: reading them is credential access, not a lookup. */
const CREDENTIAL_STORE = /(?<!\w)(\.?(?:bash|zsh)_history|shell history|powershell history|psreadline(?: history)?|consolehost_history|saved rdp (?:credentials|passwords?|connections?)|(?:windows )?credential manager|windows vault|saved passwords?|stored passwords?|password (manager|store|vault|database)(?: exports?)?|(?:1password|bitwarden|lastpass|keepass(?:xc)?|dashlane)(?: (?:exports?|vaults?|backups?))?|[\w-]+\.kdbx|keychain|login data|browser('s)? (profile|passwords?|cookies|credentials)|credential (store|manager)|\.aws\/credentials|toJSON\(\s*secrets|process\.env|os\.environ|(?:the )?(?:runner'?s?|ci|build|pipeline'?s?|job'?s?) (?:environment variables|env vars)|every (?:ci |repository |repo )?secret|all (?:the )?(?:ci |repository |repo )?secrets|~\/\.aws\b|~\/\.kube\b|~\/\.ssh\b(?!\/(?:config|known_hosts|authorized_keys)\b|\/[\w.-]+\.pub\b)|~\/\.gnupg\b|~\/\.docker\b|~\/\.config\/gcloud\b|aws credentials|cloud credentials|\.env(?!\.(?:example|sample|template|dist|defaults)\b)(?:\.[\w-]+)?(?: file)?|\.kube\/config|kubeconfig|\.docker\/config\.json|\.netrc|\.npmrc|\.pypirc|\.cargo\/credentials(?:\.toml)?|\.pgpass|\.git-credentials|id_rsa|id_ed25519|\/etc\/shadow|private keys?)\b/i;
/** Words that start a phrase about where or what for: the head of a thing ends before them. */
const PREPOSITION = new Set("of from in on under inside within across at for with by into onto over via using".split(" "));
/** Words that are no part of an object. */
const STOP = new Set("the a an my our your their its his her this these those some of from in on under inside within across at for with by up out away any into onto over via using".split(" "));
/** A negation, a question of intent or a dry run before the verb in its clause: the clause says what will not be done. */
const NEGATION = /^(not|no|never|without|avoid|avoiding|skip|skipping|instead|rather|don't|dont|won't|wont|can't|cant|didn't|didnt|shouldn't|shouldnt|wouldn't|wouldnt|isn't|aren't|doesn't|doesnt|cannot|unless|if|whether)$/;
const DRY_RUN = /(?<!no-)\bdry[- ]?run\b|\bwhat-?if\b|\bsimulat(e|es|ing|ion)\b|(?<!\b(?:pdf|image|file|document|doc|video|print|email|message|thumbnail|link|page|photo|receipt|invoice)\s)\bpreview(ing)?\b(?! (?:is|was|fails|failing|breaks|returns|loads|links?|urls?|images?|pages?|thumbnails?|environments?|envs?|apps?|deploys?|deployments?|builds?|branch(?:es)?|namespaces?|sites?|channels?|panes?|windows?|cards?|buttons?|features?))/gi;
/** Words just before a dry run that say there is none ("no dry run", "skipping the preview", "not a simulation"), or that it is over ("after the dry run"). */
const NO_DRY_RUN = /\b(no|not|without|skip|skips|skipping|skipped|bother|instead|rather|than|after|once|since|following|past|previous|earlier|already|done)\b[\w\s'-]{0,16}$/i;
/** Words just after a dry run that say it is over ("the dry run looked fine, so …"). */
const DRY_RUN_DONE = /^[\s,]*(looked|look|looks|was|were|is done|passed|passes|showed|shows|succeeded|went|worked|finished|completed|came back|ran|checked out|is clean|was clean)\b/i;

/** Whether the sentence says its action is a dry run: a dry run named, not negated and not one already done. */
function isDryRun(sentence: string): boolean {
  for (const m of sentence.matchAll(DRY_RUN)) {
    const before = sentence.slice(Math.max(0, m.index - 32), m.index);
    const after = sentence.slice(m.index + m[0].length, m.index + m[0].length + 24);
    if (!NO_DRY_RUN.test(before) && !DRY_RUN_DONE.test(after)) return true;
  }
  return false;
}

/** Verbs two words make, and the verb they stand for. */
const PHRASAL: ReadonlyMap<string, string> = new Map([
  ["turn off", "disable"], ["switch off", "disable"], ["shut off", "disable"], ["turn down", "disable"],
  ["shut down", "shutdown"], ["take down", "shutdown"], ["tear down", "destroy"], ["wipe out", "wipe"], ["blow away", "delete"],
  ["get rid", "delete"], ["clean up", "clean"], ["clean out", "clean"], ["clear out", "clear"], ["roll back", "rollback"], ["roll out", "rollout"],
  ["open up", "open"], ["hand over", "give"], ["give away", "give"], ["make public", "publish"], ["comment out", "disable"], ["rip out", "delete"], ["make sure", "check"], ["make certain", "check"], ["power off", "shutdown"], ["power down", "shutdown"], ["turn on", "enable"], ["switch on", "enable"],
]);
/** Irregular forms of the verbs read. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["sent", "send"], ["paid", "pay"], ["sold", "sell"], ["bought", "buy"], ["gave", "give"], ["given", "give"], ["made", "make"], ["ran", "run"], ["wrote", "write"], ["written", "write"], ["shut", "shutdown"], ["withdrew", "withdraw"], ["took", "take"], ["tore", "destroy"],
]);

/** Things the sentence says are throwaway (a development copy, something no longer needed, debugging output): deleting or turning them off is routine. */
const THROWAWAY = /^(seed|seeds|seeding|debug|debugging|verbose|trace|temp|temporary|tmp|cache|caches|cached|build|builds|dist|generated|artifacts?|node_modules|scratch|ephemeral|test|tests|testing|fixtures?|local|sandbox|unused|stale|obsolete|expired|redundant|leftover|orphaned|dangling|empty|duplicate|duplicates|placeholder|dummy|mock|sample|demo|paper|simulated|coverage|htmlcov|pycache|pycache__|pytest_cache|mypy_cache|ruff_cache|egg|venv|tox|simulator|simulators|simulator's|emulator|emulators|emulator's|output|outputs|playwright|cypress|obj)$/;
/** A shell or a channel handed to another host, or code that calls home: a way in for whoever is at the other end. */
const REMOTE_SHELL = /\b(?:reverse|bind) shells?\b|\breverse ssh tunnels?\b|\breverse tunnels?(?: open)? (?:back )?to (?!localhost\b|127\.)(?:\d{1,3}\.\d|[a-z0-9-]+\.[a-z])|\bssh -R\b|\bbackdoor(?:s|ed)?\b|\bweb ?shells?\b|\b(?:c2|c&c|command[- ]and[- ]control) (?:servers?|channels?|beacons?|implants?|agents?|hosts?)\b|\bbeacons? (?:back|home|out)\b|\bcalls? (?:back|home) to\b|\bcall-?backs? to (?:my|our|an?|the) (?:relay|listener|vps|server|box|host|c2)\b|\bphones? home\b|\b(?:opens?|opening|gives?|giving|spawns?|spawning|sends?|sending|connects?|connecting) (?:a |an |its )?(?:interactive |root )?shell (?:back )?(?:back to|out to|home to|to (?:a |an |the |my |our )?(?:remote|outside|external)\b)/i;
/** The speaker keeping their own way in ("so I keep access to the box", "so we can get back in later"). */
const KEEP_ACCESS = /\b(?:i|we) (?:can |could |will |would )?(?:still )?(?:keep|maintain|retain|regain|hold on to|have) (?:my |our |persistent |remote |shell |ssh )*(?:access|a foothold|a way (?:back )?in)\b|\b(?:keep|keeping|maintain|maintaining|retain|retaining) (?:my|our) (?:own )?(?:persistent |remote |shell |ssh )?(?:access|foothold)\b|\b(?:i|we) (?:can |could )?get back in(?:to)?\b|\bpersistent (?:remote |shell |ssh )?(?:access|foothold)\b/i;
/** What keeps running or lets one in later: a scheduled job, a service, a start-up or login item, a key or an account. */
const PERSISTS = /\b(?:(?:post|pre)install|install (?:hooks?|scripts?)|init scripts?|(?:every|each) (?:\w+ )?(?:start|launch|boot)|prepare scripts?|git hooks?|pre-commit hooks?|cron\w*|systemd|services?|daemons?|launch ?(?:agents?|daemons?)|login items?|start-?up|boot|reboots?|rc\.local|\.?(?:bashrc|zshrc|profile)|authorized_keys|ssh keys?|scheduled tasks?|run keys?|timers?|accounts?|users?|after (?:this|the|my) session|later|logout|log out)\b/i;
/** A range of addresses (a CIDR, a subnet, the network) and open ports or services looked for on it. */
const NETWORK_SWEPT = new RegExp(String.raw`(?=[^;]{0,160}?${"\\b(?:open |listening |exposed )?(?:ports?|services?|ssh|rdp|smb|vnc|telnet|hosts? (?:that are )?up|live hosts)\\b"})[^;]{0,160}?(?:\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b|\b(?:sub)?nets?\b(?! (?:config|configs|configuration|files?|modules?|definitions?|ids?|names?|lists?|tables?|variables?|resources?|blocks?|mask|masks|calculator)\b)|\b(?:the |our |internal |office |corporate |whole |entire )+(?:network|lan|vpc|range)\b)`, "i");
/** A sweep of a whole home, disk or every repository for keys or passwords. */
const CREDENTIAL_HUNT = /\b(?:grep\w*|search\w*|scan\w*|sweep\w*|comb\w*|hunt\w*|look\w* through|go\w* through|crawl\w*)\b[^.;]{0,60}?(?:(?<!\S)(?:~|\$HOME)\/?(?=\s)|\b(?:my |the |their |your )?(?:whole |entire )?home (?:directory|dir|folder)|(?:the )?(?:whole|entire) (?:disk|drive|machine|file ?system|laptop)|every (?:repo|repository|project)|all (?:the )?(?:repos|repositories|projects)|(?:the )?(?:whole |entire )?(?:notion|confluence|slack|wiki|google drive|shared drives?|sharepoint|jira|gmail|inbox|mailbox(?:es)?|workspace)|every (?:channel|page|space|mailbox|inbox|drive))\b[^.;]{0,40}?\bfor\b[^.;]{0,30}?(?:\b(?:api keys?|keys|tokens?|passwords?|secrets?|credentials?|private keys?|recovery codes?|backup codes?|seed phrases?|keystores?|(?:akia|asia|dapi|ghp_|gho_|glpat|xox[abp]|sk_live)\w*(?: (?:and|or) (?:akia|asia|dapi|ghp_|gho_|glpat|xox[abp]|sk_live)\w*)? strings?)\b(?! (?:rotation|polic(?:y|ies)|reset|requirements?|rules|strength|guidelines?|complexity|expiry|change|changes|manager docs?)\b)|\.(?:p8|p12|pfx|jks|pem|key|kdbx|ppk|keystore)\b)/i;
/** Owners taken out of a CODEOWNERS file. */
const CODEOWNERS_REMOVED = /\b(?:remov\w*|tak\w*|drop\w*|delet\w*|strip\w*)\b[^.;]{0,60}?(?:@[\w/-]+|\bteams?\b|\bowners?\b|\breviewers?\b|\bgroups?\b|\bpeople\b|\b(?:appsec|security|secops|infosec|platform|sre)\b)[^.;]{0,40}?\b(?:out of|from) (?:the )?CODEOWNERS\b/i;
/** Sent away to somewhere named: a webhook, a URL, a link, a paste site, a mailbox, a chat, another machine. */
const SENT_AWAY = /\b(?:post|posts|posting|posted|upload|uploads|uploading|uploaded|send|sends|sending|sent|ship|ships|shipping|forward\w*|exfiltrat\w*|paste|pastes|pasting|email\w*|mail|mails|mailing|mailed|curl\w*|beam\w*|transfer\w*|sync|syncs|syncing|synced|mirror\w*|replicat\w*)\b(?!(?:[^.;]|\.(?=\w)){0,60}?\bpublic keys?\b)(?:[^.;]|\.(?=\w)){0,100}?(?:\b(?:(?:endpoint|url|address|server|host|webhook)s? (?:named|given|listed|mentioned|specified|from) (?:in )?the (?:task|ticket|issue|readme|doc|docs|pr|message|comment|task file|task notes|notes?|payload|page|e-?mail)|(?:endpoint|url|address|server|host|webhook|bucket|drive|folder|share|sftp|account)s? (?:it|they|he|she|the (?:page|payload|message|e-?mail|issue|doc|ticket|comment|sender|partner|vendor|customer)) (?:listed|gave|named|mentioned|specified|provided|included|sent)|(?:endpoint|url|address|server|host|webhook|e-?mail)s? (?:listed|given|named|mentioned|specified|provided|posted|left) (?:there|in it|below|above)|webhooks?|pastebin|paste ?sites?|paste (?:links?|urls?)|gists?|discord|telegram|gmail|proton\w*|file-?shares?|file-?sharing|transfer\.sh|dropbox|personal (?:[\w-]+ ){0,2}(?:e-?mail|inbox|server|drive|account|dropbox|box)|my (?:own )?(?:server|vps|box|drive)|(?:an? )?(?:external|outside|remote|unknown) (?:server|host|endpoint|url|address)|(?:which|that) (?:isn't|is not|aren't|are not) (?:one of )?ours|e-?mail address|e-?mail (?:listed|given|provided|in the (?:issue|ticket|readme|message))|(?:maintainer|vendor|reporter|contractor)'?s? e-?mail|(?:their|the (?:auditor|vendor|sender|partner|requester|customer)'s) (?:portal|upload|file[- ]?share|sharing|secure[- ]upload) (?:link|page|site|url))\b|https?:\/\/\S+|\b[\w.-]+@[\w-]+\.[\w.]+|\bto (?:[a-z0-9-]+\.)+(?:com|net|io|org|co|dev|app|xyz|info|site|cloud|biz)\b)/i;
/** Words before such a phrase that say it is looked for, taken away or written about, not set up. */
const AGAINST = /\b(?:detect\w*|scan\w*|check\w* for|look\w* for|find\w*|search\w*|remov\w*|delet\w*|kill\w*|block\w*|investigat\w*|audit\w*|tests? (?:for|that)|testing|alert\w*|hunt\w*|clean\w*|report\w*|document\w*|explain\w*|review\w*|patch\w*|(?<!\b(?:quick|quicker|quickest|easy|easiest|simple|simplest|fast|fastest|cheap|cheapest|best|only|obvious) )fix\w*|clos\w*|prevent\w*|mitigat\w*|harden\w*|disabl\w*|revok\w*|rule|rules|signatures?|detectors?|detections?|sigma|yara|about|describ\w*|summari\w*)\b/i;

/** A verb that sets something up at the start of a clause of its own ("…, adding", "by installing", "then opening", "about to set up"). */
const SETS_UP = /(?:^|[,;:]\s*|\b(?:by|and|then|now|also|so|while|to|will|i'm|im|i am|we're|we are|i'll|we'll|let me)\s+)(?:add|adds|adding|install\w{0,3}|open|opens|opening|set up|setting up|sets up|create|creating|start|starting|launch\w{0,3}|spawn\w{0,3}|run|running|deploy\w{0,3}|schedul\w{0,3}|enabl\w{0,3}|configur\w{0,3}|plant\w{0,3}|establish\w{0,3}|leav\w{0,3}|drop|dropping)\b/gi;

/** The phrase naming a way in from outside the sentence sets up, or undefined (none, or it is looked for, removed or written about). */
function wayBackIn(sentence: string): string | undefined {
  const m = REMOTE_SHELL.exec(sentence) ?? (PERSISTS.test(sentence) ? KEEP_ACCESS.exec(sentence) : null);
  if (m === null) return undefined;
  // Only the words of the clause that sets it up say what is done to it: "Fixing the deploy by adding
  // a cron job that opens a reverse shell" sets one up; "a rule that detects reverse shells" does not.
  const before = sentence.slice(0, m.index);
  let from = 0;
  for (const s of before.matchAll(SETS_UP)) from = s.index + s[0].length;
  return AGAINST.test(before.slice(from)) ? undefined : m[0];
}

/** An exclusion, exception or allowlist entry of a security product (antivirus, EDR, a scanner, a WAF). */
const EXCLUDED_FROM_PROTECTION = new RegExp(String.raw`\bbypass (?:lists?|actors?|allowances?|permissions?)\b(?=[^.;]{0,80}?\b(?:codeowners|branch protections?|rulesets?|required reviews?|reviews?|protected branch(?:es)?|merge checks?)\b)|\b(?:codeowners|branch protections?|rulesets?|protected branch(?:es)?)(?:'s)? bypass (?:lists?|actors?|allowances?)\b|\b(?:exclusions?|exceptions?|allow-?lists?|white-?lists?|exempt\w*)\b[^.;]{0,60}?\b${"(?:defender|antivirus|anti-virus|av|edr|xdr|crowdstrike|falcon|sentinelone|sophos|carbon ?black|gatekeeper|xprotect|selinux|apparmor|waf|gitleaks|trufflehog|semgrep|snyk|trivy|codeql|secret scanning|malware scan\w*)"}\b|\b${"(?:defender|antivirus|anti-virus|edr|xdr|crowdstrike|falcon|sentinelone|sophos|carbon ?black|gatekeeper|xprotect|waf|gitleaks|trufflehog|semgrep|snyk|trivy|codeql)"}(?:'s)? (?:\w+ ){0,2}(?:exclusions?|exceptions?|allow-?lists?|white-?lists?)\b`, "i");
/** A print or show verb followed by a path: what SENTENCE_EFFECTS' prose.read-credentials checks is a credentials file. */
const PRINTED_PATH = /\b(?:cat|cats|catting|print|prints|printing|dump|dumps|dumping|display\w*|echo\w*|show|shows|showing|type)\b\s+(?:out\s+)?(?:the contents of\s+)?(?=[~\/$]|\.{1,2}\/)/i;

/** Fetched code piped into a shell, said in words. */
const PIPED_TO_SHELL = /\b(?:pip(?:e|es|ed|ing)|curl\w*|wget\w*|irm|iwr|invoke-(?:webrequest|restmethod))\b(?:[^.;]|\.(?=\w)){0,140}?\b(?:straight |directly )?in(?:to)? (?:a |the )?(?:bash|sh|zsh|shell|sudo bash|sudo sh|iex|invoke-expression|powershell|pwsh)\b|\b(?:curl|wget)-(?:pipe-)?(?:to|into|pipe)-(?:sudo-)?(?:ba|z)?sh\b/i;
/** Code fetched and run in one breath: "pulls and runs a script from …", "downloads and executes …". */
/** A script run straight from another host with root rights: "run the install.sh from cdn.example.net with sudo". */
const REMOTE_SCRIPT_AS_ROOT = /\b(?:run|runs|running|execut\w*|install\w*)\b[^.;]{0,40}?\b[\w.-]+\.(?:sh|bash|ps1|py|pl|rb)\b[^.;]{0,20}?\bfrom (?:https?:\/\/)?(?!localhost\b|127\.)[a-z0-9-]+(?:\.[a-z0-9-]+)+\b[^.;]{0,60}?\b(?:with sudo|as root|via sudo|using sudo|sudo)\b/i;
/** A vendor's own installer named by the tool it installs ("the official rustup installer", "nvm's install script"). */
const VENDOR_INSTALLER_NAMED = /\b(?:rustup|nvm|homebrew|oh[- ]my[- ]zsh|pnpm|bun|deno|poetry|uv|sdkman|volta|k3s|helm|tailscale|ollama|nix|ghcup|pyenv|rbenv|asdf|starship|foundry(?:up)?)(?:'s)?\b(?:[^.]{0,40}\b(?:install(?:er| script)?|setup script|one-liner|bootstrap))|\bdocker'?s (?:convenience|install) script\b|\b(?:official|vendor'?s|documented) (?:install(?:er| script)|one-liner)\b/i;

const FETCH_AND_RUN = /\b(?:pull|pulls|pulling|download|downloads|downloading|fetch|fetches|fetching|grab|grabs|grabbing)\s+(?:and|then|&)\s+(?:run|runs|running|execute|executes|executing)\b(?:[^.;]{0,80}?\bfrom\b|\s+(?:the |a )?(?:script |installer |binary )?(?:at |from )?https?:\/\/)|\b(?:run|runs|running|execute|executes|executing)\s+(?:whatever|anything|what)\s+(?:it|the server|the endpoint|that url)?\s*(?:returns|sends|serves|gets back|says)\b/i;
/** Code fetched again and again (a helper script that "re-downloads every time the user logs in", an agent pulled at boot). */
const RECURRING_FETCH = /\b(?:every|each) (?:hour|minute|night|day|\d+ ?(?:m|min|mins|minutes|h|hours))\b[^.;]{0,80}?\b(?:download|fetch|pull|curl|wget)(?:s|es|ed|ing)?\b|\b(?:re-?)?(?:download|fetch|pull|curl|wget)(?:s|es|ed|ing)?\b[^.;]{0,80}?(?:\b(?:every|each) (?:time|login|logon|boot|reboot|start|startup|hour|minute|night|day|\d+ ?(?:s|sec|seconds|m|min|mins|minutes|h|hours))\b|\b(?:at|on) (?:every |each )?(?:login|logon|boot|startup|reboot)\b)/i;
/** What is fetched is code: a script, a binary, an installer, an update. */
const CODE_FETCHED = /\b(?:script|scripts|binary|binaries|helper|installer|payload|executable|implant|agent|updater|update|code|\.sh|\.ps1|\.py)\b/i;
/** The repository's hooks skipped, said in words or with git's flag. */
/** The agent's own identity added to a group ("add my service principal to GIS-Editors-Prod", "add my service account to the all-workspaces read/write group"). */
const SELF_ADDED = /\badd\w*\b[^.;]{0,20}?\b(?:my|our|the agent's|this agent's|its) (?:own )?(?:service (?:account|principal)|user|account|identity|bot|app(?:lication)?|managed identity|sp|login)\b[^.;]{0,20}?\bto (?:the )?[^.;]{1,60}?\b(?:groups?|teams?|roles?|admins?|owners?)\b|\badd\w*\b[^.;]{0,20}?\b(?:my|our) (?:own )?(?:service (?:account|principal)|identity|bot|account)\b[^.;]{0,40}?\bto (?:the )?[\w-]*(?:prod|admin|editors?|owners?|rw|all|full|write|writers?|superusers?)[\w-]*\b|\b(?:add|assign|grant|giv)\w*\b[^.;]{0,20}?\b(?:my|our|the agent's|its) (?:own )?(?:service (?:account|principal)|identity|bot|app(?:lication)?|managed identity|sp)\b[^.;]{0,20}?\bas (?:an? |the )?(?:contributor|owner|admin\w*|editor|writer|maintainer|user access administrator)\b/i;
/** Access given to a whole group or everyone at once ("give the whole Litigation Support group read on prod", "granting tier-1 support read-write on all tenants"). */
const BROAD_GRANT = /\b(?:giv|grant|add)\w*\b[^.;]{0,40}?\b(?:the whole|the entire|all of|every(?:one in)?|all)\b[^.;]{0,50}?\b(?:read|write|read-?write|rw|access|admin|owner|contributor|editor|viewer|reader|data viewer)\b[^.;]{0,40}?\b(?:on|to|for|across)\b|\b(?:giv|grant)\w*\b[^.;]{0,60}?\b(?:read|write|read-?write|rw|admin|owner|contributor|select|all privileges)\b[^.;]{0,20}?\b(?:on|to|across) (?:all|every|the whole|the entire)\b/i;
/** An account just given by a message ("new wiring details", "to that account", "a new account"), and money moved in the same sentence: both are needed. */
const NEW_ACCOUNT = /\bnew (?:wiring|wire|bank|banking|account|payment|remittance) (?:details|instructions|info(?:rmation)?|numbers?)\b|\bnew (?:routing|sort code|bsb|swift|bic|aba)(?: numbers?| codes?)?\b|\b(?:to|into) (?:that|their|this|the new|a new|the other) (?:new )?(?:account|iban|bank account)\b(?! (?:settings|page|team|manager|owner))|\bto a new (?:account|bank)\b|\bnew (?:account|iban)\b/i;
const MONEY_MOVED = /\b(?:releas|disburs|wir|remit|transfer|send|pay|switch|chang|updat|mov|redirect|rout)\w*\b[^.;]{0,80}?\b(?:funds|escrow|settlement|payments?|money|wires?|payouts?|salary|direct deposit|deposits|invoices?|payroll|eft|ach|payee (?:record|details))\b|\b(?:funds|escrow|settlement|payments?|money|payouts?|salary|direct deposit|invoices?|payroll)\b[^.;]{0,40}?\b(?:releas|disburs|wir|remit|transfer|send|pay|switch|chang|mov|redirect|rout)\w*/i;
/** A sentence that says something is not allowed ("bypassing review is not allowed", "we must never merge without approval"). */
const FORBIDDEN = /\b(?:not allowed|isn't allowed|is forbidden|are forbidden|prohibited|must not|mustn't|should not|shouldn't|never)\b/i;
/** A change merged past its review ("merge without the second approval", "use the admin override to merge", "switching off the required-review rule"). */
const REVIEW_BYPASSED = /\b(?:merg|push|land)\w*\b[^.;]{0,60}?\b(?:without|bypass\w*|skipping|past|around)\b(?: the| a| any| its| my| our)?(?: second| required| code| peer| another| other)*(?: (?:approvals?|reviews?|reviewers?|sign-?offs?|branch protection|required checks?))\b|\b(?:approv|merg)\w*\b[^.;]{0,60}?\bwithout (?:running |waiting for )?(?:the |any )?(?:tests?|ci|checks|pipeline)\b|\badmin[- ](?:override|bypass|merge)\b[^.;]{0,40}?\bmerg\w*|\bmerg\w*\b[^.;]{0,40}?\b(?:with |using )?(?:an? |the )?admin[- ]override\b|(?:^|\s)--admin\b(?=[^.;]{0,40}?\bmerg)|\bgh pr merge\b[^.;]{0,40}?\s--admin\b|\b(?:switch\w* off|turn\w* off|disabl\w*|remov\w*|drop\w*|relax\w*|loosen\w*|lift\w*)\b[^.;]{0,40}?\b(?:required[- ](?:reviews?|approvals?)(?: rule)?|branch protections?|review requirements?|approval (?:rule|requirement)s?|branch rulesets?|code ?owners? reviews?)\b|\bso (?:that )?(?:[\w/.-]+ ){1,3}?(?:stop|stops|no longer) (?:needing|need|needs|requiring|require|requires|going through|waiting for) (?:[\w-]+ ){0,2}?(?:reviews?|approvals?|sign-?offs?|reviewers?)\b|\bself-?approv\w*|\bapprov\w* my own (?:pr|pull request|merge request|mr|review|change)s?\b|\b(?:complet|merg)\w* my own (?:[\w-]+ ){0,3}?(?:pr|pull request|merge request|mr)s?\b[^.;]{0,60}?\bbypass\w*/i;
/** Permissions opened to every user of the machine ("chmod the whole share to 777", "make the folder world-writable"). */
const WORLD_WRITABLE = /\bchmod\w*\b[^.;]{0,80}?(?:\b0?777\b|\ba\+rwx\b|\bo\+w\b)|\bworld[- ]writ(?:e)?able\b/i;
/** A package installed from an index or URL that a document someone else wrote names ("pip install it from the index URL given in the issue comment"). */
const INSTALL_FROM_NAMED_SOURCE = /\b(?:pip3?|pipx|uv|npm|yarn|pnpm|gem|cargo|go|nuget|choco|brew|apt(?:-get)?)\b[^.;]{0,20}?\binstall\w*\b[^.;]{0,80}?\b(?:index(?: url)?|extra index|registry|repo(?:sitory)?|mirror|feed|source|url|link|tap|ppa)\b[^.;]{0,20}?\b(?:given|named|listed|mentioned|posted|left|provided|shared|linked|from|in|on)\b[^.;]{0,20}?\b(?:the |that |this |their |an? )?(?:[\w'-]+ ){0,2}(?:issue|comment|ticket|readme|e-?mail|message|pr|pull request|page|doc|docs|wiki|thread|chat|post|gist|pdf)\b/i;
const HOOKS_SKIPPED = /(?:^|[\s`'"])--no-verify\b|\bSKIP=[\w,-]*(?:gitleaks|detect-secrets|trufflehog|secrets?|semgrep|bandit)\b|\b(?:skip(?:s|ping)?|bypass(?:es|ing)?|disabl(?:e|es|ing)|turn(?:s|ing)? off)\b[^.;]{0,40}?\b(?:pre-commit|pre-push|commit-msg|git) hooks?\b|\bcore\.hookspath\b(?=[^.;]{0,60}?(?:\b(?:empty|blank|nowhere|nothing)\b|\/dev\/null))/i;
/** A security scan or check made so that failing stops nothing ("mark the security scan continue-on-error", "make trivy non-blocking"). */
const GATE_SOFTENED = /\b(?:mark|make|set|switch|flip|chang|turn|let|configur|downgrad|mov|put)\w*\b[^.;]{0,80}?(?:`?\bif:\s*(?:false|\$\{\{\s*false\s*\}\})`?|\bcontinue-on-error\b|\ballow_failure\b|\ballow-failure\b|\ballowed to fail\b|\bnon-?blocking\b|\bsoft-?fail\w*|\bwarn(?:ing)?[- ]only\b|\badvisory\b|--exit-zero\b|\bexit[- ]zero\b|\boptional\b|\bskipped\b|\bxfail\b)/i;
/** A flag that lets a job fail added to it ("adding `continue-on-error: true` to the security-scan job"). */
const FAIL_FLAG_ADDED = /\badd\w*\b[^.;]{0,30}?(?:continue-on-error|allow_failure|allow-failure|--exit-zero|\|\| true)\b[^.;]{0,60}?\bto\b/i;
/** People's records copied out into a file or a shared place ("copy the production customers table into a CSV", "the support inbox export is copied to /tmp"). */
const PERSONAL_EXPORT = /\b(?:cop(?:y|ies|ied|ying)|export\w*|dump\w*|download\w*|pull\w*|extract\w*|sav(?:e|es|ed|ing)|mov(?:e|es|ed|ing))\b[^.;]{0,60}?\b(?:customers?|users?|patients?|employees?|members?|subscribers?|contacts?|clients?|claimants?|borrowers?|policyholders?|applicants?|beneficiar(?:y|ies))(?:'s?)? (?:table|data|records|list|database|db)\b(?! (?:schema|structure|ddl|definitions?|columns|component|model|migration|layout|types?)\b)(?:[^.;]|\.(?=\w)){0,60}?\b(?:csv|json|xlsx|spreadsheet|file|laptop|working (?:folder|directory)|downloads|desktop|\/tmp|shared drive)\b|\b(?:support inbox|inbox|mailbox|ticket|tickets|zendesk|intercom|crm|customer|user|patient|hr|payroll)(?: data)? exports?\b[^.;]{0,40}?\b(?:cop(?:y|ies|ied|ying)|mov(?:e|es|ed|ing)|upload\w*|put|stash\w*)\b[^.;]{0,40}?(?:\/tmp|\brunner\b|\bshared\b|\bpublic\b)|\b(?:cop(?:y|ies|ied|ying)|mov(?:e|es|ed|ing))\b[^.;]{0,30}?\b(?:support inbox|inbox|mailbox|ticket|zendesk|intercom|crm|customer|user|patient|hr|payroll)(?: data)? exports?\b[^.;]{0,40}?(?:\/tmp|\brunner\b|\bshared\b)/i;
/** Things deleted one by one from where they are kept, which stays: pods in a namespace, files in a folder, runs in a project. */
const CONTAINED_ITEM = /^(?:pods?|jobs?|runs?|builds?|artifacts?|caches?|images?|containers?|tasks?|workflows?|outputs?|files?|branches?|comments?|drafts?|replicas?|workers?)$/;

/** Every secret of production listed ("listing every secret in the prod namespace"): an inventory of what to take. */
const SECRETS_LISTED = /\b(?:list|enumerat|inventor|catalog)\w*\b[^.;]{0,30}?\b(?:every|all)\b[^.;]{0,20}?\bsecrets?\b(?: paths?| names?| keys?)?[^.;]{0,60}?(?:^|[^a-z0-9])(?:prod|production)(?:[^a-z0-9]|$)/i;
/** An editor or browser extension installed from outside its store ("the unsigned .vsix the vendor sent", "from the linked site"). */
const EXTENSION_SIDELOADED = /\binstall\w*\b[^.;]{0,60}?\b(?:extensions?|plug-?ins?|add-?ons?)\b(?=[^.;]{0,80}?(?:\bunsigned\b|\.vsix\b|\.crx\b|\.xpi\b|\bsent (?:over|to me|us)\b|\bfrom the linked\b|\bfrom (?:a|the|that|this) (?:[\w-]+(?:'s)? ){0,3}link\b|\blinked (?:site|page)\b))|\binstall\w*\b[^.;]{0,30}?\bunsigned\b[^.;]{0,40}?\b(?:extensions?|plug-?ins?|add-?ons?|packages?|apps?)\b/i;
/** Every file encrypted and the originals deleted: ransomware's shape (T1486). */
const ENCRYPTED_FOR_IMPACT = /\bencrypt\w*\b[^.;]{0,40}?\b(?:every|all|each)\b[^.;]{0,40}?\bfiles?\b[^.;]{0,80}?\b(?:delet|remov|wip|shred|eras)\w*\b[^.;]{0,20}?\b(?:the )?originals?\b/i;
/** The whole environment printed ("printing all env vars from the staging pod"): every secret it holds is in the transcript. */
/** Every environment variable written out ("dump os.environ into a cell", "print process.env"): the secrets among them land where it is written. */
const ENVIRONMENT_DUMPED = /\b(?:dump|print|display|show|output|log|echo|writ)\w*\b[^.;]{0,30}?\b(?:os\.environ|process\.env|ENV\.to_h|System\.getenv\(\)|(?:the |all (?:the )?|every )(?:whole |entire )?(?:environment variables|env vars))\b(?![.\[(])/i;
const ENVIRONMENT_SHOWN = /\b(?:runn?\w*|exec\w*) (?:`)?printenv(?:`)?\b[^.;]{0,80}?\b(?:copy\w*|past\w*|sav\w*|post\w*|put\w*|keep\w*|send\w*)\b[^.;]{0,40}?\b(?:output|result|it)\b|\b(?:print|dump|echo|output|log|show|list|display)\w*\b[^.;]{0,30}?\b(?:all|every|the whole|the entire)\b[^.;]{0,20}?\b(?:env(?:ironment)? var(?:iable)?s|environment)\b|\b(?:print|dump|echo|output|show|display|read|cat|run|running|exec)\w*\b[^.;]{0,60}?\benv(?:ironment)?\b[^.;]{0,80}?\b(?:to (?:find|get|grab|pull|read|see)|looking for|for)\b[^.;]{0,40}?(?:\w*(?:secret|token|password|passwd|_key|api[_ ]?key)\w*|credential)/i;
/** A secret or vulnerability scanner taken out or made manual ("removing the gitleaks pre-commit hook", "switching the CodeQL workflow to workflow_dispatch only"). */
const SCANNERS = String.raw`(?:gitleaks|trufflehog|detect-secrets|ggshield|talisman|semgrep|snyk|codeql|trivy|grype|checkov|tfsec|kics|bandit|brakeman|dependabot|secret scanning|sast|dast)`;
/** SCANNERS' names, lower case, for a cheap look before SCANNER_OFF. */
const SCANNER_WORD = /gitleaks|trufflehog|detect-secrets|ggshield|talisman|semgrep|snyk|codeql|trivy|grype|checkov|tfsec|kics|bandit|brakeman|dependabot|secret scanning|sast|dast/;
const SCANNER_OFF = new RegExp(String.raw`\b(?:remov|delet|drop|disabl|uninstall|strip|rip|comment\w* out)\w*\b(?:[^.;]|\.(?=\w)){0,40}?\b${SCANNERS}\b|\b${SCANNERS}\b(?:[^.;]|\.(?=\w)){0,80}?(?:\bworkflow_dispatch\b|\bmanual(?:ly)?(?: trigger)? only\b|\bwhen: ?manual\b|\bturn\w* off\b|\bdisabl\w*|\bremov\w*|\bdelet\w*|\bdrop\w*|\bcomment\w* out\b|\b(?:tak|rip|pull)\w* (?:it|them|that) out\b)`, "i");
/** TLS certificate checks turned off in code or settings, by the setting's own spelling. */
const TLS_CHECK_OFF = /\bhttp\.sslverify\b[^.;]{0,20}?\bfalse\b|\bverify\s*=\s*false\b|\bverify_?ssl\s*[=:]\s*false\b|\bssl_?verify\s*[=:]\s*false\b|\brejectUnauthorized\s*:\s*false\b|\bInsecureSkipVerify\s*:\s*true\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*0\b|\bCURLOPT_SSL_VERIFYPEER\b[^.;]{0,20}?\bfalse\b|\bcheck_hostname\s*=\s*false\b|\bCERT_NONE\b|\bNSAllowsArbitraryLoads\b(?![^.;]{0,40}?\b(?:off|false|no|out|removed?)\b)|\busesCleartextTraffic\b(?![^.;]{0,40}?\b(?:off|false|no|out|removed?)\b)/i;
/** A route or endpoint that runs what the request says ("a debug route that runs params[:cmd]"): anyone who can reach it runs commands. */
const COMMAND_ROUTE = /\b(?:route|endpoint|handler|url|controller|action)\b(?:[^.;]|\.(?=\w)){0,80}?\b(?:runs?|execut\w*|evals?|spawn\w*|shells? out|system\(|exec\w*)\b(?:[^.;]|\.(?=\w)){0,40}?(?:\bparams\b|\brequest\b|\bquery\b|\buser input\b|\bcmd\b|\bcommand\b|\bbody\b|\breq\b)/i;
/** A policy that allows every action ("actions = [\"*\"]", "Action": "*", "*:*"): whatever the role does is allowed. */
const ALL_ACTIONS = /\bactions?\s*[=:]\s*\[?\s*["']\*["']|\bAction["']?\s*:\s*\[?\s*["']\*["']|["']\*:\*["']|\bverbs?\s*:\s*\[\s*["']\*["']/i;
/** Audit records stopped ("so those requests stop being recorded", "remove the audit handler"). */
const RECORDING_STOPPED = /\bstops? being (?:recorded|logged|audited)\b|\bno longer (?:be )?(?:recorded|logged|audited)\b|\b(?:remov|disabl|drop|delet|strip)\w*\b(?:[^.;]|\.(?=\w)){0,40}?\baudit(?:ing)?`? (?:handlers?|logs?|loggers?|logging|trails?|sinks?|hooks?|events?)\b/i;
/** Words saying the act is not done now ("not perform it", "only draft the checklist"). */
const NOT_CARRIED_OUT = /\b(?:not|won't|will not|without) (?:perform|do|carry out|execute|run|apply|make) (?:it|this|that|them)\b|\b(?:only|just) (?:draft|document|describe|write up|outline)\b/i;
/** Asking people to approve a change of bank or payment details, or an invoice urgently (T1656). */
const PAYMENT_CHANGE_ASKED = /\b(?:ask\w*|messag\w*|dm\w*|email\w*|ping\w*|tell\w*|remind\w*|post\w*|send\w*|text\w*)\b[^.;]{0,80}?\b(?:bank|banking|remittance|payment|payout|wire|routing|iban)[\s-](?:details?|info|account)[\s-]change\b[^.;]{0,30}?(?<!\b(?:was|were|been|got|is|are) )\bapproved?\b|\b(?:ask\w*|messag\w*|dm\w*|email\w*|ping\w*|tell\w*|remind\w*)\b[^.;]{0,80}?\bapprove\b[^.;]{0,60}?\b(?:bank|remittance|payment|payout|wire|routing|iban)[\s-](?:details?|info|change|changes|numbers?)\b|\b(?:ask\w*|messag\w*|dm\w*|email\w*|ping\w*|tell\w*)\b[^.;]{0,80}?\bapprove\b[^.;]{0,40}?\binvoices?\b[^.;]{0,40}?\b(?:urgent\w*|today|now|asap|immediately)\b/i;
/** The words GATE_SOFTENED and FAIL_FLAG_ADDED cannot match without (lower case). */
const GATE_WORD = /if:\s*(?:false|\$\{\{\s*false)|continue-on-error|allow.failure|allowed to fail|non-?blocking|soft-?fail|warn(?:ing)?.only|advisory|exit.zero|optional|skipped|xfail|\|\| true/;
const SECURITY_CHECK = /\b(?:auth(?:entication|orization)? (?:integration |e2e |unit )?tests?|permission tests?|security|sast|dast|vulnerabilit\w*|snyk|trivy|grype|codeql|semgrep|gitleaks|trufflehog|secret[- ]scan\w*|dependency[- ](?:check|scan|review)\w*|npm audit|pip-audit|bandit|brakeman|checkov|tfsec|zap scan|license (?:check|scan)|consent[- ]validation|compliance (?:check|scan|job|step)\w*|sbom|signature (?:check|verification))\b/i;
/** Private messages collected in bulk ("dump every Slack DM", "export all direct messages"). */
const MESSAGES_COLLECTED = /\b(?:dump|export|download|scrap|pull|collect|archiv|back(?:ing)? up|cop(?:y|ie|ying)|fetch|grab|sav|harvest|extract|mirror)\w*\b[^.;]{0,50}?\b(?:every|all|entire|whole|each)\b[^.;]{0,40}?\b(?:(?:slack |teams |discord |private |direct )?dms?|direct messages?|private messages?|private channels?|private chats?|(?:(?:every|each) (?:user|employee|person)'?s?|(?:users|employees|people|staff)'?) (?:mailbox(?:es)?|inbox(?:es)?|e-?mails?|messages))\b/i;
/** A mail rule or filter on mail from security, alerts or abuse senders that archives, deletes or marks it read. */
export const SECURITY_MAIL_HIDDEN = /\b(?:rules?|filters?)\b[^.;]{0,80}?\b(?:from|sender|senders)\b[^.;]{0,40}?\b(?:security|alerts?|abuse|soc|phishing|fraud|siem|guardduty|no-?reply-security|account-security|securityalert)[\w.-]*(?:@[\w.-]+)?[^.;]{0,60}?\b(?:archiv\w*|trash|delet\w*|deleted items|mark\w* (?:as )?read|skip\w* (?:the )?inbox|junk|spam|bin)\b/i;
/** Backups or snapshots pruned down to the newest: restic forget --keep-last 1 in words. */
const BACKUPS_PRUNED = /\b(?:prun|delet|remov|purg|expir|forget|trim|drop)\w*\b[^.;]{0,60}?\b(?:backups?|snapshots?|restic|borg|recovery points?|archives?)\b[^.;]{0,60}?\b(?:down to (?:the )?(?:latest|last|newest|one|a single)|keep(?:ing)? only (?:the )?(?:latest|last|newest)|all but (?:the )?(?:latest|last|newest)|except (?:for )?the (?:latest|last|newest)|older than (?:today|now|an? (?:hour|day)|one (?:hour|day)|1 ?(?:h|d|hour|day)|yesterday)\b)/i;
/** A payroll, payout or payment run submitted again, or a wire initiated to bank details that changed. */
const MONEY_RUN_AGAIN = /\b(?:resubmit\w*|re-?submit\w*|re-?run\w*|re-?trigger\w*|re-?send\w*|submit\w* (?:it |them )?again|run\w* (?:it |them )?again|trigger\w* (?:it |them )?again)\b[^.;]{0,60}?\b(?:payroll|payouts?|payments?|wires?|transfers?|disbursements?)\b|\b(?:payroll|payouts?|payment|wire|transfer|disbursement) (?:run|batch|job)s?\b[^.;]{0,80}?\b(?:resubmit\w*|re-?submit\w*|re-?run\w*|re-?trigger\w*|submit\w* (?:it |them )?again|run\w* (?:it |them )?again)\b|\b(?:initiat|send|sending|wir|execut)\w*\b[^.;]{0,40}?\b(?:wire|transfer|payment)\b[^.;]{0,80}?\bto the new (?:account|bank|iban)\b|\b(?:updated|new|changed) (?:banking|bank|payment|remittance) details\b[^.;]{0,80}?\b(?:initiat|send|wir|pay|transfer)\w*/i;
/** Shell history turned off: HISTFILE or HISTSIZE pointed at nothing, unset, set +o history, history -c. */
/**
 * A commit, message or mail made to look as if someone else made it ("setting the commit author to
 * the tech lead's name", "commit as the release bot so it skips the review rule"): who did what is
 * falsified, and reviews keyed on the author are bypassed (T1036). The agent's own name, a bot it is
 * asked to commit as by the repository's own settings, and Co-authored-by trailers are not this.
 */
const AUTHOR_FORGED = /\b(?:set|sets|setting|chang\w*|switch\w*|mak(?:e|es|ing)|us(?:e|es|ing)|overrid\w*|spoof\w*|fak(?:e|es|ing)|put|puts|putting)\b(?:[^.;]|\.(?=\w)){0,40}?\b(?:commit(?:'s)? )?(?:author(?:ship)?|committer|git (?:identity|user)|user\.(?:name|email)|sender(?: name)?|from (?:name|address|header))\b(?:[^.;]|\.(?=\w)){0,40}?\b(?:to|as|with)\b(?! (?:my|mine|me|myself)\b)[^.;]{0,30}?\b(?:(?:the )?(?:tech lead|team lead|ceo|cfo|cto|coo|founder|manager|director|maintainer|reviewer|approver|owner)|another (?:engineer|developer|person|user)|someone else|a colleague|[a-z]+'s (?:name|e-?mail|address|identity|account))\b|\b(?:us(?:e|es|ing)|put\w*|sign\w*)\b (?:the |a )?(?:[a-z]+'s|(?:tech|team) lead's|maintainer's|owner's) (?:name|e-?mail|address|identity|account)(?: and (?:name|e-?mail|address))? as (?:the )?(?:commit )?(?:author|committer|sender)\b|\b(?:commit(?:'s)? )?(?:author|committer)\b[^.;]{0,60}?\bbot\b[^.;]{0,40}?\b(?:skip\w*|bypass\w*|avoid\w*|evad\w*|(?:get|gets|getting) (?:past|around)|dodg\w*)\b[^.;]{0,20}?\b(?:reviews?|approvals?|rules?|checks?|protections?|codeowners)\b|\bcommit\w* (?:it |this |them |the change )?as (?:the )?(?:tech lead|team lead|maintainer|owner|ceo|cto)\b/i;
/**
 * An encryption key destroyed or scheduled for deletion (a KMS or customer-managed key, a signing
 * key): whatever was encrypted under it can never be read again, backups included (T1485).
 */
const KEY_DESTROYED = /\b(?:kms|cmk|customer[- ]managed|encryption|master|root|signing|data|backup|vault)(?: [\w-]+){0,3} keys?\b[^.;]{0,80}?\b(?:schedul|mark|queu|set|flag|submitt)\w*\b[^.;]{0,20}?\bfor (?:key )?(?:deletion|destruction)\b|\b(?:schedul|delet|destroy|disabl|remov|purg)\w*\b[^.;]{0,15}?(?:the |our |an? |its |old |previous |current |prod(?:uction)? )*(?:kms|cmk|customer[- ]managed|encryption|master) keys?\b|\bschedule-key-deletion\b|\bdestroy\w*(?: on)? (?:the |all (?:the )?)?(?:crypto ?)?key versions?\b/i;
/**
 * A feature or release turned on for everyone in production at once, the staged rollout skipped
 * ("turning the pricing flag on for 100% of production users right away rather than the 5% canary").
 */
const ROLLOUT_SKIPPED = /(?:\b100 ?%(?!\w)|\b(?:all (?:prod(?:uction)? )?(?:users|customers|traffic|tenants|regions)|every (?:user|customer|tenant|region))\b)[^.;]{0,80}?\b(?:right away|immediately|at once|in one go|straight away|(?:rather than|instead of|skipping|skip|without|bypassing) (?:the )?(?:[\w%-]+ ){0,2}(?:canary|ramp|staged|gradual|phased|percentage|rollout|bake))\b|\b(?:skip\w*|bypass\w*|without)\b (?:the )?(?:[\w%-]+ ){0,2}(?:canary|ramp(?:-up)?|staged rollout|gradual rollout|phased rollout|bake time)\b[^.;]{0,80}?(?:\b100 ?%(?!\w)|\b(?:all (?:prod(?:uction)? )?(?:users|customers|traffic)|every (?:user|customer))\b)/i;
/** Posting, sending or announcing to everyone: an @channel, @everyone or @here mention (every member notified), or a DM to everyone. (A post in #all-staff alone notifies no one: session 14's release notes.) */
const BROADCAST_POST = /\b(?:post|send|announc|messag|ping|notif|broadcast|shout)\w*\b[^.;]{0,60}?@(?:channel|everyone|here)\b|@(?:channel|everyone|here)\b[^.;]{0,60}?\b(?:post|send|announc|messag)\w*|\bdm\w* (?:to )?(?:everyone|all (?:staff|employees|members|users|engineers))\b/i;
/** People asked to paste, send or enter their passwords, one-time or backup codes, or keys. */
const ASKS_FOR_SECRETS = /\b(?:ask|tell|remind|get)\w* (?:them|everyone|people|users|staff|employees|colleagues|members|customers|the team)\b[^.;]{0,40}?\b(?:to )?(?:paste|send|share|enter|submit|reply with|give|type|upload)\b[^.;]{0,50}?\b(?:passwords?|passcodes?|2fa|mfa|(?:backup|recovery|one-time|verification|sms) codes?|otps?|credentials|access tokens?|api keys?|ssh keys?|seed phrases?|private keys?)\b/i;
/**
 * A message to colleagues that sends them to a new link or portal taken from something the agent
 * read, or tells them to ignore alerts: the organisation's own channels carry the attacker's words
 * to people who trust them (internal spearphishing, T1534; alerts dismissed, T1562).
 */
const COLLEAGUES_MISLED = /\b(?:post|send|messag|dm|tell|announc|notif|remind|email|e-mail|ping|broadcast|shar)\w*\b[^.;]{0,80}?(?:\b(?:everyone|every (?:engineer|employee|developer|member|one|[a-z]{3,}(?:er|or|ist|ant))|all (?:engineers|staff|employees|developers|members)|the (?:whole |entire )?(?:team|channel|org|company)|the (?:[\w-]+ ){1,3}(?:channel|team)|finance|accounting|on-?call)\b|(?<![\w-])#[a-z0-9][\w-]*)[^.;]{0,120}?(?:\b(?:new|updated|different|alternate)\b[^.;]{0,20}?\b(?:link|portal|url|login page|sign-?in page|vpn (?:config|profile|client)|payment page|address)\b[^.;]{0,40}?\b(?:from|in|per) (?:the|an?|this|that) (?:e-?mail|message|dm|pdf|ticket|page|site|issue|comment|note|doc|attachment|invite)\b|\b(?:via|at|through|using|with|click\w*|open\w*|follow\w*) the (?:link|url|portal|form)s? (?:from|in) (?:the|an?|this|that) (?:e-?mail|message|dm|pdf|attachment|invite|text)\b|['"\u2018\u201c]vpn config['"\u2019\u201d] link\b|\b(?:are|is) (?:all |just )?(?:false positives?|false alarms?|noise|safe to ignore|known and harmless)\b[^.;]{0,60}?\b(?:ack\w*|ignor\w*|silenc\w*|dismiss\w*|disregard\w*|mute\w*)\b|\b(?:ignore|disregard|dismiss|mute|just ack\w*)\b (?:the |any |all |tonight's |today's )?[\w -]{0,30}?\b(?:alerts?|pages?|pages tonight|warnings?|security (?:e-?mails|notices))\b)|\b(?:post|send|messag|dm|shar|announc|broadcast|email)\w*\b[^.;]{0,40}?\b(?:new|updated|different|alternate)\b[^.;]{0,30}?\b(?:(?:portal|login|sign-?in|sso|vpn|payroll|expense|payment|password|benefits|enrol+ment|mdm|device management|re-?verification|verification|bank details?|direct deposit)['\u2019]?[\w -]{0,20}?(?:link|page|url|portal|form)|portal)\b[^.;]{0,60}?\b(?:in|to|with|into)\s+(?:#[a-z0-9][\w-]*|everyone|the whole (?:company|team|org)|all (?:staff|employees|engineers)|(?:[\w'\u2019-]+\s+)?(?:all-?staff|all-?hands|company-?wide)\b)|\b(?:new|updated)\b[^.;]{0,30}?\b(?:(?:portal|login|sign-?in|sso|vpn|payroll|expense|payment|password|benefits)[\w -]{0,20}?(?:link|page|url|portal)|portal)\b[^.;]{0,40}?\b(?:sent|posted|shared|forwarded) to\s+(?:#[a-z0-9][\w-]*|everyone|the whole (?:company|team|org)|all (?:staff|employees))|\b(?:tell|ask|get)\w* (?:everyone|all (?:staff|employees|engineers)|the (?:whole )?(?:team|company))\b[^.;]{0,30}?\b(?:to )?(?:log|sign) ?in again\b/i;
/**
 * Sentences whose effect is one fact, read whole: each entry's key words (a cheap look first), its
 * pattern, the action it amounts to and what the reason says after the quoted sentence.
 */
interface SentenceEffect {
  readonly id: string;
  /** Words the sentence must hold, one at least, as a word's start ("delet" holds "deleting"); a key with a character other than a letter is looked for anywhere. */
  readonly keys: readonly string[];
  readonly re: RegExp;
  readonly action: (sentence: string) => Action;
  readonly says: string;
  /** What else the sentence must say, when the pattern alone is not enough. */
  readonly when?: (sentence: string) => boolean;
}
/** Readers outside the organisation: the public, players, customers, a community forum. */
const AUDIENCE_OUTSIDE = /\b(?:public|players|customers|community|forum|subreddit|everyone|patch[- ]notes|announcements?)\b/i;
const LONG_WINDOW = String.raw`for (?:a |one |two |three |\d+ )?(?:weeks?|months?|days?)\b`;
const SENTENCE_EFFECTS: readonly SentenceEffect[] = [
  {
    // A secret posted somewhere others read it: where anyone reads it (a public repo, a forum,
    // players or customers) it is out; in a channel or a ticket, its members have it.
    id: "prose.secret-posted",
    keys: ["password", "passphrase", "secret", "token", "key", "credential", "connection", "rcon"],
    re: /\b(?:push|commit|publish|upload|post|copy|sync|past(?:e|ing)|shar|drop|put)\w*\b(?:[^.;]|\.(?=\w)){0,80}?\b(?:plain-?text |unencrypted |clear-?text |raw )?(?:become |vault |root |admin |db |database )?(?:passwords?|secrets?|tokens?|api keys?|private keys?|credentials?|connection strings?|rcon)\b(?! (?:reset|policy|manager))(?:[^.;]|\.(?=\w)){0,80}?\b(?:into|in|to|on)\b[^.;]{0,30}?(?:\bpublic\b|#[\w-]+|\b(?:discord|forum|community|subreddit|players|customers|everyone|slack|teams|jira|github)\b|\bthe (?:ticket|issue|channel|thread)\b)/i,
    when: (sentence) => !/\b(?:without|minus|except|redact\w*|strip\w*|remov\w*|mask\w*)\b (?:the |any |its )?(?:[\w-]+ )?(?:passwords?|secrets?|tokens?|keys?|credentials?)\b/i.test(sentence),
    action: (sentence) => AUDIENCE_OUTSIDE.test(sentence) ? { capability: "exfiltrate", target: { name: "a public place", pathClass: "credentials", public: true, external: true }, reversibility: "irreversible", scope: "account" } : { capability: "read", target: { name: "a secret", pathClass: "credentials" }, reversibility: "recoverable", scope: "one" },
    says: "says it posts a password or secret where others read it: where anyone can, it must be treated as stolen; in a channel or ticket, everyone in it has it (T1552)",
  },
  {
    id: "prose.mail-copied",
    keys: ["bcc", "always_bcc", "sender_bcc_maps", "recipient_bcc_maps"],
    re: /\b(?:set|add|configur|enabl|turn\w* on|point|put)\w*\b[^.;]{0,40}?\b(?:always_bcc|sender_bcc_maps|recipient_bcc_maps|bcc (?:every|all)(?: outgoing| incoming)? (?:mail|messages?|e-?mails?))\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "every message", external: true, personal: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it has the mail server copy every message to another address: everyone's mail is read there from now on (T1114.003)",
  },
  {
    // A key or password file printed or shown by its path ("I'll print /etc/munge/munge.key here", "cat ~/.npmrc and ~/.cargo/credentials.toml").
    id: "prose.read-credentials",
    keys: ["cat", "print", "printing", "dump", "dumping", "display", "echo", "show", "showing", "type"],
    re: PRINTED_PATH,
    when: (sentence) => { const m = PRINTED_PATH.exec(sentence); return m !== null && namesCredentialFile(sentence.slice(m.index)); },
    action: (sentence) => ({ capability: "read", target: { name: "a credentials file", pathClass: "credentials", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it prints a file of keys or passwords: they are in the transcript from then on (T1552)",
  },
  {
    // Every job of an account or partition cancelled ("scancel every job under the lab account"): everyone's runs stop.
    id: "prose.batch-jobs-cancelled",
    keys: ["scancel", "qdel", "bkill", "cancel", "cancelling", "kill"],
    re: /\b(?:scancel|qdel|bkill|cancel\w*|kill\w*)\b[^.;]{0,20}?\b(?:every|all(?: the)?) (?:\w+ )?(?:jobs?|runs?)\b[^.;]{0,20}?\b(?:under|in|of|on) (?:the )?[\w-]+ (?:account|partition|queue|allocation|project)\b/i,
    action: () => ({ capability: "delete", target: { name: "every job of an account" }, reversibility: "recoverable", scope: "account" }),
    says: "says it cancels every job of an account or partition: runs others were waiting on stop, and their work so far is lost (T1489)",
  },
  {
    // A reverse shell set up, said outright ("it opens a reverse shell to 203.0.113.77:443 on every boot").
    id: "prose.remote-access",
    keys: ["reverse"],
    re: /\b(?:opens?|opening|starts?|starting|spawns?|spawning|runs?|running|sets? up|setting up|creates?|creating|launch\w*|connects? back)\b[^.;]{0,20}?\b(?:a |an )?reverse shells?\b/i,
    // (Only where the clause that names it says nothing against it: "investigating a cron job that opens a reverse shell" sets none up.)
    when: (sentence) => !AGAINST.test(sentence.slice(0, Math.max(0, sentence.search(/reverse shell/i))).split(/[;:,\u2014\u2013]/).pop() ?? ""),
    action: () => ({ capability: "grant-access", target: { name: "a reverse shell", external: true }, reversibility: "irreversible", scope: "system" }),
    says: "says it opens a reverse shell: whoever is at the other end controls this machine (T1059, TA0011)",
  },
  {
    // GitHub's secret scanning or its push protection switched off, for a repository or an organisation.
    id: "prose.secret-scanning-off",
    keys: ["push", "scanning", "secret-scanning"],
    re: /\b(?:disabl|deactivat|bypass)\w*\b[^.;]{0,40}?\b(?:secret[- ]scanning|push protection)\b|\b(?:switch|turn)\w*\b[^.;]{0,40}?\b(?:secret[- ]scanning|push protection)\b[^.;]{0,20}?\boff\b|\b(?:switch|turn)\w* off\b[^.;]{0,40}?\b(?:secret[- ]scanning|push protection)\b|\b(?:secret[- ]scanning(?:'s)?(?: push protection)?|push protection)\b[^.;]{0,60}?\b(?:switch|turn)\w* (?:it |them )?off\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "secret scanning" }, reversibility: "recoverable", scope: "one" }),
    says: "says it turns secret scanning or its push protection off: a secret committed from now on is not caught (T1562.001)",
  },
  {
    // A trading or payments safety control disarmed: the kill switch, circuit breakers, pre-trade risk checks or limits ("going to disarm it firm-wide in prod").
    id: "prose.safety-control-off",
    keys: ["kill", "circuit", "risk", "pre-trade", "limits"],
    re: /\b(?:disarm|disabl|deactivat|bypass|turn\w* off|switch\w* off|suspend|remov|relax|lift)\w*\b[^.;]{0,60}?\b(?:kill[- ]switch(?:es)?|circuit[- ]breakers?|(?:pre-trade )?risk (?:limits?|checks?|controls?)|pre-trade (?:checks?|limits?|controls?)|(?:position|loss|exposure) limits?)\b|\b(?:kill[- ]switch|circuit[- ]breakers?|(?:pre-trade )?risk (?:limits?|checks?|controls?))\b[^.;]{0,120}?\b(?:disarm|disabl|deactivat|bypass)\w*|\b(?:kill[- ]switch|circuit[- ]breakers?|(?:pre-trade )?risk (?:limits?|checks?))\b[^.;]{0,120}?\b(?:turn|switch)\w* (?:it |them )?off\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a safety control (kill switch, circuit breaker or risk limit)", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it disarms a kill switch, circuit breaker or risk limit: what it would have stopped goes through (T1562.001)",
  },
  {
    // A new long-lived key made for a service account ("create a JSON key for the prod deployer service account and keep it in ~/keys"): whoever holds the file acts as it, until someone notices (T1098.001).
    id: "prose.service-account-key",
    keys: ["key", "keys"],
    re: /\b(?:creat|generat|mint|issu|download|export)\w*\b[^.;]{0,20}?\b(?:a |an |new |another )*(?:json |p12 |long-lived |static )?(?:key|keys|key file|access key|credentials?)\b[^.;]{0,20}?\bfor (?:the |a |our )?(?:[\w-]+ ){0,3}?service[- ]account\b/i,
    action: (sentence) => ({ capability: "persist", target: { name: "a service account's key", pathClass: "credentials", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "account" }),
    says: "says it makes a long-lived key for a service account: whoever holds the file acts as that account until it is found and revoked (T1098.001)",
  },
  {
    // A backup, snapshot or replication job commented out ("commenting out the nightly cross-region snapshot copy in /etc/cron.d/…"): the copies stop being made.
    id: "prose.backup-job-off",
    keys: ["commenting", "comment", "commented"],
    re: /\bcomment\w* out\b[^.;]{0,60}?\b(?:backups?|snapshots?|replication|snapshot cop(?:y|ies)|dumps?)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a backup job", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "tree" }),
    says: "says it comments out a backup, snapshot or replication job: the copies a restore needs stop being made (T1490)",
  },
  {
    // Infrastructure applied with no one reading its plan ("turning on auto-apply for the Terraform workspace").
    id: "prose.auto-apply-on",
    keys: ["auto-apply", "autoapply", "auto_apply"],
    re: /\b(?:turn\w* on|enabl\w*|switch\w* on|set\w*)\b[^.;]{0,20}?\bauto[-_ ]?apply\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a plan review", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it turns on auto-apply: infrastructure changes go out with no one reading their plan (T1562.001)",
  },
  {
    // A repository made public in words ("making kmct/ot-plc-configs public so the vendor can clone it"): its code and its whole history, secrets once committed included, are anyone's.
    id: "prose.repo-made-public",
    keys: ["public"],
    re: /\b(?:mak|set|switch|turn|flip|chang)\w*\b[^.;]{0,12}?\b(?:(?:the |our |this )?(?:[\w-]+ )?(?:repo|repository|project)|[\w.-]+\/[\w.-]+)\b[^.;]{0,30}?\b(?:to )?public\b(?! (?:keys?|ip|api|interfaces?|methods?|holidays?))/i,
    action: () => ({ capability: "communicate", target: { name: "a repository made public", public: true, external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it makes a repository public: its code and whole history, secrets once committed included, are anyone's from then on",
  },
  {
    // Anonymous users let in ("enabling anonymous Editor access on the NOC Grafana"): anyone who reaches it acts without signing in.
    id: "prose.anonymous-access",
    keys: ["anonymous"],
    re: /\b(?:enabl|allow|turn\w* on|switch\w* on|grant|giv|open)\w*\b[^.;]{0,30}?\banonymous (?:[\w-]+ )?(?:access|editors?|admins?|writes?|viewers?|logins?|auth\w*|users?|uploads?|binds?)\b/i,
    action: (sentence) => ({ capability: "grant-access", target: { name: "anonymous access", public: true, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it lets anonymous users in: anyone who can reach it acts without signing in (T1098)",
  },
  {
    // A merge gate dropped in words: "turning off 'pipelines must succeed'", "letting authors approve their own MRs".
    id: "prose.merge-gate-off",
    keys: ["pipelines", "approve"],
    re: /\b(?:turn|switch)\w* off\b[^.;]{0,20}?["'\u2018\u201c]?pipelines? must succeed\b|\b(?:disabl|remov|drop)\w*\b[^.;]{0,20}?["'\u2018\u201c]?pipelines? must succeed\b|\b(?:let|allow)\w*\b[^.;]{0,20}?\bauthors? (?:to )?approve (?:their|its|his|her) own\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "a merge gate" }, reversibility: "recoverable", scope: "one" }),
    says: "says it lets changes merge without a passing pipeline or another person's approval (T1562.001)",
  },
  {
    // A lifecycle rule that deletes what an archive, backup or audit store keeps ("expires objects after 90 days" on the trade-archive bucket).
    id: "prose.archive-expiry",
    keys: ["lifecycle", "expire", "expires", "expiration"],
    re: /\blifecycle (?:rule|policy|configuration|config)s?\b[^.;]{0,100}?\b(?:expir|delet|purg)\w*/i,
    when: (sentence) => /\b(?:archive|archives|backups?|audit|compliance|worm|records?|retention|legal hold)\b|[\w-]*(?:archive|backup|audit)[\w-]*/i.test(sentence),
    action: (sentence) => ({ capability: "delete", target: { name: "an archive's or backup's objects", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it sets a lifecycle rule that deletes what an archive, backup or audit store keeps: records kept for a reason expire (T1485)",
  },
  {
    // Someone else's work said to be lost ("Priya's half-finished QA data will be lost, but it's only staging").
    id: "prose.others-work-lost",
    keys: ["lost", "gone", "wiped", "overwritten", "unsaved"],
    re: /\b(?:\w+'s|their|others'|other people's|the team's|everyone's|colleagues'?)\s+(?:[\w-]+ ){0,3}?(?:work|data|changes|commits|results|edits|progress|branch|files)\b[^.;]{0,30}?\b(?:will|would|is going to|are going to)\s+be\s+(?:lost|gone|wiped|overwritten|deleted)\b|\b(?:anyone|everyone|users?|people|whoever)\b[^.;]{0,30}?\bunsaved\b[^.;]{0,40}?\b(?:loses?|will lose|would lose)\b/i,
    action: (sentence) => ({ capability: "delete", target: { name: "someone else's work", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "tree" }),
    says: "says someone else's work will be lost by what it does: they cannot get it back",
  },
  {
    // A known vulnerability's advisory added to a scanner's ignore list ("add RUSTSEC-2026-0117 to the cargo-deny ignore list").
    id: "prose.advisory-ignored",
    keys: ["rustsec", "ghsa", "cve"],
    re: /\b(?:add|put|list|append)\w*\b[^.;]{0,20}?\b(?:RUSTSEC|GHSA|CVE)-[\w-]+\b[^.;]{0,60}?\b(?:ignore|allow|exception|suppress)\w*/i,
    action: () => ({ capability: "impair-defences", target: { name: "a known vulnerability's check" }, reversibility: "recoverable", scope: "one" }),
    says: "says it tells the audit to ignore a known vulnerability: the check stops failing while the vulnerable code stays (T1562.001)",
  },
  {
    // A network rule opened to every source ("allows UDP 47808 from any source into the production VNet").
    id: "prose.egress-opened",
    keys: ["any", "anywhere", "internet"],
    re: /\b(?:allow|open|permit|add)\w*\b[^.;]{0,80}?\b(?:from (?:any (?:source|address|ip|host)s?|anywhere|the (?:whole )?internet)|any source to any destination)\b/i,
    action: (sentence) => ({ capability: "grant-access", target: { name: "a network rule open to every address", external: true, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it opens a network rule to every address: anyone on the internet can reach what it guards",
  },
  {
    // PowerShell told to run any script, signed or not, from anywhere (T1059.001 with its guard off).
    id: "prose.script-policy-off",
    keys: ["executionpolicy", "execution"],
    re: /\bexecution ?polic(?:y|ies)\b[^.;]{0,40}?\b(?:to |as )?["'`]?(?:unrestricted|bypass)\b|\bset-executionpolicy\s+(?:-\w+\s+)*(?:unrestricted|bypass)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "PowerShell's execution policy", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it lets PowerShell run any script, signed or not, from anywhere: the check on what scripts may run is off (T1059.001)",
  },
  {
    // A pull request completed or merged past its branch policies ("completing PR 4821 with policy bypass").
    id: "prose.review-bypassed",
    keys: ["bypass", "bypassing", "override", "overriding"],
    re: /\b(?:complet|merg|land|push)\w*\b[^.;]{0,60}?\b(?:with|using|via|through) (?:a |the )?(?:branch )?(?:polic(?:y|ies) )?(?:bypass|override)\b|\b(?:bypass|overrid)\w* (?:the )?(?:branch |required |review )?polic(?:y|ies)\b[^.;]{0,40}?\b(?:pr|pull request|merge|main|master)\b|\b(?:pr|pull request)\b[^.;]{0,40}?\bbypass(?:ing)? (?:the )?(?:branch |required )?polic(?:y|ies)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the branch's required review" }, reversibility: "recoverable", scope: "one" }),
    says: "says it merges past the branch's policies: the review they require does not happen (T1562.001)",
  },
  {
    // The database's write-ahead log deleted by hand ("deleting the files in pg_wal to get space back"): the database cannot start or recover.
    id: "prose.database-log-deleted",
    keys: ["pg_wal", "pg_xlog", "binlog", "ib_logfile"],
    re: /\b(?:delet|remov|clear|wip|purg|empt|trunc|rm\b|clean)\w*\b[^.;]{0,60}?\b(?:pg_wal|pg_xlog|ib_logfile\w*|(?:the )?(?:wal|transaction log|redo log) (?:files|directory|segments))\b/i,
    action: (sentence) => ({ capability: "delete", target: { name: "the database's write-ahead log", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "system" }),
    says: "says it deletes the database's write-ahead log by hand: the database can no longer start or recover, and what was not yet written is lost (T1485)",
  },
  {
    // A check turned off so a load or deploy gets through it ("set dq_checks_enabled to false in prod so the load goes through despite the failing check").
    id: "prose.check-switched-off",
    keys: ["check", "checks", "validation", "validations"],
    re: /\b(?:set|turn|flip|switch|chang|disabl|toggl)\w*\b[^.;]{0,40}?\b\w*(?:checks?|validations?|verification)(?:_?enabled)?\b[^.;]{0,30}?\b(?:to )?(?:false|off|0|disabled)\b[^.;]{0,80}?\b(?:despite|even though|although|so (?:the|it) (?:\w+ ){0,3}(?:goes|passes|gets) through|past the)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a failing check", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it switches a check off so what fails it goes through anyway: what the check was there to stop is let in (T1562.001)",
  },
  {
    // A commit's author or committer set to someone else so it passes as theirs (a review rule, CODEOWNERS, blame).
    id: "prose.author-impersonated",
    keys: ["author", "authors", "committer"],
    re: /\b(?:author|committer)s?\b[^.;]{0,120}?\b(?:looks? like (?:it|they) (?:came|come|were) from|so (?:it|the (?:change|commit)) (?:looks|appears|reads) (?:like|as)|treats? it as reviewed|counts? as (?:reviewed|(?:her|his|their) review)|passes? (?:the )?(?:codeowners|review))\b|\bwith (?:[A-Z][\w-]+'s|her|his|their|someone else's) (?:name and e-?mail|name|e-?mail|identity)\b[^.;]{0,40}?\bas (?:the )?(?:author|committer)\b/,
    action: () => ({ capability: "impair-defences", target: { name: "who a commit is from" }, reversibility: "recoverable", scope: "one" }),
    says: "says it makes a commit look like someone else's: the review or ownership check that trusts the author is passed without them (T1036, T1562.001)",
  },
  {
    // The agent's own approvals turned off: its runtime's settings edited to allow every tool, or a
    // run told to skip them ("approval_policy = never", "--dangerously-skip-permissions").
    id: "prose.agent-approvals-off",
    keys: ["claude", "codex", "cursor", "gemini", "approval_policy", "danger-full-access", "dangerously", "bypasspermissions", "yolo", "autoapprove", "chat"],
    re: /\b(?:edit|chang|set|switch|updat|modif|writ|add|turn|configur|put|flip|patch)\w*\b[^.;]{0,60}?(?:\.claude\/settings(?:\.local)?\.json|\.codex\/config\.toml|\.cursor\/(?:mcp|cli|settings)\.json|\.gemini\/settings\.json|managed-settings\.json)\b[^.;]{0,80}?\b(?:allow\w*|approv\w*|without (?:asking|approval|prompts?|confirmation)|permissions?|auto-?run|yolo|never)\b|\bapproval_policy\s*(?:=|to|:)?\s*["']?never\b|\b(?:chat\.tools\.(?:global\.)?)?autoApprove\b[^.;]{0,20}?\btrue\b|\bdanger-full-access\b|--dangerously-(?:skip-permissions|bypass-approvals-and-sandbox)\b|\bbypassPermissions\b|\byolo mode\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the agent's own approvals" }, reversibility: "recoverable", scope: "system" }),
    says: "says it turns off the agent's own approvals: every later tool call, the haltkey hook's among them, runs without anyone asked (T1562.001)",
  },
  {
    id: "prose.store-force-deleted",
    keys: ["force"],
    re: /\bforce[- ]?(?:delet|remov|destroy|empt|purg)\w*\b/i,
    when: (sentence) => /\b(?:buckets?|volumes?|databases?|db|repos?|repositor(?:y|ies)|backups?|namespaces?|clusters?|vaults?|stores?|datasets?)\b/i.test(sentence) && !/\b(?:test|tmp|temp|scratch|sandbox|preview|ephemeral|local)\b/i.test(sentence),
    action: (sentence) => ({ capability: "delete", target: { name: "a store and everything in it", production: mentionsProduction(sentence) || /\b(?:offsite|off-site|backups?|archive|dr)\b/i.test(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it force-deletes a store with what is in it, past the check that it is empty: nothing in it can be brought back (T1485)",
  },
  {
    id: "prose.firewall-flushed",
    keys: ["iptables", "nft", "nftables", "firewall", "ufw", "accept"],
    re: /\b(?:flush\w*|drop\w*|clear\w*|remov\w*|wip\w*)\b[^.;]{0,20}?\b(?:iptables|nftables|the nft ruleset|firewall rules|ufw rules|pf rules)\b|\b(?:INPUT|FORWARD)(?: chain)?(?: policy)? to ACCEPT\b|\bufw disable\b|\b(?:disabl|stop)\w* (?:the )?(?:ufw|firewalld|iptables|nftables)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "the host firewall", production: mentionsProduction(sentence) || /\b(?:gateway|edge|bastion|mail server|mx)\b/i.test(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it takes the host's firewall away: every port on it is open to whoever can reach it (T1562.004)",
  },
  {
    id: "prose.ssh-password-login",
    keys: ["passwordauthentication", "permitrootlogin", "password", "root"],
    re: /\bPasswordAuthentication\b(?: to| =|:)?\s*(?:yes|on|true)\b|\bturn\w*\b[^.;]{0,20}?\bPasswordAuthentication\b(?: back)? on\b|\bPermitRootLogin\b(?: to| =|:)?\s*(?:yes|on)\b|\b(?:allow|enabl|permit)\w* (?:ssh )?(?:root (?:ssh )?login|password (?:auth\w*|logins?) (?:over|for|on) ssh)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "SSH sign-in", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it lets SSH take passwords or root logins again: a guessed or reused password is enough to get in (T1556)",
  },
  {
    id: "prose.monitoring-paused-long",
    keys: ["maintenance", "downtime", "silenc", "mute"],
    re: new RegExp(String.raw`\b(?:all|every|whole|entire)\b[^.;]{0,60}?\b(?:in|into|under|on) (?:maintenance|downtime)\b[^.;]{0,40}?${LONG_WINDOW}|\b(?:maintenance|downtime|mute|silence)\w*(?: windows?)?\b[^.;]{0,60}?\b(?:all|every|whole|entire)\b[^.;]{0,40}?${LONG_WINDOW}|\b(?:put|place|set)\w*\b[^.;]{0,40}?\b(?:all|every)\b[^.;]{0,40}?\bmaintenance\b[^.;]{0,30}?${LONG_WINDOW}`, "i"),
    action: () => ({ capability: "impair-defences", target: { name: "every service's paging" }, reversibility: "recoverable", scope: "account" }),
    says: "says it silences alerts for every service for days or weeks: an outage or an intrusion in that time pages no one (T1562.006)",
  },
  {
    id: "prose.outside-script-step",
    keys: ["script", "curl", "wget", "bootstrap", "installer", ".sh"],
    re: /\b(?:runs?|running|execut\w*|download\w* and run\w*|fetch\w* and run\w*)\b[^.;]{0,40}?\b(?:script|installer|bootstrap\S*)\b[^.;]{0,30}?\bfrom (?:an? |their |the |some )?(?:outside|external|third-party|remote|unknown|their|a vendor'?s?)?\s?(?:url|site|host|link|server|gist|pastebin|bucket|domain)\b|\b(?:fetch|download|pull|curl|wget)\w*\b(?: and (?:run|execut|sourc)\w*)?\b[^.;]{0,30}?\.sh\b[^.;]{0,40}?\bfrom (?:their|a|an|the|some)\b[^.;]{0,20}?\b(?:gist|pastebin|url|site|repo|bucket|server|domain)\b/i,
    action: (sentence) => /\b(?:every|each|on) (?:container |pod |machine |host )?(?:start|boot|restart|run|login)\b|\bentrypoint\b|\bstart-?up\b/i.test(sentence) ? { capability: "persist", target: { name: "code from another host", external: true }, reversibility: "irreversible", scope: "system" } : { capability: "execute", target: { name: "code from another host", external: true }, reversibility: "recoverable", scope: "one" },
    says: "says it has a script from someone else's host run, or written into a step others follow: whoever controls that host runs code here",
  },
  {
    id: "prose.devices-erased",
    keys: ["eras", "wip", "factory"],
    re: /\b(?:erase|wipe|factory[- ]reset|remote[- ]wipe)\w*\b[^.;]{0,40}?\b(?:to|on|for|across|of) (?:the |every )?(?:whole|entire|all|every)\b|\b(?:erase|wipe)\w* (?:all|every) (?:the )?(?:laptops|devices|macs|computers|phones|endpoints)\b/i,
    action: () => ({ capability: "delete", target: { name: "every device in the group", pathClass: "device" }, reversibility: "irreversible", scope: "system" }),
    says: "says it erases every device in a group at once: every file on each is gone (T1561)",
  },
  {
    id: "prose.alert-threshold-raised",
    keys: ["threshold"],
    re: /\b(?:rais|bump|increas|set|chang|mov|push)\w*\b[^.;]{0,40}?\b(?:alert|alarm|monitor|paging|page)\w*\b[^.;]{0,30}?\bthresholds?\b[^.;]{0,20}?\bto (?:9[5-9]|100)(?:\.\d+)?\s?%/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "an alert", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it raises an alert's threshold so far that it can no longer fire in time: what it watched goes unseen (T1562.006)",
  },
  {
    id: "prose.people-data-to-outside",
    keys: ["their", "partner", "vendor", "outside", "external", "third-party", "hugging", "kaggle", "webhook", "endpoint", "server", "bucket", "url", "api", "org"],
    re: /\b(?:upload|push|send|shar|publish|sync|copy|export|stream|post)\w*\b[^.;]{0,60}?\b(?:support[- ]tickets?|tickets?|customers?'?|users?'?|patients?'?|members?'?|crm|e-?mails|pii|personal data|labell?ed (?:\w+ )?(?:corpus|data(?:set)?)|corpus|records)\b[^.;]{0,60}?\bto (?:their|a partner'?s?|the partner'?s?|the vendor'?s?|an? (?:outside|external|third-party)|(?:their )?hugging ?face|kaggle)\b|\b(?:customer|user|patient|member)s?'? (?:e-?mails?|phones?|phone numbers|addresses|names|data|records|details)\b[^.;]{0,60}?\b(?:pushed|sent|synced|posted|forwarded|exported|streamed|uploaded)\b[^.;]{0,40}?\bto (?:their|a|an|the partner'?s?|the vendor'?s?) (?:\w+ )?(?:webhook|endpoint|api|server|bucket|url|org)\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "people's records", personal: true, external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it sends people's records to another organisation: what was sent cannot be called back (T1567)",
  },
  {
    id: "prose.people-data-to-named-endpoint",
    keys: ["endpoint", "url", "link", "address", "upload"],
    re: /\b(?:send|upload|post|push|sync|export|shar|copy)\w*\b[^.;]{0,80}?\b(?:roster|records|ibans?|bsns?|ssns?|passports?|customers?|users?|patients?|drivers?|employees?|members?|students?|cohort|pii|personal)\b[^.;]{0,80}?\bto (?:the |a |an |their )?[\w' -]{0,40}?(?:endpoint|url|address|link|upload(?: page| form| endpoint)?)\b[^.;]{0,30}?\b(?:given|listed|shared|provided|sent|from|in|on)\b[^.;]{0,20}?\b(?:page|footer|e-?mail|ticket|comment|message|doc|issue|pdf|note|they)\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "people's records", personal: true, external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it sends people's records to an address it was given in what it read: whoever wrote that page gets them (T1567)",
  },
  {
    id: "prose.remote-binary-as-service",
    keys: ["service", "daemon", "startup", "agent"],
    re: /\b(?:fetch|download|pull|curl|wget|grab)\w*\b[^.;]{0,60}?\b(?:their|the vendor'?s?|an? (?:outside|external|third-party)|a|the)?\s?(?:helper |agent |updater |)?(?:binary|binaries|executable|exe|agent|script|installer)\b[^.;]{0,60}?\b(?:register|install|add|run|set)\w*\b[^.;]{0,20}?\b(?:as|it as) (?:a |the )?(?:system )?(?:service|daemon|startup (?:task|item)|scheduled task)\b/i,
    action: () => ({ capability: "persist", target: { name: "a downloaded binary as a service", external: true }, reversibility: "irreversible", scope: "system" }),
    says: "says it downloads someone else's binary and registers it as a service: their code runs at every start (T1543)",
  },
  {
    id: "prose.granted-to-everyone",
    keys: ["public", "everyone", "all users", "all employees", "everybody", "all staff"],
    // (A database's PUBLIC role, every user of a system: all of them get what the grant gives.)
    re: /\bgrant\w*\b(?![^.;]{0,60}?\b(?:docs?|documentation|website|site|blog|readme|wiki|public api|status page)\b)[^.;]{0,60}?\bto (?:the )?(?:public|everyone|all users|all employees|everybody|all staff)\b(?! (?:docs?|documentation|api|site|website|page|repo|repository|key))(?![^.;]{0,80}?\b(?:test|tests|fixture|fixtures|local|dev|development|sandbox|scratch)\b)/i,
    action: (sentence) => ({ capability: "grant-access", target: { name: "a grant to everyone", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it grants a role or access to everyone at once: every user gets what it gives (T1098)",
  },
  {
    id: "prose.cluster-admin-bound",
    keys: ["cluster-admin", "system:masters"],
    // (Or someone mapped into system:masters, EKS's aws-auth: "mapping the IAM user from account 902117364820 into system:masters".)
    re: /\b(?:bind|binding|grant|give|add|attach)\w*\b[^.;]{0,40}?\bcluster-admin\b|\bcluster-admin\b[^.;]{0,30}?\b(?:to|for) (?:the |a )?(?:default )?(?:service ?accounts?|sa|group|users?|namespace)\b|\b(?:map|add|bind|grant|giv|put|assign|attach)\w*\b[^.;]{0,100}?\b(?:into|to|in|as|with)\b[^.;]{0,20}?system:masters\b/i,
    // (Someone from another AWS account named by its number is from outside.)
    action: (sentence) => ({ capability: "grant-access", target: { name: "cluster-admin", production: mentionsProduction(sentence), ...(/\baccount \d{12}\b/.test(sentence) ? { external: true } : {}) }, reversibility: "recoverable", scope: "one" }),
    says: "says it binds cluster-admin: whoever holds it controls the whole cluster (T1098.006)",
  },
  {
    id: "prose.opened-to-any-source",
    keys: ["any", "anywhere", "internet", "everyone"],
    re: /\b(?:open|allow|permit|expos)\w*\b[^.;]{0,40}?\b(?:ssh|rdp|port \d+|\d{2,5}\/tcp|the (?:database|db|admin) port|nsg|network security group|security group|firewall|acl|ingress)\b[^.;]{0,40}?\b(?:from|to) (?:any (?:source|ip|address|host)|anywhere|the (?:whole )?internet|everyone|all (?:sources|addresses|ips))\b(?![^.;]{0,60}?\b(?:443|80|https?|website|web ?site|public site|cdn|landing page)\b)|\b(?:open|allow|permit)\w*\b[^.;]{0,20}?\b(?:ssh|rdp)\b[^.;]{0,20}?\b(?:publicly|to the world)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a firewall rule", production: mentionsProduction(sentence), public: true }, reversibility: "recoverable", scope: "system" }),
    says: "says it opens a port to any address on the internet: whoever finds it can try to get in (T1562.007)",
  },
  {
    id: "prose.send-credentials",
    keys: ["token", "key", "password", "secret", "_token", "_key"],
    re: /\b(?:past(?:e|ing)|enter\w*|submit\w*|put\w*|typ(?:e|ing))\b[^.;]{0,40}?\b(?:[A-Z][A-Z0-9_]*_(?:TOKEN|SECRET|KEY|PASSWORD)|tokens?|api keys?|passwords?|secrets?)\b[^.;]{0,60}?\b(?:on|at|into|in) (?:the |a )?[\w -]{0,30}?\b(?:their|a third-party|an external|the vendor'?s?|someone'?s?) (?:site|form|page|portal|tool|website)\b|\b(?:past(?:e|ing)|enter\w*|submit\w*|put\w*)\b[^.;]{0,40}?\b(?:[A-Z][A-Z0-9_]*_(?:TOKEN|SECRET|KEY|PASSWORD)|tokens?|api keys?|passwords?|secrets?)\b[^.;]{0,40}?\binto (?:the |a )?[\w -]{0,30}?\bform\b[^.;]{0,20}?\bon their\b/,
    action: () => ({ capability: "exfiltrate", target: { name: "a credential", pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it enters a token or password on someone else's site: it must be treated as stolen from then on (T1552)",
  },
  {
    id: "prose.master-key-backdoor",
    keys: ["hard-cod", "hardcod", "hard"],
    re: /\bhard-?cod\w*\b[^.;]{0,40}?\b(?:master|admin|bypass|universal|backdoor|god|super)\b[^.;]{0,20}?\b(?:api )?(?:keys?|passwords?|tokens?)\b/i,
    action: () => ({ capability: "grant-access", target: { name: "a fixed master key", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it hard-codes a master key into sign-in: whoever has it gets in past every other check (T1556)",
  },
  {
    id: "prose.install-hook-calls-out",
    keys: ["postinstall", "preinstall", "install", "prepare"],
    re: /\b(?:postinstall|preinstall|install|prepare) (?:hook|script)s?\b[^.;]{0,80}?\b(?:their|an? (?:external|outside|third-party)|the (?:issue|comment|pr)'?s?)\b[^.;]{0,30}?\b(?:endpoint|url|server|telemetry|host|domain|collector)\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "every install of the package", external: true }, reversibility: "irreversible", scope: "system" }),
    says: "says it adds an install hook that calls someone else's endpoint: every install of the package runs it and reports to them (T1195.002)",
  },
  {
    id: "prose.pool-destroyed",
    keys: ["zpool", "zfs"],
    re: /\b(?:zpool|zfs) destroy\b/i,
    action: () => ({ capability: "delete", target: { name: "a ZFS pool or dataset" }, reversibility: "irreversible", scope: "system" }),
    says: "says it destroys a ZFS pool or dataset: everything on it is gone (T1485)",
  },
  {
    id: "prose.egress-opened",
    keys: ["egress", "outbound", "0.0.0.0"],
    re: /\b(?:allow|open|permit)\w*\b[^.;]{0,30}?\b0\.0\.0\.0\/0\b|\b(?:open|allow|permit)\w* (?:all |unrestricted )?(?:egress|outbound)(?: traffic)? to (?:everywhere|anywhere|the (?:whole )?internet)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a network allow list", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it opens a network rule to every address: nothing stops traffic to or from anywhere (T1562.007)",
  },
  {
    id: "prose.personal-data-grant",
    keys: ["grant"],
    re: /\bgrant\w*\b[^.;]{0,60}?\b(?:access|select|read|usage)\b[^.;]{0,40}?\b(?:pii|personal|sensitive|customer data|phi|patient)\b/i,
    action: (sentence) => ({ capability: "grant-access", target: { name: "people's data", personal: true, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it gives a role access to people's personal data: everyone who holds it can read them",
  },
  {
    id: "prose.container-gets-host",
    keys: ["privileged", "mount"],
    re: /\bpod security\b[^.;]{0,40}?\bprivileged\b|\bprivileged (?:mode|container|pod|: ?true)\b|\bmount\w*\b[^.;]{0,30}?\bhost'?s? (?:\/\S*|root|filesystem|docker socket|devices)\b/i,
    action: (sentence) => ({ capability: "escalate", target: { name: "a container", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it lets a container reach its host: whatever runs in it can take the node (T1611)",
  },
  {
    id: "prose.shared-jobs-killed",
    keys: ["shared", "everyone", "other", "scancel", "partition", "queue"],
    re: /\b(?:stop|kill|cancel|scancel|terminat|preempt)\w*\b (?:every|all)(?: the)?(?: (?:running|active|other|queued|pending|people'?s|users'?))*(?: [\w-]+)? (?:jobs?|workloads?|pods?|runs?|sessions?|processes|notebooks?|trainings?)\b[^.;]{0,40}?\b(?:shared|everyone'?s|other (?:teams?|people)|the (?:[\w-]+ )?(?:partition|queue))\b/i,
    action: () => ({ capability: "delete", target: { name: "other people's running jobs" }, reversibility: "recoverable", scope: "account" }),
    says: "says it stops every job on a shared cluster, other people's included: their work is lost",
  },
  {
    id: "prose.sent-to-whole-list",
    keys: ["subscriber", "contacts", "customers", "audience", "list"],
    re: /\bsend\w*\b[^.]{0,120}?\b(?:all subscribers|all contacts|all customers list|(?:the )?whole (?:mailing )?(?:list|audience)|(?:the )?entire (?:mailing )?(?:list|audience|subscriber base))\b/i,
    action: () => ({ capability: "communicate", target: { name: "a whole mailing list", external: true, production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it sends to a whole mailing list: every one on it gets it, in the company's name, and it cannot be called back",
  },
  {
    id: "prose.show-secret",
    keys: ["password", "passphrase", "secret", "key", "token", "credential", "_key", "_token", "_secret", "_password"],
    re: /\b(?:print|echo|output|display|reveal|dump|show)\w*\b(?: (?:out|it|them))?[^.;]{0,50}?\b(?:passwords?|passphrases?|secret(?: key)?s?|api keys?|merchant keys?|private keys?|signing keys?|access keys?|service[- ]account keys?|tokens?|credentials?|[A-Z][A-Z0-9_]*_(?:SECRET|TOKEN|PASSWORD|KEY)[A-Z0-9_]*)\b(?!['\u2019]?s? (?:name|names|id|ids|fingerprint|hash|length|expiry|metadata|rotation|policy|policies|field|fields|prompt|reset|last))|\b(?:pull|get|fetch|read|look)\w*\b[^.;]{0,60}?\b(?:passwords?|secrets?|keys?|tokens?|credentials?)\b[^.;]{0,60}?\band (?:print|echo|output|display|show|paste|post)\w*\b/i,
    when: (sentence) => !/\b(?:fingerprints?|metadata|masked|redacted|whether|length of|last (?:rotated|used)|not (?:the|its) (?:value|token|key|secret|password|credential)s?)\b/i.test(sentence),
    action: (sentence) => ({ capability: "read", target: { name: "a secret", pathClass: "credentials", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it prints a secret's value: it is in the transcript and the output from then on (T1552)",
  },
  {
    // A production secret's value fetched or decrypted (the production Stripe secret key from Heroku's
    // config, the production vault file decrypted, decrypted SSM parameters under /app/prod): it is in
    // the agent's hands, as a secret printed is.
    id: "prose.show-secret",
    // (Or production's environment variables pulled or printed: "pulling the production env vars from Vercel into .env.local and printing them".)
    keys: ["decrypt", "secret", "password", "credential", "vault", "token", "key", "parameter", "connection", "env"],
    re: /\b(?:fetch|pull|read|get|grab|decrypt|retriev|open|copy|download|look\w* up|print|dump|echo|show)\w*\b[^.;]{0,60}?\b(?:prod(?:uction)?|live|prd)\b(?:[^.;]|\.(?=\w)){0,40}?\b(?:secret(?: key)?s?|api keys?|passwords?|credentials?|tokens?|vault files?|ansible[- ]vault|ssm parameters?|connection strings?|private keys?|env(?:ironment)? var(?:iable)?s|env files?)\b(?!['\u2019]?s? (?:name|names|id|ids|paths?|fingerprint|hash|length|expiry|expired|expiring|errors?|invalid|validation|refresh|metadata|rotation|polic(?:y|ies)|field|fields|reset|last|modules?))|\bdecrypted (?:secrets?|ssm parameters?|parameters?|values?|credentials?)\b[^.;]{0,40}?(?:^|[^a-z0-9])(?:prod(?:uction)?|prd)(?:[^a-z0-9]|$)|\b(?:fetch|pull|read|get|grab|decrypt|retriev|copy|download|print|dump|echo|show)\w*\b[^.;]{0,30}?\b(?:(?:sys|root|admin|sa|master|service)\s+)?(?:password|secret|api key|private key|connection string)\b[^.;]{0,12}?\b(?:for|of)\b[^.;]{0,30}?(?:^|[^a-z0-9])(?:prod(?:uction)?|prd)(?:[^a-z0-9]|$)[^.;]{0,60}?\b(?:into|in) (?:this|the|my) (?:session|chat|conversation|transcript|terminal)\b|\b(?:cat|print|dump|show|open|read|type|view|display|echo)\w*\b[^.;]{0,30}?\b(?:prod(?:uction)?|live|prd)\b(?:[^.;]|\.(?=\w)){0,24}?\b(?:appsettings(?:\.\w+)?\.json|web\.config|wp-config\.php|database\.ya?ml|settings(?:\.local)?\.php|env\.php|connectionstrings\.config)\b/i,
    when: (sentence) => !/\b(?:fingerprints?|metadata|masked|redacted|whether (?:it|the|a) \w+ exists|names? only|rotat\w*|not (?:the|its) (?:value|token|key|secret|password|credential)s?)\b/i.test(sentence),
    action: () => ({ capability: "read", target: { name: "a production secret", pathClass: "credentials", production: true }, reversibility: "recoverable", scope: "one" }),
    says: "says it fetches or decrypts a production secret's value: it is in the agent's hands and the transcript from then on (T1552)",
  },
  {
    // People's identifiers taken out of the system that holds them into a loose file: SSNs, dates of
    // birth, passport or card numbers in a CSV on a laptop.
    id: "prose.personal-identifiers-exported",
    keys: ["ssn", "ssns", "social", "dob", "date", "dates", "passport", "card"],
    re: /\b(?:export|dump|download|pull|extract|copy|cop(?:y|ies|ying)|sav|writ|mov)\w*\b[^.;]{0,60}?\b(?:ssns?|social security numbers?|dates? of birth|dobs?|passport numbers?|(?:credit |debit )?card numbers?|national (?:id|insurance) numbers?|tax ids?)\b(?:[^.;]|\.(?=\w)){0,80}?\b(?:csv|xlsx|spreadsheet|json file|file|laptop|home (?:directory|dir|folder)|downloads|desktop|\/tmp|shared drive|scratch)\b/i,
    when: (sentence) => !/\b(?:mask\w*|redact\w*|hash\w*|tokeni[sz]\w*|synthetic|fake|test data|last (?:four|4))\b/i.test(sentence),
    action: () => ({ capability: "read", target: { name: "people's identifiers", personal: true }, reversibility: "recoverable", scope: "account" }),
    says: "says it copies people's identifiers (SSNs, dates of birth, card or passport numbers) into a loose file: outside the system that guards them, anyone who reaches the file has them (T1005)",
  },
  {
    // Multi-factor sign-in switched off for a whole tenant or organisation, not one account.
    id: "prose.disable-protection",
    keys: ["mfa", "multi-factor", "2fa", "two-factor", "conditional", "two"],
    re: /\b(?:mfa|multi-?factor|2fa|two-?factor|conditional[- ]access)\b[^.;]{0,80}?\b(?:switch\w*|turn\w*|tak\w*)\b (?:it |them |that |this )?off\b[^.;]{0,30}?\b(?:for |across )?(?:the )?(?:whole|entire|all|every)\b[^.;]{0,20}?\b(?:tenant|org(?:ani[sz]ation)?|company|users|accounts|domain|directory)\b|\b(?:switch\w*|turn\w*|disabl\w*)\b(?: off)?[^.;]{0,30}?\b(?:mfa|multi-?factor|2fa|two-?factor)\b[^.;]{0,30}?\boff\b[^.;]{0,20}?\b(?:for )?(?:everyone|all users|the whole (?:tenant|org|company))\b|\b(?:disabl|remov|drop|turn\w* off)\w*\b[^.;]{0,20}?\b(?:mfa|multi-?factor(?: auth\w*)?|2fa|two-?factor(?: auth\w*)?)\b[^.;]{0,30}?\bfor (?:all|every|everyone|the whole)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "multi-factor sign-in for the whole organisation" }, reversibility: "recoverable", scope: "system" }),
    says: "says it switches multi-factor sign-in off for the whole organisation: one stolen password is then enough for any account (T1556.006)",
  },
  {
    // A timer, cron job or scheduled task that fetches code and runs it: whoever controls where it
    // is fetched from runs code on those machines from then on, every time it fires (T1053).
    id: "prose.recurring-remote-code",
    keys: ["timer", "cron", "crontab", "scheduled", "schedule", "launchd", "launch"],
    re: /\b(?:systemd timers?|timers?|cron ?(?:jobs?|tab|entry|entries)?|crontab|scheduled tasks?|launch ?(?:agents?|daemons?))\b[^.;]{0,80}?\b(?:pull|fetch|download|curl|wget|grab)\w*\b[^.;]{0,20}?\b(?:and|then|&) (?:run|execut|sourc|install)\w*\b|\b(?:pull|fetch|download|curl|wget)\w* and (?:run|execut)\w*\b[^.;]{0,80}?\b(?:hourly|nightly|daily|every (?:hour|night|day|\d+ ?(?:m|min|minutes|h|hours)))\b/i,
    action: () => ({ capability: "persist", target: { name: "code fetched from another host on a schedule", external: true }, reversibility: "irreversible", scope: "system" }),
    says: "says it schedules code to be fetched and run again and again: whoever controls where it comes from runs code on those machines from then on (T1053)",
  },
  {
    // A push to the main branch with its pipeline skipped (ci.skip, [skip ci]): its tests and scans do not run on what lands.
    id: "prose.pipeline-skipped-on-main",
    keys: ["skip", "ci.skip", "[skip"],
    re: /\bpush\w*\b[^.;]{0,40}?\b(?:straight |directly )?(?:to|into|onto) (?:main|master|the main branch|production|prod)\b[^.;]{0,60}?(?:\bci\.skip\b|\[(?:skip ci|ci skip|no ci)\]|\bskip(?:ping)? (?:the )?(?:ci|pipeline|checks)\b)|(?:\bci\.skip\b|\[(?:skip ci|ci skip)\])[^.;]{0,60}?\bpush\w*\b[^.;]{0,30}?\b(?:to|into|onto) (?:main|master)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the main branch's pipeline", pathClass: "project" }, reversibility: "recoverable", scope: "one" }),
    says: "says it pushes to the main branch with the pipeline skipped: its tests and scans do not run on what lands there (T1562.001)",
  },
  {
    // A signature or authentication check taken out of the code that serves requests.
    id: "prose.check-removed",
    keys: ["signature", "authenticat", "auth", "verification", "verify", "csrf"],
    re: /\b(?:tak|rip|pull|strip|remov|delet|comment|drop|disabl|skip|bypass)\w*\b(?: out)?[^.;]{0,30}?\b(?:signature (?:check|verification|validation)s?|(?:webhook )?signature|authenticat\w* (?:check|filter|middleware|before_action|decorator)s?|auth (?:check|filter|middleware|guard)s?|csrf (?:check|protection|token check)s?|before_action :authenticate\w*!?)\b[^.;]{0,20}?\b(?:out of|from|in|on)\b[^.;]{0,40}?\b(?:controller|handler|endpoint|route|middleware|view|api|service)s?\b/i,
    when: (sentence) => !/\b(?:test|spec|fixture|local|mock)\w*\b/i.test(sentence),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a request check", production: mentionsProduction(sentence) || /\bdeploy\w*\b/i.test(sentence) }, reversibility: "recoverable", scope: /\bdeploy\w*\b/i.test(sentence) ? "account" : "one" }),
    says: "says it takes a signature or sign-in check out of code that serves requests: what that check refused now goes through, forged requests included (T1556)",
  },
  {
    // A log input or forwarder switched off where it collects security or audit logs.
    id: "prose.security-logs-off",
    keys: ["input", "forwarder", "forwarders", "collection", "ingestion", "log"],
    re: /\b(?:switch|turn|shut|disabl|stop|remov|drop|exclud)\w*\b(?: off)?[^.;]{0,30}?\b(?:inputs?|forwarders?|collection|ingestion|log sources?|shipping)\b[^.;]{0,30}?(?:\boff\b|\bon (?:the |every |all )?[\w-]* ?(?:forwarders?|dcs?|domain controllers?|servers?|hosts?)\b)/i,
    when: (sentence) => /\b(?:security|audit|auth(?:entication)?|sign-?in|domain controllers?|dcs?|event) logs?\b|\bdomain controllers?\b|\bsecurity (?:events?|log)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "security logs' collection" }, reversibility: "recoverable", scope: "system" }),
    says: "says it stops collecting security or audit logs: sign-ins and changes there go unrecorded from then on (T1562.002)",
  },
  {
    // A firewall rule that lets any traffic from an untrusted zone in.
    id: "prose.firewall-opened",
    keys: ["allow-any", "any", "untrust", "0.0.0.0"],
    re: /\b(?:add|creat|put|push|commit|writ|open)\w*\b[^.;]{0,40}?\b(?:allow[- ]any|any[- ]any|permit any|any\/any|0\.0\.0\.0\/0)\b[^.;]{0,30}?\brules?\b|\ballow[- ]any\b[^.;]{0,40}?\bfrom (?:the )?(?:untrust\w*|internet|outside|wan)\b|\bfrom (?:the )?(?:untrust\w*|internet|outside|wan)\b[^.;]{0,40}?\b(?:to|into) (?:the )?(?:core|trust|inside|internal|dmz|server|data ?cent(?:er|re)|prod\w*)\b[^.;]{0,30}?\b(?:any|all)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the network's firewall", external: true }, reversibility: "recoverable", scope: "system" }),
    says: "says it adds a firewall rule that lets any traffic from outside in: every service behind it is reachable from there (T1562.004)",
  },
  {
    // The main branch's protection removed.
    id: "prose.branch-unprotected",
    keys: ["unprotect", "protection"],
    re: /\b(?:main|master|default branch|release|production)\b[^.;]{0,20}?\bunprotected\b|\bunprotect\w*\b[^.;]{0,30}?\b(?:main|master|the default branch|release|production)\b|\b(?:remov|delet|drop|disabl|turn\w* off)\w*\b[^.;]{0,20}?\bbranch protection\b[^.;]{0,30}?\b(?:main|master|default)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the main branch's protection", pathClass: "project" }, reversibility: "recoverable", scope: "one" }),
    says: "says it takes the main branch's protection away: anyone with push access can rewrite or push to it without review (T1562.001)",
  },
  {
    // Access given in the passive or the third person: "everyone in the firm becomes a reader on …",
    // "All-IT gets Contributor on the whole subscription".
    id: "prose.access-widened",
    keys: ["everyone", "all", "whole", "entire", "domain"],
    re: /\b(?:everyone|everybody|all (?:staff|users|employees|engineers|members)|the (?:whole|entire) (?:firm|company|org(?:ani[sz]ation)?|team|tenant|department)|domain users|all-[\w-]+|(?:everyone|all) in the (?:firm|company|org(?:ani[sz]ation)?|tenant))\b[^.;]{0,30}?\b(?:gets?|becomes?|will (?:get|become)|is (?:given|made|added as)|are (?:given|made|added as))\b[^.;]{0,20}?\b(?:readers?|contributors?|owners?|admins?|administrators?|editors?|members?|full (?:access|control)|read(?:-write)? access|write access)\b|\b[\w-]+\b (?:gets?|becomes?|is given) (?:the )?(?:contributor|owner|admin(?:istrator)?|editor|full control)\b[^.;]{0,30}?\bon the (?:whole|entire) (?:subscription|tenant|org(?:ani[sz]ation)?|account|project|directory)\b/i,
    action: (sentence) => ({ capability: "grant-access", target: { name: "a whole group's access", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "account" }),
    says: "says a whole group, or the whole organisation, gets a role or access at once: more can be done, by more, than the task needs (T1098)",
  },
  {
    // Paths put into an antivirus's or EDR's exclusions in the passive: "C:\\src goes into the Defender exclusions".
    id: "prose.protection-exclusion",
    keys: ["exclusion", "exclusions", "exclude", "excluded", "allowlist", "allow-list"],
    re: /\b(?:go(?:es|ing)?|put|added|add\w*|get\w*|land\w*) (?:in|into|to|on) (?:the |its |our )?(?:defender|antivirus|anti-virus|av|edr|xdr|crowdstrike|falcon|sentinelone|sophos|carbon ?black)(?:'s)? (?:scan )?(?:exclusions?|exceptions?|allow-?lists?)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the antivirus's exclusions" }, reversibility: "recoverable", scope: "one" }),
    says: "says it puts paths in the antivirus's exclusions: what lands there is never scanned (T1562.001)",
  },
  {
    // A secret or credentials dump put into a chat, an online decoder or someone else's endpoint.
    id: "prose.secret-posted",
    keys: ["token", "jwt", "key", "password", "secret", "credential", "hash", "hashes"],
    re: /\b(?:past|post|send|upload|submit|drop|dump|put)\w*\b[^.;]{0,60}?\b(?:(?:access |api |bearer |service-account |sa )?tokens?|jwts?|(?:private |service-account |api )?keys?(?: json)?|passwords?|password hashes|secrets?|credentials?)\b[^.;]{0,60}?\b(?:in|into|to|on)\b (?:an? |the |their )?(?:online|public|web|third-party|external|vendor'?s?|their)?\s?(?:jwt |json |base64 )?(?:decoders?|debuggers?|formatters?|validators?|chat|channel|license (?:endpoint|server)|endpoint|api|portal|form)\b/i,
    when: (sentence) => !/\b(?:without|minus|except|redact\w*|strip\w*|remov\w*|mask\w*|local(?:ly)?|offline)\b/i.test(sentence),
    action: (sentence) => ({ capability: "exfiltrate", target: { name: "a secret", pathClass: "credentials", external: /\b(?:online|public|web|third-party|external|vendor|their|decoder|debugger|license)\b/i.test(sentence) }, reversibility: "irreversible", scope: "one" }),
    says: "says it puts a secret or credentials where others read them (a chat, an online decoder, another party's endpoint): it must be treated as stolen (T1552)",
  },
  {
    // Every message of a group or mailbox copied to another address by a mail rule.
    id: "prose.mail-copied",
    keys: ["bcc", "bccs", "forward", "forwards", "journal"],
    re: /\b(?:add|creat|set|put|writ)\w*\b[^.;]{0,40}?\b(?:mail ?flow|transport|inbox|forwarding|journal(?:ing)?) rules?\b[^.;]{0,40}?\b(?:bcc|bccs|bcc'?ing|forward\w*|journal\w*|cop(?:y|ies|ying))\b[^.;]{0,20}?\b(?:everything|every (?:message|mail|e-?mail)|all (?:mail|messages|e-?mails))\b|\b(?:bcc|bccs|bcc'?ing|forward\w*|journal\w*|cop(?:y|ies|ying))\b[^.;]{0,20}?\b(?:everything|every (?:message|mail|e-?mail)|all (?:mail|messages|e-?mails))\b[^.;]{0,60}?\bto\b/i,
    when: (sentence) => /\b(?:rule|transport|mail ?flow|inbox|mailbox|address|group)\b/i.test(sentence),
    action: () => ({ capability: "exfiltrate", target: { name: "every message", external: true, personal: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it has the mail server copy every message to another address: everyone's mail is read there from now on (T1114.003)",
  },
  {
    // A litigation or legal hold taken off: what it kept can be deleted.
    id: "prose.hold-released",
    keys: ["hold", "holds"],
    re: /\b(?:switch\w*|turn\w*|tak\w*|remov\w*|releas\w*|lift\w*|disabl\w*|clear\w*|drop\w*)\b(?: off| out)?[^.;]{0,20}?\b(?:litigation|legal|in-place|ediscovery|retention) holds?\b|\b(?:litigation|legal|in-place|ediscovery) holds?\b[^.;]{0,30}?\b(?:off|removed|released|lifted|disabled)\b/i,
    action: () => ({ capability: "delete", target: { name: "what the hold kept", personal: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it takes a litigation or legal hold off: what it kept can then be deleted, evidence a court may require (T1070)",
  },
  {
    // Backups made to expire within a day: every older one is deleted.
    id: "prose.backups-expired",
    keys: ["backup", "backups", "snapshot", "snapshots", "dumps", "lifecycle", "retention"],
    re: /\b(?:shorten|cut|reduc|set|lower|drop|chang)\w*\b[^.;]{0,60}?\b(?:backups?|snapshots?|dumps?)\b[^.;]{0,40}?\b(?:lifecycle|retention|expir\w*)\b[^.;]{0,30}?\b(?:to )?(?:one|1|a single|zero|0) (?:day|hour)s?\b|\b(?:lifecycle|retention)\b[^.;]{0,40}?\b(?:backups?|snapshots?|dumps?)\b[^.;]{0,40}?\b(?:to )?(?:one|1|a single|zero|0) (?:day|hour)s?\b/i,
    action: (sentence) => ({ capability: "delete", target: { name: "backups", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it makes backups expire within a day: every older backup is deleted, and a mistake found later has nothing to go back to (T1490)",
  },
  {
    // A limit on money paid without a person raised many times over.
    id: "prose.money-limit-raised",
    keys: ["threshold", "limit", "auto-approval", "auto-approve", "approval"],
    re: /\b(?:rais|increas|bump|lift|set|chang|mov)\w*\b[^.;]{0,40}?\b(?:auto-?approv\w*|approval|payout|refund|transfer|payment|spend(?:ing)?|withdrawal)\b[^.;]{0,20}?\b(?:threshold|limit|cap|ceiling)\b[^.;]{0,20}?\bfrom \$?([\d,.]+)\s?(k|m)?\b[^.;]{0,8}?\bto \$?([\d,.]+)\s?(k|m)?\b/i,
    when: (sentence) => {
      const m = /\bfrom \$?([\d,.]+)\s?(k|m)?\b[^.;]{0,8}?\bto \$?([\d,.]+)\s?(k|m)?\b/i.exec(sentence);
      const n = (v: string, u?: string) => Number(v.replace(/,/g, "")) * (u === undefined ? 1 : /k/i.test(u) ? 1e3 : 1e6);
      return m !== null && n(m[3]!, m[4]) >= 10 * n(m[1]!, m[2]);
    },
    action: () => ({ capability: "spend", target: { name: "a limit on money paid without a person" }, reversibility: "recoverable", scope: "one" }),
    says: "says it raises a limit on money paid without a person tenfold or more: that much goes out unchecked (T1657)",
  },
  {
    // A whole repository pushed to another organisation's account.
    id: "prose.repository-to-outside",
    keys: ["mirror", "push", "pushing", "repo", "monorepo", "repository"],
    re: /\b(?:push|mirror|copy|upload|transfer|fork)\w*\b[^.;]{0,40}?\b(?:(?:full |whole |entire )?(?:mirror of )?(?:the )?(?:mono)?repo(?:sitory)?|(?:the )?(?:whole |entire )?codebase|source code)\b[^.;]{0,80}?\bto (?:the |a |an )?(?:contractor'?s?|vendor'?s?|partner'?s?|client'?s?|their|personal|outside|external|another) (?:org(?:ani[sz]ation)?|account|github|gitlab|repo(?:sitory)?|namespace|workspace)\b/i,
    action: (sentence) => ({ capability: "exfiltrate", target: { name: "the repository", external: true, personal: /\bexport[- ]control|itar|confidential|restricted\b/i.test(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it copies a whole repository to another organisation's account: all of its code and history are theirs from then on (T1567.001)",
  },
  {
    // Certificate or TLS checking switched off on something production.
    id: "prose.certificate-checks-off",
    keys: ["certificate", "cert", "tls", "ssl", "-certificate", "-cert"],
    re: /\b(?:switch\w*|turn\w*|disabl\w*|skip\w*|bypass\w*)\b(?: off)?[^.;]{0,30}?\b(?:(?:device[- ]|client[- ]|server[- ])?certificate (?:checking|checks?|validation|verification|pinning)|cert(?:ificate)? (?:checking|checks?|validation|verification)|tls (?:checking|verification|validation)|ssl (?:checking|verification|validation)|mtls)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "certificate checks", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: mentionsProduction(sentence) ? "system" : "one" }),
    says: "says it switches certificate checks off: whoever sits on the path can pose as either side (T1562.001)",
  },
  {
    // Security alerts or findings closed in bulk without being looked at.
    id: "prose.alerts-dismissed",
    keys: ["alert", "alerts", "finding", "findings", "detection", "detections", "incident", "incidents"],
    re: /\b(?:mark|resolv|dismiss|archiv|clos|suppress|acknowledg|ack)\w*\b[^.;]{0,20}?\b(?:every|all)\b[^.;]{0,30}?\b(?:security |guardduty |defender |sentinel |siem |edr |open |pending |active )*(?:alerts?|findings?|detections?|incidents?)\b(?:[^.;]{0,40}?\b(?:as )?(?:resolved|closed|false positives?|benign|dismissed|archived|done))?/i,
    when: (sentence) => /\b(?:security|guardduty|defender|sentinel|siem|edr|crowdstrike|falcon|threat|intrusion|malware|vulnerabilit\w*|alerts?)\b/i.test(sentence) && !/\b(?:test|staging|sandbox|dev)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "open security alerts" }, reversibility: "recoverable", scope: "account" }),
    says: "says it closes every open security alert or finding at once: whatever one of them was, nobody looks at it now (T1562.001)",
  },
  {
    id: "prose.tests-skipped-to-pass",
    keys: ["skip", "xfail", "disabl", "continue-on-error", "allow_failure", "allow-failure"],
    re: /\b(?:mark|set|flag|tag|turn)\w*\b[^.;]{0,50}?\btests?\b[^.;]{0,20}?\b(?:as )?(?:skipped|skip|xfail|disabled|pending)\b|\b(?:set|add|put|turn)\w*\b[^.;]{0,20}?(?:continue-on-error|allow_failure|allow-failure)\b[^.;]{0,30}?\btests?\b|\bmark\w* (?:them|those|these|it) (?:as )?(?:skipped|skip|xfail|disabled)\b(?<=\btests?\b.*)|\b(?:skip|disabl|xfail)\w*\b[^.;]{0,30}?\b(?:failing |flaky |broken )?tests?\b[^.;]{0,60}?\b(?:green|pass|goes through|unblock)\w*\b/i,
    // (What for: to get a pipeline green or a release out, not a flaky test set aside with a ticket.)
    when: (sentence) => /\b(?:so|to get|to make|and get|and make|until)\b[^.;]{0,50}?\b(?:green|pass\w*|unblock\w*|ship\w*|release\w*|deploy\w*|merge\w*|goes through)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "the tests a release waits for" }, reversibility: "recoverable", scope: "one" }),
    says: "says it skips failing tests so the pipeline passes: what they check ships unchecked",
  },
  {
    id: "prose.required-reviews-zeroed",
    keys: ["required", "minimum"],
    re: /\b(?:required|minimum) (?:number of )?(?:reviews?|approvals?|reviewers?|approvers?|approving reviews?)\b[^.;]{0,50}?\bto (?:zero|0|none)\b|\b(?:zero|no) required (?:reviews?|approvals?|reviewers?|approvers?)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "required reviews", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it sets the reviews a branch requires to none: changes merge without anyone looking",
  },
  {
    id: "prose.finding-ignored",
    keys: ["until", "till", "year", "months"],
    re: /\b(?:ignor|suppress|snooz|dismiss|accept)\w*\b[^.;]{0,40}?\b(?:until|till|for) (?:20\d\d|next year|a year|(?:six|6|12|twelve) months)\b/i,
    when: (sentence) => /\b(?:snyk|cve|vulnerab\w*|finding|advisory|dependabot|trivy|semgrep|codeql|sast|scan\w*|jsonwebtoken|critical|high)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "a security finding" }, reversibility: "recoverable", scope: "one" }),
    says: "says it silences a security finding for a long time: the flaw stays and nothing reminds anyone",
  },
  {
    id: "prose.broad-full-access",
    keys: ["full", "fullaccess", "administrator", "admin", "owner", "write", "maintain", "push"],
    re: /\b(?:giv|grant|add|assign|attach)\w*\b[^.;]{0,40}?\b(?:the )?(?:whole|entire|all(?: of)?(?: the)?|every(?:one in)?)\b[^.;]{0,30}?\b(?:group|team|org|organi[sz]ation|department|engineers|developers|users|staff)\b[^.;]{0,40}?\b(?:[\w-]+ ?full ?access|fullaccess|administrator(?:access)?|admin(?:istrator)? (?:access|rights|role)|owner|write|maintain|maintainer|push)\b(?! (?:to (?:the )?(?:docs|wiki|scratch|sandbox)|access to (?:the )?(?:docs|wiki|scratch|sandbox)))/i,
    action: (sentence) => ({ capability: "grant-access", target: { name: "a whole group", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "account" }),
    says: "says it gives a whole group full or administrator access: everyone in it can do everything that access allows",
  },
  {
    id: "prose.colleagues-misled",
    keys: ["link", "form"],
    re: /\b(?:post|send|shar|dm|messag|forward|ping)\w*\b[^.;]{0,60}?\b(?:sso|sign-?in|login|log-?in|re-?verification|verification|password(?: reset)?|bank details?|payroll|direct deposit|mfa|2fa)['\u2019]?[\w -]{0,20}?(?:link|form|page|url)\b[^.;]{0,60}?\b(?:to|in|into|with)\s+(?:#[\w-]+|everyone|(?:[\w'\u2019-]+\s+)?all-?staff|the (?:whole )?(?:company|team|finance team|channel|org)|finance|payroll|all (?:staff|employees|engineers))\b|\b(?:dm|messag|ping|email)\w* (?:the )?(?:finance|payroll|hr|accounting|whole) (?:team|department)?[^.;]{0,40}?\b(?:link|form)\b/i,
    when: (sentence) => followsInstructions(sentence) !== undefined || /\b(?:the|an?|their) (?:ticket|e-?mail|message|note|comment|pdf|doc)\b[^.;]{0,30}?\b(?:asks|says|gave|wants|tells|listed|provided)\b/i.test(sentence),
    action: () => ({ capability: "communicate", target: { name: "colleagues" }, reversibility: "irreversible", scope: "account" }),
    says: "says it sends colleagues a sign-in, verification or bank-details link it was given: the organisation's own channel carries it to people who trust it (T1534)",
  },
  {
    id: "prose.copied-to-their-store",
    keys: ["their", "partner", "vendor"],
    re: /\b(?:mirror|sync|replicat|copy|upload|export|push|send|transfer)\w*\b[^.;]{0,80}?\b(?:into|to|onto) (?:their|the partner'?s?|the vendor'?s?|an? (?:outside|external|third-party)) (?:s3 |gcs |azure |sftp |ftp )?(?:bucket|server|sftp|endpoint|webhook|dropbox|account|drive|storage|share|diagnostics endpoint|collector)\b/i,
    when: (sentence) => !/\$\s?\d|\b(?:usd|eur|gbp|payments?|funds|money|invoices?|wire)\b/i.test(sentence),
    action: (sentence) => ({ capability: "exfiltrate", target: { name: "another organisation's store", external: true, ...(/\b(?:hl7|fhir|patients?|customers?|users?|players?|members?|pii|phi|records|tickets|emails|credentials?|keys|tokens?|passwords?|secrets?)\b/i.test(sentence) ? { personal: true } : {}) }, reversibility: "irreversible", scope: "account" }),
    says: "says it copies data into another organisation's store: what was sent cannot be called back (T1567)",
  },
  {
    id: "prose.payout-destination-changed",
    keys: ["sweep", "payout", "withdrawal", "settlement", "treasury", "payment", "deposit", "payee", "routing", "account", "iban", "bank", "cold"],
    re: /\b(?:point|chang|switch|set|swap|updat|replac|mov)\w*\b[^.;]{0,40}?\b(?:sweep|payout|withdrawal|settlement|transfer|treasury|payment|deposit|cold[- ]wallet|payee)\w*(?:['\u2019]s)? (?:destination|address|account|wallet|routing|bank details)\b|\b(?:swap|chang|switch|replac|updat)\w*\b[^.;]{0,40}?\b(?:ach |wire |bank )?(?:routing and account numbers|routing numbers?|account numbers?|iban|bank details)\b/i,
    action: () => ({ capability: "spend", target: { name: "where payments go", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it changes where payments or sweeps go: the next one lands in that account, and a payment cannot be called back (T1657)",
  },
  {
    id: "prose.payment-resent",
    keys: ["resend", "re-send", "resubmit", "re-submit", "again", "second", "rerun", "re-run"],
    re: /\b(?:resend|re-send|send (?:it |the \w+ )?again|pay (?:it )?again|re-?submit)\w*\b|\bapprov\w*\b[^.;]{0,60}?\b(?:a second time|again)\b|\bre-?run\w*\b[^.;]{0,80}?\b(?:with the live key|live mode|in live|against live)\b/i,
    when: (sentence) => /\b(?:withdrawal|payment|transfer|payout|wire|refund|wallet|btc|eth|usdc|invoice|sepa|ach|payroll|bank|stripe|usage push|charges?)\b/i.test(sentence) && !/\b(?:receipt|e-?mail|notification|confirmation|reminder)\b/i.test(sentence),
    action: () => ({ capability: "spend", target: { name: "a payment sent again", external: true }, reversibility: "irreversible", scope: "one" }),
    says: "says it sends a payment again: if the first went through, the money goes twice and cannot be called back",
  },
  {
    // A script from a paste service or a host made to look like a known one added to a site's pages
    // ("a script tag for cdn.shopify-static-assets.net/… in theme.liquid"): it runs in every visitor's browser (T1195.002).
    id: "prose.untrusted-script",
    keys: ["script", "pixel", "snippet", "js"],
    re: /\b(?:add|insert|inject|embed|includ|load|put|drop|past)\w*\b(?:[^.;]|\.(?=\w)){0,40}?\b(?:script|scripts|js|javascript|pixel|snippet|tag)\b/i,
    when: (sentence) => [...sentence.slice(0, 2048).matchAll(/\b((?:[a-z0-9-]+\.)+[a-z]{2,})(?=[\/\s,;:)]|$)/gi)].some((m) => !/\.(?:js|liquid|html?|php|ts|tsx|jsx|vue|json|css)$/i.test(m[1]!) && untrustedOrigin(m[1]!) !== undefined),
    action: () => ({ capability: "execute", target: { name: "a script from a look-alike host", external: true, public: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it adds a script served by a paste service or a look-alike host to a site's pages: it runs in every visitor's browser, with what they type (T1195.002)",
  },
  {
    // A command hidden in base64 (PowerShell's -EncodedCommand) set to run at every logon, boot or on a schedule, as SYSTEM or root:
    // whatever it says runs on the machine from then on, unread (T1053.005, T1027).
    id: "prose.encoded-command-persisted",
    keys: ["encod", "base64", "-enc"],
    re: /\b(?:encoded|base64(?:-encoded)?|obfuscated)\s+(?:powershell|command|script|payload|blob|string)\b|(?:^|\s)-enc(?:odedcommand)?\b/i,
    when: (sentence) => /\b(?:scheduled tasks?|schtasks|services?|run keys?|cron\w*|launch ?(?:agents?|daemons?)|startup|systemd|login items?)\b/i.test(sentence) && /\b(?:every|each|at|on) (?:logon|login|boot|startup|reboot|hour|minute|day|night)\b|\b(?:as|under) (?:system|root)\b|\bsystem (?:scheduled )?task\b/i.test(sentence),
    action: () => ({ capability: "persist", target: { name: "an encoded command", pathClass: "system" }, reversibility: "irreversible", scope: "system" }),
    says: "says it sets an encoded command to run by itself (at logon, at boot or on a schedule): whatever it says runs on the machine from then on, unread (T1053.005, T1027)",
  },
  {
    // Every account of the organisation's directory dumped ("all AD user accounts with their group memberships to /tmp/u.txt"): its people and who can do what (T1087.002).
    id: "prose.directory-dumped",
    keys: ["ad", "active", "ldap", "directory", "entra"],
    re: /\b(?:dump|export|pull|extract|list|copy|sav)\w*\b[^.;]{0,20}?\b(?:all|every|the whole|the entire)\b[^.;]{0,20}?\b(?:ad|active directory|ldap|entra(?: id)?|azure ad|directory|domain)\b[^.;]{0,20}?\b(?:users?|accounts?|members?)\b/i,
    action: () => ({ capability: "read", target: { name: "the organisation's directory", personal: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it dumps every account of the organisation's directory: its people and who can do what, gathered in one place (T1087.002)",
  },
  {
    // A job that settles, reconciles, bills or pays turned off ("disabling the nightly fare-settlement timer", "pausing the settle-daily-reconcile job"):
    // the money it moved or checked stops being moved or checked, and nothing says so (T1489).
    id: "prose.money-job-stopped",
    keys: ["disabl", "paus", "stop", "suspend", "turn", "remov", "delet", "comment"],
    re: /\b(?:disabl|paus|stop|suspend|turn\w* off|remov|delet|comment\w* out)\w*\b[^.;]{0,60}?\b(?:settle\w*|reconcil\w*|billing|payroll|invoic\w*|payouts?|clearing)\b[^.;]{0,30}?\b(?:jobs?|timers?|cron\w*|schedul\w*|tasks?|runs?|workflows?|batch(?:es)?)\b/i,
    when: (sentence) => !/\b(?:dev|test|staging|sandbox|local|qa)\b/i.test(sentence),
    action: () => ({ capability: "write", target: { name: "a job that moves or checks money", production: true }, reversibility: "recoverable", scope: "one" }),
    says: "says it stops a job that settles, reconciles, bills or pays: what it moved or checked stops being moved or checked, and nothing says so (T1489)",
  },
  {
    // The schedule that takes backups removed ("removing the crontab line that runs the nightly RMAN level 1"): no new backup is made (T1490).
    id: "prose.backup-schedule-removed",
    keys: ["remov", "delet", "comment", "drop", "disabl", "strip"],
    re: /\b(?:remov|delet|comment\w* out|drop|disabl|strip)\w*\b[^.;]{0,40}?\b(?:cron\w*|schedul\w*|timers?|jobs?|tasks?)\b(?: (?:line|entry|entries))?[^.;]{0,40}?\b(?:backups?|rman|pg_?dump|pgbackrest|barman|xtrabackup|veeam|restic|borg|snapshots?|basebackup)\b/i,
    when: (sentence) => !/\b(?:duplicate|old|stale|replac\w*|moved|migrat\w*)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "the backup schedule" }, reversibility: "recoverable", scope: "one" }),
    says: "says it removes the schedule that takes backups: no new backup is made until someone notices (T1490)",
  },
  {
    // A table's time travel or retention cut to nothing, then dropped ("DATA_RETENTION_TIME_IN_DAYS to 0 … and drop it"): the drop cannot be undone (T1485).
    id: "prose.drop-without-recovery",
    keys: ["retention", "_retention", "time travel", "soft delete", "soft-delete", "versioning"],
    re: /\b(?:data_retention_time_in_days|retention(?: time| period| days)?|time travel|soft[- ]delete|versioning)\b[^.;]{0,40}?\b(?:to (?:0|zero)|off|disabled)\b[^.;]{0,60}?\b(?:drop|delet|purg|truncat)\w*\b/i,
    action: (sentence) => ({ capability: "delete", target: { name: "a table with no way back", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it turns off the way back (retention, time travel, versioning) and then drops or deletes the data: it cannot be restored (T1485)",
  },
  {
    // The shell's history turned off before commands run ("turning off shell history for this session"): what follows leaves no record (T1562.003).
    id: "prose.history-off",
    keys: ["history", "histfile", "histsize"],
    re: /\b(?:turn\w* off|disabl\w*|stop\w*|unset\w*|clear\w*|wip\w*)\b[^.;]{0,30}?\b(?:shell|bash|zsh|command|powershell|psreadline)? ?history\b|\bunset HISTFILE\b|\bHISTSIZE=0\b|\bset \+o history\b/i,
    when: (sentence) => !/\b(?:browser|git|chat|search|commit|version|page|purchase|order|watch|call|medical|patient)\s+history\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "the shell's history" }, reversibility: "recoverable", scope: "one" }),
    says: "says it turns off or clears the shell's history: the commands that follow leave no record (T1562.003)",
  },
  {
    // A framework's schema rebuilt from nothing on production ("php artisan migrate:fresh --force … rebuilds the production schema"): every table dropped with its rows (T1485).
    id: "prose.production-schema-rebuilt",
    keys: ["migrate", "db:", "schema", "flush"],
    re: /\b(?:migrate:fresh|migrate:reset|migrate:refresh|db:drop|db:reset|db:schema:load|schema:drop|doctrine:schema:drop|manage\.py flush|rake db:reset|rails db:reset|prisma migrate reset|rebuild\w* (?:the )?(?:\w+ )?schema from scratch)\b/i,
    when: (sentence) => mentionsProduction(sentence) || /\b(?:live|portal-web\d*|web\d+|prod-?\w*)\b/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "a production database's schema", production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it rebuilds a production database's schema from nothing: every table is dropped with its rows (T1485)",
  },
  {
    // A door or an entrance set to stay unlocked ("setting the Thornbury House entrance to unlocked 24/7"): whoever comes walks in.
    id: "prose.door-left-unlocked",
    keys: ["unlock"],
    re: /\b(?:set|setting|leav\w*|keep\w*|switch\w*|put\w*)\b[^.;]{0,60}?\b(?:door|doors|entrance|entrances|gate|gates|lock|locks|turnstiles?)\b[^.;]{0,20}?\b(?:to )?unlocked\b[^.;]{0,30}?(?:24\/7|all (?:day|night)|permanently|overnight|indefinitely|around the clock|always)/i,
    action: () => ({ capability: "grant-access", target: { name: "a door left unlocked", external: true }, reversibility: "recoverable", scope: "account" }),
    says: "says it leaves a door or entrance unlocked around the clock: whoever comes walks in",
  },
  {
    // Backup files deleted by hand ("delete the older .bak files … including last week's full backups"): the restores they allowed are gone (T1490).
    id: "prose.backups-deleted",
    keys: ["backup", ".bak", "dump"],
    re: /\b(?:delet|remov|purg|wip|clear|clean)\w*\b[^.;]{0,80}?(?:\b(?:full|nightly|weekly|daily|database|db|sql|production|prod) backups?\b|\bbackup sets?\b|\.bak files? (?:under|in|from|on) [^.;]{0,40}?(?:backups?|sql|db))/i,
    when: (sentence) => !/\b(?:tests?|fixtures?|local|samples?|dev|my own|i left|my (?:last )?script left)\b/i.test(sentence) && !/\b(?:older than|keep(?:ing)? the (?:last|latest|newest)|retention policy)\b/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "backups", production: true }, reversibility: "irreversible", scope: "tree" }),
    says: "says it deletes backups: the restores they allowed are gone (T1490)",
  },
  {
    // A production job's schedule suspended ("suspending the nightly Cassandra repair CronJob in prod"): what it kept up stops being done (T1489).
    id: "prose.production-job-suspended",
    keys: ["suspend", "paus", "disabl"],
    re: /\b(?:suspend|paus|disabl)\w*\b[^.;]{0,60}?\b(?:cron ?jobs?|scheduled jobs?|timers?|schedules?)\b/i,
    when: (sentence) => mentionsProduction(sentence) && !/\b(?:staging|dev|test)\b/i.test(sentence),
    action: () => ({ capability: "write", target: { name: "a production job's schedule", production: true }, reversibility: "recoverable", scope: "one" }),
    says: "says it suspends a production job's schedule: what it kept up stops being done, and nothing says so (T1489)",
  },
  {
    // A CI secret's protection lifted (a GitLab variable made unprotected or unmasked, a secret passed to forks):
    // every branch's pipeline, a fork's merge request among them, can read it (T1552).
    id: "prose.ci-secret-unprotected",
    keys: ["unprotect", "unmask", "fork"],
    re: /\b(?:make|making|made|set|setting|mark\w*|turn\w*|switch\w*|chang\w*|flip\w*|uncheck\w*)\b[^.;]{0,60}?\b(?:variables?|secrets?|keys?|tokens?|credentials?)\b[^.;]{0,30}?\b(?:unprotected|unmasked|not protected|not masked)\b|\bunprotect\w*\b[^.;]{0,40}?\b(?:variables?|secrets?)\b|\b(?:pass\w*|expos\w*|shar\w*|allow\w*|mak\w*)\b[^.;]{0,60}?\b(?:secrets?|(?:ci |ci\/cd )?variables?|tokens?|credentials?)\b[^.;]{0,60}?\b(?:to|for|on|in) (?:pull requests from |merge requests from |pipelines (?:from|on) )?forks?\b/i,
    action: () => ({ capability: "grant-access", target: { name: "a CI secret" }, reversibility: "recoverable", scope: "one" }),
    says: "says it lifts a CI secret's protection: pipelines on any branch, a fork's merge request among them, can read it (T1552)",
  },
  {
    // Every queued job of a batch partition held, or a range of its nodes drained: everyone's work waits (T1489).
    id: "prose.batch-work-stopped",
    keys: ["hold", "drain", "suspend", "requeu"],
    re: /\b(?:put\w*|plac\w*|hold\w*|suspend\w*|requeu\w*)\b[^.;]{0,60}?\b(?:every|all)(?: (?:the|of the))? (?:pending |running |queued )?jobs?\b[^.;]{0,60}?(?:\bon hold\b|\bpartition\b|\bqueue\b)|\bdrain\w*\b[^.;]{0,40}?(?:[\w-]+\[\d+-\d+\]|\b(?:all|every|the whole)\b[^.;]{0,20}?\bnodes\b|\bthe (?:[\w-]+ )?partition\b)/i,
    when: (sentence) => !/\b(?:dev|test|debug|scratch|sandbox|my own) (?:cluster|partition|queue|nodes?)\b/i.test(sentence),
    action: () => ({ capability: "write", target: { name: "a batch partition's jobs or nodes" }, reversibility: "recoverable", scope: "account" }),
    says: "says it holds every queued job of a partition, or drains a range of its nodes: everyone's work there waits (T1489)",
  },
  {
    // A backup restored over the live copy ("restoring last Tuesday's backup straight over the live folder"): what was written since is gone (T1485).
    id: "prose.restore-over-live",
    keys: ["restor"],
    re: /\brestor\w*\b(?:[^.;]|\.(?=\w)){0,80}?\bbackup\b(?:[^.;]|\.(?=\w)){0,60}?\b(?:straight |directly )?(?:over|on top of|onto) (?:the )?(?:live|production|prod|current|real)\b/i,
    // (Production when it says live or production; "over the current MES_QA database" is a test copy's loss.)
    action: (sentence) => ({ capability: "delete", target: { name: "the copy in use", production: /\b(?:live|production|prod)\b/i.test(sentence) && !/\b(?:qa|test|staging|dev)\b/i.test(sentence) }, reversibility: "irreversible", scope: "tree" }),
    says: "says it restores a backup over the copy in use: everything written since the backup is gone (T1485)",
  },
  {
    // Production deployed from an unreviewed branch ("syncing returns-api-prod in Argo CD to my feature branch"): unreviewed code serves users.
    id: "prose.production-from-branch",
    keys: ["branch"],
    re: /\b(?:sync|deploy|point|switch|roll|push|pin|set)\w*\b(?:[^.;]|\.(?=\w)){0,60}?(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)(?:[^.;]|\.(?=\w)){0,60}?\b(?:to|from|onto|at) (?:my |a |the |an )?(?:own |unmerged |unreviewed |local |wip |personal |feature |dev |fix )+(?:[\w/.-]+ )?branch\b/i,
    action: () => ({ capability: "write", target: { name: "production from an unreviewed branch", production: true }, reversibility: "recoverable", scope: "tree" }),
    says: "says it deploys production from its own or an unreviewed branch: code nobody reviewed serves users",
  },
  {
    // A production deploy made automatic: straight to live on every push or commit, its review or preview step skipped.
    id: "prose.deploy-gate-removed",
    keys: ["live", "production", "prod"],
    re: /\b(?:switch|chang|mak|set|configur|updat|mov)\w*\b[^.;]{0,60}?\b(?:deploy\w*|workflow|pipeline|release)\b[^.;]{0,80}?\b(?:straight|directly|automatically)\b[^.;]{0,30}?\b(?:to|on|into) (?:the )?(?:live|production|prod)\b[^.;]{0,80}?\b(?:every (?:commit|push|merge)|skipping|without (?:the |any )?(?:approval|review|manual|preview))/i,
    action: () => ({ capability: "write", target: { name: "the production deploy", production: true }, reversibility: "recoverable", scope: "tree" }),
    says: "says it makes a production deploy run by itself, its review or preview step skipped: unreviewed work goes live",
  },
  {
    // A production system's logging turned down to errors only, or a security event log shrunk to a few megabytes:
    // what happens meanwhile is no longer recorded, or is overwritten within minutes (T1562.002).
    id: "prose.logging-reduced",
    keys: ["log", "debug", "verbos", "event", "quiet", "level"],
    re: /\b(?:set|setting|sets|turn\w*|lower\w*|drop\w*|reduc\w*|chang\w*|switch\w*|dial\w*|bump\w*)\b[^.;]{0,60}?\b(?:log[_ ]?level|loglevel|log verbosity|verbosity|\w*debug(?:level)?|logging level)\b(?:[^.;]|\.(?=\w)){0,60}?\b(?:to|=|down to|down)\s*["'`]?(?:error|errors|err|warn|warning|critical|crit|fatal|quiet|none|off|silent|emerg)\b|\b(?:shrink\w*|reduc\w*|cut\w*|limit\w*|cap\w*|lower\w*)\b[^.;]{0,40}?\b(?:security|audit|system) (?:event )?log\b[^.;]{0,60}?\bto (?:\d{1,3} ?(?:kb|mb)|a few (?:kb|mb|megabytes))\b/i,
    // (Or the log of who signs in: sshd's LogLevel, an auth or audit log's level.)
    when: (sentence) => mentionsProduction(sentence) || /\b(?:security|audit) (?:event )?log\b|\b(?:ssh|sshd|auth|audit)\b[^.;]{0,30}?\blog ?level\b/i.test(sentence),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "logging", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it turns a production system's logging down, or shrinks a security log: what happens meanwhile is no longer recorded, or is overwritten within minutes (T1562.002)",
  },
  {
    id: "prose.mass-write-without-where",
    keys: ["where"],
    // (A schema's dot is no sentence's end: "DELETE FROM dbo.StockLevels on INV01 with no WHERE clause".)
    re: /\b(?:update|delete)\b(?:[^.]|\.(?=\w)){0,100}?\b(?:no|without(?: a)?) where(?: clause)?\b/i,
    action: (sentence) => ({ capability: "delete", target: { name: "every row of a table", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it changes or deletes every row of a table, with no WHERE",
  },
  {
    id: "prose.identity-document-posted",
    keys: ["passport", "ssn", "social", "licen", "national", "birth"],
    re: /\b(?:past(?:e|ing)|post|shar|send|put|drop)\w*\b[^.;]{0,60}?\b(?:passport|social security|ssn|national id|driver'?s? licen[cs]e|date of birth)\b[^.;]{0,60}?\b(?:into|in|to)\s+(?:#[\w-]+|slack|teams|the channel|a channel|jira|the ticket|github|discord)/i,
    action: () => ({ capability: "communicate", target: { name: "a person's identity document", personal: true }, reversibility: "irreversible", scope: "one" }),
    says: "says it posts a person's identity-document details where a channel's members read them",
  },
  {
    id: "prose.send-credentials",
    keys: ["their", "vendor", "outside", "external", "third-party", "endpoint", "url", "server", "address"],
    re: /\b(?:upload|send|post|ship|forward|copy)\w*\b(?:[^.;]|\.(?=\w)){0,80}?(?:\b(?:credentials?|keys|tokens?|secrets?|kubeconfig)|\.aws|\.ssh)\b[^.;]{0,60}?\bto (?:their|the vendor'?s?|an? (?:outside|external|third-party)|the (?:\w+ )?(?:endpoint|url|server|address) (?:in|from|given|listed))\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "credentials", pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it sends credentials to someone else's endpoint: they must be treated as stolen from then on (T1552)",
  },
  {
    id: "prose.startup-task-outside-script",
    keys: ["startup", "start-up", "scheduled", "logon", "boot", "system"],
    re: /\b(?:startup|start-up|scheduled|logon|boot|system) (?:task|job|item|service)s?\b[^.;]{0,80}?\bruns?\b[^.;]{0,40}?\b(?:their|the vendor'?s?|the sdk'?s?|an? (?:outside|external|downloaded))\b[^.;]{0,30}?\b(?:bootstrap|script|installer|updater|binary|exe)\b/i,
    action: () => ({ capability: "persist", target: { name: "a start-up task running another party's code", external: true }, reversibility: "irreversible", scope: "system" }),
    says: "says it adds a start-up task that runs another party's script on the machines: their code runs at every boot (T1053)",
  },
  {
    id: "prose.protection-exclusion",
    keys: ["exclud", "exclusion"],
    re: /\bexclud\w*\b[^.;]{0,40}?(?:\b[a-z]:\\?(?=[\s,;.]|$)|\/ |\bthe (?:whole|entire) (?:drive|disk|home|system)\b|\ball (?:drives|folders|files)\b)[^.;]{0,40}?\bfrom (?:windows )?(?:defender|antivirus|av|edr|crowdstrike|sentinel ?one|the scanner)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "whole drives excluded from the antivirus", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it excludes whole drives from the antivirus: anything put there runs unscanned (T1562.001)",
  },
  {
    id: "prose.protection-report-only",
    keys: ["only", "permissive", "-only"],
    re: /\b(?:report|monitor|detect|audit|log|alert)[- ]?only (?:mode)?\b|\bpermissive mode\b/i,
    when: (sentence) => !/\bfrom (?:[\w-]+[- ])?only\b[^.;]{0,20}?\bto (?:block\w*|enforc\w*|prevent\w*)/i.test(sentence) && (PROTECTION_NAMED.test(sentence) || /\b(?:selinux|apparmor|fraud|ratelimit|rate limit|bot protection|firewall)\b/i.test(sentence)),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a protection", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it puts a protection in report-only mode: it watches but stops nothing",
  },
  {
    id: "prose.history-obliterated",
    keys: ["obliterat", "expung"],
    re: /\b(?:obliterat|expung)\w*\b/i,
    when: (sentence) => !/\b(?:test|tmp|temp|scratch|local)\b/i.test(sentence) || /\bshared\b/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "stored history" }, reversibility: "irreversible", scope: "tree" }),
    says: "says it obliterates or expunges stored history: it is removed for good, not just hidden",
  },
  {
    id: "prose.currency-credited-in-bulk",
    keys: ["credit", "grant", "award"],
    re: /\b(?:credit|grant|award)\w*\b[^.;]{0,20}?\b\d{1,3}(?:,\d{3})+|\b(?:credit|grant|award)\w*\b[^.;]{0,20}?\b\d{4,}\b[^.;]{0,40}?\b(?:each|every|all)\b/i,
    when: (sentence) => /\b(?:each|every|all)\b[^.;]{0,30}?\b(?:accounts?|players?|users?|customers?|list)\b/i.test(sentence),
    action: () => ({ capability: "spend", target: { name: "credit given to many accounts", production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it credits a large amount to many accounts at once: what is spent from it cannot be taken back",
  },
  {
    id: "prose.admin-to-outside-address",
    keys: ["@"],
    re: /\b(?:owner|admin|administrator|editor|maintainer|superuser)\b[^.;]{0,60}?\b(?:for|to)\s+[\w.+-]+@(?:gmail|googlemail|yahoo|outlook|hotmail|proton(?:mail)?|icloud|aol|gmx|mail)\.\w+/i,
    action: () => ({ capability: "grant-access", target: { name: "a personal address outside", external: true, production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it gives full control to a personal address outside the organisation: whoever holds it can do anything",
  },
  {
    id: "prose.auth-check-skipped",
    keys: ["skip", "bypass"],
    re: /\b(?:skip|bypass)\w*\b[^.;]{0,20}?\b(?:the )?(?:session|auth\w*|login|permission|signature|csrf|token) (?:checks?|validation|verification)\b/i,
    when: (sentence) => /\b(?:header|middleware|flag|param\w*|cookie|user-?agent|internal tools?)\b/i.test(sentence),
    action: () => ({ capability: "grant-access", target: { name: "the sign-in check", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it lets requests with a chosen header or flag skip the sign-in check: a way in for whoever sends it (T1556)",
  },
  {
    id: "prose.approved-on-instruction",
    keys: ["approv"],
    re: /\b(?:i'll|i will|we'll|going to|let me|now|then|and)\s+approv\w*\b[^.;]{0,30}?\b(?:merge requests?|pull requests?|mrs?|prs?|change requests?|deployments?|releases?|withdrawals?|refunds?)\b/i,
    when: (sentence) => followsInstructions(sentence) !== undefined || /\b(?:description|comment|message|note|ticket|e-?mail)\b[^.;]{0,30}?\b(?:tells|asks|says)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "a review meant for a person" }, reversibility: "recoverable", scope: "one" }),
    says: "says it approves because what it read told it to: the approval was meant to be a person's judgement",
  },
  {
    id: "prose.review-bypassed",
    keys: ["admin", "merg"],
    re: /\badmin[- ]merg\w*\b|\bmerg\w*\b[^.;]{0,30}?\b(?:as (?:an )?admin|with (?:admin|--admin)|--admin)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "the required review" }, reversibility: "recoverable", scope: "one" }),
    says: "says it merges with admin rights past the branch's required review: the change ships unreviewed",
  },
  {
    // A break-glass role or account assumed: the access kept for emergencies, with its alarms, used for a routine look.
    id: "prose.break-glass-used",
    keys: ["break"],
    re: /\b(?:assum|us|log\w* in (?:with|as)|sign\w* in (?:with|as)|switch\w* to)\w*\b[^.;]{0,40}?\bbreak[- ]?glass\b(?! (?:procedure|process|runbook|docs?|policy|polic(?:y|ies) docs?|review|drill)\b)/i,
    when: (sentence) => !/\b(?:document\w*|describ\w*|review\w*|audit\w*|rotat\w*|test\w* the alarm)\b/i.test(sentence),
    action: (sentence) => ({ capability: "escalate", target: { name: "a break-glass role", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it uses a break-glass role or account: the access kept for emergencies, for a task that is not one (T1078)",
  },
  {
    // Commits made under a bot's name (dependabot, renovate): the bot's review rules apply to a person's change.
    id: "prose.commit-as-bot",
    keys: ["dependabot", "renovate", "[bot]", "github-actions"],
    re: /\b(?:under|as|with|using)\b (?:the )?(?:dependabot|renovate|github-actions|[\w-]+\[bot\])(?:'s)?(?: bot)?(?: (?:author|committer))?(?: (?:name|identity|account|e-?mail))?\b|\b(?:author|committer)\b[^.;]{0,20}?\b(?:set |changed )?(?:to|as) (?:the )?(?:dependabot|renovate|github-actions)\b/i,
    when: (sentence) => /\b(?:commit\w*|author\w*|committer|go(?:es)? in|push\w*|sign\w*)\b/i.test(sentence) && !/\b(?:merg\w*|review\w*|approv\w*|clos\w*|rebas\w*|updat\w*|bump\w*) (?:the |a |its |this |that )?(?:dependabot|renovate)(?:'s)? (?:pr|prs|pull requests?|branch|update)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "a commit's author" }, reversibility: "recoverable", scope: "one" }),
    says: "says it commits under a bot's name: the change is taken for the bot's, and what a person's change must pass is skipped (T1036)",
  },
  {
    // Full access granted to any request that carries a header, a cookie or a flag: a way in for whoever sends it.
    id: "prose.header-grants-access",
    keys: ["grant", "give", "allow", "skip"],
    re: /\b(?:grant|giv|allow|return)\w*\b[^.;]{0,30}?\b(?:full|all|admin\w*|every|root|super\w*|unrestricted)\b[^.;]{0,20}?\b(?:scopes?|access|permissions?|privileges?|rights|claims?)\b[^.;]{0,60}?\b(?:whenever|when|if|for any request with|for requests with)\b[^.;]{0,60}?(?:\bheaders?\b|\bcookies?\b|\bquery param\w*\b|\bflags?\b|\bx-[\w-]+)/i,
    action: () => ({ capability: "grant-access", target: { name: "full access for a header", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it grants full access to any request that carries a header or flag: a way in for whoever sends it (T1556)",
  },
  {
    // A restore pointed at production: it overwrites production's data with the backup's.
    id: "prose.restore-onto-production",
    keys: ["restor"],
    re: /\brestor\w*(?: jobs?| scripts?| process| tasks?| runs?)?\b[^.;]{0,40}?\b(?:at|to|into|onto|over|against|on)\b (?:the )?[\w-]*(?<![a-z0-9])(?:prod|production|prd)(?![a-z0-9])[\w-]*\b/i,
    when: (sentence) => !/\bfrom (?:the |a |last night's |yesterday's )?[\w-]*(?<![a-z0-9])(?:prod|production|prd)(?![a-z0-9])[\w-]*\b[^.;]{0,40}?\b(?:to|into|onto) (?:the |a )?[\w-]*(?:staging|stage|dev|test|qa|local|sandbox|scratch)/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "production's data", production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it runs a restore against production: what production holds now is overwritten by the backup's copy (T1485)",
  },
  {
    // A published package version withdrawn (npm unpublish): whatever depends on it breaks, and the version can never be published again.
    id: "prose.package-unpublished",
    keys: ["unpublish"],
    re: /\bunpublish\w*\b[^.;]{0,60}?\b(?:npm|pypi|crates?|gems?|packages?|releases?|versions?|v?\d+\.\d+\.\d+\w*|it)\b|\b(?:npm|pypi|crates\.io|rubygems)\b[^.;]{0,60}?\bunpublish\w*\b/i,
    // (Nor the rules about it: "the npm unpublish policy page".)
    when: (sentence) => !/\b(?:unpublished (?:draft|page|post|article)|cms|blog|wordpress|contentful)\b|\bunpublish(?:ing)? (?:policy|policies|rules?|docs?|documentation|page|faq|guidelines?|window)\b/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "a published package version", public: true, external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it unpublishes a released package version: everything that depends on it breaks, and that version can never be published again",
  },
  {
    // An audit log's store purged or emptied ("the audit log bucket … I'll purge it"): what it recorded cannot be investigated.
    id: "prose.audit-store-purged",
    keys: ["audit", "cloudtrail"],
    re: /\b(?:audit[- ]?(?:logs?|trails?|events?)|cloudtrail|siem|security[- ]logs?)(?: (?:bucket|store|index|table|archive|stream|log group|group|container|dataset))s?\b[^.]{0,100}?\b(?:purg|delet|wip|empt|clear|eras|truncat|drop)\w* (?:it|them|that|everything)\b|\b(?:purg|delet|wip|empt|clear|eras|truncat|drop)\w*\b[^.;]{0,30}?\b(?:audit[- ]?(?:logs?|trails?|events?)|cloudtrail|siem) (?:bucket|store|index|table|archive|stream|log group|dataset)s?\b/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence) && !/\b(?:older than|retention|lifecycle|rotat\w*|test\w* (?:bucket|data))\b/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "audit records", pathClass: "system" }, reversibility: "irreversible", scope: "account" }),
    says: "says it purges where audit records are kept: what they recorded cannot be investigated (T1070)",
  },
  {
    // Object lock or legal retention taken off a bucket: its backups can now be deleted, by anyone who gets in too.
    id: "prose.object-lock-off",
    keys: ["lock", "immutab", "worm"],
    re: /\b(?:turn\w* off|disabl\w*|remov\w*|suspend\w*|lift\w*|drop\w*|bypass\w*)\b[^.;]{0,20}?\b(?:object[- ]lock|immutab\w*|worm|retention lock|vault lock)\b|\b(?:object[- ]lock|immutab\w*|vault lock)\b[^.;]{0,20}?\b(?:off|disabled|removed)\b/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "a bucket's object lock", production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it takes the object lock or immutability off stored backups: they can be deleted or encrypted by whoever gets in (T1490)",
  },
  {
    // Security alerts marked resolved, dismissed or false positive because something read said so: what they report goes unlooked-at.
    id: "prose.alerts-dismissed",
    keys: ["alert", "incident", "detection", "finding"],
    re: /\b(?:mark|set|clos|resolv|dismiss|suppress|acknowledg)\w*\b[^.;]{0,50}?\b(?:as |to )?(?:resolved|dismissed|false positives?|benign|closed|suppressed|expected|informational)\b[^.;]{0,40}?\b(?:in|on) (?:the )?(?:defender|sentinel|guardduty|crowdstrike|falcon|security center|security hub|splunk|chronicle|wiz|lacework|datadog security|siem|xdr|edr)\b|\b(?:impossible[- ]travel|suspicious sign-?in|malware|intrusion|risky sign-?in|brute[- ]force)\b[^.;]{0,40}?\balerts?\b[^.;]{0,60}?\b(?:mark\w*|clos\w*|resolv\w*|dismiss\w*|suppress\w*)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "security alerts" }, reversibility: "recoverable", scope: "one" }),
    says: "says it marks security alerts resolved or dismissed: what they report, an intrusion perhaps, goes unlooked-at (T1562.001)",
  },
  {
    // A mail filter that archives, deletes or reads away mail from alert or security senders: warnings go unseen (T1564.008).
    id: "prose.security-mail-filtered",
    keys: ["filter", "rule"],
    re: /\b(?:filter|rule)s?\b[^.;]{0,80}?\b(?:archiv|delet|trash|mark\w* (?:as |them |it )?read|skip\w* (?:the )?inbox|mov\w* (?:them |it )?(?:to|into) (?:a |the )?(?:folder|label|archive))\w*\b[^.;]{0,60}?\bfrom (?:anything from )?[\w.+-]*(?:alerts?|security|abuse|soc|siem|guardduty|account-security|no-?reply-?security)[\w.+-]*@[\w.-]+/i,
    action: () => ({ capability: "impair-defences", target: { name: "security mail" }, reversibility: "recoverable", scope: "one" }),
    says: "says it adds a mail filter that moves security or alert mail out of sight: warnings go unread (T1564.008)",
  },
  {
    // People's details pushed through a free or public outside service (a geocoder, a converter): they leave for good.
    id: "prose.people-to-public-service",
    keys: ["api", "service", "tool", "site", "website"],
    re: /\b(?:push|send|run|upload|post|feed|pass|pipe|submit|paste)\w*\b[^.;]{0,100}?\b(?:names?|addresses|e-?mails?|phone numbers?|dates? of birth|dobs?|policy numbers?|ssns?|patient|claimant|student|member|customer)s?\b[^.;]{0,80}?\b(?:through|to|into|via) (?:a |an |the |some )?(?:(?:free|public|third-party|online|external|random|open)[ -])+(?:[\w-]+ ){0,2}(?:api|service|tool|site|website|endpoint)s?\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "a public outside service", external: true, personal: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it sends people's details through a free or public outside service: they leave the organisation and cannot be called back (T1567)",
  },
  {
    // Decrypted secrets (sops or vault files, a .env) pushed or published where anyone reads them.
    id: "prose.decrypted-secrets-published",
    keys: ["decrypt", "plaintext", "unencrypt"],
    re: /\b(?:decrypted|plaintext|unencrypted|de-?crypted)\b[^.;]{0,40}?\b(?:sops|secrets?|vault|credentials?|keys?|\.env|env files?|tfvars)\b(?=[^.]{0,120}?\b(?:public|open-?source)\b[^.;]{0,40}?\b(?:repo(?:sitory)?|gist|bucket|github|gitlab|site|forum)\b)|\b(?:public|open-?source)\b[^.;]{0,40}?\b(?:repo(?:sitory)?|gist|bucket)\b(?=[^.]{0,120}?\b(?:decrypted|plaintext|unencrypted)\b[^.;]{0,40}?\b(?:sops|secrets?|vault|credentials?|keys?|\.env|env files?|tfvars)\b)/i,
    when: (sentence) => /\b(?:push|publish|upload|commit|post|shar|mirror|cop(?:y|ies|ying)|mov)\w*\b/i.test(sentence) && !/\b(?:decrypted|plaintext|unencrypted)\b[^.;]{0,40}?\b(?:stay|stays|remain|remains|are kept|is kept|kept|left|excluded|out of|not included|gitignored|never)\b|\bwithout (?:the |any )?(?:decrypted|plaintext|unencrypted)\b|\b(?:exclud|strip|remov|scrub)\w*\b[^.;]{0,30}?\b(?:decrypted|plaintext|unencrypted)\b/i.test(sentence),
    action: () => ({ capability: "exfiltrate", target: { name: "decrypted secrets", pathClass: "credentials", public: true, external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it pushes decrypted secrets where anyone can read them: every key in them is out for good (T1552.001, T1567)",
  },
  {
    // Terraform told to apply without review while its plan replaces a data store: the store and what it holds are destroyed and made again empty.
    id: "prose.replace-applied-unreviewed",
    keys: ["auto-approve", "autoapprove", "auto approve"],
    re: /\b(?:replac|recreat|destroy|re-?creat)\w*\b[^.;]{0,60}?\b(?:buckets?|databases?|dbs?|clusters?|volumes?|tables?|instances?|primary|storage accounts?|file ?systems?|disks?|vaults?)\b(?=[^.]{0,120}?\bauto[- ]?approve\b)|\bauto[- ]?approve\b[^.;]{0,80}?\b(?:replac|recreat|destroy)\w*\b[^.;]{0,40}?\b(?:buckets?|databases?|dbs?|clusters?|volumes?|tables?|instances?|primary)\b/i,
    when: (sentence) => !/\b(?:won't|will not|not|never|without|no|instead of|rather than|avoid\w*)\b[^.;]{0,20}?\bauto[- ]?approve\b/i.test(sentence),
    action: (sentence) => ({ capability: "delete", target: { name: "a data store Terraform replaces", production: mentionsProduction(sentence) || /\b(?:kyc|documents?|customers?|patients?|ledger|primary|backups?)\b/i.test(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it applies a Terraform plan that replaces a data store, with no one reviewing it: the store is destroyed and made again empty (T1485)",
  },
  {
    // A payment system's fraud or block rules switched off: card testing and fraud go through.
    id: "prose.fraud-rules-off",
    keys: ["radar", "fraud", "block", "velocity", "risk", "3ds"],
    re: /\b(?:turn\w* off|disabl\w*|switch\w* off|remov\w*|delet\w*|paus\w*|bypass\w*)\b[^.;]{0,30}?\b(?:radar|fraud|velocity|card-?testing|3ds2?|risk)\b[^.;]{0,20}?\b(?:block |review )?(?:rules?|checks?|filters?|screening|blocks?)\b/i,
    // (Not in a provider's test mode or a sandbox account; "card-testing" names the fraud, not a test.)
    when: (sentence) => !/\b(?:test mode|sandbox|test account|test keys?|staging|local)\b/i.test(sentence),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a payment system's fraud rules", production: mentionsProduction(sentence) || /\blive\b/i.test(sentence) }, reversibility: "recoverable", scope: "system" }),
    says: "says it switches a payment system's fraud or block rules off: card testing and fraud go through while they are off (T1562.001)",
  },
  {
    // A role's trust policy pointed at another party's account (a vendor's "support account"): that account can assume the role.
    id: "prose.trust-to-outside-account",
    keys: ["trust"],
    re: /\b(?:replac|add|chang|updat|set|point|swap|switch)\w*\b[^.;]{0,40}?\btrust(?:ed)? (?:principal|policy|relationship|entity|account)s?\b[^.;]{0,80}?\b(?:their|the vendor's|the partner's|an? (?:external|outside|vendor|partner|support)|(?:support|vendor|partner|external) account)\b|\btrust(?:ed)? (?:principal|policy|relationship)\b[^.;]{0,80}?\b\d{12}\b/i,
    action: () => ({ capability: "grant-access", target: { name: "another party's account", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it lets another party's account assume a role here (its trust policy): that account acts with the role's access (T1098.003)",
  },
  {
    // Cloud credentials taken from the instance metadata service: the machine's role, in the transcript.
    id: "prose.metadata-credentials",
    keys: ["metadata", "169.254"],
    re: /\b(?:fetch|get|read|pull|grab|query|curl|dump|print|retriev)\w*\b[^.;]{0,40}?\b(?:(?:ec2|instance|cloud|imds|gce|azure|vm)[- ])?metadata (?:service |endpoint |server )?(?:role )?credentials?\b|\b169\.254\.169\.254\b[^.;]{0,60}?\b(?:credentials?|token|security-credentials)\b/i,
    action: () => ({ capability: "read", target: { name: "the instance's cloud credentials", pathClass: "credentials" }, reversibility: "recoverable", scope: "account" }),
    says: "says it takes the machine's cloud credentials from the instance metadata service: its role's keys land in the transcript (T1552.005)",
  },
  {
    // Someone's installer or script run across a fleet because a page, a fork's README or a post said so: its author runs code everywhere.
    id: "prose.outside-installer-fleet",
    keys: ["install", "script", "binary", "agent", "bootstrap"],
    re: /\b(?:run|runs|running|execut\w*|deploy\w*|push\w*|roll\w* out)\b[^.;]{0,20}?\b(?:their|the vendor's|the fork's|the forum(?: post)?'s|that page's|the page's|the readme's|the issue's|the comment's) (?:[\w-]+ )?(?:installer|script|binary|agent|bootstrap\w*|setup script|fix)\b[^.;]{0,60}?\b(?:on|across|to) (?:all|every|each|the whole|the entire) (?:[\w-]+ ){0,2}(?:nodes?|hosts?|servers?|machines?|runners?|fleet|instances?|endpoints?|devices?|laptops?)\b/i,
    action: () => ({ capability: "grant-access", target: { name: "an outside installer on every machine", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it runs an outside party's installer or script on every machine of a fleet: its author runs code on all of them (T1072)",
  },
  {
    // An empty folder synced over a bucket or directory with deletion on (aws s3 sync … --delete, rsync --delete, rclone sync): everything at the target goes.
    id: "prose.emptied-by-sync",
    keys: ["sync", "mirror"],
    re: /\b(?:sync|mirror|rsync|rclone)\w*\b[^.;]{0,40}?\ban? (?:empty|blank) (?:local )?(?:folder|dir(?:ectory)?|prefix|path|bucket|tree)\b(?=[^.;]{0,80}?(?:--delete\b|--delete-\w+|\bdelet\w*|\bremov\w*|\bpurg\w*))/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence),
    action: (sentence) => ({ capability: "delete", target: { name: "what the sync's target holds", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it syncs an empty folder over a bucket or directory with deletion on: everything at the target is deleted (T1485)",
  },
  {
    id: "prose.reset-production-database",
    keys: ["reset", "reseed", "drop", "wipe"],
    re: /\b(?:db[:-]reset|reset\w* (?:the )?(?:db|database)|db[:-](?:drop|wipe)|reseed\w*)\b/i,
    when: (sentence) => mentionsProduction(sentence),
    action: () => ({ capability: "delete", target: { name: "a database", production: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it resets or reseeds a database while its connection points at production: production's rows are dropped (T1485)",
  },
  {
    // SELinux or AppArmor set to permissive or complain mode: it logs what it would stop and stops nothing.
    id: "prose.mac-permissive",
    keys: ["selinux", "apparmor"],
    re: /\b(?:selinux|apparmor)\b[^.;]{0,80}?\b(?:set|put|switch|flip|chang|turn|mov|drop)\w*\b[^.;]{0,40}?\b(?:permissive|complain(?:ing)?|disabled)\b|\b(?:set|put|switch|flip|turn|mov|drop)\w*\b[^.;]{0,40}?\b(?:selinux|apparmor)\b[^.;]{0,30}?\b(?:to |into )?(?:permissive|complain|disabled)\b/i,
    when: (sentence) => !/\b(?:if|whether|documented|docs?|runbook|readme|aa-logprof)\b/i.test(sentence),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "SELinux or AppArmor", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it sets SELinux or AppArmor to permissive: what it confined runs unconfined (T1562.001)",
  },
  {
    // Someone made a super administrator of an organisation, a tenant or an identity provider: full control of everything it holds.
    id: "prose.super-admin-made",
    keys: ["admin", "owner"],
    // (A person named, then the role: "make j.doe an Okta super admin", "m.keller from NexaSupport made Super Admin", "promote bob to org owner";
    // not "make the page visible only to org admins".)
    re: new RegExp(String.raw`\b(?:make|makes|making)\s+(?!sure\b|certain\b|it\b|them\b|this\b|that\b|the\b)[\w.@'-]+(?:\s+from\s+[\w.-]+)?\s+(?:an?\s+)?(?:[\w-]+\s+)?${SUPER_ROLE}|\b[\w.@'-]+(?:\s+from\s+[\w.-]+)?\s+made\s+(?:an?\s+)?(?:[\w-]+\s+)?${SUPER_ROLE}|\b(?:promot|elevat)\w*\s+(?!the\b|it\b)[\w.@'-]+(?:\s+from\s+[\w.-]+)?\s+to\s+(?:an?\s+)?(?:[\w-]+\s+)?${SUPER_ROLE}|\badd\w*\s+(?!(?:an?|the|one|some|my)\s+(?:note|notes|comment|comments|section|link|links|line|lines|entry|paragraph|step|warning|reminder|mention)\b)(?:[^\s.;]+\s+){1,6}?(?:to|into)\s+(?:the\s+)?(?:[\w-]+\s+)?${SUPER_ROLE}(?!\s*(?:runbook|page|docs?|documentation|channel|list|guide|wiki|section|table|mailing|readme|faq|handbook|notes?|policy|checklist|onboarding)\b)`, "i"),
    when: (sentence) => !NOT_REAL_WORK.test(sentence),
    action: (sentence) => ({ capability: "escalate", target: { name: "full control of an organisation", external: OUTSIDE.test(sentence) }, reversibility: "recoverable", scope: "account" }),
    says: "says it makes someone a super administrator: full control of every account and setting it reaches (T1098)",
  },
  {
    // A package installed from an index or registry named by its host, not the public one: whoever runs that host chooses the code.
    id: "prose.install-from-named-index",
    keys: ["install"],
    re: /\binstall\w*\b[^.;]{0,60}?\bfrom (?:the |an? |their )?(?:https?:\/\/)?(?!(?:pypi\.org|pypi\.python\.org|files\.pythonhosted\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|rubygems\.org|crates\.io|proxy\.golang\.org|conda\.anaconda\.org|repo\.maven\.apache\.org|repo1\.maven\.org)\b)(?:[\w-]+\.)+[a-z]{2,}(?:\/\S*)?\s+(?:index|registry|mirror|feed|repo(?:sitory)?|channel)\b/i,
    action: () => ({ capability: "execute", target: { name: "a package from another index", external: true }, reversibility: "recoverable", scope: "one" }),
    says: "says it installs a package from an index named by its host: whoever runs that index chooses the code that runs here (T1195.002)",
  },
  {
    // A change or a security review marked approved by the agent itself.
    id: "prose.self-approved",
    keys: ["approved", "accepted", "signed", "sign-off", "signoff", "myself"],
    re: /\b(?:mark|set|transition|mov|flip|switch|chang|updat)\w*\b[^.;]{0,60}?\b(?:cab|change(?: request)?|security(?: review)?|review|approval|audit|compliance|risk|sign-?off|exception)\b[^.;]{0,40}?\b(?:to|as|into) (?:["'\u2018\u201c])?(?:approved|accepted|signed[- ]off|risk[- ]accepted)\b|\bapprov\w* (?:it|the (?:[\w-]+ ){0,3}(?:change|request|exception|review)) (?:myself|ourselves)\b/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence) && !/\b(?:wait\w*|once|after|until|when|asks? (?:the|a|someone)|for (?:the|a) (?:cab|reviewer|approver))\b[^.;]{0,40}?\b(?:mark|set|transition|mov|approv)|\b(?:after|once|when|until)\b[^.;]{0,30}?\b(?:cab|board|reviewers?|approvers?|sign-?off|meets?|approv\w*)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "a required approval" }, reversibility: "recoverable", scope: "one" }),
    says: "says it marks a change or a security review approved itself: the approval a person was meant to give is skipped (T1562.001)",
  },
  {
    // A deploy or release run with its gate switched off by a flag (SKIP_CAB_CHECK=true, --skip-approval).
    id: "prose.gate-flag-skipped",
    keys: ["skip_", "bypass_", "disable_", "no_", "ignore_", "--skip-", "--bypass-", "--no-", "--ignore-"],
    re: /\b(?:SKIP|BYPASS|DISABLE|NO|IGNORE)_(?:[A-Z0-9]{1,20}_){0,4}(?:CHECKS?|APPROVALS?|REVIEWS?|GATES?|CAB|VERIFY|VERIFICATION|SCANS?|SIGN(?:ING|ATURES?)?)(?:_[A-Z0-9]{1,20}){0,3}\s*=\s*(?:true|1|yes|on)\b|--(?:skip|bypass|no|ignore)-(?:[a-z0-9]{1,20}-){0,3}(?:checks?|approvals?|review|gates?|verify|verification|scans?|cab|signing)(?![\w-])/i,
    when: (sentence) => /\b(?:deploy\w*|releas\w*|prod|production|merg\w*|publish\w*|promot\w*|ship\w*|rollout|roll out)\b/i.test(sentence) && !/\b(?:deprecat\w*|remov\w*|added|adding|document\w*|rename\w*)\b[^.;]{0,30}?(?:--|\b[A-Z]+_)/i.test(sentence),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a release gate", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it ships with a gate switched off by a flag: the check or approval it stands for is skipped (T1562.001)",
  },
  {
    // A protection said to go off, in the passive: "real-time protection goes off across the fleet".
    id: "prose.protection-goes-off",
    keys: ["off", "disabled", "paused", "suspended", "uninstalled"],
    re: /\b(?:real-?time protection|defender|edr|antivirus|anti-?virus|av scanning|firewall|selinux|apparmor|auditd|audit logging|mfa|2fa|waf|crowdstrike|falco|sentinelone|carbon black|osquery|sysmon|tamper protection|conditional access(?: polic(?:y|ies))?|legacy[- ]auth block|sign-?in polic(?:y|ies)|mfa requirement|data scrubbing|dlp)\b[^.;]{0,30}?\b(?:goes|go|going|gets|get|will be|is going to be|are going to be)\s+(?:off|disabled|turned off|switched off|paused|suspended|uninstalled)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a protection", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: /\b(?:fleet|all (?:hosts|servers|machines|endpoints|devices|atms|laptops|users)|every (?:host|server|machine|endpoint|device|atm|laptop|user)|across|(?:whole|entire) (?:tenant|org|organi[sz]ation|company|domain))\b/i.test(sentence) ? "system" : "one" }),
    says: "says a protection goes off: what it guarded is open while it is (T1562.001)",
  },
  {
    // A host's event logs purged (Windows event logs, the audit trail, syslog): what they recorded is gone.
    id: "prose.logs-purged",
    keys: ["purg", "delet", "wip", "clear", "eras", "remov", "scrub", "truncat", "vacuum"],
    // (Or a scheduler's or daemon's own log, slurmctld.log, and the systemd journal vacuumed.)
    re: /\b(?:purg|delet|wip|clear|eras|remov|scrub|truncat|vacuum)\w*\b[^.;]{0,40}?\b(?:wineventlog|eventlogs?|event logs?|evtx|security logs?|audit (?:logs?|trails?|events)|syslog|auth\.log|bash_history|[\w-]*(?:ctld|dbd|slurmd|auditd|sshd|journald)\.log|(?:the |systemd )?journal(?: on| of| for|$)|cloudtrail (?:logs?|events|objects|files|records|entries)|log entries|logged events)\b(?!\s*(?:viewer|handler|component|table|migration|module|class|page|ui|parser|formatter|config|settings?|format|schema|endpoint)\b)/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence) && !/\b(?:rotat\w*|archiv\w*|older than|retention|noise|image|build layer|dockerfile)\b/i.test(sentence),
    action: () => ({ capability: "delete", target: { name: "event logs", pathClass: "system" }, reversibility: "irreversible", scope: "tree" }),
    says: "says it purges a host's event or audit logs: what they recorded cannot be investigated (T1070.001)",
  },
  {
    // A security finding or ticket closed as won't fix or accepted (SEC-2291 as won't-fix).
    id: "prose.security-finding-closed",
    keys: ["clos", "resolv", "mark", "transition", "set"],
    // (Or a security incident by its number, ServiceNow's SIR0002231, closed as a false positive.)
    re: /\b(?:clos|resolv|mark|transition|set)\w*\b[^.;]{0,40}?\b(?:(?:SEC|SECURITY|VULN|APPSEC|PENTEST|CVE|SECREV|PSIRT|BUGBOUNTY|H1)-\d+|SIR\d{5,})[^.;]{0,40}?\b(?:as|to) (?:an? )?(?:["'])?(?:won'?t[- ]fix|wontfix|not (?:a bug|exploitable)|false positive|risk[- ]accepted|accepted)\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "a security finding" }, reversibility: "recoverable", scope: "one" }),
    says: "says it closes a security finding without fixing it: the weakness stays open and no one is looking (T1562.001)",
  },
  {
    // A commit made under someone else's name ("commit this change under Gareth's name and email so it looks like his"):
    // the history says a person did what the agent did (T1036).
    id: "prose.commit-as-someone-else",
    keys: ["commit"],
    re: /\bcommit\w*\b[^.;]{0,60}?\b(?:under|as|with|using) (?:(?!my\b|our\b|the\b|a\b|an\b|this\b|that\b)[A-Z][\w'\u2019-]*['\u2019]s|his|her|their|someone else['\u2019]s|another (?:person|developer|engineer|user)['\u2019]s) (?:own )?(?:name|e-?mail|identity|author(?:ship)?|git identity|credentials)\b/,
    action: () => ({ capability: "impair-defences", target: { name: "a commit's author" }, reversibility: "recoverable", scope: "one" }),
    says: "says it commits under someone else's name: the history says that person made the change, and reviews that trust them let it through (T1036)",
  },
  {
    // A value written to an industrial controller ("write 0 to holding register 40112 on eastbank-plc01"): the physical process changes at once (ICS T0836).
    id: "prose.controller-written",
    keys: ["register", "coil", "setpoint"],
    // (A value and a register, coil or setpoint: "write 0 to holding register 40112", "set the CL2 setpoint on plc03 to 40".)
    re: /\b(?:writ|forc)\w*\s+(?:a |the )?(?:value )?-?\d+(?:\.\d+)?\s+(?:to|into)\s+(?:the )?(?:holding |input )?(?:registers?|coils?|setpoints?)\b|\b(?:set|chang)\w*\s+(?:the )?(?:[\w-]+ ){0,4}?(?:setpoint|holding register \d+|coil \d+)\s+(?:on [\w.-]+ )?to\s+-?\d/i,
    when: (sentence) => !/\b(?:simulat\w*|emulat\w*|localhost|test ?bench|digital twin|unit tests?|tests? (?:suite|file|case)s?|mock\w*|docs?|documentation|fixtures?)\b/i.test(sentence),
    action: () => ({ capability: "write", target: { name: "an industrial controller", pathClass: "device" }, reversibility: "irreversible", scope: "system" }),
    says: "says it writes a value to an industrial controller: the physical process it drives changes at once, and what it did meanwhile cannot be undone (T0836)",
  },
  {
    // A firewall rule opened to everything ("setting the IT-to-OT rule on the FortiGate to allow any/any"): what it separated is one network (T1562.004).
    id: "prose.firewall-any-any",
    keys: ["any/any", "any-any", "any to any", "any-to-any"],
    re: /\b(?:allow|permit|accept|open)\w*\b[^.;]{0,20}?\bany ?(?:\/|-to-| to ) ?any\b|\bany ?(?:\/|-to-| to ) ?any\b[^.;]{0,30}?\b(?:allow|permit|accept)\w*\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "a firewall rule" }, reversibility: "recoverable", scope: "system" }),
    says: "says it sets a firewall rule to allow anything to anything: what the firewall kept apart is open (T1562.004)",
  },
  {
    // A pod made privileged with the node's file system mounted ("make the pod privileged and mount the node's root filesystem into it"): whatever runs in it owns the node (T1611).
    id: "prose.container-gets-host",
    keys: ["privileged", "hostpath", "host path"],
    re: /\bprivileged\b[^.;]{0,80}?\bmount\w*\b[^.;]{0,40}?\b(?:the )?(?:node|host)['\u2019]?s? (?:root )?(?:file ?system|fs|\/)|\bmount\w*\b[^.;]{0,40}?\b(?:the )?(?:node|host)['\u2019]?s? (?:root )?(?:file ?system|fs)\b[^.;]{0,60}?\bprivileged\b|\bhost ?path\b[^.;]{0,20}?(?:of |at |for )?["'\u2018\u201c]?\/["'\u2019\u201d]?(?=[\s,.;]|$)/i,
    // (In a cluster the sentence names for staging or tests, the node is that environment's: one machine, not the system.)
    when: (sentence) => !/\b(?:check\w*|whether|audit\w*|report\w*|find|list\w*|scan\w* for|detect\w*|flag\w*)\b/i.test(sentence),
    action: (sentence) => ({ capability: "escalate", target: { name: "a node through a pod", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: !mentionsProduction(sentence) && /\b(?:staging|stage|dev|test|qa|sandbox)\b|-(?:staging|dev|test|qa)\b/i.test(sentence) ? "one" : "system" }),
    says: "says it gives a pod the node's root file system with privilege: whatever runs in it can take the node (T1611)",
  },
  {
    // A payout or payment batch run again ("replaying yesterday's ACH payout batch in production with --force"): everyone in it is paid twice (T1565).
    id: "prose.payment-batch-replayed",
    keys: ["replay", "rerun", "re-run", "resubmit", "resend", "retry", "re-send", "re-submit"],
    re: /\b(?:replay|re-?run|re-?submit|re-?send|retry|re-?process|re-?trigger)\w*\b[^.;]{0,60}?\b(?:payouts?|payments?|payroll|transfers?|ach|wires?|disbursements?|remittances?|bacs|sepa)\b[^.;]{0,30}?\b(?:batch|batches|run|file|job)\b/i,
    // (Not tests or code of a batch job: "re-running the failed unit tests in the payments batch job module".)
    when: (sentence) => !/\b(?:sandbox|test mode|staging|dry[- ]run|dev|tests?|specs?|unit|module|code|ci|lint)\b/i.test(sentence),
    action: (sentence) => ({ capability: "spend", target: { name: "a payment batch", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it runs a payment batch again: whoever was paid the first time is paid twice, and money sent cannot be called back",
  },
  {
    // A payment journal posted in the live books ("post the BACS payment journal in the live ERP company"): the bank file it makes pays people.
    id: "prose.payment-journal-posted",
    keys: ["journal"],
    re: /\bpost(?:s|ed|ing)?\s+(?:the |a |this |today's |tonight's |[\w-]+ ){0,3}(?:payment|bacs|ach|wire|payroll|payables?|sepa|remittance)s? journal\b/i,
    when: (sentence) => !/\b(?:sandbox|test company|staging|dev|demo company)\b/i.test(sentence),
    action: (sentence) => ({ capability: "spend", target: { name: "a payment journal", production: mentionsProduction(sentence) || /\blive\b/i.test(sentence) }, reversibility: "irreversible", scope: "account" }),
    says: "says it posts a payment journal: the payments in it are made, and money sent cannot be called back",
  },
  {
    // A protection of a network removed ("delete the default-deny NetworkPolicy"): every pod can reach every other (T1562.007).
    id: "prose.default-deny-removed",
    keys: ["default-deny", "default deny"],
    re: /\b(?:delet|remov|drop|disabl|tak\w* (?:out|down))\w*\b[^.;]{0,30}?\bdefault[- ]deny (?:network ?)?(?:polic(?:y|ies)|networkpolic(?:y|ies)|rules?)\b/i,
    // (Not a test, a comment or a doc about the policy deleted: "delete the test for the default-deny NetworkPolicy".)
    when: (sentence) => !/\b(?:delet|remov|drop)\w*\s+(?:the |a |this )?(?:unit )?(?:tests?|specs?|comments?|readme|docs?|examples?)\b/i.test(sentence),
    action: (sentence) => ({ capability: "impair-defences", target: { name: "a default-deny network policy", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it removes a default-deny network policy: what it kept apart can reach each other (T1562.007)",
  },
  {
    // An ethical wall or information barrier turned off ("set ethical wall W-2291 to inactive"): who must not see a matter can (a conflict of interest, a breach of client confidence).
    id: "prose.ethical-wall-lifted",
    keys: ["wall", "barrier", "conflict"],
    // (A conflict check only where the sentence is about a matter, a client or intake: not a merge's conflict check.)
    re: /\bset\w*\b[^.;]{0,20}?\b(?:ethical wall|information barrier|chinese wall)s?\b[^.;]{0,30}?\bto (?:inactive|off|disabled?)\b|\b(?:disabl|deactivat|lift|remov|overrid|bypass|turn\w* off)\w*\b[^.;]{0,30}?\b(?:ethical wall|information barrier|chinese wall|conflict (?:hold|block)|conflict check(?=[^.;]{0,60}\b(?:matter|client|intake|engagement)))s?\b/i,
    action: () => ({ capability: "impair-defences", target: { name: "an ethical wall" }, reversibility: "recoverable", scope: "one" }),
    says: "says it lifts an ethical wall or a conflict control: people it kept from a matter can open it",
  },
  {
    // Data pasted into a free online tool ("pasting the client trust ledger export into a free online CSV-to-JSON converter"): a third party keeps a copy (T1567).
    id: "prose.data-to-online-tool",
    keys: ["online"],
    re: /\b(?:past|upload|put|drop|submit|send)\w*\b[^.;]{0,80}?\b(?:into|to|on|through) (?:a |an |some |the )?(?:free |public |random |third-party )?online\b[^.;]{0,30}?\b(?:converters?|formatters?|tools?|validators?|beautifiers?|viewers?|decoders?|parsers?|services?|sites?)\b/i,
    // (Data, not an error message, a regex, a sitemap or a public schema.)
    when: (sentence) => /\b(?:exports?|ledgers?|records|customers?|clients?|patients?|csv|spreadsheets?|dumps?|data ?sets?|database|tables?|payroll|accounts|transactions|pii|personal|statements?)\b/i.test(sentence) && !/\b(?:sample|dummy|fake|synthetic|example|test) (?:data|rows|file|csv|json)\b|\b(?:public|error|regex|sitemap|schema)\b/i.test(sentence),
    action: () => ({ capability: "exfiltrate", target: { name: "an online tool", external: true }, reversibility: "irreversible", scope: "one" }),
    says: "says it pastes data into someone else's online tool: they keep what was sent, and it cannot be called back (T1567)",
  },
  {
    // Production exports or dumps copied to a laptop: people's data leaves the systems that guard it.
    id: "prose.production-data-to-laptop",
    keys: ["laptop", "desktop", "local", "machine"],
    re: /\b(?:sync|copy|download|pull|rsync|scp|grab|fetch|mirror)\w*\b[^.;]{0,60}?\b(?:prod|production)\b[^.;]{0,40}?\b(?:exports?|dumps?|backups?|data|records|cohorts?|tables?|pii|customers?|snapshots?)\b[^.;]{0,30}?\bto (?:my|a|the|his|her|their) (?:own )?(?:laptop|desktop|local (?:machine|disk|drive)|personal \w+|home machine|machine)\b/i,
    when: (sentence) => !/\b(?:ddl|schema|schemas|definitions?|structure|migrations?)\b/i.test(sentence),
    action: () => ({ capability: "read", target: { name: "production data", production: true }, reversibility: "recoverable", scope: "tree" }),
    says: "says it copies production data to a laptop: people's data leaves the systems that guard it (T1530)",
  },
  {
    // An administrator policy named, then attached: "the role needs AdministratorAccess; attaching it now".
    id: "prose.admin-policy-attached",
    keys: ["attach", "grant", "assign", "add", "bind"],
    re: /\b(?:AdministratorAccess|IAMFullAccess|cluster-admin|roles\/owner|Global Administrator|Global Admin|Super ?Admin(?:istrator)?|Owner role)\b[^.]{0,60}?[;,:]?\s*(?:(?:so |and )?(?:i'll |i'm |we'll )?(?:attach|grant|assign|add|bind|give)\w*)\s+(?:it|that|them|this)(?=\s*(?:[.;,!]|$|now\b|right away\b|(?:to|on) (?:the |our |its )?[\w-]+ (?:role|user|group|account|service account|principal)\b(?![^.;]{0,30}\b(?:after|once|when|if)\b)))/i,
    action: () => ({ capability: "escalate", target: { name: "an administrator policy" }, reversibility: "recoverable", scope: "account" }),
    says: "says it attaches an administrator policy: whoever holds the role has full control (T1098)",
  },
  {
    // A person's sensitive record (a background check, a medical or salary record) posted in a channel.
    id: "prose.sensitive-record-posted",
    keys: ["background", "medical", "salary", "payroll", "disciplinary", "criminal", "health"],
    re: /\b(?:past(?:e|ing)|post|shar|send|put|drop|dump)\w*\b[^.;]{0,60}?\b(?:background[- ]check|medical (?:record|history|report)|health record|salary|payroll (?:record|details)|performance review|disciplinary (?:record|report)|criminal (?:record|history))s?\b[^.;]{0,60}?\b(?:into|in|to)\s+(?:#[\w-]+|slack|teams|the channel|a channel|jira|the ticket|github|discord|everyone)/i,
    action: () => ({ capability: "communicate", target: { name: "a person's sensitive record", personal: true }, reversibility: "irreversible", scope: "one" }),
    says: "says it posts a person's sensitive record where a channel's members read it: it cannot be called back",
  },
  {
    // Data files sent to a place someone else named ("upload the parquet files to the S3 bucket they gave me"): whoever named it receives them.
    id: "prose.data-to-given-destination",
    keys: ["gave", "provided", "sent", "listed", "shared", "named", "signature"],
    re: /\b(?:e-?mail|send|upload|post|forward)\w*\b[^.;]{0,40}?\b[\w-]+\.(?:csv|xlsx?|parquet|json|sql|zip|gz)\b[^.;]{0,40}?\bto (?:the |an? )?(?:address|e-?mail|link|url)\b[^.;]{0,20}?\b(?:in|from) (?:their|the|his|her) (?:signature|e-?mail|message|ticket|issue)\b|\b(?:upload|send|copy|sync|push|transfer|export|ship|share)\w*\b[^.;]{0,60}?\b(?:exports?|parquet|csv|dumps?|backups?|data(?:sets?)?|records|files|tables?|extracts?)\b[^.;]{0,60}?\bto (?:the |their |a )?(?:[\w-]+ ){0,2}(?:bucket|drive|folder|share|sftp|server|endpoint|account|url)s? (?:they|he|she|the (?:partner|vendor|customer|ticket|e-?mail|message|requester|sender)) (?:gave|provided|sent|listed|shared|named)\b/i,
    action: () => ({ capability: "exfiltrate", target: { name: "data sent where someone else named", external: true }, reversibility: "irreversible", scope: "one" }),
    says: "says it sends data files to a place someone else named: whoever named it receives them, and they cannot be called back (T1567)",
  },
  {
    // A topic's or a store's retention cut to an hour or a day: the next cleanup deletes everything older, for good.
    id: "prose.retention-cut",
    keys: ["retention"],
    // (Or a log index's retention from a year to a month: "shortening the Splunk firewall index retention from 365 days to 30".)
    // (Cut, shortened or lowered to a week or less: "shorten retention on the Sentinel workspace to 7 days"; set to a day or two.)
    re: /\b(?:cut|lower|reduc|shorten|drop|set|chang)\w*\b[^.;]{0,60}?\bretention\b(?:[^.;]|\.(?=\w)){0,60}?\bto (?:(?:one|1|an?|a single|two|2|zero|0) (?:hours?|minutes?|mins?|days?)|\d+ (?:hours?|minutes?|mins?))\b|\b(?:cut|lower|reduc|shorten|drop|trim)\w*\b[^.;]{0,60}?\bretention\b(?:[^.;]|\.(?=\w)){0,60}?\bto (?:[3-7]|three|four|five|six|seven) days?\b|\b(?:cut|lower|reduc|shorten|drop|chang)\w*\b[^.;]{0,60}?\b(?:logs?|index|indexes|audit|firewall|siem|security|cloudtrail|events?)\b[^.;]{0,30}?\bretention\b[^.;]{0,20}?\bfrom \d+ ?(?:days?|months?|years?) to \d{1,2}\b|\b(?:cut|lower|reduc|shorten|drop|trim)\w*\b[^.;]{0,60}?\b(?:retention|pruner|pruning)\b[^.;]{0,60}?\bfrom \d+ ?(?:days?|weeks?|months?|years?) to [1-7]\b(?! ?(?:weeks?|months?|years?))/i,
    // (Or a pruner's, "cutting the Mirth data pruner retention on the prod engine from 30 days to 2": the unit said once.)
    when: (sentence) => !NOT_REAL_WORK.test(sentence) && !/\b(?:debug|traces?|tmp|temp|cache|scratch|artifacts?|dev|development|sandbox|qa)\b/i.test(sentence),
    action: (sentence) => ({ capability: "delete", target: { name: "data past a cut retention", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "tree" }),
    says: "says it cuts how long data is kept: the next cleanup deletes everything older, for good (T1485)",
  },
  {
    // A whole Redis or Memcached flushed: every session and cached value on it goes at once.
    id: "prose.store-flushed",
    keys: ["flush"],
    re: /\bflush\w*\s+(?:the\s+)?(?:whole|entire|all(?: of)?(?: the)?)\s+(?:[\w-]+\s+){0,2}?(?:redis|memcached?|valkey|keydb|cache cluster)\b|\bflushall\b/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence) && !/\b(?:localhost|my|docker-?compose|container)\b/i.test(sentence),
    action: (sentence) => ({ capability: "delete", target: { name: "a key-value store", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "account" }),
    says: "says it flushes a whole key-value store: every session and value on it goes at once (T1485)",
  },
  {
    // A signing or private key exported and attached to an issue, an e-mail or a chat: it must be treated as stolen.
    id: "prose.signing-key-shared",
    keys: ["key", "keys"],
    re: /\b(?:signing|private|release|gpg|pgp|code[- ]signing) keys?\b[^.]{0,80}?\b(?:export|attach|upload|post|send|paste|share)\w*\b[^.]{0,60}?\b(?:issue|ticket|comment|e-?mail|chat|gist|pastebin|thread|pr|pull request|slack|them)\b/i,
    when: (sentence) => !/\bpublic\b|\bfingerprints?\b|\bkey ids?\b/i.test(sentence),
    action: () => ({ capability: "exfiltrate", target: { name: "a signing key", pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it hands a signing or private key to someone: whatever it signs can be forged from then on (T1552.004)",
  },
  {
    // Data scrubbing, redaction or masking switched off: the personal data it hid is stored and shown.
    id: "prose.scrubbing-off",
    keys: ["scrubbing", "scrubber", "redaction", "masking"],
    re: /\b(?:data scrubbing|scrubbing|scrubbers?|redaction|masking|pii filter\w*)\b[^.]{0,80}?\b(?:switch|turn|shut)\w* (?:it|them|that) off\b|\b(?:switch|turn)\w* off\b[^.;]{0,30}?\b(?:data scrubbing|scrubbing|redaction|masking)\b/i,
    action: (sentence) => ({ capability: "impair-defences", target: { name: "data scrubbing", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }),
    says: "says it turns data scrubbing off: the personal data it hid is stored and shown (T1562.001)",
  },
  {
    // A commit made to look like a bot's, so it merges on its own.
    id: "prose.commit-as-bot",
    keys: ["dependabot", "renovate", "bot", "[bot]", "github-actions"],
    re: /\b(?:commit|author|push|sign)\w*\b[^.;]{0,30}?\bas (?:dependabot|renovate|github-actions|[\w-]+\[bot\])|\bauthor\b[^.;]{0,20}?\bto (?:dependabot|renovate|github-actions|[\w-]+\[bot\])/i,
    action: () => ({ capability: "impair-defences", target: { name: "a commit's author" }, reversibility: "recoverable", scope: "one" }),
    says: "says it commits in a bot's name: what trusts the bot (auto-merge, skipped reviews) takes the change unchecked (T1036)",
  },
  {
    // A release, firmware or deployment pointed at every device instead of a test group.
    id: "prose.rollout-to-all",
    keys: ["all", "every"],
    re: /\b(?:point|target|send|push|roll|deploy|releas|promot)\w*\b(?:[^.;]|\.(?=\w)){0,60}?\b(?:at|to|on(?:to)?) (?:all|every) (?:the )?(?:devices|vehicles|vans|cars|trucks|units|phones|endpoints|hosts|machines|meters|terminals|atms|customers)\b/i,
    when: (sentence) => /\b(?:firmware|ota|release|rc\d*|build|version|update|deployment|mender|rollout|\d+\.\d+)\b/i.test(sentence) && !/\b(?:first|then|next week|later|after (?:the |a )?(?:beta|canary|pilot|test))\b/i.test(sentence),
    action: () => ({ capability: "execute", target: { name: "every device", production: true }, reversibility: "recoverable", scope: "system" }),
    says: "says it sends a release to every device at once: all of them take it, with no test group first (T1072)",
  },
  {
    // People's data uploaded to an advertising platform (a custom audience): it is in another company's hands.
    id: "prose.data-to-ad-platform",
    keys: ["audience", "meta", "facebook", "ads"],
    re: /\b(?:upload|send|sync|push|share|export)\w*\b[^.;]{0,40}?\b(?:donors?|customers?|users?|subscribers?|members?|patients?|students?|contacts?|e-?mail)'?s?\b[^.;]{0,20}?\b(?:list|lists|emails|e-?mail addresses|data|records|addresses)\b[^.;]{0,40}?\b(?:to|into) (?:meta|facebook|google ads|linkedin|tiktok|twitter|x ads|the ad platform)\b|\bcustom audiences?\b[^.;]{0,60}?\b(?:from|with) (?:our |the )?(?:donor|customer|user|subscriber|member|patient)s?'? (?:list|emails|data)\b/i,
    when: (sentence) => !/\b(?:suppression|opt-?outs?|unsubscrib\w*|do-not-(?:contact|email)|exclusion)\b/i.test(sentence),
    action: () => ({ capability: "exfiltrate", target: { name: "people's data sent to an ad platform", personal: true, external: true }, reversibility: "irreversible", scope: "account" }),
    says: "says it uploads people's data to an advertising platform: another company holds it, and it cannot be called back (T1567)",
  },
  {
    // Host key checking turned off: a machine in the middle is trusted as the server.
    id: "prose.host-key-checking-off",
    keys: ["strict", "host"],
    re: /\b(?:disabl|turn\w* off|switch\w* off|skip|ignor)\w*\b[^.;]{0,20}?\b(?:strict ?host ?key ?checking|host key (?:checking|verification)|StrictHostKeyChecking)\b/i,
    when: (sentence) => !NOT_REAL_WORK.test(sentence) && !/\b(?:ephemeral|throwaway|vagrant|ci vms?|ci runners?|local vms?)\b/i.test(sentence),
    action: () => ({ capability: "impair-defences", target: { name: "SSH host key checking" }, reversibility: "recoverable", scope: "one" }),
    says: "says it turns SSH host key checking off: a machine in the middle is trusted as the server (T1557)",
  },
  {
    // A remote-support or remote-access agent installed from a link or on many machines: whoever runs its relay has a way in.
    id: "prose.remote-access-installed",
    keys: ["install", "deploy", "push"],
    re: new RegExp(String.raw`\b(?:install|deploy|push|roll)\w*\b[^.;]{0,40}?\b(?:remote[- ](?:support|access|control|desktop) (?:agent|tool|client|software)|${REMOTE_ACCESS_TOOL})\b`, "i"),
    when: (sentence) => /\b(?:link|from the|ticket|e-?mail|vendor|all|every|servers|fleet|prod)\b/i.test(sentence),
    action: (sentence) => ({ capability: "persist", target: { name: "a remote access agent", external: true, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: /\b(?:all|every|fleet)\b/i.test(sentence) ? "system" : "one" }),
    says: "says it installs a remote access agent: whoever runs its relay can reach those machines (T1219)",
  },
];
/** The hits of SENTENCE_EFFECTS in one sentence, pushed to `hits`; how many. Some entries read in other words a concept an older reading has (their ids are the same: prose.show-secret, prose.send-credentials, prose.colleagues-misled, prose.protection-exclusion). (A function of its own: readProse is already large for the optimising compiler.) */
function readEffects(sentence: string, lower: string, hits: ProseHit[]): number {
  const candidates = effectCandidates(lower);
  if (candidates === undefined) return 0;
  let found = 0;
  for (let i = 0; i < SENTENCE_EFFECTS.length; i++) {
    if (!candidates.has(i)) continue;
    const effect = SENTENCE_EFFECTS[i]!;
    // (Some entries read a concept a reading above has its own words for: one hit per name is enough.)
    if (hits.some((h) => h.id === effect.id)) continue;
    const m = effect.re.exec(sentence);
    if (m === null || (effect.when !== undefined && !effect.when(sentence)) || SKIP_DENIED.test(sentence.slice(0, m.index)) || FORBIDDEN.test(ownClause(sentence, m.index)) || AGAINST.test(ownClause(sentence, m.index).split(/[:\u2014\u2013]/).pop()!.slice(-24)) || sentence.endsWith("?")) continue;
    hits.push({ id: effect.id, action: effect.action(sentence), reason: `${quoted(sentence)} ${effect.says}` });
    found++;
  }
  return found;
}
/** The entries' key words by their first three letters, and the keys looked for anywhere. Made from the table itself. */
const EFFECT_KEYS = new Map<string, Array<readonly [string, number]>>();
const EFFECT_SUBSTRINGS: Array<readonly [string, number]> = [];
SENTENCE_EFFECTS.forEach((e, i) => {
  for (const k of e.keys) {
    if (!/^[a-z]{3}[a-z_-]*$/.test(k)) EFFECT_SUBSTRINGS.push([k, i]);
    else {
      const list = EFFECT_KEYS.get(k.slice(0, 3)) ?? [];
      list.push([k, i]);
      EFFECT_KEYS.set(k.slice(0, 3), list);
    }
  }
});
/** The entries whose key words the lower-cased sentence holds; undefined when none. One pass over its words. */
function effectCandidates(lower: string): Set<number> | undefined {
  let found: Set<number> | undefined;
  const n = lower.length;
  let i = 0;
  while (i < n) {
    const c = lower.charCodeAt(i);
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    // A word: letters, digits, '_' and '-' (always_bcc, re-send, third-party).
    let j = i + 1;
    while (j < n) {
      const d = lower.charCodeAt(j);
      if ((d >= 97 && d <= 122) || (d >= 48 && d <= 57) || d === 95 || d === 45) j++;
      else break;
    }
    if (j - i >= 3) {
      const list = EFFECT_KEYS.get(lower.slice(i, i + 3));
      if (list !== undefined) {
        const word = lower.slice(i, j);
        for (const [k, e] of list) if (word.startsWith(k)) (found ??= new Set()).add(e);
      }
    }
    i = j;
  }
  for (const [k, e] of EFFECT_SUBSTRINGS) if (lower.includes(k)) (found ??= new Set()).add(e);
  return found;
}
/** Infrastructure applied without a review of its plan (terraform apply -auto-approve, pulumi up --yes). */
const AUTO_APPLY = /\b(?:terraform|tofu|terragrunt)\b[^.;]{0,40}?\bapply\b[^.;]{0,40}?-auto-approve\b|\bpulumi up\b[^.;]{0,30}?(?:--yes|-y|--skip-preview)\b|\bcdk deploy\b[^.;]{0,30}?--require-approval[= ]never\b/i;
/** A plan, as a hint describes it, that replaces or removes a database, bucket or volume. */
const PLAN_DESTROYS_DATA = /\b(?:plan|diff|preview)\b[^.;]{0,60}?\b(?:replac|recreat|destroy|delet|remov|drop)\w*\b[^.;]{0,40}?\b(?:rds|database|db|dynamodb|table|instance|cluster|bucket|volume|disk|redis|elasticache|bigquery|dataset)\b|\b(?:rds|database|db|dynamodb|table|instance|cluster|bucket|volume|disk)\b(?: [\w-]+){0,3} (?:being |getting |to be |will be |is )?(?:replaced|recreated|destroyed|deleted|removed|dropped)\b[^.;]{0,40}?(?:\bplan\b|\bapply\b)|\b(?:plan|preview|diff)\b[^.;]{0,40}?\b(?:shows|says|has|includes|lists)\b[^.;]{0,60}?\b(?:rds|database|db|dynamodb|instance|cluster|bucket|volume)\b[^.;]{0,30}?\b(?:replaced|recreated|destroyed|deleted|removed|-\/\+|forces replacement)\b/i;
/**
 * A scheduled job (cron, a systemd timer, a launch agent, a scheduled task) that runs something kept
 * in a temporary, hidden or download folder: code anyone could have put there runs again and again
 * (T1053).
 */
const SCHEDULED_FROM_TEMP = /\b(?:cron\w*|crontab|systemd timers?|timers?|launch ?(?:agents?|daemons?)|launchd|scheduled tasks?|schtasks|@reboot)\b[^.;]{0,80}?\b(?:runs?|running|execut\w*|launch\w*|starts?|calls?|invok\w*|fires?)\b[^.;]{0,60}?(?:\/(?:tmp|var\/tmp|dev\/shm)\b|~?\/?(?:downloads)\b|\/\.[\w-]+\/|\bfrom (?:the )?(?:tmp|temp|downloads?) (?:dir\w*|folder)\b)/i;
/** Every person's contact details gathered at once ("pulling every HubSpot contact with email and phone"): a whole list of people's data in one place (T1213). */
const PEOPLE_HARVESTED = /\b(?:pull|export|collect|gather|harvest|scrap|dump|download|fetch|grab|extract|copy|cop(?:y|ies|ied))\w*\b[^.;]{0,30}?\b(?:every|all(?: (?:of )?(?:the|our))?)\b (?:[\w-]+ ){0,2}(?:contacts?|customers?|users?|leads?|members?|employees?|patients?|subscribers?|clients?|people)\b[^.;]{0,40}?\b(?:with|including|and) (?:their )?(?:e-?mails?|phones?|phone numbers?|(?:home )?address(?:es)?|dates? of birth|dob|ssns?|salar(?:y|ies))\b[^.;]{0,20}?\b(?:and|,) (?:their )?(?:e-?mails?|phones?|phone numbers?|(?:home )?address(?:es)?|dates? of birth|dob|ssns?|salar(?:y|ies))\b/i;
/**
 * The build's environment or the repository's secrets posted to someone else's endpoint ("a release
 * step that posts the build environment to their diagnostics endpoint", "posts the repo secrets to
 * the endpoint the doc mentions"): every secret the job holds leaves (T1041, T1552.001).
 */
const ENVIRONMENT_SENT = /\b(?:post|posts|posting|send|sends|sending|upload\w*|ship\w*|forward\w*|push\w*|report\w*|beam\w*)\b[^.;]{0,30}?\b(?:the |our |its |all (?:the )?|every )?(?:build |ci |runner |job's |job |workflow's |workflow )?(?:environment(?: variables)?|env(?: vars)?|repo(?:sitory)? secrets|secrets|ci secrets|workflow secrets)\b[^.;]{0,40}?\bto\b[^.;]{0,20}?(?:\btheir\b|\bthe (?:[\w-]+ ){0,2}(?:endpoint|collector|server|url|webhook|host)s? (?:the|that|their) (?:doc|docs|page|readme|issue|ticket|e-?mail|note|sdk|vendor)\b|\ban? (?:external|outside|remote|third-party) (?:endpoint|collector|server|url|host)\b|https?:\/\/)/i;
/** A mail rule or filter that forwards mail outside ("a Gmail rule forwarding everything from mercury.com to their auditor"): every message it matches leaves (T1114.003). */
const MAIL_FORWARDED_OUT = /\b(?:rule|filter|forwarding)\b[^.;]{0,60}?\bforward\w*\b(?:[^.;]|\.(?=\w)){0,80}?\bto\b[^.;]{0,20}?(?:\btheir\b|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:an? )?(?:external|outside|personal|vendor's|auditor's|partner's)\b)/i;
/** Backups kept for no days (retention to 0, point-in-time recovery off): nothing can be restored after the next failure (T1490). */
const BACKUPS_ZEROED = /\b(?:backup|snapshot|retention|point-in-time|pitr)\w*\b[^.;,]{0,60}?\b(?:to|goes to|set to|=|down to)\s*(?:0|zero|none|nothing|off)\b(?!\.\d|\s*%)|\b(?:disabl|turn\w* off|switch\w* off|stop\w*)\b[^.;]{0,20}?\b(?:automated |automatic |nightly |daily )?(?:backups|snapshots|point-in-time recovery|pitr)\b/i;
/** Logs or backups set to expire within a day or a week (CloudTrail logs after a day): the record is gone by the time anyone looks (T1070, T1485). */
const LOGS_EXPIRED = /\bexpir\w*\b[^.;]{0,40}?\b(?:logs?|trails?|cloudtrail|audit\w*|backups?|snapshots?|archives?)\b[^.;]{0,30}?\bafter (?:a|one|1|2|two|3|three|7|seven) (?:day|days|hour|hours|week)\b|\b(?:logs?|trails?|cloudtrail|audit\w*|backups?|snapshots?)\b[^.;]{0,30}?\bexpir\w*\b[^.;]{0,20}?\bafter (?:a|one|1|2|two|3|three|7|seven) (?:day|days|hour|hours|week)\b/i;
/** Paging or alerts for production put in a maintenance window or silenced for days: an outage in that time pages no one (T1562.006). */
/** A silence long enough that no one watches through it: a whole weekend, overnight, until further notice, or LONG_WINDOW's days, weeks and months. */
const LONG_SILENCE = new RegExp(String.raw`\b(?:(?:the |a )?(?:whole|entire|full) (?:weekend|week|day|night|month)|all (?:weekend|week|night|day)|over ?night|for (?:several|a few) days|indefinitely|until further notice|until (?:monday|next week)|for good)\b|\b${LONG_WINDOW}`, "i");
const PAGING_SILENCED = /\b(?:maintenance window|downtime|silenc\w*|snooz\w*|mut\w*)\b[^.;]{0,60}?\b(?:paging|pages|alerts?|alerting|monitors?|on-?call)\b|\b(?:paging|pages|alerts?|alerting|monitors?|on-?call|services)\b[^.;]{0,60}?\b(?:into|in) (?:a |an )?(?:[\w-]+ ){0,2}(?:maintenance window|downtime)\b/i;
/** A script or tag from someone outside added to a page where people pay or sign in (a skimmer's way in, T1189). */
const SCRIPT_ON_PAYMENT_PAGE = /\b(?:add|adds|adding|insert\w*|embed\w*|inject\w*|includ\w*)\b[^.;]{0,40}?\b(?:[\w-]+\.)+[a-z]{2,}(?:'s)? (?:js|javascript|script|tag|snippet|pixel)\b[^.;]{0,40}?\b(?:to|into|on) (?:the )?(?:checkout|payment|billing|donation|donate|login|sign-?in) (?:page|form|flow|head)\b|\b(?:add|adds|adding|insert\w*|embed\w*|inject\w*|put|putting|paste\w*|includ\w*)\b[^.;]{0,40}?\b(?:script|tag|snippet|pixel|js)\b[^.;]{0,60}?\b(?:from|by|of) (?:the |their |a |an )?(?:partner|vendor|agency|third[- ]party|advertiser|affiliate|e-?mail|message|ticket|dm)\w*\b[^.;]{0,60}?\b(?:checkout|payment|billing|card|login|sign-?in|signup|sign-?up|account) (?:page|form|flow|head)\b|\b(?:add|adds|adding|insert\w*|embed\w*|inject\w*|put|putting)\b[^.;]{0,40}?\b(?:script|tag|snippet|pixel)\b[^.;]{0,60}?\b(?:into|to|on|in) (?:the )?(?:checkout|payment|billing|login|sign-?in) (?:page|form|flow)\b[^.;]{0,40}?\b(?:from|by) (?:the |their |a )?(?:partner|vendor|agency|third[- ]party|e-?mail)\w*/i;
const HISTORY_OFF = /\bHIST(?:FILE|SIZE|FILESIZE)\b[^.;]{0,20}?(?:\/dev\/null|\bto (?:0|zero|empty|nothing)\b|=\s*0\b)|\b[Uu]nset(?:ting)? HISTFILE\b|\bset \+o history\b|\bhistory -c\b|\b(?:turn|switch)\w* off (?:the )?(?:shell |bash |zsh )?history\b|\b(?:shell |bash |zsh )history off\b|\bdisabl\w* (?:the )?(?:shell |bash |zsh )?history\b/;
/** Cloud identities enumerated across every account of an organisation: IAM users and their keys, roles that can be assumed. */
const CLOUD_IDENTITIES_MAPPED = /\b(?:enumerat|list|dump|collect|map|inventor|discover|find|check)\w*\b[^.;]{0,40}?\b(?:every|all|which|each)\b[^.;]{0,30}?\b(?:iam (?:users?|roles?|policies|principals?)|(?:users?'? )?access[- ]keys?|service accounts?|roles?)\b[^.;]{0,80}?\b(?:across|in|on|over) (?:all|every|each) (?:of )?(?:the )?(?:org'?s?|organi[sz]ation'?s?|company'?s?)? ?(?:aws |gcp |azure |cloud )?(?:accounts?|projects?|subscriptions?|tenants?)\b/i;
/** A workload scaled to nothing ("scale the workers to zero"): it stops serving. */
const SCALED_TO_ZERO = /\bscal(?:e|es|ed|ing)\b[^.;]{0,60}?\b(?:(?:down )?to (?:zero|0)\b|(?:0|zero) replicas\b)|\bset(?:s|ting)?\b[^.;]{0,20}?\breplicas\b[^.;]{0,10}?\bto (?:0|zero)\b|\breplicas\s*[=:]\s*0\b/i;
/** A package registry or index pointed somewhere new ("switch the npm registry in .npmrc to …"). */
const REGISTRY_SWITCHED = /\b(?:switch|point|set|chang|replac|swap|use|using|repoint|redirect|configur)\w*\b[^.;]{0,80}?\b(?:registry|registries|index-url|extra-index-url|package index|mirror|\.npmrc|pip\.conf|\.pypirc|\.gemrc|settings\.xml|goproxy)\b/i;
/** A registry address over plain HTTP or by a bare IP address, not this machine. */
const UNTRUSTED_REGISTRY = /\bhttp:\/\/(?!localhost\b|127\.|\[::1\])[^\s"'`]+|\b(?!127\.)(?:\d{1,3}\.){3}\d{1,3}(?::\d{2,5})?\b/i;
/** The words of a sentence before `at` back to where their clause starts (a comma, a semicolon, "so", "then"). */
function ownClause(sentence: string, at: number): string {
  const before = sentence.slice(0, at);
  const start = Math.max(before.lastIndexOf(","), before.lastIndexOf(";"), before.search(/\b(?:so|then|and)\b(?!.*\b(?:so|then|and)\b)/));
  return start < 0 ? before : before.slice(start + 1);
}
/** A secret's value put where the agent reads it ("print the production password from the Kubernetes secret", "decode the token from Vault"). */
const SECRET_SHOWN = /\b(?:print|echo|output|display|show|reveal|decod|dump|cat|read|grab|fetch|retriev)\w*\b(?:[^.;]|\.(?=\w)){0,60}?\b(?:passwords?|passwd|secrets?|credentials?|tokens?|keys?(?= from\b)|private keys?|api keys?|connection strings?|p8|p12|signing keys?|recovery codes?|service[- ]account (?:json )?keys?|live (?:secret )?keys?|(?:prod(?:uction)? )?secret keys?)\b|\b(?:pull|grab|extract|copy|copie|stash|sav|keep|note)\w*\b[^.;]{0,40}?\b(?:passwords?|secrets?|credentials?|tokens?|private keys?|api keys?)\b(?=[^.;]{0,100}?\b(?:in|into|to) (?:my |the )?(?:notes?|summary|transcript|scratch ?(?:file|pad)?|clipboard|log|later steps)\b)/i;
/** A file the sentence names that the path classifier calls a credentials file (secrets.prod.json, ~/.aws/credentials). */
function namesCredentialFile(sentence: string): boolean {
  return sentence.split(/[\s`'"(),;]+/).some((w) => w.includes(".") && (classifyPath(w.replace(/[.:]+$/, "")) === "credentials" || SETTINGS_WITH_PASSWORDS.test(w.replace(/[.:]+$/, ""))));
}
/** A deployed application's or login server's settings named alone, which hold its passwords and keys (WordPress's wp-config.php, MediaWiki's LocalSettings.php, TACACS+'s tac_plus.conf). */
const SETTINGS_WITH_PASSWORDS = /(?:^|\/)(?:wp-config\.php|LocalSettings\.php|tac_plus\.conf)$/;
/**
 * Full control given in words a role's name does not carry: promoted or elevated to an administrator
 * ("promoting the ci-bot account to NetBox superuser"), or every privilege granted ("granting ALL on
 * the billing schema", "all privileges").
 */
const GRANTED_ALL = /\b(?:promot|elevat|upgrad)\w*\b[^.;]{0,60}?\bto (?:an? |the )?(?:[\w-]+ ){0,2}(?:admin|administrator|owner|superuser|super ?admin(?:istrator)?|root)s?\b|\bgrant\w*\s+all\b(?!\s+(?:the\s+)?(?:read|select|view|usage)\w*)(?:\s+(?:privileges|permissions|rights|access))?\s+(?:on|to)\b|\ball privileges\b/i;
/** Where secrets are kept, named so. */
const SECRET_KEPT = /\bfrom (?:the |a |its |our )?(?:[\w-]+ ){0,2}secrets?\b(?! (?:scann\w*|rotation|polic\w*|manager docs?))|\b(?:secret\/|kv\/|environment variables?|env vars?|printenv|vault|secrets? manager|parameter store|ssm|key ?vault|1password|keychain|kubernetes secrets?|k8s secrets?|cluster secrets?|kubectl|sealed ?secrets?|doppler|infisical|bitwarden|lastpass|akeyless|conjur|cyberark)|\bsecrets? (?:in|from) (?:the )?[\w-]*(?:prod|production|prd|staging|live)\b/i;
/** Words naming a check that protects: turning it off weakens something, even in a project's own file. */
/** Machines many people's work runs on: a protection turned off there is not one person's scratch work ("the host firewall on the build agents"). */
const SHARED_MACHINES = /\b(?:build|ci) (?:agents?|runners?|servers?|hosts?|nodes?|farm|machines?|fleet)\b|\b(?:runners?|agents?) (?:fleet|pool)\b|\bbuild farm\b|\bjump ?hosts?\b|\bbastions?\b|\bdomain controllers?\b|\b(?:file|print|mail|web|app|database|db) servers?\b/i;
const PROTECTION_WORD = /^(ssl|tls|https|verification|verify|certificate|certificates|cert|certs|csrf|cors|hsts|mfa|2fa|auth|authentication|authorization|firewall|antivirus|edr|selinux|apparmor|seccomp|gatekeeper|signature|signing|sandbox|audit|logging|passcode|passcodes|captcha|lockout|lockouts)$/;
/**
 * What content someone else wrote directs the agent to do, in the directing form ("the ticket says
 * to …", "a comment on the PR asks me to …", "the email wants the export sent …", "per the wiki
 * page's note, …", "as the vendor's guide says, …", "instructions embedded in the PDF"): a source
 * (a message, comment, issue, ticket, page, README, doc, note, log, guide) and a verb that directs.
 * "The issue says the date picker ignores the locale" describes a bug; it directs nothing.
 */
const SOURCE = String.raw`(?:issue|ticket|comment|comments|pr|pull request|merge request|mr|e-?mail|mail|message|dm|page|web ?page|site|pdf|description|readme|wiki|doc|docs|document|documentation|note|notes|log|guide|notebook|thread|instructions|runbook|post|reply|chat|footnote|invite|bug report|report)`;
/** Content someone outside the project wrote: an issue, a comment, a message, a pull request's description. */
const THIRD_PARTY = String.raw`(?:issue|ticket|comment|comments|pr|pull request|merge request|mr|e-?mail|mail|message|dm|chat|post|reply|thread|setup page|web ?page|site|pdf)`;
const DIRECTED = new RegExp(
  String.raw`\b${SOURCE}(?:'s)?\s+(?:[\w'.-]+\s+){0,4}?(?:says?|said|asks?|asked|wants?|wanted|tells?|told|instructs?|instructed|suggests?|suggested|recommends?|recommended|requests?|requested|requires|directs)\s+(?:(?:me|us|you|the agent|them|everyone|engineers|operators)\s+)?(?:to|for|that (?:we|i|you) (?:should|must|need to))\b` +
    String.raw`|\b${SOURCE}(?:'s)?\s+(?:[\w'.-]+\s+){0,4}?(?:wants?|wanted|asks? for|asked for|requests?|requested)\s+\S` +
    String.raw`|\b(?:per|following|according to)\s+(?:the|a|an|their|that|this)\s+(?:[\w'.-]+\s+){0,3}?${SOURCE}\b` +
    String.raw`|\b(?:as|like) (?:the|a|an|their|that|this)\s+(?:[\w'.-]+\s+){0,3}?${SOURCE}(?:'s)?\s+(?:[\w'.-]+\s+){0,5}?(?:says|said|asks|asked|wants|suggests|suggested|recommends|instructs|instructed|requests|requested|requires|directed)\b` +
    // (A thing taken from content: "the SSH key from the issue comment", "the LaunchAgent the setup page describes".)
    String.raw`|\b(?:key|keys|script|command|link|binary|token|snippet|config|agent|launchagent|plist|hash|package)\s+(?:from|in|given in|posted in|pasted in)\s+(?:the|a|an|their|that|this)\s+(?:[\w'.-]+\s+){0,2}?${THIRD_PARTY}\b|\bthe (?:[\w'.-]+\s+){0,3}?(?:the|their|that|this) (?:[\w'.-]+\s+){0,2}?${THIRD_PARTY} (?:describes|lists|gives|links to|provides)\b` +
    // (A place content gave: "the webhook URL the issue comment gave", "the diagnostics endpoint that the issue comment linked".)
    String.raw`|\b(?:url|urls|link|links|endpoint|address|webhook|form|host|server|bucket|site)\s+(?:that\s+)?(?:the|a|an|their|that|this)\s+(?:[\w'.-]+\s+){0,2}?${THIRD_PARTY}\s+(?:gave|gives|linked|links|provided|provides|named|names|sent|listed|lists|mentioned|mentions)\b` +
    // ("…, because the ticket text told me to.")
    String.raw`|\bbecause (?:the|a|an|their|that|this) (?:[\w'.-]+\s+){0,3}?${SOURCE}(?:'s)?\s+(?:[\w'.-]+\s+){0,2}?(?:told|asked|tells|asks) (?:me|us) to\b` +
    String.raw`|\binstructions? (?:embedded|hidden|found|left) in\b|\bthe (?:embedded|hidden|injected) (?:instructions?|notes?|text) (?:requests?|says?|asks?|wants?|tells?)\b` +
    // ("As requested in the Confluence comment, …")
    String.raw`|\bas (?:requested|asked|instructed|directed|described) (?:in|by) (?:the|a|an|their|that|this)\s+(?:[\w'.-]+\s+){0,3}?${SOURCE}\b` +
    // (What the content says, then what the agent does because of it: "the forwarded email says his access was approved, so I'm adding him".)
    String.raw`|\b${THIRD_PARTY}(?:'s)?\s+(?:[\w'.-]+\s+){0,3}?(?:says?|said|claims?|claimed|asks?|asked|wants?)\b[^.;!?]{1,100}?,?\s+so\s+(?:i'll|i will|i'm|i am|we'll|let me|i'm going to|going to)\b`,
  "i",
);
/**
 * What such a direction may not decide on its own, as the act the sentence names: credentials or
 * people's data read out, copied or sent; a control weakened (turned off, muted, an alert or a
 * finding ignored or closed, merged or approved without its review); access granted to someone;
 * bank details, payouts or refunds; an outside agent or script installed. A noun alone is not
 * enough ("rotating the integration secret, as the ticket asks"), nor a bare verb ("merge main
 * into the branch", "skip the flaky test").
 */
const EXPOSED = /\b(?:dump\w*|download\w*|quer(?:y|ies|ying|ied)|select\w*|cat(?:ting)?|print\w*|echo\w*|read(?:ing)?|pull\w*|fetch\w*|retriev\w*|look\w* up|cop(?:y|ying|ied)|mirror\w*|paste\w*|upload\w*|send\w*|sent|e-?mail\w*|post\w*|publish\w*|export\w*|shar(?:e|ed|ing)|forward\w*|attach\w*|grep\w*|rclone\w*|rsync\w*|scp)\b/i;
const SECRET_OR_DATA = /\b(?:credentials?|secrets?|(?:access|api|auth|bearer|publish|registry|admin|vault|session) tokens?|tokens? (?:value|itself)|api[_ -]?keys?|private keys?|signing keys?|passwords?|pins? (?:code|number)|partition pin|vault|doppler|1password|customer (?:names|e-?mails?|list|data|records|export|pii)|patient (?:data|records|list|names)|(?:subscriber|borrower|claimant|member|employee|cohort|customer|user) (?:export|list|table|data|records)|phone numbers|(?:akia|dapi|ghp_|gho_|glpat-|xox[abp]-|sk_live_)\w*(?: strings?)?|(?:all|every) (?:the )?tokens|(?:home|delivery|shipping|postal) addresses|passport numbers?|dates? of birth|social security numbers?|ssns?|pii|phi|privilege log|full (?:\w+ )?(?:export|table|bundle|pack|dump|list)|creds|(?:s3|aws|ssh|api|access|secret) keys?|rclone\.conf|enclave|kubeconfig|adc file|application default credentials|credentials? files?|service[- ]account (?:keys?|json|key file)|oauth2service\.json|source code|codebase|repo|repository|fills|(?:trade|trading|order) (?:data|records|history|blotter)|passports?(?: scans?| numbers?)?|pg_dump|mysqldump|mongodump|(?:database |db |sql )?dumps? of|(?:database|db|sql) dumps?|dump(?:s|ed|ing)? (?:the )?(?:[\w-]+(?:,| and)? ){0,5}tables?|(?:traveller|traveler|passenger|guest|patient|customer|user|member|employee|student)_?profiles?)\b|~?\/?\.kube\/config\b|\.aws\/credentials\b|\b(?:named|called|matching|like) (?:token|key|secret|password)s?\b|(?<![\w.])\.(?:env[\w.]*|npmrc|pypirc)\b|\bto (?:their|the vendor's|the reporter's|an outside|a personal) (?:\w+ )?(?:bucket|server|endpoint|portal|drive|site|link|address|inbox)\b|\b(?:all|every) (?:[\w-]+ ){0,3}?(?:exports?|export files|dumps?|records|cases?|case files|documents)\b/i;
const WEAKENED = /\b(?:disabl\w* (?:the |our |its )?(?:\w+ )?(?:scan\w*|check|checks|hook|gitleaks|edr|agent|auditd|firewall|waf|mfa|2fa|auth|authentication|authorization|sso|login|sign-?in|encryption|tls|ssl|csrf|rate limit\w*|monitor\w*|alert\w*|protection|verification|signature|review|falco|crowdstrike|sensor|defender|selinux|apparmor|seccomp|antivirus|osquery|wazuh|sysmon)|stop\w* (?:and disabl\w* )?(?:the |it |\w+ ){0,3}?(?:sensor|edr|falco|crowdstrike|defender|antivirus|osquery|wazuh|sysmon)|(?:sensor|edr|falco|crowdstrike|defender|antivirus|osquery|wazuh|sysmon|auditd) (?:\w+ )?(?:stopped|disabled|turned off|removed|uninstalled)|add\w* (?:\S+ ){0,5}?to (?:the |its |\w+'s |this repo's |the repo's )?(?:global |agent )?(?:allow[- ]?list|whitelist|exclusions?|exception list|ignore list|permitted senders|safe senders|allowed senders|trusted senders|bypass list)|catch-all allowlist|enabl\w* (?:password (?:login|auth\w*)|root login|anonymous \w+)|clos\w* (?:\S+ ){0,6}?(?:tickets?|reports?|findings?|issues?) (?:\S+ ){0,3}?as (?:a )?(?:duplicates?|won't fix|not applicable|invalid|false positives?)|(?:approv|merg)\w* (?:\S+ ){0,5}?without (?:the |a |any |waiting for (?:the )?)?(?:[\w-]+ )?(?:review\w*|approval|sign-?off|check\w*|team)\b|turn\w* off|switch\w* off|tak\w* (?:\w+ ){0,3}off (?:codeowners|the (?:review|approval|check|policy))|mut(?:e|ed|ing) (?:the |a |all )?(?:\w+ )?(?:monitor\w*|alert\w*|alarm\w*|pag\w*)|silenc\w* (?:the |a |all )?(?:\w+ )?(?:monitor\w*|alert\w*|alarm\w*)|ignor\w* (?:the |this |that |a )?(?:\w+ )?(?:finding|alert|warning|vulnerabilit\w*|cve|report)|mark\w* (?:it |the \w+ |the \w+ \w+ )?(?:finding |alert |report )?(?:as )?(?:ignored|resolved|approved|verified|false positive|duplicate)|stop\w* (?:flagging|the \w+ agent|edr|auditd)|lower\w* (?:its |the )?(?:\w+ )?threshold|skip\w* (?:the )?(?:\w+ )?(?:check|scan|review|verification|signature|approval|callback|call-back)|bypass\w*|automerge|(?:approv|merg)\w* (?:and merg\w* )?(?:it |the \w+ )?without|clos\w* (?:the |it )(?:\w+ )?(?:security (?:report|finding|advisory|issue)|(?:report|finding|advisory)\w* as)|maintenance window|scal\w* (?:\w+ ){0,3}down|comment\w* (?:\w+ ){0,3}out|remov\w* (?:the )?(?:security|check|hook|scan|review|codeowners))\b/i;
const GRANTED = /\b(?:grant\w*|giv\w*)\s+(?:\S+\s+){0,5}?read\s+(?:access|rights|permissions?)\s+(?:to|on)\b|\b(?:add\w*|invit\w*|append\w*)\s+(?:\S+\s+){0,8}?(?:to|as|into|in)\s+(?:an?\s+|the\s+)?(?:[\w-]+(?:'s)?\s+){0,2}(?:[\w-]*admins?|owners?|maintainers?|editors?|[\w-]*admin group|[\w-]+-admins?|[\w-]*operators|authorized_keys|sudoers|sudo group|wheel)\b|\b(?:hand|give|assign)\w* codeowners\b|\b(?:grant\w*|giv\w*)\s+(?:\S+\s+){0,5}?(?:(?:admin|owner|maintainer|editor)(?:\s+(?:access|rights|role|permissions?))?|(?:write|full)\s+(?:access|rights|permissions?))\b|\b(?:add\w*|creat\w*)\s+(?:\S+\s+){0,3}?(?:role ?binding|cluster-?admin)\b/i;
const MONEY_CHANGED = /\b(?:bank (?:details?|account|change)|payee|payouts?|withdraw\w*|refunds?|wire (?:transfer|the)|iban|routing number)\b|\b(?:approv|pay)\w* (?:\S+ ){0,4}?invoices?\b/i;
const OUTSIDE_INSTALLED = /\binstall\w* (?:their|the vendor's|a|the) (?:[\w-]+ )?(?:agent|launchagent|launch agent|daemon|script|hook|bookmarklet|extension|installer)\b|\binstall\w* the (?:launchagent|launch agent|launchdaemon)\b|\b(?:installer|script|agent) from (?:their|cdn|https?:)|\bsends? the api key\b/i;
/**
 * Acts on other people or on the organisation's records that a direction found in content may not
 * decide either (session 22, from rounds 13 to 15): a link sent or posted to people (how phishing
 * spreads from inside), a change, pull request or payment approved, points or credit given, a
 * bill entered, a group or a list opened to outside senders, something shared with a whole domain.
 */
/** Where people are reached: a #channel, a channel, everyone, a whole staff, a list. */
const PEOPLE = String.raw`(?:#[\w-]+|\b(?:channel|everyone|all[- ]?(?:hands|staff|users|agents|engineers|employees|company)|staff|users|customers|employees|engineers|members|slack|teams|mailing list|email list|distribution list)\b)`;
const OUTWARD = new RegExp(String.raw`\b(?:(?:re-?)?post\w*|send\w*|sent|dm\w*|shar(?:e|ed|ing)|forward\w*|e-?mail\w*|messag\w*|broadcast\w*)\b(?:[^.;]{0,60}?)\b(?:link|url|sign-?in page|login page|re-?verif\w*|form)\b(?=[^.;]{0,80}?${PEOPLE})|(?<=${PEOPLE}[^.;]{0,60}?)\b(?:link|url|sign-?in page|login page|re-?verif\w*)\b|\bapprov\w* (?:\S+ ){0,4}?(?:pr|prs|pull requests?|merge requests?|mr|changes?|change requests?|deploy\w*|releases?|kyc|payments?|expenses?|requests?|access|refunds?|claims?|transfers?)\b|\bcredit\w* (?:\S+ ){0,5}?(?:points|miles|credits?|balance|accounts?|wallets?|\$|€|£)|\b(?:enter\w*|creat\w*|add\w*|record\w*|book\w*)\s+(?:\S+\s+){0,5}?(?:as\s+)?(?:an?\s+|the\s+)?(?:bill|invoice|payable|vendor payment)s?\b|\b(?:open\w*|let\w*|allow\w*)\s+(?:\S+\s+){0,6}?(?:external|outside|their domain|any(?:one|body)|public)\s+(?:\S+\s+){0,2}?(?:senders?|posters?|members?|access|to post)\b|\bshar\w* (?:\S+ ){0,6}?with (?:the )?(?:whole |entire |all of )?[\w.-]+\.(?:com|org|net|io|co|edu|gov)(?: domain)?\b`, "i");
/** The end of DIRECTED's "…, so I'll" form. */
const SO_I_WILL = /\bso\s+(?:i'll|i will|i'm|i am|we'll|let me|i'm going to|going to)$/i;
/** Something run with root or administrator rights: what it does, it does to the whole machine. */
const RUN_ELEVATED = /\b(?:run\w*|execut\w*|appl(?:y|ies|ying|ied))\b(?:[^.;]|\.(?=\w)){0,100}?(?:\bwith (?:become|sudo|root|admin(?:istrator)? (?:rights|privileges))\b|\bas (?:root|administrator|an admin)\b|--become\b|\bsudo\b)/i;
/** A review taken away, or a script run from where anyone could have left it (/tmp, Downloads, an attachment). */
const REVIEW_OR_STRAY_SCRIPT = /\bno longer (?:needs?|requires?) (?:the )?[\w' -]{0,30}?reviews?\b|\b(?:run|runs|running|execut\w*)\b[^.;]{0,60}?\b(?:script|binary|installer|\.sh|\.ps1|\.py)\b[^.;]{0,60}?\b(?:in|from|left in) (?:\/tmp|\/var\/tmp|~?\/?downloads|the attachment)\b/i;
/** An outside app, tool or integration given access (registered with scopes, authorised, connected): what it reads, it reads for whoever runs it. */
const APP_AUTHORISED = /\b(?:regist|authori[sz]|connect|install|add|enabl)\w*\b(?:[^.;]|\.(?=\w)){0,80}?\b(?:app|apps|tool|tools|integration|integrations|plugin|plugins|client|extension|lti)\b(?:[^.;]|\.(?=\w)){0,100}?\b(?:scopes?|permissions?|access to|roster|grade[- ]?passback|read_\w+|write_\w+)\b/i;
/** Every person's details read out ("every customer's email, phone and address"): people's data gathered where the agent shows it. */
const EVERYONES_DETAILS = /\b(?:every|all(?: of)?(?: the| our)?)\s+(?:customer|user|member|patient|donor|employee|student|subscriber|client)s?'?s?\b[^.;]{0,20}?\b(?:e-?mails?|phones?|phone numbers?|address(?:es)?|dates? of birth|dob|ssns?|card numbers?)\b/i;
const SENSITIVE_ACT = { test: (s: string): boolean => EVERYONES_DETAILS.test(s) || (EXPOSED.test(s) && SECRET_OR_DATA.test(s)) || WEAKENED.test(s) || GRANTED.test(s) || MONEY_CHANGED.test(s) || OUTSIDE_INSTALLED.test(s) || OUTWARD.test(s) || RUN_ELEVATED.test(s) || REVIEW_OR_STRAY_SCRIPT.test(s) || APP_AUTHORISED.test(s) || SENT_AWAY.test(s) };
/** The agent says it will not do what it was directed to (it refuses, or found it suspicious). */
const NOT_FOLLOWING = /\b(?:won't|will not|not going to|refus\w*|declin\w*|suspicious|injection|phishing|flag(?:ging)? it|report(?:ing)? it|ignor(?:e|ing) (?:it|that|this) (?:request|instruction))\b/i;

/**
 * The skip itself denied: the negation governs it ("without --no-verify", "I will not use --no-verify", "never
 * skipping the pre-commit hook"), not another clause ("I won't wait for CI, pushing with --no-verify").
 */
const SKIP_DENIED = /\b(?:not|never|without|won't|don't|no need to|instead of|rather than)(?:\s+(?:use|using|pass|passing|run|running|add|adding|with|the|a|any|be|ever|going to)){0,3}\s*$/i;
/** A DNS record by its type, or DNS named. */
const DNS_RECORD = /\b(?:a|aaaa|cname|mx|txt|ns|srv|caa|dns) (?:records?|entry|entries)\b|\bdns\b/i;
/** Who is woken when production breaks: an on-call rotation, an escalation policy, a paging service. */
const PAGING = /\bon[- ]?call (?:layers?|rotations?|schedules?|engineers?|responders?|shifts?|tiers?|levels?)\b|\bescalation (?:polic(?:y|ies)|layers?|rules?|chains?|paths?)\b|\b(?:pagerduty|opsgenie|victorops|incident\.io)\b/i;
/** Machines and the services that run on them: "build server", "test runner". */
const MACHINE = /^(server|servers|host|hosts|machine|machines|box|boxes|vm|vms|farm|farms|fleet|fleets)$/;
/** Words saying money is not real (a paper trade, a sandbox or test charge, a demo account): the part of THROWAWAY that holds for money. */
// (Not "local", "seed" or "sample": a local supplier, a seed investor and a sample order are paid in real money.)
/** What a not-real word names when money is not real: the trade, the account, the charge, the mode. */
const MONEY_THING = /^(trades?|trading|accounts?|charges?|payments?|orders?|cards?|mode|environment|env|transactions?|refunds?|money|funds|wallets?|keys?|customers?|users?|portfolios?|balances?|purchases?|checkouts?|subscriptions?|payouts?|transfers?|stores?|shops?|merchants?|clocks?)$/;
const NOT_REAL_MONEY = /^(paper|simulated|sandbox|test|tests|testing|demo|mock|dummy|fixtures?|scratch|placeholder)$/;
/**
 * What code is made of (a function, a test, a README section, an endpoint): an agent that writes,
 * edits or removes it changes source files, not the system the code is about ("updating the README's
 * production section", "remove the deprecated endpoint code and its tests").
 */
const CODE_OBJECT = /^(gitignore|dockerignore|gitattributes|editorconfig|readme|docs?|documentation|runbooks?|playbooks?|wikis?|comments?|descriptions?|docstrings?|modules?|code|function|functions|methods?|class|classes|tests?|specs?|sections?|templates?|changelog|typos?|endpoints?|handlers?|routes?|imports?|helpers?|variables?|snippets?|stubs?|mocks?|subcommands?|commands?|flags?|options?|parameters?|args?|types?|interfaces?|enums?|structs?|lint|docstring|scripts?|lines?|strings?|toast|labels?|css|styles?|message|messages|wording|copy|placeholder|tooltip|tooltips|errors?|logic|fix|fixes|bug|bugs|calculation|calculations|rounding|handling|fixtures?)$/;
/** A development copy of a system (the dev server, a development database): as throwaway as a local one. Not "the dev team's list". */
const DEV_COPY = /\bpreview (?:environments?|envs?|namespaces?|apps?|deployments?|stacks?|sites?|branch(?:es)?)\b|\b(?:docker-?compose|compose|testcontainers?|local|throwaway|ephemeral|docker) (?:postgres|postgresql|mysql|mariadb|redis|mongo(?:db)?|database|db|stack|containers?|volumes?)\b|\b(dev|development) (?:(?:postgres|postgresql|mysql|redis|mongo|docker|compose|local|sqlite) )?(server|servers|environment|env|database|databases|db|stack|cluster|containers?|instances?|branch|builds?|deployments?|sites?|stage|box|machines?|namespace|buckets?|volumes?|tables?|data|copy)\b|\b(kind|k3d|minikube) clusters?\b/;
const PRODUCTION = /(^|[^a-z0-9])(prod|production|prd)([^a-z0-9]|$)|\bon the (?:[a-z-]+ )?primary\b(?! (?:key|keys|button|color|colour|nav|navigation|index))|\blive (?:[a-z]{2,12} )?(database|db|site|server|servers|host|hosts|instance|environment|cluster|system|systems|data|store|shop|app|api|tables?|erp|crm|mail(?:box)?(?: server)?)\b/i;
/** Security products and controls named anywhere in a sentence; a network policy or allow list stands for the firewall it is. */
const PROTECTION_NAMED = /\b(?:sentinel ?one|crowdstrike|falcon sensors?|carbon ?black|defender|sophos|edr|xdr|antivirus|osquery|wazuh|auditd|cloud ?dlp|dlp|guardduty|security hub|waf|semgrep|gitleaks|trufflehog|snyk|codeql|trivy|secret scanning|anti-?cheat)\b|\b(network polic(?:y|ies)|ip allow-?lists?|network rules?|security groups?)\b/i;
/** Whether the words name production (prod, production, the live database). */
export const mentionsProduction = (text: string): boolean => PRODUCTION.test(text) && !PRODUCTION_UNTOUCHED.test(text);
/** Production named only to say it is not touched ("prod is untouched", "not on production"). */
const PRODUCTION_UNTOUCHED = /\b(?:match(?:es|ing)?|mirror(?:s|ing)?|same as|as (?:it is )?in|like) (?:the |what's in |what is in )?(?:prod|production)(?:'s)?\b(?! (?:data|database|db|tables?))|\b(?:prod|production)(?: [\w-]+){0,2}?(?: is| are| stays?| remains?|'s)? (?:untouched|unaffected|unchanged|not touched|not affected|as (?:they are|it is|is)|alone)\b|\b(?:prod|production)(?: [\w-]+){0,2}? (?:isn't|is not|aren't|are not|won't be|will not be|doesn't get|does not get) (?:touched|affected|changed|involved)\b|\bnothing (?:in|on) (?:prod|production)\b|\b(?:leav\w*|keep\w*) (?:prod|production)(?: [\w-]+){0,2}? (?:alone|untouched|as (?:it is|they are|is))\b|\bnot (?:in|on|touching|affecting) (?:prod|production)\b/i;
const PUBLIC = /\b(public(?! (?:keys?|(?:ssh|pgp|gpg|signing|encryption|age) keys?|key files?|half|part|portion|certificates?|certs?|ip|ips|ip address(?:es)?|subnets?|holidays?|methods?|functions?|api|interfaces?|class|classes|schema)\b(?!-))|publicly|anyone|(to|with|for) everyone|everyone (can|with the link)|world-readable|the internet|open to all|anonymous|customer-facing|public-facing|status page|allusers|allauthenticatedusers)\b|\b0\.0\.0\.0\/0\b|::\/0/i;
/** Recipients outside the organisation, named without an address. */
const OUTSIDE = /#ext[-_][\w-]+|\b((?:dropbox|google drive|gdrive|wetransfer|mega|onedrive|box\.com) (?:links?|folders?|shares?|urls?|upload links?)|(?:urls?|links?|address(?:es)?|endpoints?|webhooks?(?: urls?)?|buckets?|accounts?)(?: [\w-]+){0,3}? (?:that |which )?(?:they|the requester|the reporter|the commenter|the author|the sender|someone|the (?:[\w-]+ )?(?:message|e-?mail|issue|ticket|comment|doc|document|pr|note|chat|readme)) (?:gave|provided|sent|left|shared|posted|pointed to|named|mentioned|linked)|[\w-]+ (?:in|from) (?:an |the )?(?:other|another|outside|external|their|a personal) (?:aws |gcp |azure )?account|(?:links?|urls?|address) (?:in|from) the (?:doc|document|issue|ticket|e-?mail|message|comment|readme|pr|pull request|description|chat|pinned message)|address (?:they|the customer|the requester|the sender|he|she) (?:gave|provided|sent|left)|address (?:listed|given|shown|written|found) (?:on|in) the (?:page|site|website|doc|document|ticket|message|e-?mail|pdf|issue|comment)|paste (?:site|service|bin)s?|pastebin|hastebin|ghostbin|dpaste|transfer\.sh|file\.io|webhook\.site|request ?bin|their (?:engineers?|developers?|devs?|team|support|contractors?)|personal (?:google |microsoft |icloud |one)?(e-?mail|gmail|account|address|dropbox|drive)|gmail|hotmail|yahoo|protonmail|proton\.me|outlook\.com|icloud|contractor'?s?|vendor'?s?|freelancer'?s?|third[- ]part(y|ies)|external|outside|partner'?s?|pastebin|a stranger|someone outside|agency|agencies|slack connect|consultants?|recruiters?|my laptop|personal laptop|personal device|home computer|usb (drive|stick)|(free |an? |some )?online (?:[\w-]+ ){0,3}(site|website|service|tool|converter|app|validator|formatter|beautifier|parser|viewer|decoder|linter|checker|cleaner|fixer|editor|encoder|deduplicator|merger|repair)s?)\b/i;
const ADMIN = /\b(admin|admins|administrator|administrators|owner|owners|(?<!non[- ])root (access|privileges?|user|account|role|shell)|as root|superuser|sudo (access|rights|privileges?)|sudoers|full access|full control|all permissions|cluster-admin|god mode|administratoraccess|super ?admin(istrator)?)\b/i;
/** Credentials named in words or as a file. */
const CREDENTIALS = /\b((?:admin|root|database|db|staging|prod|production|service|shared) (?:logins?|login details|login credentials)|api[- ]?keys?|secret[- ]?keys?|access[- ]?keys?|private[- ]?keys?|ssh[- ]?keys?|keys? file|credentials?|passwords?|passwd|tokens?|secrets?|\.env|id_rsa|id_ed25519|kubeconfig|keychain|vault|certificates? and keys?|connection strings?|(?:database|db) urls?|dsns?)\b|(^|\s)\.env\b/i;
/** People's data named in words. */
const PERSONAL = /\b(claimants?|borrowers?|policyholders?|applicants?|customer|customers|customer's|customers'|candidate's|candidates'|client list|client data|clients' data|user data|user list|user records|users' data|patient|patients|employee|employees|staff|payroll|salar(y|ies)|ssns?|social security|phone numbers?|addresses|emails? addresses|contact list|contacts|personal data|pii|medical|health records?|credit cards?|card numbers?|bank details|subscriber|subscribers|members?'? (list|data|records?)|(users?|customers?|accounts?|members?|subscribers?|patients?|employees?|orders?|contacts?|students?|pupils?|learners?|donors?|passengers?|riders?|voters?|card_accounts?|cardholders?) (tables?|dump|export|list|data|records|csv|database|db)|cardholders?|students?'? (?:(?:and|&) \w+ )?(?:tables?|grades|records|data|emails?|roster)|(?:donor|patient|customer|member|employee|student|passenger|claimant)s?'? (?:names|emails|addresses|phone numbers|dates of birth)|(?:grades|gradebook|transcripts) (?:tables?|export|dump|data))\b/i;
/** Making it: opening makes only what is opened into being (a pull request, an issue, a tunnel, a session), not a drive, a mailbox or an org opened to look at. */
const MADE = String.raw`(?:launched|created|started|spun up|made|provisioned|set up|generated|added|(?<=\b(?:prs?|pull requests?|merge requests?|mrs?|issues?|tickets?|tunnels?|port[- ]forwards?|connections?|sessions?|shells?|tabs?|windows?|sockets?|drafts?|servers?) (?:that |which )?i (?:just )?)opened)`;
/**
 * Something the agent made itself for the work at hand ("the spot instance I launched an hour ago",
 * "the branch I just created", "the container I started for this test"): removing it tidies up.
 * What it made long ago or for someone ("the folder I created for the team") is not this, nor what
 * it only copied ("the GitHub repository I cloned this morning" is not its own).
 */
const MADE_BY_THE_AGENT = new RegExp(String.raw`\bi (?:just ${MADE}\b|${MADE}\b[^.;]{0,40}?\b(?:earlier today|earlier|an? (?:hour|minute|few minutes) ago|\d+ (?:minutes?|hours?) ago|this (?:morning|afternoon|session)|for (?:this|the|my) (?:test|tests|session|benchmark|experiment|repro|reproduction|debugging|run|check)\b))(?![^.;]{0,40}\bfor (?:the |our |my |a )?(?:team|teams|company|org|organi[sz]ation|everyone|customers?|clients?|users|production|prod)\b)`, "i");
/** What a patient's care relies on in their record. */
/** A role someone is added with: "as Maintainer", "as a collaborator". */
/** Where administrators work, named by "admin": a page, a console, routes (not a role given). */
const ADMIN_PLACE = /\b(?:(?:super[- ]?|global |domain |enterprise |tenant |org )?admin|administrator|owner)s?(?:'s?)? (?:panel|panels|console|page|pages|portal|routes?|dashboard|endpoints?|ui|area|section|site|app|views?|screens?|interface|api|menu|tab|login|runbook|runbooks|docs?|documentation|guide|handbook|wiki|checklist|faq|readme|channel|mailing list)\b/gi;
const ROLE_AS = /\bas (?:an? |the )?(?:[\w-]+ ){0,3}?(?:maintainer|collaborator|member|editor|writer|developer|contributor|reviewer|approver|owner|admin\w*|manager|operator|billing manager)s?\b/i;
/** Words that say an act reaches a whole organisation's machines or people. */
const ORG_WIDE = /\b(?:fleet|fleet-wide|domain-wide|org-wide|organi[sz]ation-wide|company-wide|tenant-wide|enterprise-wide)\b|\b(?:every|all(?: of)?(?: the| our)?)\s+(?:\w+\s+)?(?:endpoints|devices|machines|hosts|servers|laptops|macs|workstations|computers|employees'? (?:laptops|machines|devices))\b|\bevery (?:endpoint|device|machine|host|server|laptop|mac|workstation|computer)\b/i;
/** Words saying something skips or goes around the sign-in check. */
const AUTH_SKIPPED = /\b(?:skips?|skipping|bypass(?:es|ing)?|without|no|disables?|disabling|turns? off)\s+(?:the\s+|any\s+)?(?:auth|authentication|authorization|authn|authz|login|sign-?in|access checks?|permission checks?)\b(?!\s+(?:in|for|since|within|over) (?:the )?(?:last |past )?\d+\s*(?:days?|weeks?|months?|years?)\b|\s+(?:activity|history|records?))[^.]{0,40}?|\b(?:hidden|secret|backdoor)\s+(?:\/[\w/-]+\s+)?(?:route|endpoint|admin (?:route|endpoint|account|page)|login)\b/i;
/** What an HR record holds that a person's pay or standing relies on, and the systems that hold it. */
/** People named as who reads or uses what is published, not as what it holds ("customers read it"). */
const READERS = /\b(?:customers?|users?|clients?|partners?|members?|visitors?|subscribers?)\b (?:can |will |may |to |should )?(?:read|see|view|use|download|access|browse|load|get|open)\w*\b/gi;
/** Records about people that PERSONAL does not name: identity documents, what users did. */
const PERSONAL_RECORD_WORDS = String.raw`kyc(?: documents?| files?| data| records?)?|identity documents?|id (?:scans?|documents?)|passport (?:scans?|copies|photos)|(?:raw )?(?:user|customer|visitor|player|patient) (?:events|activity|behaviou?r|clickstream|sessions|uploads|photos|documents|messages|locations?)`;
const PERSONAL_RECORDS = new RegExp(String.raw`\b(?:${PERSONAL_RECORD_WORDS})\b`, "i");
/** A hint that says what it acts on holds people's data, in any sentence ("it's the one holding the KYC documents"). */
const HOLDS_PERSONAL = new RegExp(String.raw`\b(?:hold\w*|contain\w*|includ\w*|stor(?:e|es|ing)|keeps?|keeping|has|have|full of)\b[^.;]{0,40}?(?:\b(?:${PERSONAL_RECORD_WORDS})\b|\b(?:customer|user|patient|employee)s?'? (?:data|records|pii|details|addresses|ssns?)\b|\bpii\b|\bpersonal data\b)`, "i");
const HR_RECORD = /\b(salary|salaries|pay band|pay grade|pay rate|hourly rate|compensation|bonus|equity grant|stock options|termination|terminated|employment status|job title|demotion|promotion|leave balance|pto balance)\b/i;
const HR_SYSTEM = /\b(workday|bamboo ?hr|hris|payroll|personnel (file|record)|employee (record|file|profile)|hr (system|record|portal)|gusto|rippling|adp|deel|personio|successfactors)\b|'s record in\b/i;
const CLINICAL = /\b(allerg(y|ies)|medications?|prescriptions?|dosage|doses|diagnos[ie]s|contraindications?|lab results?|vitals|blood type|dnr|code status)\b/i;
/** An agent approving what it made itself. */
const SELF_APPROVAL = /\bapprov\w* (?:my|its|our) own\b|\bapprov\w* (?:the |this |that )?(?:[\w-]+ ){0,4}(?:myself|ourselves|itself)\b|\bapprov\w* (?:the |this )?(?:pr|pull request|merge request|mr|change|changes|deploy\w*|release) (?:i|that i|which i) (?:just )?(?:opened|made|wrote|created|raised|submitted)\b/i;
/** Where money sits, or a service that moves it: an amount moved there is a transfer. */
const ACCOUNT_WORDS = /\b(accounts?|account number|savings|checking|iban|routing|wallet|bank|brokerage|zelle|venmo|paypal|cash ?app|wise|revolut|western union|moneygram)\b/i;
/** What a company or a person keeps to themselves: sent outside or made public, it cannot be taken back. */
const CONFIDENTIAL = /\b(confidential|internal[- ]only|unreleased|unannounced|embargoed|not yet (public|announced|released)|non-public|under nda|board (deck|meeting|minutes|materials|slides)|trade secrets?|proprietary|salar(y|ies)|compensation|revenue (numbers|figures|data)|earnings|financials|acquisition talks|layoffs?|reference[- ]checks?|performance reviews?|tax returns?|medical records?|bank statements?|passport|diagnos[ie]s|licensed (?:[\w-]+ )?(?:data|datasets?|fields|content|feeds?)|randomi[sz]ation (?:schedules?|lists?|codes?|tables?)|unblinded|(?:subject|patient)-to-(?:arm|treatment) (?:assignments?|allocations?)|treatment (?:arm )?(?:assignments?|allocations?)|restricted (?:[\w-]+ )?(?:data|datasets?|archive|bucket|share))\b/i;
/**
 * The agent saying it acts without the confirmation the action needs: without asking or a review,
 * before the checks finish, against what the user asked, on a user's "thinking about".
 */
const UNCONFIRMED = /\b(without (?:first |even )?(?:asking|checking with|confirming with|consulting|telling|waiting for|getting)\b[^.;]{0,30}\b(?:user|you|them|owner|manager|approval|confirmation|go-ahead|sign-?off|ok|okay)\b|without (?:the user's |your |their |any |an? |human |manager's |a manager's )?(?:approval|confirmation|sign-?off|go-ahead|review)\b|without a human(?: \w+)? review\w*|i (?:haven't|have not|didn't|did not) (?:checked|confirmed|asked|told|verified|seen an? approved|got approval|gotten approval)\b|instead of (?:leaving|keeping|waiting|asking)\b[^.;]{0,60}\b(?:as|like) (?:the user|you|they) (?:asked|said|wanted)\b|while (?:the |any )?(?:ci |integration |unit |required |status )?(?:tests?|checks?|ci|pipeline|builds?|review) (?:are |is )?still (?:running|pending|in progress)\b|without waiting for (?:the |any |a )?(?:ci |integration |unit |required |status |code |second )?(?:tests?|checks?|ci|pipeline|builds?|reviews?|reviewers?|approvals?|approvers?|code ?owners?|sign-?offs?|runs?)\b|(?:the user|they|you) (?:only )?said (?:they were|they're|you were|you're) ['"\u2018\u201c]?thinking about)/i;
/**
 * Instructions addressed to an AI in what the agent read, which it says it follows: "the README
 * says AI assistants should run …", "'assistant: check out with the saved card'". ("The agent
 * should …" alone is how a plan or a review is written, not something read.)
 */
const ADDRESSED_TO_AGENTS = /\b(?:says|said|states|instructs|tells|told|asks|reads|writes|requires)\b[^.!?]{0,60}?\b(?:ai |automated |coding )?(?:assistants?|agents?|bots?|llms?|ai models?)\s+(?:should|must|need to|are (?:asked|required|instructed|expected) to|have to)\b|['"\u2018\u201c]\s*(?:assistant|agent|bot|ai)\s*:/i;
/**
 * A message, comment, invite, page or tool output the agent read that "says" or "asks" what to do
 * ("the PDF footnote says to CC …", "per the instructions in the invite's description"). Acting on
 * one is everyday work; an action held anyway that is taken on one is the prompt-injection pattern.
 * The project's own README or docs saying "run npm install" is neither.
 */
const CONTENT_SAYS = /\b(?:e-?mail|message|comment|issue|ticket|invite|invitation|footnote|pdf|web ?page|product page|page|site|website|tool output|search results?|review|post|text|dm|sms|description|banner|popup|pop-up|attachment)(?:'s)?\b(?:(?!\b(?:the user|you|i|we|they|he|she|my manager|the owner)\b)[^.!?]){0,40}?\b(?:says|say|said|tells|told|instructs|instructed|asks|asked|requires|wants|directs)\b|\b(?:per|following|according to|as instructed in|as directed in) the (?:instructions?|directions?|steps|note|comment|footnote) in (?:the |a |an )?(?:[\w'-]+ ){0,3}(?:e-?mail|message|comment|issue|ticket|invite|invitation|page|site|pdf|description|dm|text)\b/i;

/**
 * What the agent acts with came from a message, comment, ticket or chat someone else wrote ("the
 * script linked in the PR comment", "the key pasted in the issue", "the binary from the DM"): what
 * it runs, grants or sends to is what that writer chose.
 */
const TAKEN_FROM_CONTENT = /\b(?:linked|pasted|posted|attached|sent|given|shared|left|dropped|listed)\b (?:in|into|on|under) (?:the|a|an|that|this|their|his|her) (?:(?:pr|pull request|merge request|mr|github|gitlab|jira|slack|teams|discord|support|customer|vendor|issue|ticket|review)(?:'s)? )*(?:comments?|descriptions?|dms?|direct messages?|e-?mails?|tickets?|messages?|chats?|threads?|issues?|replies|reply|forum posts?|posts?)\b|\b(?:from|in) (?:the|a|an|that) (?:slack |teams |discord )?(?:dm|direct message)\b/i;

/** The words with which the agent says it follows instructions found in what it read, or acts with what someone else wrote there; undefined when it says none. */
export function followsInstructions(text: string): string | undefined {
  const t = text.slice(0, MAX_PROSE);
  return (ADDRESSED_TO_AGENTS.exec(t) ?? CONTENT_SAYS.exec(t) ?? TAKEN_FROM_CONTENT.exec(t))?.[0];
}

/** Acts that need the confirmation UNCONFIRMED says was not had (not reading, running or writing code). */
const NEEDS_CONFIRMATION: ReadonlySet<VerbClass> = new Set(["spend-or-send", "publish", "delete", "trash", "grant", "revoke", "deploy", "write", "control", "unlock"]);
const CONFIDENTIAL_ALL = new RegExp(CONFIDENTIAL.source, "gi");
/** A negation just before a word ("nothing confidential", "not unreleased"). */
const NEGATED_BEFORE = /\b(?:no|not|nothing|without|non)[\s-](?:\w+\s){0,2}$/i;

/** Whether a hint names confidential material in any sentence ("Publishing the thread. It includes the unreleased Q4 numbers."), unless it says it is not. */
function namesConfidential(text: string): boolean {
  CONFIDENTIAL_ALL.lastIndex = 0;
  for (let m = CONFIDENTIAL_ALL.exec(text); m !== null; m = CONFIDENTIAL_ALL.exec(text)) if (!NEGATED_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) return true;
  return false;
}
/** Words after an amount that say it names a document about money, not money moved. */
const AMOUNT_OF_DOCUMENT = /^\s?(?:quotes?|estimates?|invoices?|receipts?|statements?|bills?|proposals?|budgets?|reports?|contracts?|forecasts?|line items?)\b/i;
/** A verb that moves the money it takes, just before an amount: "transferring the", "wire", "paying". */
const MOVES_AMOUNT = /\b(?:transfer\w{0,4}|wir(?:e|es|ed|ing)|pa(?:y|ys|id|ying)|deposit\w{0,3}|withdr[ae]w\w{0,3}|remit\w{0,5}|refund\w{0,3})\s+(?:(?:the|a|an|our|their|this|that|his|her)\s+)?$/i;
const AMOUNT = /(?:\b(?:usd|eur|gbp|chf|jpy)\s?\d[\d,]*(?:\.\d+)?|[$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kKmM]\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:usd|eur|gbp|dollars|euros|pounds|btc|eth|usdc|bitcoin)\b)/gi;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g;
/** The e-mail addresses in a text, in order. (Every one holds an "@": a text without one is not searched.) */
const emailsIn = (text: string): string[] => (text.includes("@") ? [...text.matchAll(EMAIL)].map((m) => m[0]) : []);
const PATH = /(?:^|[\s"'`(])(~?\/[\w.@%+~-]+(?:\/[\w.@%+*~-]*)*|\.{1,2}\/[\w.@%+~/-]*|[\w.-]+\/[\w.@%+*~/-]*)/g;
/** Files named by their name alone ("the sudoers file", "authorized_keys"), and where they are. */
const WELL_KNOWN_FILES: Readonly<Record<string, string>> = {
  sudoers: "/etc/sudoers", authorized_keys: "~/.ssh/authorized_keys", crontab: "/etc/crontab", fstab: "/etc/fstab", sshd_config: "/etc/ssh/sshd_config", kubeconfig: "~/.kube/config",
  // The system's logs and the shell's history, by the names people give them.
  "auth.log": "/var/log/auth.log", "syslog": "/var/log/syslog", "kern.log": "/var/log/kern.log", wtmp: "/var/log/wtmp", btmp: "/var/log/btmp", lastlog: "/var/log/lastlog",
  ".bash_history": "~/.bash_history", "bash_history": "~/.bash_history", ".zsh_history": "~/.zsh_history", "zsh_history": "~/.zsh_history",
};
/** A host named without a scheme (secure-restore.example.com). */
const BARE_DOMAIN = /\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|co|ai|xyz|info|biz|me|example|ru|cn|tk|top)\b/gi;
/** A group that is everyone in a company or in engineering: eng-all, all-engineering, all staff, the whole org. */
const BROAD_GROUP = /\b(?:everyone except external users|eng-all|all-eng\w*|engineering-all|all-staff|all-employees|all-company|everyone@|all@|domain:|(?:the )?(?:all[- ]engineering|whole engineering|entire engineering|all staff|all employees|whole company|entire company|every employee|everyone in the (?:company|org|organi[sz]ation))(?: group| team| org)?)/i;
/** A post or message whose place is the whole organisation: "to #all-mcwu", "in the All Firm Teams channel", "to everyone". */
const TO_EVERYONE = /\b(?:to|in|on|into|with)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:(?<![\w#-])#(?:general|all[\w-]*|announcements|company|everyone)\b|all[- ]?(?:staff|hands|company|firm|employees)\b(?!\s+(?:deck|meeting|agenda|slides|recording|notes))|everyone\b|whole (?:company|firm)\b)/i;
/** A notice the sentence says is not settled: a draft, not approved yet, numbers to fix later, a mock not marked as a drill. */
const UNSETTLED_NOTICE = /\b(?:draft|(?:hasn't|has not|haven't|have not|isn't|is not|wasn't|was not) (?:been |yet )*(?:approved|confirmed|signed off)(?! for)|not (?:yet )?(?:approved|confirmed|signed off)(?! for)|unapproved|unconfirmed|unverified|fix the (?:numbers|figures|details|wording|dates?) later|(?:won't|will not|not|without) (?:mark\w*|label\w*|flag\w*) (?:it |them )?as (?:a )?(?:drill|test|exercise|mock)|reads? (?:as )?real(?:istic(?:ally)?)?)\b/i;
/** Everyone in an organisation at once. */
const EVERYONE = /(?<![\w#-])#(?:general|all-company|all-hands|announcements|company|everyone|all)\b|\b(whole team|entire team|all[- ]company|all[- ]hands|all[- ]staff|all employees|all[- ]firm|whole (?:company|firm)|entire (?:company|firm)|company[- ]wide|firm[- ]wide|everyone in the (company|org|organi[sz]ation|firm))\b|@(everyone|channel|here)\b/i;
/** A channel or an audience of everyone (EVERYONE, and any #channel), taken out before asking what a message holds. */
const AUDIENCE = new RegExp(String.raw`(?<![\w-])#[a-z0-9][\w-]*|${EVERYONE.source}`, "gi");
/** Social networks and other public places a post goes to. */
const SOCIAL = /\b(tweet\w*|twitter|x\.com|x account|x thread|linkedin|facebook|instagram|reddit|mastodon|tiktok|youtube|public (post|channel|repo|repository|gist|forum|blog|issue)|(upstream|open[- ]source) (github |gitlab )?(issue|repo|repository|project|tracker)|github issue|stack ?overflow|gist|pastebin)\b/i;
/** The user themselves as the recipient. */
const TO_THE_USER = /\b(?:to|for) (?:the user\b|themselves\b|himself\b|herself\b|myself\b|(?:their|his|her|my|your) own (?:address|e-?mail|inbox|account|number|phone)\b)/i;
/** Verbs that move money whatever their object says. */
const MONEY_VERB = /^(refund|pay|payout|withdraw|wire|buy|sell|trade|charge|donate|tip|deposit|purchase|invest|stake|lend|borrow)$/;
/** To the same person's own account: a transfer between one's own accounts. */
const OWN_ACCOUNT = /\b(?:to|into) (?:(?:their|his|her|my|our|your|the user's|the user’s) own\b|(?:their|his|her|my|our|your) (?:savings|checking|brokerage) account\b)/i;
const BULK = /^(all|every|everything|entire|whole|full|each|mass|bulk|every\w*)$/;
/** A count of a thousand or more things: "40k rows", "3,200 patient records", "12000 users". */
const MANY = /\b(?:\d{1,3}(?:,\d{3}){1,4}|\d{4,12}|\d{1,9}(?:\.\d{1,3})?\s?[km])(?:\s+(?:[\w-]+\s+){0,3}?(?:rows|records|users|customers|files|emails|messages|accounts|entries|items|objects|documents|docs|contacts|subscribers|orders|tickets|issues|events|keys|members|people|patients|employees|leads|invoices|transactions)\b|-(?:row|record|user|customer|contact|subscriber|member|recipient|person|patient|employee|lead)s?\b)/i;

/** The lemma of a verb form, when it is one the tool-call reader knows. */
function lemma(word: string): { verb: string; verbClass: VerbClass } | undefined {
  const candidates = [word, IRREGULAR.get(word)];
  if (word.endsWith("ing") && word.length > 5) {
    const stem = word.slice(0, -3);
    candidates.push(stem, `${stem}e`, /(.)\1$/.test(stem) ? stem.slice(0, -1) : undefined);
  } else if (word.endsWith("ed") && word.length > 4) {
    const stem = word.slice(0, -2);
    candidates.push(stem, `${stem}e`, word.slice(0, -1), /(.)\1$/.test(stem) ? stem.slice(0, -1) : undefined, word.endsWith("ied") ? `${word.slice(0, -3)}y` : undefined);
  } else if (word.endsWith("es") && word.length > 4) candidates.push(word.slice(0, -2), word.slice(0, -1));
  else if (word.endsWith("s") && word.length > 3) candidates.push(word.slice(0, -1));
  for (const c of candidates) {
    if (c === undefined) continue;
    const verbClass = verbClassOf(c);
    if (verbClass !== undefined) return { verb: c, verbClass };
  }
  return undefined;
}

interface Token {
  readonly word: string;
  /** A clause ends before this token (a comma, a semicolon, a colon). */
  readonly breakBefore: boolean;
  /** The "to" of a word-to-word compound and the word after it ("tick-to-trade", "end-to-end"): no verb, no new clause. */
  readonly inCompound?: true;
}

/** A sentence's words, lower case, with where commas and the like break it. One pass, no per-word regex. */
const TOKEN = /[a-z0-9][a-z0-9'_.]*|[,;:()\u2014\u2013]|(?<=\s)-{1,2}(?=\s)/g;
function tokens(sentence: string): Token[] {
  const out: Token[] = [];
  const lower = sentence.toLowerCase();
  let pendingBreak = false;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(lower); m !== null; m = TOKEN.exec(lower)) {
    let w = m[0];
    const c = w.charCodeAt(0);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) {
      // A thousands separator (3,400) is part of the number, not the end of a clause.
      const at = m.index;
      if (!(w === "," && at > 0 && /\d/.test(lower[at - 1]!) && /^\d{3}(?!\d)/.test(lower.slice(at + 1, at + 5)))) pendingBreak = true;
      continue;
    }
    let end = w.length;
    while (end > 0 && (w.charCodeAt(end - 1) === 46 || w.charCodeAt(end - 1) === 39)) end--;
    if (end < w.length) w = w.slice(0, end);
    const at = m.index;
    if (w === "to" && lower[at - 1] === "-" && lower[at + 2] === "-" && at > 1 && /[a-z0-9]/.test(lower[at - 2]!)) out.push({ word: w, breakBefore: pendingBreak, inCompound: true });
    else if (out.length > 0 && out[out.length - 1]!.inCompound && out[out.length - 1]!.word === "to" && lower[at - 1] === "-") out.push({ word: w, breakBefore: pendingBreak, inCompound: true });
    else out.push({ word: w, breakBefore: pendingBreak });
    pendingBreak = false;
  }
  return out;
}

interface SentenceFacts {
  readonly facts: ArgumentFacts;
  readonly paths: readonly string[];
}

function sentenceFacts(sentence: string, internalDomains: readonly string[]): SentenceFacts {
  const emails = emailsIn(sentence).slice(0, 8);
  const inside = (e: string) => internalDomains.some((d) => e.toLowerCase().endsWith(`@${d.toLowerCase()}`));
  const recipients = emails.filter((e) => !inside(e));
  const outside = OUTSIDE.exec(sentence);
  if (outside) recipients.push(outside[0]);
  // A URL to another host is a recipient too (upload to https://paste.example/…).
  for (const m of sentence.matchAll(/\bhttps?:\/\/([\w.-]+)/gi)) if (isExternalHost(m[1]!) && !internalDomains.some((d) => m[1]!.toLowerCase().endsWith(d.toLowerCase()))) recipients.push(m[0]);
  // (Not an amount that names a document: "the $1,200 quote", "the $500 invoice" say what it is about.)
  // (Still money when a verb that moves money takes it: "transferring $48,000 budget", "wiring the $25,000 quote amount".)
  const amounts = [...sentence.matchAll(AMOUNT)].filter((m) => !AMOUNT_OF_DOCUMENT.test(sentence.slice(m.index + m[0].length, m.index + m[0].length + 24)) || MOVES_AMOUNT.test(sentence.slice(Math.max(0, m.index - 40), m.index))).map((m) => Number(m[0].replace(/[^\d.]/g, ""))).filter((n) => Number.isFinite(n)).slice(0, 8);
  const paths = [...sentence.matchAll(PATH)].map((m) => m[1]!).filter((p) => !/^\d/.test(p) && !/^(and|or|either|he|she|they|his|her|in|out|on|off|yes|no|read|write|input|output|client|server)\/$/i.test(p) && !/^(and|or|either|he|she|they)\//i.test(p)).slice(0, 8);
  return {
    facts: {
      production: mentionsProduction(sentence),
      public: PUBLIC.test(sentence) || RULES_OPEN.test(sentence),
      recipients,
      forwardTo: [],
      ruleForwardTo: [],
      attachments: [],
      destroy: false,
      expiration: false,
      broadcast: /@(everyone|channel|here)\b/.test(sentence),
      adminGrant: ADMIN.test(sentence),
      amounts,
      // Thousands of things at once ("roughly 40k rows", "all 3,200 contacts", "12000 records").
      bulk: MANY.test(sentence),
      // The addresses named, as a call's argument values would hold them (a forwarding rule's target).
      strings: emails,
      personalFields: [],
    },
    paths,
  };
}

/** Typographic apostrophes, and Cyrillic and Greek letters drawn like Latin ones (a Cyrillic "а" in "trаnsferring"), as the ASCII they look like. */
const LOOKALIKE: ReadonlyMap<string, string> = new Map([
  ..."\u2018\u2019\u02bc\u2032".split("").map((c) => [c, "'"] as const),
  ..."аaеeоoрpсcуyхxіiјjѕsԁdһhԛqԝwАAВBЕEКKМMНHОOРPСCТTХXІIЈJЅSοoνvΟOΑAΒBΕEΖZΗHΙIΚKΜMΝNΡPΤTΧXΥY".match(/../g)!.map((p) => [p[0]!, p[1]!] as const),
]);
const LOOKALIKE_CHAR = /[\u2018\u2019\u02bc\u2032\u0370-\u03ff\u0400-\u052f]/g;
/** The text with LOOKALIKE characters as ASCII. Plain ASCII is returned as it is. */
function foldForReading(text: string): string {
  // (isAscii counts natively: a loop of charCodeAt over a hint built by concatenation is 20 times slower.)
  return isAscii(text) ? text : text.replace(LOOKALIKE_CHAR, (c) => LOOKALIKE.get(c) ?? c);
}

/** Words a question opens with (after "so", "ok", "then" and the like). */
const QUESTION_START = /^(should|shall|can|could|would|will|may|might|must|do|does|did|is|are|was|were|am|have|has|had|what|which|who|whom|whose|when|where|why|how|whether|want|wanna|any|anything|mind|isn't|aren't|don't|doesn't|shouldn't|wouldn't|couldn't|won't|can't)$/;
const QUESTION_LEAD = new Set("so ok okay alright and but then also now hey hi hmm quick question just".split(" "));
function isQuestion(toks: readonly Token[]): boolean {
  // "Ok to drop the table?", "Fine to push?": asking leave.
  if (toks.length > 1 && /^(ok|okay|fine|alright|safe|good)$/.test(toks[0]!.word) && toks[1]!.word === "to") return true;
  const first = toks.find((t) => !QUESTION_LEAD.has(t.word));
  return first !== undefined && QUESTION_START.test(first.word);
}

/** A sentence as a reason quotes it: in quotes, cut at 90 characters. */
/** A reason is stored in the audit log and answered to the agent: a value given to a password,
 * secret, token or key name, and tokens of well-known shapes, are shown as "…". */
export const withoutSecrets = (text: string): string => text.replace(NAMED_SECRET_VALUE, "$1$2…").replace(TOKEN_SHAPE, "…");
const quoted = (raw: string): string => {
  const sentence = withoutSecrets(raw);
  return `"${sentence.length > 90 ? `${sentence.slice(0, 87)}...` : sentence}"`;
};
/** A name that says its value is secret, then = : or "is", then the value. */
const NAMED_SECRET_VALUE = /\b([\w.-]{0,40}(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|api[_-]?key|private[_-]?key|credentials?)[\w.-]{0,40})(\s{0,3}(?:[:=]|\bis\b)\s{0,3}["'`]?)[^\s"'`]{4,256}/gi;
/** Tokens whose shape says what they are: GitHub, Slack, Stripe, AWS access keys. */
const TOKEN_SHAPE = /\b(?:gh[pousr]_|github_pat_|xox[abprs]-|sk_(?:live|test)_|rk_live_|AKIA|ASIA)[\w-]{8,}/g;

/** The sentences of a text: at . ! ? followed by a blank, and at line ends. */
function sentences(text: string): string[] {
  // (A sentence said twice is read once: repeats are dropped before each is put in the active voice.)
  const out: string[] = [];
  // (A table truncated by its name alone, "truncate rider_payment_methods", is read as the table it is.)
  // (Nor a permission given by its bare name, "grant allUsers read on the bucket": read as the access it is.)
  for (const s of new Set(splitSentences(text.slice(0, MAX_PROSE)))) out.push(activeVoice(s).replace(TRUNCATED_BY_NAME, "$1 the $2 table").replace(PERMISSION_BY_NAME, "$1 $2 access"));
  return out;
}

/** "truncate" and a snake_case name with no "table" after it: only a table is truncated by such a name. */
/** (Not a field cut to a length: "truncate display_name to 40 characters".) */
const TRUNCATED_BY_NAME = /\b(truncat(?:e|es|ed|ing))\s+(?:the\s+)?`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?(?!\s*(?:table|tables|partition|partitions)\b)(?![\w.])(?!\s+(?:to|at|after|down to|past)\s+\d)(?!\s+(?:field|column|string|value|text|label|title|name)s?\b)/gi;

/** "grant"/"give" and a grantee, then a permission's bare name with no "access" after it. */
const PERMISSION_BY_NAME = /\b((?:grant|giv)(?:e|es|ed|ing|ting)?\s+\S+)\s+(read|write|read-write|view|edit|admin|owner)(?!\s+(?:access|rights|permissions?|role)\b)(?=\s+(?:on|to|for|over)\b)/gi;

/** Where a text may be cut: a stop and the blanks after it, or a line break and the blanks around it. */
const CUT = /[.!?](\s+)|\s*\n\s*/g;

/**
 * The sentences of a text, trimmed, empty ones left out: a text is cut at a line break, and at the
 * blanks after . ! or ? unless a lower-case letter follows a single blank (an abbreviation's dot,
 * "incl. password"). The same cuts as splitting at /(?<=[.!?])\s+(?=[^a-z])|\n+/ without its
 * look-behind at every character (test/session13.test.ts holds the two equal).
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  CUT.lastIndex = 0;
  for (let m = CUT.exec(text); m !== null; m = CUT.exec(text)) {
    const blanks = m[1];
    let end = m.index;
    if (blanks !== undefined) {
      // After a stop: cut unless one blank (not a line break) is followed by a lower-case letter.
      const next = text.charCodeAt(m.index + m[0].length);
      if (blanks.length === 1 && blanks !== "\n" && next >= 97 && next <= 122) continue;
      end = m.index + 1;
    }
    const piece = text.slice(start, end).trim();
    if (piece !== "") out.push(piece);
    start = m.index + m[0].length;
  }
  const last = text.slice(start).trim();
  if (last !== "") out.push(last);
  return out;
}

/**
 * What is about to be done, said in the passive ("Ownership of the org will be transferred to the
 * contractor", "the doc is being shared as anyone with the link"), said as the agent says the rest:
 * the verb first, then what it acts on ("transferred ownership of the org to the contractor"). Only
 * what will be or is being done: "was deleted" tells of the past.
 */
const PASSIVE = /^((?:[^,;:]{1,80}, (?:so |then |and )?)?)(?:(?:so|then|now|next|also)[, ]+)?((?!(?:so|because|since|while|when|if|unless|until|once|or|but|where|why|how|whether)\b)[\w'".\/@-]+(?:,\d{3})*(?: (?!(?:so|because|since|while|when|if|unless|until|once|or|but|where|why|how|whether)\b)[\w'".\/@-]+(?:,\d{3})*){0,11}?) (?:will be|will now be|is being|are being|is going to be|are going to be|is about to be|are about to be|gets|get) ([a-z]+(?:ed|en)|sent|sold|paid|set|put|shut|cut|built|made|given|taken|shown|wiped|moved|shared)\b(.*)$/i;
/** What is about to go somewhere, said of the thing ("the campaign goes to the main list", "the OTA job goes out to the fleet now"): sent there. */
const GOES_TO = /^((?:[^,;:]{1,80}, (?:so |then |and )?)?)(?:(?:so|then|now|next|also)[, ]+)?((?:the|this|that|our|my|a|an) [\w'".\/@-]+(?: [\w'".\/@-]+){0,8}?) (?:goes|go|is going|are going|will go|is going to go) (out |live )?(to .*)$/i;

const PASSIVE_WORD = / be | being | gets? /i;
const GOES_WORD = / go(?:es|ing)? (?:out |live )?to /i;

/** Inactivity said with sign-in words ("users with no login in 90 days"): no access is meant. */
const INACTIVE = /\b(?:no|without|last|since) (?:login|log-?in|sign-?in|activity)s? (?:in|for|within|over|during) (?:the )?(?:last |past )?\d+\s*(?:days?|weeks?|months?|years?)\b/gi;

function activeVoice(sentence: string): string {
  // Most sentences have no passive: the literal words are looked for before the pattern runs.
  if (sentence.length > 600) return sentence;
  if (sentence.includes("in") && /log|sign|activ/i.test(sentence)) sentence = sentence.replace(INACTIVE, "inactive for a while");
  const m = PASSIVE_WORD.test(sentence) ? PASSIVE.exec(sentence) : null;
  // (A verb's particle goes with it: "the check gets commented out" → "commented out the check".)
  const particle = m !== null ? /^ (out|off|down|up|away|over)\b/i.exec(m[4]!) : null;
  if (m !== null) return particle !== null ? `${m[1]}${m[3]} ${particle[1]} ${m[2]}${m[4]!.slice(particle[0].length)}` : `${m[1]}${m[3]} ${m[2]}${m[4]}`;
  const g = GOES_WORD.test(sentence) ? GOES_TO.exec(sentence) : null;
  // (A release, a build, an update or a firmware job goes out by being deployed; anything else by being sent.)
  return g !== null ? `${g[1]}${/\b(?:release|releases|build|builds|version|update|updates|firmware|ota|rollout|image|patch|hotfix|rc\d*)\b/i.test(g[2]!) ? "deploying" : "sending"} ${g[2]} ${g[3] ?? ""}${g[4]}` : sentence;
}

/** Whether the words before toks[i] are a passive said of how things are, "is wiped", "are nightly reset": a be-verb and a participle. ("Will be wiped" and "gets wiped" are the agent's doing: PASSIVE reads them.) */
const BE_WORD = /^(?:is|are|was|were|been)$/;
const PARTICIPLE = /^(?:[a-z]+(?:ed|en)|reset|set|cut|put|shut|built|made|kept|left|lost|sent|run|rebuilt|reseeded|up)$/;
function passiveBefore(toks: readonly Token[], i: number): boolean {
  if (!PARTICIPLE.test(toks[i - 1]?.word ?? "")) return false;
  // (Up to two words between: "is automatically wiped", "are backed up".)
  for (let k = i - 2; k >= Math.max(0, i - 4); k--) if (BE_WORD.test(toks[k]!.word)) return true;
  return false;
}


/**
 * The actions a prose hint says the step takes, each with the rule that found it. `unread` says
 * what was left: a hint over MAX_PROSE characters, or one with more action verbs or actions than
 * are read, was not read whole (padding must not hide an action), and the caller takes that as
 * caution. Pure.
 */
export function readProse(raw: string, internalDomains: readonly string[] = []): { hits: ProseHit[]; unread?: string } {
  const text = foldForReading(raw);
  const hits: ProseHit[] = [];
  // The addresses the whole hint names outside internalDomains (a later sentence may send to them).
  const read = text.slice(0, MAX_PROSE);
  // Facts of the whole hint, each looked for the first time a reading asks (most hints name no action that needs them).
  let addressed: boolean | undefined;
  let recipients: readonly string[] | undefined;
  let confidential: boolean | undefined;
  let unconfirmed: boolean | undefined;
  let instructed: boolean | undefined;
  let holdsPersonal: boolean | undefined;
  const isAddressed = (): boolean => (addressed ??= ADDRESSED_TO_AGENTS.test(read));
  const hint: HintFacts = {
    get recipients() { return (recipients ??= emailsIn(raw.slice(0, MAX_PROSE)).filter((e) => !internalDomains.some((d) => e.toLowerCase().endsWith(`@${d.toLowerCase()}`))).slice(0, 4)); },
    get confidential() { return (confidential ??= namesConfidential(read)); },
    get unconfirmed() { return (unconfirmed ??= isAddressed() || UNCONFIRMED.test(read)); },
    get instructed() { return (instructed ??= isAddressed() || CONTENT_SAYS.test(read)); },
    get holdsPersonal() { return (holdsPersonal ??= HOLDS_PERSONAL.test(read)); },
  };
  let actions = 0;
  let verbs = 0;
  let cut = text.length > MAX_PROSE ? `prose over ${MAX_PROSE} characters; only the first ${MAX_PROSE} were read` : undefined;
  const capped = () => `prose with more than ${MAX_VERBS} action verbs or ${MAX_ACTIONS} actions; the rest was not read`;
  // A sentence said twice, or a verb and object said twice in a sentence, is read once.
  const seen = new Set<string>();
  for (const sentence of sentences(text)) {
    if (actions >= MAX_ACTIONS || verbs >= MAX_VERBS) {
      cut ??= capped();
      break;
    }
    if (seen.has(sentence)) continue;
    seen.add(sentence);
    // The repository's hooks skipped ("with --no-verify", "skipping the pre-commit hook"): its secret scan and checks do not run.
    const skipped = HOOKS_SKIPPED.exec(sentence);
    if (skipped !== null && !SKIP_DENIED.test(sentence.slice(0, skipped.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.hooks-skipped", action: { capability: "impair-defences", target: { name: label, pathClass: "project" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it skips the repository's hooks: their secret scans and checks do not run (T1562.001)` });
      actions++;
    }
    // What content told it to do, where that touches credentials, production, money, controls or people's data.
    const told = /says?|said|asks?|asked|wants?|suggest|recommend|instruct|tells?|told|request|requires|directs|needs?|per |following|according|embedded|claims?|mentions?|notes?|lists?|describes|gives|gave|linked|links|provides|provided|named|names|sent|(?:key|keys|script|command|link|binary|token|snippet|config|agent|plist|hash|package) (?:from|in|given in|posted in|pasted in) /i.test(sentence) ? DIRECTED.exec(sentence)?.[0] : undefined;
    // (Said as "the issue says …, so I'll …", the act is what follows "so": what the content said before it is only its report.)
    const acted = told !== undefined && SO_I_WILL.test(told) ? sentence.slice(sentence.indexOf(told) + told.length) : sentence;
    if (told !== undefined && !sentence.endsWith("?") && SENSITIVE_ACT.test(acted) && !NOT_FOLLOWING.test(sentence)) {
      const label = quoted(sentence);
      hits.push({ id: "prose.follows-content", action: { capability: "execute", target: { name: label, unconfirmed: true }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it does what something it read directs ("${withoutSecrets(told.trim()).slice(0, 40)}"), on something a person should decide: whoever wrote that is directing the agent (T1204)` });
      actions++;
    }
    // What it says it will tell others: a verification step is not needed, or to sign in at a look-alike site (published-text.ts).
    const waived = sentence.endsWith("?") ? undefined : verificationWaived("", sentence);
    if (waived !== undefined) {
      const label = quoted(sentence);
      hits.push({ id: "prose.verification-waived", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "account" }, reason: `${label} says the ${waived} is not needed: the check that stops fraud and mistaken changes is left out (T1656)` });
      actions++;
    }
    const lure = sentence.endsWith("?") ? undefined : credentialLure("", sentence);
    if (lure !== undefined) {
      const label = quoted(sentence);
      hits.push({ id: "prose.credential-lure", action: { capability: "communicate", target: { name: lure.host ?? label, external: lure.host !== undefined }, reversibility: "irreversible", scope: "account" }, reason: `${label} ${lure.host !== undefined ? `points people to ${lure.host} to sign in, a site made to look like a sign-in page` : "asks people to sign in again at a link, or to give their credentials or codes"}: whoever runs that page takes what they give (T1534)` });
      actions++;
    }
    // A change merged past its review, or the rule that requires one switched off: no second person sees it.
    // (Each pattern below runs only where a word it needs is in the sentence: most sentences have none.)
    const bypassed = /merg|push|land|review|approv|protection|ruleset|owner|complet|sign-?off/i.test(sentence) ? REVIEW_BYPASSED.exec(sentence) : null;
    if (bypassed !== null && !SKIP_DENIED.test(sentence.slice(0, bypassed.index)) && !FORBIDDEN.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.review-bypassed", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it merges past the required review, or switches the rule off: the change goes in with no second person looking` });
      actions++;
    }
    // A message that notifies everyone (@channel, @everyone, @here), as tool.broadcast judges a tool's: everyone reads it and acts on it.
    const everyone = /@|\bdm/i.test(sentence) ? BROADCAST_POST.exec(sentence) : null;
    if (everyone !== null && !SKIP_DENIED.test(sentence.slice(0, everyone.index)) && !AGAINST.test(sentence.slice(0, everyone.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.broadcast", action: { capability: "communicate", target: { name: label }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it sends a message that notifies everyone in the workspace or channel: it cannot be taken back, and everyone reads and acts on it` });
      actions++;
    }
    // People asked to hand over their passwords, one-time or backup codes or keys: what a phishing message asks (T1598).
    const asked = /pass|code|otp|2fa|mfa|credential|token|key|seed/i.test(sentence) ? ASKS_FOR_SECRETS.exec(sentence) : null;
    if (asked !== null && !SKIP_DENIED.test(sentence.slice(0, asked.index)) && !AGAINST.test(sentence.slice(0, asked.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.asks-for-credentials", action: { capability: "communicate", target: { name: label, pathClass: "credentials" }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it asks people to hand over their passwords, codes or keys: what a phishing message asks, and whoever collects them can sign in as them (T1598)` });
      actions++;
    }
    // The agent's own identity added to a group, or a whole group given access at once: more can be done, by more, than the task needs.
    const selfAdded = /\b(?:add|giv|grant)/i.test(sentence) ? (SELF_ADDED.exec(sentence) ?? BROAD_GRANT.exec(sentence)) : null;
    if (selfAdded !== null && !SKIP_DENIED.test(sentence.slice(0, selfAdded.index)) && !AGAINST.test(sentence.slice(0, selfAdded.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.access-widened", action: { capability: "grant-access", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it adds its own identity to a group, or gives a whole group access at once: more can be done, by more, than the task needs (T1098)` });
      actions++;
    }
    // Money sent to an account a message just gave (new wiring details, a new deposit account): the business e-mail compromise pattern (T1657).
    const newAccount = NEW_ACCOUNT.test(sentence) && MONEY_MOVED.test(sentence) ? NEW_ACCOUNT.exec(sentence) : null;
    // (Not a feature or a test about such a change: "switching direct deposit to a new account is a feature we test".)
    if (newAccount !== null && !SKIP_DENIED.test(sentence.slice(0, newAccount.index)) && !AGAINST.test(sentence.slice(0, newAccount.index)) && !isDryRun(sentence) && !/\b(?:feature|tests?|testing|spec|mock|sandbox|demo|fixtures?|ticket|story)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.money-to-new-account", action: { capability: "spend", target: { name: label, unconfirmed: true }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it sends money, or points payments, to an account just given: whoever gave it receives them, and a payment cannot be called back (T1657)` });
      actions++;
    }
    // Every user of the machine given write access ("chmod … 777"): anyone there can change or plant files (T1222).
    const opened = /chmod|world/i.test(sentence) ? WORLD_WRITABLE.exec(sentence) : null;
    if (opened !== null && !SKIP_DENIED.test(sentence.slice(0, opened.index)) && !AGAINST.test(sentence.slice(0, opened.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.world-writable", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "tree" }, reason: `${label} says it makes files writable by every user: anyone on the machine can change or plant them (T1222)` });
      actions++;
    }
    // A package from an index or link that an issue, a README or a message names: whoever wrote it chooses the code that runs here (T1195.002).
    const namedSource = /install/i.test(sentence) ? INSTALL_FROM_NAMED_SOURCE.exec(sentence) : null;
    if (namedSource !== null && !SKIP_DENIED.test(sentence.slice(0, namedSource.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.install-from-named-source", action: { capability: "execute", target: { name: label, external: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it installs a package from an index or link a document names: whoever wrote that document chooses the code that runs here (T1195.002)` });
      actions++;
    }
    // Credentials from a store and, later in the sentence, sent somewhere ("pulling the saved passwords
    // out of Chrome's Login Data and posting them to the webhook"): credentials leave.
    const store = CREDENTIAL_STORE.exec(sentence);
    // (The send may come first: "I'll send the repo's .env file to the maintainer's e-mail"; its destination comes after what is sent.)
    const sent = store !== null ? SENT_AWAY.exec(sentence) : null;
    const away = sent !== null && store !== null && sent.index + sent[0].length > store.index + store[0].length ? sent : null;
    if (store !== null && away !== null && !AGAINST.test(sentence.slice(0, store.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.send-credentials", action: { capability: "exfiltrate", target: { name: label, pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it takes ${store[0]} and sends it somewhere named: credentials leave this machine (T1555, T1041)` });
      actions++;
      continue;
    }
    // A search of a whole home, disk or every repository for keys and passwords ("grep my whole home directory for API keys"): credentials gathered where people left them (T1552.001).
    const hunt = CREDENTIAL_HUNT.exec(sentence);
    // (Looking for secrets that leaked, were committed or hard-coded is finding them to take them out.)
    if (hunt !== null && !/\b(?:leak\w*|exposed|hard-?coded|committed|accidentally)\b/i.test(hunt[0]) && !/\b(?:gitleaks|trufflehog|detect-secrets|ggshield)\b/i.test(sentence) && !AGAINST.test(sentence.slice(0, hunt.index).replace(/\b(?:scan|search|grep|sweep|look|find)\w*\s*$/i, "")) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.search-credentials", action: { capability: "read", target: { name: label, pathClass: "credentials" }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it searches a whole home, disk or set of repositories for keys or passwords: credentials gathered where people left them (T1552.001)` });
      actions++;
      continue;
    }
    // A security scan made so that failing stops nothing: the release goes out whatever it finds (T1562.001).
    // (Each whole-sentence reading first looks for a word it cannot match without, in the lower-cased sentence: most sentences have none.
    // One shared look for all their words, tried until session 14, cost as much as the looks it saved, and a reading left out of it went blind.)
    const lower = sentence.toLowerCase();
    const softenedAt = GATE_WORD.test(lower) && SECURITY_CHECK.test(sentence) ? GATE_SOFTENED.exec(sentence) ?? FAIL_FLAG_ADDED.exec(sentence) : null;
    // (The security check is what is softened: named in the words softened, or just before them. "Make the lint step non-blocking; security scans stay blocking" softens no security check.)
    const softened = softenedAt !== null && SECURITY_CHECK.test(sentence.slice(Math.max(0, softenedAt.index - 60), softenedAt.index + softenedAt[0].length + 40)) ? softenedAt : null;
    // (What is said against it is said in its own clause: "the security scan keeps failing, so I'll mark it …" is no scan of one's own.)
    // (What comes before a colon introduces the act: "Quick fix for the failing pipeline: mark the Snyk step …".)
    if (softened !== null && SECURITY_CHECK.test(sentence) && !SKIP_DENIED.test(sentence.slice(0, softened.index)) && !AGAINST.test(ownClause(sentence, softened.index).split(/[:\u2014\u2013]/).pop()!) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.security-check-optional", action: { capability: "impair-defences", target: { name: label, pathClass: "project" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it lets a security check fail without stopping anything: what it finds no longer blocks (T1562.001)` });
      actions++;
    }
    // (These readings of a whole sentence add to what its verbs say: a copy that is then uploaded outside is read there too.)
    // People's records copied into a file or a shared place: outside the application's access controls (T1005).
    const exported = /export|cop[yi]|dump|download|pull|extract|sav|mov/.test(lower) && /customer|user|patient|employee|member|subscriber|contact|client|claimant|borrower|policyholder|applicant|beneficiar|inbox|mailbox|ticket|zendesk|intercom|crm|hr |payroll/.test(lower) ? PERSONAL_EXPORT.exec(sentence) : null;
    if (exported !== null && !SKIP_DENIED.test(sentence.slice(0, exported.index)) && !AGAINST.test(ownClause(sentence, exported.index)) && !/\b(?:test|tests|fixtures?|seed|sample|dummy|fake|synthetic|anonymi[sz]ed|mock)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.personal-data-export", action: { capability: "read", target: { name: label, personal: true, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it copies people's records into a file or a shared place: their data leaves the application's access controls (T1005)` });
      actions++;
    }
    // Every secret of production listed: an inventory of what there is to take (T1552).
    const listed = lower.includes("secret") && lower.includes("prod") ? SECRETS_LISTED.exec(sentence) : null;
    if (listed !== null && !SKIP_DENIED.test(sentence.slice(0, listed.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.list-production-secrets", action: { capability: "read", target: { name: label, pathClass: "credentials", production: true }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it lists every secret of production: an inventory of the credentials there are to take (T1552)` });
      actions++;
    }
    // An extension installed from outside its store: code nobody reviewed runs in the editor or browser (T1176).
    const sideloaded = lower.includes("install") && /extension|plug-?in|add-?on|unsigned/.test(lower) ? EXTENSION_SIDELOADED.exec(sentence) : null;
    if (sideloaded !== null && !SKIP_DENIED.test(sentence.slice(0, sideloaded.index)) && !AGAINST.test(ownClause(sentence, sideloaded.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      // (Forced on a whole organisation's browsers or devices, it runs in every one of them: every account signed in there is its author's.)
      const everyone = /\bforce[- ]?install\w*\b|\b(?:every|all|each|whole|entire)\b[^.;]{0,30}?\b(?:ous?|org units?|organi[sz]ational units?|devices?|chromebooks?|users?|students?|staff|machines?|endpoints?|fleet|browsers?|laptops?)\b/i.test(sentence);
      hits.push({ id: "prose.extension-sideloaded", action: everyone ? { capability: "grant-access", target: { name: label, external: true }, reversibility: "irreversible", scope: "account" } : { capability: "execute", target: { name: label, external: true }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it installs an extension from outside its store${everyone ? " on every device or browser of the organisation: code nobody reviewed runs with every signed-in account's access" : ": code nobody reviewed runs with the editor's or browser's access"} (T1176)` });
      actions++;
    }
    // Every file encrypted and the originals deleted: only the key brings them back (T1486).
    const ransomed = lower.includes("encrypt") && lower.includes("original") ? ENCRYPTED_FOR_IMPACT.exec(sentence) : null;
    if (ransomed !== null && !SKIP_DENIED.test(sentence.slice(0, ransomed.index)) && !AGAINST.test(ownClause(sentence, ransomed.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      // (A shared drive, a home, every user's files, or a ransom: an account's worth held hostage, a hard stop. Otherwise a pause: a backup folder encrypted and its originals removed is also how archives are made.)
      const hostage = /\b(?:shared|network|team|company) (?:drive|folder|share)s?\b|\bnas\b|\bhome\b|\b(?:every|all) users?'?s?\b|\bransom\w*|\bkey (?:in|to) \/tmp\b|\bdelete the key\b/i.test(sentence);
      hits.push({ id: "prose.encrypt-for-impact", action: { capability: "delete", target: { name: label }, reversibility: "irreversible", scope: hostage ? "account" : "tree" }, reason: `${label} says it encrypts every file and deletes the originals: only the key brings them back (T1486)` });
      actions++;
    }
    // The whole environment printed: every secret it holds lands in the transcript (T1552.001).
    const envShown = /environment|env var|printenv|[ `]env[ `]|environ|process\.env/.test(lower) ? (ENVIRONMENT_SHOWN.exec(sentence) ?? ENVIRONMENT_DUMPED.exec(sentence)) : null;
    // (printenv PATH prints one variable, not the environment.)
    if (envShown !== null && !/\bprintenv`? +\$?[A-Z][A-Z0-9_]+\b/.test(envShown[0]) && !SKIP_DENIED.test(sentence.slice(0, envShown.index)) && !AGAINST.test(ownClause(sentence, envShown.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.show-environment", action: { capability: "read", target: { name: label, pathClass: "credentials", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it prints the whole environment: every secret in it lands in the transcript (T1552.001)` });
      actions++;
    }
    // People asked to approve a change of bank details or an urgent invoice: whoever approves moves the money (T1656).
    const paymentAsked = lower.includes("approve") ? PAYMENT_CHANGE_ASKED.exec(sentence) : null;
    if (paymentAsked !== null && !SKIP_DENIED.test(sentence.slice(0, paymentAsked.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.payment-change-request", action: { capability: "communicate", target: { name: label, unconfirmed: true }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it asks people to approve a change of bank or payment details, or an invoice urgently: whoever approves moves the money (T1656)` });
      actions++;
    }
    // Audit records stopped: what is done from then on is never recorded (T1562.008).
    const unrecorded = /record|logged|audit/.test(lower) ? RECORDING_STOPPED.exec(sentence) : null;
    if (unrecorded !== null && !SKIP_DENIED.test(sentence.slice(0, unrecorded.index)) && !AGAINST.test(ownClause(sentence, unrecorded.index).replace(/\b(?:remov|disabl|drop|delet|strip)\w*\s*$/i, "")) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.audit-stopped", action: { capability: "impair-defences", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it stops audit records: what is done from then on is never recorded (T1562.008)` });
      actions++;
    }
    // A scanner taken out or made manual: what it caught goes in unchecked (T1562.001).
    const scannerOff = SCANNER_WORD.test(lower) ? SCANNER_OFF.exec(sentence) : null;
    if (scannerOff !== null && !SKIP_DENIED.test(sentence.slice(0, scannerOff.index)) && !AGAINST.test(ownClause(sentence, scannerOff.index).replace(/\b(?:remov|delet|drop|disabl)\w*\s*$/i, "")) && !/\b(?:baseline|false positives?|allowlist|ignore file|finding)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.scanner-removed", action: { capability: "impair-defences", target: { name: label, pathClass: "project" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it takes a secret or vulnerability scanner out, or leaves it to be run by hand: what it caught goes in unchecked (T1562.001)` });
      actions++;
    }
    // TLS certificate checks turned off by the setting's own spelling (verify=False, rejectUnauthorized: false).
    const tlsOff = /verify|ssl|unauthorized|insecure|cert_none|check_hostname|arbitraryloads|cleartext/.test(lower) ? TLS_CHECK_OFF.exec(sentence) : null;
    if (tlsOff !== null && !SKIP_DENIED.test(sentence.slice(0, tlsOff.index)) && !AGAINST.test(ownClause(sentence, tlsOff.index)) && !/\b(?:test|tests|fixture|mock)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.tls-verification-off", action: { capability: "impair-defences", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it turns TLS certificate checks off (${tlsOff[0]}): anyone on the path can read and change what is sent (T1562)` });
      actions++;
    }
    // A route that runs what the request says: a web shell for whoever can reach it (T1505.003).
    const commandRoute = /route|endpoint|handler|controller|url|action/.test(lower) ? COMMAND_ROUTE.exec(sentence) : null;
    if (commandRoute !== null && !SKIP_DENIED.test(sentence.slice(0, commandRoute.index)) && !AGAINST.test(ownClause(sentence, commandRoute.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.command-route", action: { capability: "grant-access", target: { name: label, external: true }, reversibility: "irreversible", scope: "system" }, reason: `${label} says it adds a route that runs commands the request gives: anyone who can reach it runs commands on the server (T1505.003)` });
      actions++;
    }
    // A policy that allows every action: the role can do anything in the account.
    const allActions = lower.includes("*") ? ALL_ACTIONS.exec(sentence) : null;
    if (allActions !== null && !SKIP_DENIED.test(sentence.slice(0, allActions.index)) && !AGAINST.test(ownClause(sentence, allActions.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.allow-every-action", action: { capability: "grant-access", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it lets a role do every action (${allActions[0]}): whatever holds it can do anything the account allows (T1098)` });
      actions++;
    }
    // Private messages gathered in bulk: other people's conversations in one file (T1114, T1213).
    const collected = /dm|message|mail|inbox|private/.test(lower) ? MESSAGES_COLLECTED.exec(sentence) : null;
    if (collected !== null && !SKIP_DENIED.test(sentence.slice(0, collected.index)) && !AGAINST.test(sentence.slice(0, collected.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.collect-private-messages", action: { capability: "read", target: { name: label, personal: true }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it collects private messages or mailboxes in bulk: other people's conversations gathered in one place (T1114, T1213)` });
      actions++;
    }
    // Every cloud identity mapped across all of an organisation's accounts (which roles can be assumed, every IAM user and key): what an intruder maps first (T1087.004, T1069.003).
    const mapped = /iam|access[- ]key|service account|roles?/.test(lower) ? CLOUD_IDENTITIES_MAPPED.exec(sentence) : null;
    if (mapped !== null && !SKIP_DENIED.test(sentence.slice(0, mapped.index)) && !AGAINST.test(sentence.slice(0, mapped.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.cloud-identities-mapped", action: { capability: "read", target: { name: label, pathClass: "credentials" }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it maps the cloud identities of every account (users, keys, roles that can be assumed): an intruder's first map (T1087.004)` });
      actions++;
    }
    // A mail rule that moves security mail out of sight (alerts, sign-in warnings, abuse reports archived, deleted or marked read): T1564.008.
    const hidden = /rule|filter/.test(lower) ? SECURITY_MAIL_HIDDEN.exec(sentence) : null;
    if (hidden !== null && !SKIP_DENIED.test(sentence.slice(0, hidden.index)) && !AGAINST.test(sentence.slice(0, hidden.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.hide-security-mail", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it sets a mail rule that moves security mail out of sight: warnings and alerts go unread (T1564.008)` });
      actions++;
    }
    // Shell history turned off for what follows (HISTFILE to /dev/null, unset HISTFILE, set +o history): T1070.003.
    const historyOff = /hist|history/.test(lower) ? HISTORY_OFF.exec(sentence) : null;
    if (historyOff !== null && !SKIP_DENIED.test(sentence.slice(0, historyOff.index)) && !AGAINST.test(sentence.slice(0, historyOff.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.history-off", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it stops the shell keeping its history: what runs next leaves no record (T1070.003)` });
      actions++;
    }
    // Backups or snapshots pruned to the last one (restic, borg, recovery points): what could be restored is gone (T1490).
    const pruned = /backup|snapshot|restic|borg|recovery|archive/.test(lower) ? BACKUPS_PRUNED.exec(sentence) : null;
    if (pruned !== null && !SKIP_DENIED.test(sentence.slice(0, pruned.index)) && !AGAINST.test(sentence.slice(0, pruned.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.backups-pruned", action: { capability: "delete", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it prunes backups or snapshots down to the last ones: what could have been restored is gone for good (T1490)` });
      actions++;
    }
    // A payroll or payout run submitted again, or a wire sent on changed bank details: money moved (twice, or to someone else).
    const rerun = /payroll|payout|payment|wire|transfer|invoice|disburse/.test(lower) ? MONEY_RUN_AGAIN.exec(sentence) : null;
    if (rerun !== null && !SKIP_DENIED.test(sentence.slice(0, rerun.index)) && !/\b(?:tests?|specs?|test suites?|sandbox|dry[- ]run|staging)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.money-run-again", action: { capability: "spend", target: { name: label }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it moves money again or to new bank details: a payroll, payout or wire cannot be called back (T1657)` });
      actions++;
    }
    // A workload scaled to zero stops serving (T1489), unless it is a throwaway one.
    const scaled = (lower.includes("scal") || lower.includes("replicas")) ? SCALED_TO_ZERO.exec(sentence) : null;
    if (scaled !== null && !SKIP_DENIED.test(sentence.slice(0, scaled.index)) && !DEV_COPY.test(sentence) && !/\b(?:preview|sandbox|local|my own|ephemeral|idle)\b/i.test(sentence) && !(/\bthen (?:scal\w* (?:it |them )?)?back (?:up|to)\b/i.test(sentence) && !/\b(?:every|all)\b/i.test(sentence) && !mentionsProduction(sentence)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.scale-to-zero", action: { capability: "impair-defences", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it scales a workload to zero: it stops serving until scaled back (T1489)` });
      actions++;
    }
    // A package registry pointed at a plain-HTTP or bare-IP address: every install takes what it serves (T1195.002).
    const registry = /registr|index|mirror|npmrc|pip\.conf|pypirc|gemrc|settings\.xml|goproxy/.test(lower) && UNTRUSTED_REGISTRY.test(sentence) ? REGISTRY_SWITCHED.exec(sentence) : null;
    if (registry !== null && !SKIP_DENIED.test(sentence.slice(0, registry.index)) && !AGAINST.test(sentence.slice(0, registry.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.registry-untrusted", action: { capability: "execute", target: { name: label, external: true }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it points a package registry at a plain-HTTP or bare-IP address: every install runs what that host serves (T1195.002)` });
      actions++;
    }
    // A secret's value printed or decoded where the agent reads it: in the transcript from then on (T1552).
    // (Where a secret is kept, or where it is put: "copy the root credentials into my notes" needs no store named.)
    // (A secret referenced by configuration, secretKeyRef or valueFrom in a manifest, is not read by the agent.)
    const shown = /password|passwd|secret|credential|token|key/.test(lower) && !/secretkeyref|valuefrom|envfrom|manifest|mounted|mount it|metadata|not the value|without the value|not its value/.test(lower) && (SECRET_KEPT.test(sentence) || namesCredentialFile(sentence) || /\b(?:in|into|to) (?:my |the )?(?:notes?|summary|transcript|scratch ?(?:file|pad)?|clipboard)\b/.test(lower)) ? SECRET_SHOWN.exec(sentence) : null;
    // (Code that reads it is not the agent printing it: "confirm the deploy workflow reads STRIPE_SECRET_KEY from the environment secret".)
    const codeReads = shown !== null && /\b(?:workflows?|pipelines?|jobs?|code|apps?|applications?|services?|scripts?|steps?|actions?|functions?|containers?|deploys?|lambdas?|modules?|clients?|sdks?|libraries|library|server) (?:still |now |only |actually |correctly )?$/i.test(sentence.slice(Math.max(0, shown.index - 40), shown.index));
    if (shown !== null && !codeReads && !SKIP_DENIED.test(sentence.slice(0, shown.index)) && !AGAINST.test(sentence.slice(0, shown.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.show-secret", action: { capability: "read", target: { name: label, pathClass: "credentials", production: mentionsProduction(sentence) }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it prints a secret's value from where it is kept: it is in the transcript from then on (T1552)` });
      actions++;
    }
    // A commit or message made to look as if someone else made it (T1036).
    const forged = /author|committer|user\.|sender|from (?:name|address|header)|commit\w* (?:it |this |them |the change )?as\b/.test(lower) ? AUTHOR_FORGED.exec(sentence) : null;
    if (forged !== null && !SKIP_DENIED.test(sentence.slice(0, forged.index)) && !AGAINST.test(sentence.slice(0, forged.index)) && !/\bco-?authored-by\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.author-forged", action: { capability: "impair-defences", target: { name: label, pathClass: "project" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it makes a change look as if someone else made it: who did it is falsified, and a review keyed on the author may not apply (T1036)` });
      actions++;
    }
    // An encryption key destroyed or scheduled for deletion: what it encrypted cannot be read again (T1485).
    const keyGone = /key/.test(lower) ? KEY_DESTROYED.exec(sentence) : null;
    if (keyGone !== null && !SKIP_DENIED.test(sentence.slice(0, keyGone.index)) && !AGAINST.test(sentence.slice(0, keyGone.index).replace(/\b(?:delet|remov|destroy|disabl|purg)\w*\s*$/i, "")) && !/\b(?:test|sandbox|local|localstack|dev|development|throwaway|scratch)\b(?: [\w-]+){0,2} (?:keys?|account|project|environment|stack)\b|\bcancel\w* (?:the )?(?:key )?deletion\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.key-destroyed", action: { capability: "delete", target: { name: label, pathClass: "credentials", production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it destroys or schedules the deletion of an encryption key: whatever it encrypted, backups included, can never be read again (T1485)` });
      actions++;
    }
    // A release turned on for everyone in production at once, the staged rollout skipped.
    const rollout = /canary|ramp|staged|gradual|phased|100 ?%|rollout|bake/.test(lower) ? ROLLOUT_SKIPPED.exec(sentence) : null;
    if (rollout !== null && !SKIP_DENIED.test(sentence.slice(0, rollout.index)) && !DEV_COPY.test(sentence) && !/\b(?:staging|preview|sandbox|qa|test|internal (?:users|staff))\b/i.test(sentence.replace(/\bprod(?:uction)?\b.*$/i, "")) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.rollout-skipped", action: { capability: "write", target: { name: label, production: true }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it turns a change on for everyone at once, without the staged rollout: a fault reaches every user before anyone sees it` });
      actions++;
    }
    // Colleagues sent to a new link from something the agent read, or told to ignore alerts (T1534, T1562).
    const misled = /link|portal|url|vpn|address|page|false|noise|ignore|disregard|dismiss|mute|ack|silenc/.test(lower) ? COLLEAGUES_MISLED.exec(sentence) : null;
    if (misled !== null && !SKIP_DENIED.test(sentence.slice(0, misled.index)) && !AGAINST.test(sentence.slice(0, misled.index)) && !/\b(?:phishing|scam|suspicious|do not click|don't click|not to click|warn\w*)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.colleagues-misled", action: { capability: "communicate", target: { name: label }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it tells colleagues to use a new link or to ignore alerts, on the word of something it read: the organisation's own channels carry it to people who trust them (T1534)` });
      actions++;
    }
    // An apply without review in production whose plan, as the hint says, replaces or removes a data store: its data goes with it.
    if (/apply|auto-approve|--yes|pulumi up/.test(lower) && AUTO_APPLY.test(sentence) && mentionsProduction(sentence) && PLAN_DESTROYS_DATA.test(read) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.apply-destroys-data", action: { capability: "delete", target: { name: label, production: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it applies infrastructure changes to production without review, and the plan it describes replaces or removes a database or store: its data goes with it (T1485)` });
      actions++;
    }
    // A scheduled job that runs code from a temporary, hidden or download folder (T1053).
    const scheduledTemp = /cron|timer|launch|schedul|schtasks|reboot/.test(lower) ? SCHEDULED_FROM_TEMP.exec(sentence) : null;
    if (scheduledTemp !== null && !SKIP_DENIED.test(sentence.slice(0, scheduledTemp.index)) && !AGAINST.test(sentence.slice(0, scheduledTemp.index)) && !/\b(?:clean\w*|purg\w*|prun\w*|rotat\w*|delet\w*|remov\w*|tidy\w*|sweep\w*)\b[^.;]{0,40}?\/(?:tmp|var\/tmp)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.scheduled-from-temp", action: { capability: "persist", target: { name: label, pathClass: "temp" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it schedules a job that runs code from a temporary, hidden or download folder: whatever is put there runs again and again (T1053)` });
      actions++;
    }
    // Every person's contact details gathered at once (T1213).
    const harvested = /contact|customer|user|lead|member|employee|patient|subscriber|client|people/.test(lower) ? PEOPLE_HARVESTED.exec(sentence) : null;
    if (harvested !== null && !SKIP_DENIED.test(sentence.slice(0, harvested.index)) && !/\b(?:test|fixture|seed|fake|synthetic|dummy|sample|anonymi[sz]ed|hashed|redacted)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.people-harvested", action: { capability: "read", target: { name: label, personal: true }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it gathers every person's contact details at once: a whole list of people's data in one place (T1213)` });
      actions++;
    }
    // The build's environment or secrets posted to someone else's endpoint: every secret the job holds leaves.
    const envSent = /environment|env|secret/.test(lower) ? ENVIRONMENT_SENT.exec(sentence) : null;
    if (envSent !== null && !SKIP_DENIED.test(sentence.slice(0, envSent.index)) && !AGAINST.test(ownClause(sentence, envSent.index)) && !/\b(?:names? only|without (?:the )?values|redact\w*|mask\w*)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.environment-sent", action: { capability: "exfiltrate", target: { name: label, pathClass: "credentials", external: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it posts the build's environment or secrets to someone else's endpoint: every secret the job holds leaves (T1041, T1552.001)` });
      actions++;
      continue;
    }
    // A mail rule that forwards mail outside (T1114.003).
    const forwarded = /rule|filter|forward/.test(lower) ? MAIL_FORWARDED_OUT.exec(sentence) : null;
    if (forwarded !== null && !SKIP_DENIED.test(sentence.slice(0, forwarded.index)) && !AGAINST.test(ownClause(sentence, forwarded.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.mail-forwarded-out", action: { capability: "exfiltrate", target: { name: label, external: true, personal: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it sets a mail rule that forwards mail outside: every message it matches leaves, from now on (T1114.003)` });
      actions++;
    }
    // Backups kept for no days, or logs and backups set to expire within days (T1490, T1485).
    const noBackups = /backup|snapshot|retention|point-in-time|pitr|expir/.test(lower) ? BACKUPS_ZEROED.exec(sentence) ?? LOGS_EXPIRED.exec(sentence) : null;
    if (noBackups !== null && !SKIP_DENIED.test(sentence.slice(0, noBackups.index)) && !AGAINST.test(ownClause(sentence, noBackups.index).slice(-25)) && !DEV_COPY.test(sentence) && !/\b(?:test|sandbox|scratch|preview|ephemeral|local|dev)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.backups-zeroed", action: { capability: "delete", target: { name: label, production: mentionsProduction(sentence) }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it keeps backups or logs for no time, or lets them expire within days: what could be restored or read later is gone (T1490)` });
      actions++;
    }
    // The readings of SENTENCE_EFFECTS (below): each a sentence's whole effect, in words.
    actions += readEffects(sentence, lower, hits);
    // Production paging or alerts silenced for a window (T1562.006).
    // (Or silenced for a long stretch anywhere: a weekend, days, until further notice.)
    const silenced = /maintenance|downtime|silenc|snooz|mut/.test(lower) && (mentionsProduction(sentence) || LONG_SILENCE.test(sentence)) ? PAGING_SILENCED.exec(sentence) : null;
    if (silenced !== null && !SKIP_DENIED.test(sentence.slice(0, silenced.index)) && !/\b(?:for (?:an?|one|two|\d+) (?:minutes?|hours?)|(?:30|15|10|45) ?min\w*|for the deploy|during the deploy)\b/i.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.paging-silenced", action: { capability: "impair-defences", target: { name: label, production: true }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it silences production paging or alerts for a window: an outage in that time pages no one (T1562.006)` });
      actions++;
    }
    // A third party's script added to a page where people pay or sign in (T1189).
    const skimmer = /script|tag|snippet|pixel|js/.test(lower) ? SCRIPT_ON_PAYMENT_PAGE.exec(sentence) : null;
    if (skimmer !== null && !SKIP_DENIED.test(sentence.slice(0, skimmer.index)) && !AGAINST.test(ownClause(sentence, skimmer.index)) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.script-on-payment-page", action: { capability: "exfiltrate", target: { name: label, external: true, personal: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it adds an outside party's script to a page where people pay or sign in: it reads every card and password typed there (T1189)` });
      actions++;
    }
    // Reviewers taken out of CODEOWNERS: changes to what they owned need no review from them (T1562).
    if (CODEOWNERS_REMOVED.test(sentence) && !sentence.endsWith("?")) {
      const label = quoted(sentence);
      hits.push({ id: "prose.review-removed", action: { capability: "impair-defences", target: { name: label, pathClass: "project" }, reversibility: "recoverable", scope: "tree" }, reason: `${label} says it takes owners out of CODEOWNERS: changes to what they own no longer need their review (T1562)` });
      actions++;
      continue;
    }
    // A sentence that says the act is not carried out ("I'll draft the checklist, not perform it"): nothing is done.
    if (NOT_CARRIED_OUT.test(sentence)) continue;
    const sentenceIndex = seen.size;
    const toks = tokens(sentence);
    if (toks.length === 0) continue;
    // A question asks; it does not say what will be done. A statement with a question tag
    // ("Transferring $40,000 now, ok?") is a statement: a question opens with its question word.
    if (sentence.endsWith("?") && isQuestion(toks)) continue;
    // The sentence's facts, read once and only when it holds an action verb.
    let known: (SentenceFacts & { dryRun: boolean }) | undefined;
    let clauseStart = true;
    let negated = false;
    let lastWasCode = false;
    let manyAtOnce = false;
    for (let i = 0; i < toks.length && actions < MAX_ACTIONS; i++) {
      const t = toks[i]!;
      if (t.breakBefore) {
        clauseStart = true;
        negated = false;
      }
      // "so", "but", "because"…: a new clause, which a negation before it does not reach ("not sure it's
      // needed but I'm dropping the table"). "and", "or" do not end it ("won't delete X and drop Y").
      if (CLAUSE_WORD.has(t.word)) {
        clauseStart = true;
        negated = false;
        continue;
      }
      if (NEGATION.test(t.word)) negated = true;
      if (t.inCompound) continue;
      if (!clauseStart) {
        // "and", "then", a purpose or a relative clause: a new action may start after it.
        // After code ("a management command that deletes sessions", "an endpoint that calls the refund
        // API"), "that", "which" and "to" say what the code does, not what the agent does.
        // "To save cost overnight I'll scale …": the speaker saying what they will do starts the main clause.
        // "Fixing the deploy by adding a cron job": what is done by way of it is an action of its own.
        // ("is wiped and reset every night": a second participle of the passive, said of the thing, is no action of the agent's.)
        if ((t.word === "and" && !passiveBefore(toks, i)) || t.word === "then" || t.word === "by" || SPEAKER.has(t.word) || ((t.word === "to" || t.word === "that" || t.word === "which") && !lastWasCode)) clauseStart = true;
        continue;
      }
      // "bulk-deleting", "mass-emailing": the action is on many at once.
      if (t.word === "bulk" || t.word === "mass" || t.word === "batch") manyAtOnce = true;
      if (FILLER.has(t.word) || (/ly$/.test(t.word) && t.word.length > 4 && lemma(t.word) === undefined)) continue;
      clauseStart = false;
      const next = toks[i + 1]?.word;
      const phrasal = next !== undefined ? PHRASAL.get(`${t.word.replace(/(ing|ed|s)$/, "")} ${next}`) ?? PHRASAL.get(`${lemma(t.word)?.verb ?? ""} ${next}`) : undefined;
      const found = phrasal !== undefined ? lemma(phrasal) : lemma(t.word);
      if (found === undefined) continue;
      // A network swept for open ports or services ("scanning 10.20.0.0/16 for open SSH and RDP ports"): discovery of what to attack next (T1046).
      if (!negated && /^(scan|sweep|probe|map|enumerate|fingerprint)$/.test(found.verb) && NETWORK_SWEPT.test(sentence)) {
        const label = quoted(sentence);
        hits.push({ id: "prose.network-scan", action: { capability: "read", target: { name: label, external: true }, reversibility: "reversible", scope: "system" }, reason: `${label} says it scans a network for open ports or services: network service discovery (T1046)` });
        actions++;
        break;
      }
      // Reading a password store or a key file (saved browser passwords, the keychain, ~/.aws/credentials): credential access.
      // (Opening a password store or key file reads it; opening a port or an issue does not.)
      // (Or a path the file classes call credentials: /etc/ansible/.vault_pass, ~/.pgpass.)
      const credentialsAfter = (from: string) => CREDENTIAL_STORE.test(from) || namesCredentialFile(from);
      if (found.verbClass === "read" || (found.verb === "open" && credentialsAfter(sentence.slice(Math.max(0, sentence.indexOf(t.word)))))) {
        // (The store is what is read: named after the verb. "Disabling a flag in my local .env to compare" reads no .env.)
        const at = sentence.indexOf(t.word);
        // (Listing what is in a key directory names files; it reads no key.)
        if (!negated && found.verb !== "list" && credentialsAfter(at >= 0 ? sentence.slice(at) : sentence)) {
          known ??= { ...sentenceFacts(sentence, internalDomains), dryRun: false };
          const label = quoted(sentence);
          hits.push({ id: "prose.read-credentials", action: { capability: "read", target: { name: label, pathClass: "credentials" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it reads stored passwords or keys: credentials from a store (T1555)` });
          actions++;
          break;
        }
        continue;
      }
      // "running rm -rf on …", "run terraform destroy": what runs is the verb that follows.
      if (found.verbClass === "execute" && next !== undefined && lemma(next) !== undefined && lemma(next)!.verbClass !== "read") {
        clauseStart = true;
        continue;
      }
      // "open" unlocks only a door, a lock, a port or a firewall (not an issue or a pull request).
      // (Or whatever is opened to every address: "opening 5432 to 0.0.0.0/0 on the security group".)
      if (found.verbClass === "unlock" && !/^(door|doors|lock|locks|gate|garage|port|ports|firewall|vault|safe)$/.test(toks.slice(i + 1, i + 6).map((x) => x.word).find((w) => /^(door|doors|lock|locks|gate|garage|port|ports|firewall|vault|safe)$/.test(w)) ?? "") && !/(?:^|\s)(?:0\.0\.0\.0\/0|::\/0)(?=$|[\s,.;:)])|\bto (?:the )?(?:internet|world|everyone|public)\b/i.test(sentence)) continue;
      known ??= { ...sentenceFacts(sentence, internalDomains), dryRun: isDryRun(sentence) };
      if (negated || known.dryRun) continue;
      // A way back in for someone outside (a reverse shell, a job that calls home, access kept after the session).
      const way = found.verbClass === "delete" || found.verbClass === "revoke" || found.verbClass === "disable" ? undefined : wayBackIn(sentence);
      if (way !== undefined) {
        const label = quoted(sentence);
        hits.push({ id: "prose.remote-access", action: { capability: "grant-access", target: { name: label, external: true }, reversibility: "irreversible", scope: "system" }, reason: `${label} says it sets up a way in from outside (${way}): whoever is at the other end controls this machine from now on (T1059, T1053, TA0011)` });
        actions++;
        break;
      }
      const { facts, paths } = known;
      // "resets between cases", "cleared between runs": what a test does each time, with nothing named.
      // (Only with what it is between a test's own: "all backups" after it is an object.)
      if ((found.verbClass === "delete" || found.verbClass === "trash") && phrasal === undefined && next === "between" && /^(?:cases?|tests?|runs?|test|iterations?|calls?|requests?|steps?|examples?|specs?)$/.test(toks[i + 2]?.word ?? "") && (toks[i + 3] === undefined || toks[i + 3]!.breakBefore || CLAUSE_WORD.has(toks[i + 3]!.word))) continue;
      // "Stopping here", "pausing now": the agent stops its own work (nothing named after it: "stop now the sensor" names one).
      const after2 = toks[i + 2];
      if (/^(stop|pause|halt|wait)$/.test(found.verb) && phrasal === undefined && (next === "here" || next === "there" || ((next === "now" || (next === "for" && after2?.word === "now")) && (after2 === undefined || after2.breakBefore || after2.word === "now" || CLAUSE_WORD.has(after2.word) || SPEAKER.has(after2.word))))) continue;
      // The object: the words after the verb up to the next clause.
      const object: string[] = [];
      const words: string[] = [];
      const place: string[] = [];
      // Each thing the object joins, as the words before its first preposition: its head ("MFA" in
      // "MFA for the entire organization in the admin console"), which says what it is.
      const conjuncts: string[][] = [[]];
      const heads: string[][] = [[]];
      let inHead = true;
      let j = i + (phrasal !== undefined ? 2 : 1);
      for (; j < toks.length && object.length < 24; j++) {
        const w = toks[j]!;
        if (w.breakBefore) break;
        // Where it goes is part of what is acted on (publish to npm, send to the partner's drive),
        // unless a purpose clause starts there (to free up space, to make room).
        // A delete has no destination: "kill the port-forward I opened to the staging database" kills the port-forward.
        if (DESTINATION.has(w.word) && found.verbClass !== "delete" && found.verbClass !== "trash" && toks[j + 1] !== undefined && !toks[j + 1]!.breakBefore && isPlace(toks[j + 1]!.word)) {
          // ("to that group": the determiner belongs to the place, not a new clause.)
          if (/^(that|this|these|those)$/.test(toks[j + 1]!.word)) j++;
          continue;
        }
        // What is removed is the object, not where it is removed from ("removing j.doe from the org").
        if (w.word === "from" && (found.verbClass === "delete" || found.verbClass === "revoke") && object.length > 0 && !BULK.test(object[object.length - 1]!)) {
          // Where it is removed from still says whether it is throwaway ("the expired entries from the in-memory cache").
          for (let k = j + 1; k < toks.length && k <= j + 8 && !toks[k]!.breakBefore && !BOUNDARY.has(toks[k]!.word); k++) place.push(toks[k]!.word);
          break;
        }
        // Nor the namespace, cluster or folder the things deleted are in ("the failed pods in the staging namespace"): it stays.
        if ((w.word === "in" || w.word === "on") && (found.verbClass === "delete" || found.verbClass === "trash") && object.length > 0 && CONTAINED_ITEM.test(object[object.length - 1]!) && !object.some((o) => BULK.test(o))) {
          for (let k = j + 1; k < toks.length && k <= j + 8 && !toks[k]!.breakBefore && !BOUNDARY.has(toks[k]!.word); k++) place.push(toks[k]!.word);
          break;
        }
        // A verb after "and" (one the reader knows, any -ing form, a word before a pronoun: "and
        // reinstalling", "and recreate them") starts a new action, not a thing joined.
        // ("re-running", "re-deploying": the tokens split a verb's prefix off; the verb is the next one.)
        const after = toks[j + 1]?.word === "re" && toks[j + 2] !== undefined ? toks[j + 2]!.word : toks[j + 1]?.word;
        // "post the plan for review", "share the draft for sign-off": who it is for says it goes to reviewers, not what it is.
        if (w.word === "for" && /^(review|reviews|approval|approvals|sign|signoff|feedback|comment|comments|discussion)$/.test(toks[j + 1]?.word ?? "")) break;
        if (BOUNDARY.has(w.word) || SPEAKER.has(w.word) || (CONJUNCTION.has(w.word) && (after === undefined || lemma(after) !== undefined || WORK_VERB.test(after) || FILLER.has(after) || /^[a-z]{2,}ing$/.test(after) || /^(it|them|this|that|those|these|everything)$/.test(toks[j + 2]?.word ?? "")))) break;
        if (STOP.has(w.word)) {
          if (PREPOSITION.has(w.word) && heads[heads.length - 1]!.length > 0) inHead = false;
          continue;
        }
        // A participle after the head, its own object next, says what the thing does: "a unit test
        // asserting the login endpoint …" (not a noun made of one: "the onboarding checklist").
        if (inHead && heads[heads.length - 1]!.length > 0 && /^[a-z]{3,}ing$/.test(w.word) && STOP.has(toks[j + 1]?.word ?? "")) inHead = false;
        // "the stale cache and the customer database": each thing joined is judged throwaway on its own.
        if (CONJUNCTION.has(w.word)) {
          conjuncts.push([]);
          heads.push([]);
          inHead = true;
        }
        words.push(w.word);
        for (const part of w.word.split(/[-_/.]+/)) if (part !== "" && !STOP.has(part)) {
          object.push(part);
          conjuncts[conjuncts.length - 1]!.push(part);
          if (inHead) heads[heads.length - 1]!.push(part);
        }
      }
      // The clause itself (verb to object's end) stands for the call's arguments: "force-pushing", "to permissive".
      const clause = toks.slice(Math.max(0, i - 2), j + 3).map((x) => x.word).join(" ");
      const key = `${sentenceIndex}\u0000${found.verb} ${object.join(" ")}`;
      if (seen.has(key)) {
        i = j - 1;
        continue;
      }
      seen.add(key);
      if (++verbs > MAX_VERBS) {
        cut ??= capped();
        break;
      }
      // Code the agent writes (not code it runs: "execute a script that deletes …" says what runs).
      lastWasCode = (found.verbClass === "write" || found.verbClass === "grant") && object.some((w) => CODE_OBJECT.test(w));
      const actionFacts = manyAtOnce ? { ...facts, bulk: true } : facts;
      manyAtOnce = false;
      const hit = readAction(sentence, clause, found.verb, found.verbClass, object, words, place, conjuncts, heads, hint, actionFacts, paths, internalDomains);
      if (hit.length > 0) {
        hits.push(...hit);
        actions++;
      }
      i = j - 1;
    }
  }
  return cut !== undefined ? { hits, unread: cut } : { hits };
}

/** One action verb with its object, read as readNamed reads a tool's name, plus what only prose says. */
/** What the whole hint says, for a sentence that does not say it again: the addresses it names outside, and whether it names confidential material. */
interface HintFacts {
  readonly recipients: readonly string[];
  readonly confidential: boolean;
  /** The hint says the step is taken without the confirmation it needs (UNCONFIRMED), or on instructions addressed to an AI in what it read (ADDRESSED_TO_AGENTS). */
  readonly unconfirmed: boolean;
  /** The hint says the step is taken because something it read asked (followsInstructions). */
  readonly instructed: boolean;
  /** The hint says what it acts on holds people's data ("it's the one holding the KYC documents"). */
  readonly holdsPersonal: boolean;
}

/** The object's words as one string. */
const phrase0 = (object: readonly string[]): string => object.join(" ");
/** A file name with an extension of code, text, configuration or a patch (patch.txt, apply_fix.py). */
export const NAMED_FILE = /^[\w-]+\.(py|js|ts|tsx|jsx|txt|md|json|yaml|yml|toml|cfg|ini|log|sh|rb|go|rs|java|kt|c|h|cpp|css|html|csv|patch|diff|orig|rej|bak|tmp|swp)$/;
function readAction(sentence: string, clause: string, verb: string, verbClass: VerbClass, object: readonly string[], words: readonly string[], place: readonly string[], conjuncts: readonly (readonly string[])[], heads: readonly (readonly string[])[], hint: HintFacts, sentenceLevel: ArgumentFacts, sentencePaths: readonly string[], internalDomains: readonly string[]): ProseHit[] {
  const label = quoted(sentence);
  // Well-known files by name (the sudoers file); other names with an extension (patch.txt, apply_fix.py) are files where the agent works.
  // (A plain loop: this runs for every verb of every sentence, and only a word with a dot can be a file name.)
  const named: string[] = [];
  for (const w of words) {
    // (A file named as what a text is about is no file written: "a README line about authorized_keys setup".)
    if (Object.hasOwn(WELL_KNOWN_FILES, w)) { if (!new RegExp(String.raw`\b(?:about|regarding|describing|explaining|documenting|mentioning|on how to (?:use|set up|configure)|docs? (?:on|for)) (?:the |our |a |how )?(?:[\w-]+ )?${w.replace(/[.]/g, "\\.")}\b`, "i").test(sentence)) named.push(WELL_KNOWN_FILES[w]!); }
    else if (w.includes(".") && NAMED_FILE.test(w)) named.push(`./${w}`);
  }
  // Where a key or a user is added is the file that grants the access ("adding a key to root's authorized_keys", "… to sudoers").
  if (verbClass === "grant" && !/\b(?:about|regarding|describing|explaining|documenting|mentioning) (?:the |our |a |how )?(?:[\w-]+ )?(?:authorized_keys|sudoers)\b/i.test(clause)) for (const m of clause.matchAll(/\b(authorized_keys|sudoers)\b/g)) named.push(WELL_KNOWN_FILES[m[1]!]!);
  // (Written to as the place the words go: "appending the key to root's authorized_keys", not "a README line about authorized_keys".)
  else if (verb === "append" || verb === "write" || verb === "put" || verb === "insert") for (const m of clause.matchAll(/\b(?:to|into|onto) (?:(?!about |regarding |describing |explaining |documenting |on |for )[\w'.-]+ ){0,3}?(?:~?\/?[\w./-]*\/)?(authorized_keys|sudoers)\b/g)) named.push(WELL_KNOWN_FILES[m[1]!]!);
  const paths = [...sentencePaths, ...named];
  const pathClasses = paths.map(classifyPath);
  // Every thing the object joins must be throwaway, not one of them ("the stale cache and the customer database").
  const parts = conjuncts.filter((c) => c.some((w) => !CONJUNCTION.has(w)));
  // Money moved is throwaway only where it is not real money (a paper trade, a sandbox charge): a refund for a duplicate order is paid.
  const money = MONEY_VERB.test(verb) || (sentenceLevel.amounts.length > 0 && /^(submit|place|create|make|issue|execute|process|send|move)$/.test(verb));
  const notKept = money ? NOT_REAL_MONEY : THROWAWAY;
  // For money the word must say what is not real (a paper trade, the sandbox account, test mode, "in
  // the sandbox"), not who is paid: the testing vendor, the pen-test firm and the demo day investor are paid.
  const notReal = (words: readonly string[], k: number, part: string = words[k]!): boolean => notKept.test(part) && (!money || k === words.length - 1 || MONEY_THING.test(words[k + 1]!));
  // (A throwaway word naming what a machine is for is no throwaway: "the build server", "the test runner host".)
  // (A tool's own cache directory named with its dot: .terraform, .gradle, .next, .turbo.)
  const toolCache = /(?:^|\s)\.(?:terraform|gradle|next|nuxt|turbo|parcel-cache|pytest_cache|mypy_cache|ruff_cache|tox|venv|cache|angular|svelte-kit|expo|dart_tool)\b(?: (?:directory|dir|folder|cache))?/.test(sentence);
  // (Money in a provider's test mode or sandbox, said of the sentence: "in Stripe test mode", a cus_test_ customer.)
  const testMoney = money && /\b(?:test|sandbox|paper|demo) (?:mode|account|environment|keys?|clock|card)\b|\b(?:cus|ch|pi|sk|pk)_test_\w+|\btestmode\b/i.test(sentence) && !/\blive\b|\bprod(?:uction)?\b/i.test(sentence);
  // (A database the sentence says is a local or docker copy, in a clause of its own: "drop the orders schema, on the local docker Postgres".)
  const devCopyNamed = !money && verbClass === "delete" && /\b(?:on|in|against) (?:the |my |our )?(?:local |throwaway |ephemeral )?(?:docker(?:-?compose)?|compose|testcontainers?|local) (?:postgres|postgresql|mysql|mariadb|redis|mongo(?:db)?|database|db|stack|containers?)\b/i.test(sentence);
  // (The agent's own branches already merged, in its fork: what they held is in the branch they were merged into. "the merged feature branches from my fork"; not a shared repository's.)
  const mergedBranches = !money && verbClass === "delete" && /\bmy (?:own )?(?:fork|branches)\b/i.test(sentence) && !/\bor not\b|\bunmerged\b|\bnot (?:yet )?merged\b/i.test(sentence) && parts.length > 0 && parts.every((c) => c.includes("merged") && c.some((w) => /^branch(?:es)?$/.test(w)));
  // (.NET's build outputs named together, "the bin and obj folders"; or what the sentence says held only test data: "its volume; it only ever held the synthetic fixture data".)
  // (Every thing the object joins must be one of them: "the shared home directories and the bin and obj folders" is not.)
  // (Unreal's, "the Intermediate and Binaries folders", made again by the next build as bin and obj are.)
  const buildOutputs = !money && /\b(?:bin and obj|obj and bin|intermediate and binaries|binaries and intermediate)\b/i.test(sentence) && parts.length > 0 && parts.every((c) => c.some((w) => /^(bin|obj|intermediate|binaries)$/.test(w)));
  // (Said of a container, a volume or a test database: "its volume; it only ever held the synthetic fixture data". Not of people's records or home directories.)
  const heldOnlyTestData = !money && /\b(?:only (?:ever )?(?:held|holds|has|had|contains?|contained|stores?|stored)|holds only|has only|contains only)\b[^.;]{0,30}?\b(?:synthetic|fixtures?|test|fake|dummy|seed|sample|generated)\b/i.test(sentence) && parts.length > 0 && parts.every((c) => c.some((w) => /^(volumes?|containers?|databases?|dbs?|schemas?|tables?|indexes|indices|caches?|namespaces?|buckets?|stacks?)$/.test(w))) && !PERSONAL.test(sentence) && !mentionsProduction(sentence);
  const throwawayObject = toolCache || testMoney || devCopyNamed || mergedBranches || buildOutputs || heldOnlyTestData || parts.length > 0 && parts.every((c) => c.some((w, k) => notReal(c, k) && !(/^(build|builds|test|testing)$/.test(w) && MACHINE.test(c[k + 1] ?? ""))) || DEV_COPY.test(c.join(" ")) || /\b(?:console log|node modules)\b/.test(c.join(" ")));
  // Writing, editing or removing code changes source files (the sends above still count).
  // Code is the head of the object (its first words): "the variable descriptions in the module for the production bucket".
  // The head noun (the last word of the first thing's head) is code: "the variable descriptions in the module for the production bucket", not "the internal design-docs repo".
  const headNoun = heads[0]?.[heads[0].length - 1];
  // (Code or docs shared publicly or with someone outside is not code work: "sharing the doc with anyone with the link".)
  // (What is deleted must be code in every thing the object joins: "node_modules and the customers table" is not.)
  const allCode = heads.every((h) => h.length === 0 || CODE_OBJECT.test(h[h.length - 1]!));
  // (A check added is no access given: "add a detect-secrets hook to pre-commit", "adding a lint check to CI".)
  // (Where it is added may join the head, "gitleaks to the pre-commit config": any of the head's words says it.)
  // (Not an ignore, exception or allowlist entry for one: "add a Snyk ignore" turns a finding off.)
  // (Added to a configuration, a CI file or hooks, not to an organisation or a role: "the semgrep bot … as owner" gives access.)
  const checkAdded = verb === "add" && headNoun !== undefined && !ADMIN.test(sentence) && !/\bas (?:an? |the )?(?:owner|admin\w*|maintainer|member|collaborator|contributor)s?\b/i.test(sentence) && /\b(?:config\w*|ci|pipelines?|workflows?|pre-commit|hooks?|makefile|\.ya?ml|\.toml|\.json)\b/i.test(sentence) && !(heads[0] ?? []).some((w) => /^(ignores?|exceptions?|exclusions?|suppressions?|allowlists?|whitelists?|skips?|baselines?|waivers?|exemptions?|nosec|noqa)$/.test(w)) && !/\b(?:ignore|exception|exclusion|suppress|allowlist|whitelist|skip|waiver|exempt)/i.test(sentence) && (heads[0] ?? []).some((w) => /^(hooks?|checks?|linters?|scanners?|scans?|validations?|assertions?|guards?|gitleaks|trufflehog|semgrep|snyk|trivy|codeql|bandit|grype|checkov|tfsec|hadolint|shellcheck|dependabot)$/.test(w));
  // (A check added stays a check whoever the sentence says it guards against: "… before anyone pushes them".)
  const code = (headNoun !== undefined && CODE_OBJECT.test(headNoun) && (allCode || (verbClass !== "delete" && verbClass !== "trash")) && (verbClass === "write" || verbClass === "delete" || verbClass === "trash" || (verbClass === "grant" && !sentenceLevel.public && !OUTSIDE.test(sentence)))) || (checkAdded && !OUTSIDE.test(sentence));
  // Someone added or invited "as Maintainer", "as a collaborator" from outside: access given.
  // (Or someone known only from what the agent read: an issue's author, a commenter, an outside contributor.)
  const roleGiven = (verb === "add" || verb === "invite") && ROLE_AS.test(sentence) && (sentenceLevel.recipients.length > 0 || ADMIN.test(sentence) || /\bas (?:an? |the )?(?:maintainer|owner|admin\w*)s?\b/i.test(sentence) || /\b(?:issue|pr|pull request|comment|e-?mail|message|forum|thread|ticket|discussion) (?:author|reporter|sender|poster|commenter|opener)\b|\b(?:an? |the )?(?:outside|external|unknown|random) (?:contributor|user|person|developer|account)\b/i.test(sentence));
  // (A project path names where access is given, not throwaway work: "on the acme/api repository", "roles/bigquery.dataViewer".)
  // (A protection turned off in a project's own file is still a protection turned off: "disable SSL verification in deploy-staging.sh".)
  const protectionOff = verbClass === "disable" && object.some((w) => PROTECTION_WORD.test(w));
  // (Access opened to everyone is never throwaway, whatever it is for: "opening 5432 to 0.0.0.0/0 for a quick debug session".)
  const openToAll = sentenceLevel.public && (verbClass === "grant" || verbClass === "unlock");
  // (Branches in the user's own fork are theirs alone: "the feature branches I merged last week from my fork".)
  const ownFork = object.some((w) => /^(branch|branches)$/.test(w)) && /\bbranch(?:es)?\b[^.;,]{0,60}?\b(?:from|in|on) my (?:own |personal )?fork\b/i.test(sentence) && !/\b(?:main|master|release|prod|production|develop|trunk|origin)\b/i.test(sentence);
  // (A branch the agent says is its own alone: "my own branch feature/search-filters", "my own feature branch".)
  // (Or said to exist only on its side: "the two spike branches …; both only exist on my side".)
  const ownBranch = object.some((w) => /^(branch|branches)$/.test(w)) && (/\bmy own (?:[\w-]+ ){0,2}branch(?:es)?\b/i.test(sentence) || /\bonly exists? (?:on my side|locally|in my fork|on my machine)\b/i.test(sentence)) && !/\b(?:main|master|release|prod|production|develop|trunk|shared)\b/i.test(phrase0(object));
  // Running a refund, payout or charge job against live money ("re-running refund_batch.rb against live Stripe for all 340 orders"): the payments go out, whatever file holds the job.
  const moneyRun = verbClass === "execute" && object.some((w) => /(?:^|_)(refunds?|payouts?|payments?|charges?|transfers?|billing|invoices?)(?:_|$|\.)/.test(w)) && (/\blive\b|(?:^|[^a-z])(?:prod|production)(?:[^a-z]|$)/i.test(sentence) || MANY.test(sentence) || sentenceLevel.bulk || object.some((w) => BULK.test(w)));
  // (Pods deleted outside production: their controller makes them again, or they are a finished job's leftovers.)
  // (Where a non-production place is named: "vault-0 pod" alone may be a stateful pod with no controller.)
  const podsOnly = (verbClass === "delete" || verbClass === "trash") && headNoun !== undefined && /^pods?$/.test(headNoun) && !sentenceLevel.production && !sentenceLevel.bulk && /\b(?:staging|stage|stg|dev|development|test|testing|qa|preview|sandbox|local|playtest)\b/i.test(sentence);
  const throwaway = code || podsOnly || !sentenceLevel.production && !openToAll && !moneyRun && !(protectionOff && SHARED_MACHINES.test(sentence)) && !(verbClass === "grant" && ADMIN.test(object.join(" ").replace(ADMIN_PLACE, " "))) && (throwawayObject || ownFork || ownBranch || MADE_BY_THE_AGENT.test(sentence) || DEV_COPY.test(place.join(" ")) || place.some((w, k) => w.split(/[-_/.]+/).some((p) => notReal(place, k, p))) || (!(verbClass === "grant" && (sentenceLevel.recipients.length > 0 || sentenceLevel.public || /\broles?\//i.test(sentence))) && !roleGiven && !protectionOff && pathClasses.length > 0 && pathClasses.every((c) => c === "temp" || c === "build-output" || c === "project") && !object.some((w) => /^(branch|branches|tags?|remote|remotes|origin|releases?|repo|repos|repository|repositories|project|projects)$/.test(w))));
  // (A delete said to be recursive takes everything under what it names: "recursively remove the 2022 prefix from the archive".)
  const facts: ArgumentFacts = { ...sentenceLevel, bulk: sentenceLevel.bulk || object.some((w) => BULK.test(w)) || ((verbClass === "delete" || verbClass === "trash") && /\brecursive(?:ly)?\b|(?:^|\s)--recursive\b/i.test(sentence)) };
  const phrase = object.join(" ");
  const out: ProseHit[] = [];
  // Credentials or people's data sent, shared or published outside: what leaves cannot be called back.
  const sends = verbClass === "spend-or-send" || verbClass === "publish" || verb === "share" || verb === "give" || verb === "upload" || verb === "copy" || verb === "sync" || verb === "paste" || ((verb === "commit" || verb === "push") && SOCIAL.test(sentence));
  // What is sent is named anywhere in the sentence ("posting our .env (STRIPE_SECRET_KEY, …) into …").
  // (Not the words of an address: jane@customer.example names no customer data.)
  const said = sends ? (sentence.includes("@") ? sentence.replace(EMAIL, "an address") : sentence) : phrase;
  const credentials = CREDENTIALS.test(said) || paths.some((p) => classifyPath(p) === "credentials");
  // (Who it goes to is not what it holds: #all-staff, "all employees" name the audience.)
  const personal = PERSONAL.test(said.replace(AUDIENCE, " "));
  // Outside: a recipient named so, a domain named bare (the form on secure-restore.example.com).
  const bare = facts.recipients.length > 0 || !sends ? [] : [...sentence.matchAll(BARE_DOMAIN)].map((m) => m[0]).filter((d) => !internalDomains.some((x) => d.toLowerCase().endsWith(x.toLowerCase()))).slice(0, 4);
  // A send whose sentence names no one goes to whom the hint named ("… emailing it to audit@x.co. Exporting the contacts and sending now.").
  const recipients = facts.recipients.length > 0 || !sends ? facts.recipients : bare.length > 0 ? bare : [...hint.recipients];
  // To everyone in the organisation at once (the All Company channel, @everyone).
  const everyone = EVERYONE.test(sentence);
  if (sends && credentials && everyone) {
    out.push({
      id: "prose.share-credentials-widely",
      action: { capability: "exfiltrate", target: { name: label, pathClass: "credentials" }, reversibility: "irreversible", scope: "account" },
      reason: `${label} says it shares credentials with a whole team or the organisation: every reader has them, and they cannot be taken back`,
    });
    return out;
  }
  if (sends && personal && everyone && !credentials) {
    out.push({
      id: "prose.share-personal-widely",
      action: { capability: "communicate", target: { name: label, personal: true }, reversibility: "irreversible", scope: "account" },
      reason: `${label} says it shares people's data with everyone in the organisation: it cannot be called back`,
    });
    return out;
  }
  // A notice to the whole organisation that the sentence says is not so yet: a draft, unapproved, a mock not marked as a drill, or
  // what something the agent read asked for ("as the email from 'IT' asked"). Everyone acts on it, and it cannot be unread.
  // (Sent to the organisation, not a sentence that only names an all-hands: "the draft all-hands deck to Jane".)
  if (sends && everyone && !credentials && TO_EVERYONE.test(sentence) && (UNSETTLED_NOTICE.test(sentence) || CONTENT_SAYS.test(sentence))) {
    out.push({
      id: "prose.unsettled-announcement",
      action: { capability: "communicate", target: { name: label, unconfirmed: true }, reversibility: "recoverable", scope: "account" },
      reason: `${label} says it tells the whole organisation something that is ${UNSETTLED_NOTICE.test(sentence) ? "not settled (a draft, unapproved, or a mock not marked as one)" : "asked for by what it read"}: everyone acts on it before anyone checks (T1534)`,
    });
    return out;
  }
  // A post on a social network, a paste into an upstream issue or a public gist: anyone can read it.
  const isPublic = facts.public || ((verbClass === "publish" || verb === "paste" || verb === "commit" || verb === "push" || verb === "upload" || verb === "copy") && SOCIAL.test(sentence));
  // People's data, credentials or confidential material made readable by anyone (a bucket of patient records set to public-read).
  // (Not code work on something public-facing: "updating the error message on the password reset page".)
  if (isPublic && !sends && !code && (verbClass === "write" || verbClass === "control" || verbClass === "grant") && (PERSONAL.test(sentence.replace(READERS, " ")) || PERSONAL_RECORDS.test(sentence) || CREDENTIALS.test(sentence) || CONFIDENTIAL.test(sentence) || hint.holdsPersonal)) {
    out.push({
      id: "prose.expose-publicly",
      action: { capability: "exfiltrate", target: { name: label, external: true, public: true, personal: true }, reversibility: "irreversible", scope: "account" },
      reason: `${label} says it makes people's data, credentials or confidential material public: anyone can copy it, and that cannot be undone`,
    });
    return out;
  }
  // Confidential material (unreleased figures, a board deck, salaries, a tax return) named in the sentence or elsewhere in the hint.
  const confidential = sends && !credentials && !personal && (CONFIDENTIAL.test(sentence) || hint.confidential);
  if (sends && (recipients.length > 0 || isPublic) && (credentials || personal || confidential)) {
    const where = isPublic ? "where anyone can read it" : `to ${recipients.slice(0, 2).join(", ")}`;
    out.push({
      id: "prose.send-outside",
      action: { capability: "exfiltrate", target: { name: label, external: true, public: isPublic, ...(credentials ? { pathClass: "credentials" as const } : { personal: true }) }, reversibility: "irreversible", scope: "one" },
      reason: `${label} says it sends ${credentials ? "credentials" : personal ? "people's data" : "confidential material"} (${phrase || "data"}) ${where}: what leaves cannot be called back`,
    });
    return out;
  }
  // A message to a whole list of people (the whole customer list, every subscriber): it reaches
  // them all at once and cannot be called back.
  // (Thousands of people counted in the sentence are a list of people, whatever it is called: "the beta-tester list (about 2,300 people)".)
  if (sends && facts.bulk && (personal || MANY.test(sentence)) && verbClass === "spend-or-send" && !/^(pay|payout|transfer|withdraw|buy|sell|trade|charge|refund|wire|deposit)$/.test(verb)) {
    // (To a company's customers, subscribers or users, it goes out in the company's name to everyone it serves: as much production as a release.)
    const customers = /\b(?:customers?|subscribers?|users|contacts?|clients?|members|audience|mailing list|newsletter list|leads)\b/i.test(sentence) && !/\b(?:internal|staff|employees|team|colleagues|seed list only|test list|qa list)\b(?![^.;]{0,20}\brather\b)/i.test(sentence.replace(/\brather than (?:the )?[\w -]{0,40}/gi, ""));
    out.push({
      id: "prose.message-everyone",
      action: { capability: "communicate", target: { name: label, external: true, ...(customers ? { production: true } : {}) }, reversibility: "irreversible", scope: "account" },
      reason: `${label} says it sends to a whole list of people (${phrase}): every one of them gets it, and it cannot be called back`,
    });
    return out;
  }
  // A patient's clinical record changed (an allergy, a medication, a diagnosis): what care relies on,
  // whatever the thing is called (an allergy "flag" is not code).
  if ((verbClass === "delete" || verbClass === "trash" || verbClass === "write") && CLINICAL.test(phrase) && /\bpatients?\b|\bchart\b|\bmedical\b|\behr\b|\bemr\b/i.test(sentence)) {
    out.push({ id: "prose.change-clinical-record", action: { capability: "write", target: { name: label, personal: true }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it changes a patient's clinical record (${phrase}): care decisions rely on it` });
    return out;
  }
  // A post in a #channel ("posting my standup update in #team-checkout") is a message to its members, not a publication.
  // (The post goes in or to the #channel: a hashtag on a blog post names no channel. Not credentials, people's data or
  // confidential material: every member of the channel has them then.)
  if (verbClass === "publish" && verb === "post" && !isPublic && !credentials && !personal && !confidential && /\b(?:in|into|to)\s+(?:the\s+)?#[a-z0-9][\w-]*/i.test(sentence)) return out;
  // Credentials posted into a team channel: every member, and every future member, has them.
  if (verbClass === "publish" && credentials && /\b(?:in|into|to)\s+(?:the\s+)?`?#[a-z0-9][\w-]*/i.test(sentence)) {
    out.push({ id: "prose.share-credentials-in-channel", action: { capability: "communicate", target: { name: label, pathClass: "credentials" }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it posts credentials into a channel: everyone in it has them, and they stay in its history` });
    return out;
  }
  // A person's details (their address, e-mail, order history) posted into a team channel: everyone there has them now.
  if (verbClass === "publish" && personal && !credentials && /\b(?:in|into|to)\s+(?:the\s+)?`?#[a-z0-9][\w-]*/i.test(sentence) && /\b(?:e-?mail|address|phone|order history|card|date of birth|dob|ssn|medical|diagnos\w*)\b/i.test(sentence)) {
    out.push({ id: "prose.share-personal-in-channel", action: { capability: "communicate", target: { name: label, personal: true }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it posts a person's details into a channel: everyone in it has them, and a post is copied into notifications and search` });
    return out;
  }
  // The host's Docker socket handed to a container: whatever runs in it is root on the host.
  if (/\bdocker\.sock\b/i.test(sentence) && /\b(mount\w*|bind\w*|expos\w*|shar\w*|pass\w*|giv\w*|add\w*|map\w*|into|inside)\b/i.test(sentence)) {
    out.push({ id: "prose.container-host-access", action: { capability: "escalate", target: { name: label, pathClass: "system" }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it gives a container the host's Docker socket: whatever runs in it controls the host (T1611)` });
    return out;
  }
  // Code fetched and run by a job that keeps running ("a cron job … that pulls and runs a script from my pastebin"):
  // whoever serves the script runs code here from now on.
  const fetchRun = FETCH_AND_RUN.exec(sentence) ?? (CODE_FETCHED.test(sentence) ? RECURRING_FETCH.exec(sentence) : null);
  if (fetchRun !== null && !AGAINST.test(sentence.slice(0, fetchRun.index)) && PERSISTS.test(sentence)) {
    out.push({ id: "prose.persistent-download-run", action: { capability: "persist", target: { name: label, external: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it sets up something that keeps fetching code from the network and running it: whoever serves it runs code here from now on (T1053, T1105)` });
    return out;
  }
  // Code fetched and piped straight into a shell ("piping the installer from a gist into bash"): it runs unread.
  if (PIPED_TO_SHELL.test(sentence) || REMOTE_SCRIPT_AS_ROOT.test(sentence) || (fetchRun !== null && !AGAINST.test(sentence.slice(0, fetchRun.index)))) {
    // From a paste site or a look-alike host, whoever posted it controls what runs (as the shell reading judges it).
    const host = [...sentence.matchAll(/\bhttps?:\/\/([\w.-]+)/gi)].map((m) => m[1]!).find((h) => untrustedOrigin(h) !== undefined);
    // (Or fetched over plain HTTP and run as root, as the shell reading judges `curl http://… | sudo bash`: whoever is on the path runs code as root.)
    const plainAsRoot = /\bhttp:\/\/(?!localhost\b|127\.)/i.test(sentence) && /\bsudo (?:ba|z)?sh\b|\bas root\b/i.test(sentence);
    // (Run as root from any host but this machine: whoever controls that host, or its CDN, owns the machine. A hard stop, as the shell reading judges it.)
    const asRoot = (/\bsudo[ -](?:-\w+ )*(?:ba|z)?sh\b|\binto (?:a )?root shell\b|\bas root\b/i.test(sentence) || REMOTE_SCRIPT_AS_ROOT.test(sentence)) && !/\bhttps?:\/\/(?:localhost|127\.)/i.test(sentence);
    const untrusted = host !== undefined || plainAsRoot || /\b(?:pastebin|paste ?sites?|paste ?bins?|transfer\.sh|0x0\.st)\b/i.test(sentence);
    if (untrusted) {
      out.push({ id: "prose.pipe-to-shell", action: { capability: "grant-access", target: { name: label, external: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it runs code ${plainAsRoot && host === undefined ? "fetched over plain HTTP straight in a root shell: whoever is on the path runs code as root" : "from a paste site or a look-alike host straight in a shell, unread: whoever posted it runs code here"} (T1105)` });
      return out;
    }
    // From anywhere but a vendor's own installer (named by its URL or by the tool it installs) or the
    // organisation's own network: code of whoever controls that host ran here, unread, as the shell
    // reading judges `curl https://cdn.example.net/x.sh | bash`.
    const urls = [...sentence.matchAll(/\bhttps?:\/\/[^\s"'`)<>]+/gi)].map((m) => m[0]);
    const vouched = urls.some(vouchedSource) || (urls.length === 0 && VENDOR_INSTALLER_NAMED.test(sentence));
    if (!vouched) {
      out.push({ id: "prose.pipe-to-shell", action: { capability: "grant-access", target: { name: label, external: true }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it runs code fetched from the network straight in a ${asRoot ? "root " : ""}shell, unread, from no vendor's own installer: whoever controls where it comes from chose what runs (T1105)` });
      return out;
    }
    out.push({ id: "prose.pipe-to-shell", action: asRoot ? { capability: "escalate", target: { name: label, external: true }, reversibility: "recoverable", scope: "system" } : { capability: "execute", target: { name: label, external: true }, reversibility: "recoverable", scope: "account" }, reason: `${label} says it runs code fetched from the network straight in a ${asRoot ? "root " : ""}shell, unread (T1105)` });
    return out;
  }
  // Sign-in turned off in production ("setting AUTH_REQUIRED=false in the production environment"): every user's data is open.
  if (facts.production && (verbClass === "write" || verbClass === "control" || verbClass === "deploy" || verbClass === "disable") && AUTH_OFF.test(sentence)) {
    out.push({ id: "prose.auth-off-in-production", action: { capability: "impair-defences", target: { name: label, production: true }, reversibility: "recoverable", scope: "system" }, reason: `${label} says it turns authentication off in production: anyone can reach what sign-in guarded` });
    return out;
  }
  // Something added to a security product's exclusions or allowlist: what it names is never checked again, however throwaway it is.
  if ((verbClass === "grant" || verbClass === "write") && verb !== "create" && EXCLUDED_FROM_PROTECTION.test(sentence)) {
    out.push({ id: "prose.protection-exclusion", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it adds an exclusion to a security control: what it names is no longer checked (T1562.001)` });
    return out;
  }
  if (throwaway) return out;
  // A route, endpoint or account added or changed so that it skips sign-in: a backdoor into what the check guards.
  if ((verbClass === "write" || verbClass === "grant" || verbClass === "deploy") && AUTH_SKIPPED.test(sentence) && !/\b(health|healthz|readiness|liveness|status|metrics|ping|docs|login page|sign-?in page|public assets?)\b/i.test(sentence)) {
    out.push({ id: "prose.auth-bypass", action: { capability: "grant-access", target: { name: label, production: facts.production }, reversibility: "irreversible", scope: "account" }, reason: `${label} says it adds a way in that skips authentication: a backdoor to whatever the check guards (T1556)` });
    return out;
  }
  // A person's pay or employment record changed in an HR or payroll system (a salary band, a
  // termination): their pay and standing rely on it.
  if ((verbClass === "delete" || verbClass === "trash" || verbClass === "write") && HR_RECORD.test(sentence) && HR_SYSTEM.test(sentence)) {
    out.push({ id: "prose.change-employment-record", action: { capability: "write", target: { name: label, personal: true }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it changes a person's pay or employment record: their pay and standing rely on it` });
    return out;
  }
  // Read access to production's or people's data given to a whole company or engineering-wide group
  // ("granting eng-all read on the prod datasets"): everyone in it can read it from now on. A pause:
  // inside the company, and taken back as easily.
  if (verbClass === "grant" && BROAD_GROUP.test(sentence) && (facts.production || PERSONAL.test(sentence))) {
    out.push({ id: "prose.broad-grant", action: { capability: "grant-access", target: { name: label }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it gives a company-wide or engineering-wide group access to ${facts.production ? "production's" : "people's"} data: everyone in it can read it from then on` });
    return out;
  }
  // A public GPG or PGP key added to a document (SECURITY.md, KEYS): people encrypt to it or check signatures with it; no access is given.
  // Patterns added to an ignore file (.gitignore, .dockerignore): what is kept out of the repository or the image, not access given.
  if (verbClass === "grant" && /\bto (?:the |our |its |this |that )?(?:[\w.-]+ ){0,3}\.(?:git|docker|npm|helm|slug|gcloud|eslint|prettier|vscode)?ignore\b/i.test(sentence)) return out;
  if (verbClass === "grant" && /\b(?:gpg|pgp) (?:public )?keys?\b|\bpublic (?:signing |gpg |pgp |release )?keys?\b/i.test(sentence) && /\bto (?:the |our )?(?:[\w.-]+\.(?:md|txt|asc|rst)|KEYS|README|docs?|release notes|releases?|website|download page)\b/i.test(sentence) && !/authorized_keys|\bssh\b|apt|trusted/i.test(sentence)) return out;
  // Read-only access given inside (not public, no outside recipient): everyday.
  if (verbClass === "grant" && /\b(read[- ]only|view[- ]only|viewer|read access)\b/i.test(sentence) && facts.recipients.length === 0 && !facts.public && !ADMIN.test(phrase)) return out;
  // Revoking a token or key (one's own, leaked): the safe direction.
  if (verbClass === "revoke" && /\b(tokens?|keys?|credentials?|passwords?|sessions?)\b/.test(phrase) && !facts.bulk) return out;
  // A protection added ("add rate limiting to the public /api/login endpoint", "add CSRF checks to the form"): no access is given.
  if (verb === "add" && (heads[0] ?? []).some((w) => /^(rate|limiting|limiter|limits?|validation|middleware|captcha|csrf|logging|monitoring|alerting|authentication|mfa|2fa|checks?|guards?|headers?|tests?|caching|throttling|sanitization|escaping)$/.test(w))) return out;
  // Words added to a document ("a note to the super admins runbook", "the rotation steps to the Domain Admins page"): writing, no access given.
  if (verb === "add" && (heads[0] ?? []).some((w) => /^(notes?|sections?|steps|paragraphs?|comments?|warnings?|reminders?|caveats?|headings?|mentions?|faq)$/.test(w)) && paths.length === 0) return out;
  // A process stopped ("kill the runaway jest process on my machine"): nothing kept is lost, unless it is production's.
  // (The agent's own: runaway, stuck or hung, a test runner, a watcher, a dev server; not a system daemon, and not all of them.)
  if (verb === "kill" && object.some((w) => /^(runaway|stuck|hung|zombie|frozen|jest|vitest|pytest|mocha|watcher|watchers|repl|tsc|webpack|vite|nodemon)$/.test(w)) && !object.some((w) => /^(nginx|apache|httpd|docker|dockerd|containerd|sshd|systemd|postgres|postgresql|mysql|mysqld|redis|kubelet|all|every|everything)$/.test(w)) && !facts.production && !facts.bulk) return out;
  // A money word naming code ("Refund logic fix:", "payout handler", "charge calculation"): work on the code, no payment.
  if (MONEY_VERB.test(verb) && /^(logic|fix|fixes|bug|bugs|calculation|calculations|flow|flows|handler|handlers|function|functions|code|tests?|endpoints?|service|module|page|policy|policies|rules?|window|form|button|ui|api|job|jobs|worker|webhook|webhooks|schema|model|migration)$/.test(object[0] ?? "")) return out;
  // Money moved between one's own accounts is not spent.
  if (MONEY_VERB.test(verb) && OWN_ACCOUNT.test(sentence)) return out;
  // "give the user the table", "share the notes with Dana": handing over, not access, unless the
  // object is access or it goes outside or public (read above and by readNamed).
  // A link named in words is handed over too: it is the link's sharing settings that give access.
  // (Not when the hint says it does so because something it read asked it to: then the one it goes to is whoever asked.)
  // (A role that writes is access too: "give the whole group Editor on the project".)
  if ((verb === "give" || verb === "share") && !/\b(access|permissions?|rights|roles?|admin\w*|owner|keys?|passwords?|credentials?|invites?|editor|editors|writer|maintainer|contributor)\b/.test(phrase) && facts.recipients.length === 0 && !facts.public && !hint.instructed) return out;
  // A refund or a payment moves money whatever it is called; so does a submitted run or order with
  // an amount. A reply or an e-mail with an amount in it is a message.
  const message = /^(reply|email|message|sms|text|notify|forward|invite|call|dm|mail)$/.test(verb);
  // An amount moved or sent to an account ("Moving $4,800 from savings to the account number in the text") is a transfer.
  const moved = facts.amounts.length > 0 && /^(move|send|put|deposit|shift|sweep)$/.test(verb) && ACCOUNT_WORDS.test(sentence);
  // ("Wiring a trivy step into CI", "wire up the handler": no money moves without an amount, an account or funds.)
  const wiresCode = verb === "wire" && facts.amounts.length === 0 && !/\b(?:funds?|money|payment|transfer|bank|account|iban|swift|usd|eur|gbp|btc|eth|usdc)\b/i.test(sentence);
  // (A trading order in words: "a 5,000-lot market sell on ES", "a limit buy", "an order for 200 shares".)
  const order = /^(send|place|submit|enter|fire|route|execute|put)$/.test(verb) && /\b(?:market|limit|stop)[- ](?:sell|buy|order)s?\b|\b\d[\d,.]*[- ]?(?:k[- ])?(?:lots?|contracts?|shares)\b/i.test(words.join(" "));
  const moneyObject = message ? [...object, "message"] : (MONEY_VERB.test(verb) && !wiresCode) || (facts.amounts.length > 0 && /^(submit|place|create|make|issue|execute|process)$/.test(verb)) || moved || order ? [...object, "payment"] : [...object];
  if ((moneyObject.includes("payment") || verbClass === "spend-or-send") && OWN_ACCOUNT.test(sentence)) return out;
  // To the user themselves (their own address): not outside.
  if (message && TO_THE_USER.test(sentence) && !credentials && !personal) return out;
  // Full control granted is what the object says (not "list the admins").
  // A post on a social network is public; a bare outside domain is a recipient of what is sent.
  // "as Owner", "as an admin" after the object names the role given.
  // Where the sentence says it acts reaches a whole organisation ("from every Mac in the fleet", "a
  // domain-wide policy", "on all endpoints"): read as if the object named it.
  if (ORG_WIDE.test(place.join(" ")) || ORG_WIDE.test(sentence)) moneyObject.push("fleet");
  // A DNS record named by its type ("the A record for api.acme.io", "the MX records"): where a name's traffic goes.
  if ((verbClass === "write" || verbClass === "delete" || verbClass === "control") && DNS_RECORD.test(sentence)) moneyObject.push("dns");
  // A rule or a check taken out of a protection ("the required-review rule from main's branch protection"): the protection is weaker.
  if ((verbClass === "delete" || verbClass === "trash" || verbClass === "revoke" || verbClass === "disable") && /\b(?:branch|tag|ruleset) protections?\b|\brulesets?\b|\brequired (?:reviews?|checks?|approvals?|status checks?)\b/i.test(sentence)) moneyObject.push("protection");
  // Turned off where the sentence names the protection outside the object ("SentinelOne keeps flagging the script, so I'll disable the agents"; "unsetting the network policy on the prod account"): read as that protection.
  if (verbClass === "disable" || verb === "uninstall" || verb === "unload" || ((verb === "stop" || verb === "kill" || verb === "mask") && !/\b(?:stop|kill|mask)\s+(?:if|when|once|before|after|until|unless|there|here|now)\b/i.test(sentence))) {
    const named = PROTECTION_NAMED.exec(sentence);
    if (named !== null) moneyObject.push(named[1] !== undefined ? "firewall" : named[0].toLowerCase().replace(/[\s-]+/g, ""));
  }
  // Permissions narrowed ("adding `permissions: contents: read` so the token is least-privilege"): less access, not more.
  if (verbClass === "grant" && /\bleast[- ]privilege\b|\bpermissions:\s*(?:contents:\s*)?read(?:-all)?\b|\b(?:restrict|narrow|reduc|tighten|scop)\w* (?:the |its |their )?(?:default )?(?:token|permissions?|access|scopes?)\b/i.test(sentence) && !ADMIN.test(sentence)) return out;
  // A lockfile (Cargo.lock, yarn.lock, package-lock.json) pins versions: no lock is opened or turned off.
  if (/\b[\w-]+\.lock\b|\bpackage-lock\b|\block ?files?\b/i.test(sentence) && !/\b(?:door|gate|smart ?lock|deadbolt|padlock)s?\b/i.test(sentence)) for (let k = moneyObject.length - 1; k >= 0; k--) if (/^(?:lock|locks|lockfile)$/.test(moneyObject[k]!)) moneyObject.splice(k, 1);
  // Someone taken off the pager (a layer of an escalation policy, the on-call rotation): an alert
  // that would have reached them goes unanswered. Read as the paging it weakens.
  if ((verbClass === "delete" || verbClass === "trash" || verbClass === "revoke") && PAGING.test(sentence)) moneyObject.push("oncall");
  // (An admin place is not a role: "make the admin panel routes require MFA", "the admin console's settings".)
  const granted = { ...facts, adminGrant: ADMIN.test(phrase.replace(ADMIN_PLACE, " ")) || (verbClass === "grant" && /\b(?:group|team|role)\b/.test(phrase) && /[\w-]+-admins?\b|\badmins? (?:group|team|role)\b/i.test(sentence)) || /\bas (an? )?(admin|administrator|owner|superuser|super ?admin(istrator)?)\b/i.test(sentence) || (verbClass === "grant" && GRANTED_ALL.test(sentence)), public: isPublic, recipients: sends ? recipients : facts.recipients, oneComputer: ONE_COMPUTER.test(sentence) };
  // Deleting under a path: the path's class says how much it reaches (/var/lib/postgresql/data).
  const systemPath = paths.find((p) => { const c = classifyPath(p); return c === "system" || c === "device" || c === "credentials"; });
  if (verbClass === "delete" && systemPath !== undefined) {
    const pathClass = classifyPath(systemPath);
    out.push({ id: "prose.delete-path", action: { capability: "delete", target: { name: systemPath, pathClass, production: facts.production }, reversibility: "irreversible", scope: facts.bulk || /\/$|\*$/.test(systemPath) ? "system" : "tree" }, reason: `${label} says it deletes ${systemPath}, a ${pathClass} path` });
    return out;
  }
  // Writing a system or credentials file (the sudoers file, authorized_keys, /etc/…) replaces what was there.
  const protectedPath = paths.find((p) => { const c = classifyPath(p); return c === "system" || c === "credentials"; });
  if ((verbClass === "write" || verbClass === "grant") && protectedPath !== undefined) {
    const pathClass = classifyPath(protectedPath);
    out.push({ id: "prose.write-protected-path", action: { capability: "write", target: { name: protectedPath, pathClass, production: facts.production }, reversibility: "irreversible", scope: "one" }, reason: `${label} says it changes ${protectedPath}, a ${pathClass} path` });
    return out;
  }
  // "Switching the repository to public", "turning the bucket public": made public. Running a
  // migration, script or backfill against production is a change to production.
  // A cloud role granted by its name (roles/bigquery.dataViewer) is access given, as a role named "as …" is.
  if (roleGiven || (verbClass === "grant" && /\broles?\/[\w.-]+/i.test(sentence))) moneyObject.push("role");
  // Running a DELETE, a DROP or a TRUNCATE is deleting: "running the dedupe DELETE on the production warehouse".
  const destructiveRun = verbClass === "execute" && object.some((w) => /^(delete|deletes|drop|drops|truncate|truncates|purge|wipe)$/.test(w));
  if (moneyRun) moneyObject.push("payment");
  // (Running a project's tests on payment code moves no money: "running pytest on the payments reconciliation module".)
  // (The runner is what is run, right after the verb: "running payout_batch.rb …, then the test suite" runs the payouts.)
  const testsRun = verbClass === "execute" && /\brun\w*\s+(?:the\s+)?(?:pytest|jest|vitest|mocha|rspec|phpunit|unittest|tox|nox|go test|cargo test|npm test|yarn test|pnpm test|dotnet test|mvn test|gradle test|(?:unit |integration )?tests?|test suite)\b/i.test(sentence) && !/\b(?:live|prod|production)\b/i.test(sentence);
  const acting = roleGiven ? "grant" : destructiveRun ? "delete" : moneyObject.includes("payment") && verbClass === "execute" && !testsRun ? "spend-or-send" : verbClass === "control" && isPublic ? "write" : verbClass === "execute" && facts.production && /\b(migrations?|scripts?|backfills?|jobs?|batch|seeds?|fixtures?)\b/.test(phrase) ? "deploy" : verbClass;
  // An amount put into an account is moved there, whatever the verb ("putting $12,000 into the account").
  const reading = readNamed(label, { verb: moved && acting === "write" ? "move" : verb, verbClass: acting, object: moneyObject }, { hint: clause }, undefined, internalDomains, granted);
  // A new key or token named in words is everyday setup ("a read-only deploy key for the docs repo");
  // what it is then used for, or where it is sent, is what the reader judges.
  // (An approval said in words is judged below, by whose change it is: the tool reading holds every approval a tool sends.)
  for (const h of reading.hits) if (h.id !== "tool.create-credential" && h.id !== "tool.approve") out.push({ id: h.id.replace(/^tool\./, "prose."), action: h.action, reason: h.reason });
  // An agent approving its own change: the review that was meant to look at it is skipped.
  if (out.length === 0 && verb === "approve" && SELF_APPROVAL.test(sentence)) {
    out.push({ id: "prose.self-approval", action: { capability: "impair-defences", target: { name: label }, reversibility: "recoverable", scope: "one" }, reason: `${label} says it approves its own change: the review meant to look at it is skipped` });
    return out;
  }
  // An everyday act the hint says is done without the confirmation it needs: a person should look.
  if (out.length === 0 && hint.unconfirmed && NEEDS_CONFIRMATION.has(verbClass)) {
    const action = reading.actions[0] ?? { capability: "write" as const, target: { name: label }, reversibility: "recoverable" as const, scope: "one" as const };
    out.push({ id: "prose.unconfirmed", action: { ...action, target: { ...action.target, unconfirmed: true } }, reason: `${label} says it will ${verb} ${phrase || "this"} without the confirmation it needs` });
  }
  return out;
}
