import { useEffect, useSyncExternalStore } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

export type ToastType = "success" | "error" | "info";
type Toast = { id: number; type: ToastType; message: string };

// SPEC.md section 9: a toast stays 5 s, but the cart's are quicker (success 2 s, errors and notices
// 4 s), since a shopper adds and changes items in quick runs; at most 20 at once.
const DURATION = 5000;
const CART_DURATION: Record<ToastType, number> = { success: 2000, error: 4000, info: 4000 };
const MAX_TOASTS = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: Toast[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a short message; the same text already on screen is not stacked twice. */
export function showToast(message: string, type: ToastType = "success", options: { cart?: boolean } = {}) {
  if (typeof window === "undefined") return;
  toasts = [...toasts.filter((t) => t.message !== message), { id: nextId++, type, message }].slice(-MAX_TOASTS);
  const id = toasts[toasts.length - 1].id;
  emit();
  window.setTimeout(() => dismiss(id), options.cart ? CART_DURATION[type] : DURATION);
}

/**
 * The toast region. A message carried over a redirect (`flash`) is part of the server HTML, so it
 * is seen even before (or without) JavaScript; once hydrated, toasts come and go on their own.
 */
export function Toaster({ flash }: { flash: { type: ToastType; message: string } | null }) {
  const hydrated = useHydrated();
  const items = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => EMPTY,
  );
  useEffect(() => {
    if (flash) showToast(flash.message, flash.type);
  }, [flash]);
  const shown = hydrated ? items : flash ? [{ id: 0, ...flash }] : EMPTY;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-3 z-50 print:hidden flex flex-col items-center gap-2 px-3"
      aria-live="polite"
    >
      {shown.map((t) => (
        <div
          key={t.id}
          role={t.type === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-[350px] items-start gap-3 rounded-lg px-4 py-3 text-sm font-medium shadow-lg ${
            t.type === "error"
              ? "bg-red-700 text-white"
              : t.type === "info"
                ? "bg-sky-800 text-white"
                : "bg-stone-900 text-white"
          }`}
        >
          <span className="flex-1">{t.message}</span>
          {hydrated && (
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className="-m-1 p-1 text-white/80 hover:text-white"
              aria-label="Dismiss"
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
