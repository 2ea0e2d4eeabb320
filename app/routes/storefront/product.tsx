import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useSearchParams } from "react-router";
import { trackMetaEvent } from "~/lib/meta-pixel";
import { AuthRequiredDialog } from "~/components/ui/auth-required-dialog";
import { ColourSwatch } from "~/components/ui/colour-swatch";
import { showToast } from "~/components/ui/toaster";
import { WishlistButton } from "~/components/ui/wishlist-button";
import {
  ProductReviews,
  reviewFailure,
  type ReviewerView,
  isReviewResult,
  type ReviewRefusal,
  type ReviewSaved,
} from "~/components/reviews/product-reviews";
import { getUser, requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { isNotifyMeAnswer, type NotifyMeAnswer, NotifyMeForm, notifyMeFailure } from "~/components/ui/notify-me-form";
import { CART_FAILURES } from "~/lib/failure-messages";
import { keepOnFailure } from "~/http/keep-on-failure";
import { Price } from "~/components/ui/price";
import { ProductImage } from "~/components/ui/product-image";
import { Rating } from "~/components/ui/rating";
import { StockBadge } from "~/components/ui/stock-badge";
import { formatPrice } from "~/lib/money";
import { rootDataFromMatches } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { getProduct } from "~/modules/catalog/get-product.server";
import { launchOfProduct } from "~/modules/launches/launches.server";
import { LaunchCountdown } from "~/components/launches/launch-countdown";
import { jsonForScript, productJsonLd } from "~/modules/catalog/product-json-ld";
import { isBuyable, stockStatus } from "~/modules/catalog/stock-status";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import { addToCartWithinLimits } from "~/flows/add-to-cart.server";
import { addToCartFormSchema, CHOOSE_COLOR_AND_SIZE } from "~/modules/cart/cart-schema";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { notifyMeAction } from "~/http/notify-me-action.server";
import { getReviewerState } from "~/modules/reviews/buyer-reviews.server";
import { listProductReviews } from "~/modules/reviews/list-product-reviews.server";
import { reviewInputSchema } from "~/modules/reviews/review-schema";
import { parseSubmission, refusal, refusalOf, refuse } from "~/http/form-reply";
import { type FormReply, formError, isRefusal } from "~/lib/form-reply";
import { CORRECT_FIELDS_MESSAGE } from "~/modules/checkout/checkout-schema";
import { saveReview } from "~/flows/product-reviews.server";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ matches, data, location }) => {
  const product = data?.product;
  if (!product)
    return pageMeta({
      matches,
      title: "Product not found",
      description: "This product does not exist.",
      path: location.pathname,
      noindex: true,
    });
  const image = product.images[0];
  return pageMeta({
    matches,
    title: product.name,
    description: `${product.name} for ${formatPrice(product.price)}. ${product.description}`.slice(0, 160),
    path: `/product/${product.id}`,
    image: image ? mediaUrl(pickSource(image.sources, 960).key) : undefined,
    type: "product",
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const product = await getProduct(context.db, params.id);
  if (!product) return data({ product: null, reviews: null, reviewer: null }, { status: 404 });
  const reviewsPage = Number(new URL(request.url).searchParams.get("reviews") ?? 1);
  const [reviews, user, launch] = await Promise.all([
    listProductReviews(context.db, product.id, reviewsPage),
    getUser(request, context),
    launchOfProduct(context.db, product.id),
  ]);
  let reviewer: ReviewerView = { kind: "guest" };
  if (user) {
    const state =
      user.role === "buyer" ? await getReviewerState(context.db, user.id, product.id) : { eligible: false, own: null };
    reviewer = state.eligible
      ? { kind: "signed-in", eligible: true, own: state.own }
      : { kind: "signed-in", eligible: false };
  }
  return {
    product,
    reviews: {
      ...reviews,
      reviews: reviews.reviews.map((r) => ({
        id: r.id,
        author: r.author,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.createdAt.toISOString(),
      })),
    },
    reviewer,
    // The launch it is in: its opening (seconds left as the server counts them) and its limit per customer.
    launch: launch && {
      name: launch.name,
      opensAtText: formatShopDateTimeAmPm(launch.opensAt),
      secondsLeft: Math.max(0, Math.ceil((launch.opensAt.getTime() - Date.now()) / 1000)),
      perBuyerLimit: launch.perBuyerLimit,
    },
  };
}

/** Add to Cart's answer: added (its message), or refused in the one form shape (the form's message, the choice kept). */
type CartAdded = { intent: "add"; ok: true; message: string };
type CartResult = CartAdded | FormReply;

/** True for Add to Cart's answer among the page's others (a review's, Notify Me's). */
function isCartResult(answer: unknown): answer is CartResult {
  if (isReviewResult(answer) || isNotifyMeAnswer(answer)) return false;
  return isRefusal(answer) || (answer as CartAdded | undefined)?.intent === "add";
}

/** What Add to Cart's answer says, as its toast (with JavaScript) or above its buttons (without). */
function cartMessageOf(result: CartResult): { ok: boolean; text: string } {
  return isRefusal(result)
    ? { ok: false, text: formError(result) ?? CART_FAILURES.add }
    : { ok: true, text: (result as CartAdded).message };
}

/**
 * Add to Cart and Buy Now post here (a fetcher with JavaScript, a plain form without). Buy Now goes
 * to checkout with just this item; a guest is sent to sign in first and brought back.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "notify") return notifyMeAction(context, form, requestAddress(request));
  if (intent === "review") return reviewProduct(request, context, params.id, form);
  const item = new URLSearchParams({ product: params.id });
  for (const key of ["color", "size", "quantity"]) {
    const value = form.get(key);
    if (typeof value === "string" && value) item.set(key, value);
  }
  const user = await getUser(request, context);
  // A guest signs in first and comes back here with the item carried into the cart (SPEC.md: Auth).
  if (!user) throw redirect(`/auth?mode=login&${new URLSearchParams({ redirectTo: `/product/${params.id}` })}&${item}`);
  if (intent === "buy") throw redirect(`/checkout?${item}`);
  const submission = parseSubmission(form, addToCartFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: CHOOSE_COLOR_AND_SIZE });
  try {
    const added = await addToCartWithinLimits({ db: context.db }, user.id, {
      productId: params.id,
      ...submission.value,
    });
    const message = added.limitedByStock
      ? `Only ${added.quantity} of ${added.name} in stock: your cart has ${added.quantity}.`
      : `${added.name} added to cart!`;
    return { intent: "add", ok: true, message } satisfies CartAdded;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The refusal keeps the intent and the choice as sent.
    return refuse(submission, { formError: error.message, status: error.status });
  }
}

/** 'Rate this product': a guest signs in first; the module decides who may rate. */
async function reviewProduct(
  request: Request,
  context: Route.ActionArgs["context"],
  productId: string,
  form: FormData,
) {
  const user = await requireUser(request, context);
  const submission = parseSubmission(form, reviewInputSchema);
  if (submission.status !== "success")
    return data<ReviewRefusal>(
      { ...refusal(submission, { formError: CORRECT_FIELDS_MESSAGE }), form: "review" },
      { status: 400 },
    );
  try {
    const saved = await saveReview(context.db, user, productId, submission.value);
    return {
      intent: "review",
      ok: true,
      message: saved.created ? "Thank you! Your review is published." : "Your review is updated.",
    } satisfies ReviewSaved;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ReviewRefusal>(
      { ...refusal(submission, { formError: error.message }), form: "review" },
      { status: error.status },
    );
  }
}

/** Add to Cart, Notify Me or a review whose request failed (server error, outage, no network): SPEC.md's words, nothing lost. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, (sent) => {
    if (sent.intent === "notify") return notifyMeFailure(sent);
    if (sent.intent === "review") return reviewFailure(sent);
    return refusalOf(sent.values, CART_FAILURES.add);
  });

export default function ProductPage({ loaderData, actionData, matches }: Route.ComponentProps) {
  const product = loaderData.product;
  if (!product) return <ProductNotFound />;
  const root = rootDataFromMatches(matches);
  const reviewResult = isReviewResult(actionData) ? actionData : null;
  const notifyResult = isNotifyMeAnswer(actionData) ? actionData : null;
  const cartResult = isCartResult(actionData) ? actionData : null;
  return (
    <>
      <ProductDetailView
        key={product.id}
        product={product}
        launch={"launch" in loaderData ? loaderData.launch : null}
        reviews={loaderData.reviews}
        notifyResult={notifyResult}
        cartResult={cartResult}
        signedIn={Boolean(root?.user)}
        origin={root?.origin ?? ""}
        brand={root?.shop.brandName ?? "Kapra"}
      />
      <div className="container-page pb-10">
        <ProductReviews
          productId={product.id}
          rating={product.rating}
          reviewCount={product.reviewCount}
          reviews={loaderData.reviews}
          reviewer={loaderData.reviewer}
          result={reviewResult}
        />
      </div>
    </>
  );
}

type Product = NonNullable<Route.ComponentProps["loaderData"]["product"]>;

type Reviews = NonNullable<Route.ComponentProps["loaderData"]["reviews"]>;

type ProductLaunchView = {
  name: string;
  opensAtText: string;
  secondsLeft: number;
  perBuyerLimit: number | null;
} | null;

/** A product as Meta's browsing events name it: its item group in the catalogue feed, at today's price. */
function metaProductData(product: { id: string; name: string; price: number }, quantity: number) {
  return {
    content_ids: [product.id],
    content_type: "product_group",
    content_name: product.name,
    currency: "PKR",
    value: product.price * quantity,
    num_items: quantity,
  };
}

function ProductDetailView({
  product,
  launch,
  reviews,
  notifyResult,
  cartResult,
  signedIn,
  origin,
  brand,
}: {
  product: Product;
  launch: ProductLaunchView;
  reviews: Reviews;
  notifyResult: NotifyMeAnswer | null;
  cartResult: CartResult | null;
  signedIn: boolean;
  origin: string;
  brand: string;
}) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cart = useFetcher<CartResult>();
  useEffect(() => {
    if (cart.state !== "idle" || !cart.data) return;
    const { ok, text } = cartMessageOf(cart.data);
    showToast(text, ok ? "success" : "error", { cart: true });
    // Meta's AddToCart (only with a Pixel): the product as the catalogue feed's item group.
    if (ok) trackMetaEvent("AddToCart", metaProductData(product, quantity));
  }, [cart.state, cart.data]); // once per answer
  useEffect(() => {
    trackMetaEvent("ViewContent", metaProductData(product, 1));
  }, [product.id]); // once per product shown
  const stockOf = (color: string, size: string) =>
    product.variants.find((v) => v.color === color && v.size === size)?.stock ?? 0;
  const colorInStock = (color: string) => product.variants.some((v) => v.color === color && v.stock > 0);
  const firstSize = (color: string) => product.sizes.find((s) => stockOf(color, s) > 0) ?? product.sizes[0] ?? "";
  // A link may name the variant (?color=&size=: the Meta catalogue's, a shared link); else the first in stock.
  const [searchParams] = useSearchParams();
  const linked = product.variants.find(
    (v) => v.color === searchParams.get("color") && (!searchParams.get("size") || v.size === searchParams.get("size")),
  );
  const firstColor = linked?.color ?? product.colors.find(colorInStock) ?? product.colors[0] ?? "";

  const [color, setColor] = useState(firstColor);
  const [size, setSize] = useState(() =>
    linked && searchParams.get("size") === linked.size ? linked.size : firstSize(firstColor),
  );
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);

  const variantStock = stockOf(color, size);
  const status = stockStatus({ status: product.status, stock: variantStock });
  const totalStock = product.variants.reduce((sum, v) => sum + v.stock, 0);
  const productStatus = stockStatus({ status: product.status, stock: totalStock });
  const buyable = isBuyable(status);
  const maxQuantity = Math.max(1, Math.min(variantStock, 10));
  const guide = product.sizeGuide;
  // A product made in one size (Unstitched, Free Size) shows it as a fact: nothing to choose.
  const singleSize = product.sizes.length === 1;
  const hexOf = (c: string) => product.swatches.find((s) => s.name === c)?.hex ?? "#d6d3d1";
  const image = product.images[imageIndex] ?? product.images[0] ?? null;
  const itemQuery = new URLSearchParams({ product: product.id, color, size, quantity: String(quantity) }).toString();
  // After signing in the guest comes back here, with the item carried into the cart.
  const returnQuery = `${new URLSearchParams({ redirectTo: `/product/${product.id}` })}&${itemQuery}`;
  const adding = cart.state !== "idle";
  // Without JavaScript the answer comes back as the page's action data: added, or the refusal's message.
  const cartMessage = cartResult ? cartMessageOf(cartResult) : null;
  const jsonLd = productJsonLd(product, {
    origin,
    brand,
    imageUrls: product.images.map((i) => `${origin}${mediaUrl(pickSource(i.sources, 960).key)}`),
    reviews: reviews.reviews,
  });

  const chooseColor = (next: string) => {
    setColor(next);
    if (stockOf(next, size) <= 0) setSize(firstSize(next));
    setQuantity(1);
    const shot = product.images.findIndex((i) => i.color === next);
    if (shot >= 0) setImageIndex(shot);
  };

  return (
    <div className="container-page py-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} />
      {/* Back returns to where the shopper came from; opened directly (or without JavaScript) it goes to the catalogue. */}
      <form
        method="get"
        action="/products"
        onSubmit={(e) => {
          e.preventDefault();
          if (window.history.state?.idx > 0) navigate(-1);
          else navigate("/products");
        }}
      >
        <button
          type="submit"
          className="inline-flex items-center gap-1 text-sm font-medium text-stone-700 hover:text-brand-700"
        >
          <span aria-hidden>←</span> Back
        </button>
      </form>

      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <section aria-label="Product images">
          <div className="overflow-hidden rounded-2xl border border-stone-200">
            <ProductImage image={image} sizes="(min-width: 768px) 50vw, 100vw" priority />
          </div>
          {product.images.length > 1 && (
            <ul className="mt-3 grid grid-cols-4 gap-2">
              {product.images.map((img, i) => (
                <li key={i}>
                  <button
                    type="button"
                    onClick={() => setImageIndex(i)}
                    aria-label={`Show image ${i + 1} of ${product.images.length}: ${img.alt}`}
                    aria-current={i === imageIndex}
                    className={`block w-full overflow-hidden rounded-lg border-2 ${i === imageIndex ? "border-brand-700" : "border-transparent"}`}
                  >
                    <ProductImage image={img} sizes="120px" alt="" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="product-title" className="flex flex-col gap-4">
          <div>
            <Link
              to={`/category/${product.categorySlug}`}
              className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline"
            >
              {product.categoryName}
            </Link>
            <div className="mt-1 flex items-start justify-between gap-3">
              <h1 id="product-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
                {product.name}
              </h1>
              <WishlistButton productId={product.id} name={product.name} />
            </div>
            <div className="mt-2">
              <Rating rating={product.rating} reviewCount={product.reviewCount} size="md" />
            </div>
          </div>
          <Price price={product.price} originalPrice={product.originalPrice} onSale={product.onSale} size="lg" />
          <div className="flex items-center gap-2 text-sm text-stone-700">
            <StockBadge
              status={
                product.status === "coming-soon" || productStatus.kind === "out-of-stock" ? productStatus : status
              }
            />
            {buyable && (
              <span>
                {color} / {size}
              </span>
            )}
          </div>
          <p className="leading-relaxed text-stone-700">{product.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-stone-900">Material</dt>
            <dd className="text-stone-700">{product.material}</dd>
            <dt className="font-medium text-stone-900">Brand</dt>
            <dd className="text-stone-700">{product.brand || brand}</dd>
          </dl>
          {product.features.length > 0 && (
            <ul className="list-disc pl-5 text-sm text-stone-700">
              {product.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}

          {product.status === "coming-soon" ? (
            <div className="rounded-xl bg-sky-50 p-4">
              <p className="font-semibold text-sky-900">This product is coming soon and cannot be ordered yet.</p>
              {launch && launch.secondsLeft > 0 && (
                <LaunchCountdown secondsLeft={launch.secondsLeft} opensAtText={launch.opensAtText} />
              )}
              {launch?.perBuyerLimit && (
                <p className="text-sm text-sky-900">At most {launch.perBuyerLimit} of this per customer.</p>
              )}
              <p className="mb-3 mt-1 text-sm text-sky-900">Leave your e-mail and we will tell you when it launches.</p>
              <NotifyMeForm target={`product:${product.id}`} result={notifyResult} />
            </div>
          ) : (
            <Form
              method="post"
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                const intent = submitter?.value === "buy" ? "buy" : "add";
                // Guests see the sign-in dialog instead of leaving the page.
                if (!signedIn) {
                  dialogRef.current?.showModal();
                } else if (intent === "buy") {
                  navigate(`/checkout?${itemQuery}`);
                } else {
                  cart.submit({ intent: "add", color, size, quantity: String(quantity) }, { method: "post" });
                }
              }}
            >
              {launch?.perBuyerLimit && (
                <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="launch-limit">
                  {launch.name}: at most {launch.perBuyerLimit} of this per customer.
                </p>
              )}
              <fieldset>
                <legend className="mb-2 text-sm font-medium text-stone-900">
                  Colour: <span className="font-normal">{color}</span>
                </legend>
                <div className="flex flex-wrap gap-2">
                  {product.colors.map((c) => {
                    const soldOut = !colorInStock(c);
                    return (
                      <label
                        key={c}
                        className={`relative inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${soldOut ? "cursor-not-allowed border-stone-200 text-stone-400 line-through" : "border-stone-300 text-stone-800"}`}
                      >
                        <input
                          type="radio"
                          name="color"
                          value={c}
                          checked={color === c}
                          disabled={soldOut}
                          onChange={() => chooseColor(c)}
                          className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
                        />
                        <ColourSwatch hex={hexOf(c)} className={`h-4 w-4 ${soldOut ? "opacity-40" : ""}`} />
                        {c}
                        {soldOut && <span className="sr-only"> (sold out)</span>}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              {singleSize ? (
                <p className="text-sm font-medium text-stone-900" data-testid="single-size">
                  Size: <span className="font-normal">{product.sizes[0]}</span>
                  <input type="hidden" name="size" value={product.sizes[0]} />
                </p>
              ) : (
                <fieldset>
                  <legend className="mb-2 text-sm font-medium text-stone-900">
                    Size: <span className="font-normal">{size}</span>
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    {product.sizes.map((s) => {
                      const soldOut = stockOf(color, s) <= 0;
                      return (
                        <label
                          key={s}
                          className={`relative min-w-12 cursor-pointer rounded-lg border px-3 py-2 text-center text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${soldOut ? "cursor-not-allowed border-stone-200 bg-stone-100 text-stone-400 line-through" : "border-stone-300 text-stone-800"}`}
                        >
                          <input
                            type="radio"
                            name="size"
                            value={s}
                            checked={size === s}
                            disabled={soldOut}
                            onChange={() => {
                              setSize(s);
                              setQuantity(1);
                            }}
                            className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
                          />
                          {s}
                          {soldOut && <span className="sr-only"> (sold out)</span>}
                        </label>
                      );
                    })}
                  </div>
                </fieldset>
              )}
              {guide && (
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-brand-700 underline">Size guide</summary>
                  <table className="mt-2 w-full border-collapse text-left">
                    <caption className="sr-only">Measurements for each size</caption>
                    <thead>
                      <tr className="border-b border-stone-300">
                        <th scope="col" className="py-1 pr-3">
                          Size
                        </th>
                        {guide.columns.map((c) => (
                          <th key={c} scope="col" className="py-1 pr-3">
                            {c}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {guide.rows.map((r) => (
                        <tr key={r.size} className="border-b border-stone-100">
                          <th scope="row" className="py-1 pr-3">
                            {r.size}
                          </th>
                          {r.values.map((v, i) => (
                            <td key={i} className="py-1 pr-3">
                              {v}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {guide.note && <p className="mt-1 text-stone-600">{guide.note}</p>}
                </details>
              )}

              <div className="flex flex-wrap items-end gap-4">
                <div>
                  <label htmlFor="quantity" className="field-label">
                    Quantity
                  </label>
                  <div className="flex items-center">
                    <button
                      type="button"
                      className="h-11 w-11 rounded-l-lg border border-stone-300 text-lg disabled:opacity-40"
                      aria-label="Decrease quantity"
                      disabled={quantity <= 1 || !buyable}
                      onClick={() => setQuantity((q) => Math.max(1, q - 1))}
                    >
                      −
                    </button>
                    <input
                      id="quantity"
                      name="quantity"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={maxQuantity}
                      value={quantity}
                      disabled={!buyable}
                      onChange={(e) =>
                        setQuantity(Math.min(maxQuantity, Math.max(1, Math.floor(Number(e.target.value) || 1))))
                      }
                      className="h-11 w-16 border-y border-stone-300 text-center"
                    />
                    <button
                      type="button"
                      className="h-11 w-11 rounded-r-lg border border-stone-300 text-lg disabled:opacity-40"
                      aria-label="Increase quantity"
                      disabled={quantity >= maxQuantity || !buyable}
                      onClick={() => setQuantity((q) => Math.min(maxQuantity, q + 1))}
                    >
                      +
                    </button>
                  </div>
                </div>
                <p className="pb-2 text-stone-800" data-testid="running-total">
                  Total: <strong>{formatPrice(product.price * quantity)}</strong>
                </p>
              </div>
              {cartMessage && (
                <p
                  role={cartMessage.ok ? "status" : "alert"}
                  className={`rounded-lg px-3 py-2 text-sm font-medium ${cartMessage.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
                >
                  {cartMessage.text}{" "}
                  {cartMessage.ok && (
                    <Link to="/cart" className="underline">
                      View cart
                    </Link>
                  )}
                </p>
              )}
              <div className="flex flex-col gap-2 sm:flex-row">
                <button
                  type="submit"
                  name="intent"
                  value="add"
                  className="btn-secondary flex-1 py-3 text-base"
                  disabled={!buyable || adding}
                >
                  {adding ? "Adding..." : "Add to Cart"}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="buy"
                  className="btn-primary flex-1 py-3 text-base"
                  disabled={!buyable}
                >
                  Buy Now
                </button>
              </div>
            </Form>
          )}
          {productStatus.kind === "out-of-stock" && (
            <div className="rounded-xl bg-stone-50 p-4">
              <p className="mb-3 text-sm text-stone-700">
                Sold out for now. Leave your e-mail and we will tell you when it is back.
              </p>
              <NotifyMeForm target={`product:${product.id}`} result={notifyResult} />
            </div>
          )}
        </section>
      </div>
      <AuthRequiredDialog ref={dialogRef} returnQuery={returnQuery} />
    </div>
  );
}

function ProductNotFound() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <h1 className="text-3xl font-bold text-stone-900">Product not found</h1>
      <p className="mt-3 text-stone-700">This product may have been removed or the link is wrong.</p>
      <Link to="/products" className="btn-primary mt-6">
        Back to Products
      </Link>
    </section>
  );
}
