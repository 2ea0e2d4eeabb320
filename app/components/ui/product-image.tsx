import type { ProductImageData } from "~/modules/catalog/product-card";
import { mediaUrl, pickSource, srcSet } from "~/modules/media/image-url";

/**
 * The shapes a stored picture is shown in: a product's portrait (also categories' and the home
 * page's tiles) or a collection's wide banner. `src` is the rendition a browser without srcset gets.
 */
const ASPECTS = {
  portrait: { className: "aspect-[4/5]", src: 640 },
  wide: { className: "aspect-[16/9]", src: 960 },
} as const;
export type ImageAspect = keyof typeof ASPECTS;

/** A stored picture (a product's, a category's, a collection's): its own alt text when it has one. */
type StoredPicture = Omit<ProductImageData, "alt"> & { alt?: string };

/**
 * A stored image with srcset/sizes, so a phone on 3G downloads the small one. `priority` is for the
 * picture above the fold (loaded eagerly, first); the rest load lazily.
 */
export function ProductImage({
  image,
  sizes,
  className = "",
  priority = false,
  alt,
  aspect = "portrait",
}: {
  image: StoredPicture | null;
  sizes: string;
  className?: string;
  priority?: boolean;
  alt?: string;
  aspect?: ImageAspect;
}) {
  const shape = ASPECTS[aspect];
  if (!image) {
    return (
      <div className={`flex ${shape.className} items-center justify-center bg-stone-100 text-stone-600 ${className}`}>
        No image
      </div>
    );
  }
  return (
    <img
      src={mediaUrl(pickSource(image.sources, shape.src).key)}
      srcSet={srcSet(image.sources)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt ?? ""}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={`${shape.className} w-full bg-stone-100 object-cover ${className}`}
    />
  );
}
