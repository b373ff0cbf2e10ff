// Session 28: chmod's modes read rather than matched (every user given read or write, setuid and
// setgid from octal and symbolic modes, -R anywhere), and what round 27 showed.
import { describe, expect, it } from "vitest";
import { modeEffect, readChmod } from "../src/core/action/chmod.js";
import { evaluateStep } from "../src/core/pipeline.js";
import { compilePolicy, PolicyFile, policyFor } from "../src/core/policy.js";
import { defaultRuleSet } from "../src/core/rules/index.js";

const rules = defaultRuleSet();
const agent = policyFor(compilePolicy(PolicyFile.parse({})), "session28");
const step = (facts: Record<string, unknown>) => evaluateStep({ autonomousStep: 1, maxAutonomousSteps: 50, ...facts } as Parameters<typeof evaluateStep>[0], { kind: "clear" }, agent, rules);
const shell = (line: string) => step({ hint: `executing shell command: ${line}`, tool: "Bash", arguments: { command: line } });
const ids = (v: ReturnType<typeof shell>) => v.rules.map((r) => r.id);

describe("chmod modes", () => {
  it.each([
    ["755", { othersRead: true, othersWrite: false, setuid: false, setgid: false }],
    ["0750", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["4755", { othersRead: true, othersWrite: false, setuid: true, setgid: false }],
    ["2770", { othersRead: false, othersWrite: false, setuid: false, setgid: true }],
    ["1777", { othersRead: true, othersWrite: true, setuid: false, setgid: false }],
    ["66", { othersRead: true, othersWrite: true, setuid: false, setgid: false }],
    ["go+rX", { othersRead: true, othersWrite: false, setuid: false, setgid: false }],
    ["a=rX", { othersRead: true, othersWrite: false, setuid: false, setgid: false }],
    ["+r", { othersRead: true, othersWrite: false, setuid: false, setgid: false }],
    ["u+rwX,g+rX", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["o-rwx", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["go=", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["o=u", { othersRead: true, othersWrite: true, setuid: false, setgid: false }],
    ["u=rwxs", { othersRead: false, othersWrite: false, setuid: true, setgid: false }],
    ["g+s,u+x", { othersRead: false, othersWrite: false, setuid: false, setgid: true }],
    ["o+s", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["u-s", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["ug+w,o-w", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["$MODE", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
    ["rwx", { othersRead: false, othersWrite: false, setuid: false, setgid: false }],
  ])("%s", (mode, effect) => expect(modeEffect(mode)).toEqual(effect));

  it("reads options before and after the mode, --recursive, -- and --reference", () => {
    expect(readChmod(["-fR", "a=rX", "/data/phi"])).toMatchObject({ recursive: true, mode: "a=rX", files: ["/data/phi"] });
    expect(readChmod(["755", "-R", "/data/clinical"])).toMatchObject({ recursive: true, mode: "755", files: ["/data/clinical"] });
    expect(readChmod(["--recursive", "go+rX", "a", "b"])).toMatchObject({ recursive: true, files: ["a", "b"] });
    expect(readChmod(["-w", "notes.txt"])).toMatchObject({ recursive: false, mode: "-w", files: ["notes.txt"], effect: { othersWrite: false } });
    expect(readChmod(["--", "-x", "-R"])).toMatchObject({ recursive: false, mode: "-x", files: ["-R"] });
    expect(readChmod(["--reference=/etc/passwd", "/etc/shadow"])).toMatchObject({ mode: "", files: ["/etc/shadow"], effect: { othersRead: false } });
  });
});

describe("chmod through the whole pipeline", () => {
  it.each([
    `chmod --recursive go+rX /srv/restricted/cohort`,
    `sudo chmod -fR a=rX /data/phi/exports`,
    `chmod 755 -R /data/clinical`,
  ])("every user given read on kept-apart data: %s", (line) => expect(ids(shell(line))).toContain("action.defense-impairment.file-permissions"));
  it.each([`chmod u=rwxs /tmp/x`, `chmod -v a+xs /tmp/x`, `sudo install --mode=2755 x /usr/local/bin/x`])("setuid or setgid: %s", (line) =>
    expect(ids(shell(line))).toContain("action.privilege.setuid"),
  );
  it.each([`chmod -R 0750 /data/controlled`, `chmod -R o-rwx /data/phi`, `chmod -R go= /srv/restricted`, `chmod -R u+rwX,g+rX /data/clinical`, `chmod u-s /usr/local/bin/tool`])(
    "taken away, or kept to the owner and group: %s",
    (line) => {
      const v = shell(line);
      expect(ids(v)).not.toContain("action.defense-impairment.file-permissions");
      expect(ids(v)).not.toContain("action.privilege.setuid");
    },
  );
});
