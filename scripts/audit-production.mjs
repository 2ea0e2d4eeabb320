#!/usr/bin/env node
// CI's dependency check (.ci/run): `npm audit --omit=dev`, failing on a high or critical advisory in
// a production dependency. When the registry cannot answer (offline, a 5xx, a mirror without the
// audit endpoint), the check cannot be made: it says so and does not fail the build, since a
// registry outage is not a fault in the shop. Anything else that goes wrong (no lock file, output
// it cannot read) fails, so a broken check is never mistaken for a clean one.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const FAILING = ["high", "critical"];
const NETWORK_CODES =
  /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|ECONNABORTED|EPROTO|CERT_\w+|UNABLE_TO_\w+)\b/;

/**
 * What to make of `npm audit --json`'s output: { outcome: "clean" | "advisories" | "unavailable" | "broken", exitCode, message }.
 * @param {string} stdout
 */
export function judgeAudit(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return {
      outcome: "broken",
      exitCode: 1,
      message: `npm audit printed something that is not its JSON report:\n${stdout.slice(0, 500)}`,
    };
  }
  if (report && typeof report === "object" && report.metadata?.vulnerabilities) {
    const counts = report.metadata.vulnerabilities;
    const failing = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.includes(v.severity));
    const summary = ["critical", "high", "moderate", "low", "info"].map((s) => `${counts[s] ?? 0} ${s}`).join(", ");
    if (failing.length === 0)
      return {
        outcome: "clean",
        exitCode: 0,
        message: `npm audit (production dependencies): no high or critical advisory (${summary}).`,
      };
    const lines = failing.map((v) => {
      const advisories = (v.via ?? [])
        .filter((via) => typeof via === "object")
        .map((via) => `${via.title} ${via.url ?? ""}`.trim());
      return `  ${v.name} (${v.severity}, ${v.range ?? "?"})${advisories.length ? `: ${advisories.join("; ")}` : ` via ${(v.via ?? []).join(", ")}`}${v.fixAvailable ? " [fix available: npm audit fix --omit=dev]" : ""}`;
    });
    return {
      outcome: "advisories",
      exitCode: 1,
      message: `npm audit (production dependencies): ${summary}. High or critical:\n${lines.join("\n")}`,
    };
  }
  const status = Number(report?.statusCode);
  const text = `${report?.message ?? ""} ${report?.error?.code ?? ""} ${report?.error?.summary ?? ""}`;
  const registryDown =
    (Number.isFinite(status) && (status >= 500 || status === 404 || status === 405 || status === 501)) ||
    NETWORK_CODES.test(text) ||
    /audit endpoint/i.test(text);
  if (registryDown) {
    return {
      outcome: "unavailable",
      exitCode: 0,
      message: `npm audit: the registry could not answer (${(report?.message ?? text).trim()}); the dependency check was NOT made this run.`,
    };
  }
  return { outcome: "broken", exitCode: 1, message: `npm audit failed: ${text.trim() || stdout.slice(0, 500)}` };
}

function main() {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.error) {
    console.error(`npm audit could not run: ${run.error.message}`);
    process.exit(1);
  }
  const verdict = judgeAudit(run.stdout);
  (verdict.exitCode === 0 ? console.log : console.error)(verdict.message);
  process.exit(verdict.exitCode);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
