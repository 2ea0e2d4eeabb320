import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { z } from "~/lib/zod";
import type { Db, DbOrTx } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";
import { EMAIL_STATUSES, emailStatusOf, type EmailKind, type EmailStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import type { EmailDataByKind } from "./email-messages";
import { EMAIL_LOG_PAGE_SIZE, parseEmailLogSearch, type EmailLogQuery } from "./email-log-query";
import { loadEmailShop, senderAddress } from "./mail-worker.server";
import { wakeMailWorkers } from "./outbox.server";
import { renderEmail } from "./render-email.server";
import { pageWindow } from "~/lib/page-window";

/** What a row of the list needs: no bodies, no template data. */
const LIST_COLUMNS = {
  id: messageOutbox.id,
  kind: messageOutbox.kind,
  toAddress: messageOutbox.toAddress,
  subject: messageOutbox.subject,
  orderNumber: messageOutbox.orderNumber,
  status: messageOutbox.status,
  attempts: messageOutbox.attempts,
  lastError: messageOutbox.lastError,
  nextAttemptAt: messageOutbox.nextAttemptAt,
  sentAt: messageOutbox.sentAt,
  createdAt: messageOutbox.createdAt,
};

type ListRow = { [K in keyof typeof LIST_COLUMNS]: (typeof messageOutbox.$inferSelect)[K] };
/** An e-mail entry: the outbox row read as an e-mail (its kind an e-mail kind, its status an e-mail status). */
export type EmailLogEntry = Omit<ListRow, "kind" | "status"> & { kind: EmailKind; status: EmailStatus };

/** The log reads only the e-mail channel's rows (EMAILS), whose kinds are e-mail kinds. */
function asEmailEntry<R extends Pick<ListRow, "kind" | "status">>(
  row: R,
): Omit<R, "kind" | "status"> & { kind: EmailKind; status: EmailStatus } {
  return { ...row, kind: row.kind as EmailKind, status: emailStatusOf(row.status) };
}
export type EmailStatusCounts = Record<EmailStatus, number> & { all: number };
export type EmailLogPage = {
  entries: EmailLogEntry[];
  total: number;
  page: number;
  pageCount: number;
  counts: EmailStatusCounts;
};

/** The log lists the outbox's e-mails: other channels' messages are not this page's. */
const EMAILS = eq(messageOutbox.channel, "email");

/** Never an e-mail still waiting to be sent: those stay in the outbox whatever the owner clears. */
const WAITING: EmailStatus[] = ["queued", "sending"];

function filterOf(query: Pick<EmailLogQuery, "status" | "q">): SQL | undefined {
  const search = parseEmailLogSearch(query.q);
  return and(
    EMAILS,
    query.status ? eq(messageOutbox.status, query.status) : undefined,
    search.kind === "order-number" ? eq(messageOutbox.orderNumber, search.orderNumber) : undefined,
    search.kind === "recipient" ? ilike(messageOutbox.toAddress, search.pattern) : undefined,
  );
}

/** How many entries have each status, in one grouped query. */
export async function countEmailsByStatus(db: DbOrTx): Promise<EmailStatusCounts> {
  const rows = await db
    .select({ status: messageOutbox.status, n: count() })
    .from(messageOutbox)
    .where(EMAILS)
    .groupBy(messageOutbox.status);
  const counts = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as EmailStatusCounts;
  counts.all = 0;
  for (const row of rows) {
    counts[emailStatusOf(row.status)] += row.n;
    counts.all += row.n;
  }
  return counts;
}

/** One page of the log, newest first, filtered by status and searched by recipient or order number. */
export async function listEmailLog(
  db: DbOrTx,
  query: Pick<EmailLogQuery, "status" | "q" | "page">,
): Promise<EmailLogPage> {
  const where = filterOf(query);
  const [[{ total }], counts] = await Promise.all([
    db.select({ total: count() }).from(messageOutbox).where(where),
    countEmailsByStatus(db),
  ]);
  const { page, pageCount, offset } = pageWindow(total, query.page, EMAIL_LOG_PAGE_SIZE);
  const entries = await db
    .select(LIST_COLUMNS)
    .from(messageOutbox)
    .where(where)
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
    .limit(EMAIL_LOG_PAGE_SIZE)
    .offset(offset);
  return { entries: entries.map(asEmailEntry), total, page, pageCount, counts };
}

export type EmailLogDetail = EmailLogEntry & {
  fromAddress: string;
  orderId: string | null;
  resentFrom: number | null;
  /** Later resends of this entry, oldest first. */
  resentAs: number[];
  html: string;
  text: string;
  /** True when the body is not the one that went out but a rendering of what will (the worker has not written it yet). */
  preview: boolean;
};

/**
 * One entry with its body. An e-mail the worker has not rendered yet is rendered here on the fly,
 * exactly as the worker would, and not saved: the worker stays the one writer of what went out.
 */
export async function getEmailLogEntry(
  db: Db,
  id: number,
  options: { publicUrl: string; from: string | null },
): Promise<EmailLogDetail | null> {
  const [row] = await db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.id, id), EMAILS));
  if (!row) return null;
  const resends = await db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(eq(messageOutbox.resentFrom, id))
    .orderBy(messageOutbox.id);
  let content = row.html !== null && row.text !== null ? { html: row.html, text: row.text } : null;
  let fromAddress = row.fromAddress;
  if (!content || !fromAddress) {
    const shop = await loadEmailShop(db, options.publicUrl);
    content ??= await renderEmail(row.kind as EmailKind, row.data as EmailDataByKind[EmailKind], shop); // an e-mail row (EMAILS)
    fromAddress ??= senderAddress(options.from, shop);
  }
  return {
    id: row.id,
    kind: row.kind as EmailKind,
    toAddress: row.toAddress,
    subject: row.subject,
    orderNumber: row.orderNumber,
    status: emailStatusOf(row.status),
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    fromAddress,
    orderId: row.orderId,
    resentFrom: row.resentFrom,
    resentAs: resends.map((r) => r.id),
    ...content,
    preview: row.html === null,
  };
}

const addressSchema = z.email().max(254);

/**
 * Sends an entry again: a new queued outbox row with the same kind, data, subject and order, to the
 * same recipient or to a corrected address, pointing back at the original (which stays as it was,
 * so the log keeps the history). The workers are woken when it commits. Returns the new entry's id.
 */
export async function resendEmail(db: Db, id: number, to?: string | null): Promise<number> {
  const corrected = to?.trim() ?? "";
  if (corrected && !addressSchema.safeParse(corrected).success) {
    throw new AppError("VALIDATION", "Please enter a valid e-mail address", {
      to: "Please enter a valid e-mail address",
    });
  }
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.id, id), EMAILS));
    if (!original) throw new AppError("NOT_FOUND", "That e-mail is no longer in the log");
    const [created] = await tx
      .insert(messageOutbox)
      .values({
        channel: original.channel,
        kind: original.kind,
        toAddress: corrected || original.toAddress,
        subject: original.subject,
        data: original.data,
        orderId: original.orderId,
        orderNumber: original.orderNumber,
        resentFrom: original.id,
        status: "queued",
      })
      .returning({ id: messageOutbox.id });
    await wakeMailWorkers(tx);
    return created.id;
  });
}

/**
 * Clears the log: deletes every e-mail except those still waiting to be sent (queued, or being sent
 * right now). Counts in SQL, so a log of any size is cleared in one statement.
 */
export async function clearEmailLog(db: Db): Promise<{ cleared: number; kept: number }> {
  const waiting = sql.join(
    WAITING.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with cleared as (delete from ${messageOutbox} where ${EMAILS} and ${messageOutbox.status} not in (${waiting}) returning 1)
    select (select count(*) from cleared)::int as cleared,
      (select count(*) from ${messageOutbox} where ${EMAILS} and ${messageOutbox.status} in (${waiting}))::int as kept`);
  const [row] = (result as unknown as { rows: { cleared: number; kept: number }[] }).rows;
  return { cleared: Number(row.cleared), kept: Number(row.kept) };
}
