// What a file tool writes where. The adapters (src/adapters/tool-call.ts) turn every write, edit,
// move and delete made through a file tool (Claude Code's Write, Edit, MultiEdit, NotebookEdit; an
// MCP server's write_file, edit_file, move_file, delete_file, …) into a hint that names the
// operation and the JSON-quoted, normalised absolute target:
//
//   writing file "/home/u/.ssh/authorized_keys" with Write on claude-code: content=<…>
//   editing file "/repo/.github/workflows/ci.yml" with Edit on claude-code: …
//   moving "/repo/a" to "/home/u/.bashrc" with move_file on fs: …
//   deleting directory "/repo/src" with delete_file on fs: …
//   deleting directory "/repo" (the project root) with delete_file on fs: …
//
// These rules judge that hint by its target. Shell commands that write the same files are judged
// by the shell rules in the other files here; these rules only read the adapters' phrasing, so they
// cannot fire on a command or a prose description.
import type { Rule } from "../../rule-pack.js";

/** A write, edit, or the destination of a move: the target path is the quoted string that follows. */
const WRITE = String.raw`(?:^|\s)(?:writing file|editing file|moving "[^"]{0,1024}"(?: \([^)]{0,40}\))? to) "`;
/** The rest of the path up to the target fragment, which must end the quoted path (or go on into it when it ends in /). */
const ANY = String.raw`[^"]{0,1024}?`;
const END = String.raw`(?:"|/[^"]*")`;
const target = (fragment: string): RegExp => new RegExp(`${WRITE}${ANY}${fragment}`);

export const WRITE_TARGET_RULES: readonly Rule[] = [
  {
    id: "privilege.write-ssh-authorized-keys",
    category: "privilege",
    reason: "Writes an SSH authorized_keys file: whoever holds the key it adds can log in as this user",
    score: 80,
    keywords: ["authorized_keys"],
    pattern: target(String.raw`/\.ssh/authorized_keys2?"`),
    examples: {
      match: [
        'writing file "/home/dev/.ssh/authorized_keys" with Write on claude-code: content=<90 chars, sha256:0123456789ab>',
        'editing file "/root/.ssh/authorized_keys" with Edit on claude-code',
        'moving "/tmp/k" to "/home/dev/.ssh/authorized_keys2" with move_file on fs',
      ],
      noMatch: ['reading "/home/dev/.ssh/authorized_keys"', 'writing file "/home/dev/notes/authorized_keys.md" with Write on claude-code', "cat ~/.ssh/authorized_keys"],
    },
  },
  {
    id: "secrets-access.write-ssh-config",
    category: "secrets-access",
    reason: "Writes into ~/.ssh (keys, client config, rc): a changed key or ProxyCommand runs or signs as this user",
    score: 70,
    keywords: [".ssh/"],
    pattern: target(String.raw`/\.ssh/(?!known_hosts"|authorized_keys2?")[^"/]+"`),
    examples: {
      match: ['writing file "/home/dev/.ssh/config" with Write on claude-code', 'editing file "/home/dev/.ssh/id_ed25519" with Edit on claude-code', 'writing file "/root/.ssh/rc" with Write on claude-code'],
      noMatch: ['writing file "/home/dev/.ssh/known_hosts" with Write on claude-code', 'writing file "/home/dev/project/docs/ssh.md" with Write on claude-code'],
    },
  },
  {
    id: "privilege.write-shell-startup",
    category: "privilege",
    reason: "Writes a shell start-up file: what it adds (a PATH entry, an alias, a command) runs in every later shell of this user",
    score: 60,
    keywords: [".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin", ".kshrc", ".cshrc", ".tcshrc", "config.fish", "/etc/environment", "bash.bashrc", "/etc/profile"],
    pattern: new RegExp(
      `${WRITE}${ANY}(?:/\\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|kshrc|cshrc|tcshrc)"|/\\.config/fish/config\\.fish"|/etc/(?:environment|bash\\.bashrc|zsh/\\w+|profile)"|/etc/profile\\.d/[^"]+")`,
    ),
    examples: {
      match: [
        'writing file "/home/dev/.bashrc" with Write on claude-code: content=<2048 chars, sha256:0123456789ab>',
        'editing file "/home/dev/.zshrc" with Edit on claude-code',
        'writing file "/etc/profile.d/evil.sh" with Write on claude-code',
        'moving "/tmp/x" to "/root/.profile" with move_file on fs',
      ],
      noMatch: ['writing file "/home/dev/project/.bashrc.example" with Write on claude-code', 'writing file "/home/dev/project/profile.ts" with Write on claude-code', 'moving "/home/dev/.bashrc" to "/home/dev/backup/bashrc" with move_file on fs'],
    },
  },
  {
    id: "filesystem.write-git-hooks",
    category: "filesystem",
    reason: "Writes a git hook or the repository's git config: it runs (or can name a program that runs) on the next commit, checkout or fetch",
    score: 65,
    keywords: [".git/hooks", ".git/config", ".githooks", ".husky/"],
    pattern: target(String.raw`(?:/\.git/hooks/[^"]+"|/\.git/config"|/\.githooks/[^"]+"|/\.husky/[^"]+")`),
    examples: {
      match: ['writing file "/home/dev/project/.git/hooks/pre-commit" with Write on claude-code', 'editing file "/home/dev/project/.git/config" with Edit on claude-code', 'writing file "/repo/.husky/pre-push" with Write on claude-code'],
      noMatch: ['writing file "/home/dev/project/.gitignore" with Write on claude-code', 'writing file "/home/dev/project/docs/git/hooks.md" with Write on claude-code'],
    },
  },
  {
    id: "production.write-ci-workflow",
    category: "production",
    reason: "Writes a CI pipeline definition: it runs with the repository's CI secrets on the next push",
    score: 55,
    keywords: [".github/workflows", ".gitlab-ci", ".circleci/", "jenkinsfile", "azure-pipelines", ".buildkite/", ".drone.yml", "bitbucket-pipelines", ".github/actions"],
    pattern: target(
      String.raw`(?:/\.github/(?:workflows|actions)/[^"]+"|/\.gitlab-ci\.ya?ml"|/\.gitlab/ci/[^"]+"|/\.circleci/[^"]+"|/jenkinsfile"|/azure-pipelines\.ya?ml"|/\.buildkite/[^"]+"|/\.drone\.ya?ml"|/bitbucket-pipelines\.ya?ml")`,
    ),
    examples: {
      match: ['writing file "/repo/.github/workflows/release.yml" with Write on claude-code', 'editing file "/repo/.gitlab-ci.yml" with Edit on claude-code', 'writing file "/repo/Jenkinsfile" with Write on claude-code'],
      noMatch: ['writing file "/repo/docs/workflows.md" with Write on claude-code', 'reading "/repo/.github/workflows/ci.yml"'],
    },
  },
  {
    id: "secrets-access.write-credential-store",
    category: "secrets-access",
    reason: "Writes a credential store (cloud, registry, cluster or git credentials): it can swap the identity later commands use or plant a credential helper that runs",
    score: 70,
    keywords: [".aws/", ".netrc", ".docker/config.json", ".kube/config", ".git-credentials", ".npmrc", ".pypirc", ".config/gh/", ".gnupg/", ".config/gcloud", ".azure/", ".gitconfig"],
    pattern: target(
      String.raw`(?:/\.aws/(?:credentials|config)"|/\.netrc"|/\.docker/config\.json"|/\.kube/config"|/\.git-credentials"|/\.gitconfig"|/\.config/git/config"|/\.npmrc"|/\.pypirc"|/\.config/gh/hosts\.ya?ml"|/\.gnupg/[^"]+"|/\.config/gcloud/[^"]+"|/\.azure/[^"]+")`,
    ),
    examples: {
      match: ['writing file "/home/dev/.aws/credentials" with Write on claude-code', 'editing file "/home/dev/.kube/config" with Edit on claude-code', 'writing file "/home/dev/.docker/config.json" with Write on claude-code', 'writing file "/home/dev/.netrc" with Write on claude-code'],
      noMatch: ['writing file "/repo/docs/aws/credentials.md" with Write on claude-code', 'writing file "/repo/config.json" with Write on claude-code'],
    },
  },
  {
    id: "secrets-access.write-dotenv",
    category: "secrets-access",
    reason: "Writes an environment file, where a project keeps its secrets and which tools load into every process",
    score: 45,
    keywords: [".env"],
    pattern: target(String.raw`/\.env(?:\.(?!example"|sample"|template"|dist"|defaults")[\w.-]+)?"`),
    examples: {
      match: ['writing file "/repo/.env" with Write on claude-code', 'editing file "/repo/.env.production" with Edit on claude-code'],
      noMatch: ['writing file "/repo/.env.example" with Write on claude-code', 'writing file "/repo/src/env.ts" with Write on claude-code', 'writing file "/repo/.envrc.md" with Write on claude-code'],
    },
  },
  {
    id: "privilege.write-sudoers",
    category: "privilege",
    reason: "Writes sudoers or another system authentication file: it grants root or changes who can log in",
    score: 90,
    keywords: ["sudoers", "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/pam.d", "ld.so.preload", "/etc/security"],
    pattern: target(String.raw`(?:/etc/sudoers(?:\.d/[^"]+)?"|/etc/(?:passwd|shadow|group|gshadow)"|/etc/pam\.d/[^"]+"|/etc/ld\.so\.preload"|/etc/security/[^"]+")`),
    examples: {
      match: ['writing file "/etc/sudoers.d/dev" with Write on claude-code', 'editing file "/etc/sudoers" with Edit on claude-code', 'writing file "/etc/ld.so.preload" with Write on claude-code'],
      noMatch: ['writing file "/repo/docs/sudoers.md" with Write on claude-code', 'writing file "/repo/etc/passwd.txt" with Write on claude-code'],
    },
  },
  {
    id: "privilege.write-scheduled-or-service",
    category: "privilege",
    reason: "Writes a cron table, systemd unit, launch agent or autostart entry: what it names runs later, unattended",
    score: 70,
    keywords: ["cron", "systemd", "launchagents", "launchdaemons", "autostart", "init.d", "rc.local"],
    pattern: target(
      String.raw`(?:/etc/cron[^"/]*(?:/[^"]+)?"|/var/spool/cron/[^"]+"|/etc/systemd/[^"]+"|/(?:usr/)?lib/systemd/[^"]+"|/\.config/systemd/[^"]+"|/library/launch(?:agents|daemons)/[^"]+"|/\.config/autostart/[^"]+"|/etc/init\.d/[^"]+"|/etc/rc\.local")`,
    ),
    examples: {
      match: ['writing file "/etc/cron.d/backup" with Write on claude-code', 'writing file "/home/dev/.config/systemd/user/agent.service" with Write on claude-code', 'writing file "/var/spool/cron/crontabs/dev" with Write on claude-code', 'writing file "/Users/dev/Library/LaunchAgents/x.plist" with Write on claude-code'],
      noMatch: ['writing file "/repo/src/cron.ts" with Write on claude-code', 'writing file "/repo/docs/systemd.md" with Write on claude-code'],
    },
  },
  {
    id: "self-protection.write-agent-hooks-config",
    category: "self-protection",
    reason: "Writes an agent runtime's settings, where the haltkey hook and MCP servers are configured: it can switch the checks off",
    score: 80,
    keywords: [".claude/", "managed-settings", ".mcp.json", ".cursor/mcp", "claude_desktop_config", ".codex/"],
    pattern: target(String.raw`(?:/\.claude/settings(?:\.local)?\.json"|/managed-settings\.json"|/\.mcp\.json"|/\.cursor/mcp\.json"|/claude_desktop_config\.json"|/\.claude\.json"|/\.codex/config\.toml")`),
    examples: {
      match: ['editing file "/repo/.claude/settings.json" with Edit on claude-code', 'writing file "/home/dev/.claude/settings.local.json" with Write on claude-code', 'writing file "/etc/claude-code/managed-settings.json" with Write on claude-code', 'writing file "/repo/.mcp.json" with Write on claude-code'],
      noMatch: ['writing file "/repo/docs/claude/settings.md" with Write on claude-code', 'writing file "/repo/src/settings.json" with Write on claude-code'],
    },
  },
  {
    id: "self-protection.write-haltkey-state",
    category: "self-protection",
    reason: "Writes haltkey's own configuration or state (policy, database, tokens, sockets): it can switch the checks off or forge their records",
    score: 85,
    keywords: ["haltkey"],
    pattern: new RegExp(`(?:${WRITE}${ANY}(?:/\\.local/state/haltkey|/\\.config/haltkey|/etc/haltkey|/var/lib/haltkey)${END}|(?:^|\\s)(?:writing file|editing file|moving|deleting(?: file| directory)?) "[^"]{0,1024}"[^\\n]{0,1100}?\\(inside haltkey_home\\))`),
    examples: {
      match: [
        'writing file "/etc/haltkey/policy.json" with Write on claude-code',
        'editing file "/home/dev/.config/haltkey/policy.yaml" with Edit on claude-code',
        'writing file "/home/dev/.local/state/haltkey/http-token" with Write on claude-code',
        'deleting directory "/tmp/hk-1/db" (inside HALTKEY_HOME) with delete_file on fs',
        'writing file "/srv/hk/policy.json" (inside HALTKEY_HOME) with Write on claude-code',
      ],
      noMatch: ['writing file "/repo/src/haltkey.ts" with Write on claude-code', 'reading "/etc/haltkey/policy.json"'],
    },
  },
  {
    id: "filesystem.delete-directory",
    category: "filesystem",
    reason: "Deletes a directory through a file tool, with everything in it",
    score: 55,
    keywords: ["deleting directory"],
    pattern: /(?:^|\s)deleting directory "[^"]{1,1024}"/,
    examples: {
      match: ['deleting directory "/repo/src" with delete_file on fs', 'deleting directory "/repo/build/" with delete_directory on fs'],
      noMatch: ['deleting file "/repo/src/old.ts" with delete_file on fs', "calling delete_directory on fs"],
    },
  },
  {
    id: "filesystem.delete-root-or-home",
    category: "filesystem",
    reason: "Deletes or moves away the project root, a home directory or a top-level system directory through a file tool",
    score: 85,
    keywords: ["project root", "deleting", "moving"],
    pattern: /(?:^|\s)(?:(?:deleting(?: directory| file)?|moving) "[^"]{1,1024}" \((?:the|contains the) project root\)|(?:deleting(?: directory| file)?|moving) "(?:\/|~|\/home\/[^"/]+|\/users\/[^"/]+|\/root|\/(?:etc|usr|var|bin|boot|lib|lib64|opt|sbin|srv|home|users))\/?")/,
    examples: {
      match: ['deleting directory "/home/dev/project" (the project root) with delete_file on fs', 'deleting directory "/home/dev" with delete_file on fs', 'deleting directory "/" with delete_file on fs', 'moving "/home/dev/project" (the project root) to "/tmp/x" with move_file on fs'],
      noMatch: ['deleting directory "/home/dev/project/src" with delete_file on fs', 'deleting file "/home/dev/project/a.txt" with delete_file on fs'],
    },
  },
];
