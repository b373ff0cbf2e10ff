// Action rules: self-protection. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";

export const SELF_PROTECTION_RULES: readonly Rule[] = [

  {
    id: "self-protection.stop-daemon",
    category: "self-protection",
    reason: "Stops or kills the haltkey safety daemon itself.",
    score: 95,
    keywords: ["haltkey"],
    pattern: /\b(?:pkill|killall|kill|taskkill)\b[^;&|]{0,100}?haltkey|\b(?:systemctl|launchctl|supervisorctl|pm2|sv)(?: --user)? (?:stop|disable|mask|kill|unload|bootout|remove|delete|down)\b[^;&|]{0,100}?haltkey|\bservice haltkey (?:stop|disable)\b|\bhaltkey (?:stop|shutdown|disable|kill)\b/,
    examples: {
      match: ["pkill haltkey", "kill -9 $(pgrep -f haltkey)", "systemctl --user stop haltkey", "launchctl unload ~/Library/LaunchAgents/dev.haltkey.plist"],
      noMatch: ["haltkey status", "systemctl status haltkey", "grep haltkey README.md"],
    },
  },
  {
    id: "self-protection.tamper-state",
    category: "self-protection",
    reason: "Modifies or deletes haltkey's policy, state, socket or environment.",
    score: 95,
    keywords: ["haltkey"],
    pattern: /\b(?:rm|mv|cp|tee|sed|chmod|chown|truncate|shred|vi|vim|nano|emacs|ln|unlink|rsync|write|write_file|edit|edit_file|delete|remove|modify|overwrite|replace)\b[^;&|]{0,200}?(?:\.local\/state\/haltkey|\/var\/lib\/haltkey|\.config\/haltkey|\/etc\/haltkey|haltkey\.sock|haltkey\/(?:db|sim|policy)|\$\{?haltkey_home\}?)|> ?[^\s;&|]*(?:haltkey\/|haltkey\.sock)|\b(?:unset|export) haltkey_\w+|\bhaltkey_home=/,
    examples: {
      match: ["rm -rf ~/.local/state/haltkey", "calling write_file on /home/u/.config/haltkey/policy.yaml", "echo '{}' > ~/.local/state/haltkey/db/CURRENT", "export HALTKEY_HOME=/tmp/fake"],
      noMatch: ["ls ~/.local/state/haltkey", "haltkey audit verify", "cat ~/.config/haltkey/policy.yaml"],
    },
  },
  {
    id: "self-protection.self-approve",
    category: "self-protection",
    reason: "Presses haltkey's (simulated) approval button or unblocks an agent: an agent must never approve itself.",
    score: 95,
    keywords: ["haltkey"],
    pattern: /\bhaltkey\b[^;&|]{0,80}? (?:sim (?:press|touch|unblock)|unblock)\b|\bhaltkey\/sim\//,
    examples: {
      match: ["haltkey sim press req-123 approve", "haltkey sim unblock claude", "echo approve > ~/.local/state/haltkey/sim/buttons"],
      noMatch: ["haltkey status", "haltkey serve --simulate"],
    },
  },
  {
    id: "self-protection.uninstall",
    category: "self-protection",
    reason: "Uninstalls haltkey or removes its binary or udev rules.",
    score: 95,
    keywords: ["haltkey"],
    pattern: /\b(?:npm|pnpm|yarn|bun)\b[^;&|]{0,30}? (?:uninstall|remove|rm|un|r)\b[^;&|]{0,60}?\bhaltkey\b|\b(?:apt|apt-get|dnf|yum|brew|pip3?|pipx|cargo|snap)\b[^;&|]{0,30}? (?:remove|uninstall|purge|erase)\b[^;&|]{0,60}?\bhaltkey\b|\b(?:rm|mv|unlink|sed|tee|vi|vim|nano)\b[^;&|]{0,200}?(?:bin\/haltkey|udev\/rules\.d\/[^\s;&|]*haltkey)|\bhaltkey\b[^;&|]{0,100}?\budev\b[^;&|]{0,100}?\b(?:rm|delete|remove|disable)\b/,
    examples: {
      match: ["npm uninstall -g haltkey", "sudo rm /etc/udev/rules.d/99-haltkey.rules", "rm $(which haltkey) /usr/local/bin/haltkey"],
      noMatch: ["npm install -g haltkey", "cat /etc/udev/rules.d/99-haltkey.rules"],
    },
  },
  {
    // A coding agent started by the agent with its approvals off: what it then runs is asked of nobody,
    // this hook included (T1562.001). Not codex --full-auto, which keeps its sandbox.
    id: "self-protection.agent-without-approvals",
    category: "self-protection",
    reason: "Starts a coding agent with its approvals and sandbox turned off: every command it then runs is asked of nobody.",
    score: 85,
    keywords: ["dangerously", "danger-full-access", "bypasspermissions", "yolo"],
    pattern: /\b(?:claude|codex|gemini|cursor-agent|qwen|opencode|amp|aider)\b[^;&|]{0,200}?(?:--dangerously-skip-permissions|--dangerously-bypass-approvals-and-sandbox|--yolo\b|(?:-s|--sandbox)[ =]danger-full-access|--permission-mode[ =]bypasspermissions|--approval-mode[ =]yolo|-c approval_policy=["']?never)/,
    examples: {
      match: ["codex --dangerously-bypass-approvals-and-sandbox exec \"fix the tests\"", "claude -p 'deploy it' --dangerously-skip-permissions", "gemini --yolo -p 'clean up'", "codex exec -s danger-full-access 'x'", "claude --permission-mode bypassPermissions"],
      noMatch: ["codex --full-auto exec 'fix the tests'", "claude -p 'summarise the diff'", "grep -rn dangerously-skip-permissions docs/"],
    },
  },
];
