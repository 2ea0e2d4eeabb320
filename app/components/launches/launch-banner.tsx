import type { LaunchCountdownView } from "~/modules/launches/launch-rules";
import { LaunchCountdown } from "./launch-countdown";

/**
 * Above a listing whose products include some waiting for a launch: the soonest such launch, its
 * opening and the time left (the server's count; at zero the page asks again and they turn buyable).
 */
export function LaunchBanner({ launch }: { launch: LaunchCountdownView }) {
  return (
    <section
      className="mt-6 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm sm:text-base"
      aria-label={`${launch.name}: coming soon`}
      data-testid="launch-banner"
    >
      <LaunchCountdown secondsLeft={launch.secondsLeft} opensAtText={launch.opensAtText} launchName={launch.name} />
    </section>
  );
}
