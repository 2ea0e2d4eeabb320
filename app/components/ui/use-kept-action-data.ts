import { useRef } from "react";
import { useLocation } from "react-router";

/**
 * The route's action result, kept while the page stays where it is. React Router clears action data
 * on every completed load, a revalidation included, so a live refresh (an order placed by a buyer, a
 * change from another tab) arriving just after a submission would wipe what it showed: "3 orders
 * booked", an import's applied rows, a form's errors. A revalidation keeps the location's key; a new
 * navigation or submission makes a new one, and that drops what was kept.
 */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const { key } = useLocation();
  const kept = useRef<{ key: string; data: T } | null>(null);
  if (actionData !== undefined && actionData !== null) kept.current = { key, data: actionData };
  else if (kept.current && kept.current.key !== key) kept.current = null;
  return actionData ?? kept.current?.data;
}
