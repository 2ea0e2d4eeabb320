import { Link } from "react-router";
import { CartIcon } from "~/components/ui/icons";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Your Cart", description: "Items in your cart, with cash on delivery checkout.", path: "/cart", noindex: true });

/** A guest has no cart: carts are kept per signed-in account (SPEC.md section 4). */
export default function Cart() {
  return (
    <section className="container-page flex flex-col items-center py-16 text-center" aria-labelledby="cart-title">
      <CartIcon className="h-12 w-12 text-stone-400" />
      <h1 id="cart-title" className="mt-4 text-3xl font-bold text-stone-900">Your Cart</h1>
      <p className="mt-3 text-lg text-stone-700">Your cart is empty.</p>
      <p className="mt-1 text-stone-600">Sign in to see the items in your cart on any device.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/auth?mode=login&redirectTo=%2Fcart" className="btn-primary">Sign In</Link>
        <Link to="/products" className="btn-secondary">Continue Shopping</Link>
      </div>
    </section>
  );
}
