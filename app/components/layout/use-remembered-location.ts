import { useEffect, useState } from "react";
import { useLocation } from "react-router";

const KEY = "previousLocation";
const NOT_REMEMBERED = /^\/(cart|checkout|auth|orders\/)/;

/** Remembers the last page that was not the cart, checkout or sign-in (SPEC.md: Continue Shopping). */
export function useRememberLocation() {
  const location = useLocation();
  useEffect(() => {
    if (!NOT_REMEMBERED.test(location.pathname)) sessionStorage.setItem(KEY, location.pathname + location.search);
  }, [location.pathname, location.search]);
}

/** Where Continue Shopping goes: the remembered page once JavaScript runs, else `fallback`. */
export function useRememberedLocation(fallback: string): string {
  const [to, setTo] = useState(fallback);
  useEffect(() => {
    const saved = sessionStorage.getItem(KEY);
    if (saved && saved.startsWith("/") && !saved.startsWith("//")) setTo(saved);
  }, []);
  return to;
}
