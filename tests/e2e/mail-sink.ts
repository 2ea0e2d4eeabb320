/**
 * The e2e suite's mail server: the SMTP integration's stand-in on loopback (the shop's SMTP_URL
 * points at it) plus a small HTTP API so tests can read what arrived: GET /messages, DELETE /messages.
 * Started by playwright.config.ts as a web server of its own.
 */
import http from "node:http";
import { startTestSmtpServer } from "../../app/integrations/messaging/smtp-stand-in";

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4210);
const httpPort = Number(process.env.E2E_MAIL_API_PORT ?? smtpPort + 1);

const smtp = await startTestSmtpServer({ port: smtpPort });
http
  .createServer((req, res) => {
    if (req.url === "/messages" && req.method === "DELETE") {
      smtp.received.length = 0;
      return void res.writeHead(204).end();
    }
    if (req.url === "/messages") {
      const body = smtp.received.map(({ to, from, subject, html, text }) => ({ to, from, subject, html, text }));
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    }
    res.writeHead(404).end();
  })
  .listen(httpPort, "127.0.0.1", () =>
    console.log(`mail sink: smtp ${smtp.url}, messages at http://127.0.0.1:${httpPort}/messages`),
  );
