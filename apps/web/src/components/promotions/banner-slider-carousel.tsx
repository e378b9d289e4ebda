'use client';

import type { Locale } from '@playhouse/shared';
import { SPEC } from '@playhouse/shared/constants';
import type { ResponsiveImages } from '@playhouse/shared/contracts/content';
import { useEffect, useState } from 'react';
import { SlidePicture } from '@/components/home/slide-picture';
import { Link } from '@/i18n/navigation';
import styles from './banner-slider.module.css';
import { bannerSlideClass, loopIndex } from './banner-slides';

export type BannerSlideData = {
  id: number;
  slug: string;
  images: ResponsiveImages;
  /** Already sanitized on the server. */
  html: string;
  buttonText: string;
  /** Path without the locale prefix. */
  href: string;
};

export type BannerSliderLabels = {
  region: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** Per slide: "2 of 3". */
  slide: string[];
  /** Per slide: the dot's label. */
  goTo: string[];
};

/** One banner: it receives the slide's data and the language (SPEC.md §2). */
export function BannerSlide({ slide, lng, priority }: { slide: BannerSlideData; lng: Locale; priority: boolean }) {
  return (
    <>
      <SlidePicture images={slide.images} priority={priority} />
      <div className={styles.content}>
        <div className={`${styles.body} rich-text`} dangerouslySetInnerHTML={{ __html: slide.html }} />
        {slide.buttonText ? (
          <Link href={slide.href} locale={lng} className={styles.button}>
            {slide.buttonText}
          </Link>
        ) : null}
      </div>
    </>
  );
}

const Chevron = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

/**
 * SPEC.md §2, §4 and §9 "Banner slider": one slide at a time, looping, moving on every 7000 ms. Dots and the
 * previous/next buttons move it without stopping the autoplay (the countdown starts afresh, so a picked slide gets
 * its full time); only the pause button, which WCAG 2.2.2 asks for, stops it. A WAI-ARIA APG carousel: a labelled
 * region, labelled slides, and slide changes announced only while it is not rotating by itself.
 */
export function BannerSliderCarousel({
  lng,
  slides,
  labels,
}: {
  lng: Locale;
  slides: BannerSlideData[];
  labels: BannerSliderLabels;
}) {
  const [active, setActive] = useState(0);
  const [moves, setMoves] = useState(0);
  const [playing, setPlaying] = useState(true);
  const count = slides.length;
  const several = count > 1;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setTimeout(() => setActive((index) => loopIndex(index, 1, count)), SPEC.bannerAutoplayMs);
    return () => window.clearTimeout(timer);
  }, [active, moves, playing, count]);

  const go = (index: number) => {
    setActive(index);
    setMoves((value) => value + 1);
  };

  return (
    <section className={`${styles.slider} banner-slider`} aria-roledescription="carousel" aria-label={labels.region}>
      <div className={styles.slides} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className={`${styles.slide} ${bannerSlideClass(slide.slug)}`}
            role="group"
            aria-roledescription="slide"
            aria-label={labels.slide[index]}
            hidden={index !== active}
          >
            <BannerSlide slide={slide} lng={lng} priority={index === 0} />
          </div>
        ))}
      </div>
      {several ? (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => setPlaying((value) => !value)}>
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
          <button type="button" className={styles.arrow} onClick={() => go(loopIndex(active, -1, count))}>
            <Chevron d="M15 5l-7 7 7 7" />
            <span className="visually-hidden">{labels.previous}</span>
          </button>
          <ul className={styles.dots}>
            {slides.map((slide, index) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => go(index)}
                >
                  <span className="visually-hidden">{labels.goTo[index]}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} onClick={() => go(loopIndex(active, 1, count))}>
            <Chevron d="M9 5l7 7-7 7" />
            <span className="visually-hidden">{labels.next}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
