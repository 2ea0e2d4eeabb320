import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { fieldErrors, formError, isRefusal } from "~/lib/form-reply";
import { answerIntent, answerOrderId, type OrdersAnswer, type OwnerOrderView } from "./types";

/**
 * The status select of one order: only the moves the lifecycle allows; courier and tracking number
 * when shipping (and to correct them on a shipped order). A fetcher with JavaScript (toast), a plain
 * post without.
 */
export function OrderStatusForm({ order, result }: { order: OwnerOrderView; result?: OrdersAnswer }) {
  const fetcher = useFetcher<OrdersAnswer>();
  const id = useId();
  const [choice, setChoice] = useState(order.next[0] ?? "");
  const busy = fetcher.state !== "idle";
  const shown = fetcher.data ?? result;
  // This order's refusal: each field's message, under the form.
  const fields =
    isRefusal(shown) && answerIntent(shown) === "status" && answerOrderId(shown) === order.id
      ? fieldErrors(shown)
      : undefined;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answerIntent(answer) !== "status" || !answer) return;
    if (isRefusal(answer)) showToast(formError(answer) ?? "", "error");
    else if ("message" in answer) showToast(answer.message, answer.ok ? "success" : "error");
  }, [fetcher.state, fetcher.data]);
  // The order moved (here or live from elsewhere): offer its new first move.
  const nextKey = order.next.join(",");
  useEffect(() => setChoice(order.next[0] ?? ""), [nextKey]);

  const shipping = choice === "shipped" || order.status === "shipped";
  if (order.next.length === 0 && order.status !== "shipped") return null;
  return (
    <fetcher.Form
      method="post"
      className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(9rem,auto)_1fr_1fr_auto]"
      aria-label={`Update status of ${order.orderNumber}`}
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={order.id} />
      <div>
        <label htmlFor={`${id}-status`} className="field-label">
          Status
        </label>
        <select
          id={`${id}-status`}
          name="status"
          value={choice}
          onChange={(e) => setChoice(e.target.value as typeof choice)}
          className="field-input py-2"
        >
          {order.status === "shipped" && <option value="shipped">Shipped (edit courier)</option>}
          {order.next.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {/* On a phone the button sits beside the status and the courier fields go below both. */}
      <div className={`max-sm:order-2 max-sm:col-span-2 ${shipping ? "" : "hidden sm:invisible sm:block"}`}>
        <label htmlFor={`${id}-courier`} className="field-label">
          Courier name
        </label>
        <input
          id={`${id}-courier`}
          type="text"
          name="courierName"
          defaultValue={order.courierName ?? ""}
          maxLength={60}
          placeholder="TCS, Leopards, M&P..."
          className="field-input py-2"
          aria-invalid={fields?.courierName ? true : undefined}
        />
      </div>
      <div className={`max-sm:order-2 max-sm:col-span-2 ${shipping ? "" : "hidden sm:invisible sm:block"}`}>
        <label htmlFor={`${id}-tracking`} className="field-label">
          Tracking number
        </label>
        <input
          id={`${id}-tracking`}
          type="text"
          name="trackingNumber"
          defaultValue={order.trackingNumber ?? ""}
          maxLength={60}
          className="field-input py-2"
          aria-invalid={fields?.trackingNumber ? true : undefined}
        />
      </div>
      <button type="submit" className="btn-primary max-sm:order-1" disabled={busy}>
        {busy ? "Updating..." : "Update Status"}
      </button>
      {fields && Object.values(fields).length > 0 && (
        <p className="field-error col-span-2 max-sm:order-3 sm:col-span-4">{Object.values(fields).join(". ")}</p>
      )}
    </fetcher.Form>
  );
}
