import { Link } from "react-router";

/** A Settings sub-page's heading (Couriers, WhatsApp, Payments, Marketing) with its way back to Settings. */
export function SettingsPageTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-xl font-semibold text-stone-900">
        {children}
      </h2>
      <Link to="/seller/settings" className="text-sm font-medium text-brand-700 underline">
        Back to settings
      </Link>
    </div>
  );
}
