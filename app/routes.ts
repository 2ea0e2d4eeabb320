import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of the shop, in one place (SPEC.md section 2). */
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx", { id: "products" }),
  route("category/:slug", "routes/products.tsx", { id: "category" }),
  route("product/:id", "routes/product.tsx"),
  route("coming-soon/:category", "routes/coming-soon.tsx"),
  route("jackets", "routes/coming-soon-redirect.tsx", { id: "jackets-redirect" }),
  route("sweatshirts", "routes/coming-soon-redirect.tsx", { id: "sweatshirts-redirect" }),
  route("cart", "routes/cart.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("returns", "routes/returns.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
