import { Link, useNavigate, useRevalidator } from "react-router";

/** The app-wide error screen; a database that cannot be reached gets the connection-trouble wording. */
export function ErrorScreen({ connectionTrouble = false }: { connectionTrouble?: boolean }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" aria-labelledby="error-title">
      <p className="text-5xl" aria-hidden>⚠️</p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold text-stone-900">Something went wrong</h1>
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
        <p className="mt-4 max-w-md text-stone-700">An unexpected error occurred. Please try again, or go back to the home page.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A link as well as a button, so Try Again works before JavaScript has loaded. */}
        <a
          href=""
          className="btn-primary"
          onClick={(event) => {
            event.preventDefault();
            if (revalidator.state === "idle") void revalidator.revalidate();
            navigate(".", { replace: true });
          }}
        >
          Try Again
        </a>
        <Link to="/" className="btn-secondary">Go Home</Link>
      </div>
    </section>
  );
}
