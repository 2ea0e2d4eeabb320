import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../tests/factories/server-process";

/**
 * react-router's package.json resolves to its development build under Node and in browsers alike
 * (upstream #12532, #14102); vite.config.ts points both builds at dist/production. The built
 * server must not leave react-router for Node to resolve at run time, and neither build may carry
 * the development build's warnings. `npm test` builds before it runs this.
 */
/** A warning only react-router's development build carries. */
const DEV_ONLY = "You should not include both `Component` and `element` on your route";

describe("the production build", () => {
  it("would notice the development build (the warning is in it)", async () => {
    const dev = path.join(ROOT, "node_modules/react-router/dist/development");
    const chunks = await Promise.all(
      (await readdir(dev)).filter((f) => f.endsWith(".mjs")).map((f) => readFile(path.join(dev, f), "utf8")),
    );
    expect(chunks.some((code) => code.includes(DEV_ONLY))).toBe(true);
  });

  it("bundles react-router's production build into the server, so Node never loads dist/development", async () => {
    const dir = path.join(ROOT, "build/server");
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".js"));
    const server = (await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")))).join("\n");
    expect(server).not.toMatch(/from\s*["'](react-router|@react-router\/(node|express))["']/);
    expect(server).not.toMatch(/import\(\s*["']react-router["']\s*\)/);
    expect(server).not.toContain("dist/development");
    // The development build's warnings are gone (its ENABLE_DEV_WARNINGS is true; production's false, folded away).
    expect(server).not.toContain(DEV_ONLY);
  });

  it("carries the integrations' real clients and none of their stand-ins (test servers stay in tests)", async () => {
    const dir = path.join(ROOT, "build/server");
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".js"));
    const server = (await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")))).join("\n");
    for (const client of ["nodemailer", "saxen", "write-excel-file/node"])
      expect(server).toMatch(new RegExp(`from\\s*["']${client}["']`));
    for (const testOnly of ["smtp-server", "mailparser"]) expect(server).not.toContain(testOnly);
    // The shop reads spreadsheets itself (file-portal/read-*-rows.server.ts): these libraries are dev dependencies now.
    expect(server).not.toMatch(/from\s*["'](read-excel-file|csv-parse)/);
    expect(server).not.toMatch(/stand-in/i);
  });

  it("ships no development warnings to the browser", async () => {
    const dir = path.join(ROOT, "build/client/assets");
    const scripts = (await readdir(dir)).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(3);
    for (const file of scripts) {
      const code = await readFile(path.join(dir, file), "utf8");
      expect(code, file).not.toContain(DEV_ONLY);
    }
  });
});
