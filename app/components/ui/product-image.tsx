import type { ProductImageData } from "~/modules/catalog/product-card";
import { mediaUrl, pickSource, srcSet } from "~/modules/media/image-url";

/** A stored product image with srcset/sizes, so a phone on 3G downloads the small one. */
export function ProductImage({
  image, sizes, className = "", priority = false, alt,
}: { image: ProductImageData | null; sizes: string; className?: string; priority?: boolean; alt?: string }) {
  if (!image) {
    return <div className={`flex aspect-[4/5] items-center justify-center bg-stone-100 text-stone-600 ${className}`}>No image</div>;
  }
  return (
    <img
      src={mediaUrl(pickSource(image.sources, 640).key)}
      srcSet={srcSet(image.sources)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={`aspect-[4/5] w-full bg-stone-100 object-cover ${className}`}
    />
  );
}
