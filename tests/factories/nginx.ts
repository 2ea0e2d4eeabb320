import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process";

/** Debian's nginx, which .ci/run installs. */
export const NGINX = "/usr/sbin/nginx";

/**
 * docs/nginx.conf as documented, with loopback addresses: its app servers are the given ports, it
 * listens on `port` without TLS (its redirect from port 80 and its certificates left out), and it
 * keeps its caches in `dir` (`dir/cache-kapra`, `dir/cache-kapra-pages`); inside a minimal nginx.conf
 * of its own (`workerConnections`: the launch benchmark's thousands of shoppers need more than 1,024).
 */
export function nginxConfig(
  dir: string,
  port: number,
  upstreams: number[],
  { workerConnections = 1024 }: { workerConnections?: number } = {},
): string {
  const documented = fs
    .readFileSync(path.join(ROOT, "docs/nginx.conf"), "utf8")
    .replace(/^\s*server 10\.0\.0\.\d+:3000 (.*)$/gm, "")
    .replace(/upstream kapra_app \{/, (head) =>
      [head, ...upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`)].join("\n"),
    )
    .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, "")
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`)
    .replace(/^\s*listen \[::\]:443 ssl http2;$/m, "")
    .replace(/^\s*ssl_certificate(_key)? .*$/gm, "")
    .replace(/server_name kapra\.pk;/, "server_name 127.0.0.1;")
    .replace(
      /proxy_cache_path \/var\/cache\/nginx\/([\w-]+) /g,
      (_, name: string) => `proxy_cache_path ${path.join(dir, `cache-${name}`)} `,
    );
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  // Run as root (the CI machine), nginx's workers would be `nobody`, who cannot enter `dir` (a
  // mkdtemp directory, mode 0700) to read and write the caches: they run as root too.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${user}worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
${documented}
}
`;
}

/**
 * Writes `nginxConfig(...)` to `dir/nginx.conf`, has nginx check it (throwing with nginx's own words
 * when it refuses), and starts it in the foreground; the caller waits for it to answer and stops it.
 */
export function startNginx(
  dir: string,
  port: number,
  upstreams: number[],
  options?: Parameters<typeof nginxConfig>[3],
): ChildProcess {
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig(dir, port, upstreams, options));
  const check = spawnSync(NGINX, ["-t", "-c", conf, "-p", dir], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused ${conf}: ${check.stderr}`);
  return spawn(NGINX, ["-c", conf, "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
}
