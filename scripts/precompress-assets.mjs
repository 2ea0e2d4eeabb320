#!/usr/bin/env node
// After `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside
// every compressible file of build/client, so the server sends them without compressing per request
// (server/static-files.ts). Part of `npm run build`.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const root = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|txt|json|webmanifest|xml|html)$/;

const files = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(full).size >= 1024) files.push(full);
  }
};
walk(root);
await Promise.all(
  files.map(async (file) => {
    const raw = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip(raw, { level: 9 }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
  }),
);
console.log(`precompressed ${files.length} files in ${path.relative(process.cwd(), root) || "."}`);
