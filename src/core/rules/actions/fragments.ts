// Shared pieces of the action rules' patterns: where a shell command can start (START), shell
// words, targets (system roots, temporary and build directories), and the guards that keep a rule
// from firing inside a commit message or an echoed string. Patterns run on normalizeForMatching
// output: lower case, one space between words. Every repeat is bounded or runs over
// space-delimited tokens, so no pattern backtracks badly on a long hint.
import { REGENERABLE_NAMES } from "../../shell/read-model.js";
/**
 * The wrapped pattern begins with a lookahead and lookbehinds, which stops the regex engine from
 * skipping ahead to a literal; the inner pattern must match wherever the wrapped one does, so it is
 * kept as the rule's precheck (attached below) and the expensive one runs only when it matches.
 */
export const PRECHECKS = new Map<RegExp, RegExp>();
export const withPrecheck = (wrapped: RegExp, inner: RegExp): RegExp => {
  PRECHECKS.set(wrapped, inner);
  return wrapped;
};
/**
 * A rule pattern. When it begins with START (where a command can begin), the rest of it must match
 * wherever the whole does, and it usually begins with a literal the regex engine can skip to, so it
 * becomes the rule's precheck: START is then only tried where the command itself occurs.
 */
export const re = (source: string): RegExp => {
  const pattern = new RegExp(source);
  return source.startsWith(START) ? withPrecheck(pattern, new RegExp(source.slice(START.length))) : pattern;
};

/** One character of a shell word (no whitespace, no command separator). */
export const T = String.raw`[^\s;&|\x60]`;
/** End of a shell word (a backslash starts an escaped quote in a nested command string). */
export const END = String.raw`(?=$|[\s;&|)'"\x60\\]|[,.](?:\s|$))`;
/** Optional backslash (\rm) and directory (/usr/bin/, ./) in front of a command name. */
export const PATH_PREFIX = String.raw`\\?(?:(?:\.{1,2}|~)?(?:/[\w.-]+)*/)?`;
/** Commands that run their arguments as another command. */
export const WRAPPERS = String.raw`(?:sudo|doas|env|command|builtin|exec|nohup|time|timeout|nice|ionice|xargs|parallel|busybox|watch|stdbuf|chroot|strace|setsid|unbuffer)`;
export const WRAPPER_WORDS = String.raw`(?:${WRAPPERS.slice(3, -1)}|ssh|eval)`;
/** A wrapper with its options ("sudo -u root --", "xargs -0", "timeout 10", "env -i"). */
// An option's value never starts with a quote: a quoted string after a wrapper is a command line
// (env -S '…'), read by ENV_SPLIT; letting both parse it would backtrack exponentially.
export const WRAP = String.raw`${WRAPPERS}(?: -${T}*(?: (?!-)(?!\d)(?!['"])(?![\w-]+=)(?!${WRAPPER_WORDS}\b)${T}+)?| \d[\w.]*)* `;
/** An interpreter given a command string: bash -c '…', sh -lc "…", ruby -e "…", eval '…'. */
export const INTERP = String.raw`(?:(?:(?:ba|z|da|k|c|tc)?sh|fish|python[\d.]*|node|ruby|perl|php|su)(?: -[a-z]+){0,3} -[a-z]*[ce]|eval) \\?['"]?`;
/** ssh [options] host '…' */
export const SSH = String.raw`ssh(?: -${T}+(?: (?!-)(?!${WRAPPER_WORDS}\b)${T}+)?)* (?!-)[\w.@:-]+ \\?['"]?`;
export const ASSIGN = String.raw`[\w-]+=(?:'[^']{0,200}'|"[^"]{0,200}"|(?!['"]))${T}* `;
/** env -S '…' / --split-string=… runs the string as a command line. */
export const ENV_SPLIT = String.raw`env(?: -(?!s${END})${T}+)* (?:-s ?|--split-string[= ])\\?['"]`;
/**
 * Not inside a commit, PR or tag message argument (`git commit -am 'chore: rm -rf old dir'`), unless
 * inside a $(…) or `…` there, which the shell does run.
 */
export const NOT_IN_MESSAGE = String.raw`(?<!(?:-[a-z]*m|--message|--title|--body|--subject|--notes?|--description)[ =]?['"](?:[^'"\x60$]|\$(?!\()){0,300})`;
/**
 * Where a command name can begin: start of text, after a separator, bracket or backtick (Bash(…),
 * $(…), `…`), after a launcher's "--" (`kubectl exec pod -- rm -rf /data`) or find's -exec (the
 * command runs once per match, `{}` standing for the found paths), at the start of a
 * heredoc body (`bash <<EOF` then the script, its line breaks folded to spaces), after "label: " or
 * "run …" (not inside an echoed string: `echo 'never run git reset --hard'` prints), then any wrappers, interpreters (bash -c '…', env -S '…'), ssh hops and VAR=value
 * assignments, then an optional path prefix. Never inside a commit or PR message argument.
 */
export const START = String.raw`(?:^|[;&|({\x60]|:|(?<= )--(?= )|(?<= )-(?:exec|execdir|ok|okdir)(?= )|<<-? ?\\?['"]?\w{1,30}['"]?(?= )|\b(?:run|runs|running|execute|executes|executing|invoke|invoking|then|do|else)(?![\w-])(?<!\b(?:echo|printf) ['"][^'"]{0,310})|\b(?:command|cmd|script)=)${NOT_IN_MESSAGE}\s?\\?['"]?(?:${PATH_PREFIX}(?:${WRAP}|${INTERP}|${SSH}|${ENV_SPLIT})|${ASSIGN})*${PATH_PREFIX}`;

/** `git` with its global options (-C dir, -c k=v, --git-dir=…), then a space before the subcommand. */
export const GIT = String.raw`${START}git['"]?(?: (?:-c (?!-)${T}+|-[a-z]${T}*|--[a-z]${T}*))* ['"]?`;
/** `git checkout` with -b/-B/--orphan creates a branch: nothing in the working tree is overwritten. */
export const CHECKOUT_NO_NEW_BRANCH = String.raw`(?![^;&|]{0,300}? (?:-b|--orphan)(?:${END}|=))`;
/** checkout options, each consuming its value when it takes one; redirections are not arguments. */
export const CHECKOUT_VALUE_OPTS = String.raw`(?:--conflict|--inter-hunk-context|--unified|--pathspec-from-file)`;
export const CHECKOUT_MODE_OPTS = String.raw`(?:--recurse-submodules|--track|-t)`;
export const CHECKOUT_OPTS = String.raw`(?: (?:${CHECKOUT_VALUE_OPTS} ${T}+|${CHECKOUT_MODE_OPTS}(?: (?:checkout|on-demand|direct|inherit)${END}|(?! (?:checkout|on-demand|direct|inherit)${END}))|(?!${CHECKOUT_VALUE_OPTS}${END})(?!${CHECKOUT_MODE_OPTS}${END})-(?!-${END})${T}*|\d*[<>]{1,2}&?(?:${T}+| ${T}+)))*`;
export const CHECKOUT_POSITIONAL = String.raw`(?!-)(?!\d*[<>])${T}+`;
/** Shells that run their input or a -c string. */
export const SHELLS = String.raw`(?:(?:ba|z|da|k|c|tc)?sh|fish)`;
/** Wrappers that run the next word as the command (sudo, env, …), for argument-runner rules. */
export const RUN_WRAPPERS = String.raw`(?:sudo|doas|env|command|busybox|nice|nohup|time|timeout|stdbuf)`;
/** Shell startup and credential files: writing them installs code for every login or swaps credentials. */
export const PERSISTENCE_FILE = String.raw`\\?['"]?(?:~|\$\{?home\}?|/home/[\w.-]+|/users/[\w.-]+|/root)/\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|bashrc\.d/|zshrc\.d/|npmrc|pypirc|netrc|git-credentials|docker/config\.json|kube/config|aws/(?:credentials|config)|ssh/(?!known_hosts)|gnupg/|config/gh/hosts\.yml)`;
/** A path inside a repository's .git directory (not .gitignore, .github, …). */
export const GIT_INTERNAL = String.raw`(?:[^\s;&|'"]*/)?\.git/(?:config|hooks/|refs/|objects/|head|index|info/|packed-refs|modules/)`;
export const KUBECTL = String.raw`\b(?:kubectl|oc)(?: ${T}+){0,6}? `;

/**
 * find in the project (`.`, a relative path that does not climb out) by one regenerable name:
 * compiled leftovers (*.pyc, __pycache__, *.o, *.class), .DS_Store, editor swap and merge files.
 * What it removes a build or an editor makes again, as `rm -rf __pycache__` does.
 */
// (The path is bounded: this runs inside a look-behind at every rm, and an unbounded path there is quadratic.)
export const FIND_REGENERABLE = String.raw` (?:\.|\./(?![\w./-]{0,200}\.\.)[\w./-]{0,200}|(?![\w./-]{0,200}\.\.)\w[\w./-]{0,200}|~/(?![\w./-]{0,200}\.\.)\w[\w./-]{0,200})(?: -type [fd])? -i?name ['"]?(?:${REGENERABLE_NAMES})['"]?(?: -type [fd])?(?: -prune)?(?: -print)?`;
/**
 * Where a find's expression ends: redirections, then the end of the command. What follows `-delete`
 * is still the expression (`-o -delete`, `, -delete`, `-o -path ./src -delete` delete more).
 */
export const FIND_ENDS = String.raw`(?: \d?>>?&?\s?[^\s;&|)\x60'"]+)*['"]?\s*(?:$|[;&|)\x60])`;
/** Not the rm that a regenerable find runs on what it finds (`find . -name __pycache__ -exec rm -rf {} +`). */
export const NOT_REGENERABLE_FIND_RM = String.raw`(?!(?<=\bfind${FIND_REGENERABLE} -(?:exec|execdir) (?:\\?/bin/)?)rm(?: -[a-z]+)* ['"]?\{\}['"]? ['"]?(?:\+|\\?;)['"]?(?:$|[;&|)\x60]))`;

/** rm with a recursive flag somewhere in the same command. */
export const RM_RECURSIVE = String.raw`${START}${NOT_REGENERABLE_FIND_RM}rm${END}(?=[^;&|]{0,200}? (?:-[a-z]*r[a-z]*|--recursive)${END})`;
/** A force flag somewhere in the same rm command (-f, -rf, --force). */
export const RM_FORCE = String.raw`(?=[^;&|]{0,200}? (?:-[a-z]*f[a-z]*|--force)${END})`;

/** The filesystem root, a home directory or a top-level system directory. */
export const SYSTEM_ROOTS = String.raw`/\*?|~/?\*?|\$\{?home\}?/?\*?|/(?:etc|usr|var|boot|bin|sbin|lib|lib32|lib64|opt|home|root|sys|dev|proc|srv|snap|mnt|private|system|library|applications|users)/?\*?|/(?:home|users)/[\w.-]+/?\*?`;
/** Whole-system or whole-home targets, plus the current/parent directory and a bare glob. */
export const ROOT_TARGET = String.raw`\\?['"]?(?:${SYSTEM_ROOTS}|\.\.?/?\*?|\*)['"]?${END}`;
export const SYSTEM_ROOT_TARGET = String.raw`\\?['"]?(?:${SYSTEM_ROOTS})['"]?${END}`;
/**
 * Temporary directories, the only targets both reference guards let `rm -rf` clear without asking
 * (never across ".."). Build output (dist, node_modules) is not here: neither guard exempts it by
 * default, because a relative path is only as safe as the working directory nobody checked.
 */
/** Remote-access tools attackers install for a way back in (T1219), as their installers and packages are named (the shell rule and the prose reading). */
export const REMOTE_ACCESS_TOOL = "(?:screenconnect|connectwise|anydesk|teamviewer|splashtop|rustdesk|atera|simplehelp|meshagent|logmein|netsupport|ammyy)";
/**
 * A run's own directory under a shared /scratch: below a user's, a job's, a run's or a tmp or work
 * directory (/scratch/$USER/…, /scratch/lab/tmp/…, /scratch/lab/nxf-work-…), never across "..", with
 * no wildcard above it. The whole of /scratch, a group's directory, or every user's (/scratch/<any>/<any>)
 * is not. Shared by the pattern rules (TEMP_TARGET, SCRATCH_TARGET) and classifyPath (paths.ts).
 */
/**
 * A namespace made for one pull request or one run: pr-1873-loyalty-preview, review-482, preview-4812, a tmp or scratch one. A
 * bare "preview" or "sandbox" is not enough (checkout-v2-preview may be a long-lived shared environment). Lower case, as the
 * rules read text; classifyPath's callers test it without case.
 */
// (Or a review app's namespace named by the CI's branch or merge-request variable: review-$CI_COMMIT_REF_SLUG.)
export const SHORT_LIVED_NAMESPACE = String.raw`[\w.-]*?(?<![a-z0-9])(?:pr-?\d+|(?:preview|review)-\d+|\d+-(?:preview|review)|(?:preview|review)-\$\{?ci_(?:commit_ref_slug|merge_request_iid|environment_slug|commit_ref_name)\}?|tmp|temp|scratch|ephemeral|throwaway)(?![a-z0-9])[\w.-]*`;
export const OWN_SCRATCH = String.raw`(?:/(?:lustre|gpfs|fs|mnt|data))?/scratch(?:/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"*?\[]+)*?/(?:\$\{?(?:user|slurm_job_id|job_id)\}?|tmp[\w.-]*|temp[\w.-]*|nxf[\w.-]*|work[\w.-]*|runs?|jobs?)(?:/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"]*)*/?`;
/** A directory in the user's own cache, ~/.cache/<tool> or $XDG_CACHE_HOME/<tool> (never across ".."): what a tool fetches or builds again. */
// (Nor a glob that may name "..": ~/.cache/.?/Documents.)
export const USER_CACHE = String.raw`(?![^\s;&|'"]*[?*\[])(?:~|\$\{?home\}?)/\.cache/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"]+(?:/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"]*)*|\$\{xdg_cache_home:-\$\{?home\}?/\.cache\}(?:/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"]+)+`;
// (And apt's package lists, which `apt-get update` fetches again: every Dockerfile's `rm -rf /var/lib/apt/lists/*`.)
// (Not through a dot-glob, /tmp/.?/etc or /tmp/.*: a shell without globskipdots matches it to "..".)
export const TEMP_TARGET = String.raw`\\?['"]?(?![^\s;&|'"]*\/\.[^\s/;&|'"]*[?*\[])(?:(?:(?:/private)?(?:/var)?/tmp|\$\{?tmpdir\}?)(?:/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"]*)*|${OWN_SCRATCH}|${USER_CACHE}|/var/lib/apt/lists(?:/\*?)?)['"]?${END}`;
/** The names of regenerable build and dependency output (see BUILD_OUTPUT_TARGET). */
export const BUILD_OUTPUT_NAME = String.raw`(?:node_modules|dbt_packages|dist|dists|logs|build|target|coverage(?:\.(?:out|xml|json|info|txt))?|bin|intermediate|binaries|deriveddatacache|saved/(?:logs|crashes)|tmp|\.tmp|tmp[-_][\w.-]{1,60}|\.?generated|scriptassemblies|cmake-build-[\w.-]{1,60}|\.cache|\.expo|obj|artifacts|out|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.hypothesis|\.next|\.nuxt|\.turbo|\.parcel-cache|\.svelte-kit|\.angular|\.venv|venv|\.tox|\.nox|\.gradle|\.nyc_output|\.eslintcache|\.dart_tool|publish|testresults|test-results|playwright-report|\.vite|storybook-static|[\w.*-]{1,100}\.egg-info|[\w.@+-]{0,100}\*\.(?:tmp|temp|bak|orig|rej|swp|pyc))`;
/**
 * Regenerable build and dependency output inside the project (node_modules, dist, build, target,
 * virtual environments, caches), by a relative path that never climbs with "..": clearing it costs a
 * rebuild, not work. A glob may stand for a directory on the way, unless it starts with a dot (".*"
 * matches ".."). A path from the root, the home directory or a variable is not one of these.
 */
export const BUILD_OUTPUT_TARGET = String.raw`\\?['"]?(?:\./)?(?:(?!\.\.?/)(?!\.[\w.@+*-]{0,100}\*)[\w.@+*-]{1,100}/){0,8}${BUILD_OUTPUT_NAME}(?:\/(?!\.\.?(?:\/|$|['"\s]))[\w.@+*-]{1,100}){0,8}/?['"]?${END}`;
/** BUILD_OUTPUT_TARGET as PowerShell and cmd.exe spell it: `.\\build\\out`, `bin\\Release`, a list's `dist,`. */
export const WINDOWS_BUILD_OUTPUT_TARGET = String.raw`['"]?(?:\.[\\/])?(?:(?!\.\.?[\\/])(?!\.[\w.@+*-]{0,100}\*)[\w.@+*-]{1,100}[\\/]){0,8}${BUILD_OUTPUT_NAME}(?:[\\/](?!\.\.?(?:[\\/]|$|['"\s,]))[\w.@+*-]{1,100}){0,8}[\\/]?,?['"]?,?(?=$|[\s;&|)])`;
/** The same command is only a preview (--dry-run, --what-if): nothing is changed. */
export const NO_DRY_RUN = String.raw`(?![^;&|]{0,300}? (?:--dry-?run(?:=(?:true|client|server|all))?|--what-if)${END})`;
/** Targets that are scratch space or build output (never across ".."). */
// (Or the user's own cache directory, ~/.cache/<tool> or $XDG_CACHE_HOME/<tool>: what a tool fetches or builds again.)
export const SCRATCH_TARGET = String.raw`\\?['"]?(?![^\s;&|'"]*\/\.[^\s/;&|'"]*[?*\[])(?:(?:(?:/private)?/tmp|/var/tmp|\$\{?tmpdir\}?)(?:/(?!\.\.(?:/|$|[\s'"]))[^\s/;&|'"]*)*|${OWN_SCRATCH}|${USER_CACHE}|(?:\./)?(?:node_modules|dist|build|target|coverage|\.cache|__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.next|\.nuxt|\.turbo|\.parcel-cache|\.svelte-kit|\.venv|venv|\.tox|\.gradle|tmp|\.tmp|\.vite|\.angular|\.nyc_output|test-results|playwright-report|storybook-static)/?)['"]?${END}`;
// (Not apt's package lists, which `apt-get update` fetches again: every Dockerfile's `rm -rf /var/lib/apt/lists/*`.)
export const SYSTEM_DIR = String.raw`/(?:etc|boot|usr(?!/local/)|bin|sbin|lib|lib32|lib64|var/lib(?!/apt/lists(?:/\*?)?(?:$|[\s;&|)'"\x60]))|root|system|library)`;
/** A SQL identifier, optionally schema-qualified and quoted. */
export const SQL_IDENT_PART = String.raw`(?:[\w$-]+|"[^"]{1,100}"|\x60[^\x60]{1,100}\x60|\[[^\]]{1,100}\])`;
export const SQL_IDENT = String.raw`${SQL_IDENT_PART}(?:\.${SQL_IDENT_PART}){0,3}`;
/** File-writing verbs of agent tool calls ("calling write_file on …"). */
export const TOOL_WRITE = String.raw`\b(?:write|write_file|edit|edit_file|create_file|str_replace\w*|append_file|modify|overwrite)\b[^;&|]{0,40}? `;
/** Not inside a commit/PR message argument: `git commit -m "drop the users table"` is a description. */
export const IN_MESSAGE_ARG = NOT_IN_MESSAGE;
export const IN_ECHOED_TEXT = String.raw`(?<!\b(?:echo|printf) ['"][^'"]{0,300})`;
// The guards are lookbehinds; the leading lookahead keeps them from running at every position.
/** The rule does not fire on text quoted as a message argument. */
export const outsideMessage = (r: RegExp): RegExp => withPrecheck(new RegExp(`(?=${r.source})${IN_MESSAGE_ARG}(?:${r.source})`, r.flags), r);
/** Not SQL given to sqlite3 or duckdb on a database in memory or in /tmp: it is thrown away with what is done to it; nor to psql, mysql or mariadb on a development or test database of this machine (-h localhost app_test, a localhost URL to app_dev). */
// (Or a relative SQLite or DuckDB file named for development, tests or a bench, or in such a folder: ./local/dev.db, test.sqlite3.)
const ON_TEMP_DATABASE = String.raw`(?<!\b(?:sqlite3?|duckdb) (?:-[\w-]+ )*['"]?(?:(?:/private)?(?:/var)?/tmp/|:memory:)(?![^\s'"]*\.\.)[^\s'"]*['"]? [^;&|]{0,300})(?<!\b(?:sqlite3?|duckdb) (?:-[\w-]+ )*['"]?(?:\./)?(?![^\s'"]*(?:\.\.|prod))(?:[\w.-]+/){0,4}(?:(?:dev|local|test|tests|bench|fixtures?)/[\w.-]*|[\w.-]*(?:^|[_.-])?(?:dev|local|test|bench|fixtures?)\.(?:db|sqlite3?|duckdb))['"]? [^;&|]{0,300})`;
/**
 * A database named for development or tests (shop_dev, app_test, billing_test_ci_4412, shopware_phpunit,
 * PermitsDB_LocalDev): one name for the pattern rules' exemptions and the action model's (judge.ts).
 */
export const DEV_DATABASE_NAME = String.raw`(?:\w+_)?(?:dev|test|local|localdev|fixtures?|phpunit|pytest|rspec|jest)(?:_ci)?(?:_\d+)?`;
/**
 * Not SQL given to psql, mysql or mariadb on a development or test database of this machine named
 * so (-h localhost app_test, a localhost URL to shop_dev): with one host option only, no prod word,
 * no meta-command that connects elsewhere or runs a shell (\c, \!, system, PROGRAM), and no ssh on
 * the line before it (a tunnel makes localhost another machine).
 */
export const ON_LOCAL_DEV_DATABASE = String.raw`(?<!(?<!\bssh\b[^\n]{0,400})\b(?:psql|mysql|mariadb) (?![^;&|]{0,300}?(?:prod|production|prd)(?![a-z0-9]))(?![^;&|]{0,300}?(?:\\c(?:onnect)?\b|\\!|\bsystem\b|\bprogram\b|\bsource\b|\buse\b|\battach\b|(?:-h ?|--host[= ])[^;&|]{0,300}?(?:-h ?|--host[= ])))(?:[^;&|'"]{0,200}? )?(?:['"]?(?:postgres(?:ql)?|mysql|mariadb)://[^\s/@'"]*@?(?:localhost|127\.0\.0\.1)(?::\d+)?/${DEV_DATABASE_NAME}['"]?|(?:-h ?|--host[= ])(?:localhost|127\.0\.0\.1) (?:[^;&|'"]{0,120}? )?(?<!(?:-U|-u|--username|--user|-p|--port|-W|-c|-e) )(?:(?:-d |--dbname[= ]|-D |--database[= ])?${DEV_DATABASE_NAME}|(?:-d |--dbname[= ]|-D |--database[= ])?(?:dev|test)_\w+)) [^;&|]{0,300})`;
/** As outsideMessage, and not on a throwaway database (ON_TEMP_DATABASE): for SQL that destroys a whole database. */
export const onKeptDatabase = (r: RegExp): RegExp => withPrecheck(new RegExp(`(?=${r.source})${IN_MESSAGE_ARG}${ON_TEMP_DATABASE}(?:${r.source})`, r.flags), r);
/**
 * Not SQL sent through a connection the user named for development or tests: psql "$DEV_DATABASE_URL",
 * mysql "${TEST_DB_URL}", snowsql -c dev_jdoe. Not when the line sets such a variable itself, names
 * production after the client, or connects elsewhere from inside.
 */
export const ON_DEV_CONNECTION = String.raw`(?<!(?<!\b(?:dev|test|local|development|testing)_[a-z0-9_]*=[^\n]{0,400})(?:\b(?:psql|mysql|mariadb|pgcli|mycli|usql) ['"]?\$\{?(?:dev|test|local|development|testing)_[a-z0-9_]*\}?['"]?|\bsnowsql (?:-[\w-]+ (?:[^\s-]\S* )?)*?(?:-c|--connection)[ =](?:dev|test|local|sandbox|scratch)_[\w-]+)(?![^;&|]{0,300}?(?:prod|production|prd)(?![a-z0-9]))(?![^;&|]{0,300}?(?:\\c(?:onnect)?\b|\\!|\bsystem\b|\bprogram\b|\bsource\b|\battach\b|(?:-h ?|--host[= ]))) [^;&|]{0,300})`;
/**
 * A table named as scratch (in a schema called scratch, tmp, temp or sandbox, or itself tmp_…,
 * scratch_…, …_tmp, …_temp, …_scratch), one name only, with no production word on the line: what a
 * person makes to throw away. Dropping or emptying it is the work's own.
 */
export const NOT_SCRATCH_TABLE = String.raw`(?!(?:[\w$-]+\.){0,2}(?:(?:scratch|tmp|temp|sandbox)\.[\w$-]+|(?:tmp|scratch)_[\w$-]+|[\w$-]+_(?:tmp|temp|scratch))(?= ?(?:;|$|["'\x60)]| cascade| restart))(?<!(?:prod|production|prd)(?![a-z0-9])[^;&|]{0,300})(?![^;&|]{0,300}?(?:prod|production|prd)(?![a-z0-9])))`;
/** As onKeptDatabase, and not on a development or test database of this machine (ON_LOCAL_DEV_DATABASE) or connection (ON_DEV_CONNECTION): for SQL that destroys tables or rows. */
/**
 * A database client run inside a container of this machine's Docker or Compose (docker compose exec
 * postgres psql -d billing_test), on a database named for development or tests, with no host, context
 * or production word: the container's own throwaway database.
 */
export const ON_CONTAINER_TEST_DATABASE = String.raw`(?<!\b(?:docker[ -]compose|docker|podman(?:[ -]compose)?)\b(?:(?! --context| -h | -H |--host)[^;&|]){0,120}? exec (?:-[\w-]+ )*[\w.-]+ (?:psql|mysql|mariadb) (?![^;&|]{0,300}?(?:prod|production|prd)(?![a-z0-9]))(?![^;&|]{0,300}?(?:-h ?|--host[= ]|\\c(?:onnect)?\b|\battach\b))(?![^;&|]{0,300}?(?:-d ?|--dbname[= ]|-D ?|--database[= ])[^;&|]{0,300}?(?:-d ?|--dbname[= ]|-D ?|--database[= ]))[^;&|]{0,200}?(?:-d ?|--dbname[= ]|-D ?|--database[= ])${DEV_DATABASE_NAME}\b[^;&|]{0,300})`;
/**
 * SQL Server's clients (sqlcmd, PowerShell's Invoke-Sqlcmd) told to connect to this machine (-S
 * localhost,14333, -ServerInstance "(localdb)") and to a database named for development or tests
 * (-d Stock_Dev, -Database PermitsDB_LocalDev), with no production word and no ssh before it: as
 * ON_LOCAL_DEV_DATABASE is for psql. The action model reads the same (judge.ts localDevDatabase).
 */
export const ON_LOCAL_SQLSERVER_DEV = String.raw`(?<!(?<!\bssh\b[^\n]{0,400})\b(?:sqlcmd|invoke-sqlcmd) (?![^;&|]{0,300}?(?:prod|production|prd)(?![a-z0-9]))(?![^;&|]{0,300}?\buse\s)(?=[^;&|]{0,300}?(?:-s|-serverinstance) ['"]?(?:tcp:)?(?:localhost|127\.0\.0\.1|\(localdb\)|\.)(?:,\d+)?(?:\\[\w$]+)?['"]?(?= |$))[^;&|]{0,300}?(?:-d|-database) ['"]?${DEV_DATABASE_NAME}['"]? [^;&|]{0,300})`;
export const onKeptTable = (r: RegExp): RegExp => withPrecheck(new RegExp(`(?=${r.source})${IN_MESSAGE_ARG}${ON_TEMP_DATABASE}${ON_LOCAL_DEV_DATABASE}${ON_LOCAL_SQLSERVER_DEV}${ON_DEV_CONNECTION}${ON_CONTAINER_TEST_DATABASE}(?:${r.source})`, r.flags), r);
/** The rule does not fire on text quoted as a message argument or echoed. */
export const outsideQuotedText = (r: RegExp): RegExp =>
  withPrecheck(new RegExp(`(?=${r.source})${IN_MESSAGE_ARG}${IN_ECHOED_TEXT}(?:${r.source})`, r.flags), r);
export const DETERMINER = String.raw`(?:the|all|all the|all of the|every|our|my|your|this|that|these|those|entire|whole)`;
/**
 * After a determiner in prose: not a throwaway thing ("the test database", "my own preview
 * namespace", "the temp table") and not one said to sit somewhere throwaway after it ("… in the
 * throwaway postgres container", "… from my local SQLite test database").
 */
export const NOT_THROWAWAY = String.raw`(?!(?:[\w.-]+ ){0,2}?(?:test|tests|testing|temp|temporary|tmp|scratch|throwaway|local|dev|fixture|sandbox|preview|ephemeral|own|kind|k3d|minikube|[\w.-]*(?:unit|integration|e2e)_?tests?|(?:tmp|temp|scratch)_[\w.-]+|[\w.]+(?:-[\w.]+)*-(?:dev|scratch|test|tmp|preview|sandbox)(?:-[\w.-]+)?)\b)(?![^.;]{0,80}?\b(?:throwaway|scratch|local|test|dev|temporary|temp|own kind|own k3d|own minikube) (?:\w+ ){0,2}(?:container|database|db|instance|environment|stack|sqlite|cluster|schema)\b)`;

/** A destructive subcommand word of an admin CLI (" delete_queue", " remove", " kv-purge", " reset"). */
export const CLI_REMOVE_VERB = String.raw` (?:[a-z0-9]{1,30}[-_]){0,4}(?:remove|rm|del|rb|uninstall|unregister|undeploy|flush|flushall|flushdb|drop|wipe|erase|clear|cleanup|unpublish|yank|revoke|break-lock|forget|prune|recreate|reset|rollback|archive|cancel|kill|disable(?<!(?:telemetry|features?|flags?|toggles?|analytics) disable)|shutdown|delete|purge|destroy)(?:[-_][a-z0-9]{1,30}){0,4}`;
/**
 * A word between a CLI's name and its verb: unquoted, or a quoted string without spaces. A word
 * that opens a quoted phrase (`--title "remove …"`) ends the search, so a verb inside a message or
 * title argument is not read as the subcommand.
 */
export const CLI_WORD = String.raw`(?:(?!['"])${T}+|['"][^\s'"]*['"]${T}*)`;
/** After a CLI verb: its operand, or the end of the command (`podman system reset`). */
export const VERB_OPERAND = String.raw`(?: (?!(?:the|a|an|all|this|that|these|those|my|our|it|them|old|unused|any|some|from|to|and|or|of|for|in|on|with|every|each)${END})${T}|['"\x60]?(?:$|[;&|)]))`;
/**
 * Words that start a command but are not a service's client: wrappers, shell built-ins and reserved
 * words (`…; do rm -f "$f"; done`, a PowerShell `function Remove-Stale… {`, not bash's `function kill_all`), text tools.
 */
export const NOT_A_CLIENT = String.raw`${WRAPPER_WORDS}|pytest|py\.test|jest|vitest|mocha|rspec|phpunit|tox|nox|do|then|else|elif|done|fi|if|while|until|for|case|esac|select|function(?= [a-z]+-[a-z])|module|ml|continue|break|return|exit|true|false|set|export|local|declare|readonly|pushd|popd|trap|shopt|kind|k3d|minikube|tput|stty|git|hg|svn|bzr|xcodebuild|echo|printf|grep|egrep|rg|ag|ack|man|help|tldr|cat|less|more|head|tail|sed|awk|wc|sort|find|rm|rsync|ls|mkdir|touch|cd|cp|mv|vim?|nano|code|open|stat|file|ln|chmod|chown|tar|zip|unzip|shell|please`;


/** The cheaper regex registered for a pattern built with re(), withPrecheck() or outsideMessage(). */
export const precheckOf = (pattern: RegExp): RegExp | undefined => PRECHECKS.get(pattern);

/** Paste, file-drop and request-capture services often used to carry data away. */
export const EXFIL_SERVICE = String.raw`(?:transfer\.sh|pastebin\.com|paste\.ee|0x0\.st|file\.io|webhook\.site|requestbin|pipedream\.net|ngrok\.io|ngrok-free\.app|interact\.sh|oast\.(?:fun|live|me|pro|site|online)|burpcollaborator\.net|termbin\.com|hastebin|requestcatcher\.com|beeceptor\.com|requestrepo\.com|hookbin\.com|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net)`;
