'use client';

import 'swiper/css';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Swiper } from './carousel-engine';
import styles from './carousel.module.css';

export type CarouselSlide = {
  key: string | number;
  /** Extra classes of the slide (a banner's class made from its slug). */
  className?: string;
  /** The slide's content, rendered on the server. */
  content: ReactNode;
};

export type CarouselLabels = {
  region: string;
  /** aria-roledescription of the carousel and of each slide ("carousel", "slide" in the page's language). */
  carousel: string;
  slideRole: string;
  previous: string;
  next: string;
  /** Per slide: "2 of 3". */
  slide: string[];
  /** The same with Swiper's placeholders: "{{index}} of {{slidesLength}}". */
  slideTemplate: string;
  /** Per slide: the dot's label. */
  goTo: string[];
  pause?: string;
  play?: string;
};

type CarouselProps = {
  slides: CarouselSlide[];
  labels: CarouselLabels;
  /** Moves on by itself every so many ms (with a pause control, WCAG 2.2.2); none: only when asked. */
  autoplayMs?: number;
  variant: 'hero' | 'banner';
  className?: string;
};

const Chevron = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

/**
 * The site's sliders (the home page's and the casino banners, SPEC.md §2, §4, §9): one slide at a time, previous and
 * next, a dot per slide, optionally autoplay with a pause control; a WAI-ARIA APG carousel (a labelled region,
 * labelled slides, the ones out of view inert, changes announced only while it does not move by itself).
 *
 * The slides are rendered on the server in Swiper's markup, so the first one paints at once. Swiper itself (with its
 * accessibility and autoplay modules) is loaded when the carousel first has to move: the first autoplay step, or the
 * visitor pointing at, touching or tabbing into it. It then takes over the same elements, so nothing is redrawn.
 */
export function Carousel({ slides, labels, autoplayMs, variant, className = '' }: CarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  const loadingRef = useRef<Promise<Swiper> | null>(null);
  const playingRef = useRef(Boolean(autoplayMs));
  const firstStepRef = useRef<number | undefined>(undefined);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(Boolean(autoplayMs));
  const count = slides.length;
  const several = count > 1;
  // Swiper's loop needs a slide on either side of the current one.
  const loop = count >= 3;

  const engine = useCallback((): Promise<Swiper> => {
    // From here on Swiper's autoplay keeps the time: the stand-in first step must not move it a second time.
    window.clearTimeout(firstStepRef.current);
    loadingRef.current ??= import('./carousel-engine').then(({ mountCarousel }) => {
      const swiper = mountCarousel(viewportRef.current!, {
        loop,
        autoplayMs,
        playing: playingRef.current,
        slideLabel: labels.slideTemplate,
        onSlideChange: setActive,
      });
      swiperRef.current = swiper;
      return swiper;
    });
    return loadingRef.current;
  }, [loop, autoplayMs, labels.slideTemplate]);

  // Until Swiper is there, the first autoplay step is this timer's: it loads Swiper, which moves on and keeps going.
  useEffect(() => {
    if (!autoplayMs || !playing || !several || loadingRef.current) return;
    const timer = window.setTimeout(() => void engine().then((swiper) => swiper.slideNext()), autoplayMs);
    firstStepRef.current = timer;
    return () => window.clearTimeout(timer);
  }, [autoplayMs, playing, several, engine]);

  useEffect(
    () => () => {
      swiperRef.current?.destroy(true, false);
      swiperRef.current = null;
      loadingRef.current = null;
    },
    [],
  );

  const move = (step: (swiper: Swiper) => void) => void engine().then(step);
  const prepare = several ? () => void engine() : undefined;
  const togglePlaying = () => {
    const next = !playing;
    playingRef.current = next;
    setPlaying(next);
    if (next) swiperRef.current?.autoplay.start();
    else swiperRef.current?.autoplay.stop();
  };

  return (
    <section
      className={`${styles.carousel} ${styles[variant]} ${className}`}
      aria-roledescription={labels.carousel}
      aria-label={labels.region}
      onPointerEnter={prepare}
      onTouchStart={prepare}
      onFocus={prepare}
    >
      <div ref={viewportRef} className={`swiper ${styles.viewport}`}>
        <div className="swiper-wrapper" aria-live={autoplayMs && playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className={`swiper-slide ${styles.slide} ${slide.className ?? ''}`}
              role="group"
              aria-roledescription={labels.slideRole}
              aria-label={labels.slide[index]}
              aria-hidden={index !== active || undefined}
              inert={index !== active}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {several ? (
        <div className={styles.controls}>
          {autoplayMs ? (
            <button type="button" className={styles.arrow} onClick={togglePlaying}>
              {playing ? (
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
                </svg>
              ) : (
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M8 5l11 7-11 7z" fill="currentColor" />
                </svg>
              )}
              <span className="visually-hidden">{playing ? labels.pause : labels.play}</span>
            </button>
          ) : null}
          <button type="button" className={styles.arrow} onClick={() => move((swiper) => swiper.slidePrev())}>
            <Chevron d="M15 5l-7 7 7 7" />
            <span className="visually-hidden">{labels.previous}</span>
          </button>
          <ul className={styles.dots}>
            {slides.map((slide, index) => (
              <li key={slide.key}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => move((swiper) => (loop ? swiper.slideToLoop(index) : swiper.slideTo(index)))}
                >
                  <span className="visually-hidden">{labels.goTo[index]}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} onClick={() => move((swiper) => swiper.slideNext())}>
            <Chevron d="M9 5l7 7-7 7" />
            <span className="visually-hidden">{labels.next}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
