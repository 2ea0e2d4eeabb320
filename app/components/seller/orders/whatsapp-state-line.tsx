import { whatsappStateParts, type WhatsappOrderState } from "~/modules/orders/whatsapp-order-state";

/**
 * An order's WhatsApp confirmation as the owner reads it (times in PKT): "WhatsApp: Sent 14:02 ·
 * Read 14:05 · Confirmed 14:07", "Replied on WhatsApp 14:10" (read the chat), "Needs call" in red.
 * Nothing for an order never asked on WhatsApp.
 */
export function WhatsappStateLine({ state }: { state: WhatsappOrderState }) {
  const parts = whatsappStateParts(state).filter((p) => p !== "Needs call");
  if (parts.length === 0 && !state.needsCall) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-700" data-testid="whatsapp-state">
      {parts.length > 0 && (
        <span>
          <span className="font-semibold text-emerald-900">WhatsApp:</span> {parts.join(" · ")}
        </span>
      )}
      {state.needsCall && (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 font-semibold text-red-900" data-testid="needs-call">
          Needs call
        </span>
      )}
    </p>
  );
}
