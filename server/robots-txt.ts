import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * robots.txt is a static file but for its last line, the sitemap's address at the shop's origin
 * (PUBLIC_URL; never the Host a request names). It is answered here like the build's files,
 * without a trip through React Router's request handling, which costs about a millisecond for any route.
 */
export function createRobotsTxt(origin: string) {
  const text = Buffer.from(
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /cart",
      "Disallow: /checkout",
      "Disallow: /auth",
      "Disallow: /api/",
      `Sitemap: ${origin.replace(/\/$/, "")}/sitemap.xml`,
      "",
    ].join("\n"),
  );
  return (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) => {
    res.writeHead(200, {
      ...headers,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Content-Length": text.length,
    });
    res.end(req.method === "HEAD" ? undefined : text);
  };
}
