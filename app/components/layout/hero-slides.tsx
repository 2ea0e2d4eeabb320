import { useRef } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { mediaUrl, pickSource, srcSet } from "~/modules/media/image-url";
import type { ShownHeroSlide } from "~/modules/storefront/hero-slides";

/**
 * The owner's hero slides live now, as a row that scrolls sideways with snap points: without
 * JavaScript the first slide shows and the others are a swipe, a scroll or a numbered link away;
 * with it, Previous and Next buttons too. Nothing turns by itself (WCAG 2.2.2). The first slide's
 * picture is the page's largest paint, so it loads first; a phone gets the phone picture under 768 px.
 */
export function HeroSlides({ slides }: { slides: ShownHeroSlide[] }) {
  const track = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const many = slides.length > 1;
  const step = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth, behavior: "smooth" });
  };
  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="bg-brand-50" data-testid="hero-slides">
      <div
        ref={track}
        role="group"
        aria-label="Slides"
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        tabIndex={many ? 0 : undefined}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            id={`slide-${slide.id}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            className="w-full shrink-0 snap-start"
          >
            <Slide slide={slide} first={i === 0} />
          </div>
        ))}
      </div>
      {many && (
        <div className="container-page flex items-center justify-center gap-2 pb-6">
          {hydrated && (
            <button type="button" className="btn-secondary px-3" onClick={() => step(-1)}>
              Previous<span className="sr-only"> slide</span>
            </button>
          )}
          <ul className="flex gap-1">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <a
                  href={`#slide-${slide.id}`}
                  className="flex h-10 min-w-10 items-center justify-center rounded-full text-sm font-semibold text-brand-800 hover:bg-brand-100"
                >
                  <span className="sr-only">Slide </span>
                  {i + 1}
                </a>
              </li>
            ))}
          </ul>
          {hydrated && (
            <button type="button" className="btn-secondary px-3" onClick={() => step(1)}>
              Next<span className="sr-only"> slide</span>
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function Slide({ slide, first }: { slide: ShownHeroSlide; first: boolean }) {
  const Heading = first ? "h1" : "h2";
  const image = slide.image;
  const phone = slide.phoneImage;
  return (
    <div className="container-page grid items-center gap-8 py-10 md:grid-cols-2 md:py-16">
      <div>
        {slide.eyebrow && (
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{slide.eyebrow}</p>
        )}
        <Heading className="mt-2 text-4xl font-extrabold leading-tight text-stone-900 sm:text-5xl">
          {slide.headline}
        </Heading>
        {slide.text && <p className="mt-4 max-w-prose text-lg text-stone-700">{slide.text}</p>}
        {slide.buttonLabel && slide.buttonHref && (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={slide.buttonHref} className="btn-primary px-6 py-3 text-base">
              {slide.buttonLabel}
            </Link>
          </div>
        )}
      </div>
      {image && (
        <div className="mx-auto w-full max-w-sm overflow-hidden rounded-2xl shadow-xl md:max-w-xl">
          <picture>
            {phone && (
              <source
                media="(max-width: 767px)"
                srcSet={srcSet(phone.sources)}
                sizes="80vw"
                width={phone.width}
                height={phone.height}
              />
            )}
            <img
              src={mediaUrl(pickSource(image.sources, 640).key)}
              srcSet={srcSet(image.sources)}
              sizes="(min-width: 768px) 576px, 80vw"
              width={image.width}
              height={image.height}
              alt={slide.imageAlt}
              loading={first ? "eager" : "lazy"}
              decoding={first ? "sync" : "async"}
              fetchPriority={first ? "high" : "auto"}
              className="h-auto w-full bg-stone-100 object-cover"
            />
          </picture>
        </div>
      )}
    </div>
  );
}
