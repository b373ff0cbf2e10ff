// Path classes for Windows paths (src/core/action/paths.ts): a profile as the home directory,
// Windows's own folders as system, backslashes as slashes.
import { describe, expect, it } from "vitest";
import { classifyPath } from "../src/core/action/paths.js";

describe("classifyPath on Windows paths", () => {
  it.each([
    [String.raw`C:\Users\ana\.aws\credentials`, "credentials"],
    [String.raw`%USERPROFILE%\.ssh\id_ed25519`, "credentials"],
    [String.raw`$env:USERPROFILE\.kube\config`, "credentials"],
    [String.raw`C:\Windows\System32\drivers\etc\hosts`, "system"],
    [String.raw`C:\Program Files\Vendor\agent.dll`, "system"],
    [String.raw`C:\ProgramData\Vendor\config.xml`, "system"],
    [String.raw`C:\Users\ana`, "home"],
    [String.raw`\\fs01\share\report.xlsx`, "other"],
  ])("%s is %s", (path, want) => expect(classifyPath(path)).toBe(want));
  it("leaves POSIX paths as they were", () => {
    expect(classifyPath("/home/ana/.aws/credentials")).toBe("credentials");
    expect(classifyPath("src/app.py")).toBe("project");
    expect(classifyPath("/etc/hosts")).toBe("system");
  });
});
