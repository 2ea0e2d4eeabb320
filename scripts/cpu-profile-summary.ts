// Where a `node --cpu-prof` profile spent its time: self time per function and per package, the
// two views a decision about what to make faster starts from.
import fs from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
export type SelfTime = { name: string; ms: number; share: number };
export type ProfileSummary = {
  totalMs: number;
  idleMs: number;
  windowed: boolean;
  functions: SelfTime[];
  packages: SelfTime[];
};
/** A time window in microseconds of the monotonic clock (`process.hrtime.bigint() / 1000n`), which V8's profiler also uses on Linux. */
export type Window = { fromUs: number; toUs: number };

/** Microseconds on the clock of a profile's timestamps. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** "node_modules/@scope/name/..." -> "@scope/name"; Node's own code, our bundle and V8's pseudo-frames by kind. */
export function packageOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const nodeModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nodeModules) return nodeModules[1];
  if (url.startsWith("node:")) return "node (built-in)";
  if (/\/build\/server\//.test(url)) return "shop (build/server)";
  return url.replace(/^file:\/\//, "");
}

function frameName(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || "(anonymous)";
  const file = frame.url
    .replace(/^.*node_modules\//, "")
    .replace(/^file:\/\/.*\/build\//, "build/")
    .replace(/^file:\/\//, "");
  return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
}

/**
 * Sums each sample's time onto the function it was in (self time); idle time is left out of the
 * shares. With a `window` that overlaps the profile, only the samples inside it count (the start-up
 * of the process is not what a benchmark asks about).
 */
export function summariseCpuProfile(
  profile: CpuProfile,
  { top = 15, window }: { top?: number; window?: Window } = {},
): ProfileSummary {
  const windowed = Boolean(window && window.fromUs < profile.endTime && window.toUs > profile.startTime);
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (windowed && (at < window!.fromUs || at > window!.toUs)) return;
    const frame = byId.get(id);
    if (!frame || us <= 0) return;
    if (frame.functionName === "(idle)") {
      idleUs += us;
      return;
    }
    totalUs += us;
    const name = frameName(frame);
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = packageOf(frame);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  });
  const rank = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: totalUs ? us / totalUs : 0 }));
  return {
    totalMs: totalUs / 1000,
    idleMs: idleUs / 1000,
    windowed,
    functions: rank(functions),
    packages: rank(packages),
  };
}

export function readCpuProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
}

export function formatProfileSummary(summary: ProfileSummary): string {
  const row = (s: SelfTime) =>
    `  ${(s.share * 100).toFixed(1).padStart(5)}%  ${s.ms.toFixed(0).padStart(7)} ms  ${s.name}`;
  return [
    `CPU busy ${summary.totalMs.toFixed(0)} ms (idle ${summary.idleMs.toFixed(0)} ms left out)${summary.windowed ? " during the measured run" : ", the whole process including its start"}. By package, self time:`,
    ...summary.packages.map(row),
    "Top functions, self time:",
    ...summary.functions.map(row),
  ].join("\n");
}
