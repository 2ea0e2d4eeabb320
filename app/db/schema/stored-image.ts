// A column type that several modules' tables share (catalog, storefront, settings, returns), so it
// belongs to none of them; app/modules/media/image-url.ts hands it to the code that shows images.

/** One WebP rendition of a stored picture: its media_files key and width. */
export type ImageSource = { key: string; width: number };

/** An uploaded picture kept inline on its row (category, collection, hero slide, logo): WebP renditions in media_files. */
export type StoredImageRef = { width: number; height: number; sources: ImageSource[] };
