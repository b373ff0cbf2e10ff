// Built-in secret detectors: credentials an agent might send or read (tool arguments, hints,
// findings, tool output). Modelled on the rule definitions of gitleaks (cmd/generate/config/rules)
// and the plugins of detect-secrets: a keyword prefilter per rule (the lower-cased literal every
// match contains), a case-preserving pattern, and the source's own false-positive logic as
// validators (gitleaks' entropy floors and allowlists, detect-secrets' JWT validity check), with a
// placeholder check where a pattern alone would also fire on "ghp_xxxx…" or "your_api_key". Where
// the two sources define the same format differently, the rule takes both (detect-secrets reports
// AKCxxxxxxxxxx for Artifactory and an all-Z AWS key id; gitleaks a 73-character AKCp key).
//
// Shape of the patterns:
// * Provider tokens with a fixed prefix ("ghp_", "xoxb-", "AKIA") are matched on their own, between
//   token boundaries (B … E below), so they are found in any context: env files, JSON, URLs, logs.
// * Values without a prefix (Heroku UUIDs, Atlassian tokens, AWS secret keys) are only matched after
//   a name that says what they are ("heroku_api_key = …"); the `value` group is the secret itself.
//   The provider-named keys of gitleaks' "semi-generic" rules are a table (PROVIDER_KEYS).
// * The generic rules take any value assigned to a secret-sounding name (password, secret, token,
//   api key…) but only if it looks like a secret: letters plus digits or symbols (so not a code
//   reference like settings.SECRET_KEY), not a template or path, not a placeholder, and with
//   enough entropy. They stand back when the name is a known provider's (the provider's rule knows
//   its format) and when the value starts like a provider's token (that rule checks the length).
//   They also take the upstream tools' general false-positive filters: gitleaks' stopwords (a value
//   holding "config", "token", "build"… is an identifier), detect-secrets' sequential strings, and
//   names that say the value is a fixture (fakeToken, wrongLength, nonMatchingSecret).
//   detect-secrets' keyword forms that hold words or punctuation (a quoted passphrase, the rest of
//   a config line, `private_key "…";`) have rules of their own with stricter guards.
//
// Every repeat is bounded and no quantified group contains another unbounded quantifier, so no
// pattern backtracks badly on long input (test/secrets-pack.test.ts scans 64 KB of base64-ish
// text as a guard).
//
// Examples are built from deterministic pseudo-random bodies (fake() below) rather than written out,
// so this file holds no literal credential-shaped strings for push protection or other scanners to
// trip on; the bodies are random, not real credentials.
import type { DetectorRule } from "../detector.js";
import type { Validator } from "../validators.js";

// ------------------------------------------------------------------------------ example helpers

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const LOWNUM = LOWER + DIGITS;
const UPNUM = UPPER + DIGITS;
const HEX = "0123456789abcdef";
const B64 = ALNUM + "+/";
const B64URL = ALNUM + "-_";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** `length` characters of `alphabet`, pseudo-random but fixed by `seed` (xorshift32). */
function fake(alphabet: string, length: number, seed: number): string {
  let x = (Math.imul(seed + 1, 2654435761) >>> 0) || 1;
  let out = "";
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out += alphabet.charAt(x % alphabet.length);
  }
  return out;
}

const b64url = (s: string): string => Buffer.from(s).toString("base64url");
const uuid = (seed: number): string =>
  [fake(HEX, 8, seed), fake(HEX, 4, seed + 1), fake(HEX, 4, seed + 2), fake(HEX, 4, seed + 3), fake(HEX, 12, seed + 4)].join("-");
const pemBody = (seed: number, lines: number): string =>
  Array.from({ length: lines }, (_, i) => fake(B64, 64, seed + i)).join("\n");

// ------------------------------------------------------------------------------ pattern fragments

/** Start of a token: not in the middle of a longer word or token. */
const B = String.raw`(?<![A-Za-z0-9_-])`;
/** End of a token. */
const E = String.raw`(?![A-Za-z0-9_-])`;
/** A prefixed token, matched on its own between token boundaries. */
const token = (source: string, flags = "g"): RegExp => new RegExp(B + source + E, flags);

/**
 * After a name: the rest of the identifier, a closing quote, and an assignment in any of the usual
 * syntaxes (KEY=v, key: v, "key": "v", key := v, key ::= v, key => v, key ?= v, setProperty("KEY", "v")),
 * then an optional opening quote. A comma only counts after a quoted name, not in a list
 * (getPagesInConfluenceSpace,searchConfluence…).
 */
const ASSIGN = String.raw`[\w.-]{0,30}?(?:\s{1,4}(?:string|String|str|char|const))?\\?['"]?\s{0,4}(?:[:=]{1,4}|=>|\?=|\.=|(?<=['"]\s{0,4}),)\s{0,4}@?\\?['"\x60]?`;
/** `name … = value` where the value only means something after that name (case-insensitive). */
const named = (name: string, value: string): RegExp => new RegExp(`${name}${ASSIGN}(?<value>${value})${E}`, "gi");

const HIGH_ENTROPY = (min: number): readonly Validator[] => [{ check: "entropy", min }, { check: "not-placeholder" }];
/**
 * Prefixed tokens: the entropy check drops "ghp_xxxxxxxx…" style placeholders. Where gitleaks sets a
 * higher floor for a format (1Password, Artifactory, GCP, Dynatrace, Fly.io…), that rule uses it.
 */
const TOKEN_CHECKS = HIGH_ENTROPY(3);

/** URL schemes of databases and brokers (their credentials get the database rule). */
const DB_SCHEMES = String.raw`postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|oracle|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?|bolt`;
/**
 * user:password@host in a URL. Not documentation stand-ins: a password that is a placeholder word
 * (password, pass, secret, foo, xyz…) or equal to the user name (guest:guest), a template ($PASS,
 * ${PASS}, %s), or a host under a reserved documentation name (example.com, *.example, *.test, *.invalid).
 */
/** A SQL Server or ADO.NET host that is this machine, up to the port or the next setting. */
const LOCAL_SQL_HOST = String.raw`(?:tcp:)?(?:localhost|127\.0\.0\.1|\(local\)|\.|\[?::1\]?)(?=[,;\\\s"']|$)`;
/** A SQL Server or ADO.NET key that names the host (its value follows). */
const SQL_HOST_KEY = String.raw`\b(?:Server|Data Source|Host|Address|Addr)\s{0,2}=\s{0,2}(?!\s)`;
/** The rest of one connection string: up to its quote or the end of the line. */
const SAME_STRING = String.raw`[^\n"']{0,400}?`;
/**
 * A URL's host that is this machine and only this machine: not a list of hosts (localhost,db2:5432)
 * and no host= or hostaddr= parameter, which libpq connects to instead.
 */
const LOCAL_URL_HOST = String.raw`(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?(?:[/?#"'\s]|$)(?![^\s"'<>]{0,400}?[?&](?:host|hostaddr)=)`;
const URL_USERINFO = String.raw`(?<user>[^\s:/?#@"'<>]{0,100}):(?!\k<user>@)(?!(?:password|passwd|pass|pwd|pw|secret|foo|bar|baz|xyz|xxx)@)(?<value>(?![$%{])[^\s:/?#@"'<>\[\]{}|\\^\x60](?:[^\s:/?@"'<>\[\]{}|\\^\x60]{0,199}))@(?=[A-Za-z0-9\[])(?!(?:[\w-]{1,63}\.){0,4}(?:example\.(?:com|net|org)|[\w-]{1,63}\.(?:example|test|invalid))(?![\w.-]))`;

// ------------------------------------------------------------------------------ published samples

/**
 * API keys that vendors publish in documentation and sample apps, so they are public and not
 * anyone's secret (the same allowlist as gitleaks' gcp-api-key rule: example keys from
 * firebase-android-sdk and other Google samples).
 */
const GOOGLE_SAMPLE_KEYS = [
  "AIzaSyabcdefghijklmnopqrstuvwxyz1234567",
  "AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs",
  "AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM",
  "AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU",
  "AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0",
  "AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A",
  "AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c",
  "AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4",
  "AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY",
  "AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM",
  "AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ",
  "AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g",
  "AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU",
  "AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw",
  "AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE",
  "AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY",
];
/** The bot token used throughout the Telegram Bot API documentation. */
const TELEGRAM_SAMPLE_TOKEN = "110201543:AAHdqTcvCH1vGWJxfSe1ofSAs0K5PALDsaw";
/** The token shape BotFather's documentation shows ("Use this token to access the HTTP API"). */
const TELEGRAM_DOC_TOKEN = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";
/** Not one of the published samples (a lookahead; samples hold only [\w:-], no regex syntax). */
const notSample = (samples: readonly string[]): string => String.raw`(?!(?:${samples.join("|")})${E})`;

// ------------------------------------------------------------------------------ gitleaks stopwords
//
// gitleaks' generic-api-key rule drops a value that contains one of these words (lower case,
// substring): a value holding "config", "token" or "build" is an identifier, a path or prose, not a
// key. The list is gitleaks' own (cmd/generate/config/rules/stopwords.go, as in config/gitleaks.toml).
const GITLEAKS_STOPWORDS: readonly string[] = `
000000 6fe4476ee5a1832882e326b506d14126 _ec2_ aaaaaa about abstract academy acces account act- act. act_
action active actively activity adapter add- add-on add. add_ addon addres admin adobe advanced adventure
agent agile air- air. air_ ajax akka alert alfred algorithm all- all. all_ alloy alpha amazon amqp analysi
analytic analyzer android angular angularj animate animation another ansible answer ant- ant. ant_ any- any.
any_ apache app- app. app_ apple arch archive archived arduino array art- art. art_ article asp- asp. asp_
asset async atom attention audio audit aura auth author authorize auto automated automatic awesome aws_
azure back backbone backend backup bar- bar. bar_ base based bash basic batch been beer behavior being
benchmark best beta better big- big. big_ binary binding bit- bit. bit_ bitcoin block blog board book
bookmark boost boot bootstrap bosh bot- bot. bot_ bower box- box. box_ boxen bracket branch bridge browser
brunch buffer bug- bug. bug_ build builder building buildout buildpack built bundle busines but- but. but_
button cache caching cakephp calendar call camera campfire can- can. can_ canva captcha capture card
carousel case cassandra cat- cat. cat_ category center cento challenge change changelog channel chart chat
cheat check checker chef ches chinese chosen chrome ckeditor clas classe classic clean cli- cli. cli_ client
clojure clone closure cloud club cluster cms- cms_ coco code coding coffee color combination combo command
commander comment commit common community compas compiler complete component composer computer computing
con- con. con_ concept conf config connect connector console contact container contao content contest
context control convert converter conway' cookbook cookie cool copy cordova core couchbase couchdb countdown
counter course craft crawler create creating creator credential crm- crm. crm_ cros crud csv- csv. csv_ cube
cucumber cuda current currently custom daemon dark dart dash dashboard data database date day- day. day_
dead debian debug debugger deck define del- del. del_ delete demo deploy design designer desktop detection
detector dev- dev. dev_ develop developer device devise diff digital directive directory discovery display
django dns- dns_ doc- doc. doc_ docker docpad doctrine document doe- doe. doe_ dojo dom- dom. dom_ domain
don't done dot- dot. dot_ dotfile download draft drag drill drive driven driver drop dropbox drupal dsl-
dsl. dsl_ dynamic easy ecdsa eclipse edit editing edition editor element emac email embed embedded ember
emitter emulator encoding endpoint engine english enhanced entity entry env_ episode erlang error espresso
event evented example exchange exercise experiment expire exploit explorer export exporter expres ext- ext.
ext_ extended extension external extra extractor fabric facebook factory fake fast feature feed fewfwef
ffmpeg field file filter find finder firefox firmware first fish fix- fix_ flash flask flat flex flexible
flickr flow fluent fluentd fluid folder font force foreman fork form format formatter forum foundry
framework free friend friendly front-end frontend ftp- ftp. ftp_ fuel full fun- fun. fun_ func future gaia
gallery game gateway gem- gem. gem_ gen- gen. gen_ general generator generic genetic get- get. get_ getenv
getting ghost gist git- git. git_ github gitignore gitlab glas gmail gnome gnu- gnu. gnu_ goal golang gollum
good google gpu- gpu. gpu_ gradle grail graph graphic great grid groovy group grunt guard gui- gui. gui_
guide guideline gulp gwt- gwt. gwt_ hack hackathon hacker hacking hadoop haml handler hardware has- has_
hash haskell have haxe hello help helper here hero heroku high hipchat history home homebrew homepage hook
host hosting hot- hot. hot_ house how- how. how_ html http hub- hub. hub_ hubot human icon ide- ide. ide_
idea identity idiomatic image impact import important importer impres index infinite info injection inline
input inside inspector instagram install installer instant intellij interface internet interview into intro
ionic iphone ipython irc- irc_ iso- iso. iso_ issue jade jasmine java jbos jekyll jenkin jetbrains job- job.
job_ joomla jpa- jpa. jpa_ jquery json just kafka karma kata kernel keyboard kindle kit- kit. kit_ kitchen
knife koan kohana lab- lab. lab_ lambda lamp language laravel last latest latex launcher layer layout lazy
ldap leaflet league learn learning led- led. led_ leetcode les- les. les_ level leveldb lib- lib. lib_
librarie library license life liferay light lightbox like line link linked linkedin linux lisp list lite
little load loader local location lock log- log. log_ logger logging logic login logstash longer look love
lua- lua. lua_ mac- mac. mac_ machine made magento magic mail make maker making man- man. man_ manage
manager manifest manual map- map. map_ mapper mapping markdown markup master math matrix maven md5 mean
media mediawiki meetup memcached memory menu merchant message messaging meta metadata meteor method metric
micro middleman migration minecraft miner mini minimal mirror mit- mit. mit_ mobile mocha mock mod- mod.
mod_ mode model modern modular module modx money mongo mongodb mongoid mongoose monitor monkey more motion
moved movie mozilla mqtt mule multi multiple music mustache mvc- mvc. mvc_ mysql nagio name native need neo-
neo. neo_ nest nested net- net. net_ nette network new- new. new_ next nginx ninja nlp- nlp. nlp_ node nodej
nosql not- not. not_ note notebook notepad notice notifier now- now. now_ number oauth object objective
obsolete ocaml octopres official old- old. old_ onboard online only open opencv opengl openshift openwrt
option oracle org- org. org_ origin original orm- orm. orm_ osx- osx_ our- our. our_ out- out. out_ output
over overview own- own. own_ pack package packet page panel paper paperclip para parallax parallel parse
parser parsing particle party password patch path pattern payment paypal pdf- pdf. pdf_ pebble people perl
personal phalcon phoenix phone phonegap photo php- php. php_ physic picker pipeline platform play player
please plu- plu. plu_ plug-in plugin plupload png- png. png_ poker polyfill polymer pool pop- pop. pop_
popcorn popup port portable portal portfolio post power powered powerful prelude pretty preview principle
print pro- pro. pro_ problem proc product profile profiler program progres project protocol prototype
provider proxy public pull puppet pure purpose push pusher pyramid python quality query queue quick rabbitmq
rack radio rail railscast random range raspberry rdf- rdf. rdf_ react reactive read reader readme ready real
real-time reality realtime recipe recorder red- red. red_ reddit redi redmine reference refinery refresh
registry related release remote rendering repo report request require required requirej research resource
response resque rest restful resume reveal reverse review riak rich right ring robot role room router
routing rpc- rpc. rpc_ rpg- rpg. rpg_ rspec ruby- ruby. ruby_ rule run- run. run_ runner running runtime
rust rvm- rvm. rvm_ salt sample sandbox sas- sas. sas_ sbt- sbt. sbt_ scala scalable scanner schema scheme
school science scraper scratch screen script scroll scs- scs. scs_ sdk- sdk. sdk_ sdl- sdl. sdl_ search
secure security see- see. see_ seed select selector selenium semantic sencha send sentiment serie server
service session set- set. set_ setting setup sha1 sha2 sha256 share shared sharing sheet shell shield
shipping shop shopify shortener should show showcase side silex simple simulator single site skeleton sketch
skin slack slide slider slim small smart smtp snake snapshot snippet soap social socket software solarized
solr solution solver some soon source space spark spatial spec sphinx spine spotify spree spring sprite sql-
sql. sql_ sqlite ssh- ssh. ssh_ stack staging standard stanford start started starter startup stat statamic
state static statistic statsd statu steam step still stm- stm. stm_ storage store storm story strategy
stream streaming string stripe structure studio study stuff style sublime sugar suite summary super support
supported svg- svg. svg_ svn- svn. svn_ swagger swift switch switcher symfony symphony sync synopsi syntax
system tab- tab. tab_ table tag- tag. tag_ talk target task tcp- tcp. tcp_ tdd- tdd. tdd_ team tech template
term terminal testing tetri text textmate theme theory three thrift time timeline timer tiny tinymce tip-
tip. tip_ title todo todomvc token tool toolbox toolkit top- top. top_ tornado touch tower tracker tracking
traffic training transfer translate transport tree trello try- try. try_ tumblr tut- tut. tut_ tutorial
tweet twig twitter type typo ubuntu uiview ultimate under unit unity universal unix update updated upgrade
upload uploader uri- uri. uri_ url- url. url_ usage usb- usb. usb_ use- use. use_ used useful user using
util utilitie utility vagrant validator value variou varnish version via- via. via_ video view viewer vim-
vim. vim_ vimrc virtual vision visual vpn want warning watch watcher wave way- way. way_ weather web- web_
webapp webgl webhook webkit webrtc website websocket welcome what what' when where which why- why. why_
widget wifi wiki win- win. win_ window wip- wip. wip_ within without wizard word wordpres work worker
workflow working workshop world wrapper write writer writing written www- www. www_ xamarin xcode xml- xml.
xml_ xmpp xxxxxx yahoo yaml yandex yeoman yet- yet. yet_ yii- yii. yii_ youtube yui- yui. yui_ zend zero
zip- zip. zip_ zsh- zsh. zsh_
`.split(/\s+/).filter((w) => w.length > 0);

/**
 * The checks every generic rule applies to its value: gitleaks' stopwords, and detect-secrets'
 * sequential-string filter (ABCDEF…, 0123…, used in documentation as obviously fake values).
 */
const GENERIC_VALUE_CHECKS: readonly Validator[] = [{ check: "not-stopword", words: GITLEAKS_STOPWORDS }, { check: "not-alphabet-run" }];

// ------------------------------------------------------------------------------ generic fragments

/** Names that say the value is a secret. */
// Every alternative starts with a letter (word-boundary lookbehinds come after the word), so the
// regex engine can skip quickly to where a name may start.
const SECRET_NAME = String.raw`(?:passw(?:or)?d|passphrase|pass(?<![a-z]pass)(?![a-z-])|pwd(?<![a-z]pwd)(?![a-z])|secret|token|api[_.-]?key|access[_.-]?key|auth[_.-]?key|private[_.-]?key|credentials?|creds?(?<![a-z]creds?)(?![a-z]))`;
/** …but not a secret's metadata (secret_name, token_type, password_url) … */
const NOT_METADATA = String.raw`(?![\w.-]{0,30}?(?:names?|types?|ids?|url|uri|path|file|dir|endpoint|expir[a-z]*|len|length|count|size|ttl|header|field|format|hint|policy|prefix|version|label|prompt|placeholder|message|text|title|error|help|regex|pattern|env|var|ref|arn|usage|limit|max|min|timeout|enabled|required|mode|alias|pair|signature|hash|digest|algorithm|algo|issuer|audience|scopes?|schema|kind|class|location|bucket|table|column)(?![a-z]))`;
/** …nor a pagination cursor or a token count (NextToken, max_tokens, prompt_tokens, csrf_token). */
const NOT_CURSOR = String.raw`(?<!(?:next|page|continuation|pagination|cursor|max|num|total|prompt|completion|input|output|csrf|xsrf)[_.-]?)`;
/**
 * …nor a name that says the value is a test fixture (fakeToken, dummy_password, wrongLength,
 * nonMatchingSecret, api_key_example), nor a resource name inside an ARN
 * (arn:aws:secretsmanager:…:secret:prod/db).
 */
const FIXTURE_WORDS = String.raw`fake|dummy|mock(?:ed)?|example|sample|invalid|wrong|bogus|placeholder|non[_.-]?matching|not[_.-]?real`;
const NOT_FIXTURE = String.raw`(?<!(?:${FIXTURE_WORDS})[\w.-]{0,30})(?![\w.-]{0,30}?(?:${FIXTURE_WORDS}))(?<!\barn:[^\s'"\x60]{0,200})`;
/** …nor an .npmrc setting (":_authToken=", ":_password="): those are judged by the npmrc rule's exact form. */
const NOT_NPMRC = String.raw`(?<!:_(?:auth)?)`;
/**
 * Values that start like a provider token with an exact format (ghp_…, sm_pat_…, sk_live_…, a
 * Telegram "<bot id>:A…", every prefix a rule below checks) are left to that provider's rule,
 * which checks the length and alphabet; a wrong-length "sm_pat_abc123" is a test fixture, not a
 * secret.
 */
const NOT_VENDOR_SHAPED = String.raw`(?!(?:gh[pousr]_|github_pat_|gl(?:pat|ptt|rt|dt|soat|ft|ffct|cbt|imt|agent|oas)-|GR1348941|xox[abposre][.-]|xapp-|[sr]k_(?:live|test|prod)_|sm_(?:pat|aat|sat)_|npm_|pypi-|do[opr]_v1_|shp(?:at|ca|pa|ss)_|sk-ant-|sk-proj-|sk-svcacct-|sk-admin-|pplx-|hf_|api_org_|lin_api_|dapi[a-f0-9]|\d{8,10}:A|AKCp|cmVmd|LTAI|AIza|A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|EAA[AMC]|sq0(?:atp|csp)-|ico-|rdme_|pul-|pnu_|sntry[su]_|glc_|glsa_|hv[sb]\.|dp\.(?:pt|st|sa|ct|scim|audit)\.|dt0c01\.|PMAK-|SG\.|xkeysib-|shippo_|EZ[AT]K|FLW(?:SEC|PUB)K|tk-us-|rubygems_|CLOJARS_|sgp_|ntn_|ops_eyJ|A3-|AGE-SECRET-KEY-1|NR(?:AK|II|JS)-|CFPAT-|tfp_|fio-u-|pscale_|HRKU-|v1\.0-|dnkey-|duffel_|p8e-|4b1d|ATATT3|GOCSPX-|ya29\.|fo1_|fm[12]|pat[A-Za-z0-9]{14}\.|ABSK|bedrock-api-key-|s-s4t2))`;
/** …nor a vendor's published sample key (under any name). */
const NOT_PUBLISHED_SAMPLE = notSample([...GOOGLE_SAMPLE_KEYS, TELEGRAM_SAMPLE_TOKEN, TELEGRAM_DOC_TOKEN]);
/** A Go/C-style type between name and value: `var token string = "…"`, `char secret[25] = "…"`. */
const DECL = String.raw`(?:\[\d{0,4}\])?\\?['"]?(?:\s{1,4}(?:string|String|str|char|const))?\s{0,4}`;
/**
 * Looks like a secret rather than a word, a reference or a template: does not start like a template
 * ($VAR, %s, {x}, <x>), a regex ([…], ^…), a path (/…, ./…, ~/…) or an ARN; holds no URL, no
 * interpolation (${NAME}, ${NAME:-x}, ${obj.f(…)}, ${{ … }}), no object path (users[0].password,
 * a.*.b) and no masking (####, ****, xxxxxx); and contains a letter plus a digit or symbol (so
 * identifiers like settings.SECRET_KEY or "my-app-name" are left alone). It is not shaped like a
 * provider token (NOT_VENDOR_SHAPED), is not a published sample key and holds no "EXAMPLE" (vendors' documentation samples,
 * AKIAIOSFODNN7EXAMPLE and the like). The value must also not end in ".." (elided in
 * documentation: "ops_eyJzaWdu...").
 */
const notReference = (chars: string, max: number): string =>
  String.raw`(?![$%{<&*(\[^]|\.{0,2}/|~/|arn:)${NOT_VENDOR_SHAPED}${NOT_PUBLISHED_SAMPLE}(?![${chars}]{0,${max}}(?:://|#{4}|\*{4}|[xX]{6}|\$\{(?:\{|[\w.]{1,64}[}:(\[])|\]\.|\.\*|EXAMPLE))`;
const valueShape = (chars: string, max: number): string =>
  String.raw`${notReference(chars, max)}(?=[${chars}]{0,${max}}[A-Za-z])(?=[${chars}]{0,${max}}[0-9!@#$%^*+=/~])`;
/** Characters of a quoted value: anything but whitespace, quotes and backslash. */
const QCHARS = String.raw`^\s'"\x60\\`;
/**
 * Characters of an unquoted value: not whitespace, quotes or separators (, ; : & ? |). Brackets and
 * "#" may occur inside a generated password (m{{h}o)p#…), so they do not end the value; code is
 * told apart by its shape instead (below).
 */
const UCHARS = String.raw`^\s'"\x60\\,;:&?|`;
/** "@" only before a double quote (Objective-C @"…", C# @"…"); in C, @'…' is no string literal. */
const QUOTED_VALUE = String.raw`(?:@(?="))?\\?(?<q>['"\x60])(?<value>${valueShape(QCHARS, 1000)}[${QCHARS}]{8,1000})(?<!\.\.)\\?\k<q>`;
/**
 * Unquoted: the whole run up to a separator. Not a call or index (token = make_token(…),
 * pass = params[:pass]), not a negation (pass = !ok), and not the right-hand side of a code statement
 * ending in ";" (passwd = other_var;): in code a literal secret is quoted.
 */
const UNQUOTED_VALUE = String.raw`(?<value>(?!!)(?![@\w.$]{1,100}[(\[])${valueShape(UCHARS, 1000)}[${UCHARS}]{8,1000})(?=$|[\s'"\x60\\,;&|])(?!;[ \t]*(?:$|[\r\n]))(?<!\.\.)`;

/**
 * Values made of words (detect-secrets' keyword plugin takes a quoted value with spaces, and in a
 * config file the rest of the line): they are passphrases only if they do not read like a message
 * about the secret or a template. Not a name for a message or a form field (reset_password,
 * token_invalid, password_tooltip…)…
 */
const NOT_MESSAGE_NAME = String.raw`(?<!(?:forgot|reset|confirm|change|new|old|current|invalid|wrong|missing|show|hide|enter|repeat|verify|update|set)[_.-]?)(?![\w.-]{0,30}?(?:invalid|expired|missing|mismatch|reset|forgot|change|confirm|strength|weak|strong|desc(?:ription)?|doc|comment|note|tooltip|button|link|success|fail(?:ure|ed)?|warning|info|notice|instructions?|caption|subtitle|heading|question|answer|example|sample|default|status|state)(?![a-z]))`;
/** …and a value that starts with a letter or digit and holds no secret word, template, markup or placeholder word. */
const PHRASE_GUARD = (chars: string): string =>
  String.raw`(?=\w)(?![${chars}]{0,200}?(?:passw|secret|token|key\b|credential|\$\{|\{\{|%[sd]|<[a-z/%]|://|\b(?:your|my|enter|change|insert|replace|here|todo|tbd|example|sample|dummy|fake|placeholder|redacted|none|null|not set)\b))`;
/** At most eight words of letters, digits and light punctuation, not ending like a sentence. */
const PHRASE_CHARS = String.raw`^\n'"\x60\\\[\]{}()<>=$%`;
const PHRASE = String.raw`${PHRASE_GUARD(PHRASE_CHARS)}(?=[${PHRASE_CHARS}]{1,200}? )(?![${PHRASE_CHARS}]{0,200}?(?: [^ \n'"\x60]{1,60}){8})[${PHRASE_CHARS}]{7,199}[^\s,.?!:;'"\x60\\\[\]{}()<>=$%]`;

// ------------------------------------------------------------------------------ provider-named keys
//
// Many providers' keys have no prefix of their own; gitleaks finds them by the provider's name in
// the variable and the exact length and alphabet of the value ("semi-generic" rules:
// `twitterToken = "<45 alphanumerics>"`). The table below carries those definitions (gitleaks'
// cmd/generate/config/rules, value classes spelled out because gitleaks matches them
// case-insensitively) and gitleaks' per-rule entropy floor. When such a name is present, the generic
// token rules stand back (PROVIDER_SUPPRESSED below): a value of the wrong length or alphabet for
// that provider is a fixture, not that provider's key.

interface ProviderKey {
  /** Rule id after "secret.". */
  readonly id: string;
  /** For the reason: "<what> (<provider>)" and what it grants. */
  readonly what: string;
  readonly grants: string;
  /** Names as regex sources, lower case; matched in any case, inside a longer identifier too. */
  readonly names: readonly string[];
  /** Lower-case literals, one of which every name contains. */
  readonly keywords: readonly string[];
  /** The value, case-sensitive as written. */
  readonly value: string;
  /** gitleaks' entropy floor for the rule; 2 when it sets none (drops "aaaa…" and "0000…"). */
  readonly entropy?: number;
  /** [example name, example value generator]. */
  readonly sample: readonly [string, (seed: number) => string];
}

const UUID_ANY = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
// Besides gitleaks' shapes, three current formats from the providers' documentation: Datadog API
// keys (32 hex; gitleaks has the 40-character application key), HubSpot private-app tokens
// (pat-na1-<uuid>) and Netlify personal access tokens (nfp_…), so a current key under such a name
// is not lost when the generic rules stand back.
const AN = "[a-zA-Z0-9]";
const ANX = String.raw`[\w=-]`;

/** A lower-case regex source with the letters outside classes and escapes mapped by `f`. */
function mapLetters(src: string, f: (c: string, i: number) => string): string {
  let out = "";
  let inClass = false;
  let letter = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "\\") {
      out += c + (src[i + 1] ?? "");
      i++;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else if (c === "]") {
      inClass = false;
      out += c;
    } else if (!inClass && c >= "a" && c <= "z") out += f(c, letter++);
    else out += c;
  }
  return out;
}

/**
 * A provider name in any case, at the start of an identifier word or of a camelCase hump
 * (twitter_token, MessageBirdClientID, myTwitterKey, MY_TWITTER_KEY), not inside a longer
 * lower-case word (nonlinear, consumo). The name comes first and what precedes it is checked
 * afterwards, so the regex engine can skip ahead to the name.
 */
const providerName = (name: string): string => {
  const anyRest = (first: (c: string) => string) => mapLetters(name, (c, i) => (i === 0 ? first(c) : `[${c}${c.toUpperCase()}]`));
  const lower = anyRest((c) => c);
  return `(?:${lower}(?<![a-z]${lower})|${anyRest((c) => c.toUpperCase())})`;
};
/** gitleaks' semi-generic assignment: rest of the identifier, quotes, operator, opening quotes. */
const GL_ASSIGN = String.raw`[ \t\w.-]{0,20}[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}`;
/** …and what may follow the value: a quote, whitespace, ";", an escaped newline or the end. */
const GL_END = String.raw`(?=[\x60'"\s;]|\\[nr]|$)`;

const PROVIDER_KEYS: readonly ProviderKey[] = [
  { id: "adafruit-api-key", what: "Adafruit IO key", grants: "reads and writes the account's feeds and devices", names: ["adafruit"], keywords: ["adafruit"], value: String.raw`[\w-]{32}`, sample: ["adafruit", (s) => fake(LOWNUM + "_-", 32, s)] },
  { id: "adobe-client-id", what: "Adobe OAuth client id", grants: "identifies the Adobe integration that its secret signs in as", names: ["adobe"], keywords: ["adobe"], value: "[a-fA-F0-9]{32}", sample: ["adobe", (s) => fake(HEX, 32, s)] },
  { id: "airtable-api-key", what: "Airtable API key", grants: "reads and writes every base of its user", names: ["airtable"], keywords: ["airtable"], value: `${AN}{17}`, sample: ["airtable", (s) => fake(LOWNUM, 17, s)] },
  { id: "algolia-api-key", what: "Algolia API key", grants: "searches and, for admin keys, changes the application's indices", names: ["algolia"], keywords: ["algolia"], value: `${AN}{32}`, sample: ["algolia", (s) => fake(LOWNUM, 32, s)] },
  { id: "alibaba-secret-key", what: "Alibaba Cloud AccessKey secret", grants: "with its key id acts on the account's cloud resources", names: ["alibaba"], keywords: ["alibaba"], value: `${AN}{30}`, sample: ["alibaba", (s) => fake(LOWNUM, 30, s)] },
  { id: "beamer-api-token", what: "Beamer API key", grants: "publishes and reads the product's announcements", names: ["beamer"], keywords: ["beamer"], value: String.raw`[bB]_[\w=-]{44}`, sample: ["beamer", (s) => "b_" + fake(LOWNUM + "=_-", 44, s)] },
  { id: "bitbucket-client-credentials", what: "Bitbucket OAuth client id or secret", grants: "act as the OAuth consumer on its users' repositories", names: ["bitbucket"], keywords: ["bitbucket"], value: String.raw`${AN}{32}|[\w=-]{64}`, sample: ["bitbucket", (s) => fake(LOWNUM, 32, s)] },
  { id: "bittrex-key", what: "Bittrex API key or secret", grants: "trades and withdraws on the exchange account", names: ["bittrex"], keywords: ["bittrex"], value: `${AN}{32}`, sample: ["bittrex", (s) => fake(LOWNUM, 32, s)] },
  { id: "cisco-meraki-api-key", what: "Cisco Meraki dashboard API key", grants: "configures the organisation's networks and devices", names: ["meraki"], keywords: ["meraki"], value: "[0-9a-f]{40}", entropy: 3, sample: ["meraki", (s) => fake(HEX, 40, s)] },
  { id: "cloudflare-api-key", what: "Cloudflare API key or token", grants: "changes the account's DNS, firewall and workers", names: ["cloudflare"], keywords: ["cloudflare"], value: String.raw`[\w-]{40}|[a-fA-F0-9]{37}`, sample: ["cloudflare", (s) => fake(B64URL, 40, s)] },
  { id: "codecov-access-token", what: "Codecov access token", grants: "uploads and reads coverage for the repositories it covers", names: ["codecov"], keywords: ["codecov"], value: `${AN}{32}`, sample: ["codecov", (s) => fake(LOWNUM, 32, s)] },
  { id: "cohere-api-token", what: "Cohere API key", grants: "makes API calls billed to the account", names: ["cohere", "co_api_key"], keywords: ["cohere", "co_api_key"], value: `${AN}{40}`, entropy: 4, sample: ["cohere", (s) => fake(ALNUM, 40, s)] },
  { id: "coinbase-access-token", what: "Coinbase access token", grants: "trades and moves funds in the account", names: ["coinbase"], keywords: ["coinbase"], value: String.raw`[\w-]{64}`, sample: ["coinbase", (s) => fake(LOWNUM + "_-", 64, s)] },
  { id: "confluent-key", what: "Confluent Cloud API key or secret", grants: "produces to and consumes from the cluster's topics", names: ["confluent"], keywords: ["confluent"], value: `${AN}{16}|${AN}{64}`, sample: ["confluent", (s) => fake(LOWNUM, 16, s)] },
  { id: "contentful-delivery-api-token", what: "Contentful delivery token", grants: "reads the space's published content, drafts included for preview tokens", names: ["contentful"], keywords: ["contentful"], value: `${ANX}{43}`, sample: ["contentful", (s) => fake(B64URL, 43, s)] },
  { id: "datadog-access-token", what: "Datadog API or application key", grants: "reads and writes the organisation's monitoring data", names: ["datadog"], keywords: ["datadog"], value: `${AN}{40}|[a-fA-F0-9]{32}`, sample: ["datadog", (s) => fake(LOWNUM, 40, s)] },
  { id: "defined-networking-api-token", what: "Defined Networking API token", grants: "manages the overlay network's hosts and certificates", names: ["dnkey"], keywords: ["dnkey"], value: String.raw`dnkey-[\w=-]{26}-[\w=-]{52}`, sample: ["dnkey", (s) => `dnkey-${fake(B64URL, 26, s)}-${fake(B64URL, 52, s + 1)}`] },
  { id: "droneci-access-token", what: "Drone CI access token", grants: "runs builds and reads their secrets", names: ["droneci"], keywords: ["droneci"], value: `${AN}{32}`, sample: ["droneci", (s) => fake(LOWNUM, 32, s)] },
  { id: "dropbox-api-key", what: "Dropbox app secret or access token", grants: "reads and writes the files the app can reach", names: ["dropbox"], keywords: ["dropbox"], value: String.raw`${AN}{15}|${AN}{11}[aA]{10}[\w=-]{43}|[sS][lL]\.[\w=-]{135}`, sample: ["dropbox", (s) => fake(LOWNUM, 15, s)] },
  { id: "etsy-access-token", what: "Etsy API key", grants: "manages the shop's listings and reads its orders", names: ["etsy"], keywords: ["etsy"], value: `${AN}{24}`, entropy: 3, sample: ["etsy", (s) => fake(LOWNUM, 24, s)] },
  { id: "facebook-secret", what: "Facebook app secret", grants: "signs in as the Facebook app and mints its access tokens", names: ["facebook"], keywords: ["facebook"], value: "[a-fA-F0-9]{32}", entropy: 3, sample: ["facebook", (s) => fake(HEX, 32, s)] },
  { id: "fastly-api-token", what: "Fastly API token", grants: "changes the account's CDN services and purges caches", names: ["fastly"], keywords: ["fastly"], value: `${ANX}{32}`, sample: ["fastly", (s) => fake(B64URL, 32, s)] },
  { id: "finicity-credentials", what: "Finicity API token or client secret", grants: "reads the financial data of the app's customers", names: ["finicity"], keywords: ["finicity"], value: `[a-fA-F0-9]{32}|${AN}{20}`, sample: ["finicity", (s) => fake(HEX, 32, s)] },
  { id: "finnhub-access-token", what: "Finnhub API key", grants: "makes market-data calls billed to the account", names: ["finnhub"], keywords: ["finnhub"], value: `${AN}{20}`, sample: ["finnhub", (s) => fake(LOWNUM, 20, s)] },
  { id: "flickr-access-token", what: "Flickr API key", grants: "acts on the account's photos", names: ["flickr"], keywords: ["flickr"], value: `${AN}{32}`, sample: ["flickr", (s) => fake(LOWNUM, 32, s)] },
  { id: "freshbooks-access-token", what: "FreshBooks access token", grants: "reads and changes the business's invoices and clients", names: ["freshbooks"], keywords: ["freshbooks"], value: `${AN}{64}`, sample: ["freshbooks", (s) => fake(LOWNUM, 64, s)] },
  { id: "gitter-access-token", what: "Gitter access token", grants: "reads and posts in the user's rooms", names: ["gitter"], keywords: ["gitter"], value: String.raw`[\w-]{40}`, sample: ["gitter", (s) => fake(LOWNUM + "_-", 40, s)] },
  { id: "gocardless-api-token", what: "GoCardless live access token", grants: "collects direct-debit payments from the merchant's customers", names: ["gocardless"], keywords: ["gocardless"], value: String.raw`[lL][iI][vV][eE]_[\w=-]{40}`, sample: ["gocardless", (s) => "live_" + fake(B64URL, 40, s)] },
  { id: "hubspot-api-key", what: "HubSpot API key", grants: "reads and changes the CRM's contacts and deals", names: ["hubspot"], keywords: ["hubspot"], value: `(?:pat-(?:na|eu)\\d-)?${UUID_ANY}`, sample: ["hubspot", (s) => uuid(s)] },
  { id: "intercom-api-key", what: "Intercom access token", grants: "reads the workspace's conversations and user data", names: ["intercom"], keywords: ["intercom"], value: `${ANX}{60}`, sample: ["intercom", (s) => fake(B64URL, 60, s)] },
  { id: "jfrog-api-key", what: "JFrog API key or identity token", grants: "reads and publishes artifacts as its user", names: ["jfrog", "artifactory", "bintray", "xray"], keywords: ["jfrog", "artifactory", "bintray", "xray"], value: `${AN}{73}|${AN}{64}`, sample: ["jfrog", (s) => fake(LOWNUM, 64, s)] },
  { id: "kraken-access-token", what: "Kraken API secret", grants: "trades and withdraws on the exchange account", names: ["kraken"], keywords: ["kraken"], value: String.raw`[\w/=+-]{80,90}`, sample: ["kraken", (s) => fake(B64, 86, s)] },
  { id: "kucoin-key", what: "KuCoin API key or secret", grants: "trades on the exchange account", names: ["kucoin"], keywords: ["kucoin"], value: `[a-fA-F0-9]{24}|${UUID_ANY}`, sample: ["kucoin", (s) => fake(HEX, 24, s)] },
  { id: "launchdarkly-access-token", what: "LaunchDarkly access token", grants: "changes the feature flags the applications run with", names: ["launchdarkly"], keywords: ["launchdarkly"], value: `${ANX}{40}`, sample: ["launchdarkly", (s) => fake(B64URL, 40, s)] },
  { id: "linear-client-secret", what: "Linear OAuth client secret", grants: "acts as the Linear OAuth application", names: ["linear"], keywords: ["linear"], value: "[a-fA-F0-9]{32}", sample: ["linear", (s) => fake(HEX, 32, s)] },
  { id: "linkedin-client-credentials", what: "LinkedIn client id or secret", grants: "act as the LinkedIn application for its members", names: ["linked[_-]?in"], keywords: ["linkedin", "linked_in", "linked-in"], value: `${AN}{14}|${AN}{16}`, sample: ["linkedin", (s) => fake(LOWNUM, 16, s)] },
  { id: "lob-pub-api-key", what: "Lob publishable key", grants: "verifies addresses billed to the account", names: ["lob"], keywords: ["lob"], value: String.raw`(?:[tT][eE][sS][tT]|[lL][iI][vV][eE])_[pP][uU][bB]_[a-fA-F0-9]{31}`, sample: ["lob", (s) => "live_pub_" + fake(HEX, 31, s)] },
  { id: "looker-client-credentials", what: "Looker API client id or secret", grants: "queries the instance's models and data as its user", names: ["looker"], keywords: ["looker"], value: `${AN}{20}|${AN}{24}`, sample: ["looker", (s) => fake(LOWNUM, 24, s)] },
  { id: "mailgun-key", what: "Mailgun API, public validation or webhook signing key", grants: "sends email from the account's domains or forges its webhooks", names: ["mailgun"], keywords: ["mailgun"], value: String.raw`(?:[pP][uU][bB])?[kK][eE][yY]-[a-fA-F0-9]{32}|[a-hA-H0-9]{32}-[a-hA-H0-9]{8}-[a-hA-H0-9]{8}`, sample: ["mailgun", (s) => "pubkey-" + fake(HEX, 32, s)] },
  { id: "mapbox-api-token", what: "Mapbox access token", grants: "makes map requests billed to the account", names: ["mapbox"], keywords: ["mapbox"], value: String.raw`[pP][kK]\.${AN}{60}\.${AN}{22}`, sample: ["mapbox", (s) => `pk.${fake(LOWNUM, 60, s)}.${fake(LOWNUM, 22, s + 1)}`] },
  { id: "mattermost-access-token", what: "Mattermost access token", grants: "reads and posts in the server's channels as its user", names: ["mattermost"], keywords: ["mattermost"], value: `${AN}{26}`, sample: ["mattermost", (s) => fake(LOWNUM, 26, s)] },
  { id: "messagebird-key", what: "MessageBird API key or client id", grants: "sends messages billed to the account", names: ["message[_-]?bird"], keywords: ["messagebird", "message_bird", "message-bird"], value: `${AN}{25}|${UUID_ANY}`, sample: ["messagebird", (s) => fake(LOWNUM, 25, s)] },
  { id: "netlify-access-token", what: "Netlify access token", grants: "deploys and reconfigures the account's sites", names: ["netlify"], keywords: ["netlify"], value: `${ANX}{40,46}|nfp_${AN}{30,50}`, sample: ["netlify", (s) => fake(B64URL, 43, s)] },
  { id: "new-relic-named-key", what: "New Relic key", grants: "reads the account's monitoring data or writes telemetry into it", names: ["new[_-]?relic"], keywords: ["newrelic", "new_relic", "new-relic"], value: String.raw`NRJS-[a-fA-F0-9]{19}|NRII-[a-zA-Z0-9-]{32}|NRAK-${AN}{27}|${AN}{64}`, sample: ["newrelic", (s) => "NRJS-" + fake(HEX, 19, s)] },
  { id: "nytimes-access-token", what: "New York Times API key", grants: "makes API calls on the developer account", names: ["nytimes", "new-york-times", "newyorktimes"], keywords: ["nytimes", "new-york-times", "newyorktimes"], value: `${ANX}{32}`, sample: ["nytimes", (s) => fake(B64URL, 32, s)] },
  { id: "okta-access-token", what: "Okta API token", grants: "administers the organisation's users, groups and applications", names: ["okta"], keywords: ["okta"], value: String.raw`00[\w=-]{40}`, entropy: 4, sample: ["okta", (s) => "00" + fake(B64URL, 40, s)] },
  { id: "plaid-api-token", what: "Plaid access token", grants: "reads the linked bank account's balances and transactions", names: ["plaid"], keywords: ["plaid"], value: String.raw`[aA][cC][cC][eE][sS][sS]-(?:[sS][aA][nN][dD][bB][oO][xX]|[dD][eE][vV][eE][lL][oO][pP][mM][eE][nN][tT]|[pP][rR][oO][dD][uU][cC][tT][iI][oO][nN])-${UUID_ANY}`, sample: ["plaid", (s) => "access-production-" + uuid(s)] },
  { id: "plaid-client-credentials", what: "Plaid client id or secret", grants: "act as the Plaid application on its linked accounts", names: ["plaid"], keywords: ["plaid"], value: `${AN}{24}|${AN}{30}`, entropy: 3.5, sample: ["plaid", (s) => fake(LOWNUM, 30, s)] },
  { id: "privateai-api-token", what: "Private AI API key", grants: "makes API calls billed to the account", names: ["private[_-]?ai"], keywords: ["privateai", "private_ai", "private-ai"], value: "[a-z0-9]{32}", entropy: 3, sample: ["privateai", (s) => fake(LOWNUM, 32, s)] },
  { id: "rapidapi-access-token", what: "RapidAPI key", grants: "calls the subscribed APIs billed to the account", names: ["rapidapi"], keywords: ["rapidapi"], value: String.raw`[\w-]{50}`, sample: ["rapidapi", (s) => fake(LOWNUM + "_-", 50, s)] },
  { id: "sendbird-credentials", what: "Sendbird application id or API token", grants: "reads and sends the application's chat messages", names: ["sendbird"], keywords: ["sendbird"], value: `${UUID_ANY}|[a-fA-F0-9]{40}`, sample: ["sendbird", (s) => fake(HEX, 40, s)] },
  { id: "sentry-access-token", what: "Sentry auth token (old format)", grants: "reads error events and changes the organisation's projects", names: ["sentry"], keywords: ["sentry"], value: "[a-fA-F0-9]{64}", entropy: 3, sample: ["sentry", (s) => fake(HEX, 64, s)] },
  { id: "snyk-api-token", what: "Snyk API token", grants: "reads the organisation's projects and vulnerabilities", names: [String.raw`snyk[_.-]?(?:(?:api|oauth)[_.-]?)?(?:key|token)`], keywords: ["snyk"], value: UUID_ANY, sample: ["snyk_token", (s) => uuid(s)] },
  { id: "sonar-api-token", what: "SonarQube/SonarCloud token", grants: "runs analyses and reads the projects' code findings", names: [String.raw`sonar[_.-]?(?:login|token)`], keywords: ["sonar"], value: `${ANX}{40}`, sample: ["sonar_token", (s) => fake(B64URL, 40, s)] },
  { id: "squarespace-access-token", what: "Squarespace API key", grants: "reads and changes the site's commerce data", names: ["squarespace"], keywords: ["squarespace"], value: UUID_ANY, sample: ["squarespace", (s) => uuid(s)] },
  { id: "sumologic-access-token", what: "Sumo Logic access key", grants: "with its access id queries the organisation's logs", names: ["sumo"], keywords: ["sumo"], value: `${AN}{64}`, entropy: 3, sample: ["sumologic", (s) => fake(ALNUM, 64, s)] },
  { id: "telegram-named-bot-token", what: "Telegram bot token", grants: "controls the bot and reads every message sent to it", names: ["telegr"], keywords: ["telegr"], value: String.raw`\d{5,16}:A[\w-]{34}`, sample: ["telegram", (s) => `${fake(DIGITS, 9, s)}:A${fake(B64URL, 34, s + 1)}`] },
  { id: "travisci-access-token", what: "Travis CI token", grants: "runs builds and reads their settings", names: ["travis"], keywords: ["travis"], value: `${AN}{22}`, sample: ["travis", (s) => fake(LOWNUM, 22, s)] },
  { id: "trello-access-token", what: "Trello API token", grants: "reads and changes the user's boards", names: ["trello"], keywords: ["trello"], value: "[a-zA-Z0-9-]{32}", sample: ["trello", (s) => fake(ALNUM + "-", 32, s)] },
  { id: "twitch-api-token", what: "Twitch API token", grants: "acts on the channel and account it was issued for", names: ["twitch"], keywords: ["twitch"], value: `${AN}{30}`, sample: ["twitch", (s) => fake(LOWNUM, 30, s)] },
  { id: "twitter-credentials", what: "X/Twitter API key, secret or access token", grants: "posts and reads as the app or its user", names: ["twitter"], keywords: ["twitter"], value: String.raw`${AN}{45}|\d{15,25}-${AN}{20,40}|${AN}{25}|${AN}{50}|[aA]{22}[a-zA-Z0-9%]{80,100}`, sample: ["twitter", (s) => fake(LOWNUM, 45, s)] },
  { id: "yandex-credentials", what: "Yandex OAuth token, API key or access key", grants: "calls Yandex Cloud services as its account", names: ["yandex"], keywords: ["yandex"], value: String.raw`[tT]1\.[\w-]{1,200}={0,2}\.[\w-]{86}={0,2}|[aA][qQ][vV][nN][\w-]{35,38}|[yY][cC][\w-]{38}`, sample: ["yandex", (s) => "YC" + fake(B64URL, 38, s)] },
  { id: "zendesk-secret-key", what: "Zendesk API token", grants: "reads and changes the support account's tickets and users", names: ["zendesk"], keywords: ["zendesk"], value: `${AN}{40}`, sample: ["zendesk", (s) => fake(LOWNUM, 40, s)] },
];

/** Names whose provider has a rule above or a named rule below: the generic rules stand back. */
const PROVIDER_NAMES = [...PROVIDER_KEYS.flatMap((p) => p.keywords), "heroku", "asana", "discord", "atlassian", "confluence", "jira", "mailchimp"];
/**
 * Put before a generic secret name: a token, key or secret whose identifier also names one of
 * those providers is left to the provider's rule. Passwords are not (a provider's rules describe
 * its API keys, not the passwords of its users).
 */
const PROVIDER_ALT = String.raw`(?<![a-z])(?:${PROVIDER_NAMES.join("|")})`;
const PROVIDER_SUPPRESSED = String.raw`(?:(?=passw|pass(?![a-z])|pwd|passphrase|cred)|(?<!${PROVIDER_ALT}[\w.-]{0,40})(?![\w.-]{0,40}?${PROVIDER_ALT}))`;
/** The same for a name that ends in "key" (generic-key-assignment): no provider name before it. */
const NO_PROVIDER_BEFORE = String.raw`(?<!${PROVIDER_ALT}[\w.-]{0,40})`;

const PROVIDER_KEY_RULES: readonly DetectorRule[] = PROVIDER_KEYS.map((p, i): DetectorRule => {
  const [name, sample] = p.sample;
  const value = sample(101 + i * 7);
  return {
    id: `secret.${p.id}`,
    kind: "secret",
    reason: `${p.what}, found by its provider's name: ${p.grants}.`,
    score: 85,
    keywords: p.keywords,
    pattern: new RegExp(`(?:${p.names.map(providerName).join("|")})${GL_ASSIGN}(?<value>(?:${p.value}))${GL_END}`, "g"),
    validators: [{ check: "entropy", min: p.entropy ?? 2 }, { check: "not-masked" }],
    examples: {
      match: [`${name}Token = "${value}"`, `export ${name.toUpperCase()}_KEY=${value}`],
      noMatch: [`${name}Token = "${value.repeat(5)}"`, `${name}_token: ${"x".repeat(value.length)}`, `release_token = "${value}"`],
    },
  };
});

// ------------------------------------------------------------------------------ the rules

export const SECRET_RULES: readonly DetectorRule[] = [
  // ---------------------------------------------------------------------------- private keys
  {
    id: "secret.private-key",
    kind: "secret",
    reason: "Private key block (RSA/EC/DSA/OpenSSH/PGP/PKCS#8): whoever holds it can sign, decrypt or log in as its owner.",
    score: 95,
    keywords: ["private key"],
    // A full BEGIN … END block (the body may be real newlines or JSON-escaped \n), or a header
    // followed by at least 64 characters of key body when the END line was cut off.
    pattern: new RegExp(
      String.raw`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{16,16384}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\:,-]{64,16384})`,
      "g",
    ),
    examples: {
      match: [
        `-----BEGIN RSA PRIVATE KEY-----\n${pemBody(1, 4)}\n-----END RSA PRIVATE KEY-----`,
        `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${fake(B64, 64, 7)}\\n${fake(B64, 40, 8)}\\n-----END PRIVATE KEY-----\\n"}`,
        `-----BEGIN OPENSSH PRIVATE KEY-----\n${pemBody(11, 3)}\n(output truncated)`,
        `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${pemBody(21, 2)}\n=${fake(B64, 4, 3)}\n-----END PGP PRIVATE KEY BLOCK-----`,
      ],
      noMatch: [
        `-----BEGIN PUBLIC KEY-----\n${pemBody(31, 2)}\n-----END PUBLIC KEY-----`,
        "-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----",
        "Paste your private key between the BEGIN and END lines.",
      ],
    },
  },
  {
    id: "secret.putty-private-key",
    kind: "secret",
    reason: "PuTTY private key file (.ppk): logs in over SSH as the key's owner.",
    score: 95,
    keywords: ["putty-user-key-file-"],
    pattern: /PuTTY-User-Key-File-[23]:\s{0,4}(?:ssh-|ecdsa-)[\w-]{1,40}/g,
    examples: {
      match: ["PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: deploy", "PuTTY-User-Key-File-3: ssh-ed25519"],
      noMatch: ["Save it as a PuTTY-User-Key-File (.ppk)", "PuTTY-User-Key-File-2:"],
    },
  },
  {
    id: "secret.age-secret-key",
    kind: "secret",
    reason: "age secret key: decrypts every file encrypted to its public key.",
    score: 95,
    keywords: ["age-secret-key-1"],
    pattern: token(String.raw`AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`),
    examples: {
      match: [`AGE-SECRET-KEY-1${fake("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58, 1)}`, `# created: 2024-01-01\nAGE-SECRET-KEY-1${fake("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58, 2)}`],
      noMatch: [`AGE-SECRET-KEY-1${fake("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 40, 4)}`, `age1${fake(LOWNUM, 58, 3)} (a public recipient)`],
    },
  },

  // ---------------------------------------------------------------------------- wallets
  {
    // BIP32 extended private keys (xprv, tprv; SLIP-132's yprv, zprv): Base58Check, 111 characters.
    // Whoever holds one can sign for every address of the wallet derived beneath it. (xpub is public.)
    id: "secret.bip32-extended-private-key",
    kind: "secret",
    reason: "BIP32 extended private key: it signs for every address of the wallet derived from it, and coins sent from them cannot be called back.",
    score: 100,
    keywords: ["xprv", "tprv", "yprv", "zprv", "uprv", "vprv"],
    pattern: /\b[xtyzuv]prv[1-9A-HJ-NP-Za-km-z]{107}\b/g,
    validators: [{ check: "not-placeholder" }, { check: "not-masked" }],
    examples: {
      match: [`k=xprv9s21ZrQH143K${fake(BASE58, 95, 7)}`, `TPRV=tprv8ZgxMBicQKsP${fake(BASE58, 95, 8)}`],
      noMatch: [`xpub661MyMwAqRbc${fake(BASE58, 95, 9)}`, "xprv9s21ZrQH143K...", `xprv${"x".repeat(107)}`],
    },
  },
  // ---------------------------------------------------------------------------- cloud providers
  {
    id: "secret.aws-access-key-id",
    kind: "secret",
    reason: "AWS access key id: half of an AWS credential pair and the handle for the account it belongs to.",
    score: 90,
    keywords: ["akia", "asia", "abia", "acca", "a3t"],
    // Keys ending in EXAMPLE are AWS's documentation samples (AKIAIOSFODNN7EXAMPLE); gitleaks allows
    // them too. The id is not random enough for an entropy floor to mean much (detect-secrets sets
    // none), so what is dropped is a masked id (AKIAXXXXXXXXXXXXXXXX) and DNA, whose A/C/G/T runs
    // contain "ACCA" followed by sixteen capitals (a false positive gitleaks documents).
    // The sixteen characters after the prefix are base32 (A-Z, 2-7), as gitleaks reads them: a value
    // with 0, 1, 8 or 9 there (AKIAFAKEFAKEFAKE0000) is no key AWS issued.
    pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)(?![A-Z2-7]{9}EXAMPLE\b)[A-Z2-7]{16}\b/g,
    validators: [{ check: "not-masked" }, { check: "not-nucleotide" }],
    examples: {
      match: [`aws_access_key_id = AKIA${fake("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, 1)}`, `"AccessKeyId": "ASIA${fake("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, 2)}"`],
      noMatch: [
        "AKIAXXXXXXXXXXXXXXXX",
        "TTCAGGACCATTGACGTACCAGTTGCA",
        `akia${fake("abcdefghijklmnopqrstuvwxyz234567", 16, 3)}`,
        `AKIA${fake(UPPER, 12, 4)}`,
        "AKIAFAKEFAKEFAKE0000",
        "aws configure  # AWS Access Key ID [None]: AKIAIOSFODNN7EXAMPLE",
        `"AccessKeyId": "ASIA${fake(UPPER, 9, 5)}EXAMPLE"`,
      ],
    },
  },
  {
    id: "secret.aws-secret-access-key",
    kind: "secret",
    reason: "AWS secret access key: with its key id it grants every permission of the IAM user or role.",
    score: 95,
    keywords: ["aws", "secretaccesskey", "secret_access_key"],
    pattern: named(String.raw`(?:aws[\w.-]{0,20}?(?:key|pwd|pw|password|pass|token)|secret_?access_?key)`, "[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"),
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`aws_secret_access_key = ${fake(B64, 40, 1)}`, `"SecretAccessKey": "${fake(B64, 40, 2)}"`, `export AWS_SECRET_ACCESS_KEY="${fake(B64, 40, 3)}"`, `aws_token = "${fake(B64, 40, 5)}"`],
      noMatch: ["aws_secret_access_key = <your secret key>", `aws_secret_access_key = ${fake(B64, 39, 4)}`, "aws_secret_access_key = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.gcp-api-key",
    kind: "secret",
    reason: "Google API key: bills and authorises calls to the Google Cloud APIs enabled for its project.",
    score: 90,
    keywords: ["aiza"],
    pattern: token(String.raw`${notSample(GOOGLE_SAMPLE_KEYS)}AIza[\w-]{35}`),
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`GOOGLE_API_KEY=AIza${fake(B64URL, 35, 1)}`, `https://maps.googleapis.com/maps/api/js?key=AIza${fake(B64URL, 35, 2)}&callback=init`],
      noMatch: [
        `AIza${fake(B64URL, 30, 3)}`,
        "AIzaXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
        // Public sample keys from Google's own SDK repositories.
        'FirebaseOptions.Builder().setApiKey("AIzaSyabcdefghijklmnopqrstuvwxyz1234567")',
        "<string name=\"google_api_key\">AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw</string>",
      ],
    },
  },
  {
    id: "secret.gcp-service-account",
    kind: "secret",
    reason: "Google Cloud service-account key file: the JSON it is part of carries a private key that signs in as the service account.",
    score: 90,
    keywords: ["service_account"],
    pattern: /"type"\s{0,4}:\s{0,4}"service_account"/g,
    examples: {
      match: [`{"type": "service_account", "project_id": "demo", "private_key_id": "${fake(HEX, 40, 1)}"}`, '{\n  "type":"service_account",\n  "client_email": "ci@demo.iam.gserviceaccount.com"\n}'],
      noMatch: ['{"type": "authorized_user"}', "kind: service_account"],
    },
  },
  {
    id: "secret.google-oauth-token",
    kind: "secret",
    reason: "Google OAuth client secret or access token: lets the holder act as the OAuth app or the signed-in user.",
    score: 90,
    keywords: ["gocspx-", "ya29."],
    pattern: token(String.raw`(?:GOCSPX-[\w-]{28}|ya29\.[\w-]{30,2000})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`client_secret: GOCSPX-${fake(B64URL, 28, 1)}`, `Authorization: Bearer ya29.${fake(B64URL, 120, 2)}`],
      noMatch: ["GOCSPX-xxxxxxxxxxxxxxxxxxxxxxxxxxxx", "ya29.short"],
    },
  },
  {
    id: "secret.azure-storage-key",
    kind: "secret",
    reason: "Azure storage account key or connection string: full read/write access to every blob, queue and table in the account.",
    score: 95,
    keywords: ["accountkey"],
    pattern: /AccountKey\s{0,2}=\s{0,2}(?<value>[A-Za-z0-9+/]{86,1000}==)/gi,
    validators: TOKEN_CHECKS,
    examples: {
      match: [
        `DefaultEndpointsProtocol=https;AccountName=demo;AccountKey=${fake(B64, 86, 1)}==;EndpointSuffix=core.windows.net`,
        `"AccountKey=${fake(B64, 86, 2)}=="`,
      ],
      noMatch: ["AccountKey=<storage-key>", `AccountKey=${fake(B64, 40, 3)}==`],
    },
  },
  {
    id: "secret.azure-storage-key-context",
    kind: "secret",
    reason: "Azure storage account key: full read/write access to every blob, queue and table in the account.",
    score: 90,
    keywords: ["azure"],
    // As detect-secrets finds them: a base64 key of at least 88 characters ending in "==", with
    // "azure" at most two lines above or below it. Not a lock file's integrity hash (sha512-…).
    pattern: /(?<![A-Za-z0-9+/-])(?<!sha\d{3}-)(?<value>[A-Za-z0-9+/]{86,1000}==)(?![A-Za-z0-9+/=])(?:(?<=azure[^\n]{0,300}(?:\n[^\n]{0,300}){0,2})|(?=[^\n]{0,300}(?:\n[^\n]{0,300}){0,2}azure))/gi,
    precheck: /[A-Za-z0-9+/]{86}==/,
    validators: TOKEN_CHECKS,
    examples: {
      match: [`azure:\n  storage_key: ${fake(B64, 86, 1)}==`, `"${fake(B64, 86, 2)}==" # key of the Azure storage account`],
      noMatch: [`azure_key: ${fake(B64, 40, 3)}==`, `"integrity": "sha512-${fake(B64, 86, 4)}==" // not azure`, `key: ${fake(B64, 86, 5)}==`],
    },
  },
  {
    id: "secret.azure-sas-token",
    kind: "secret",
    reason: "Azure shared access signature: grants the listed permissions on the storage resource until it expires.",
    score: 90,
    keywords: ["sig="],
    pattern: /\bsv=\d{4}-\d{2}-\d{2}&[^\s"'<>]{0,300}?\bsig=(?<value>[A-Za-z0-9%+/=]{40,120})/g,
    validators: TOKEN_CHECKS,
    examples: {
      match: [
        `https://demo.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=${fake(ALNUM, 43, 1)}%3D`,
        `sas: "sv=2021-08-06&sp=racwdl&sr=c&sig=${fake(ALNUM, 44, 2)}"`,
      ],
      noMatch: ["?sv=2022-11-02&sp=r&sig=<signature>", "sig=abc"],
    },
  },
  {
    id: "secret.azure-ad-client-secret",
    kind: "secret",
    reason: "Microsoft Entra (Azure AD) client secret: signs in as the application and gets every permission granted to it.",
    score: 90,
    keywords: ["q~"],
    pattern: new RegExp(String.raw`(?<![\w~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])`, "g"),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`AZURE_CLIENT_SECRET=${fake(ALNUM, 3, 1)}8Q~${fake(ALNUM + "_~.-", 34, 2)}`, `"clientSecret": "${fake(ALNUM, 3, 3)}7Q~${fake(ALNUM, 31, 4)}"`],
      noMatch: ["portainer.demo~2Fportainerregistrytesting~2Falpine", `abc8Q~${fake(ALNUM, 10, 5)}`],
    },
  },
  {
    id: "secret.alibaba-access-key-id",
    kind: "secret",
    reason: "Alibaba Cloud AccessKey id: half of an Alibaba Cloud credential pair.",
    score: 90,
    keywords: ["ltai"],
    pattern: token(String.raw`LTAI[A-Za-z0-9]{20}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI${fake(ALNUM, 20, 1)}`, `accessKeyId: "LTAI${fake(ALNUM, 20, 2)}"`],
      noMatch: ["LTAIxxxxxxxxxxxxxxxxxxxx", `LTAI${fake(ALNUM, 12, 3)}`],
    },
  },
  {
    id: "secret.digitalocean-token",
    kind: "secret",
    reason: "DigitalOcean personal access, OAuth or refresh token: controls droplets, databases and DNS in the account.",
    score: 90,
    keywords: ["dop_v1_", "doo_v1_", "dor_v1_"],
    pattern: token(String.raw`do[opr]_v1_[a-f0-9]{64}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`DIGITALOCEAN_TOKEN=dop_v1_${fake(HEX, 64, 1)}`, `refresh: dor_v1_${fake(HEX, 64, 2)}`],
      noMatch: [`dop_v1_${fake(HEX, 40, 3)}`, `dop_v2_${fake(HEX, 64, 4)}`],
    },
  },
  {
    id: "secret.heroku-api-key",
    kind: "secret",
    reason: "Heroku API key: full control of the account's apps, config vars and add-ons.",
    score: 90,
    keywords: ["heroku"],
    pattern: named("heroku", "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`HEROKU_API_KEY=${uuid(1)}`, `const herokuKey = "${uuid(6).toUpperCase()}";`],
      noMatch: [`HEROKU_APP_NAME=my-app-${fake(LOWNUM, 6, 11)}`, `user_id = "${uuid(16)}"`],
    },
  },
  {
    id: "secret.heroku-api-key-v2",
    kind: "secret",
    reason: "Heroku API key: full control of the account's apps, config vars and add-ons.",
    score: 90,
    keywords: ["hrku-"],
    pattern: token(String.raw`HRKU-[\w-]{58,64}`),
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`HEROKU_API_KEY=HRKU-AA${fake(B64URL, 58, 1)}`, `token: HRKU-${fake(ALNUM, 60, 2)}`],
      noMatch: [`HRKU-${fake(ALNUM, 20, 3)}`, "HRKU-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"],
    },
  },
  {
    id: "secret.databricks-token",
    kind: "secret",
    reason: "Databricks personal access token: runs jobs and reads data in the workspace as its user.",
    score: 90,
    keywords: ["dapi"],
    pattern: token(String.raw`dapi[a-f0-9]{32}(?:-\d)?`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`DATABRICKS_TOKEN=dapi${fake(HEX, 32, 1)}`, `token = dapi${fake(HEX, 32, 2)}-2`],
      noMatch: [`dapi${fake(HEX, 20, 3)}`, `rapidapi${fake(HEX, 32, 4)}`],
    },
  },
  {
    id: "secret.vault-token",
    kind: "secret",
    reason: "HashiCorp Vault token: reads every secret its policies allow.",
    score: 90,
    keywords: ["hvs.", "hvb."],
    pattern: token(String.raw`(?:hvs\.[\w-]{24,200}|hvb\.[\w-]{100,300})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`VAULT_TOKEN=hvs.${fake(B64URL, 90, 1)}`, `X-Vault-Token: hvs.${fake(ALNUM, 24, 2)}`],
      noMatch: ["hvs.xxxxxxxxxxxxxxxxxxxxxxxxxxxx", `hvs.${fake(ALNUM, 10, 3)}`],
    },
  },
  {
    id: "secret.doppler-token",
    kind: "secret",
    reason: "Doppler token: reads the secrets of the projects and configs it is scoped to.",
    score: 90,
    keywords: ["dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."],
    pattern: token(String.raw`dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`DOPPLER_TOKEN=dp.pt.${fake(ALNUM, 43, 1)}`, `"token": "dp.st.${fake(LOWNUM, 43, 2)}"`],
      noMatch: [`dp.pt.${fake(ALNUM, 20, 3)}`, "dp.pt.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.cloudflare-origin-ca-key",
    kind: "secret",
    reason: "Cloudflare Origin CA key: issues and revokes origin certificates for the account's zones.",
    score: 90,
    keywords: ["v1.0-"],
    pattern: token(String.raw`v1\.0-[a-f0-9]{24}-[a-f0-9]{146}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`CF_ORIGIN_CA_KEY=v1.0-${fake(HEX, 24, 1)}-${fake(HEX, 146, 2)}`, `key: "v1.0-${fake(HEX, 24, 3)}-${fake(HEX, 146, 4)}"`],
      noMatch: [`v1.0-${fake(HEX, 24, 5)}`, "version v1.0-beta"],
    },
  },
  {
    id: "secret.yandex-api-key",
    kind: "secret",
    reason: "Yandex Cloud API key: calls Yandex Cloud services as its service account.",
    score: 90,
    keywords: ["aqvn"],
    pattern: token(String.raw`AQVN[\w-]{35,38}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`YC_API_KEY=AQVN${fake(B64URL, 36, 1)}`, `yandexToken = AQVN${fake(ALNUM, 35, 2)}`],
      noMatch: [`AQVN${fake(ALNUM, 10, 3)}`, "aqvnxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.terraform-cloud-token",
    kind: "secret",
    reason: "Terraform Cloud / HCP API token: runs plans and applies and reads state, including its secrets.",
    score: 90,
    keywords: [".atlasv1."],
    pattern: token(String.raw`[A-Za-z0-9]{14}\.atlasv1\.[\w=-]{60,70}`),
    validators: HIGH_ENTROPY(3.5),
    examples: {
      match: [`token = "${fake(ALNUM, 14, 1)}.atlasv1.${fake(B64URL, 67, 2)}"`, `TFE_TOKEN=${fake(LOWNUM, 14, 3)}.atlasv1.${fake(LOWNUM, 60, 4)}`],
      noMatch: ['token = "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"', `${fake(ALNUM, 14, 5)}.atlasv1.short`],
    },
  },
  {
    id: "secret.dynatrace-token",
    kind: "secret",
    reason: "Dynatrace API token: reads monitoring data and changes settings in the environment.",
    score: 90,
    keywords: ["dt0c01."],
    pattern: token(String.raw`dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}`),
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`DT_API_TOKEN=dt0c01.${fake(UPNUM, 24, 1)}.${fake(ALNUM, 64, 2)}`, `"dt0c01.${fake(LOWNUM, 24, 3)}.${fake(LOWNUM, 64, 4)}"`],
      noMatch: [`dt0c01.${fake(UPNUM, 24, 5)}`, "dt0c01.XXXXXXXX"],
    },
  },
  {
    id: "secret.openshift-token",
    kind: "secret",
    reason: "OpenShift user token: acts on the cluster with the user's roles.",
    score: 90,
    keywords: ["sha256~"],
    pattern: token(String.raw`sha256~[\w-]{43}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`oc login --token=sha256~${fake(B64URL, 43, 1)} --server=https://api.demo:6443`, `Authorization: Bearer sha256~${fake(ALNUM, 43, 2)}`],
      noMatch: ["oc login --token=sha256~_xxxxxx_xxxxxxxxxxxxxxxxxxxxxx-xxxxxxxxxx-X", `sha256~${fake(ALNUM, 20, 3)}`],
    },
  },
  {
    id: "secret.pulumi-token",
    kind: "secret",
    reason: "Pulumi access token: reads and changes stacks, including their encrypted config.",
    score: 90,
    keywords: ["pul-"],
    pattern: token(String.raw`pul-[a-f0-9]{40}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`PULUMI_ACCESS_TOKEN=pul-${fake(HEX, 40, 1)}`, `token: pul-${fake(HEX, 40, 2)}`],
      noMatch: [`vipul-${fake(HEX, 40, 3)}.png`, `pul-${fake(HEX, 20, 4)}`],
    },
  },
  {
    id: "secret.flyio-token",
    kind: "secret",
    reason: "Fly.io access token: deploys and manages the organisation's apps.",
    score: 90,
    keywords: ["fo1_", "fm1", "fm2_"],
    pattern: token(String.raw`(?:fo1_[\w-]{43}|fm[12][a-z]{0,2}_[A-Za-z0-9+/]{100,1000}={0,3})`),
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`FLY_ACCESS_TOKEN=fo1_${fake(B64URL, 43, 1)}`, `fm2_${fake(B64, 200, 2)}==`],
      noMatch: [`fo1_${fake(ALNUM, 20, 3)}`, "fm1_short"],
    },
  },
  {
    id: "secret.planetscale-token",
    kind: "secret",
    reason: "PlanetScale password or token: connects to or administers the database branches it covers.",
    score: 90,
    keywords: ["pscale_"],
    pattern: token(String.raw`pscale_(?:pw|tkn|oauth)_[\w=.-]{32,64}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`DATABASE_PASSWORD=pscale_pw_${fake(B64URL, 43, 1)}`, `"pscale_tkn_${fake(ALNUM, 43, 2)}"`],
      noMatch: [`pscale_pw_${fake(ALNUM, 10, 3)}`, "pscale_pw_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.harness-token",
    kind: "secret",
    reason: "Harness personal or service-account token: runs pipelines and reads secrets in the account.",
    score: 90,
    keywords: ["pat.", "sat."],
    pattern: token(String.raw`(?:pat|sat)\.[\w-]{22}\.[a-z0-9]{24}\.[a-z0-9]{20}`, "gi"),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`x-api-key: pat.${fake(B64URL, 22, 1)}.${fake(LOWNUM, 24, 2)}.${fake(LOWNUM, 20, 3)}`, `HARNESS_TOKEN=sat.${fake(ALNUM, 22, 4)}.${fake(LOWNUM, 24, 5)}.${fake(LOWNUM, 20, 6)}`],
      noMatch: ["pat.example.com", `sat.${fake(ALNUM, 22, 7)}.short.x`],
    },
  },

  // ---------------------------------------------------------------------------- code hosting, CI, registries
  {
    id: "secret.github-pat",
    kind: "secret",
    reason: "GitHub personal access token: grants the holder the user's repository access.",
    score: 90,
    keywords: ["ghp_"],
    pattern: token(String.raw`ghp_[A-Za-z0-9_]{36}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`GITHUB_TOKEN=ghp_${fake(ALNUM, 36, 1)}`, `git clone https://ghp_${fake(ALNUM, 36, 2)}@github.com/o/r.git`],
      noMatch: ["ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `ghp_${fake(ALNUM, 20, 3)}`, `xghp_${fake(ALNUM, 36, 4)}`],
    },
  },
  {
    id: "secret.github-fine-grained-pat",
    kind: "secret",
    reason: "GitHub fine-grained personal access token: grants the holder the repository permissions it was issued with.",
    score: 90,
    keywords: ["github_pat_"],
    pattern: token(String.raw`github_pat_\w{82}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`GH_TOKEN=github_pat_${fake(ALNUM, 22, 1)}_${fake(ALNUM, 59, 2)}`, `"github_pat_${fake(ALNUM, 22, 3)}_${fake(ALNUM, 59, 4)}"`],
      noMatch: [`github_pat_${"x".repeat(22)}_${"x".repeat(59)}`, `github_pat_${fake(ALNUM, 30, 5)}`],
    },
  },
  {
    id: "secret.github-oauth-token",
    kind: "secret",
    reason: "GitHub OAuth access token: acts as the user with the scopes the OAuth app was granted.",
    score: 90,
    keywords: ["gho_"],
    pattern: token(String.raw`gho_[A-Za-z0-9_]{36}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`oauth_token: gho_${fake(ALNUM, 36, 1)}`, `"gho_${fake(ALNUM, 36, 2)}"`],
      noMatch: ["gho_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `gho_${fake(ALNUM, 35, 3)}`],
    },
  },
  {
    id: "secret.github-app-token",
    kind: "secret",
    reason: "GitHub App user-to-server or installation token: acts on the repositories the app is installed on.",
    score: 90,
    keywords: ["ghu_", "ghs_"],
    pattern: token(String.raw`gh[us]_[A-Za-z0-9_]{36}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`https://x-access-token:ghs_${fake(ALNUM, 36, 1)}@github.com/o/r`, `token=ghu_${fake(ALNUM, 36, 2)}`],
      noMatch: ["ghu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `ghs_${fake(ALNUM, 12, 3)}`],
    },
  },
  {
    id: "secret.github-refresh-token",
    kind: "secret",
    reason: "GitHub refresh token: mints new user access tokens for the GitHub App.",
    score: 90,
    keywords: ["ghr_"],
    pattern: token(String.raw`ghr_[A-Za-z0-9_]{36,76}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`<githubToken>\n    ghr_${fake(LOWNUM, 36, 1)}\n</githubToken>`, `refresh_token=ghr_${fake(ALNUM, 76, 2)}`],
      noMatch: ["ghr_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `ghr_${fake(ALNUM, 20, 3)}`],
    },
  },
  {
    id: "secret.gitlab-token",
    kind: "secret",
    reason: "GitLab access, deploy, runner, trigger or CI token: acts on the projects and API scopes it was issued for.",
    score: 90,
    keywords: ["glpat-", "glptt-", "glrt-", "gldt-", "glsoat-", "glft-", "glffct-", "glcbt-", "glimt-", "glagent-", "gloas-", "gr1348941"],
    pattern: token(
      // Minimum lengths are GitLab's own per type; routable tokens are longer and may end in ".xx.yyyyyyy".
      String.raw`(?:gl(?:pat|rt|dt|soat|ft|ffct)-[\w-]{20,50}|glcbt-(?:[0-9a-zA-Z]{1,5}_)?[\w-]{20,50}|gl(?:pat-|rt-t\d_)[\w-]{27,300}\.[0-9a-z]{2}\.?[0-9a-z]{7}|glimt-[\w-]{25}|glptt-[\w-]{40}|glagent-[\w-]{50,1024}|gloas-[\w-]{64}|GR1348941[\w-]{20})`,
    ),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`GITLAB_TOKEN=glpat-${fake(B64URL, 20, 1)}`, `runner token: glrt-${fake(ALNUM, 20, 2)}`, `curl -F token=glptt-${fake(HEX, 40, 3)} https://gitlab.example.com`, `GR1348941${fake(B64URL, 20, 4)}`],
      noMatch: ["glpat-XXXXXXXXXXX-XXXXXXXX", `glpat_${fake(ALNUM, 20, 5)}`, `gldt-${fake(ALNUM, 12, 6)}`, `glptt-${fake(HEX, 24, 7)}`, `glptt-${fake(HEX, 44, 8)}`, `glimt-${fake(ALNUM, 23, 9)}`],
    },
  },
  {
    id: "secret.atlassian-api-token",
    kind: "secret",
    reason: "Atlassian API token: acts as its user in Jira, Confluence and Bitbucket Cloud.",
    score: 90,
    keywords: ["atatt3"],
    pattern: token(String.raw`ATATT3[\w=-]{180,200}`),
    validators: HIGH_ENTROPY(3.5),
    examples: {
      match: [`JIRA_API_TOKEN=ATATT3${fake(B64URL, 186, 1)}`, `"ATATT3${fake(ALNUM, 186, 2)}"`],
      noMatch: [`ATATT3${fake(ALNUM, 40, 3)}`, "ATATT3xxxx"],
    },
  },
  {
    id: "secret.atlassian-api-token-legacy",
    kind: "secret",
    reason: "Atlassian API token: acts as its user in Jira, Confluence and Bitbucket Cloud.",
    score: 90,
    keywords: ["atlassian", "confluence", "jira"],
    pattern: named("(?:atlassian|confluence|jira)", "[A-Za-z0-9]{24}"),
    validators: HIGH_ENTROPY(3.5),
    examples: {
      match: [`JIRA_API_TOKEN=${fake(ALNUM, 24, 1)}`, `confluence_token: "${fake(ALNUM, 24, 2)}"`],
      noMatch: [`JIRA_URL=https://demo.atlassian.net`, `jira_project = ${"A".repeat(24)}`, "tools: getPagesInConfluenceSpace,searchConfluenceUsingCql2x"],
    },
  },
  {
    id: "secret.npm-token",
    kind: "secret",
    reason: "npm access token: publishes packages as its owner, a supply-chain risk for everyone who installs them.",
    score: 90,
    keywords: ["npm_"],
    pattern: token(String.raw`npm_[A-Za-z0-9]{36}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`NPM_TOKEN=npm_${fake(ALNUM, 36, 1)}`, `//registry.npmjs.org/:_authToken=npm_${fake(ALNUM, 36, 2)}`],
      noMatch: ["npm_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `npm_${fake(ALNUM, 20, 3)}`],
    },
  },
  {
    id: "secret.npmrc-auth",
    kind: "secret",
    reason: "Registry credential in an .npmrc line: publishes or installs private packages as its owner.",
    score: 90,
    keywords: ["_authtoken", "_password", "_auth"],
    pattern: /\/\/[^\s/:]{1,200}(?::\d{1,5})?\/(?:[^\s:]{0,200}\/)?:_(?:authToken|password|auth)\s{0,2}=\s{0,2}(?<value>(?![$%{<])[^\s"']{8,500})/g,
    validators: TOKEN_CHECKS,
    examples: {
      match: [`//registry.npmjs.org/:_authToken=${uuid(1)}`, `//npm.pkg.github.com/:_authToken= ${fake(ALNUM, 40, 2)}`],
      noMatch: ["//registry.npmjs.org/:_authToken=${NPM_TOKEN}", `///:_authToken=${uuid(3)}`],
    },
  },
  {
    id: "secret.pypi-token",
    kind: "secret",
    reason: "PyPI API token: uploads releases of the projects it covers, a supply-chain risk.",
    score: 90,
    keywords: ["pypi-ageichlwas5vcmc", "pypi-agendgvzdc5wexbplm9yzw"],
    // A real token is a macaroon of well over 100 characters; 70 is detect-secrets' minimum.
    pattern: token(String.raw`pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[\w-]{70,1000}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`TWINE_PASSWORD=pypi-AgEIcHlwaS5vcmc${fake(B64URL, 150, 1)}`, `pypi-AgENdGVzdC5weXBpLm9yZw${fake(B64URL, 120, 5)}`, `password = pypi-AgEIcHlwaS5vcmc${fake(ALNUM, 90, 2)}`],
      noMatch: [`pypi-AgEIcHlwaS5vcmc${fake(ALNUM, 20, 3)}`, "pypi-token-goes-here", `pypi-AgEIcHlwaS5vcmc${fake(B64URL, 60, 4)} (truncated in the log)`],
    },
  },
  {
    id: "secret.rubygems-token",
    kind: "secret",
    reason: "RubyGems API key: pushes gem releases as its owner, a supply-chain risk.",
    score: 90,
    keywords: ["rubygems_"],
    pattern: token(String.raw`rubygems_[a-f0-9]{48}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`GEM_HOST_API_KEY=rubygems_${fake(HEX, 48, 1)}`, `:rubygems_api_key: rubygems_${fake(HEX, 48, 2)}`],
      noMatch: [`rubygems_${fake(HEX, 20, 3)}`, "rubygems_version: 3.4.1"],
    },
  },
  {
    id: "secret.clojars-token",
    kind: "secret",
    reason: "Clojars deploy token: publishes artifacts as its owner, a supply-chain risk.",
    score: 90,
    keywords: ["clojars_"],
    pattern: token(String.raw`CLOJARS_[a-z0-9]{60}`, "gi"),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`CLOJARS_PASSWORD=CLOJARS_${fake(LOWNUM, 60, 1)}`, `:password "CLOJARS_${fake(LOWNUM, 60, 2)}"`],
      noMatch: ["CLOJARS_USERNAME=demo", `CLOJARS_${fake(LOWNUM, 20, 3)}`],
    },
  },
  {
    id: "secret.artifactory-token",
    kind: "secret",
    reason: "JFrog Artifactory API key or reference token: reads and publishes artifacts as its user.",
    score: 90,
    keywords: ["akcp", "cmvmd"],
    pattern: token(String.raw`(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})`),
    validators: HIGH_ENTROPY(4.5),
    examples: {
      match: [`X-JFrog-Art-Api: AKCp${fake(ALNUM, 69, 1)}`, `artifactory_token = "cmVmd${fake(ALNUM, 59, 2)}"`],
      noMatch: [`AkCp${fake(ALNUM, 69, 3)}`, `cmVmd${fake(ALNUM, 40, 4)}`],
    },
  },
  {
    id: "secret.artifactory-credential",
    kind: "secret",
    reason: "JFrog Artifactory API key (AKC…) or encrypted password (AP…): reads and publishes artifacts as its user.",
    score: 85,
    keywords: ["akc", "ap"],
    // As detect-secrets defines them: a word (after a space, "=", ":" or a double quote) made of AKC
    // and at least 10 letters or digits, or of AP, a hex digit and at least 8 more. A value that
    // starts like a current API key (AKCp) must have that key's full length (gitleaks: 73). An AP
    // word in capitals only is a word (APACHEKAFKA), not an encrypted password.
    pattern: /(?<![^\s=:"])(?:AKCp[a-zA-Z0-9]{69}|AKC(?!p)[a-zA-Z0-9]{10,200}|AP[\dA-F](?=[a-zA-Z0-9]{0,200}[a-z0-9])[a-zA-Z0-9]{8,200})(?![^\s"])/g,
    precheck: /(?:AKC|AP[\dA-F])[a-zA-Z0-9]{8}/,
    needs: { alnum: 11 },
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: [`X-JFrog-Art-Api: AKC${fake(ALNUM, 60, 1)}`, `artifactory_password="AP${fake("0123456789ABCDEF", 1, 2)}${fake(ALNUM, 20, 3)}"`, "AP6xxxxxxxxxx", `artif-key:AKCp${fake(ALNUM, 69, 4)}`],
      noMatch: [`testAP6${fake(LOWER, 20, 5)}`, "APACHEKAFKASTREAMS", `"AKCp${fake(ALNUM, 40, 6)}"`, "artifactory:_password=AKCxxxxxxxx"],
    },
  },
  {
    id: "secret.sourcegraph-token",
    kind: "secret",
    reason: "Sourcegraph access token: searches and reads code in the instance as its user.",
    score: 90,
    keywords: ["sgp_"],
    pattern: token(String.raw`sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SRC_ACCESS_TOKEN=sgp_${fake(HEX, 16, 1)}_${fake(HEX, 40, 2)}`, `sgp_local_${fake(HEX, 40, 3)}`],
      noMatch: [`sgp_${fake(HEX, 20, 4)}_${fake(HEX, 40, 5)}`, `sgp_${fake(HEX, 10, 6)}`],
    },
  },
  {
    id: "secret.linear-api-key",
    kind: "secret",
    reason: "Linear API key: reads and changes the workspace's issues and projects as its user.",
    score: 90,
    keywords: ["lin_api_"],
    pattern: token(String.raw`lin_api_[A-Za-z0-9]{40}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`LINEAR_API_KEY=lin_api_${fake(ALNUM, 40, 1)}`, `Authorization: lin_api_${fake(ALNUM, 40, 2)}`],
      noMatch: ["lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", `lin_api_${fake(ALNUM, 16, 3)}`],
    },
  },
  {
    id: "secret.postman-api-key",
    kind: "secret",
    reason: "Postman API key: reads the user's collections and environments, which often hold further secrets.",
    score: 90,
    keywords: ["pmak-"],
    pattern: token(String.raw`PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`POSTMAN_API_KEY=PMAK-${fake(HEX, 24, 1)}-${fake(HEX, 34, 2)}`, `x-api-key: PMAK-${fake(HEX, 24, 3)}-${fake(HEX, 34, 4)}`],
      noMatch: [`PMAK-${fake(HEX, 24, 5)}`, "PMAK-<your-key>"],
    },
  },
  {
    id: "secret.grafana-token",
    kind: "secret",
    reason: "Grafana Cloud or service-account token: reads dashboards and data sources and can change them.",
    score: 90,
    keywords: ["glc_", "glsa_", "eyjrijoi"],
    pattern: token(String.raw`(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|eyJrIjoi[A-Za-z0-9]{70,400}={0,2})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`GRAFANA_TOKEN=glc_${fake(ALNUM, 32, 1)}`, `'Authorization': 'Bearer glsa_${fake(ALNUM, 32, 2)}_${fake(HEX, 8, 3)}'`],
      noMatch: ["static void GLC_CreateLightmapTextureArray(void);", `glsa_${fake(ALNUM, 20, 4)}`],
    },
  },
  {
    id: "secret.sentry-token",
    kind: "secret",
    reason: "Sentry auth token: reads error events (which carry user data) and changes the organisation's projects.",
    score: 90,
    keywords: ["sntrys_", "sntryu_"],
    pattern: token(String.raw`(?:sntrys_eyJ[A-Za-z0-9+/=]{40,600}_[A-Za-z0-9+/]{43}|sntryu_[a-f0-9]{64})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SENTRY_AUTH_TOKEN=sntryu_${fake(HEX, 64, 1)}`, `sntrys_${b64url('{"iat":1700000000,"url":"https://sentry.io","org":"demo"}')}_${fake(ALNUM, 43, 2)}`],
      noMatch: [`sntryu_${fake(HEX, 65, 3)}`, "sntrys_placeholder"],
    },
  },
  {
    id: "secret.new-relic-key",
    kind: "secret",
    reason: "New Relic user or ingest key: reads account data or writes telemetry into it.",
    score: 90,
    keywords: ["nrak-", "nrii-"],
    pattern: token(String.raw`(?:NRAK-[A-Za-z0-9]{27}|NRII-[A-Za-z0-9-]{32})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`NEW_RELIC_API_KEY=NRAK-${fake(UPNUM, 27, 1)}`, `"NRII-${fake(ALNUM, 32, 2)}"`],
      noMatch: [`NRAK-${fake(UPNUM, 10, 3)}`, "NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX"],
    },
  },
  {
    id: "secret.prefect-token",
    kind: "secret",
    reason: "Prefect API key: runs and changes flows in the workspace.",
    score: 90,
    keywords: ["pnu_"],
    pattern: token(String.raw`pnu_[A-Za-z0-9]{36}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`PREFECT_API_KEY=pnu_${fake(ALNUM, 36, 1)}`, `"pnu_${fake(LOWNUM, 36, 2)}"`],
      noMatch: [`pnu_${fake(ALNUM, 12, 3)}`, "pnu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.readme-api-key",
    kind: "secret",
    reason: "ReadMe API key: changes the project's documentation and reads its API logs.",
    score: 90,
    keywords: ["rdme_"],
    pattern: token(String.raw`rdme_[a-z0-9]{70}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`README_API_KEY=rdme_${fake(LOWNUM, 70, 1)}`, `'rdme_${fake(LOWNUM, 70, 2)}'`],
      noMatch: [`const API_KEY = 'rdme_${"X".repeat(70)}';`, `rdme_${fake(LOWNUM, 30, 3)}`],
    },
  },
  {
    id: "secret.infracost-token",
    kind: "secret",
    reason: "Infracost API key: uses the organisation's Infracost account.",
    score: 90,
    keywords: ["ico-"],
    pattern: token(String.raw`ico-[A-Za-z0-9]{32}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`INFRACOST_API_KEY=ico-${fake(ALNUM, 32, 1)}`, `"ico-${fake(ALNUM, 32, 2)}"`],
      noMatch: ["ico-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX", `favico-${fake(ALNUM, 32, 3)}`],
    },
  },
  {
    id: "secret.octopus-deploy-key",
    kind: "secret",
    reason: "Octopus Deploy API key: runs deployments as its user.",
    score: 90,
    keywords: ["api-"],
    pattern: token(String.raw`API-[A-Z0-9]{26}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`set apikey="API-${fake(UPNUM, 26, 1)}"`, `OCTOPUS_API_KEY=API-${fake(UPNUM, 26, 2)}`],
      noMatch: ["project=Garden-Coin_API-CalculadoraDeInvestimentos&metric=alert_status", `API-${fake(UPNUM, 12, 3)}`],
    },
  },
  {
    id: "secret.contentful-token",
    kind: "secret",
    reason: "Contentful personal access token: manages the spaces and content of its user.",
    score: 90,
    keywords: ["cfpat-"],
    pattern: token(String.raw`CFPAT-[\w-]{43}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`CONTENTFUL_MANAGEMENT_TOKEN=CFPAT-${fake(B64URL, 43, 1)}`, `"CFPAT-${fake(ALNUM, 43, 2)}"`],
      noMatch: [`CFPAT-${fake(ALNUM, 10, 3)}`, "CFPAT-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.typeform-token",
    kind: "secret",
    reason: "Typeform personal token: reads form responses, which hold respondents' data.",
    score: 90,
    keywords: ["tfp_"],
    pattern: token(String.raw`tfp_[\w=.-]{59}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`TYPEFORM_TOKEN=tfp_${fake(B64URL, 59, 1)}`, `'tfp_${fake(LOWNUM + "_-", 59, 2)}'`],
      noMatch: [`tfp_${fake(ALNUM, 20, 3)}`, `tfp_${"x".repeat(59)}`],
    },
  },
  {
    id: "secret.frameio-token",
    kind: "secret",
    reason: "Frame.io developer token: reads and changes the account's media and reviews.",
    score: 90,
    keywords: ["fio-u-"],
    pattern: token(String.raw`fio-u-[\w=-]{64}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`FRAMEIO_TOKEN=fio-u-${fake(B64URL, 64, 1)}`, `"fio-u-${fake(LOWNUM, 64, 2)}"`],
      noMatch: [`fio-u-${fake(ALNUM, 20, 3)}`, `fio-u-${"x".repeat(64)}`],
    },
  },

  // ---------------------------------------------------------------------------- messaging and email
  {
    id: "secret.slack-token",
    kind: "secret",
    reason: "Slack bot, user, app or config token: reads and posts messages in the workspace as its owner.",
    score: 90,
    keywords: ["xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxs-", "xoxr-", "xoxe", "xapp-"],
    pattern: token(
      String.raw`(?:xox[abposr]-(?:\d{1,2}-)?\d{8,14}-(?:\d{8,14}-){0,3}[A-Za-z0-9]{8,64}|xox[pe](?:-\d{10,13}){3}-[A-Za-z0-9-]{28,34}|xoxb-\d{10,13}-\d{10,13}[A-Za-z0-9-]{0,64}|xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}|xox[os]-\d{1,20}-\d{1,20}-\d{1,20}-[a-fA-F\d]{1,64}|xapp-\d-[A-Za-z0-9]{1,40}-\d{1,20}-[A-Za-z0-9]{1,100}|xoxe\.xox[bp]-\d-[A-Za-z0-9]{150,170}|xoxe-\d-[A-Za-z0-9]{140,150})`,
    ),
    // Mostly numeric team/user ids, so the whole token has less entropy than a random one.
    validators: HIGH_ENTROPY(2.5),
    examples: {
      match: [
        `SLACK_BOT_TOKEN=xoxb-${fake(DIGITS, 12, 1)}-${fake(DIGITS, 13, 2)}-${fake(ALNUM, 24, 3)}`,
        `"user_token": "xoxp-${fake(DIGITS, 12, 4)}-${fake(DIGITS, 13, 5)}-${fake(DIGITS, 13, 6)}-${fake(HEX, 32, 7)}"`,
        `xapp-1-${fake(UPNUM, 11, 8)}-${fake(DIGITS, 13, 9)}-${fake(HEX, 64, 10)}`,
        `"bot_token": "xoxb-${fake(DIGITS, 12, 11)}-${fake(ALNUM, 24, 12)}"`,
      ],
      noMatch: ["xoxb-12345-abcd234", `"token": "xoxp-${fake(DIGITS, 12, 13)}-${fake(DIGITS, 12, 14)}-${fake(DIGITS, 12, 15)}-####################"`, "xoxb-Slack_BOT_TOKEN", "EXO-XOXO-teaser.jpg"],
    },
  },
  {
    id: "secret.slack-webhook",
    kind: "secret",
    reason: "Slack incoming-webhook or workflow URL: anyone holding it can post into the channel.",
    score: 90,
    keywords: ["hooks.slack.com"],
    pattern: /(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,56}/g,
    examples: {
      match: [`SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T${fake(UPNUM, 10, 1)}/B${fake(UPNUM, 10, 2)}/${fake(ALNUM, 24, 3)}`, `curl -X POST hooks.slack.com/workflows/T${fake(UPNUM, 10, 4)}/A${fake(UPNUM, 10, 5)}/${fake(DIGITS, 18, 6)}/${fake(ALNUM, 24, 7)}`],
      noMatch: ["https://hooks.slack.com/services/T000/B000/XXXX", "See https://api.slack.com/messaging/webhooks"],
    },
  },
  {
    id: "secret.teams-webhook",
    kind: "secret",
    reason: "Microsoft Teams incoming-webhook URL: anyone holding it can post into the channel.",
    score: 90,
    keywords: ["webhook.office.com"],
    pattern: /https:\/\/[a-z0-9-]{1,60}\.webhook\.office\.com\/webhookb2\/[a-z0-9-]{36}@[a-z0-9-]{36}\/IncomingWebhook\/[a-z0-9]{10,40}\/[a-z0-9-]{36}/gi,
    examples: {
      match: [
        `https://demo.webhook.office.com/webhookb2/${uuid(1)}@${uuid(6)}/IncomingWebhook/${fake(HEX, 32, 11)}/${uuid(12)}`,
        `TEAMS_URL="https://corp.webhook.office.com/webhookb2/${uuid(20)}@${uuid(25)}/IncomingWebhook/${fake(LOWNUM, 13, 30)}/${uuid(31)}"`,
      ],
      noMatch: ["https://demo.webhook.office.com/webhookb2/", "Create an Incoming Webhook in Teams"],
    },
  },
  {
    id: "secret.discord-bot-token",
    kind: "secret",
    reason: "Discord bot token: logs in as the bot with every permission it has on its servers.",
    score: 90,
    // No literal is common to every token (the first part is base64 of a numeric id), so the
    // prefilter is the dot between the parts.
    keywords: ["."],
    // The first part is base64 of the numeric user id (24–26 characters), then a 6-character
    // timestamp and a 27- or 38-character HMAC.
    // detect-secrets anchors neither end: the id part may follow other characters and the HMAC part
    // is its first 27 characters.
    pattern: /[MNO][A-Za-z0-9_-]{23,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27}/g,
    precheck: /\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27}/,
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`DISCORD_TOKEN=MT${fake(B64URL, 24, 1)}.${fake(B64URL, 6, 2)}.${fake(B64URL, 38, 3)}`, `client.login("OT${fake(ALNUM, 22, 4)}.${fake(ALNUM, 6, 5)}.${fake(B64URL, 27, 6)}")`],
      noMatch: [
        `PZ${fake(ALNUM, 22, 7)}.${fake(ALNUM, 6, 8)}.${fake(ALNUM, 27, 9)}`,
        `MT${fake(ALNUM, 22, 10)}.${fake(ALNUM, 6, 11)}.${fake(ALNUM, 20, 12)}`,
        `MT${fake(ALNUM, 21, 13)}.${fake(ALNUM, 6, 14)}.${fake(ALNUM, 27, 15)}`,
      ],
    },
  },
  {
    id: "secret.discord-webhook",
    kind: "secret",
    reason: "Discord webhook URL: anyone holding it can post into the channel as the webhook.",
    score: 90,
    keywords: ["/api/webhooks/"],
    pattern: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[\w-]{60,70}/g,
    examples: {
      match: [`https://discord.com/api/webhooks/${fake(DIGITS, 18, 1)}/${fake(B64URL, 68, 2)}`, `webhook: "https://discordapp.com/api/webhooks/${fake(DIGITS, 19, 3)}/${fake(ALNUM, 68, 4)}"`],
      noMatch: ["https://discord.com/api/webhooks/{id}/{token}", "https://discord.com/developers/docs/resources/webhook"],
    },
  },
  {
    id: "secret.telegram-bot-token",
    kind: "secret",
    reason: "Telegram bot token: controls the bot and reads every message sent to it.",
    score: 90,
    keywords: [":aa"],
    pattern: new RegExp(String.raw`(?<![\w:])(?:bot)?${notSample([TELEGRAM_SAMPLE_TOKEN])}\d{8,10}:AA[A-Za-z0-9_-]{33}${E}`, "g"),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`TELEGRAM_BOT_TOKEN=${fake(DIGITS, 10, 1)}:AA${fake(B64URL, 33, 2)}`, `https://api.telegram.org/bot${fake(DIGITS, 9, 3)}:AA${fake(ALNUM, 33, 4)}/getUpdates`],
      noMatch: [
        `arn:aws:sns:aaa:111122223333:${fake(LOWER, 38, 5)}`,
        `${fake(DIGITS, 8, 6)}:A_${fake(LOWNUM, 33, 7)}`,
        // The token in the Telegram Bot API documentation.
        "curl https://api.telegram.org/bot110201543:AAHdqTcvCH1vGWJxfSe1ofSAs0K5PALDsaw/getMe",
      ],
    },
  },
  {
    id: "secret.twilio-api-key",
    kind: "secret",
    reason: "Twilio API key: sends messages and calls billed to the account.",
    score: 90,
    keywords: ["sk"],
    // "SK" and 32 characters: hex in any case (gitleaks), or lower-case letters and digits as
    // detect-secrets defines it, which also reports the documented SKxxxx… form.
    pattern: /\bSK(?:[0-9a-fA-F]{32}|[a-z0-9]{32})\b/g,
    precheck: /SK[0-9a-zA-Z]{32}/,
    needs: { alnum: 34 },
    examples: {
      match: [`TWILIO_API_KEY=SK${fake(HEX, 32, 1)}`, `"sid": "SK${fake(HEX, 32, 2)}"`, "SKxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
      noMatch: [`SK${fake(HEX, 20, 3)}`, `SK${fake(UPPER, 32, 4)}`, `TASK${fake(HEX, 32, 5)}`],
    },
  },
  {
    id: "secret.twilio-account-sid",
    kind: "secret",
    reason: "Twilio account SID: identifies the account; with its auth token it gives full account access.",
    score: 70,
    keywords: ["ac"],
    // As detect-secrets defines it: "AC" and 32 lower-case letters or digits.
    pattern: /\bAC[a-z0-9]{32}\b/g,
    precheck: /AC[a-z0-9]{32}/,
    needs: { alnum: 34 },
    examples: {
      match: [`TWILIO_ACCOUNT_SID=AC${fake(HEX, 32, 1)}`, `client = Client("AC${fake(HEX, 32, 2)}", auth_token)`, "ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
      noMatch: [`AC${fake(HEX, 16, 3)}`, `AC${fake(UPNUM, 32, 4)}`],
    },
  },
  {
    id: "secret.sendgrid-api-key",
    kind: "secret",
    reason: "SendGrid API key: sends email from the account's verified domains.",
    score: 90,
    keywords: ["sg."],
    // The documented form (22 and 43 characters around a dot), and gitleaks' 66 characters after "SG.".
    pattern: token(String.raw`SG\.(?:[\w-]{22}\.[\w-]{43}|[\w=.-]{66})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SENDGRID_API_KEY=SG.${fake(B64URL, 22, 1)}.${fake(B64URL, 43, 2)}`, `"SG.${fake(ALNUM, 22, 3)}.${fake(ALNUM, 43, 4)}"`],
      noMatch: [`SG.${fake(ALNUM, 22, 5)}..${fake(ALNUM, 43, 6)}`, "SG.example.key"],
    },
  },
  {
    id: "secret.mailchimp-api-key",
    kind: "secret",
    reason: "Mailchimp API key: reads the audience lists (subscriber data) and sends campaigns.",
    score: 90,
    keywords: ["-us"],
    // detect-secrets: 32 lower-case letters or digits (gitleaks: hex) and the data-centre suffix.
    pattern: /\b[0-9a-z]{32}-us\d{1,2}\b/g,
    validators: TOKEN_CHECKS,
    examples: {
      match: [`MAILCHIMP_API_KEY=${fake(HEX, 32, 1)}-us18`, `mailchimp.setConfig({ apiKey: "${fake(HEX, 32, 2)}-us2" })`],
      noMatch: [`${fake(HEX, 32, 3)}-2`, `${fake(HEX, 32, 4).toUpperCase()}-us2`],
    },
  },
  {
    id: "secret.mailgun-api-key",
    kind: "secret",
    reason: "Mailgun private API key: sends email from the account's domains and reads its logs.",
    score: 90,
    keywords: ["key-"],
    pattern: token(String.raw`key-[a-f0-9]{32}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`MAILGUN_API_KEY=key-${fake(HEX, 32, 1)}`, `auth=("api", "key-${fake(HEX, 32, 2)}")`],
      noMatch: [`key-${fake(HEX, 16, 3)}`, "primary-key-constraint"],
    },
  },
  {
    id: "secret.sendinblue-api-key",
    kind: "secret",
    reason: "Brevo (Sendinblue) API key: sends email and reads the account's contacts.",
    score: 90,
    keywords: ["xkeysib-"],
    pattern: token(String.raw`xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`BREVO_API_KEY=xkeysib-${fake(HEX, 64, 1)}-${fake(ALNUM, 16, 2)}`, `"xkeysib-${fake(HEX, 64, 3)}-${fake(LOWNUM, 16, 4)}"`],
      noMatch: [`xkeysib-${fake(HEX, 30, 5)}`, "xkeysib-your-key"],
    },
  },

  // ---------------------------------------------------------------------------- payments and commerce
  {
    id: "secret.stripe-live-key",
    kind: "secret",
    reason: "Stripe live secret or restricted key: moves real money and reads customers' payment data.",
    score: 95,
    keywords: ["sk_live_", "rk_live_", "sk_prod_", "rk_prod_"],
    pattern: token(String.raw`[sr]k_(?:live|prod)_[A-Za-z0-9]{10,99}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`STRIPE_SECRET_KEY=sk_live_${fake(ALNUM, 24, 1)}`, `stripe.api_key = "rk_live_${fake(ALNUM, 99, 2)}"`],
      noMatch: [`pk_live_${fake(ALNUM, 24, 3)}`, "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx", `sk_live_${fake(ALNUM, 6, 4)}`],
    },
  },
  {
    id: "secret.stripe-test-key",
    kind: "secret",
    reason: "Stripe test-mode secret key: no real money, but it reads and changes the account's test data and settings.",
    score: 60,
    keywords: ["sk_test_", "rk_test_"],
    pattern: token(String.raw`[sr]k_test_[A-Za-z0-9]{10,99}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`STRIPE_SECRET_KEY=sk_test_${fake(ALNUM, 24, 1)}`, `"rk_test_${fake(ALNUM, 99, 2)}"`],
      noMatch: [`pk_test_${fake(ALNUM, 24, 3)}`, "sk_test_xxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.square-token",
    kind: "secret",
    reason: "Square access token or OAuth secret: takes payments and reads the seller's transactions.",
    score: 95,
    keywords: ["eaaa", "sq0atp-", "sq0csp-"],
    pattern: token(String.raw`(?:EAAA[\w-]{22,60}|sq0atp-[\w-]{22,60}|sq0csp-[\w-]{43})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SQUARE_ACCESS_TOKEN=EAAA${fake(B64URL, 60, 1)}`, `value: "sq0csp-${fake(B64URL, 43, 2)}"`, `sq0atp-${fake(ALNUM, 22, 3)}`],
      noMatch: [`EAAA${fake(ALNUM, 10, 4)}`, "sq0csp-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },
  {
    id: "secret.shopify-token",
    kind: "secret",
    reason: "Shopify access token or app shared secret: reads and changes the store's orders, products and customers.",
    score: 90,
    keywords: ["shpat_", "shpca_", "shppa_", "shpss_"],
    pattern: token(String.raw`shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SHOPIFY_ACCESS_TOKEN=shpat_${fake(HEX, 32, 1)}`, `shopifyToken = shpss_${fake(HEX, 32, 2)}`],
      noMatch: [`shpat_${fake(HEX, 20, 3)}`, `shpat_${"x".repeat(32)}`],
    },
  },
  {
    id: "secret.flutterwave-secret-key",
    kind: "secret",
    reason: "Flutterwave secret key: initiates payments and transfers for the merchant.",
    score: 95,
    keywords: ["flwseck"],
    pattern: token(String.raw`FLWSECK(?:_TEST)?-[a-h0-9]{32}-X`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`FLW_SECRET_KEY=FLWSECK-${fake(HEX, 32, 1)}-X`, `'FLWSECK_TEST-${fake(HEX, 32, 2)}-X'`],
      noMatch: [`FLWPUBK-${fake(HEX, 32, 3)}-X`, "FLWSECK-xxxxxxxx-X"],
    },
  },
  {
    id: "secret.shippo-token",
    kind: "secret",
    reason: "Shippo API token: buys shipping labels on the account and reads its addresses.",
    score: 90,
    keywords: ["shippo_"],
    pattern: token(String.raw`shippo_(?:live|test)_[a-fA-F0-9]{40}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SHIPPO_API_KEY=shippo_live_${fake(HEX, 40, 1)}`, `"shippo_test_${fake(HEX, 40, 2)}"`],
      noMatch: [`shippo_live_${fake(HEX, 10, 3)}`, "shippo_live_<token>"],
    },
  },
  {
    id: "secret.easypost-token",
    kind: "secret",
    reason: "EasyPost API key: buys postage on the account and reads its shipments.",
    score: 90,
    keywords: ["ezak", "eztk"],
    pattern: token(String.raw`EZ[AT]K[A-Za-z0-9]{54}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`EASYPOST_API_KEY=EZAK${fake(ALNUM, 54, 1)}`, `"EZTK${fake(ALNUM, 54, 2)}"`],
      noMatch: [`EZAK${fake(ALNUM, 20, 3)}`, `/rYqRvfQ+EZAKGqQRiRyqAFRQ/`],
    },
  },

  // ---------------------------------------------------------------------------- AI providers
  {
    id: "secret.openai-api-key",
    kind: "secret",
    reason: "OpenAI API key: makes API calls billed to the organisation and reads its files and fine-tunes.",
    score: 90,
    keywords: ["sk-proj-", "sk-svcacct-", "sk-admin-", "t3blbkfj", "sk-"],
    pattern: token(String.raw`(?:sk-(?:proj|svcacct|admin)-[\w-]{40,250}|sk-(?:[\w-]{1,100}-)?[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|sk-[A-Za-z0-9]{48})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`OPENAI_API_KEY=sk-proj-${fake(B64URL, 156, 1)}`, `sk-billing-${fake(ALNUM, 20, 6)}T3BlbkFJ${fake(ALNUM, 20, 7)}`, `openai.api_key = "sk-${fake(ALNUM, 20, 2)}T3BlbkFJ${fake(ALNUM, 20, 3)}"`, `sk-${fake(ALNUM, 48, 4)}`],
      noMatch: [`sk-proj-${"x".repeat(48)}`, `sk-${fake(ALNUM, 20, 5)}`, "sk-ant-is-not-openai"],
    },
  },
  {
    id: "secret.anthropic-api-key",
    kind: "secret",
    reason: "Anthropic API or admin key: makes API calls billed to the organisation (admin keys also manage it).",
    score: 90,
    keywords: ["sk-ant-"],
    pattern: token(String.raw`sk-ant-[a-z]{3,5}\d{2}-[\w-]{93}AA`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`ANTHROPIC_API_KEY=sk-ant-api03-${fake(B64URL, 93, 1)}AA`, `"sk-ant-admin01-${fake(ALNUM, 93, 2)}AA"`],
      noMatch: [`sk-ant-api03-${fake(ALNUM, 30, 3)}`, `sk-ant-api03-${"x".repeat(93)}AA`],
    },
  },
  {
    id: "secret.huggingface-token",
    kind: "secret",
    reason: "Hugging Face access token: reads and writes the user's or organisation's private models and datasets.",
    score: 90,
    keywords: ["hf_", "api_org_"],
    pattern: token(String.raw`(?:hf_|api_org_)[A-Za-z]{34}`),
    validators: HIGH_ENTROPY(3.5),
    examples: {
      match: [`HF_TOKEN=hf_${fake(UPPER + LOWER, 34, 1)}`, `huggingface-cli login --token hf_${fake(UPPER + LOWER, 34, 2)}`],
      noMatch: ["&hf_servingcellpriorityparametersdescription_h_prio", `api_org_${"X".repeat(34)}`, "<code>hf_xxxxx</code>"],
    },
  },
  {
    id: "secret.perplexity-api-key",
    kind: "secret",
    reason: "Perplexity API key: makes API calls billed to the account.",
    score: 90,
    keywords: ["pplx-"],
    pattern: token(String.raw`pplx-[A-Za-z0-9]{48}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`PERPLEXITY_API_KEY=pplx-${fake(ALNUM, 48, 1)}`, `"pplx-${fake(LOWNUM, 48, 2)}"`],
      noMatch: [`PERPLEXITY_API_KEY=pplx-${"x".repeat(48)}`, `pplx-${fake(ALNUM, 20, 3)}`],
    },
  },

  // ---------------------------------------------------------------------------- other services
  {
    id: "secret.1password-token",
    kind: "secret",
    reason: "1Password service-account token or account secret key: opens the vaults it can access.",
    score: 95,
    keywords: ["ops_eyj", "a3-"],
    pattern: token(String.raw`(?:ops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})`),
    validators: HIGH_ENTROPY(3.8),
    examples: {
      match: [`export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ${fake(B64, 400, 1)}`, `A3-${fake(UPNUM, 6, 2)}-${fake(UPNUM, 6, 3)}-${fake(UPNUM, 5, 4)}-${fake(UPNUM, 5, 5)}-${fake(UPNUM, 5, 6)}-${fake(UPNUM, 5, 7)}`],
      noMatch: ["A3-xXXXXX-XXXXXX-XXXXX-XXXXX-XXXXX-XXXXX", `export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ${fake(B64, 40, 8)}...`],
    },
  },
  {
    id: "secret.notion-token",
    kind: "secret",
    reason: "Notion integration token: reads and edits the pages shared with the integration.",
    score: 90,
    keywords: ["ntn_", "secret_"],
    pattern: token(String.raw`(?:ntn_\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})`),
    validators: HIGH_ENTROPY(4),
    examples: {
      match: [`NOTION_TOKEN=ntn_${fake(DIGITS, 11, 1)}${fake(ALNUM, 35, 2)}`, `"secret_${fake(ALNUM, 43, 3)}"`],
      noMatch: [`ntn_${"1234567890".repeat(6)}`, "secret_key_base"],
    },
  },
  {
    id: "secret.facebook-access-token",
    kind: "secret",
    reason: "Facebook/Meta access token: acts on the user's, page's or app's Graph API permissions.",
    score: 90,
    keywords: ["eaam", "eaac", "|", "%7c"],
    // User/page tokens (EAA…), and app access tokens, which are "<app id>|<app secret>".
    pattern: token(String.raw`(?:EAA[MC][A-Za-z0-9]{100,400}|\d{15,16}(?:\||%7[Cc])[\w-]{27,40})`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`FB_ACCESS_TOKEN=EAAC${fake(ALNUM, 180, 1)}`, `?access_token=EAAM${fake(ALNUM, 120, 2)}`, `facebook ${fake(DIGITS, 16, 5)}|${fake(B64URL, 27, 6)}`],
      noMatch: [`EAAM${fake(ALNUM, 40, 3)}`, `eaac${fake(ALNUM, 120, 4)}`, "| id | name | description of the column |"],
    },
  },
  {
    id: "secret.twitter-bearer-token",
    kind: "secret",
    reason: "X/Twitter app bearer token: calls the API as the app.",
    score: 90,
    keywords: ["aaaaaaaaaaaaaaaaaaaaa"],
    pattern: token(String.raw`A{22}[A-Za-z0-9%]{60,120}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`TWITTER_BEARER_TOKEN=${"A".repeat(22)}${fake(ALNUM, 80, 1)}`, `Authorization: Bearer ${"A".repeat(22)}${fake(ALNUM + "%", 90, 2)}`],
      noMatch: ["A".repeat(120), `${"A".repeat(22)}${fake(ALNUM, 20, 3)}`],
    },
  },
  {
    id: "secret.dropbox-token",
    kind: "secret",
    reason: "Dropbox access token: reads and writes the files the app can reach.",
    score: 90,
    keywords: ["sl."],
    pattern: token(String.raw`sl\.(?:[a-z]\.)?[\w-]{130,1400}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`DROPBOX_TOKEN=sl.${fake(B64URL, 138, 1)}`, `"access_token": "sl.u.${fake(B64URL, 400, 2)}"`],
      noMatch: [`sl.${fake(ALNUM, 40, 3)}`, "see docs/sl.md"],
    },
  },
  {
    id: "secret.airtable-token",
    kind: "secret",
    reason: "Airtable personal access token: reads and writes the bases it is scoped to.",
    score: 90,
    keywords: ["pat"],
    pattern: token(String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`AIRTABLE_TOKEN=pat${fake(ALNUM, 14, 1)}.${fake(HEX, 64, 2)}`, `"pat${fake(LOWNUM, 14, 3)}.${fake(HEX, 64, 4)}"`],
      noMatch: [`pat${fake(ALNUM, 14, 5)}.${fake(HEX, 20, 6)}`, "path.to.file"],
    },
  },
  {
    id: "secret.settlemint-token",
    kind: "secret",
    reason: "SettleMint access token: manages the blockchain applications it is scoped to.",
    score: 90,
    keywords: ["sm_pat_", "sm_aat_", "sm_sat_"],
    pattern: token(String.raw`sm_(?:pat|aat|sat)_[a-zA-Z0-9]{16}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`SETTLEMINT_ACCESS_TOKEN=sm_pat_${fake(LOWNUM, 16, 1)}`, `"sm_sat_${fake(LOWNUM, 16, 2)}"`],
      noMatch: [`sm_pat_${fake(LOWNUM, 10, 3)}`, `sm_pat_${"x".repeat(16)}`],
    },
  },
  {
    id: "secret.intra42-client-secret",
    kind: "secret",
    reason: "42 Intra OAuth client secret: acts as the OAuth application.",
    score: 90,
    keywords: ["s-s4t2"],
    pattern: token(String.raw`s-s4t2(?:ud|af)-[a-f0-9]{64}`),
    validators: TOKEN_CHECKS,
    examples: {
      match: [`clientSecret := "s-s4t2af-${fake(HEX, 64, 1)}"`, `FT_SECRET=s-s4t2ud-${fake(HEX, 64, 2)}`],
      noMatch: [`s-s4t2af-${fake(HEX, 20, 3)}`, "s-s4t2af-<secret>"],
    },
  },

  {
    id: "secret.sidekiq-credentials",
    kind: "secret",
    reason: "Sidekiq Pro/Enterprise gem-server credentials: download the licensed gems on the customer's licence.",
    score: 90,
    keywords: ["__contribsys__com"],
    pattern: /BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM\s{0,4}[:=]\s{0,4}['"]?(?<value>[a-f0-9]{8}:[a-f0-9]{8})\b/gi,
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: [`export BUNDLE_GEMS__CONTRIBSYS__COM="${fake(HEX, 8, 1)}:${fake(HEX, 8, 2)}"`, `BUNDLE_ENTERPRISE__CONTRIBSYS__COM: ${fake(HEX, 8, 3)}:${fake(HEX, 8, 4)}`],
      noMatch: ["BUNDLE_GEMS__CONTRIBSYS__COM=${SIDEKIQ_CREDS}", "bundle config gems.contribsys.com"],
    },
  },

  {
    id: "secret.lob-api-key",
    kind: "secret",
    reason: "Lob API key: sends letters and postcards billed to the account and reads its address book.",
    score: 90,
    keywords: ["lob"],
    // Lob keys are live_ or test_ plus 35 hex characters (test keys still read the account's data).
    pattern: named(String.raw`(?<![A-Za-z])lob`, "(?:live|test)_[a-f0-9]{35}"),
    validators: [{ check: "entropy", min: 3 }],
    examples: {
      match: [`LOB_API_KEY=live_${fake(HEX, 35, 1)}`, `lobSecret: "test_${fake(HEX, 35, 2)}"`],
      noMatch: [`LOB_API_KEY=live_${fake(HEX, 20, 3)}`, `blob_key = test_${fake(HEX, 35, 4)}`],
    },
  },
  {
    id: "secret.sumologic-access-id",
    kind: "secret",
    reason: "Sumo Logic access id: with its access key it queries the organisation's logs.",
    score: 70,
    keywords: ["sumo"],
    // Access ids are "su" plus 12 letters and digits, after a name that says Sumo (as gitleaks).
    pattern: named("sumo", "su[A-Za-z0-9]{12}"),
    validators: HIGH_ENTROPY(3),
    examples: {
      match: [`SUMO_ACCESS_ID = "su${fake(ALNUM, 12, 1)}"`, `sumologic_accessid: su${fake(ALNUM, 12, 2)}`],
      noMatch: ["export SUMOLOGIC_ACCESSID=XXXXXXXXXXXXXX", `SUMO_ACCESS_ID=su${fake(ALNUM, 20, 3)}`],
    },
  },

  {
    id: "secret.asana-client-credentials",
    kind: "secret",
    reason: "Asana OAuth client id or secret: together they act as the Asana app for its users.",
    score: 60,
    keywords: ["asana"],
    // Numeric 16-digit client id or 32-character secret, only after a name that says Asana (as gitleaks).
    pattern: named("asana", String.raw`(?:\d{16}|[a-z0-9]{32})`),
    validators: [{ check: "entropy", min: 2 }, { check: "not-placeholder" }],
    examples: {
      match: [`ASANA_CLIENT_ID=${fake(DIGITS, 16, 1)}`, `asanaSecret = '${fake(LOWNUM, 32, 2)}'`],
      noMatch: [`ASANA_CLIENT_ID=${fake(DIGITS, 12, 3)}`, `asana_secret = "${"0".repeat(32)}"`],
    },
  },
  {
    id: "secret.discord-client-credentials",
    kind: "secret",
    reason: "Discord application id, client secret or API key: together they act as the Discord app.",
    score: 60,
    keywords: ["discord"],
    // An 18-digit application id, a 32-character client secret or a 64-hex API key, only after a
    // name that says Discord (as gitleaks).
    pattern: named("discord", String.raw`(?:\d{18}|[a-z0-9=_-]{32}|[a-f0-9]{64})`),
    validators: [{ check: "entropy", min: 2 }, { check: "not-placeholder" }],
    examples: {
      match: [`discord_client_id: "${fake(DIGITS, 18, 1)}"`, `string discordSecret = "${fake(LOWNUM, 32, 2)}";`, `DISCORD_API_KEY=${fake(HEX, 64, 3)}`],
      noMatch: [`discord_channel = ${fake(DIGITS, 10, 4)}`, `discord_secret: "${"x".repeat(32)}"`],
    },
  },

  // ---------------------------------------------------------------------------- IBM Cloud (detect-secrets' plugins)
  {
    id: "secret.ibm-cloud-iam-key",
    kind: "secret",
    reason: "IBM Cloud IAM API key: signs in to IBM Cloud as its user or service ID.",
    score: 85,
    keywords: ["key", "pwd", "pass", "token"],
    // detect-secrets' assignment form: an optional ibm/cloud/iam prefix, an optional "api", then key,
    // pwd, password, pass or token, any of =, :, :=, =>, :: or spaces, and a 44-character key.
    pattern: new RegExp(
      String.raw`(?<!\w)\[?['"]?(?:--)?(?:ibm[_-]?cloud[_-]?iam|cloud[_-]?iam|ibm[_-]?cloud|ibm[_-]?iam|ibm|iam|cloud)?[_-]?(?:api)?[_-]?(?:key|pwd|password|pass|token)['"]?\]? {0,8}(?:=|:|:=|=>| +|::) {0,8}['"]?(?<value>[a-zA-Z0-9_-]{44})(?![a-zA-Z0-9_-])`,
      "gi",
    ),
    precheck: /(?:key|pwd|pass|token)['"]?\]? {0,8}(?:=|:|=>| |::)[ :=]{0,8}['"]?[a-zA-Z0-9_-]{44}/i,
    validators: [{ check: "entropy", min: 3 }, { check: "not-masked" }],
    examples: {
      match: [`ibm_cloud_iam_api_key: ${fake(B64URL, 44, 1)}`, `IBM_API_KEY="${fake(ALNUM, 44, 2)}"`, `apikey = '${fake(ALNUM, 44, 3)}'`],
      noMatch: ['iam_api_key="%s" % IBM_IAM_API_KEY_ENV', "cloud-iam-key:=afakekey", `my_key = "${fake(ALNUM, 44, 4)}"`, `apikey = "${fake(ALNUM, 45, 5)}"`],
    },
  },
  {
    id: "secret.ibm-cos-hmac-secret",
    kind: "secret",
    reason: "IBM Cloud Object Storage HMAC secret access key: with its key id, reads and writes the service's buckets.",
    score: 85,
    keywords: ["secret"],
    pattern: new RegExp(
      String.raw`(?<!\w)\[?['"]?(?:(?:ibm)?[-_]?cos[-_]?(?:hmac)?)?[-_]?secret[-_]?(?:access)?[-_]?key['"]?\]? {0,8}(?:=|:|:=|=>| +|::) {0,8}['"]?(?<value>[a-f0-9]{48})(?![a-f0-9])`,
      "gi",
    ),
    validators: [{ check: "entropy", min: 2.5 }, { check: "not-masked" }],
    examples: {
      match: [`secret_access_key: ${fake(HEX, 48, 1)}`, `"cos_hmac_secret_key": "${fake(HEX, 48, 2)}"`],
      noMatch: [`secret_access_key: ${fake(HEX, 40, 3)}`, "not_secret = notapassword"],
    },
  },
  {
    id: "secret.softlayer-api-key",
    kind: "secret",
    reason: "IBM SoftLayer API key: manages the account's classic infrastructure.",
    score: 85,
    keywords: ["softlayer", "sl"],
    pattern: new RegExp(
      String.raw`(?:(?<!\w)\[?['"]?(?:softlayer|sl)[_-]?(?:api)?[_-]?(?:key|pwd|password|pass|token)['"]?\]? {0,8}(?:=|:|:=|=>| +|::) {0,8}['"]?|https?://api\.softlayer\.com/soap/v3(?:\.1)?/)(?<value>[a-z0-9]{64})(?![a-z0-9])`,
      "gi",
    ),
    precheck: /(?:softlayer|sl)[_-]?(?:api)?[_-]?(?:key|pwd|pass|token)|api\.softlayer\.com/i,
    validators: [{ check: "entropy", min: 3 }, { check: "not-masked" }],
    examples: {
      match: [`softlayer_api_key: ${fake(LOWNUM, 64, 1)}`, `https://api.softlayer.com/soap/v3.1/${fake(LOWNUM, 64, 2)}`],
      noMatch: ['softlayer_api_key="%s" % SL_API_KEY_ENV', 'SOFTLAYER_APIKEY: "insert_key_here"', `slkey = ${fake(LOWNUM, 40, 3)}`],
    },
  },
  {
    id: "secret.cloudant-credentials",
    kind: "secret",
    reason: "IBM Cloudant password or API key: reads and writes the account's databases.",
    score: 85,
    keywords: ["cloudant", "cl"],
    // detect-secrets: cloudant/cl/clou, an optional "api", key/pwd/pw/password/pass/token, then a
    // 64-hex password or a 24-letter API key; or either one as the password of a *.cloudant.com URL.
    pattern: new RegExp(
      String.raw`(?:(?<!\w)\[?['"]?(?:cloudant|clou|cl)[_-]?(?:api[_-]?)?(?:key|pwd|pw|password|pass|token)['"]?\]? {0,8}(?:=|:|:=|=>| +|::) {0,8}['"]?|https?://[\w-]{1,100}:)(?<value>[0-9a-f]{64}|[a-z]{24})(?![a-z0-9])(?:(?<=//[\w-]{1,100}:\w{24,64})@[\w-]{1,100}\.cloudant\.com|(?<!//[\w-]{1,100}:\w{24,64}))`,
      "gi",
    ),
    precheck: /(?:cloudant|cl|clou)[_-]?(?:api[_-]?)?(?:key|pwd|pw|pass|token)|cloudant\.com/i,
    validators: [{ check: "not-masked" }],
    examples: {
      match: [`cloudant_password = "${fake(HEX, 64, 1)}"`, `cl_api_key: ${fake(LOWER, 24, 2)}`, `https://acct-1:${fake(HEX, 64, 3)}@acct-1.cloudant.com`],
      noMatch: ['cloudant_password = "a-fake-tooshort-key"', `https://acct:${fake(HEX, 64, 4)}.cloudant.com`, `cl_api_key: ${fake(LOWER, 30, 5)}`],
    },
  },

  // ---------------------------------------------------------------------------- more prefixed tokens (gitleaks)
  {
    id: "secret.adobe-client-secret",
    kind: "secret",
    reason: "Adobe OAuth client secret: signs in as the Adobe integration.",
    score: 90,
    keywords: ["p8e-"],
    pattern: token(String.raw`p8e-[a-zA-Z0-9]{32}`),
    validators: [{ check: "entropy", min: 2 }, { check: "not-masked" }],
    examples: {
      match: [`ADOBE_CLIENT_SECRET=p8e-${fake(ALNUM, 32, 1)}`, `"p8e-${fake(LOWNUM, 32, 2)}"`],
      noMatch: [`p8e-${fake(ALNUM, 20, 3)}`, `p8e-${"X".repeat(32)}`],
    },
  },
  {
    id: "secret.authress-access-key",
    kind: "secret",
    reason: "Authress service client access key: acts on the account's access records as the service client.",
    score: 90,
    keywords: ["sc_", "ext_", "scauth_", "authress_"],
    pattern: token(String.raw`(?:sc|ext|scauth|authress)_[a-zA-Z0-9]{5,30}\.[a-zA-Z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-z0-9+/_=-]{30,120}`),
    validators: [{ check: "entropy", min: 2 }, { check: "not-masked" }],
    examples: {
      match: [`AUTHRESS_KEY=sc_${fake(LOWNUM, 10, 1)}.${fake(LOWNUM, 4, 2)}.acc_${fake(LOWNUM, 10, 3)}.${fake(LOWNUM + "-_", 40, 4)}`, `"authress_${fake(LOWNUM, 8, 5)}.${fake(LOWNUM, 5, 6)}.acc-${fake(LOWNUM, 12, 7)}.${fake(LOWNUM, 60, 8)}"`],
      noMatch: [`sc_${fake(LOWNUM, 10, 9)}.acc_${fake(LOWNUM, 10, 10)}`, "ext_module.version.acc"],
    },
  },
  {
    id: "secret.clickhouse-cloud-key",
    kind: "secret",
    reason: "ClickHouse Cloud API secret: manages the organisation's services and their data.",
    score: 90,
    keywords: ["4b1d"],
    pattern: /\b4b1d[A-Za-z0-9]{38}\b/g,
    validators: [{ check: "entropy", min: 3 }],
    examples: {
      match: [`CLICKHOUSE_KEY_SECRET=4b1d${fake(ALNUM, 38, 1)}`, `"4b1d${fake(ALNUM, 38, 2)}"`],
      noMatch: [`key = adf4b1d${fake(ALNUM, 38, 3)}`, `4b1d${fake(ALNUM, 20, 4)}`],
    },
  },
  {
    id: "secret.duffel-api-token",
    kind: "secret",
    reason: "Duffel API token: books and pays for travel on the account.",
    score: 90,
    keywords: ["duffel_"],
    pattern: token(String.raw`duffel_(?:test|live)_[a-zA-Z0-9_=-]{43}`),
    validators: [{ check: "entropy", min: 2 }, { check: "not-masked" }],
    examples: {
      match: [`DUFFEL_TOKEN=duffel_live_${fake(B64URL, 43, 1)}`, `"duffel_test_${fake(ALNUM, 43, 2)}"`],
      noMatch: [`duffel_live_${fake(ALNUM, 20, 3)}`, `duffel_live_${"x".repeat(43)}`],
    },
  },
  {
    id: "secret.flutterwave-key",
    kind: "secret",
    reason: "Flutterwave test encryption or public key: part of the merchant's payment credentials.",
    score: 60,
    keywords: ["flwseck_test-", "flwpubk_test-"],
    pattern: token(String.raw`(?:FLWSECK_TEST-[a-hA-H0-9]{12}|FLWPUBK_TEST-[a-hA-H0-9]{32}-X)`),
    validators: [{ check: "entropy", min: 2 }],
    examples: {
      match: [`FLW_ENCRYPTION_KEY=FLWSECK_TEST-${fake(HEX, 12, 1)}`, `'FLWPUBK_TEST-${fake(HEX, 32, 2)}-X'`],
      noMatch: [`FLWPUBK_TEST-${fake(HEX, 20, 3)}-X`, `FLWSECK_TEST-${fake(HEX, 8, 4)}`],
    },
  },
  {
    id: "secret.maxmind-license-key",
    kind: "secret",
    reason: "MaxMind license key: downloads the licensed GeoIP databases on the account.",
    score: 80,
    keywords: ["_mmk"],
    pattern: token(String.raw`[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk`),
    validators: [{ check: "entropy", min: 4 }],
    examples: {
      match: [`MAXMIND_LICENSE_KEY=${fake(ALNUM, 6, 1)}_${fake(ALNUM, 29, 2)}_mmk`, `"${fake(ALNUM, 6, 3)}_${fake(ALNUM, 29, 4)}_mmk"`],
      noMatch: [`${fake(ALNUM, 6, 5)}_${fake(ALNUM, 20, 6)}_mmk`, `xxxxxx_${"x".repeat(29)}_mmk`],
    },
  },
  {
    id: "secret.scalingo-api-token",
    kind: "secret",
    reason: "Scalingo API token: deploys and reconfigures the account's apps.",
    score: 90,
    keywords: ["tk-us-"],
    pattern: token(String.raw`tk-us-[\w-]{48}`),
    validators: [{ check: "entropy", min: 2 }, { check: "not-masked" }],
    examples: {
      match: [`SCALINGO_API_TOKEN=tk-us-${fake(B64URL, 48, 1)}`, `"tk-us-${fake(LOWNUM, 48, 2)}"`],
      noMatch: [`tk-us-${fake(ALNUM, 20, 3)}`, `tk-us-${"x".repeat(48)}`],
    },
  },
  {
    id: "secret.gitlab-session-cookie",
    kind: "secret",
    reason: "GitLab session cookie: logged in as its user until the session ends.",
    score: 90,
    keywords: ["_gitlab_session="],
    pattern: /_gitlab_session=(?<value>[0-9a-z]{32})(?![0-9a-z])/g,
    validators: [{ check: "entropy", min: 3 }],
    examples: {
      match: [`Cookie: _gitlab_session=${fake(LOWNUM, 32, 1)}`, `"_gitlab_session=${fake(HEX, 32, 2)}"`],
      noMatch: [`_gitlab_session=${fake(LOWNUM, 20, 3)}`, `_gitlab_session=${"0".repeat(32)}`],
    },
  },
  {
    id: "secret.aws-bedrock-api-key",
    kind: "secret",
    reason: "Amazon Bedrock API key: calls Bedrock models billed to the AWS account.",
    score: 90,
    keywords: ["absk", "bedrock-api-key-"],
    // Long-lived keys are ABSK plus base64 of "BedrockAPIKey-…"; short-lived ones are
    // "bedrock-api-key-" plus base64 of a presigned "bedrock.amazonaws.com" URL.
    pattern: token(String.raw`(?:ABSK[A-Za-z0-9+/]{109,269}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%&-]{0,4000})`),
    validators: [{ check: "entropy", min: 3 }, { check: "not-masked" }],
    examples: {
      match: [`AWS_BEARER_TOKEN_BEDROCK=ABSKQmVkcm9ja0FQSUtleS1${fake(B64, 120, 1)}`, `bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t${fake(B64, 200, 2)}`],
      noMatch: ["ABSKQmVkcm9ja0FQSUtleS1EXAMPLE", "bedrock-api-key-"],
    },
  },
  {
    id: "secret.vault-legacy-token",
    kind: "secret",
    reason: "HashiCorp Vault service token (pre-1.10 format): reads every secret its policies allow.",
    score: 85,
    keywords: ["s."],
    // "s." and 24 letters and digits; gitleaks allows the all-letter form, which is code (s.makeKubeConfig…).
    pattern: /(?<![\w.$-])s\.(?=[a-zA-Z]{0,23}[0-9])[a-zA-Z0-9]{24}(?![\w.(-])/g,
    precheck: /s\.[a-zA-Z0-9]{24}/,
    needs: { alnum: 24 },
    validators: [{ check: "entropy", min: 3.5 }, { check: "not-masked" }],
    examples: {
      match: [`VAULT_TOKEN=s.${fake(ALNUM, 24, 1)}`, `"token": "s.${fake(ALNUM, 24, 2)}"`],
      noMatch: ["s.makeKubeConfigController = args", "s.xxxxxxxxxxxxxxxxxxxxxxxx"],
    },
  },

  ...PROVIDER_KEY_RULES,

  // ---------------------------------------------------------------------------- JWTs
  {
    id: "secret.jwt",
    kind: "secret",
    reason: "JSON Web Token: a bearer credential; until it expires, whoever holds it is the subject it names.",
    score: 75,
    keywords: ["eyj"],
    // Header and payload are base64url JSON objects (the payload may be the empty object, e30): they
    // start with eyJ ('{"') and end in the encoding of '}' (…9, …Q, …0), and the jwt validator
    // decodes them, as detect-secrets checks formal validity. The header must name its algorithm:
    // it holds "alg" base64url-encoded at one of the three byte offsets (ImFsZy, JhbGci, iYWxnI),
    // as every JOSE header does.
    pattern: token(String.raw`(?=ey[\w-]{0,2000}?(?:ImFsZy|JhbGci|iYWxnI))eyJ[A-Za-z0-9_-]{10,2000}[90Q]={0,2}\.(?:ey[A-Za-z0-9_-]{10,8000}[90Q]={0,2}|e30)(?:\.[A-Za-z0-9_-]{0,2000}={0,2})?`),
    validators: [...TOKEN_CHECKS, { check: "jwt" }],
    examples: {
      match: [
        `Authorization: Bearer ${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","name":"John","iat":1516239022}')}.${fake(B64URL, 43, 1)}`,
        `id_token=${b64url('{"alg":"RS256","kid":"k1"}')}.${b64url('{"iss":"https://accounts.example.com","aud":"app","exp":1900000000}')}.${fake(B64URL, 342, 2)}`,
        `${b64url('{"typ":"JWT","alg":"none"}')}.${b64url('{"name":"Joe","status":"employee"}')}.`,
        `token: ${b64url('{"ab":1,"alg":"ES256"}')}.${b64url('{"sub":"svc","exp":1900000000}')}.${fake(B64URL, 86, 6)}`,
      ],
      noMatch: ["eyJBB.eyJCC.eyJDDDD", `${b64url("not valid json at all")}.${b64url("not valid json at all")}.${fake(B64URL, 43, 3)}`, `${b64url('{"alg":"HS256","typ":"JWT"}').slice(0, -2)}.${b64url('{"sub":"1"}')}.${fake(B64URL, 43, 4)}`,
        `${b64url('{"typ":"JWT","kid":"k1"}')}.${b64url('{"sub":"1234567890","iat":1516239022}')}.${fake(B64URL, 43, 5)}`,
        `${b64url('{"version":3,"file":"app.js"}')}.${b64url('{"mappings":"AAAA;AACA"}')}`,
      ],
    },
  },
  {
    id: "secret.base64-credential",
    kind: "secret",
    reason: "A credential of a known shape (an AWS key, a GitHub or Slack token, a Stripe live key, a private key), base64-encoded: the same secret, hidden from a plain look (T1132).",
    score: 85,
    // What a credential's first characters become in base64 at each of the three byte offsets
    // (AKIA → QUtJQ, FLSU, BS0lB; ghp_ → Z2hwX, docF, naHBf; aws_secret_access_key, -----BEGIN,
    // PRIVATE KEY likewise). A run of base64 (line-wrapped or not) holding one is decoded whole, and
    // must hold that credential's shape somewhere.
    keywords: ["qutjq", "flsu", "bs0lb", "qvnjq", "ftsu", "bu0lb", "z2hwx", "docf", "nahbf", "z2hvx", "z2h1x", "z2hzx", "eg94y", "eg94c", "hveg", "4b3hi", "c2tfbgl2zv", "nrx2xpdmvf", "za19saxzlx", "yxdzx3nly3jldf9hy2nlc3nfa2v5", "f3c19zzwnyzxrfywnjzxnzx2tle", "hd3nfc2vjcmv0x2fjy2vzc19rzx", "ls0tls1crudjt", "0tls0tqkvhsu", "tls0tlujfr0lo", "ufjjvkfursblrv", "bssvzbveugs0vz", "qukldqvrfiektfw"],
    pattern: /(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_\r\n-]{0,4000}?(?:QUtJQ|FLSU|BS0lB|QVNJQ|FTSU|BU0lB|Z2hwX|docF|naHBf|Z2hvX|Z2h1X|Z2hzX|eG94[Yc]|hveG|4b3hi|c2tfbGl2ZV|NrX2xpdmVf|za19saXZlX|YXdzX3NlY3JldF9hY2Nlc3Nfa2V5|F3c19zZWNyZXRfYWNjZXNzX2tle|hd3Nfc2VjcmV0X2FjY2Vzc19rZX|LS0tLS1CRUdJT|0tLS0tQkVHSU|tLS0tLUJFR0lO|UFJJVkFURSBLRV|BSSVZBVEUgS0VZ|QUklWQVRFIEtFW))[A-Za-z0-9+/_-](?:[A-Za-z0-9+/_-]|\r?\n(?=[A-Za-z0-9+/_-])){19,4000}={0,2}/g,
    validators: [{ check: "base64-credential" }],
    examples: {
      match: [
        `https://status-ping.example.dev/beat?k=${Buffer.from(`AKIA${fake(UPNUM, 16, 21)}:${fake(ALNUM, 40, 22)}`).toString("base64")}`,
        `TOKEN_B64=${Buffer.from(`ghp_${fake(ALNUM, 36, 23)}`).toString("base64")}`,
        `curl -d ${Buffer.from(`[default]\naws_access_key_id = AKIA${fake(UPNUM, 16, 24)}\naws_secret_access_key = ${fake(ALNUM, 40, 25)}\n`).toString("base64")} https://collect.example-metrics.net/`,
      ],
      noMatch: [`QUtJQUZPUk1BVF9OT1RF`, `id=${Buffer.from("AKIA is how AWS key ids start").toString("base64")}`, Buffer.from("aws_access_key_id = AKIAIOSFODNN7EXAMPLE").toString("base64")],
    },
  },
  {
    id: "secret.jwt-base64",
    kind: "secret",
    reason: "Base64-encoded JSON Web Token: a bearer credential once decoded; whoever holds it is the subject it names.",
    score: 75,
    keywords: ["zxlk"],
    // "eyJ" base64-encoded again is "ZXlK"; gitleaks lists the encodings of the JOSE header names that
    // may follow. The value must decode to a formally valid JWT.
    pattern: /\bZXlK(?:aGJHY2lPaU|aGNIVWlPaU|aGNIWWlPaU|aGRXUWlPaU|aU5qUWlP|amNtbDBJanBi|amRIa2lPaU|bGNHc2lPbn|bGJtTWlPaU|cWEzVWlPaU|cWQyc2lPb|cGMzTWlPaU|cGRpSTZJ|cmFXUWlP|clpYbGZiM0J6SWpwY|cmRIa2lPaUp|dWIyNWpaU0k2|d01tTWlP|d01uTWlPaU|d2NIUWlPaU|emRXSWlPaU|emRuUWlP|MFlXY2lPaU|MGVYQWlPaUp|MWNtd2l|MWMyVWlPaUp|MlpYSWlPaU|MlpYSnphVzl1SWpv|NElqb2|NE5XTWlP|NE5YUWlPaU|NE5YUWpVekkxTmlJNkl|NE5YVWlPaU|NmFYQWlPaU)[a-zA-Z0-9/\\_+\-\r\n]{40,8000}={0,2}/g,
    validators: [{ check: "entropy", min: 2 }, { check: "base64-jwt" }],
    examples: {
      match: [
        `JWT_B64=${Buffer.from(`${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"1234567890","iat":1516239022}')}.${fake(B64URL, 43, 1)}`).toString("base64")}`,
        `"token": "${Buffer.from(`${b64url('{"typ":"JWT","alg":"RS256"}')}.${b64url('{"iss":"demo","exp":1900000000}')}.${fake(B64URL, 86, 2)}`).toString("base64")}"`,
      ],
      noMatch: [`ZXlKaGJHY2lPaU${fake(B64, 60, 3)}`, `ZXlK${fake(B64, 60, 4)}`],
    },
  },
  {
    id: "secret.kubernetes-secret-data",
    kind: "secret",
    reason: "Value of a Kubernetes Secret manifest's data: the secret itself, only base64-encoded.",
    score: 85,
    keywords: ["secret"],
    // A data: entry with a base64 value, in a manifest whose kind is Secret (before or after it, as
    // gitleaks matches). Templated ({{ … }}) and empty values are not secrets.
    pattern: /(?<=\bdata:[\s\S]{0,100}?\s)[\w.-]{1,100}:(?:[ \t]*(?:\||>[-+]?)\s+)?[ \t]*["']?(?<value>[a-z0-9+/]{10,4000}={0,3})(?![a-z0-9+/=])(?:(?<=\bkind:[ \t]*["']?secret["']?[\s\S]{0,400})|(?=[\s\S]{0,300}?\bkind:[ \t]*["']?secret\b))/gi,
    precheck: /kind:[ \t]*["']?secret/i,
    validators: [{ check: "entropy", min: 2.5 }, { check: "not-masked" }],
    examples: {
      match: [`apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: ${Buffer.from(fake(ALNUM, 18, 1)).toString("base64")}\n`, `data:\n  api-token: ${Buffer.from(fake(ALNUM, 24, 2)).toString("base64")}\nkind: Secret`],
      noMatch: [`kind: ConfigMap\ndata:\n  app.conf: ${Buffer.from(fake(ALNUM, 18, 3)).toString("base64")}`, 'kind: Secret\ndata:\n  password: {{ .Values.password | b64enc }}'],
    },
  },
  {
    id: "secret.nuget-config-password",
    kind: "secret",
    reason: "Package-source password in a NuGet config: pulls and pushes packages with that account.",
    score: 85,
    keywords: ["<add key="],
    pattern: /<add key=["'](?:ClearText)?Password["']\s{1,10}value=["'](?<value>(?!%\S{1,200}%["'])[^"'<>]{8,500})["']\s{0,10}\/>/gi,
    validators: [{ check: "entropy", min: 1 }, { check: "not-placeholder" }],
    examples: {
      match: [`<add key="ClearTextPassword" value="${fake(ALNUM + "!#", 14, 1)}" />`, `<add key="Password" value="${fake(B64, 40, 2)}"/>`],
      noMatch: ['<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />', '<add key="Username" value="builder" />'],
    },
  },

  // ---------------------------------------------------------------------------- credentials in URLs, commands and headers
  {
    id: "secret.url-credentials",
    kind: "secret",
    reason: "Password embedded in a URL (scheme://user:password@host): logs in to that host as that user.",
    score: 85,
    keywords: ["://"],
    pattern: new RegExp(
      String.raw`\b(?!(?:${DB_SCHEMES})://)[A-Za-z][A-Za-z0-9+.-]{1,20}://${URL_USERINFO}`,
      "g",
    ),
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: [`https://deploy:${fake(ALNUM + "-_", 18, 3)}@yelp.com`, `git clone https://deploy:${fake(ALNUM, 20, 1)}@git.corp.internal/o/r.git`, `ftp://admin:${fake(ALNUM + "!%", 12, 2)}@10.0.0.5/backup`],
      noMatch: [
        '"https://url:8000";@something else',
        "https://url:8000 @something else",
        "https://user:${PASSWORD}@db.internal",
        "https://user:****@db.internal",
        "https://username:password@api.internal",
        `https://abc:${fake(ALNUM, 12, 4)}@example.com`,
        "amqp://guest:guest@localhost",
      ],
    },
  },
  {
    id: "secret.database-connection-string",
    kind: "secret",
    reason: "Database connection string with a password: connects to the database with that user's rights.",
    score: 90,
    keywords: ["://", "password", "pwd"],
    pattern: new RegExp(
      // Not a database on this machine (localhost, 127.0.0.1, ::1, (local)): its password opens nothing to anyone who is not already here.
      String.raw`(?:\b(?:${DB_SCHEMES})://${URL_USERINFO}(?!${LOCAL_URL_HOST})|(?=\b(?:Server|Data Source|Host|Address|Addr|Database|Initial Catalog|User ID|Uid)\s{0,2}=)(?:(?<!${SQL_HOST_KEY}${LOCAL_SQL_HOST}${SAME_STRING})(?!${SAME_STRING}${SQL_HOST_KEY}${LOCAL_SQL_HOST})|(?<=${SQL_HOST_KEY}(?!${LOCAL_SQL_HOST})${SAME_STRING})|(?=${SAME_STRING}${SQL_HOST_KEY}(?!${LOCAL_SQL_HOST})))\b(?:Server|Data Source|Host|Address|Addr|Database|Initial Catalog|User ID|Uid)\s{0,2}=[^;\n]{1,200};(?:[^;\n]{0,200};){0,8}?\s{0,2}(?:Password|Pwd)\s{0,2}=\s{0,2}(?<pw>(?![$%{])[^;'"\s]{1,200}))`,
      "gi",
    ),
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: [
        `DATABASE_URL=postgres://app:${fake(ALNUM, 16, 1)}@db.internal:5432/app`,
        `psql postgresql://app_owner:Vq7!${fake(ALNUM, 5, 13)}#Lm9pX@orders-db.prod.internal:5432/orders`,
        `mongodb+srv://admin:${fake(ALNUM, 12, 2)}@cluster0.example.mongodb.net/?retryWrites=true`,
        `redis://:${fake(ALNUM, 24, 3)}@cache:6379/0`,
        `Server=tcp:sql.example.com,1433;Initial Catalog=app;User ID=app;Password=${fake(ALNUM, 14, 4)};Encrypt=True;`,
        `Server=localhost;Server=prod-db.corp;Database=app;User Id=sa;Password=${fake(ALNUM, 16, 8)}`,
        `{"Dev": "Server=localhost;Password=${fake(ALNUM, 16, 9)}", "Prod": "Server=prod-db.corp;Password=${fake(ALNUM, 16, 10)}"}`,
        `postgres://app:${fake(ALNUM, 16, 11)}@localhost:5432/app?host=prod-db.internal`,
        `mongodb://app:${fake(ALNUM, 16, 12)}@localhost:27017,prod-db.internal:27017/app`,
      ],
      noMatch: ["Server=localhost,1433;Database=Billing_Dev;User Id=sa;Password=LocalDev_Only_2026!;TrustServerCertificate=True", "mysql://root:Xq7ve2Lm9w@127.0.0.1:3306/shop_dev", "postgres://localhost:5432/app", "postgres://app:${DB_PASSWORD}@db:5432/app", "Server=localhost;Database=app;Trusted_Connection=True;", 'connectionString.parse("mongodb://username:password@host:1234")'],
    },
  },
  {
    id: "secret.local-database-password",
    kind: "secret",
    reason: "Password for a database on this machine (localhost) in a connection string: usually a development default, but a tunnel to another database looks the same, so a person confirms.",
    score: 55,
    keywords: ["localhost", "127.0.0.1", "::1", "(local)"],
    // The connection strings secret.database-connection-string leaves to this machine, and no other.
    pattern: new RegExp(
      String.raw`\b(?:${DB_SCHEMES})://${URL_USERINFO}(?=${LOCAL_URL_HOST})|(?=\b(?:Server|Data Source|Host|Address|Addr|Password|Pwd)\s{0,2}=)(?:${SQL_HOST_KEY}${LOCAL_SQL_HOST}${SAME_STRING}|(?=${SAME_STRING}${SQL_HOST_KEY}${LOCAL_SQL_HOST}))(?<!${SQL_HOST_KEY}(?!${LOCAL_SQL_HOST})${SAME_STRING})(?!${SAME_STRING}${SQL_HOST_KEY}(?!${LOCAL_SQL_HOST}))\b(?:Password|Pwd)\s{0,2}=\s{0,2}(?<pw>(?![$%{])[^;'"\s]{1,200})`,
      "gi",
    ),
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: ["Server=localhost,1433;Database=Billing_Dev;User Id=sa;Password=LocalDev_Only_2026!;TrustServerCertificate=True", "mysql://root:Xq7ve2Lm9w@127.0.0.1:3306/shop_dev"],
      noMatch: ["postgres://localhost:5432/app", "postgres://postgres:postgres@localhost:5432/shop_dev", `postgres://app:${fake(ALNUM, 16, 7)}@db.internal:5432/app`, "Server=localhost;Database=app;Trusted_Connection=True;", `Server=localhost;Server=prod-db.corp;Database=app;User Id=sa;Password=${fake(ALNUM, 16, 8)}`, `postgres://app:${fake(ALNUM, 16, 11)}@localhost:5432/app?host=prod-db.internal`, `mongodb://app:${fake(ALNUM, 16, 12)}@localhost:27017,prod-db.internal:27017/app`],
    },
  },
  {
    id: "secret.curl-user-password",
    kind: "secret",
    reason: "Password given to curl with -u/--user: logs in to the target as that user.",
    score: 85,
    keywords: ["-u", "--user"],
    pattern: /\bcurl\b[^\n|;&]{0,300}?\s(?:-u|--user)(?:\s{1,4}|=)['"]?[^\s:'"<>]{1,100}:(?<value>(?![$%{<\[])(?!(?:change(?:it|me)|pass(?:word)?|pwd|test|token|\*+|x+)(?![^\s'"<>]))[^\s'"<>]{3,200})(?![^\s'"]{0,200}>)/g,
    validators: [{ check: "not-placeholder" }],
    examples: {
      match: [`curl -s -v --user "j.smith:${fake(ALNUM + "@#", 16, 1)}" "https://api.example.org/user/me"`, `curl -u admin:${fake(ALNUM, 12, 2)} https://localhost:9200/_cat/indices`],
      noMatch: ['curl -u ":" https://localhost:9200', "curl -u admin:changeme https://localhost:9200", "curl -u user:[password] https://api.internal/", "curl -u admin:$ES_PASSWORD https://localhost:9200", "curl -u admin https://localhost:9200", "curl -u <user:password> https://api.internal/"],
    },
  },
  {
    id: "secret.cli-password-argument",
    kind: "secret",
    reason: "Password given on a command line (mysql -p…, sshpass -p, docker login -p): logs in to that server or registry as that user.",
    score: 85,
    keywords: ["mysql", "mariadb", "sshpass", "login"],
    // The documented password options of the MySQL/MariaDB clients (-p<password> attached, or
    // --password=<password>), sshpass (-p <password>) and the container-registry logins
    // (-p/--password <password>). A bare -p prompts for the password and is not matched.
    pattern: new RegExp(
      String.raw`(?:\b(?:mysql(?:dump|admin|import|show|check|binlog|sh)?|mariadb(?:-dump|-admin)?)\b[^\n|;&]{0,300}?\s(?:-p|--password=)|\bsshpass\s{1,4}(?:-[a-oq-zA-Z]\S{0,100}\s{1,4}){0,3}-p\s{0,4}|\b(?:docker|podman|nerdctl|buildah|skopeo|oras|helm\s{1,4}registry)\s{1,4}login\b[^\n|;&]{0,300}?\s(?:-p|--password)(?:\s{1,4}|=))['"]?(?<value>(?![$%{<(*])[^\s'"]{4,200})`,
      "g",
    ),
    validators: [{ check: "not-placeholder" }, { check: "not-masked" }, { check: "entropy", min: 2 }],
    examples: {
      match: [
        `mysql -h db.internal -u root -p'${fake(ALNUM + "!#", 14, 1)}' app`,
        `mysqldump --user=backup --password=${fake(ALNUM, 16, 2)} --all-databases`,
        `sshpass -p '${fake(ALNUM, 14, 3)}' ssh deploy@10.0.0.12`,
        `docker login -u ci -p ${fake(ALNUM, 24, 4)} registry.corp.internal`,
      ],
      noMatch: ["mysql -u root -p app", 'mysql -u root -p"$MYSQL_PASSWORD" app', "sshpass -p $SSH_PASS ssh host", "docker login -u ci --password-stdin registry.corp.internal", "mysql -u root -p'<password>'"],
    },
  },
  {
    id: "secret.http-auth-header",
    kind: "secret",
    reason: "Credential in an HTTP auth header (Authorization, X-API-Key, Private-Token…): replays the caller's access.",
    score: 85,
    keywords: ["authorization", "api-key", "api_key", "api-token", "auth-token", "access-token", "private-token", "x-api"],
    pattern: new RegExp(
      String.raw`\b(?:(?:Proxy-)?Authorization\\?['"]?\s{0,4}[:=]\s{0,4}\\?['"]?(?:Bearer|Token|Basic|Bot|Digest|token|bearer)\s{1,4}|(?:X-)?(?:API[-_]KEY|API[-_]TOKEN|Auth-Token|Access-Token|Private-Token|Api-Key|Api-Token|X-Api-Key)\\?['"]?\s{0,4}:\s{0,4}\\?['"]?)(?<value>(?![$%{<])[A-Za-z0-9._~+/=:-]{8,4000})`,
      "gi",
    ),
    validators: [{ check: "entropy", min: 3 }, { check: "not-placeholder" }],
    examples: {
      match: [`curl -H "Authorization: Bearer ${fake(B64URL, 40, 1)}" https://api.example.com`, `curl -X POST --header "Api-Token: ${fake(ALNUM, 12, 2)}"`, `headers = {"X-API-Key": "${fake(ALNUM, 32, 3)}"}`],
      noMatch: ['-H "Authorization: Bearer $API_KEY"', "Authorization: Bearer <token>", "Authorization: Basic"],
    },
  },

  // ---------------------------------------------------------------------------- generic assignments
  {
    id: "secret.generic-assignment-quoted",
    kind: "secret",
    reason: "Hard-coded secret: a random-looking string literal assigned to a password, secret, token or API-key name.",
    score: 80,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    // name = "…", name: '…', name := "…", password("…"), and ("API_TOKEN", "…") where the first
    // string is just the name (setProperty, setenv, config.set), not a list of strings.
    pattern: new RegExp(
      String.raw`(?=${SECRET_NAME})${NOT_CURSOR}${NOT_FIXTURE}${NOT_NPMRC}${PROVIDER_SUPPRESSED}${SECRET_NAME}${NOT_METADATA}(?:[\w.-]{0,30}${DECL}(?:[:=]{1,4}|!==?|=>|\?=|\.=|\+=|<-|\()|[\w.-]{0,30}(?<=['"][\w.-]{1,90})['"]\s{0,4},)\s{0,4}${QUOTED_VALUE}`,
      "gi",
    ),
    validators: [{ check: "entropy", min: 3 }, { check: "not-placeholder" }, ...GENERIC_VALUE_CHECKS],
    examples: {
      match: [
        `password = "${fake(ALNUM + "!@#", 14, 1)}"`,
        `const apiToken = '${fake(ALNUM, 32, 2)}';`,
        `{"client_secret": "${fake(B64URL, 40, 3)}"}`,
        `System.setProperty("CLICKHOUSE_TOKEN", "${fake(ALNUM, 42, 4)}")`,
        `NSString *apiSecret = @"${fake(ALNUM + "!#", 24, 13)}";`,
        `var gitlabToken string = "${fake(LOWNUM, 32, 5)}"`,
        `{"config.ini": "API_TOKEN=\\"${fake(LOWNUM, 24, 6)}\\""}`,
      ],
      noMatch: [
        'password = "${DB_PASSWORD}"',
        'secret_name = "prod-db-credentials"',
        'token = "your_api_token"',
        `"NextToken": "${fake(B64, 60, 7)}"`,
        'password = "hunter"',
        'SECRET_KEY_ENV = "APP_SECRET_KEY"',
        '"token": "xoxp-1234-####################"',
        "redact({ paths: ['users[0].password', 'users[1].password'] })",
        '"Unexpected_token_1012": "Unerwartetes Token.",\n  "Unexpected_token_A_constructor_1068": "x"',
        "output = token.close = `)${expression})${extglobStar})`;",
        'const TOKEN_PATTERN = "[A-Za-z0-9._~+/-]+=*";',
        `aws_secret = @'${fake(ALNUM + "!#", 20, 8)}';`,
        `testToken := "sm_pat_${fake(LOWNUM, 8, 9)}"`,
        `const token = "ghp_${fake(ALNUM, 12, 10)}";`,
        `secret_key = "${fake(B64, 24, 11)}EXAMPLEKEY"`,
        `"//npm.pkg.github.com:_authToken": "${fake(ALNUM, 36, 12)}"`,
        // gitleaks' stopwords: a value holding words is an identifier or prose.
        'refresh_token = "oauth2_refresh_token_v2"',
        'secret = "clm93927:ContentTypeHeader"',
        // detect-secrets' sequential strings, test-fixture names, published documentation samples.
        'api_key = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"',
        `const fakeApiToken = "${fake(LOWNUM, 24, 14)}";`,
        `wrongLengthSecret := "${fake(LOWNUM, 16, 15)}"`,
        'botToken: "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11",',
      ],
    },
  },
  {
    id: "secret.generic-assignment-unquoted",
    kind: "secret",
    reason: "Hard-coded secret: a random-looking value assigned to a password, secret, token or API-key name in a config or env file.",
    score: 80,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    pattern: new RegExp(String.raw`(?=${SECRET_NAME})${NOT_CURSOR}${NOT_FIXTURE}${NOT_NPMRC}${PROVIDER_SUPPRESSED}${SECRET_NAME}${NOT_METADATA}[\w.-]{0,30}${DECL}(?:[:=]{1,4}|=>|\?=|\.=|\+=)[ \t]{0,4}${UNQUOTED_VALUE}`, "gi"),
    validators: [{ check: "entropy", min: 3 }, { check: "not-placeholder" }, ...GENERIC_VALUE_CHECKS],
    examples: {
      match: [
        `DB_PASSWORD=${fake(ALNUM, 16, 1)}`,
        `api_token: ${fake(LOWNUM, 32, 2)}`,
        `export OP_SERVICE_ACCOUNT_TOKEN=${fake(ALNUM, 40, 3)}`,
        `serviceToken=${fake(LOWNUM, 30, 4)}`,
        // Generated passwords may hold brackets and "#".
        `admin_password: q{${fake(ALNUM, 6, 5)}]#(${fake(ALNUM, 6, 6)}>$`,
        `db_pass := ${fake(ALNUM, 5, 7)}){[${fake(ALNUM, 8, 8)}},`,
      ],
      noMatch: [
        // An empty value: the next line's name is not its value.
        "STRIPE_SECRET_KEY=\nJWT_SECRET=\n",
        "password = params[:password2]",
        "auth_token = @user.tokens[0]",
        "passwd = default_passwd2;",
        `//registry.npmjs.org:_authToken=${uuid(9)}`,
        `API_SECRET=${fake(B64, 24, 10)}EXAMPLE`,
        "SECRET_KEY = settings.SECRET_KEY", "token = make_token(user_id2)", "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf", "password_hash: sha256:9f2c", `DUMMY_PASSWORD=${fake(ALNUM, 16, 16)}`, "const pass = !this.result.issues2 || x", "export OP_SERVICE_ACCOUNT_TOKEN=ops_eyJzaWduSW5BZGRy...", "PASSWORD=changeme", "password: ${link}", "SUMO_ACCESS_KEY=${SUMO_ACCESS_KEY:=$2}", "max_tokens: 4096"],
    },
  },
  {
    id: "secret.generic-passphrase",
    kind: "secret",
    reason: "Hard-coded passphrase: a quoted phrase of several words assigned to a password, secret or key name.",
    score: 75,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    pattern: new RegExp(
      String.raw`(?=${SECRET_NAME})${NOT_CURSOR}${NOT_FIXTURE}${NOT_NPMRC}${PROVIDER_SUPPRESSED}${NOT_MESSAGE_NAME}${SECRET_NAME}${NOT_METADATA}${NOT_MESSAGE_NAME}[\w.-]{0,30}${DECL}(?:[:=]{1,3}|=>|!==?)\s{0,4}@?(?<q>['"\x60])(?<value>${PHRASE})\k<q>`,
      "gi",
    ),
    validators: [{ check: "passphrase" }, { check: "not-placeholder" }, { check: "not-masked" }],
    examples: {
      match: ['password_super_secure = "value with quotes and spaces"', "db_pass: 'correct horse battery staple'", 'const apiSecret = "tiger lily 42 upon a hill"'],
      noMatch: [
        'password_help = "at least eight characters"',
        'forgot_password: "Forgot your password?"',
        'token_invalid = "link expired or invalid"',
        'password = "enter your password here"',
        'secret = "${VAULT_SECRET}"',
        'password: "value"',
        'Ml.PrivateKeyTag="PRIVATE KEY"',
        'password = "The Quick Brown Fox"',
      ],
    },
  },
  {
    id: "secret.generic-config-phrase",
    kind: "secret",
    reason: "Secret in a config line: the unquoted rest of the line after a password, secret or key setting.",
    score: 75,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    // In config files (YAML, INI, .env) an unquoted value runs to the end of the line. Only under a
    // setting's name (an identifier with "_", "." or "-": aws_secret_access_key, db.password),
    // which a sentence in prose does not use.
    pattern: new RegExp(
      String.raw`${SECRET_NAME}${NOT_FIXTURE}${NOT_METADATA}${NOT_MESSAGE_NAME}[\w.-]{0,30}(?![\w.-])(?<=[_.-][\w.-]{0,80})(?<![\w.-]{81})[ \t]{0,4}(?::|=|:=)[ \t]{0,4}(?<value>${PHRASE})[ \t]*(?=\r?\n|$)`,
      "gi",
    ),
    precheck: /[:=][ \t]{0,4}\w[^\n'"`]{0,200} /,
    validators: [{ check: "passphrase" }, { check: "not-placeholder" }, { check: "not-masked" }],
    examples: {
      match: ["aws_secret_access_key: value with quotes and spaces", "db.password = tiger lily 42 upon a hill", "  client-secret: four words go north\nnext: 1"],
      noMatch: [
        "Password: one two three",
        "secret_name: my app secret",
        "token_url: https://auth.example.com/oauth token",
        "db_password: ${DB_PASSWORD} or default",
        "    :ivar number_of_credentials: The total number of responses available",
        "def f(self, private_key: rsa.RSAPrivateKey, f_priv: _FragList",
        "Access-Control-Allow-Credentials: true, Vary: Origin",
      ],
    },
  },
  {
    id: "secret.generic-config-symbols",
    kind: "secret",
    reason: "Secret in a config line: a password with punctuation after a password, secret or key setting, up to the end of the line.",
    score: 75,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    // Punctuation (, : ; & ? | !) ends an unquoted value for the other rules; at the end of a config
    // line it is part of it. One word of at least 8 characters that starts with a letter or digit.
    pattern: new RegExp(
      String.raw`(?=${SECRET_NAME})${NOT_CURSOR}${NOT_FIXTURE}${NOT_NPMRC}${PROVIDER_SUPPRESSED}${SECRET_NAME}${NOT_METADATA}[\w.-]{0,30}[ \t]{0,4}(?::|=|:=)[ \t]{0,4}(?<value>(?=\w)(?=[^\s'"\x60\\\[\]{}()<>=$%]{0,200}[,:;&?|!])(?=[^\s'"\x60\\\[\]{}()<>=$%]{0,200}[A-Za-z])(?![^\s]{0,200}(?:://|\w\??\.[a-z_]))[^\s'"\x60\\\[\]{}()<>=$%]{7,199}[^\s'"\x60\\\[\]{}()<>=$%,;])[ \t]*(?=\r?\n|$)`,
      "gi",
    ),
    validators: [{ check: "entropy", min: 3 }, { check: "not-placeholder" }, { check: "not-masked" }],
    examples: {
      match: ["secrete := A,.:-¨@*¿?!", "password = Tr0ub4dor&3,x!", "DB_PASS: w1ld:h0rse?run"],
      noMatch: ["password = ,.:-¨@*¿?!", "password: real_key", "token: https://example.org/a,b", "secret: a:b", "credentials: user:pass;", "  onresumptiontoken: options?.onresumptiontoken"],
    },
  },
  {
    id: "secret.generic-statement-literal",
    kind: "secret",
    reason: "Hard-coded secret: a string literal given to a password, secret or key setting in a statement (private_key \"…\";).",
    score: 75,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    // detect-secrets' "followed by quotes and semicolon" form (nginx, HCL-like and C-like
    // statements): the name, at most 50 more characters, a space, a literal with matching quotes
    // and ";". The literal may be letters only, so it must be long and random enough.
    pattern: new RegExp(
      String.raw`(?=${SECRET_NAME})${NOT_CURSOR}${NOT_FIXTURE}${PROVIDER_SUPPRESSED}${NOT_MESSAGE_NAME}${SECRET_NAME}${NOT_METADATA}[^\s'"\x60]{0,50}?\s{1,4}(?<q>['"\x60])(?<value>(?=\w)${notReference(QCHARS, 200)}[${QCHARS}]{12,200})\k<q>;`,
      "gi",
    ),
    validators: [{ check: "entropy", min: 3 }, { check: "not-placeholder" }, { check: "not-masked" }, { check: "not-camel-case" }],
    examples: {
      match: ['private_key "hopenobodyfindsthisone";', `ssl_password '${fake(ALNUM, 16, 1)}';`, 'private_key "m{{h}o)p${e]nob(ody[finds>-_$#thisone}}";'],
      noMatch: ['token: "SingletonFoo";', "private_key \"hopenobodyfindsthisone';", 'ssl_password_file "/etc/nginx/passwords";', 'secret "abcabcabcabc";', 'password "short";', 'password "${DB_PASSWORD_VALUE}";'],
    },
  },
  {
    id: "secret.generic-key-assignment",
    kind: "secret",
    reason: "Probable API key: a long random value assigned to a name ending in \"key\".",
    score: 80,
    keywords: ["key"],
    // Names that end in key but are not secrets are left out; api/access/auth/private/secret keys
    // are covered by the rules above.
    pattern: new RegExp(
      String.raw`(?=key(?![a-z0-9]))(?<=[a-z0-9][_.-]?)${NO_PROVIDER_BEFORE}${NOT_FIXTURE}(?<!(?:(?<![a-z0-9])(?:file|doc|document|page|issue|ticket|board|asset|frame|component|template|sheet|spreadsheet|notebook|design)|public|publishable|pub|primary|foreign|sort|partition|cache|hot|i18n|translation|lookup|map|row|hash|idempotency|unique|composite|bucket|idx|natural|schema|sequence|parent|child|object|record|item|entry|node|routing|shard|dedup(?:lication)?|correlation|group|index|cursor|storage|s3|dict|config|settings?|feature|flag|event|list|query|route|search|state|store|react|redux|field|column|table|message|dedupe|request|response|result|meta|metadata|form|element|tab|tree|value|router|api|access|auth|private|secret|client|encryption|license|registry|ssh|gpg|pgp)[_.-]?)key(?![a-z0-9])\\?['"]?\s{0,4}(?:[:=]{1,4}|=>|\?=|\.=)\s{0,4}@?\\?['"\x60]?(?<value>(?=[\w+/=-]{0,200}\d)(?=[\w+/=-]{0,200}[A-Za-z])[\w+/=-]{16,200})(?![\w+/=.~(\[-])`,
      "gi",
    ),
    validators: [{ check: "entropy", min: 3.3 }, { check: "not-placeholder" }, ...GENERIC_VALUE_CHECKS],
    examples: {
      // (A name is a file's or an issue's only as a whole word: not profile_key, dashboard_key. A project key is a secret where it is random: Deta's, Airbrake's.)
      match: [`signingKey := "${fake(ALNUM, 24, 1)}"`, `UPLOAD_KEY=${fake(HEX, 37, 2)}`, `DETA_PROJECT_KEY = "${fake(ALNUM, 32, 13)}"`, `profile_key = "${fake(ALNUM, 28, 14)}"`, `dashboard_key = "${fake(ALNUM, 28, 15)}"`],
      noMatch: [`fileKey: "Qh7sK2mN9pLx4RtV"`, `"issueKey": "PAY-1423-${fake(ALNUM, 12, 5)}"`, `publicKey = "${fake(B64, 60, 3)}"`, "cacheKey = user_profile_cache", `monkey = "banana"`, "const optionKey = option.attributeName();", "messageKey: source.messageKey2,", `"parent_key": "${fake(HEX, 40, 4)}"`],
    },
  },
  {
    id: "secret.generic-comparison",
    kind: "secret",
    reason: "Hard-coded secret: code compares a password, secret or token against a literal.",
    score: 80,
    keywords: ["pass", "pwd", "secret", "token", "key", "cred"],
    pattern: new RegExp(String.raw`(?<q>['"])(?<value>${valueShape(QCHARS, 200)}[${QCHARS}]{8,200})\k<q>\s{0,4}(?:[!=]={1,2})\s{0,4}(?:\w{1,30}\.){0,3}\w{0,30}?${SECRET_NAME}`, "gi"),
    validators: [{ check: "entropy", min: 3 }, { check: "not-placeholder" }, ...GENERIC_VALUE_CHECKS],
    examples: {
      match: [`if ("${fake(ALNUM + "!#", 16, 1)}" == password) {`, `if ('${fake(ALNUM, 20, 2)}' !== req.body.apiToken)`],
      noMatch: ['if ("" == password)', 'if ("admin" == username)'],
    },
  },
];
