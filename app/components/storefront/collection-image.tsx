import type { StoredImageRef } from "~/db/schema";
import { mediaUrl, pickSource, srcSet } from "~/modules/media/image-url";

/** A collection's picture as a wide banner (its words are the heading beside it, so it is decorative). */
export function CollectionImage({ image, sizes, priority = false, className = "" }: { image: StoredImageRef; sizes: string; priority?: boolean; className?: string }) {
  return (
    <img
      src={mediaUrl(pickSource(image.sources, 960).key)}
      srcSet={srcSet(image.sources)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt=""
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={`aspect-[16/9] w-full rounded-2xl bg-stone-100 object-cover ${className}`}
    />
  );
}
