import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

/** "2 d 4 h", "3 h 05 min", "4 min 09 s": the time left, to the second in the last hour. */
export function timeLeftText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${minutes} min ${pad(s % 60)} s`;
}

/**
 * A launch's countdown. The server says how many seconds are left when it answered (no client
 * clock is trusted: a phone set to the wrong time counts the same); the browser counts down from
 * there with its own monotonic clock and, at zero, asks the server for the page again, which opens
 * it once the launch has opened. Without JavaScript the server's text stands and the page reloads
 * itself two seconds after the opening (a meta refresh inside <noscript>, so a browser running the
 * countdown does not also reload). With `launchName` (a listing's banner) it reads "Eid Lawn Drop
 * opens ...".
 */
export function LaunchCountdown({
  secondsLeft,
  opensAtText,
  launchName,
}: {
  secondsLeft: number;
  opensAtText: string;
  launchName?: string;
}) {
  const [left, setLeft] = useState(secondsLeft);
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const started = performance.now();
    setLeft(secondsLeft);
    const timer = window.setInterval(() => {
      const now = Math.max(0, secondsLeft - (performance.now() - started) / 1000);
      setLeft(now);
      if (now <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);
  useEffect(() => {
    if (left > 0 || state !== "idle") return;
    // Spread over a couple of seconds, so a crowd at midnight does not ask in the same millisecond;
    // asked again the same way while the launch is still opening.
    const timer = window.setTimeout(() => void revalidate(), 500 + Math.random() * 2000);
    return () => window.clearTimeout(timer);
  }, [left, state, revalidate]);
  return (
    <>
      {secondsLeft > 0 && (
        // Raw HTML: React would hoist a <meta> element into <head>, out of the <noscript>.
        <noscript
          dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${Math.ceil(secondsLeft) + 2}">` }}
        />
      )}
      <p className="text-sky-950" data-testid="launch-countdown">
        {launchName ? `${launchName} opens` : "Opens"} {opensAtText} (Pakistan time)
        {left > 0 ? (
          <>
            {" "}
            · in <strong role="timer">{timeLeftText(left)}</strong>
          </>
        ) : (
          <> · opening now</>
        )}
      </p>
    </>
  );
}
