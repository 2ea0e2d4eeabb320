import { z } from "~/lib/zod";
import { apiData, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { bookParcels } from "~/flows/book-parcels.server";
import { MAX_BOOKING } from "~/modules/shipping/booking/book-shipments.server";
import { listShipments } from "~/modules/shipping/booking/list-shipments.server";
import type { Route } from "./+types/shipments";
import { serialIdFrom } from "~/lib/serial-id";

/** GET /api/shipments?courier=&page=: the shop's shipments, newest first (sellers only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(request, context, "seller");
    const params = new URL(request.url).searchParams;
    return apiData(
      await listShipments(context.db, {
        courierId: serialIdFrom(params.get("courier")),
        page: Number(params.get("page")) || 1,
      }),
    );
  });
}

const bookingBody = z
  .object({
    orderIds: z
      .array(z.string().max(100))
      .min(1, "Select the orders to book")
      .max(MAX_BOOKING, `Book at most ${MAX_BOOKING} orders at a time`),
    courierId: z.number().int().positive().optional(),
    couriers: z.record(z.string().max(100), z.number().int().positive()).optional(),
    weights: z.record(z.string().max(100), z.number().int().min(1).max(50_000)).optional(),
  })
  .refine((b) => b.courierId !== undefined || b.couriers !== undefined, {
    message: "Give courierId, or couriers by order",
    path: ["courierId"],
  });

/**
 * POST /api/shipments `{ orderIds, courierId?, couriers?, weights? }`: books each order with its
 * courier (`couriers[orderId]`, else `courierId`); a batch may go to several couriers, file and API
 * mixed. Refused ones come back with reasons; API couriers' answers (tracking number, or their words).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"], "/api/shipments");
  return handleApi(async () => {
    const user = await requireApiUser(request, context, "seller");
    const body = bookingBody.parse(await readJson(request));
    return apiData(await bookParcels(context, { id: user.id, name: user.name }, body), 201);
  });
}
