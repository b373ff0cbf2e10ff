// Action rules: git. Data with examples that must and must not match (test/rule-packs.test.ts).
import type { Rule } from "../../rule-pack.js";
import { re, T, END, PATH_PREFIX, GIT, CHECKOUT_NO_NEW_BRANCH, CHECKOUT_OPTS, CHECKOUT_POSITIONAL, RUN_WRAPPERS, GIT_INTERNAL, TOOL_WRITE, BUILD_OUTPUT_TARGET, outsideQuotedText } from "./fragments.js";

/**
 * A push's dry-run option (-n, --dry-run), not the value of an option that takes one: in
 * `git push -f -o -n origin main` the -n is a push option's text and the push is real.
 */
const DRY_RUN = String.raw`(?<! -[a-z]*o| --push-option| --repo| --receive-pack| --exec) (?:--dry-run|-n)${END}`;

export const GIT_RULES: readonly Rule[] = [

  {
    id: "git.reset-hard",
    category: "git",
    reason: "git reset --hard discards all uncommitted changes in the working tree.",
    score: 65,
    keywords: ["reset"],
    pattern: re(String.raw`${GIT}reset${END}[^;&|]{0,100}? ['"]?--hard${END}`),
    examples: {
      match: [
        "git reset --hard HEAD~1",
        "sh -lc 'git reset --hard'",
        "git -C repo reset --hard",
        "env -S 'PATH=/usr/bin' git reset --hard",
        "echo x >file$(git reset --hard)",
        "sudo -u root -- git reset --hard",
        "\\git reset --hard",
        "\"git\" \"reset\" \"--hard\"",
        "FOO='a b' git reset --hard",
        "env -S 'git reset --hard'",
        "git commit -m \"wip $(git reset --hard)\"",
        "python3 -c 'import subprocess; subprocess.run([\"git\", \"reset\", \"--hard\"])'",
        "python3 -c 'import os; os.execvp(\"git\", [\"git\", \"reset\", \"--hard\"])'",
        "g\\it reset --hard",
        "gi''t reset --hard",
        "eval $(echo git reset --hard)",
        "find ~/src -maxdepth 1 -type d -execdir git reset --hard \\;",
      ],
      noMatch: ["git reset", "git reset --soft HEAD~1", "python3 -c 'import subprocess; subprocess.run([\"git\", \"status\"])'", "echo 'never run git reset --hard'", "sed 's/git reset --hard/safe/' file.txt", "echo git reset --hard", "git commit -m 'fix: git reset --hard in docs'"],
    },
  },
  {
    id: "git.reset-merge",
    category: "git",
    reason: "git reset --merge can discard uncommitted changes in files touched by the reset.",
    score: 55,
    keywords: ["reset"],
    pattern: re(String.raw`${GIT}reset${END}[^;&|]{0,100}? ['"]?--merge${END}`),
    examples: {
      match: ["git reset --merge", "git reset --merge ORIG_HEAD"],
      noMatch: ["git merge --abort", "git reset --soft"],
    },
  },
  {
    id: "git.clean-force",
    category: "git",
    reason: "git clean -f permanently deletes untracked files, which git cannot restore.",
    score: 60,
    keywords: ["clean"],
    // Not when every pathspec, right after the options, is build output or a temporary folder (tests/fixtures/tmp/);
    // never with -e, which keeps what it names and deletes the rest.
    // (-X is not exempt: what .gitignore ignores is also .env, keys and local databases.)
    pattern: re(String.raw`${GIT}clean(?=[^;&|]{0,100}? ['"]?(?:-[a-z]*f[a-z]*|--force)${END})(?![^;&|]{0,100}? (?:-[a-z]*n[a-z]*|--dry-run)${END})(?!(?![^;&|]{0,100}? (?:-e|--exclude)(?=[\s=]))(?: -[a-z]+| --[a-z-]+){0,8}? (?:-- )?(?:${BUILD_OUTPUT_TARGET} ?)+(?:$|[;&|]))`),
    examples: {
      match: ["git clean -fdx", "git clean -f", "git clean -xf", "executing shell command: git clean --force -d", "git clean -fdx -- src/", "git clean -fdx -e .env.local", "git clean -fX", "git clean -ffdx -eX", "git clean -fdx -e node_modules", "git clean -fdx -- src/ dist"],
      noMatch: ["git clean -n", "git clean -nd", "head git clean -f", "git clean -fn", "git clean -fdx -- tests/fixtures/tmp/", "git clean -fdX -- build/"],
    },
  },
  {
    id: "git.push-force",
    category: "git",
    reason: "A force push overwrites the remote branch; commits others pushed can be lost.",
    score: 75,
    keywords: ["push"],
    pattern: re(String.raw`${GIT}push${END}(?![^;&|]{0,200}?(?: --force-with-lease${END}|${DRY_RUN}))[^;&|]{0,200}? ['"]?(?:-[a-z]*f[a-z]*|--force|\+${T}+)${END}`),
    examples: {
      match: ["git push -f", "git push --force origin main", "git push origin main --force", "git push origin +main", "git push -uf origin feature", "git push --force --force-if-includes", "git push -f --push-option -n origin feature"],
      noMatch: ["git push origin feature", "git push --force-with-lease origin main", "git push --force-with-lease --force-if-includes", "git push --dry-run --force origin main", "git push --follow-tags", "git pull --rebase"],
    },
  },
  {
    id: "git.push-force-shared-branch",
    category: "git",
    reason: "A force push to a shared branch (main, master, trunk, develop, a release branch) rewrites history everyone has pulled: the commits others pushed are gone from the remote.",
    score: 88,
    keywords: ["push"],
    pattern: re(
      String.raw`${GIT}push${END}(?![^;&|]{0,200}?(?: --force-with-lease${END}|${DRY_RUN}))(?=[^;&|]{0,200}? ['"]?(?:-[a-z]*f[a-z]*|--force)${END}|[^;&|]{0,200}? \+)(?=[^;&|]{0,200}? ['"]?\+?(?:[\w.-]+:)?(?:refs/heads/)?(?:main|master|trunk|develop|release(?:[/-]${T}*)?)${END})`,
    ),
    examples: {
      match: ["git push --force origin main", "git push -f origin master", "git push -f -o -n origin main", "git push origin +main", "git push --force origin HEAD:main", "git push -f upstream release/2.4", "git reset --hard HEAD~5 && git push --force origin main"],
      noMatch: ["git push --force origin feature/main-fix", "git push -f origin fix/typo", "git push --force-with-lease origin main", "git push origin main", "git push --dry-run --force origin main"],
    },
  },
  {
    id: "git.push-force-with-lease",
    category: "git",
    reason: "A force push with lease rewrites the remote branch's history, but refuses if someone else pushed meanwhile.",
    score: 45,
    keywords: ["push"],
    pattern: re(String.raw`${GIT}push${END}[^;&|]{0,200}? --force-with-lease`),
    examples: {
      match: ["git push --force-with-lease origin main", "git push -f --force-with-lease", "git push --force-with-lease=feature:abc123 origin feature"],
      noMatch: ["git push origin main", "git push --force origin feature"],
    },
  },
  {
    // Push refspecs read: a lease only protects against clobbering someone else's push; on a shared
    // main or release branch it still rewrites the history everyone builds on.
    id: "git.push-lease-protected-branch",
    category: "git",
    reason: "Force-pushes (with lease) over a main or release branch, rewriting the history everyone builds on.",
    score: 60,
    keywords: ["push"],
    pattern: re(
      String.raw`${GIT}push${END}(?=[^;&|]{0,200}? --force-(?:with-lease|if-includes)(?:=${T}*)?${END})(?![^;&|]{0,200}?${DRY_RUN})(?: ${T}+){0,10}? ['"]?(?:\+?${T}*:)?(?:refs/heads/)?(?:main|master|trunk|production|release(?:/${T}+)?)['"]?${END}`,
    ),
    examples: {
      match: ["git push --force-with-lease origin main", "git push origin master --force-with-lease", "git push --force-with-lease=main:abc123 origin HEAD:main", "git push --force-if-includes --force-with-lease origin release/2.0"],
      noMatch: ["git push --force-with-lease origin feature", "git push --force-with-lease origin main-fix", "git push --dry-run --force-with-lease origin main", "git push origin main"],
    },
  },
  {
    // `git push origin :main` (an empty source) and --delete remove the branch on the remote.
    id: "git.push-delete-protected-branch",
    category: "git",
    reason: "Deletes a main or release branch on the remote (an empty-source refspec or --delete).",
    score: 80,
    keywords: ["push"],
    pattern: re(
      String.raw`${GIT}push${END}(?![^;&|]{0,200}?${DRY_RUN})(?:[^;&|]{0,200}? ['"]?:|(?=[^;&|]{0,200}? (?:--delete|-d)${END})[^;&|]{0,200}? ['"]?)(?:refs/heads/)?(?:main|master|trunk|production|release(?:/${T}+)?)['"]?${END}`,
    ),
    examples: {
      match: ["git push origin :main", "git push origin --delete main", "git push --delete origin master", "git push -d origin release/1.0", "git push origin :refs/heads/master"],
      noMatch: ["git push origin --delete feature", "git push origin :old-branch", "git push origin HEAD:main", "git push origin main", "git push --dry-run origin :main"],
    },
  },
  {
    id: "git.force-push-natural",
    category: "git",
    reason: "Asks to force-push, which overwrites the remote branch.",
    score: 75,
    keywords: ["force"],
    // Not when the sentence says the branch is the agent's own or names a feature branch
    // (feature/…, fix/…), and names no shared branch as the target ("onto main" is where it was rebased).
    pattern: outsideQuotedText(/\bforce[- ]?push(?:es|ed|ing)?\b(?!(?=[^.;\n]{0,120}?\b(?:my own\b|my (?:rebased |local |personal |feature |topic |pr |mr |review )*branch\b|(?:feature|feat|fix|bugfix|topic|wip|chore)\/[\w.-]))(?![^.;\n]{0,160}?(?:(?<!\b(?:onto|from|with|against|off|of|behind|ahead of) )\b(?:main|master|release[\w/.-]*|prod|production|develop|trunk|staging|shared|others|teammates|colleagues|other (?:engineers|developers|devs|people|teams?))\b|(?<!\brebas\w*(?: (?:it|them|this|that|everything|(?:the|my|this|our) (?:[\w/.-]+ )?(?:branch|changes|commits)|[\w.-]*\/[\w/.-]+))?) onto (?:main|master|trunk|develop|release[\w/.-]*|prod|production)\b)))/),
    examples: {
      match: ["force-push to main", "Force push the rebased branch", "I'm force pushing the fix", "force-pushing my own branch to main", "force-push feature/login over the shared branch", "Force-pushing my branch release/2.4", "Force-pushing my rebased history to feature/payments-v2, the branch two other engineers are also committing to.", "I'll force-push my rebased branch onto main in lims-api."],
      noMatch: ["push the branch", "use --force to overwrite the file", "git commit -m 'never force push to main'", "Force-pushing my rebased branch feature/invoice-pdf.", "Force-pushing my own feature branch after rebasing it onto main.", "Rebasing feature/auth-hardening onto main, then force-pushing my own branch.", "Force-pushing my own branch after I rebased it onto main."],
    },
  },
  {
    id: "git.pr-merge",
    category: "git",
    reason: "Merges a pull or merge request into its base branch: the change reaches everyone who builds from it, and deploys where merges deploy, with no person approving the merge here.",
    score: 62,
    keywords: ["gh pr merge", "glab mr merge", "az repos pr update"],
    // (Azure Repos merges by completing: az repos pr update --status completed.)
    pattern: re(String.raw`\b(?:gh pr merge|glab mr merge)${END}(?![^;&|]{0,200}? (?:--help|-h)${END})|\baz repos pr update${END}(?=[^;&|]{0,400}? --status[= ]['"]?completed${END})`),
    examples: {
      match: ["gh pr merge 88 --squash", "gh pr merge --auto --merge", "glab mr merge 12", "az repos pr update --id 5521 --status completed"],
      noMatch: ["gh pr view 88", "gh pr merge --help", "echo 'then run gh pr checks'"],
    },
  },
  {
    id: "git.push-mirror",
    category: "git",
    reason: "Mirrors the local refs over the remote, or prunes every remote branch missing locally.",
    score: 70,
    keywords: ["push"],
    pattern: re(String.raw`${GIT}push${END}[^;&|]{0,200}? (?:--mirror|--prune)${END}`),
    examples: {
      match: ["git push --mirror backup", "git push --prune origin 'refs/heads/*:refs/heads/*'"],
      noMatch: ["git push origin --delete feature", "git push origin HEAD:feature", "git push origin feature"],
    },
  },
  {
    // Routine cleanup after a merge, and allowed by both reference guards; the conservative
    // tolerance still asks.
    id: "git.push-delete-branch",
    category: "git",
    reason: "Deletes a branch or tag on the remote.",
    score: 45,
    keywords: ["push"],
    pattern: re(String.raw`${GIT}push${END}[^;&|]{0,200}? (?:--delete|-d|:(?!\s)${T}+)${END}`),
    examples: {
      match: ["git push origin --delete feature", "git push origin :old-branch", "git push -d origin release/1.0"],
      noMatch: ["git push origin HEAD:feature", "git push origin feature"],
    },
  },
  {
    id: "git.push-protected-branch",
    category: "git",
    reason: "Pushes directly to a main or release branch, bypassing review.",
    // Advisory: an ordinary push to the default branch is routine in many repositories, and only
    // dcg's opt-in strict_git pack blocks it; the conservative tolerance still asks.
    score: 45,
    keywords: ["push"],
    // A lease-checked push is the reviewed, sanctioned way to update a rebased branch; it is scored
    // by git.push-force-with-lease instead.
    pattern: re(String.raw`${GIT}push${END}(?![^;&|]{0,200}? --force-with-lease)(?: ${T}+){0,10}? (?:\+?${T}*:)?(?:refs/heads/)?(?:main|master|trunk|production|release)${END}`),
    examples: {
      match: ["git push origin main", "git push origin HEAD:master", "git push -u origin master"],
      noMatch: ["git push origin feature-master", "git push origin main-fix", "git pull origin main", "git push --force-with-lease origin master"],
    },
  },
  {
    // -D (and -d with -f/--force) deletes a branch whatever it holds; lower-case -d refuses to
    // delete unmerged work (safety-net allows it). The text is lower-cased before matching, so the
    // case-sensitive refinement tells them apart when the caller passes the original text; without
    // it, -d counts as -D.
    id: "git.branch-force-delete",
    category: "git",
    reason: "Force-deletes a local branch (git branch -D), dropping its unmerged commits, or force-moves one, orphaning its commits.",
    score: 55,
    keywords: ["branch"],
    // A branch the name says is throwaway (tmp/…, scratch-…, a spike or a proof of concept, under a
    // person's prefix too: jdoe/spike-orm) holds nothing to keep.
    pattern: re(String.raw`${GIT}branch${END}[^;&|]{0,100}? (?:-[a-z]*[df][a-z]*|--delete|--force)${END}(?!(?: ['"]?(?:[\w.-]+/)?(?:[\w.]+-)*(?:tmp|temp|scratch|throwaway|spike|spikes|wip|poc|experiment|experiments)(?:[/-]${T}*)?['"]?)+\s*(?:$|[;&|]))`),
    cased: new RegExp(String.raw`\bbranch\b[^;&|]{0,100}? ['"]?(?:-[a-zA-Z]*[Df][a-zA-Z]*|--force)${END}`),
    examples: {
      match: ["git branch -D feature", "git branch -D spike/x feature", "git branch -Dv feature", "git branch --delete --force old", "git branch -d -f topic", "git branch -f main origin/main", "xargs git branch -D < stale.txt", "git branch -D tmp/x feature"],
      noMatch: ["git branch -a", "git branch feature", "git checkout -b feature", "git branch -d merged-topic", "git branch --delete merged-topic", "git branch -D tmp/lint-autofix", "git branch -D scratch-1 temp/x", "git branch -D spike/sabre-soap-wrapper", "git branch -D praman/spike-orm-mapping", "git branch -D jdoe/tmp-secret-scan-fixture", "git branch -D poc/new-parser", "git branch -D tom/old-pacs-spike && git remote prune origin"],
    },
  },
  {
    id: "git.branch-delete-merged",
    category: "git",
    reason: "Deletes a local branch; git refuses unless its commits are merged.",
    score: 45,
    keywords: ["branch"],
    pattern: re(String.raw`${GIT}branch${END}[^;&|]{0,100}? (?:-[a-z]*d[a-z]*|--delete)${END}`),
    examples: {
      match: ["git branch -d merged-topic", "git branch --delete old", "git branch -D feature"],
      noMatch: ["git branch -a", "git branch -m old new", "git branch --show-current"],
    },
  },
  {
    id: "git.checkout-discard",
    category: "git",
    reason: "git checkout of paths (or with --force) overwrites uncommitted changes in the working tree.",
    score: 55,
    keywords: ["checkout"],
    // Two positionals (<ref> <path>), a "--", a pathspec file, "." or a force flag mean files are
    // overwritten; one positional is a branch switch, and -b/--orphan create a branch (as in
    // safety-net's analysis). Options that take a value consume it, so `--track direct main` and
    // `--conflict merge main` stay one positional.
    pattern: re(
      String.raw`${GIT}checkout(?:(?: (?!--${END})${T}+){0,10}? (?:-[ac-z]*f[a-z]*|--force)${END}|${CHECKOUT_NO_NEW_BRANCH}(?:(?: ${T}+){0,10}? (?:--${END}|--pathspec-from-file)|(?: -${T}+){0,5}(?: (?!-)${T}+)? \.${END}|${CHECKOUT_OPTS} ${CHECKOUT_POSITIONAL}${CHECKOUT_OPTS} ${CHECKOUT_POSITIONAL}))`,
    ),
    examples: {
      match: [
        "GIT CHECKOUT -- file",
        "git checkout 2>/dev/null -- foo",
        "git checkout --force main",
        "git checkout -qf main",
        "git checkout main a.txt b.txt",
        "git checkout HEAD --pathspec-from-file=paths.txt",
        "git checkout .",
        "git checkout --track main file.txt",
        "git checkout HEAD~2 README",
        "git checkout -q v1.0 docs/guide",
        "git checkout -f -b new-branch",
      ],
      noMatch: [
        "git checkout -b feature",
        "git checkout -qbfeature",
        "git checkout --track direct main",
        "git checkout --inter-hunk-context 3 main",
        "git checkout --conflict merge main",
        "git checkout --orphan orphan-branch",
        "git checkout -b fix origin/fix",
        "git checkout main 2>/dev/null",
        "grep 'git checkout -- file' log.txt",
        "git checkout v1.2.3",
      ],
    },
  },
  {
    // xargs and parallel append their input to the command, so `git checkout <ref>` receives paths
    // and overwrites them with the ref's version (safety-net reads xargs the same way).
    id: "git.checkout-dynamic-paths",
    category: "git",
    reason: "xargs or parallel appends its input to git checkout <ref>, so the listed files are overwritten with that ref's version.",
    score: 55,
    keywords: ["checkout"],
    pattern: re(
      String.raw`\b(?:xargs|parallel)(?: -${T}*(?: (?!-)(?!:::)(?!git${END})(?!${RUN_WRAPPERS}${END})${T}+)?){0,12} (?:${RUN_WRAPPERS}(?: -${T}+){0,6} ){0,4}${PATH_PREFIX}git(?: (?:-c (?!-)${T}+|-[a-z]${T}*|--[a-z]${T}*))* checkout${END}${CHECKOUT_NO_NEW_BRANCH}(?: -(?!-${END})${T}*){0,6} (?!-)(?!\d*[<>])${T}`,
    ),
    examples: {
      match: ["git ls-files -m | xargs git checkout main", "cat files.txt | xargs -n 20 git checkout HEAD~1", "parallel git checkout origin/main ::: a.txt b.txt"],
      noMatch: ["xargs -n1 git checkout -b < names.txt", "echo main | xargs git checkout -b feature", "git checkout main", "xargs git log"],
    },
  },
  {
    id: "git.restore-worktree",
    category: "git",
    reason: "git restore overwrites uncommitted changes in the named files.",
    score: 55,
    keywords: ["restore"],
    // Only unstaging leaves the working tree alone, and --worktree undoes that. After lower-casing
    // -S (--staged) and -s (--source <tree>) look alike; -s followed by a single path is read as
    // --staged, since --source needs a tree and then a path.
    pattern: re(
      String.raw`${GIT}restore${END}(?![^;&|]{0,200}? --(?:help|version)${END})(?:(?=[^;&|]{0,200}? (?:--worktree|-w)${END})|(?![^;&|]{0,200}? (?:--staged${END}|-s (?!-)${T}+ ?(?:$|[;&|)'"\x60]))))`,
    ),
    examples: {
      match: ["git restore file.txt", "git restore .", "git restore --source=HEAD~2 src/app.ts", "git restore -s HEAD~1 app.ts", "git restore --staged --worktree app.ts"],
      noMatch: ["git restore --staged .", "git restore -S app.ts", "git restore --help", "git restore --version", "npm run restore"],
    },
  },
  {
    id: "git.switch-discard",
    category: "git",
    reason: "git switch --discard-changes / -f throws away local modifications.",
    score: 55,
    keywords: ["switch"],
    pattern: re(String.raw`${GIT}switch(?: (?!--${END})${T}+){0,10}? (?:--discard-changes|--force|-[abd-z]*f[a-z]*)${END}`),
    examples: {
      match: ["git switch --discard-changes main", "git switch -f main"],
      noMatch: ["git switch -c feature", "git switch -Cfixup", "git switch -- -f"],
    },
  },
  {
    id: "git.stash-destroy",
    category: "git",
    reason: "Drops stashed work; it can only be recovered by digging through dangling commits.",
    score: 55,
    keywords: ["stash"],
    pattern: re(String.raw`${GIT}stash ['"]?(?:clear|drop)${END}`),
    examples: {
      match: ["git stash clear", "git stash drop stash@{0}", "git stash clear 'unterminated"],
      noMatch: ["git stash", "git stash pop", "git stash list"],
    },
  },
  {
    id: "git.worktree-remove-force",
    category: "git",
    reason: "Force-removes a worktree including its uncommitted changes.",
    score: 55,
    keywords: ["worktree"],
    pattern: re(String.raw`${GIT}worktree (?:remove|rm)(?: (?!--${END})${T}+){0,5}? (?:-[a-z]*f[a-z]*|--force)${END}`),
    examples: {
      match: ["git worktree remove -f /tmp/wt", "git worktree remove --force ../feature"],
      noMatch: ["git worktree remove -- -f", "git worktree list"],
    },
  },
  {
    id: "git.rewrite-history",
    category: "git",
    reason: "Rewrites the repository's whole history; every clone and open branch diverges.",
    score: 75,
    keywords: ["filter-branch", "filter-repo", "bfg"],
    pattern: re(String.raw`${GIT}(?:filter-branch|filter-repo)${END}|\bbfg\b[^;&|]{0,100}? --(?:delete|strip|replace)`),
    examples: {
      match: ["git filter-branch --tree-filter 'rm -f secrets.txt' HEAD", "git filter-repo --path src --invert-paths", "java -jar bfg.jar --delete-files id_rsa"],
      noMatch: ["git log --filter=blob:none", "pip install git-filter-repo"],
    },
  },
  {
    id: "git.purge-unreachable",
    category: "git",
    reason: "Expires the reflog or prunes unreachable objects now, removing the safety net for lost commits.",
    score: 70,
    keywords: ["reflog", "gc", "update-ref"],
    pattern: re(String.raw`${GIT}(?:reflog expire${END}[^;&|]{0,100}?--expire(?:-unreachable)?=(?:now|all|0)|gc${END}[^;&|]{0,100}?--prune=(?:now|all)|update-ref -d${END})`),
    examples: {
      match: ["git reflog expire --expire=now --all", "git gc --prune=now --aggressive", "git update-ref -d refs/heads/main"],
      noMatch: ["git reflog", "git gc", "git update-ref refs/heads/x HEAD"],
    },
  },
  {
    // Hooks run on ordinary git commands and .git/config carries remotes and credential helpers.
    id: "git.internals-write",
    category: "git",
    reason: "Writes inside a .git directory (config, hooks, refs or objects), rewriting repository state or installing hooks that run on every git command.",
    score: 70,
    keywords: [".git/"],
    pattern: re(
      String.raw`(?:(?:^|[^>\d&])>>?\|? ?|\btee(?: -a)? (?:-${T}+ )*|\b(?:sed|perl) (?:-${T}+ )*-[a-z]*i${T}*[^;&|]{0,200}? |\bdd\b[^;&|]{0,200}? of=|${TOOL_WRITE})\\?['"]?${GIT_INTERNAL}|\b(?:cp|mv|install|ln -sf?)\b[^;&|]{0,200}? \\?['"]?${GIT_INTERNAL}${T}*['"]? ?(?:$|[;&|)])`,
    ),
    examples: {
      match: ["echo '[core]' > .git/config", "cp hook.sh .git/hooks/pre-commit", "sed -i 's/x/y/' repo/.git/config", "echo abc123 > .git/refs/heads/main"],
      noMatch: ["cat .git/config", "ls .git/hooks", "echo node_modules >> .gitignore", "cp .github/workflows/ci.yml ci.bak"],
    },
  },
  {
    id: "git.lfs-destructive",
    category: "git",
    reason: "git lfs migrate rewrites history, lfs prune deletes local LFS objects, lfs uninstall removes the filters so files check out as pointers.",
    score: 55,
    keywords: ["lfs"],
    pattern: re(String.raw`${GIT}lfs (?:migrate (?:import|export)${END}|prune${END}(?![^;&|]{0,200}? (?:--dry-run|-d)${END})|uninstall${END})`),
    examples: {
      match: ["git lfs migrate import --include='*.psd'", "git lfs prune --force", "git lfs uninstall"],
      noMatch: ["git lfs prune --dry-run", "git lfs install", "git lfs migrate info"],
    },
  },
];
