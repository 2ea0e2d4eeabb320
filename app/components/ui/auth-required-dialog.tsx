import { forwardRef } from "react";
import { Link } from "react-router";

/** Shown when a guest tries to buy: sign in or sign up, then come back to this product. */
export const AuthRequiredDialog = forwardRef<HTMLDialogElement, { returnQuery: string }>(function AuthRequiredDialog(
  { returnQuery },
  ref,
) {
  const close = () => (ref && typeof ref !== "function" ? ref.current?.close() : undefined);
  return (
    <dialog
      ref={ref}
      aria-labelledby="auth-required-title"
      className="m-auto w-[min(92vw,26rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <h2 id="auth-required-title" className="text-xl font-bold text-stone-900">
          Authentication Required
        </h2>
        <p className="mt-2 text-stone-700">
          Please sign in or create an account to add items to your cart and place orders.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Link to={`/auth?mode=login&${returnQuery}`} className="btn-primary flex-1">
            Sign In
          </Link>
          <Link to={`/auth?mode=signup&${returnQuery}`} className="btn-secondary flex-1">
            Sign Up
          </Link>
        </div>
        <button type="button" onClick={close} className="mt-4 w-full text-sm font-medium text-stone-600 underline">
          Cancel
        </button>
      </div>
    </dialog>
  );
});
