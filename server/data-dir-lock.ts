import fs from "node:fs";
import path from "node:path";

const LOCK_FILE = "server.lock";

/**
 * PGlite takes no lock of its own: two processes on one data directory corrupt it. We hold a
 * lock file naming our pid (and when that process started) and refuse to start while another live
 * process holds it. A lock left by a killed process is taken over: its pid is gone, or the pid now
 * belongs to another process (pids are reused, in containers especially), which the start time tells.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n${processStartTime(process.pid) ?? ""}\n`, { flag: "wx", mode: 0o600 });
      return () => {
        // Only our own lock: never one another process took over meanwhile.
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) {
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

/** The pid of the live process holding DATA_DIR's lock (not this one), or null when it is free or stale. */
export function lockHolder(dataDir: string): number | null {
  const lock = readLock(path.join(dataDir, LOCK_FILE));
  if (!lock || lock.pid === process.pid || !isAlive(lock.pid)) return null;
  // An older lock file has no start time: a live pid is taken at its word.
  if (lock.started && processStartTime(lock.pid) !== null && processStartTime(lock.pid) !== lock.started) return null;
  return lock.pid;
}

function readLock(file: string): { pid: number; started: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const [pid, started = ""] = text.split("\n");
  return Number(pid) > 0 ? { pid: Number(pid), started: started.trim() } : null;
}

/** When a process started, in clock ticks since boot (/proc/PID/stat field 22); null where /proc is not there. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
