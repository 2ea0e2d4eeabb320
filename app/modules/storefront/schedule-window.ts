/**
 * A window the owner sets in Pakistan time (hero slides, the announcement bar): shown from its start
 * (inclusive) up to its end (exclusive); an open side never closes. Pure, so the server decides what
 * a page shows and the owner's list says the same.
 */
export type ScheduleWindow = { startsAt: Date | string | null; endsAt: Date | string | null };

const at = (value: Date | string) => (typeof value === "string" ? new Date(value) : value).getTime();

export function isLive(window: ScheduleWindow, now: Date): boolean {
  const time = now.getTime();
  if (window.startsAt && time < at(window.startsAt)) return false;
  if (window.endsAt && time >= at(window.endsAt)) return false;
  return true;
}

/** "Live", "Scheduled" (starts later) or "Ended", for the owner's list. */
export function scheduleState(window: ScheduleWindow, now: Date): "live" | "scheduled" | "ended" {
  if (window.endsAt && now.getTime() >= at(window.endsAt)) return "ended";
  if (window.startsAt && now.getTime() < at(window.startsAt)) return "scheduled";
  return "live";
}

/** The start and end instants a window changes state at, strictly after `now`; the earliest, or null. */
export function nextWindowBoundary(windows: ScheduleWindow[], now: Date): Date | null {
  let next: number | null = null;
  for (const w of windows) {
    for (const edge of [w.startsAt, w.endsAt]) {
      if (!edge) continue;
      const t = at(edge);
      if (t > now.getTime() && (next === null || t < next)) next = t;
    }
  }
  return next === null ? null : new Date(next);
}
