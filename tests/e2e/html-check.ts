import { fileURLToPath } from "node:url";
import { expect, type APIRequestContext } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate, type Message } from "html-validate";

/**
 * A page's HTML as the server sends it (before any JavaScript runs), checked with html-validate and
 * the shop's configuration (.htmlvalidate.mjs at the root). A finding fails with the page, the rule,
 * its message and where it is.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// The configuration is found the way the html-validate CLI finds it: from a file at the project's root.
const validator = new HtmlValidate(new FileSystemConfigLoader());
const SOURCE = `${ROOT}server-rendered.html`;

const format = (url: string, m: Message) =>
  `${url} line ${m.line}:${m.column} [${m.ruleId}] ${m.message}${m.selector ? ` at ${m.selector}` : ""}`;

export async function findings(url: string, html: string): Promise<string[]> {
  const report = await validator.validateString(html, SOURCE);
  return report.results.flatMap((r) => r.messages.map((m) => format(url, m)));
}

/** Fetches a page's server-rendered HTML (no redirects followed) and validates it. */
export async function expectValidHtml(request: APIRequestContext, url: string, status = 200) {
  const res = await request.get(url, { maxRedirects: 0 });
  expect(res.status(), `${url} answered ${res.status()} ${res.headers().location ?? ""}`).toBe(status);
  expect(res.headers()["content-type"]).toMatch(/^text\/html/);
  expect(await findings(url, await res.text()), `html-validate found problems in ${url}`).toEqual([]);
}
