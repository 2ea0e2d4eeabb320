import { Form, Link, useNavigation } from "react-router";
import { ProductCard } from "~/components/ui/product-card";
import type { ProductCardData } from "~/modules/catalog/product-card";
import { Loading, ResultLine, type AccountAnswer } from "./shared";

export function WishlistTab({ items, actionData }: { items: ProductCardData[] | null; actionData?: AccountAnswer }) {
  const navigation = useNavigation();
  const removing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "unsave"
      ? navigation.formData.get("productId")
      : null;
  return (
    <section aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className="text-xl font-bold text-stone-900">
        Wishlist
      </h2>
      <div className="mt-4 grid gap-4">
        <ResultLine result={actionData} />
        {items === null ? (
          <Loading>Loading your wishlist...</Loading>
        ) : items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 py-12 text-center">
            <p className="text-lg font-medium text-stone-800">Your wishlist is empty</p>
            <p className="mt-1 text-stone-600">Tap the heart on any product to save it for later.</p>
            <Link to="/products" className="btn-primary mt-5">
              Explore Products
            </Link>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {items.map((product) => (
              <li key={product.id} className="flex flex-col gap-2">
                <ProductCard product={product} />
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="unsave" />
                  <input type="hidden" name="productId" value={product.id} />
                  <button type="submit" className="btn-secondary w-full" disabled={removing === product.id}>
                    {removing === product.id ? "Removing..." : "Remove"}
                    <span className="sr-only"> {product.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
