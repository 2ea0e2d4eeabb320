import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * robots.txt is a static file but for its last line, the sitemap's address (PUBLIC_URL, or the
 * host the request came to). It is answered here like the build's files, without a trip through
 * React Router's request handling, which costs about a millisecond for any route.
 */
export function createRobotsTxt(publicUrl: string | undefined, protocolOf: (req: IncomingMessage) => string) {
  const body = (origin: string) =>
    ["User-agent: *", "Allow: /", "Disallow: /cart", "Disallow: /checkout", "Disallow: /auth", "Disallow: /api/", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  const fixed = publicUrl ? Buffer.from(body(publicUrl.replace(/\/$/, ""))) : null;
  return (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) => {
    const text = fixed ?? Buffer.from(body(`${protocolOf(req)}://${req.headers.host ?? "localhost"}`));
    res.writeHead(200, { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600", "Content-Length": text.length });
    res.end(req.method === "HEAD" ? undefined : text);
  };
}
