// Action rules: privilege. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";
import { re, T, END, START, PERSISTENCE_FILE, TOOL_WRITE } from "./fragments.js";

export const PRIVILEGE_RULES: readonly Rule[] = [
  {
    id: "privilege.macos-protection-off",
    category: "privilege",
    reason: "Turns off a macOS protection through its preferences: the quarantine that makes Gatekeeper check downloads, library validation, or the screen lock's password (T1553.001, T1562.001).",
    score: 80,
    keywords: ["defaults write"],
    pattern: /\bdefaults write\b[^;&|]{0,200}?(?:\blsquarantine['"]? -(?:bool|boolean|int|integer) ['"]?(?:no|false|0)\b|\bdisablelibraryvalidation['"]? -(?:bool|boolean|int|integer) ['"]?(?:yes|true|1)\b|\bcom\.apple\.screensaver['"]? ['"]?askforpassword['"]? -(?:int|integer|bool|boolean) ['"]?(?:0|no|false)\b)/,
    examples: {
      match: ["defaults write com.apple.LaunchServices LSQuarantine -bool NO", "sudo defaults write /Library/Preferences/com.apple.security.libraryvalidation.plist DisableLibraryValidation -bool true", "defaults write com.apple.screensaver askForPassword -int 0"],
      noMatch: ["defaults write com.apple.dock autohide -bool true", "defaults read com.apple.LaunchServices LSQuarantine", "defaults write com.apple.screensaver askForPassword -int 1"],
    },
  },
  {
    id: "privilege.gh-api-admin-role",
    category: "privilege",
    reason: "Makes someone an admin or owner of a GitHub organisation, team or repository through the API: full control of what it holds.",
    score: 92,
    keywords: ["gh api"],
    pattern: /\bgh api\b(?=[^;&|]{0,400}? (?:-x|--method)[= ]?(?:put|post|patch)\b)(?=[^;&|]{0,400}?\b(?:memberships|collaborators|members|teams\/[^\s/]+\/repos)\b)[^;&|]{0,400}? (?:-f|--field|--raw-field)[= ]['"]?(?:role|permission)=['"]?(?:admin|owner|maintain)\b/,
    examples: {
      match: ["gh api -X PUT orgs/acme/memberships/dev-helper-2291 -f role=admin", "gh api --method PUT repos/acme/api/collaborators/bob -f permission=admin", "gh api -X PUT orgs/acme/teams/core/repos/acme/infra -f permission=admin"],
      noMatch: ["gh api orgs/acme/memberships/bob", "gh api -X PUT orgs/acme/memberships/bob -f role=member", "gh api repos/acme/api/pulls -f title=x"],
    },
  },
  {
    id: "privilege.gh-api-access-change",
    category: "privilege",
    reason: "Adds or removes a member, collaborator or team's access on GitHub through the API.",
    score: 65,
    keywords: ["gh api"],
    pattern: /\bgh api\b(?=[^;&|]{0,400}? (?:-x|--method)[= ]?(?:put|post|patch|delete)\b)[^;&|]{0,400}?\b(?:orgs\/[^\s/]+\/(?:memberships|members|outside_collaborators)|repos\/[^\s/]+\/[^\s/]+\/collaborators|teams\/[^\s/]+\/(?:memberships|repos))\//,
    examples: {
      match: ["gh api -X PUT orgs/acme/memberships/bob -f role=member", "gh api --method DELETE repos/acme/api/collaborators/alice", "gh api -X PUT orgs/acme/teams/core/repos/acme/infra -f permission=push"],
      noMatch: ["gh api orgs/acme/members/bob", "gh api repos/acme/api/collaborators/alice/permission"],
    },
  },

  {
    id: "privilege.sudo",
    category: "privilege",
    reason: "Runs a command with root privileges.",
    // Advisory on its own: sudo is a wrapper, and what it runs is judged by the rules for that
    // command (both reference guards treat it as transparent). Root shells score higher below.
    score: 45,
    keywords: ["sudo", "doas", "pkexec", "runas"],
    // "sudo" or "sudo --" with no command after it runs nothing.
    pattern: re(String.raw`${START}(?:sudo|doas|pkexec|runas)${END}(?! ?(?:-- ?)?(?:$|[;&|)'"\x60]))`),
    examples: {
      // xargs appends what it reads: `printf x | xargs sudo --` runs `sudo -- x`.
      match: ["sudo apt-get install nginx", "executing shell command: sudo systemctl restart nginx", "echo ok | xargs sudo -- tee /etc/hosts", "printf x | xargs sudo --"],
      noMatch: ["echo sudo", "grep sudo /var/log/auth.log", "read the sudo manual", "find . -print0 | xargs -0 sudo --", "which sudo; ls"],
    },
  },
  {
    id: "privilege.root-shell",
    category: "privilege",
    reason: "Opens an interactive root shell, where nothing further is reviewed.",
    score: 65,
    keywords: ["sudo", "su"],
    // Also by its path, through env, or by an interpreter told to exec one (sudo /bin/sh, sudo env /bin/bash, sudo perl -e 'exec "/bin/sh"').
    pattern: re(String.raw`${START}(?:sudo(?: -${T}+(?: root)?)* (?:env(?: -${T}+)* )?(?:(?:/usr)?/bin/)?(?:su|bash|sh|dash|zsh|ksh|fish)${END}|sudo -[a-z]*[is]${END}|su(?: -| -l| root| --login)?(?:$|[;&|)'"\x60]| -c)|sudo(?: -${T}+(?: root)?)* (?:[^\s;&|]*/)?(?:perl|ruby|python[\d.]*|php|lua|tclsh|node) -[a-z]*[ec][a-z]* [^&|\n]{0,200}?\b(?:exec\w{0,2}|system|spawn|popen|os\.execute)\b[^&|\n]{0,40}?['"(\s](?:(?:/usr)?/bin/)?(?:ba|da|z|k)?sh(?=$|[\s'"),;&|]))`),
    examples: {
      match: ["sudo su -", "sudo -i", "su -", "sudo -u root bash", "su root", "sudo env /bin/sh", "sudo /bin/bash", `sudo perl -e 'exec "/bin/sh";'`],
      noMatch: ["sudo apt update", "summary of changes", "sudo -u www-data ls"],
    },
  },
  {
    id: "privilege.sudoers-change",
    category: "privilege",
    reason: "Edits sudo configuration, which can grant passwordless root.",
    score: 90,
    keywords: ["visudo", "nopasswd", "/etc/sudoers"],
    pattern: /\bvisudo\b|\bnopasswd\b|(?:>>?|\btee(?: -a)?|\bsed -i\b[^;&|]{0,100}?|\b(?:vi|vim|nano|emacs|ed)|\b(?:cp|mv|ln -sf?|install)\b[^;&|]{0,100}?|\bchmod [^;&|]{0,30}?|\b(?:write|write_file|edit|edit_file|create_file|str_replace\w*|append_file|modify|overwrite)\b[^;&|]{0,40}?) ?\/etc\/sudoers/,
    examples: {
      match: ["echo 'agent ALL=(ALL) NOPASSWD:ALL' | sudo tee -a /etc/sudoers", "sudo visudo", "cp sudoers.new /etc/sudoers.d/agent", "calling write_file on /etc/sudoers"],
      noMatch: ["cat /etc/sudoers", "man sudoers"],
    },
  },
  {
    id: "privilege.admin-group",
    category: "privilege",
    reason: "Adds a user to an administrative group (sudo, wheel, admin, docker), which is root-equivalent.",
    score: 85,
    keywords: ["usermod", "gpasswd", "adduser", "dscl"],
    pattern: /\busermod\b[^;&|]{0,100}? -[a-z]*g[a-z]*[ =][^;&|]{0,60}?\b(?:sudo|wheel|admin|docker|root|adm|lpadmin|libvirt|disk)\b|\bgpasswd -a [^\s;&|]+ (?:sudo|wheel|admin|docker|root)\b|\badduser [\w.-]+ (?:sudo|wheel|admin|docker|root)\b|\bdscl\b[^;&|]{0,100}? -append \/groups\/admin\b/,
    examples: {
      match: ["sudo usermod -aG sudo agent", "usermod -a -G docker,wheel bob", "gpasswd -a bob docker", "adduser deploy sudo"],
      noMatch: ["usermod -aG developers bob", "groups bob", "adduser deploy"],
    },
  },
  {
    id: "privilege.create-user",
    category: "privilege",
    reason: "Creates a new system account.",
    score: 55,
    keywords: ["useradd", "adduser", "net user"],
    pattern: re(String.raw`${START}(?:useradd|adduser)${END}|\bnet user\b[^;&|]{0,100}? /add\b`),
    examples: {
      match: ["sudo useradd -m deploy", "adduser backdoor", "net user hacker P@ss /add"],
      noMatch: ["man useradd", "net user", "id deploy"],
    },
  },
  {
    id: "privilege.dbus-create-user",
    category: "privilege",
    reason: "Creates an account or sets a password through the accounts service on D-Bus, outside useradd (the shape of the polkit race, CVE-2021-3560): privilege escalation (T1068, T1136.001).",
    score: 86,
    keywords: ["dbus-send", "gdbus", "busctl"],
    pattern: /\b(?:dbus-send|gdbus|busctl)\b[^;&|]{0,300}?org\.freedesktop\.accounts(?:\.user)?[. ](?:createuser|setpassword|setaccounttype)\b/,
    examples: {
      match: ["dbus-send --system --dest=org.freedesktop.Accounts --type=method_call --print-reply /org/freedesktop/Accounts org.freedesktop.Accounts.CreateUser string:svcadm string:x int32:1", "busctl call org.freedesktop.Accounts /org/freedesktop/Accounts/User1000 org.freedesktop.Accounts.User SetPassword ss x y"],
      noMatch: ["busctl list", "dbus-send --session --dest=org.freedesktop.Notifications /org/freedesktop/Notifications org.freedesktop.Notifications.Notify"],
    },
  },
  {
    id: "privilege.hide-process",
    category: "privilege",
    reason: "Mounts over a process's /proc entry so tools cannot see it: hidden process (T1564).",
    score: 88,
    keywords: ["mount"],
    pattern: /\bmount\b[^;&|]{0,100}? (?:--bind|-o bind|--rbind)\b[^;&|]{0,200}? \/proc\/(?:\$|\d)/,
    examples: {
      match: ["mount --bind /dev/shm/.e /proc/$p", "sudo mount -o bind /tmp/empty /proc/1234"],
      noMatch: ["mount --bind /srv/data /mnt/data", "mount -t proc proc /proc"],
    },
  },
  {
    id: "privilege.quarantine-removed",
    category: "privilege",
    reason: "Strips macOS's quarantine attribute so Gatekeeper never checks what was downloaded: subvert trust controls (T1553.001).",
    score: 62,
    keywords: ["quarantine", "xattr"],
    pattern: /\bxattr\b[^;&|]{0,100}? -[a-z]*[dc][a-z]*\b[^;&|]{0,100}?com\.apple\.quarantine\b|\bxattr\b(?: -[a-z]+)* -[a-z]*c[a-z]*\b/,
    examples: {
      match: ["xattr -d -r com.apple.quarantine ~/Downloads/App.app", "find ~/Downloads -name '*.app' -exec /usr/bin/xattr -d -r com.apple.quarantine {} +", "xattr -cr /Applications/Tool.app"],
      noMatch: ["xattr -l file.pdf", "xattr -p com.apple.quarantine file.dmg"],
    },
  },
  {
    id: "privilege.root-password",
    category: "privilege",
    reason: "Changes or removes the root password.",
    score: 85,
    keywords: ["passwd"],
    pattern: /\bpasswd (?:-[a-z]+ )*root(?=$|[\s;&|)'"`])|\bchpasswd\b[^;&|]{0,100}?\broot\b|\broot:[^\s:;&|]+[^;&|]{0,50}?\| ?(?:sudo )?chpasswd\b/,
    examples: {
      match: ["sudo passwd root", "passwd -d root", "echo 'root:hunter2' | sudo chpasswd"],
      noMatch: ["passwd", "cat /etc/passwd", "echo 'bob:x' | chpasswd"],
    },
  },
  {
    id: "privilege.setuid",
    category: "privilege",
    reason: "Sets the setuid/setgid bit, letting anyone run the file with its owner's privileges.",
    score: 80,
    keywords: ["chmod"],
    pattern: re(String.raw`${START}chmod(?: ${T}+){0,6}? \\?['"]?(?:[ugoa]*\+[rwxt]*s[rwxt]*|[2-7][0-7]{3})['"]?${END}`),
    examples: {
      match: ["chmod u+s /usr/bin/vim", "sudo chmod 4755 ./rootshell", "chmod +s /bin/bash"],
      noMatch: ["chmod 0755 script.sh", "chmod +x run.sh", "chmod 1777 /scratch"],
    },
  },
  {
    id: "privilege.authorized-keys",
    category: "privilege",
    reason: "Adds or replaces SSH authorized keys, granting persistent remote login.",
    score: 80,
    keywords: ["authorized_keys"],
    pattern: /(?:>>?|\btee(?: -a)?|\b(?:cp|mv|install|ln -sf?)\b[^;&|]{0,200}?|\b(?:write|write_file|edit|edit_file|create_file|str_replace\w*|append_file|modify|overwrite)\b[^;&|]{0,40}?) ?[^\s;&|]{0,100}?authorized_keys\b/,
    examples: {
      match: ["echo 'ssh-ed25519 AAAA attacker' >> ~/.ssh/authorized_keys", "cat key.pub | tee -a /root/.ssh/authorized_keys", "cp mykey.pub ~/.ssh/authorized_keys", "calling edit_file on /root/.ssh/authorized_keys"],
      noMatch: ["cat ~/.ssh/authorized_keys", "wc -l ~/.ssh/authorized_keys"],
    },
  },
  {
    id: "privilege.aws-admin-policy",
    category: "privilege",
    reason: "Grants AWS administrator-level permissions.",
    score: 85,
    keywords: ["aws iam"],
    pattern: /\baws iam attach-(?:user|role|group)-policy\b[^;&|]{0,300}?(?:administratoraccess|iamfullaccess|poweruseraccess)|\baws iam add-user-to-group\b[^;&|]{0,200}?admin/,
    examples: {
      match: ["aws iam attach-user-policy --user-name bot --policy-arn arn:aws:iam::aws:policy/AdministratorAccess", "aws iam add-user-to-group --group-name Admins --user-name bot"],
      noMatch: ["aws iam list-attached-user-policies --user-name bot", "aws iam attach-user-policy --user-name bot --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess"],
    },
  },
  {
    id: "privilege.cloud-iam-change",
    category: "privilege",
    reason: "Creates cloud identities, keys or policies, which can grant lasting access.",
    score: 80,
    keywords: ["aws iam", "gcloud iam", "az ad"],
    pattern: /\baws iam (?:create-access-key|create-user|create-login-profile|update-login-profile|put-(?:user|role|group)-policy|attach-(?:user|role|group)-policy|add-user-to-group|update-assume-role-policy|create-policy-version)\b|\bgcloud iam service-accounts keys create\b|\baz ad sp (?:create-for-rbac|credential reset)\b/,
    examples: {
      match: ["aws iam create-access-key --user-name bot", "aws iam put-user-policy --user-name bot --policy-name p --policy-document file://p.json", "gcloud iam service-accounts keys create key.json --iam-account sa@p.iam.gserviceaccount.com"],
      noMatch: ["aws iam list-users", "aws iam get-user", "gcloud iam service-accounts list"],
    },
  },
  {
    id: "privilege.cloud-owner-role",
    category: "privilege",
    reason: "Grants owner/editor-level roles on a cloud project or subscription.",
    score: 85,
    keywords: ["add-iam-policy-binding", "az role assignment"],
    pattern: /\badd-iam-policy-binding\b[^;&|]{0,300}?roles\/(?:owner|editor|iam\.(?:securityadmin|serviceaccountadmin|serviceaccounttokencreator|serviceaccountkeyadmin|roleadmin)|resourcemanager\.\w*admin)\b|\baz role assignment create\b[^;&|]{0,300}?(?:owner|contributor|user access administrator)\b/,
    examples: {
      match: ["gcloud projects add-iam-policy-binding acme --member user:x@y.com --role roles/owner", "az role assignment create --assignee bot --role Owner --scope /subscriptions/1"],
      noMatch: ["gcloud projects add-iam-policy-binding acme --member user:x@y.com --role roles/viewer", "az role assignment list"],
    },
  },
  {
    id: "privilege.k8s-cluster-admin",
    category: "privilege",
    reason: "Binds a subject to cluster-admin, granting full control of the cluster.",
    score: 85,
    keywords: ["cluster-admin"],
    pattern: /\bcreate (?:cluster)?rolebinding\b[^;&|]{0,200}?cluster-admin\b/,
    examples: {
      match: ["kubectl create clusterrolebinding bot-admin --clusterrole=cluster-admin --serviceaccount=default:bot", "kubectl create rolebinding x --clusterrole cluster-admin --user bob"],
      noMatch: ["kubectl get clusterrolebinding cluster-admin", "kubectl create clusterrolebinding view --clusterrole=view --user bob"],
    },
  },
  {
    id: "privilege.mailbox-delegated",
    category: "privilege",
    reason: "Gives another account a Google Workspace mailbox (a delegate) or forwards its mail from now on (GAM): they read everything it receives (T1098.002, T1114.003).",
    score: 75,
    keywords: ["gam"],
    pattern: re(String.raw`\bgam(?: ${T}+){0,6}? (?:(?:add|create) delegates?|forward on|(?:add|create) forwardingaddress(?:es)?)${END}`),
    examples: {
      match: ["gam user ceo@example.com add delegate ops-automation@example.com", "gam user cfo@example.com forward on archive@outside.example keep", "gam user a@example.com create forwardingaddress b@outside.example"],
      noMatch: ["gam user ceo@example.com show delegates", "gam user a@example.com forward off", "gam info user a@example.com"],
    },
  },
  {
    id: "privilege.group-opened-to-anyone",
    category: "privilege",
    reason: "Lets anyone, inside or outside the organisation, post to or join a Google group (GAM): mail to it reaches every member as if from inside, the way phishing spreads.",
    score: 55,
    keywords: ["gam"],
    pattern: re(String.raw`\bgam(?: ${T}+){0,3}? update group ${T}+(?: ${T}+){0,8}? (?:who_?can_?post_?message|who_?can_?join) ['"]?anyone_can_(?:post|join)${END}`),
    examples: {
      match: ["gam update group all-staff@kindredharbor.org whocanpostmessage anyone_can_post", "gam update group staff-all@hrusd.org who_can_post_message ANYONE_CAN_POST"],
      noMatch: ["gam update group all-staff@example.org whocanpostmessage all_in_domain_can_post", "gam info group all-staff@example.org"],
    },
  },
  {
    id: "privilege.disable-security-controls",
    category: "privilege",
    reason: "Turns off a firewall, SELinux/AppArmor or audit logging.",
    score: 75,
    keywords: ["setenforce", "ufw", "iptables", "ip6tables", "nft", "systemctl", "service", "auditctl", "spctl", "csrutil", "set-mppreference"],
    // systemctl and service only count with one of the named services.
    alsoOneOf: ["setenforce", "ufw", "tables", "nft", "firewalld", "auditd", "apparmor", "fail2ban", "falcon-sensor", "osqueryd", "wazuh-agent", "clamav-daemon", "selinux", "auditctl", "spctl", "csrutil", "set-mppreference"],
    pattern: /\bsetenforce (?:0|permissive)\b|\bufw disable\b|\b(?:ip6?tables)(?: -t \w+)? (?:-f|--flush)(?=$|[\s;&|)'"`])|\bnft flush ruleset\b|\bsystemctl (?:stop|disable|mask)(?: --now)? (?:firewalld|auditd|apparmor|ufw|fail2ban|falcon-sensor|osqueryd|wazuh-agent|clamav-daemon|selinux)\b|\bservice (?:firewalld|auditd|apparmor|ufw|fail2ban) stop\b|\bauditctl -(?:e 0|d)\b|\bspctl --master-disable\b|\bcsrutil disable\b|\bset-mppreference\b[^;&|]{0,100}?-disablerealtimemonitoring ['"]?\$?true/,
    examples: {
      match: ["sudo setenforce 0", "ufw disable", "iptables -F", "systemctl stop firewalld", "auditctl -e 0"],
      noMatch: ["ufw status", "iptables -L", "systemctl status firewalld", "iptables -A INPUT -f -j DROP"],
    },
  },
  {
    id: "privilege.persistence-file-write",
    category: "privilege",
    reason: "Writes a shell startup file or a credential file, which installs code that runs at every login or replaces stored credentials.",
    score: 75,
    keywords: [".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin", ".npmrc", ".pypirc", ".netrc", ".git-credentials", ".docker/config.json", ".kube/config", ".aws/", ".ssh/", ".gnupg/", ".config/gh/"],
    pattern: re(
      String.raw`(?:(?:^|[^>\d&])>>?\|? ?|\btee(?: -a)? (?:-${T}+ )*|\bsed (?:-${T}+ )*-i${T}*[^;&|]{0,200}? |\bdd\b[^;&|]{0,200}? of=|${TOOL_WRITE})${PERSISTENCE_FILE}|\b(?:cp|mv|install|ln -sf?|rsync)\b[^;&|]{0,200}? ${PERSISTENCE_FILE}${T}*['"]? ?(?:$|[;&|)])`,
    ),
    examples: {
      match: ["echo 'x' >> ~/.zshrc", "cp evil ~/.bashrc", "cat key > ~/.aws/credentials", "echo 'export PATH=x' | tee -a $HOME/.profile", "calling write_file on /home/u/.npmrc"],
      noMatch: ["cat ~/.bashrc", "cp ~/.zshrc ./backup/zshrc", "echo hi >> ~/.ssh/known_hosts", "source ~/.bashrc", "ls -la ~/.aws/"],
    },
  },
  {
    // A Django application's user made a superuser from its shell (manage.py shell -c, NetBox's nbshell): full control of the application (T1098).
    id: "privilege.django-superuser",
    category: "privilege",
    reason: "Makes a user a superuser of a Django application from its shell (is_superuser=True): full control of the application and its data.",
    score: 70,
    keywords: ["is_superuser"],
    // (Set by update() or on the object, or made by create_superuser; not a filter that only asks: filter(is_superuser=True).)
    pattern: /\b(?:manage\.py|django-admin)\s+(?:nbshell|shell_plus|shell)\b[^\n]{0,600}?(?:\.update\([^)\n]{0,200}?\bis_superuser\s*=\s*true\b|\.is_superuser\s*=\s*true\b|\bcreate_superuser\s*\()/,
    examples: {
      match: [`ssh netbox1 "sudo -u netbox /opt/netbox/venv/bin/python /opt/netbox/netbox/manage.py nbshell -c \\"from users.models import User; User.objects.filter(username='ci-bot').update(is_superuser=True, is_staff=True)\\""`, `python manage.py shell -c "u=User.objects.get(username='x'); u.is_superuser = True; u.save()"`],
      noMatch: [`python manage.py shell -c "print(User.objects.filter(is_superuser=True).count())"`, `grep -rn is_superuser=True tests/`],
    },
  },
];
