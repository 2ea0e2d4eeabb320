// Fault injection for tests: DATA_DIR's disk turns read-only while the file `${DATA_DIR}.readonly` exists.
//
// Loaded into the server with NODE_OPTIONS="--import <this file>". PGlite (WASM) reaches the disk
// through Emscripten's NODEFS, which calls Node's synchronous `fs` functions and turns a thrown
// error's `code` into the matching errno (EROFS), so PostgreSQL sees what a read-only remount gives
// it: every write, every open for writing, every create, rename and delete fails with EROFS, while
// reads and already open files keep working. A real remount is refused (EBUSY) while PGlite holds
// its files open for writing, and an LD_PRELOAD shim would need a C compiler; this is the same
// failure, one layer up, in the process itself.
import fs from "node:fs";
import path from "node:path";
import { syncBuiltinESMExports } from "node:module";

const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : null;
const flagFile = dataDir ? `${dataDir}.readonly` : null;
const statSync = fs.statSync;

/** fds opened under DATA_DIR (any flags): writes through them fail while the disk is read-only. */
const ourFds = new Set();

const isUnder = (p) => {
  if (!dataDir || p === undefined || p === null || typeof p === "number") return false;
  const resolved = path.resolve(p instanceof URL ? p.pathname : String(p));
  return resolved === dataDir || resolved.startsWith(dataDir + path.sep);
};
const readOnly = () => flagFile !== null && statSync(flagFile, { throwIfNoEntry: false }) !== undefined;

function erofs(syscall, p) {
  const error = new Error(`EROFS: read-only file system, ${syscall}${p !== undefined ? ` '${p}'` : ""}`);
  return Object.assign(error, { errno: -30, code: "EROFS", syscall, ...(p !== undefined ? { path: String(p) } : {}) });
}

const { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND } = fs.constants;
const writesFlags = (flags) =>
  typeof flags === "number"
    ? (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) !== 0
    : typeof flags === "string" && /[wa+]/.test(flags);

const patch = (name, replacement) => {
  if (typeof fs[name] === "function") fs[name] = replacement(fs[name]);
};

if (dataDir) {
  patch("openSync", (original) => (p, flags = "r", ...rest) => {
    if (isUnder(p) && writesFlags(flags) && readOnly()) throw erofs("open", p);
    const fd = original(p, flags, ...rest);
    if (isUnder(p)) ourFds.add(fd);
    return fd;
  });
  patch("closeSync", (original) => (fd) => {
    ourFds.delete(fd);
    return original(fd);
  });
  // Calls on an fd under DATA_DIR.
  for (const [name, syscall] of [
    ["writeSync", "write"],
    ["ftruncateSync", "ftruncate"],
    ["fsyncSync", "fsync"],
    ["fdatasyncSync", "fdatasync"],
    ["fchmodSync", "fchmod"],
    ["futimesSync", "futime"],
  ]) {
    patch(name, (original) => (fd, ...rest) => {
      if (ourFds.has(fd) && readOnly()) throw erofs(syscall);
      return original(fd, ...rest);
    });
  }
  // Calls on a path under DATA_DIR (rename/link/symlink: either end).
  for (const [name, syscall] of [
    ["mkdirSync", "mkdir"],
    ["rmdirSync", "rmdir"],
    ["rmSync", "rm"],
    ["unlinkSync", "unlink"],
    ["truncateSync", "open"],
    ["chmodSync", "chmod"],
    ["utimesSync", "utime"],
    ["lutimesSync", "lutime"],
    ["writeFileSync", "open"],
    ["appendFileSync", "open"],
    ["copyFileSync", "copyfile"],
    ["renameSync", "rename"],
    ["linkSync", "link"],
    ["symlinkSync", "symlink"],
  ]) {
    patch(name, (original) => (a, b, ...rest) => {
      const target =
        isUnder(a) || ourFds.has(a)
          ? a
          : ["renameSync", "linkSync", "symlinkSync", "copyFileSync"].includes(name) && isUnder(b)
            ? b
            : undefined;
      if (target !== undefined && readOnly())
        throw typeof target === "number" ? erofs(syscall) : erofs(syscall, target);
      return original(a, b, ...rest);
    });
  }
  // `import { writeSync } from "node:fs"` sees the patched functions too.
  syncBuiltinESMExports();
}
