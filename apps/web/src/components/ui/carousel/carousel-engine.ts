import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';

export type CarouselEngineOptions = {
  /** Loop endlessly (three slides or more), else rewind from the last to the first. */
  loop: boolean;
  /** Autoplay delay; none: the carousel moves only when asked. */
  autoplayMs?: number;
  /** Whether autoplay runs from the start (the pause control may have stopped it already). */
  playing: boolean;
  /** The slide label with Swiper's placeholders, e.g. "{{index}} of {{slidesLength}}". */
  slideLabel: string;
  onSlideChange: (realIndex: number) => void;
};

/**
 * Swiper on the carousel's server-rendered slides, with its accessibility and autoplay modules. Loaded on its own
 * (a dynamic import) once the carousel first has to move, so it is not part of any page's first load.
 */
export function mountCarousel(element: HTMLElement, options: CarouselEngineOptions): Swiper {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const swiper = new Swiper(element, {
    modules: [A11y, Autoplay],
    slidesPerView: 1,
    spaceBetween: 0,
    loop: options.loop,
    // A move asked for while the last one is still sliding is made, not dropped: a visitor's quick second click, or
    // an autoplay step that comes due while a background tab's transition never ran.
    loopPreventsSliding: false,
    rewind: !options.loop,
    speed: reducedMotion ? 0 : 400,
    autoplay: options.autoplayMs
      ? // A click on a dot or an arrow moves the slider and starts the count afresh; it never stops the autoplay.
        { delay: options.autoplayMs, disableOnInteraction: false, waitForTransition: false }
      : false,
    a11y: {
      slideLabelMessage: options.slideLabel,
      // The carousel says itself when slide changes are announced (only while it does not move by itself).
      wrapperLiveRegion: false,
      // Slides out of view are inert: the focus never reaches them.
      scrollOnFocus: false,
    },
    on: { slideChange: (instance) => options.onSlideChange(instance.realIndex) },
  });
  if (options.autoplayMs && !options.playing) swiper.autoplay.stop();
  return swiper;
}

export type { Swiper };
