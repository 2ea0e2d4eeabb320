import { apiData, handleApi } from "~/http/api.server";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import type { Route } from "./+types/categories";

/**
 * GET /api/categories: the categories a shopper sees (hidden ones left out), in the shop's order,
 * with their picture, how many products are on sale, and whether they are coming soon.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const categories = (await listCategories(context.db)).map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      image: c.image && c.image.sources.length > 0 ? mediaUrl(pickSource(c.image.sources, 800).key) : null,
      productCount: c.productCount,
      comingSoon: c.comingSoon,
      launchLabel: c.launchLabel,
      launchAt: c.launchAt ? new Date(c.launchAt).toISOString() : null,
    }));
    return apiData({ categories });
  });
}
