import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { judgeAudit } from "./audit-production.mjs";

const fixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, "../tests/fixtures/npm-audit", `${name}.json`), "utf8");

describe("CI's npm audit of production dependencies", () => {
  it("passes with no advisory, or only moderate and low ones", () => {
    expect(judgeAudit(fixture("clean"))).toMatchObject({
      outcome: "clean",
      exitCode: 0,
      message: expect.stringContaining("0 critical, 0 high, 0 moderate"),
    });
    expect(judgeAudit(fixture("moderate-only"))).toMatchObject({
      outcome: "clean",
      exitCode: 0,
      message: expect.stringContaining("1 moderate"),
    });
  });

  it("fails on a high or critical advisory and names the package, the advisory and the fix", () => {
    const high = judgeAudit(fixture("high"));
    expect(high).toMatchObject({ outcome: "advisories", exitCode: 1 });
    expect(high.message).toContain(
      "path-to-regexp (high, <0.1.10): path-to-regexp outputs backtracking regular expressions https://github.com/advisories/GHSA-9wv6-86v2-598j [fix available",
    );
    expect(high.message).toContain("express (high, 4.0.0 - 4.21.1) via path-to-regexp");
    expect(high.message).not.toContain("cookie (");
    const critical = judgeAudit(fixture("critical"));
    expect(critical).toMatchObject({ outcome: "advisories", exitCode: 1 });
    expect(critical.message).toContain("pg (critical");
  });

  it("says so and does not fail when the registry cannot answer: offline, DNS, a 5xx, a mirror without the audit endpoint", () => {
    for (const name of ["offline", "dns-failure", "registry-503", "endpoint-405"]) {
      const verdict = judgeAudit(fixture(name));
      expect(verdict, name).toMatchObject({ outcome: "unavailable", exitCode: 0 });
      expect(verdict.message).toMatch(/the registry could not answer .*NOT made this run/);
    }
  });

  it("fails when the check itself is broken: no lock file, output that is not a report", () => {
    expect(judgeAudit(fixture("no-lock-file"))).toMatchObject({
      outcome: "broken",
      exitCode: 1,
      message: expect.stringContaining("ENOLOCK"),
    });
    expect(judgeAudit("npm ERR! something odd")).toMatchObject({ outcome: "broken", exitCode: 1 });
  });
});
