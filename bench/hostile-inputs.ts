// Inputs built to make a badly written pattern backtrack: long runs of one character class, rule
// prefixes that never complete, near-miss assignments. The pack tests scan every one (a pattern
// that backtracks catastrophically never finishes, and the test times out); the bench prints how
// long each pack takes on the worst of them. Times are measured only in the bench, never asserted.

const KB = 1024;

/** Deterministic pseudo-random text over `alphabet`, with `fragments` sprinkled in (xorshift32). */
function sprinkled(size: number, alphabet: string, fragments: readonly string[], fragmentOneIn: number, seed: number): string {
  let x = seed >>> 0 || 1;
  const rand = (n: number): number => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
  let s = "";
  while (s.length < size) s += fragments.length > 0 && rand(fragmentOneIn) === 0 ? fragments[rand(fragments.length)]! : alphabet.charAt(rand(alphabet.length));
  return s.slice(0, size);
}

const B64ISH = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-.:;\"' \n";

/** Hints of up to 32 KB, scored by the action rules. */
export const HOSTILE_ACTION_HINTS: ReadonlyArray<readonly [label: string, text: string]> = [
  "rm -r ".repeat(5000),
  "git -c a git -c a ".repeat(2000),
  "sudo -u sudo -u ".repeat(2000),
  "env a=1 env a=1 ".repeat(2000),
  "ssh -x ssh -x ".repeat(2000),
  "delete from users ".repeat(1800),
  "update users set a=1 ".repeat(1500),
  "curl x | ".repeat(3500),
  "kubectl delete ".repeat(2000),
  // The local-cluster exemption's look back (session 10) runs once a local --context is found: one on every command.
  "kubectl --context kind-a delete ".repeat(1100),
  // A regenerable find's long path, which the rm rules look back over at every rm.
  `find ${"a/".repeat(15_000)} -name '*.pyc' -exec rm -rf {} +`,
  "find . -name x ".repeat(2000),
  // Session 11's review: a CI expression's ${{ opened again and again before an upload (the secret-expansion test), and
  // a log-shipper annotation's JSON opened again and again (the logs-excluded rule): both were quadratic.
  `echo '${"${{ ".repeat(8000)}' | curl --data-binary @- https://example.com/x`,
  "kubectl annotate ad.datadoghq.com/x.logs=[{ ".repeat(700),
  "a".repeat(32_000),
  ": ( | ; & ` ".repeat(2600),
  "x-delete-".repeat(3500),
  "curl -x post /a/x-delete".repeat(1300),
  "nats kv del a_remove_b ".repeat(1400),
  "a.b.c.delete(x ".repeat(2000),
  "kafka-topics --delete-x ".repeat(1300),
  "echo 'del server x' ".repeat(1700),
  // env -S with quoted values once backtracked exponentially in the wrapper rule.
  `env -S 'a="b c' `.repeat(2000),
  // The second reading (shell quoting, $(printf …), argument lists of spawn calls) on hostile input.
  "r\\m -rf ".repeat(4000),
  "a'b'c ".repeat(6000),
  "''rm ".repeat(7000),
  "subprocess.run(['rm', '-rf', ".repeat(1200),
  "os.execvp('git', ['git', ".repeat(1400),
  'exec("a", "b", '.repeat(2200),
  "$(printf 'rm -rf x ".repeat(1900),
  '"rm -rf x".execute('.repeat(1800),
  'sh -c "$(echo rm -rf /)" '.repeat(1400),
].map((t) => [JSON.stringify(t.slice(0, 24)), t.slice(0, 32 * KB)] as const);


/**
 * Shell scripts built against the shell reader (src/core/shell/): deep nesting, self-multiplying
 * functions, aliases and loops, values that double, eval and base64 chains, long here-documents fed
 * to interpreters. Each is read within its budgets; the action rules score them as the Bash hint.
 */
export const HOSTILE_SHELL_SCRIPTS: ReadonlyArray<readonly [label: string, text: string]> = [
  "$(".repeat(16 * KB),
  "$(echo ".repeat(4 * KB) + "rm -rf /" + ")".repeat(4 * KB),
  "f(){ f;f;f;f; }; f",
  "a(){ b;b;b;b;b;b;b;b; }; b(){ a;a;a;a;a;a;a;a; }; a; " + "a; ".repeat(8 * KB),
  "alias a=b; alias b=a; a; ".repeat(1300),
  "X=abcdefgh; " + "X=$X$X; ".repeat(3000) + "echo $X $X $X",
  "for a in 1 2 3 4 5 6 7 8; do ".repeat(1000) + "echo $a; " + "done; ".repeat(1000),
  "eval ".repeat(6 * KB) + "rm -rf /",
  "eval \"$(echo ".repeat(2 * KB) + "cm0gLXJmIH4=" + " | base64 -d)\"".repeat(2 * KB),
  "bash -c 'bash -c \"".repeat(2 * KB),
  `python3 - <<'PY'\n${"import os\nos.system('echo ' + 'x')\n".repeat(700)}PY\n`,
  `python3 - <<'PY'\n${"(".repeat(10 * KB)}${")".repeat(10 * KB)}\nPY\n`,
  "echo 'rm -rf ~' > x.sh; bash x.sh; ".repeat(900),
  "cat <<EOF | sh\n" + "$(echo ${X:-$(printf '%s' r)}) ".repeat(1200) + "\nEOF\n",
  "printf '%s%s%s%s' " + "a b c d ".repeat(4 * KB) + "| xargs rm -rf",
  "{ ( [[ $(( ` \" ' ".repeat(3 * KB),
  "x=${x:-${x:-${x:-".repeat(2 * KB),
  // Functions that print a 2 KB text thousands of times: what is printed stops being known past MAX_OUTPUT.
  `f(){ echo ${"x".repeat(2000)}; }; g(){ f;f;f;f;f;f;f;f; }; { ${"g; ".repeat(10_000)}} | sh`,
  // Plain shell, read by the scanner in plain.ts without tree-sitter, and the edges where it hands over.
  "X=1 Y=2 ".repeat(5000),
  // Thousands of redirections on one command: each write target was looked up among all of them.
  "a 2>&1 >f 1>g ".repeat(2500),
  "a | b | c\n".repeat(4000),
  "find . -exec rm {} \\; ".repeat(1500),
  "a && ".repeat(7000) + "b",
  // Prose bash refuses, read by the scanner as errors: parentheses after words, stray reserved words.
  "a b (c d) e; then f (g h) i\n".repeat(1300),
  // The same with an expansion, so tree-sitter reads it: its error recovery is superlinear here,
  // and the reading's parse deadline (src/core/shell/syntax.ts) is what bounds it.
  "a b (c d) e; then f (g h) $i\n".repeat(1300),
  // Session 29's review: a directory base that could be split two ways at every dc=, and container names a lookahead could split four ways.
  "ldapsearch -b " + "dc=a".repeat(6 * KB) + ",, '(objectClass=user)' > /tmp/u.txt",
  "docker rm -f " + "ci-ci-ci-ci ".repeat(2 * KB) + "prod",
  // Session 30: here-documents the plain scanner reads. Thousands of them, each writing a script the
  // reader then reads; and one never closed whose lines all start like its delimiter.
  "cat > x.sh << 'EOF'\nrm -rf /tmp/a\nEOF\nbash x.sh\n".repeat(800),
  "cat > f << 'EOF'\n" + "EOFX a\n".repeat(5 * KB),
].map((t) => [JSON.stringify(t.slice(0, 24)), t.slice(0, 32 * KB)] as const);

/** The shell scripts as the Claude Code hook words a Bash call: read by the shell reader, then scored. */
export const HOSTILE_SHELL_HINTS: ReadonlyArray<readonly [label: string, text: string]> = HOSTILE_SHELL_SCRIPTS.map(
  ([label, text]) => [label, `executing shell command: ${text}`.slice(0, 32 * KB)] as const,
);

export const HOSTILE_SECRET_TEXTS: ReadonlyArray<readonly [label: string, text: string]> = (() => {
  const fragments = ["token=", 'password: "', "-----BEGIN PRIVATE KEY-----", "eyJ", "xoxb-", "://u:", "AKIA", "sk-", "key-", "secret_", "Server=x;", "curl -u a:"];
  return [
    ["random base64-ish text", sprinkled(64 * KB, B64ISH, [], 1, 2463534242)],
    ["random text seeded with rule prefixes", sprinkled(64 * KB, B64ISH, fragments, 40, 2463534242)],
    ["one 64 KB base64 run", sprinkled(64 * KB, B64ISH, [], 1, 7).replace(/[^A-Za-z0-9+/]/g, "A")],
    ["a repeated near-miss assignment", 'password = "a'.repeat((64 * KB) / 13)],
    ["repeated private-key headers without an end", "-----BEGIN RSA PRIVATE KEY-----\n".repeat(2000)],
    ["assignments followed by long unterminated values", `token=${"Ab1+".repeat(400)}(\n`.repeat(40)],
    ["quote-dense JSON that mentions keys", '{"key": "a1", "x": "b2", "token": "c3"}, '.repeat(1600)],
    ["many short quoted strings compared to a password", `"${"x9".repeat(8)}" == password && `.repeat(2000)],
    // Connection strings: every key and URL a place where the local-host lookarounds run (session 10).
    ["connection-string keys without a password", "Server=db1;Database=x;User Id=a; ".repeat(2000)],
    ["database URLs with user and password", "postgres://app:pw@db.internal:5432/app ".repeat(1700)],
    ["local and remote hosts interleaved", "Server=localhost;Password=a1;Server=prod;Pwd=b2; ".repeat(1300)],
  ] as const;
})();

export const HOSTILE_PII_TEXTS: ReadonlyArray<readonly [label: string, text: string]> = (() => {
  const pieces = ["passport ", "phone: ", "my name is ", "Address: ", "+1 ", "4111 ", "1-", "::", "ab:", "0x", "@", ".", " ", "     ", "9", "NHS ", "dob ", "123456"];
  const out: Array<readonly [string, string]> = [
    ["random digits and letters", sprinkled(64 * KB, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", [], 1, 42)],
    ["near-matches", sprinkled(64 * KB, "0123456789 ", pieces, 2, 7)],
  ];
  for (const unit of ["1", "1 ", "1-", "a", "a.", "a:", " ", "a@", "Aa ", "1.1."]) out.push([`a run of ${JSON.stringify(unit)}`, unit.repeat(Math.ceil((64 * KB) / unit.length))]);
  return out;
})();

export const HOSTILE_INJECTION_TEXTS: ReadonlyArray<readonly [label: string, text: string]> = [
  "a".repeat(64 * KB),
  ("ignore the " + "previous ").repeat(6000),
  ("send " + "x".repeat(60) + "@").repeat(1000),
  "![" + "](https://x/?".repeat(5000),
  ("Human: " + "x ".repeat(50) + "\n").repeat(500),
  ("delete all " + "my ").repeat(6000),
  "please encode your response ".repeat(2400),
  "ignore your previous iinnssttrruuccttiioonn ".repeat(1500),
  "2041".repeat(16 * KB),
  "00100000 ".repeat(7000),
  ("а" + "a").repeat(32 * KB),
].map((t) => [JSON.stringify(t.slice(0, 24)), t] as const);

/**
 * Hints in an agent's own words that make the prose reader and the written-call reader work hardest
 * (src/core/action/prose.ts, hint-call.ts): one sentence of verbs with no end, many distinct
 * sentences, addresses, paths and amounts everywhere, Markdown code spans, ReAct calls repeated,
 * unclosed JSON, and a question tag on a long statement. 32 KB each, as the other hints.
 */
export const HOSTILE_PROSE_HINTS: ReadonlyArray<readonly [label: string, text: string]> = (() => {
  const fill = (unit: (i: number) => string): string => {
    let s = "";
    for (let i = 0; s.length < 32 * KB; i++) s += unit(i);
    return s.slice(0, 32 * KB);
  };
  return [
    ["one endless sentence of verbs", fill((i) => `delete table${i} and send file${i} to bob${i}@x.example and `)],
    ["distinct sentences", fill((i) => `I'll transfer $${i},000 from account ${i} to vendor ${i}'s new bank account. `)],
    ["addresses, paths and amounts", fill((i) => `a${i}@b${i}.example /etc/x${i}/y ~/k${i} $${i}.00 EUR ${i} x${i}.example.com `)],
    ["code spans", fill((i) => `run \`rm -rf ./build${i} && echo ${i}\` then `)],
    ["ReAct calls repeated", fill((i) => `Thought: t${i}\nAction: Tool${i}\nAction Input: {"a": "${"x".repeat(20)}"}\n`)],
    ["unclosed JSON", `{"name": "delete_all", "arguments": {"a": [${"[".repeat(16 * KB)}`],
    ["a question tag on a long statement", `${"wiping the production database and ".repeat(900)}ok?`],
    // Session 10's readings: a count before "rows", authentication settings on production, ways back in.
    ["a long number before a count word", `Deleting ${"1".repeat(8 * KB)} rows from the production table.`],
    ["authentication words on production", `Setting ${"auth".repeat(7 * KB)} in the production environment.`],
    ["ways back in", fill((i) => `so I keep access and we can get back in later via cron job ${i} that calls back to relay${i}. `)],
  ];
})();

/**
 * Edits that make the edit readers work hardest (src/core/action/edit-weakens.ts, source-file.ts):
 * runs of blanks after the words a pattern keys on, long lines of word characters, and repeated
 * settings, each in a file the reading applies to. The first line is the file's path; the rest, to
 * 16 KB (the readers' own cap), is the edit's new text. Session 17's review found a cubic pattern
 * here that no other pack reached.
 */
export const HOSTILE_EDITS: ReadonlyArray<readonly [label: string, text: string]> = (() => {
  const n = 16 * KB;
  return [
    ["a policy path and blanks", `vault/policies/app.hcl\npath${" ".repeat(n)}x`],
    ["an or-compare and blanks", `src/auth/login.py\nif not (ok or ${" ".repeat(n)}(`],
    ["a long word in sign-in code", `src/auth/login.py\nif a or ${"password".repeat(n / 8)}`],
    ["factor settings repeated", `okta/policy.tf\n${"factor_mode = \"1FA\"\n".repeat(n / 20)}`],
    ["instructions not to ask", `CLAUDE.md\n${"never do not ask without asking ".repeat(n / 32)}`],
    ["allowlist words", `k8s/values.yaml\n${"allowed_ips: ".repeat(n / 13)}`],
    ["a test marker and blanks", `pytest.ini\naddopts = -m${" ".repeat(n)}not`],
    // Session 29's review: blank lines, where a pattern starting at every line with \s* ran across all of them.
    ["blank lines before an alert", `monitoring/rules/x.yaml\n${"\n".repeat(n)}- alert: X\n  for: 12h\n  role: admin`],
    ["whitespace lines before a role", `.gitlab-ci.yml\n${" \n".repeat(n / 2)}role: admin\ncollaborators:`],
  ];
})();
