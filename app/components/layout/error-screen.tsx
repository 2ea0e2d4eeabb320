import { useLocation } from "react-router";
import { NavButton } from "~/components/ui/nav-button";

/** The app-wide error screen; a database that cannot be reached gets the connection-trouble wording. */
export function ErrorScreen({ connectionTrouble = false }: { connectionTrouble?: boolean }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" aria-labelledby="error-title">
      <p className="text-5xl" aria-hidden>
        ⚠️
      </p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold text-stone-900">
        Something went wrong
      </h1>
      {connectionTrouble ? (
        <div className="mt-4 max-w-md text-stone-700">
          <p>We are having trouble connecting to our servers. Your cart and orders are safe.</p>
          <ul className="mt-4 list-disc space-y-1 pl-6 text-left">
            <li>Check your internet connection</li>
            <li>Refresh the page in a moment</li>
            <li>Clear your browser cache if the problem continues</li>
          </ul>
        </div>
      ) : (
        <p className="mt-4 max-w-md text-stone-700">
          An unexpected error occurred. Please try again, or go back to the home page.
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Try Again reloads the page the shopper was on: a real reset of the app. */}
        <NavButton to={here} reload className="btn-primary">
          Try Again
        </NavButton>
        <NavButton to="/" className="btn-secondary">
          Go Home
        </NavButton>
      </div>
    </section>
  );
}
