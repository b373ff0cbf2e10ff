// A CI configuration a tool call writes (.gitlab-ci.yml, .github/workflows/*.yml, Jenkinsfile…):
// its script lines run later on the CI runner, with the project's secrets in their environment.
// They are read as the shell command lines they are, so a step that writes `env | curl … @-` into a
// pipeline is judged as running it. A line reading of the YAML, not a YAML parser: list items under
// script/before_script/after_script keys, `run:` values and the lines of `run: |` blocks.

/** Paths of the CI systems' configuration files. */
export const CI_FILE = /(^|[\/\\])(\.gitlab-ci\.ya?ml|\.gitlab[\/\\]ci[\/\\](?:[^/\\]+[\/\\])*[^/\\]+\.ya?ml|\.github[\/\\]workflows[\/\\][^/\\]+\.ya?ml|\.circleci[\/\\]config\.ya?ml|Jenkinsfile|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|\.travis\.ya?ml|\.drone\.ya?ml|buildspec\.ya?ml|cloudbuild\.ya?ml|\.buildkite[\/\\]pipeline\.ya?ml)$/i;
export const PATH_KEY = /^(path|file|file_?path|filepath|filename|file_?name|target_?file|target_?path|notebook_?path|remote_?path|remote_?file|dest_?path|destination_?path|upload_?path)$/i;
/** What a write or an edit puts in the file: Write's content, Edit's new_string, MultiEdit's edits[].new_string, NotebookEdit's new_source, Cursor's code_edit, str_replace's new_str. */
export const CONTENT_KEY = /^(content|contents|body|text|file_?content|file_?text|data|new_?content|new_?string|new_?str|new_?text|new_?source|code_?edit|replacement|insert_?text)$/i;
const MAX_LINES = 2000;
const MAX_COMMANDS = 200;

/** The command lines of CI configuration files a tool call's arguments write: {file_path, content}, and such pairs in a files list. */
export function ciCommandsOf(args: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 4 || out.length >= MAX_COMMANDS || !v || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 64)) visit(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    const path = Object.entries(o).find(([k, x]) => PATH_KEY.test(k) && typeof x === "string" && CI_FILE.test(x.trim()));
    if (path) {
      // What is written, here or in a list of edits to the same file (MultiEdit's edits).
      for (const text of contentsOf(o)) out.push(...ciCommands(text));
      return;
    }
    for (const x of Object.values(o)) if (x && typeof x === "object") visit(x, depth + 1);
  };
  visit(args, 0);
  return out.slice(0, MAX_COMMANDS);
}

/** The strings under content keys of an object and of the objects in its lists (one level: MultiEdit's edits), at most 64. */
export function contentsOf(o: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, x] of Object.entries(o)) {
    if (out.length >= 64) break;
    if (CONTENT_KEY.test(k) && typeof x === "string") out.push(x);
    else if (Array.isArray(x)) for (const e of x.slice(0, 64)) if (e && typeof e === "object" && !Array.isArray(e)) for (const [k2, y] of Object.entries(e as Record<string, unknown>)) if (CONTENT_KEY.test(k2) && typeof y === "string") out.push(y);
  }
  return out.slice(0, 64);
}

/** A security scanner's job or step: SAST, secret and dependency scanning, CodeQL, Trivy, Snyk, Semgrep, gitleaks… */
const SCANNER = /\b(sast|dast|secret[_-]?detection|dependency[_-]?scanning|container[_-]?scanning|license[_-]?scanning|codeql|trivy|snyk|semgrep|gitleaks|trufflehog|bandit|grype|checkov|tfsec|kics|zap|sonar\w*|security[_-]?scan\w*|audit|gosec|govulncheck|brakeman|osv-scanner|dependency-check)\b/i;
/** A job or step made optional or never run: it may fail, or it waits for someone to start it. */
// (Azure Pipelines writes continueOnError; a scanner's own task is told not to fail with failOnIssues: false.)
const MADE_OPTIONAL = /^\s*(?:-\s+)?(?:allow_failure:\s*true|when:\s*(?:manual|never)|continue-?on-?error:\s*true|condition:\s*(?:false|eq\(\s*1\s*,\s*2\s*\))|fail[_-]?on[_-]?(?:issues?|findings?|alerts?|vulnerabilit(?:y|ies)|severity):\s*(?:false|["']?none["']?)|if:\s*(?:false|\$\{\{\s*false\s*\}\}))\s*$/i;

/**
 * What a CI configuration a tool call writes weakens: a security scan made optional
 * (`allow_failure: true`, `when: manual`, `continue-on-error: true`, `if: false` in the scanner's
 * own job or step: the pipeline goes on whatever it finds), and a workflow run on
 * pull_request_target (pull requests from forks run with the repository's secrets and a write
 * token), a workflow token given `permissions: write-all`, a variable turning certificate checks off
 * for every job, and jobs included from another host. The call's CI texts are found once for all.
 */
export interface CiWeakening {
  readonly optionalScan: string | undefined;
  /** A build step told to leave its security scan out (./gradlew build -x dependencyCheckAnalyze, mvn … -Ddependency-check.skip=true). */
  readonly scanSkipped: string | undefined;
  readonly forkRunsWithSecrets: boolean;
  readonly tokenWriteAll: boolean;
  /** GIT_SSL_NO_VERIFY, NODE_TLS_REJECT_UNAUTHORIZED=0: what the jobs fetch and push can be read and changed on the way. */
  readonly tlsOff: string | undefined;
  /** `include: remote:` from another host: whoever serves it writes jobs that run with the project's CI secrets. */
  readonly remoteInclude: string | undefined;
}

export function weakenedCi(args: unknown): CiWeakening | undefined {
  const ci = writtenCiTexts(args);
  if (ci === undefined) return undefined;
  return {
    optionalScan: scanMadeOptional(ci),
    scanSkipped: ci.map((t) => SCAN_SKIPPED.exec(t)?.[0]?.trim()).find((m) => m !== undefined),
    // ([ \t], not \s: \s would run across lines from every line start, quadratic on a file of blank lines.)
    forkRunsWithSecrets: ci.some((t) => t.includes("pull_request_target") && /^[ \t]*(?:on:[ \t]*)?\[?[^#\n]*\bpull_request_target\b/m.test(t)),
    // The workflow's token given every write permission (permissions: write-all): any step, any action it uses, can push, release and change the repository's settings.
    tokenWriteAll: ci.some((t) => t.includes("write-all") && /^[ \t]*permissions:[ \t]*["']?write-all["']?[ \t]*(?:#.*)?$/m.test(t)),
    tlsOff: ci.map((t) => CI_TLS_OFF.exec(t)?.[0]?.trim()).find((m) => m !== undefined),
    remoteInclude: ci.map((t) => REMOTE_INCLUDE.exec(t)?.[1]).find((h) => h !== undefined && !/^(?:gitlab\.com|raw\.githubusercontent\.com\/gitlab-org)$/i.test(h)),
  };
}

/** A job that deploys to production or the live site: its environment, its deployment tier, or the deploy command's own flag. */
const PRODUCTION_DEPLOY = /^[ \t]*(?:-[ \t]+)?(?:environment:[ \t]*(?:name:[ \t]*)?|name:[ \t]*|deployment_tier:[ \t]*)["']?(?:production|prod|live)["']?[ \t]*$|[ \t]--(?:live|prod|production|allow-live)\b/m;
/** A GitHub Actions push trigger on every branch (branches: ['**'], - '*'). */
const EVERY_BRANCH_PUSH = /^[ \t]*push:[ \t]*\n[ \t]*branches:[ \t]*(?:\[[ \t]*["']?\*\*?["']?[ \t]*\]|\n[ \t]*-[ \t]*["']?\*\*?["']?)[ \t]*$/m;
const MANUAL_GATE = /^[ \t]*(?:-[ \t]+)?when:[ \t]*manual\b/m;

/**
 * A CI edit that takes the person out of a production deploy: GitLab's manual gate (when: manual)
 * removed from a job that deploys to production, or a production deploy now run on every push to
 * any branch. The edit's texts are read together (a MultiEdit's gate in one edit, its environment in
 * another). What ships next reaches production with nobody pressing the button.
 */
export function deployGateRemoved(args: unknown): string | undefined {
  if (!args || typeof args !== "object" || Array.isArray(args)) return undefined;
  const o = args as Record<string, unknown>;
  if (!Object.entries(o).some(([k, x]) => PATH_KEY.test(k) && typeof x === "string" && CI_FILE.test(x.trim()))) return undefined;
  const pairs = [o, ...(Array.isArray(o.edits) ? o.edits.slice(0, 16) : [])].filter((e): e is Record<string, unknown> => !!e && typeof e === "object" && typeof (e as Record<string, unknown>).old_string === "string" && typeof (e as Record<string, unknown>).new_string === "string");
  if (pairs.length === 0) return undefined;
  const oldText = pairs.map((e) => e.old_string as string).join("\n").slice(0, 256 * 1024);
  const newText = pairs.map((e) => e.new_string as string).join("\n").slice(0, 256 * 1024);
  if (!PRODUCTION_DEPLOY.test(oldText) && !PRODUCTION_DEPLOY.test(newText)) return undefined;
  if (MANUAL_GATE.test(oldText) && !MANUAL_GATE.test(newText)) return "the production deploy's manual gate (when: manual) is removed: it runs on every pipeline, with nobody pressing the button";
  if (PRODUCTION_DEPLOY.test(newText) && EVERY_BRANCH_PUSH.test(newText) && !EVERY_BRANCH_PUSH.test(oldText)) return "the production deploy now runs on every push to any branch: unreviewed work goes live";
  return undefined;
}

/** A build tool's option leaving a security scan task out: Gradle's -x / --exclude-task, Maven's -D….skip. */
const SCAN_SKIPPED = /(?:\s-x\s+|\s--exclude-task[\s=])(?:dependencyCheck\w*|owasp\w*|snyk\w*|sonar\w*|spotbugs\w*|trivy\w*|checkmarx\w*|ossIndex\w*|audit\w*|securityScan\w*|veracode\w*)\b|\s-D(?:dependency-check|owasp|snyk|sonar|spotbugs|trivy|ossindex|veracode)(?:\.\w+)*\.skip(?:=true)?\b/i;

/** GitLab's include of a pipeline file by URL: `- remote: 'https://host/…'`, the host captured. */
const REMOTE_INCLUDE = /^[ \t]*(?:-[ \t]+)?remote:[ \t]*["']?https?:\/\/([\w.-]+)/m;

/** A CI variable that turns certificate checks off, as YAML writes it. */
const CI_TLS_OFF = /^[ \t]*(?:-[ \t]+)?(?:GIT_SSL_NO_VERIFY[ \t]*[:=][ \t]*["']?(?:1|true|yes)|NODE_TLS_REJECT_UNAUTHORIZED[ \t]*[:=][ \t]*["']?0|PYTHONHTTPSVERIFY[ \t]*[:=][ \t]*["']?0)\b["']?/m;

/** The texts a tool call writes into a CI configuration, or undefined when it writes none. */
function writtenCiTexts(args: unknown): string[] | undefined {
  if (!args || typeof args !== "object" || Array.isArray(args)) return undefined;
  const o = args as Record<string, unknown>;
  const path = Object.entries(o).find(([k, x]) => PATH_KEY.test(k) && typeof x === "string" && CI_FILE.test(x.trim()));
  return path ? contentsOf(o) : undefined;
}

/** The scanner made optional in the CI texts, for the reason, or undefined. */
function scanMadeOptional(texts: readonly string[]): string | undefined {
  for (const text of texts) {
    const lines = text.split("\n").slice(0, MAX_LINES);
    // Each line's indent, worked out once.
    const indents = lines.map((l) => l.length - l.trimStart().length);
    for (let i = 0; i < lines.length; i++) {
      const scanner = /^\s*(?:-\s+)?(?:[\w-]+:|(?:name|uses|id):\s*\S)/.test(lines[i]!) ? SCANNER.exec(lines[i]!) : null;
      if (scanner === null) continue;
      // The scanner's block: the lines after it indented deeper than the line (for a `- name:` step, than its dash).
      const indent = indents[i]!;
      const item = /^\s*-\s/.test(lines[i]!);
      let j = i + 1;
      for (; j < lines.length; j++) {
        const line = lines[j]!;
        if (indents[j] === line.length) continue;
        const d = indents[j]!;
        if (d < indent || (d === indent && (!item || /^\s*-\s/.test(line)))) break;
        if (MADE_OPTIONAL.test(line)) return scanner[1]!;
      }
      // Blocks inside this one were just read with it: go on after it (each line is read once).
      i = Math.max(i, j - 1);
    }
    // A step whose scanner is named on a later line of its own (- name: Scan image / continue-on-error: true / uses: aquasecurity/trivy-action).
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*-\s/.test(lines[i]!)) continue;
      const indent = indents[i]!;
      let j = i + 1;
      // (A step is a few lines: at most 40 looked at, so nested lists stay linear.)
      while (j < lines.length && j - i < 40 && (indents[j] === lines[j]!.length || indents[j]! > indent)) j++;
      const step = lines.slice(i, j);
      const scanner = step.map((l) => SCANNER.exec(l)).find((m) => m !== null);
      if (scanner != null && step.some((l) => MADE_OPTIONAL.test(l))) return scanner[1]!;
    }
  }
  return undefined;
}

const unquote = (s: string): string => s.trim().replace(/^(["'])([\s\S]*)\1$/, "$2");

/** An Azure Pipelines macro whose name says it holds a secret. */
const AZURE_SECRET_MACRO = /\$\(((?:System\.AccessToken)|[A-Za-z_][\w.]{0,60}?(?:Token|Password|Passwd|Secret|Key|Pat|Credential)s?)\)/gi;
/** A variable a CI file sets from its secrets (`SECRETS: ${{ toJSON(secrets) }}`, `TOKEN: ${{ secrets.NPM_TOKEN }}`), in an env block or a variables list. */
const SECRET_VARIABLE = /^[ \t]*(?:-[ \t]+)?([A-Za-z_]\w{0,63})[ \t]*:[ \t]*["']?(\$\{\{[^}\n]{0,200}?\bsecrets\b[^}\n]{0,200}\}\})/gm;

/**
 * The command lines of one CI file's text. A variable the file sets from its secrets is written as
 * its expression where a line expands it (`-d "$SECRETS"` is `-d "${{ toJSON(secrets) }}"`), so the
 * line is judged for what it sends.
 */
export function ciCommands(content: string): string[] {
  const secretVariables = new Map<string, string>();
  if (content.includes("secrets")) for (const m of content.matchAll(SECRET_VARIABLE)) if (secretVariables.size < 64) secretVariables.set(m[1]!, m[2]!);
  // Azure Pipelines' macros named for a secret ($(System.AccessToken), $(DbPassword)) are the values
  // the runner writes in before the shell runs: read as the variable they are (${System_AccessToken}).
  const macros = ciCommandLines(content).map((l) => (l.includes("$(") ? l.replace(AZURE_SECRET_MACRO, (_, name: string) => `\${${name.replace(/\./g, "_")}}`) : l));
  // A PowerShell variable set from such a value (`$b = @{ t = '${System_AccessToken}' } | ConvertTo-Json`)
  // stands for it in the lines after (`Invoke-RestMethod … -Body $b`).
  const held = new Map<string, string>();
  const lines = macros.map((l) => {
    const line = held.size > 0 ? l.replace(/\$([A-Za-z_]\w{0,40})\b(?!\s*=[^=])/g, (all, name: string) => held.get(name) ?? all) : l;
    const set = /^\$([A-Za-z_]\w{0,40})\s*=(?!=)\s*(.*)$/.exec(line);
    const secret = set !== null ? /\$\{[A-Za-z_]\w{0,60}\}/.exec(set[2]!) : null;
    if (set !== null && secret !== null && held.size < 64) held.set(set[1]!, secret[0]);
    return line;
  });
  if (secretVariables.size === 0) return lines;
  const expansion = /\$\{?([A-Za-z_]\w*)\}?/g;
  return lines.map((l) => (l.includes("$") ? l.replace(expansion, (all, name: string) => secretVariables.get(name) ?? all) : l));
}

function ciCommandLines(content: string): string[] {
  const out: string[] = [];
  let block = -1; // indent of a `run: |` key whose lines follow
  let list = -1; // indent of a `script:` key whose list items follow
  let continued = false; // the last line pushed is a block's
  for (const line of content.split("\n").slice(0, MAX_LINES)) {
    const t = line.trim();
    if (t === "" || t.startsWith("#")) continue;
    const indent = line.length - line.trimStart().length;
    if (block >= 0) {
      if (indent > block) {
        // A line ended with a backslash goes on in the next one: one command, as the shell reads it.
        const last = out.length - 1;
        if (last >= 0 && continued && out[last]!.endsWith("\\")) out[last] = `${out[last]!.slice(0, -1).trimEnd()} ${t}`;
        else out.push(t);
        continued = true;
        continue;
      }
      block = -1;
    }
    if (list >= 0) {
      if (indent >= list && t.startsWith("- ")) {
        out.push(unquote(t.slice(2)));
        continue;
      }
      list = -1;
    }
    continued = false;
    const key = /^(?:-\s+)?(run|script|before_script|after_script|command|commands|sh|bat|bash|pwsh|powershell)\s*:\s*(.*)$/.exec(t);
    if (!key) continue;
    const value = key[2]!.trim();
    if (/^[|>][-+]?$/.test(value)) block = indent;
    else if (value === "") list = indent;
    else if (value.startsWith("[") && value.endsWith("]")) out.push(...value.slice(1, -1).split(",").map(unquote).filter(Boolean));
    else out.push(unquote(value));
    if (out.length >= MAX_COMMANDS) break;
  }
  return out.slice(0, MAX_COMMANDS);
}
