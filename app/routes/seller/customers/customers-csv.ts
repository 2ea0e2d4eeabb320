import { csvDownload } from "~/http/csv-download.server";
import { data } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { readCustomerQuery } from "~/modules/customers/customer-query";
import { getCustomerSegment } from "~/modules/customers/customer-segments.server";
import { exportCustomersCsv } from "~/modules/customers/export-customers-csv.server";
import type { Route } from "./+types/customers-csv";

/**
 * GET /seller/customers.csv?segment=ID, or ?<the list's filter>: every matching customer (not a
 * page), streamed batch by batch, a UTF-8 BOM first so Excel reads Urdu names correctly.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const params = new URL(request.url).searchParams;
  let name = "customers";
  let filter = params;
  if (params.get("segment")) {
    try {
      const segment = await getCustomerSegment(context.db, params.get("segment"));
      filter = new URLSearchParams(segment.query);
      name = `customers-${
        segment.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "") || "segment"
      }`;
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
      throw error;
    }
  }
  const { query } = readCustomerQuery(filter);
  const chunks = exportCustomersCsv(context.db, query);
  return csvDownload(chunks, `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
}
