'use client';

import type { ResponsiveImages } from '@playhouse/shared/contracts/content';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { Link } from '@/i18n/navigation';
import styles from './home-slider.module.css';
import { SlidePicture } from './slide-picture';

export type HomeSlide = {
  id: number;
  slug: string;
  images: ResponsiveImages;
  /** Already sanitized on the server. */
  html: string;
  buttonText: string;
  /** Path without the locale prefix. */
  href: string;
};

/** The home-page slider: one slide at a time, with previous/next buttons and a dot per slide. */
export function HomeSliderCarousel({ slides }: { slides: HomeSlide[] }) {
  const t = useTranslations('slider');
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const several = slides.length > 1;

  return (
    <section className={styles.slider} aria-roledescription="carousel" aria-label={t('label')}>
      <Swiper
        onSwiper={setSwiper}
        onSlideChange={(instance) => setActive(instance.realIndex)}
        slidesPerView={1}
        spaceBetween={0}
        rewind={several}
        allowTouchMove={several}
      >
        {slides.map((slide, index) => (
          <SwiperSlide
            key={slide.id}
            className={`${styles.slide} slide-${slide.slug}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('slideLabel', { index: index + 1, total: slides.length })}
            inert={index !== active}
          >
            <SlidePicture images={slide.images} priority={index === 0} />
            <div className={styles.content}>
              <div className={`${styles.body} rich-text`} dangerouslySetInnerHTML={{ __html: slide.html }} />
              {slide.buttonText ? (
                <Link href={slide.href} className={styles.button}>
                  {slide.buttonText}
                </Link>
              ) : null}
            </div>
          </SwiperSlide>
        ))}
      </Swiper>
      {several ? (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => swiper?.slidePrev()}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t('previous')}</span>
          </button>
          <ul className={styles.dots}>
            {slides.map((slide, index) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => swiper?.slideTo(index)}
                >
                  <span className="visually-hidden">{t('goTo', { index: index + 1 })}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.arrow} onClick={() => swiper?.slideNext()}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t('next')}</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
