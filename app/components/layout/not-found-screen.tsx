import { Link } from "react-router";
import { NavButton } from "~/components/ui/nav-button";

export function NotFoundScreen() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden>
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold text-stone-900">
        Page Not Found
      </h1>
      <p className="mt-3 max-w-md text-stone-700">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <NavButton to="/" className="btn-primary">
          Go Home
        </NavButton>
        <button type="button" className="btn-secondary" onClick={() => window.history.back()}>
          Go Back
        </button>
      </div>
      <nav aria-label="Helpful links" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-brand-700 underline">
          <li>
            <Link to="/products">Products</Link>
          </li>
          <li>
            <Link to="/about">About</Link>
          </li>
          <li>
            <Link to="/contact">Contact</Link>
          </li>
          <li>
            <Link to="/cart">Cart</Link>
          </li>
        </ul>
      </nav>
    </section>
  );
}
