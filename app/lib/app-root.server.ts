import path from "node:path";

/**
 * A file of the shop's own folder read at run time (migrations, the packed empty database, the
 * image encoder's script): under APP_ROOT when set (a benchmark runs a copy of the build from
 * elsewhere), else the working directory, where `node server/start.js` runs.
 */
export function appPath(...parts: string[]): string {
  return path.resolve(process.env.APP_ROOT ?? process.cwd(), ...parts);
}
