import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT_SERVER, buildNeeded } from "./fresh-build.mjs";

let root = "";
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Writes `file` under the temporary root with its modification time `secondsAgo` in the past. */
function write(file: string, secondsAgo: number) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, "x");
  const when = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(full, when, when);
}

describe("npm start builds only when it must", () => {
  it("builds when there is no build, or a source is newer than it, and not for tests or dotfiles", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-build-"));
    write("app/root.tsx", 100);
    write("server/app.ts", 100);
    expect(buildNeeded(root)).toBe("there is no build yet");

    write(BUILT_SERVER, 50);
    expect(buildNeeded(root)).toBeNull();

    // A test, a test folder or an editor's dotfile changed: the build is still the app's.
    write("app/modules/cart/cart.test.ts", 10);
    write("app/routes/home.test.tsx", 10);
    write("server/.app.ts.swp", 10);
    expect(buildNeeded(root)).toBeNull();

    write("app/modules/cart/cart.server.ts", 10);
    expect(buildNeeded(root)).toBe("sources changed since the last build");
    write(BUILT_SERVER, 0);
    expect(buildNeeded(root)).toBeNull();

    write("package-lock.json", -5); // dependencies changed after the build
    expect(buildNeeded(root)).toBe("sources changed since the last build");
  });
});
