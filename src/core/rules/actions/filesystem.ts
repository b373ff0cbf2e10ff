// Action rules: filesystem. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";
import { re, T, END, PATH_PREFIX, START, RM_RECURSIVE, RM_FORCE, ROOT_TARGET, SYSTEM_ROOT_TARGET, TEMP_TARGET, BUILD_OUTPUT_TARGET, WINDOWS_BUILD_OUTPUT_TARGET, NO_DRY_RUN, SCRATCH_TARGET, SYSTEM_DIR, TOOL_WRITE, outsideQuotedText, FIND_REGENERABLE, FIND_ENDS } from "./fragments.js";

/**
 * A search rooted in scratch space: in a directory named tmp, temp or scratch (./tmp,
 * /scratch/encode/tmp, /srv/scratch/ticket-exports). What it deletes there is scratch, as `rm -rf ./tmp/x` is. Not /tmp itself, which
 * holds every user's and service's files, and only a sole root: `find ./tmp /home -delete` still matches.
 */
const FIND_SCRATCH_ROOT = String.raw`\\?['"]?(?!/tmp/?['"]?${END})(?:/scratch(?:/[\w.@+-]+)*|(?:\./)?(?!\.\.)tests?/(?:fixtures?|data|tmp|output|snapshots)(?:/(?!\.\.)[\w.@+-]+)*|(?:\.?/|~/|\$\{?home\}?/|/home/[\w.-]+/|/users/[\w.-]+/)?(?:[\w.@+-]+/)*(?:tmp|temp|scratch|\.?cache|[\w-]+[_-]cache)(?:/[\w.@+-]+)*)/?['"]?${END}(?! (?!-)${T})`;

/** What a Windows delete names that is not a target: an option with its value, a switch, or build output. */
const WINDOWS_DELETE_SKIPPED = String.raw`(?:-(?:erroraction|warningaction|informationaction|include|exclude|filter)(?: |:)(?!-)[^\s;&|)]+|-(?!(?:erroraction|warningaction|informationaction|include|exclude|filter) )\w+(?::\$(?:true|false))?(?=$|[\s;&|)])|/[a-z](?=$|[\s;&|)])|${WINDOWS_BUILD_OUTPUT_TARGET})`;

export const FILESYSTEM_RULES: readonly Rule[] = [
  {
    id: "filesystem.rm-recursive-root",
    category: "filesystem",
    reason: "Recursively deletes the root, a home directory or a system directory; the machine or the user's files are gone.",
    score: 95,
    keywords: ["rm"],
    pattern: re(String.raw`${RM_RECURSIVE}(?: ${T}+){0,20}? ${ROOT_TARGET}`),
    examples: {
      match: [
        "rm -rf /",
        "executing shell command: sudo rm -rf --no-preserve-root /",
        "Bash(rm -fr ~)",
        "run `rm -r -f $HOME`",
        "bash -c 'rm --recursive --force /*'",
        "echo $(rm -rf 2>/dev/null /)",
        "rm -rf /etc",
        "cd /srv/app && rm -rf .",
        "rm -rf /home/alice",
        "parallel rm -rf ::: /",
        "Bash(command=\"rm -rf /\")",
        "kubectl exec -it api-0 -- rm -rf /",
        "bash <<'EOF' rm -rf ~ EOF",
      ],
      noMatch: ["rm -rf /tmp/build", "echo rm -rf /", "rm -f /", "rm -rf ./src/old", "grep -r 'rm -rf /' docs/", "git commit -m \"fix rm -rf detection\""],
    },
  },
  {
    id: "filesystem.rm-recursive",
    category: "filesystem",
    reason: "Recursively force-deletes a directory tree without prompting; anything not committed or backed up is lost.",
    score: 55,
    keywords: ["rm"],
    // Every target but a temporary directory or regenerable build output inside the project
    // (node_modules, dist, build, target, .venv, caches, by a relative path without "..") counts:
    // pausing on `rm -rf node_modules` teaches people to approve without reading. `parallel rm -rf
    // ::: a b` names its targets after ":::".
    pattern: re(
      String.raw`${RM_RECURSIVE}${RM_FORCE}(?:(?: ${T}+){0,20}? (?!-)(?!\d?>)(?!:::${END})(?!${TEMP_TARGET})(?!${BUILD_OUTPUT_TARGET})${T}|(?: -${T}*){0,10} ?(?:$|[;&|)]|['"\x60](?=$|[\s;&|)])))`,
    ),
    examples: {
      match: ["find / -name __pycache__ -exec rm -rf {} +", "find . -name __pycache__ -exec rm -rf {} ~ +", 
        "rm -rf src/legacy",
        "executing shell command: rm -r -f docs",
        "rm -R -f /some/path",
        "rm -rf $TMPDIR/../escape",
        "find . -print0 | xargs -0 rm -rf",
        "rm -rf node_modules/../..",
        "rm -rf ~/node_modules/../..",
        "rm -rf /usr/lib/node_modules",
        "rm -rf dist src",
        "rm -rf */../dist",
        "rm -rf .*/node_modules",
        "rm -rf $HOME/build",
        "ssh host rm -rf ~/app",
        "env -i FOO=1 rm -rf data",
        "parallel rm -rf ::: src /tmp/x",
        "r\\m -rf src",
        "r\"m\" -rf project",
        "$'rm' -rf src",
        "rm '-rf' src",
        "sh -c \"$(printf 'rm -rf src')\"",
        "node -e \"require('child_process').spawn('rm', ['-rf', 'src'])\"",
        "ruby -e 'system(\"rm\", \"-rf\", \"vendor\")'",
        "jshell -e 'Runtime.getRuntime().exec(new String[]{\"rm\", \"-rf\", \"src\"})'",
        "groovy -e '\"rm -rf src\".execute()'",
        "find . -name cache -exec rm -rf {} +",
      ],
      noMatch: ["rm -rf tmp/ota-fixtures-cache tests/.recorded/*.tmp", "find . -name __pycache__ -type d -prune -exec rm -rf {} +", 
        "git commit -am 'chore: rm -rf old dir'",
        "rm -rf /tmp/test-dir",
        "rm -rf /var/tmp/cache /tmp/b",
        "rm -rf ./build ./dist *.egg-info .pytest_cache",
        // .NET's bin and obj, Unreal's generated folders, a coverage profile: all made again by the next build.
        "rm -rf src/Shop.Web/bin src/Shop.Web/obj",
        "rm -rf Intermediate Binaries/Win64 Saved/Logs DerivedDataCache/Local",
        "rm -rf bin/ dist/ coverage.out",
        "/bin/rm -rf $TMPDIR/foo..bar",
        "rm -rf -- ${TMPDIR}/x",
        "parallel rm -rf ::: /tmp/a /tmp/b",
        "rm -f notes.txt",
        "echo rm -rf data",
        "wc rm -rf /",
        "rm -r old-reports",
        "rm --recursive ./stale",
        "python -c \"import subprocess; subprocess.call(['rm', '-f', 'out.txt'])\"",
        "node -e \"require('child_process').spawn('rm', ['-rf', '/tmp/x'])\"",
        "\\rm -f a.out",
        "rm -rf node_modules",
        "parallel rm -rf ::: build /tmp/x",
        "rm -rf dist build .cache",
        "rm -rf ./target packages/web/.next __pycache__ .venv",
        "rm -rf packages/*/dist apps/*/node_modules",
        "cd frontend && rm -rf node_modules",
      ],
    },
  },
  {
    // $TMPDIR is only a temporary directory while nobody has pointed it elsewhere.
    id: "filesystem.rm-tmpdir-overridden",
    category: "filesystem",
    reason: "Recursively force-deletes under $TMPDIR after pointing TMPDIR at a non-temporary directory.",
    score: 55,
    keywords: ["tmpdir="],
    pattern: re(
      String.raw`\btmpdir=(?!['"]?(?:/private)?(?:/var)?/tmp(?:/|['"]?(?:\s|$)))${T}*.{0,200}?\brm${END}(?=[^;&|]{0,200}? (?:-[a-z]*r[a-z]*|--recursive)${END})${RM_FORCE}[^;&|]{0,200}? \\?['"]?\$\{?tmpdir\b`,
    ),
    examples: {
      match: ["TMPDIR=/home/me rm -rf $TMPDIR/cache", "env TMPDIR= rm -rf ${TMPDIR}/x", "export TMPDIR=$HOME && rm -rf $TMPDIR/*"],
      noMatch: ["TMPDIR=/tmp/build rm -rf $TMPDIR/cache", "rm -rf $TMPDIR/cache", "TMPDIR=/home/me ls $TMPDIR"],
    },
  },
  {
    // Safety-net's rule: the targets come from stdin, so even a temp-looking argument proves nothing.
    id: "filesystem.xargs-rm-recursive",
    category: "filesystem",
    reason: "xargs feeds dynamic input to rm -rf; which paths get deleted is decided at run time.",
    score: 55,
    keywords: ["xargs"],
    pattern: re(
      String.raw`\bxargs(?: -${T}*(?: (?!-)(?!(?:sudo|env|command|busybox|nice|nohup)${END})(?!${PATH_PREFIX}rm${END})${T}+)?){0,12} (?:(?:sudo|env|command|busybox|nice|nohup)(?: -${T}+){0,6} ){0,4}${PATH_PREFIX}rm${END}(?=[^;&|]{0,200}? (?:-[a-z]*r[a-z]*|--recursive)${END})${RM_FORCE}`,
    ),
    examples: {
      match: ["echo /tmp/x | xargs rm -rf /tmp/x", "cat list | xargs -n 1 rm -rf", "xargs -a paths.txt -I {} sudo rm -fr {}"],
      noMatch: ["ls | xargs rm -f", "ls | xargs echo rm -rf", "cat list | xargs rm -r"],
    },
  },
  {
    // Without -f, rm asks before removing write-protected files and stops on errors: advisory only,
    // as in the reference guards (safety-net allows `rm -r`, blocks `rm -rf`).
    id: "filesystem.rm-recursive-unforced",
    category: "filesystem",
    reason: "Recursively deletes a directory tree (without -f, so write-protected files prompt).",
    score: 40,
    keywords: ["rm"],
    pattern: re(
      String.raw`${RM_RECURSIVE}(?:(?: ${T}+){0,20}? (?!-)(?!\d?>)(?!${SCRATCH_TARGET})${T}|(?: -${T}*){0,10} ?(?:$|[;&|)]|['"\x60](?=$|[\s;&|)])))`,
    ),
    examples: {
      match: ["rm -r old-reports", "executing shell command: rm --recursive ./stale", "rm -R photos/2019"],
      noMatch: ["rm notes.txt", "rm -r node_modules", "echo rm -r data"],
    },
  },
  {
    id: "filesystem.rm-system-path",
    category: "filesystem",
    reason: "Deletes files inside a system directory; the operating system or an installed service may stop working.",
    score: 75,
    keywords: ["rm"],
    pattern: re(String.raw`${START}rm${END}(?: ${T}+){0,20}? \\?['"]?${SYSTEM_DIR}/${T}`),
    examples: {
      match: ["rm -f /etc/nginx/nginx.conf", "sudo rm /usr/bin/python3", "bash -c \"rm -rf /etc/demo\"", "rm -rf /var/lib/postgresql/data", "rm -rf /var/lib/apt/lists/../../postgresql", "rm -rf /var/lib/apt/listsx"],
      noMatch: ["rm -f /usr/local/bin/mytool", "rm -rf /var/tmp/stuff", "cat /etc/nginx/nginx.conf", "rm -f etc/config.yaml", "apt-get update && apt-get install -y ca-certificates && rm -rf /var/lib/apt/lists/*"],
    },
  },
  {
    id: "filesystem.windows-delete-root",
    category: "filesystem",
    reason: "Recursively deletes a Windows drive root, the Windows directory or user profiles.",
    score: 95,
    keywords: ["remove-item", "ri", "rm", "rmdir", "rd", "del", "erase"],
    alsoOneOf: [" -r", " /s"],
    pattern: /\b(?:remove-item|ri|rm|rmdir|rd|del|erase)\b(?=[^;&|]{0,200}? (?:-r(?:ecurse)?|\/s)(?=$|[\s;&|)'"`]))[^;&|]{0,200}? ['"]?(?:[a-z]:\\?\*?|[a-z]:\\(?:windows|users|program files)\\?|\$env:(?:systemroot|userprofile|windir|systemdrive)\\?)['"]?(?=$|[\s;&|)'"`])/,
    examples: {
      match: ["Remove-Item -Recurse -Force C:\\", "rd /s /q C:\\Windows", "powershell -c \"Remove-Item $env:USERPROFILE -Recurse -Force\""],
      noMatch: ["Remove-Item -Recurse -Force .\\dist", "rd /s /q build", "Get-ChildItem C:\\"],
    },
  },
  {
    id: "filesystem.windows-recursive-delete",
    category: "filesystem",
    // (Read as written: a backslash is Windows' path separator, not the POSIX escape the second reading drops.)
    asWritten: true,
    reason: "Recursively deletes a directory tree on Windows.",
    score: 55,
    keywords: ["remove-item", "ri", "rmdir", "rd", "del", "erase"],
    alsoOneOf: [" -recurse", " /s"],
    // Unless everything it names is build output inside the project (WINDOWS_BUILD_OUTPUT_TARGET):
    // options, their values and switches are skipped, and any other word is a target that counts.
    // Naming nothing, it deletes what the pipeline hands it (Get-ChildItem … | Remove-Item -Recurse).
    pattern: re(
      String.raw`\b(?:remove-item|ri|rmdir|rd|del|erase)\b(?=[^;&|]{0,200}? (?:-recurse|\/s)(?=$|[\s;&|)'"\x60]))(?![^;&|#]{0,200}? -whatif(?!:\$false)(?=$|[\s;&|)]))(?:(?: ${WINDOWS_DELETE_SKIPPED}){0,20}? (?!${WINDOWS_DELETE_SKIPPED}(?=$|[\s;&|)]))[^\s;&|)]|(?: -[\w:$]+)*\s*(?:$|[;&|)]))`,
    ),
    examples: {
      match: ["Remove-Item -Recurse -Force C:\\projects\\app", "rmdir /s /q data", "del /f /s /q *.*", "Remove-Item -Recurse -Force .\\build\\out, .\\src", "Remove-Item -Path ..\\dist -Recurse", "rd /s /q %USERPROFILE%\\dist", "Get-ChildItem \\\\fs01\\Clients -Directory | Remove-Item -Recurse -Force", "Remove-Item -Recurse -Force -Path:$HOME -ErrorAction SilentlyContinue", "rd /s /q \\Windows\\Logs"],
      noMatch: ["Remove-Item notes.txt", "del temp.txt", "Get-ChildItem -Recurse", "Remove-Item -Recurse -Force .\\build\\out, .\\artifacts\\*.nupkg -ErrorAction SilentlyContinue", "rmdir /s /q bin\\Release", "del /s /q dist", "Remove-Item -Path node_modules -Recurse -Force -Confirm:$false", "Remove-Item -Recurse -Force C:\\data\\old -WhatIf"],
    },
  },
  {
    id: "filesystem.rm-git-dir",
    category: "filesystem",
    reason: "Deletes a repository's .git directory, destroying its history, branches and stashes.",
    score: 70,
    keywords: ["rm"],
    pattern: re(String.raw`${RM_RECURSIVE}(?: ${T}+){0,20}? \\?['"]?(?:\./)?(?:[^\s;&|]*/)?\.git/?['"]?${END}`),
    examples: {
      match: ["rm -rf .git", "rm -rf ./repo/.git/", "cd app && rm -fr .git"],
      noMatch: ["rm -rf .github", "rm .gitignore", "rm -rf .git-rewrite-tmp"],
    },
  },
  {
    id: "filesystem.rm-glob-home",
    category: "filesystem",
    reason: "Deletes whatever an unexpanded glob matches in a home directory; the shell, not the command, decides how much goes.",
    score: 55,
    keywords: ["rm"],
    pattern: re(String.raw`${START}rm${END}(?: ${T}+){0,20}? \\?['"]?(?:~|\$\{?home\}?|/home/[\w.-]+|/users/[\w.-]+)/(?:[^\s;&|/]+/){0,10}[^\s;&|/]*\*`),
    examples: {
      match: ["rm ~/*.log", "rm -f ~/Downloads/*", "rm $HOME/.cache/*/tmp*"],
      noMatch: ["rm ~/notes.txt", "rm ./build/*.o", "ls ~/*.log"],
    },
  },
  {
    id: "filesystem.rm-sensitive-dotdir",
    category: "filesystem",
    reason: "Deletes keys or credentials (~/.ssh, ~/.gnupg, ~/.aws, ~/.kube); access may be lost for good.",
    score: 80,
    keywords: ["rm"],
    pattern: re(String.raw`${START}rm${END}(?: ${T}+){0,20}? \\?['"]?(?:~|\$\{?home\}?)/\.(?:ssh|gnupg|aws|kube|config/gcloud|azure|password-store)(?:/${T}*)?${END}`),
    examples: {
      match: ["rm -rf ~/.ssh", "rm ~/.ssh/id_ed25519", "rm -rf $HOME/.gnupg/"],
      noMatch: ["rm -rf ./ssh-tests", "ls ~/.ssh", "rm ~/.sshrc-old-notes.txt.bak x"],
    },
  },
  {
    id: "filesystem.find-delete",
    category: "filesystem",
    reason: "find -delete removes every file it matches, recursively.",
    score: 55,
    keywords: ["find"],
    // "-name -delete" searches for a file called "-delete": an option's value is not the action.
    // Compiled leftovers in the project (*.pyc, __pycache__, *.o, *.class, .DS_Store, editor swap
    // and merge files), found by that one name, are what a build or editor makes again: not held,
    // as `rm -rf __pycache__` is not.
    pattern: re(
      String.raw`${START}(?:lfs )?find${END}(?! ${FIND_SCRATCH_ROOT})(?! ${BUILD_OUTPUT_TARGET}(?! (?!-)${T}))(?!${FIND_REGENERABLE} -delete${FIND_ENDS})(?:(?! -(?:exec|execdir|ok|okdir)${END})[^;&|]){0,300}?(?<! -(?:i?name|i?path|i?regex|i?wholename|i?lname|x?type|user|group|perm|size|[acm]time|[acm]min|newer[a-z]*|printf|fprint0?|fprintf|fls|context|samefile|links|inum|uid|gid)) -delete${END}`,
    ),
    examples: {
      match: ["lfs find /lustre/project/lab/raw_fastq -type f -name '*.fastq.gz' -mtime +60 -delete", "find . -name \"*.pyc\" -o -name \"*\" -delete", "find . -name __pycache__ -delete -o -delete", "find . -name '*.pyc' -delete , -delete", "find . -name .DS_Store -delete -o -path ./src -delete", "find a/.. -name '*.pyc' -delete", "find / -name \"*.pyc\" -delete", "find ../other -name '*.pyc' -delete", "find . -name '*.py' -delete", "executing shell command: find /srv/uploads -mtime +30 -delete", "echo ok | xargs find . -delete", "parallel busybox find . -delete ::: ok"],
      noMatch: ["find ./build/reports -name '*.tmp' -mtime +3 -delete", "find . -name \"*.pyc\" -delete", "find . -name '*.pyc' -delete 2>/dev/null || true", "find . -name '*.pyc' -delete && echo done", "find . -type d -name __pycache__ -delete", "find src -name '.DS_Store' -delete", "find . -exec echo -delete \\; -print", "find . -name \"*.pyc\" -print", "rg \"find .* -delete\" file.txt", "git log --grep find -delete", "find . -name -delete -print", "find /scratch/encode/tmp -mindepth 1 -type f -name '*.ts' -mtime +2 -delete", "find ./tmp -maxdepth 1 -name 'fixtures-*' -delete", "find /srv/scratch/ticket-exports -name '*.csv' -mtime +30 -delete", "find ~/.ansible/fact_cache -name '*.json' -mtime +14 -delete", "find ~/.cache/pip -type f -atime +30 -delete", "find '$HOME/.cache/ostranderq/bt' -type f -name '*.parquet' -mtime +7 -print -delete", "find /home/dev/.cache/bt -mtime +7 -delete", "find ./tests/fixtures/reefer -name '*.bak' -delete", "find tests/fixtures/dumps -name '*.sql.gz' -mtime +30 -print -delete"],
    },
  },
  {
    id: "filesystem.find-exec-rm",
    category: "filesystem",
    reason: "find -exec rm -rf force-deletes every directory tree the search matches (or shred destroys every file).",
    score: 55,
    keywords: ["find"],
    // As with rm itself, -r without -f is advisory (write-protected files still prompt).
    pattern: re(
      String.raw`${START}find${END}(?! ${FIND_SCRATCH_ROOT})(?!${FIND_REGENERABLE} -(?:exec|execdir) (?:\\?/bin/)?rm(?: -[a-z]+)* ['"]?\{\}['"]? ['"]?(?:\+|\\?;)['"]?(?:$|[;&|)\x60]))[^;&|]{0,300}? -(?:exec|execdir|ok|okdir) (?:(?:command|busybox|sudo|env)(?: -${T}+){0,6} ){0,4}${PATH_PREFIX}(?:rm${END}(?=(?: (?!\{\})${T}+){0,6}? (?:-[a-z]*r[a-z]*|--recursive)${END})(?=(?: (?!\{\})${T}+){0,6}? (?:-[a-z]*f[a-z]*|--force)${END})|shred${END})`,
    ),
    examples: {
      match: ["find / -name __pycache__ -exec rm -rf {} +", "find . -name __pycache__ -exec rm -rf {} + -o -exec rm -rf {} +", "find ../app -name __pycache__ -exec rm -rf {} +", "find . -exec rm --recursive -f {} \\;", "find /tmp -execdir rm -rf {} +", "find . -type d -name cache -exec /bin/rm -r -f {} +", "find . -exec command rm -rf {} ;", "find . -exec env rm -rf {} \\;", "find . -name '*.key' -exec shred -u {} \\;"],
      noMatch: ["find . -type f -exec cat {} +", "find . -name rm", "echo find . -exec rm {}", "find . -name '*.log' -exec rm -f {} \\;", "find build -name '*.o' -exec /bin/rm {} +", "find . -type d -name cache -exec rm -r {} +", "find ./tmp -maxdepth 1 -type d -name 'fixtures-*' -mtime +1 -print -exec rm -rf {} +"],
    },
  },
  {
    id: "filesystem.find-root-delete",
    category: "filesystem",
    reason: "Deletes matching files across the whole filesystem or a whole home directory.",
    score: 80,
    keywords: ["find"],
    pattern: re(String.raw`${START}find ${SYSTEM_ROOT_TARGET}(?:(?! -(?:exec|execdir)${END})[^;&|]){0,300}? -delete${END}|${START}find ${SYSTEM_ROOT_TARGET}[^;&|]{0,300}? -exec(?:dir)? ${PATH_PREFIX}rm${END}`),
    examples: {
      match: ["find / -name '*.log' -delete", "find ~ -type f -exec rm -f {} \\;", "sudo find /etc -name '*.conf' -delete"],
      noMatch: ["find . -name '*.log' -delete", "find / -name '*.log'", "find /tmp -delete"],
    },
  },
  {
    id: "filesystem.mkfs",
    category: "filesystem",
    reason: "Creates a new filesystem, erasing everything on the device.",
    score: 95,
    keywords: ["mkfs", "mkswap", "mke2fs", "newfs", "format "],
    pattern: /\b(?:mkfs(?:\.[a-z0-9]+)?|mkswap|mke2fs|newfs(?:_[a-z]+)?)(?=$|[\s;&|)'"`])|\bformat [a-z]:(?=$|[\s/])/,
    examples: {
      match: ["mkfs.ext4 /dev/sdb1", "sudo mkfs -t xfs /dev/nvme0n1", "mkswap /dev/sda2", "format c: /q"],
      noMatch: ["npm run format", "prettier --format json", "echo mkfsdemo"],
    },
  },
  {
    id: "filesystem.dd-to-device",
    category: "filesystem",
    reason: "dd writes raw bytes over a block device, destroying its partitions and data.",
    score: 95,
    keywords: ["dd"],
    pattern: /\bdd\b[^;&|]{0,200}? of=\/dev\/(?!null(?=$|[\s;&|)'"`])|zero(?=$|[\s;&|)'"`])|stdout|stderr|tty|fd\/|shm\/)/,
    examples: {
      match: ["dd if=/dev/zero of=/dev/sda bs=1M", "sudo dd if=ubuntu.iso of=/dev/disk2 bs=4m", "dd if=/dev/urandom of=/dev/nvme0n1"],
      noMatch: ["dd if=/dev/zero of=/tmp/blob bs=1M count=10", "dd if=/dev/sda of=/dev/null", "git add dd.txt"],
    },
  },
  {
    id: "filesystem.write-block-device",
    category: "filesystem",
    reason: "Writes directly to a raw disk device, overwriting partitions and filesystems.",
    score: 95,
    keywords: ["/dev/"],
    pattern: /(?:>\|?|\btee(?: -a)?|\bcp\b[^;&|]{0,200}?|\bcat\b[^;&|]{0,200}?>) ?\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|vd[a-z]|xvd[a-z]|r?disk\d|mmcblk\d|md\d|dm-\d|mapper\/|sr\d)/,
    examples: {
      match: ["cat image.bin > /dev/sda", "echo garbage | sudo tee /dev/nvme0n1", "cp disk.img /dev/disk3"],
      noMatch: ["ls -l /dev/sda", "echo hi > /dev/null", "lsblk /dev/nvme0n1"],
    },
  },
  {
    id: "filesystem.disk-wipe-tool",
    category: "filesystem",
    reason: "Wipes partition tables or device contents; everything on the disk is lost.",
    score: 95,
    keywords: ["wipefs", "blkdiscard", "sgdisk", "shred", "parted"],
    pattern: /\b(?:wipefs|blkdiscard)\b|\bsgdisk\b[^;&|]{0,100}? (?:-z|--zap-all|-o|--clear)(?=$|[\s;&|)'"`])|\bshred\b[^;&|]{0,200}? \/dev\/|\bparted\b[^;&|]{0,200}? (?:mklabel|rm \d)/,
    examples: {
      match: ["wipefs -a /dev/sdb", "sudo sgdisk --zap-all /dev/nvme0n1", "shred -vzn 3 /dev/sda", "parted /dev/sdb mklabel gpt"],
      noMatch: ["shred -u secret.txt", "parted /dev/sda print", "sgdisk -p /dev/sda"],
    },
  },
  {
    id: "filesystem.wipe-disk-natural",
    category: "filesystem",
    reason: "Asks to wipe or format a disk, drive or filesystem; everything on it would be lost.",
    score: 95,
    keywords: ["wip", "eras", "format", "zero", "nuk", "destroy", "overwrit", "shred"],
    // (Not a container's volumes said to be the speaker's local or test ones: "wiping the volumes of my local Postgres dev container".)
    pattern: outsideQuotedText(re(
      String.raw`\b(?:wipe|wiping|wipes|erase|erasing|erases|format|formatting|formats|reformat|reformatting|zero|zeroing|nuke|nuking|destroy|destroying|overwrite|overwriting|shred|shredding)(?: out)? (?!(?:the |all |my |our )?volumes? of (?:my|our|the) (?:local|test|throwaway|scratch|dev)\b)(?:(?:the|all|entire|whole|my|our|this|root|primary|main|system|boot|host|server|machine|server's|machine's|local) ){0,3}(?:disks?|drives?|hard ?drives?|hdds?|ssds?|partitions?|file ?systems?|volumes?|boot sector|mbr)\b`,
    )),
    examples: {
      match: ["wipe the disk", "Format the entire hard drive", "I will erase all partitions on the server", "zero the boot sector"],
      noMatch: ["check the disk usage", "format the json output", "wipe the whiteboard", "echo 'do not wipe the disk'"],
    },
  },
  {
    id: "filesystem.wipe-everything-natural",
    category: "filesystem",
    reason: "Asks to delete everything, all files or a whole machine; the blast radius is unbounded.",
    score: 70,
    keywords: ["wip", "eras", "nuk", "delet", "destroy"],
    pattern: outsideQuotedText(/\b(?:wipe|wiping|erase|erasing|nuke|nuking|delete|deleting|destroy|destroying)(?: out)? (?:absolutely )?(?:everything|all (?:the |of the |my |our )?(?:files|data)|the (?:whole |entire )?(?:server|machine|system|home directory|file ?system|repo|repository))\b/),
    examples: {
      match: ["delete everything", "wipe all the data", "nuke the entire repository"],
      noMatch: ["delete the temp file", "erase the draft comment", "list everything"],
    },
  },
  {
    id: "filesystem.recursive-permissions-root",
    category: "filesystem",
    reason: "Recursively changes permissions or ownership of the root, home or a system directory; the system can become unusable or wide open.",
    score: 90,
    keywords: ["chmod", "chown", "chgrp"],
    pattern: re(
      String.raw`${START}(?:chmod|chown|chgrp)(?: ${T}+){0,6}? (?:-[a-z]*r[a-z]*|--recursive)${END}(?: ${T}+){0,6}? \\?['"]?(?:/\*?|~/?|\$\{?home\}?/?|/(?:etc|usr|var|boot|bin|sbin|lib|lib64|home|root|opt)/?)['"]?${END}`,
    ),
    examples: {
      match: ["chmod -R 777 /", "sudo chown -R nobody:nogroup /etc", "chmod 755 -R /usr", "chgrp -R users ~"],
      noMatch: ["chmod -R 755 ./public", "chown -R www-data /var/www", "chmod 777 /"],
    },
  },
  {
    id: "filesystem.write-system-config",
    category: "filesystem",
    reason: "Overwrites or edits a system configuration file under /etc.",
    score: 65,
    keywords: ["/etc/"],
    pattern: re(
      String.raw`(?:(?:^|[^>\d])>>? ?|\btee(?: -a)? (?:-${T}+ )*|\bsed (?:-${T}+ )*-i${T}*[^;&|]{0,200}? |${TOOL_WRITE})\\?['"]?/etc/[\w.-]|\b(?:cp|mv|install|ln -sf?)\b[^;&|]{0,200}? \\?['"]?/etc/[\w.-]${T}*['"]? ?(?:$|[;&|)])`,
    ),
    examples: {
      match: ["echo '1.2.3.4 api' | sudo tee -a /etc/hosts", "sed -i 's/no/yes/' /etc/ssh/sshd_config", "calling write_file on /etc/nginx/nginx.conf", "cp my.cnf /etc/mysql/my.cnf"],
      noMatch: ["cat /etc/os-release", "cp /etc/hosts ./hosts.bak", "grep -r listen /etc/nginx"],
    },
  },
  {
    id: "filesystem.chmod-world-writable",
    category: "filesystem",
    reason: "Makes files writable by every user on the machine.",
    score: 55,
    keywords: ["chmod"],
    pattern: re(String.raw`${START}chmod(?: ${T}+){0,6}? \\?['"]?(?:[0-7]?[0-7][0-7][2367]|[ugoa]*o[ugoa]*[+=][rwx]*w[rwx]*|a[+=][rwx]*w[rwx]*)['"]?${END}`),
    examples: {
      match: ["chmod 777 deploy.sh", "chmod -R 777 uploads", "sudo chmod a+rwx /srv/share", "chmod o+w config.yml"],
      noMatch: ["chmod 755 deploy.sh", "chmod +x script.sh", "chmod 644 README.md", "chmod u+w notes.txt"],
    },
  },
  {
    id: "filesystem.acl-world-writable",
    category: "filesystem",
    reason: "Gives every user on the machine write access through an ACL entry for others (setfacl o::w).",
    score: 55,
    keywords: ["setfacl"],
    // setfacl -m/--modify takes comma-separated entries; the one for others is o[ther]:[:]perms,
    // optionally a default entry (d[efault]:), which new files under a directory inherit.
    pattern: re(String.raw`${START}setfacl(?: ${T}+){0,6}? (?:-[a-z]*m|--modify)[= ]\\?['"]?(?:[^\s,'"]+,)*(?:d(?:efault)?:)?o(?:ther)?::?[r-]?w`),
    examples: {
      match: ["setfacl -R -m o::rwx /srv/research/cohort", "setfacl -m other::rw- shared.db", "sudo setfacl -d -m u:bob:r,o::rwx /data/incoming", "setfacl --modify=default:other::rwx /srv/share"],
      noMatch: ["setfacl -m u:alice:rw report.csv", "setfacl -m o::r-x /srv/www", "getfacl /data", "setfacl -x o /srv/share", "setfacl -b ./tmpdir"],
    },
  },
  {
    id: "filesystem.mv-to-dev-null",
    category: "filesystem",
    reason: "Moves files onto /dev/null, which destroys them.",
    score: 60,
    keywords: ["mv"],
    pattern: re(String.raw`${START}mv${END}[^;&|]{0,200}? /dev/null${END}`),
    examples: {
      match: ["mv data.db /dev/null", "sudo mv ~/projects /dev/null"],
      noMatch: ["mv a.txt b.txt", "cat data.db > /dev/null"],
    },
  },
  {
    id: "filesystem.sync-delete",
    category: "filesystem",
    reason: "A sync or move that deletes files at the destination or source which are not in the other side.",
    score: 55,
    keywords: ["rsync", "rclone", "aws s3 sync", "azcopy", "mirror"],
    // A dry run (--dry-run, rsync/rclone -n, --list-only, aws --dryrun) only prints what would go.
    pattern: re(
      String.raw`\b(?:gsutil(?: -[a-z]+)* )?rsync\b(?![^;&|]{0,300}? (?:--dry-run|-[a-z]*n[a-z]*|--list-only)${END})[^;&|]{0,300}? (?:--(?:delete|del|remove-source-files)[\w-]*|-[a-z]*d)(?=$|[\s;&|)'"\x60=])|\brclone${NO_DRY_RUN}(?![^;&|]{0,300}? -n${END}) (?:sync|move|purge|delete|deletefile|rmdirs|cleanup|dedupe)\b|\baws s3 sync\b${NO_DRY_RUN}[^;&|]{0,300}? --delete\b|\bazcopy (?:sync\b[^;&|]{0,300}?--delete-destination[= ]true|remove\b)|\bmc mirror\b[^;&|]{0,300}? --remove${END}`,
    ),
    examples: {
      match: ["rsync --delete src/ dest/", "rsync -a --delete-excluded /src/ /dest/", "rclone sync /empty remote:important-bucket", "gsutil rsync -d gs://src gs://dst", "aws s3 sync ./site s3://bucket --delete", "mc mirror --remove ./src local/bucket"],
      noMatch: ["rsync -a --list-only user@host:/dest/", "rclone ls remote:important-bucket", "aws s3 sync ./site s3://bucket", "rsync -av src/ dest/", "rsync -avn --delete src/ dest/", "rclone sync /src remote:dst --dry-run", "aws s3 sync ./site s3://b --delete --dryrun"],
    },
  },
  {
    id: "filesystem.backup-delete",
    category: "filesystem",
    reason: "Deletes or prunes backup snapshots; the ability to restore is reduced or lost.",
    score: 60,
    keywords: ["restic", "borg", "kopia", "duplicity", "tarsnap", "velero"],
    pattern: /\b(?:restic|borg|kopia|duplicity|tarsnap|velero)\b[^;&|]{0,100}? (?:forget|prune|compact|recreate|delete|break-lock|remove-older-than|remove-all-but-n-full|snapshot delete|unlock --remove-all|key remove|cache --cleanup|uninstall)(?=$|[\s;&|)'"`])/,
    examples: {
      match: ["restic forget --keep-last 3 --prune", "borg delete ::archive-2024-01-01", "borg compact /mnt/backups/repo", "restic -r /srv/restic unlock --remove-all", "velero backup delete --selector env=prod --confirm", "borg break-lock repo"],
      noMatch: ["restic backup /srv/app", "borg create repo::archive /srv/app", "velero get backups", "restic unlock", "borg list repo"],
    },
  },

  {
    // shred, truncate, tar --remove-files, dd of= and unlink destroy data without rm's name; dcg
    // guards each of them outside the temporary directories.
    id: "filesystem.destroy-file-content",
    category: "filesystem",
    reason: "Destroys a file's content or deletes its sources by another name than rm (shred, truncate, tar --remove-files, dd of=, unlink).",
    score: 55,
    keywords: ["shred", "truncate", "remove-files", "of=", "unlink"],
    pattern: re(
      String.raw`${START}(?:shred${END}(?=[^;&|]{0,200}? (?!-)(?!${TEMP_TARGET})(?!\\?['"]?/dev/)${T})|truncate${END}(?=[^;&|]{0,100}? (?:-s ?|--size[= ])['"]?(?![+>])[<%/]?\d)(?![^;&|]{0,200}? ${TEMP_TARGET})(?![^;&|]{0,100}? ['"]?(?:\./)?(?:(?!\.\.?/)[\w.@+-]{1,100}/){0,6}[\w.@+-]{1,100}\.log['"]?${END}(?! (?!-)${T}))|tar${END}(?=[^;&|]{0,300}? --remove-files${END})|dd${END}(?=[^;&|]{0,200}? of=(?!${TEMP_TARGET})(?!\\?['"]?/dev/)${T})|unlink${END} (?!-)(?!${TEMP_TARGET})${T})`,
    ),
    examples: {
      match: ["shred -u secrets.txt", "truncate -s 0 data.db", "truncate -s 0 /var/log/auth.log", "truncate -s 0 ../other/logs/app.log", "tar --remove-files -czf backup.tgz data/", "dd if=/dev/zero of=data.img bs=1M count=10", "unlink important.db"],
      noMatch: ["shred -u /tmp/scratch.txt", "truncate -s +1G disk.img", "truncate -s 0 ./logs/app-local-dev.log", "dd if=/dev/zero of=/tmp/blob bs=1M", "tar -czf out.tgz dir", "unlink /tmp/sock", "echo truncate -s 0 x"],
    },
  },
  {
    id: "filesystem.move-sensitive",
    category: "filesystem",
    reason: "Moves keys, credentials, a home directory or a system path away, which breaks access or the system as surely as deleting it.",
    score: 60,
    keywords: ["mv"],
    pattern: re(
      String.raw`${START}mv(?: -${T}+){0,6} \\?['"]?(?:(?:~|\$\{?home\}?)(?:/\.(?:ssh|gnupg|aws|kube|docker|azure|password-store|config/gcloud)(?:/${T}*)?)?['"]?${END}|/(?:etc|boot|root|bin|sbin|lib\w*|usr(?!/local/)|var/lib)(?:/${T}*)?['"]?${END}|/['"]?${END})`,
    ),
    examples: {
      match: ["mv ~/.ssh /tmp/x", "mv /etc/hosts /tmp/", "sudo mv /usr/bin/python3 /opt/", "mv ~ /mnt/old-home"],
      noMatch: ["mv old.txt new.txt", "mv /tmp/a /tmp/b", "mv ./draft.txt ~/.Trash/", "mv /usr/local/bin/tool ~/bin/"],
    },
  },
];
