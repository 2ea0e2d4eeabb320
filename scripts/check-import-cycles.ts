// No file imports one that imports it back, directly or through others (docs/architecture.md).
// `npx tsx scripts/check-import-cycles.ts [folder...]` (default: app server); part of `npm run lint`.
//
// ESLint's import-x/no-cycle skips `import type`, yet a type-only circle is still two files that
// cannot be understood or moved apart (root.tsx -> site-header -> root-data -> root.tsx was one).
// So this reads every import of every file with TypeScript's own parser and module resolution
// (the `~/` alias included): static, type-only, `export ... from` and dynamic `import()`, and
// reports each circle as the files that make it up. Exit code 1 when there is one.

import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** Every source file under `folders`, skipping generated and installed code. */
function sourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "build") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(full);
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(path.join(root, folder));
  return files;
}

function compilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config ?? {}, ts.sys, root).options;
}

/** The graph of imports between the files (edges to files outside the set are dropped). */
export function importGraph(root: string, folders: string[]): Map<string, string[]> {
  const files = sourceFiles(root, folders);
  const inSet = new Set(files);
  const options = compilerOptions(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && inSet.has(path.resolve(resolved)) && path.resolve(resolved) !== file)
        targets.add(path.resolve(resolved));
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The circles: each strongly connected set of two or more files (Tarjan), as one path around it. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length)
        low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component);
      }
    }
  }
  return components.map((component) => circleThrough(graph, new Set(component)));
}

/**
 * The circles between modules (app/modules/NAME): no two modules may import each other, directly or
 * through others, whatever the files (docs/architecture.md). Tests are left out: a test reaches past
 * the layers to set up what it checks. So are imports of a module's tables.ts and reads.ts: they
 * declare its tables (foreign keys name other modules' tables) and what others may read of them,
 * import nothing but drizzle and other tables (eslint.config.js: own-tables-only), and so tie no
 * behaviour of one module to another's; any two modules may read each other's tables, as when
 * they all read the one schema. A circle through them between files is still a circle above.
 */
export function moduleCycles(graph: Map<string, string[]>, root: string): string[][] {
  const modulesDir = path.join(root, "app", "modules");
  const moduleOf = (file: string) => {
    const relative = path.relative(modulesDir, file);
    return relative.startsWith("..") || !relative.includes(path.sep) ? null : relative.split(path.sep)[0];
  };
  const isTest = (file: string) => /\.test\.tsx?$/.test(file);
  const declaresTables = (file: string) => {
    const relative = path.relative(modulesDir, file).split(path.sep);
    return relative.length === 2 && /^(tables|reads)\.ts$/.test(relative[1]);
  };
  const modules = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from || isTest(file)) continue;
    const edges = modules.get(from) ?? new Set<string>();
    modules.set(from, edges);
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from && !declaresTables(target)) edges.add(to);
    }
  }
  return importCycles(new Map([...modules].map(([name, edges]) => [name, [...edges]])));
}

/** One way around a strongly connected set, from its first file (by name) back to it. */
function circleThrough(graph: Map<string, string[]>, members: Set<string>): string[] {
  const start = [...members].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(previous.get(circle[0])!);
        return [...circle, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...members];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const root = process.cwd();
  const folders = process.argv.slice(2).length ? process.argv.slice(2) : ["app", "server"];
  const graph = importGraph(root, folders);
  const cycles = importCycles(graph);
  const betweenModules = moduleCycles(graph, root);
  if (cycles.length) {
    console.error(`Import circles (docs/architecture.md: put what both sides need in a file both can import):`);
    for (const cycle of cycles) console.error(`  ${cycle.map((f) => path.relative(root, f)).join(" -> ")}`);
  }
  if (betweenModules.length) {
    console.error(
      `Modules importing each other (docs/architecture.md: compose them in a flow, or move the shared rule to the module both use):`,
    );
    for (const cycle of betweenModules) console.error(`  ${cycle.map((m) => `modules/${m}`).join(" -> ")}`);
  }
  if (cycles.length || betweenModules.length) process.exit(1);
  console.log(`No import circles among ${graph.size} files in ${folders.join(", ")}, and none between modules.`);
}
