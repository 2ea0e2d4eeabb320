import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The waiting room's signed tokens, kept in cookies: a ticket (a place in line) and a pass (let in
 * until a time). Signed with a key derived from the shop's auth secret, so a token cannot be made
 * or changed outside the shop: a forged or altered one reads as none, and its holder joins the back
 * of the line. Refreshing or opening more tabs sends the same cookie: the same place.
 *
 * Form: `t.<number>.<issued epoch s>.<signature>` and `p.<ticket>.<expires epoch s>.<signature>`.
 */
export type Ticket = { kind: "ticket"; number: number; issuedAt: number };
export type Pass = { kind: "pass"; ticket: number; expiresAt: number };

export type TokenSigner = {
  ticket: (number: number, issuedAt: number) => string;
  pass: (ticket: number, expiresAt: number) => string;
  read: (token: string | undefined) => Ticket | Pass | null;
};

const SALT = "kapra waiting room";

export function createTokenSigner(authSecret: string): TokenSigner {
  const key = Buffer.from(hkdfSync("sha256", authSecret, SALT, "waiting-room-tokens", 32));
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url").slice(0, 32);
  const make = (kind: "t" | "p", a: number, b: number) => {
    const body = `${kind}.${a}.${b}`;
    return `${body}.${sign(body)}`;
  };
  return {
    ticket: (number, issuedAt) => make("t", number, issuedAt),
    pass: (ticket, expiresAt) => make("p", ticket, expiresAt),
    read(token) {
      if (!token || token.length > 120) return null;
      const match = /^([tp])\.(\d{1,15})\.(\d{1,12})\.([\w-]{32})$/.exec(token);
      if (!match) return null;
      const [, kind, a, b, signature] = match;
      const expected = Buffer.from(sign(`${kind}.${a}.${b}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return kind === "t"
        ? { kind: "ticket", number: Number(a), issuedAt: Number(b) }
        : { kind: "pass", ticket: Number(a), expiresAt: Number(b) };
    },
  };
}
