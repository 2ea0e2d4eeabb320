/** The waiting room's cookies (server/waiting-room-gate.ts): a place in line, and a pass once let in. */
export const TICKET_COOKIE = "kapra_line";
export const PASS_COOKIE = "kapra_pass";
