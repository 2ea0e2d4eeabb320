import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CloseIcon } from "~/components/ui/icons";
import { ANNOUNCEMENT_STORAGE_KEY } from "~/lib/announcement-dismiss";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { RootData } from "~/lib/root-data";

/**
 * The owner's one line above the header, on every page while it is live. Close hides it for the rest
 * of the visit (sessionStorage; the head script hides it before paint on the next pages). Without
 * JavaScript it simply stays, and the close button is not offered.
 */
export function AnnouncementBar({ announcement }: { announcement: NonNullable<RootData["announcement"]> }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    try {
      setDismissed(sessionStorage.getItem(ANNOUNCEMENT_STORAGE_KEY) === announcement.key);
    } catch {
      // Storage refused (private mode): the bar stays.
    }
  }, [announcement.key]);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(ANNOUNCEMENT_STORAGE_KEY, announcement.key);
    } catch {
      // Not remembered: hidden on this page only.
    }
    setDismissed(true);
  };
  return (
    <section
      aria-label="Announcement"
      data-announcement={announcement.key}
      className="bg-brand-800 text-white print:hidden"
    >
      <div className="container-page flex min-h-10 items-center gap-2 py-1.5 text-center text-sm">
        <p className="flex-1 font-medium">
          {announcement.href ? (
            <Link to={announcement.href} className="underline underline-offset-2 hover:no-underline">
              {announcement.text}
            </Link>
          ) : (
            announcement.text
          )}
        </p>
        {hydrated && (
          <button
            type="button"
            onClick={dismiss}
            className="-mr-2 flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-white/10"
            aria-label="Close announcement"
          >
            <CloseIcon />
          </button>
        )}
      </div>
    </section>
  );
}
