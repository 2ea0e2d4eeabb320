import { useEffect } from "react";
import { useLocation } from "react-router";
import { trackMetaEvent } from "~/lib/meta-pixel";

/**
 * A PageView for Meta on every page a buyer sees: the first once the page is hydrated (so after it
 * is usable), then one per navigation. Nothing without a Pixel (app/lib/meta-pixel.ts).
 */
export function useMetaPageViews(pixelId: string | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pixelId) trackMetaEvent("PageView");
  }, [pixelId, pathname]);
}
