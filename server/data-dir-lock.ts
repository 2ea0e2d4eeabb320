import fs from "node:fs";
import path from "node:path";

/**
 * PGlite takes no lock of its own: two processes on one data directory corrupt it. We hold a
 * lock file naming our pid and refuse to start while another live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(file, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `Another server (pid ${holder}) is already using the database in ${path.resolve(dataDir)}. ` +
            "Stop it first, or set DATA_DIR to another folder.",
        );
      }
      fs.rmSync(file, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
