import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Entry = { idx: number; tag: string; when: number };
const journal = JSON.parse(fs.readFileSync(path.join(__dirname, "migrations/meta/_journal.json"), "utf8")) as {
  entries: Entry[];
};

// Drizzle's migrator applies only migrations whose "when" is later than the last one a database
// has applied: a migration merged from a branch with an older timestamp would be skipped on every
// shop that is already up to date, and its tables would never exist there.
describe("migration journal", () => {
  it("has strictly increasing timestamps, in file order", () => {
    const entries = journal.entries;
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i].when, `${entries[i].tag} must be later than ${entries[i - 1].tag}`).toBeGreaterThan(
        entries[i - 1].when,
      );
      expect(entries[i].idx).toBe(i);
    }
  });

  it("names a SQL file for every entry and an entry for every SQL file", () => {
    const files = fs
      .readdirSync(path.join(__dirname, "migrations"))
      .filter((f) => f.endsWith(".sql"))
      .map((f) => f.replace(/\.sql$/, ""));
    expect(files.sort()).toEqual(journal.entries.map((e) => e.tag).sort());
  });
});
