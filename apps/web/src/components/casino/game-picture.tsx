import type { GameImage } from '@playhouse/shared/contracts/casino';

/**
 * A game's artwork (SPEC.md §2 "Games grid"): WebP and PNG sources per breakpoint, the largest breakpoint first so
 * the browser takes the first one whose min-width matches; the smallest PNG is the fallback image.
 */
export function GamePicture({ images, alt, className }: { images: GameImage[]; alt: string; className?: string }) {
  if (images.length === 0) return <span className={className} role="img" aria-label={alt} />;
  const ordered = [...images].sort((a, b) => b.breakpoint - a.breakpoint);
  const fallback = ordered[ordered.length - 1]!;
  const media = (image: GameImage) => (image.breakpoint > 0 ? `(min-width: ${image.breakpoint}px)` : undefined);
  return (
    <picture>
      {ordered.map((image) => (
        <source key={`webp-${image.breakpoint}`} type="image/webp" media={media(image)} srcSet={image.imagePathWebp} />
      ))}
      {ordered.map((image) => (
        <source key={`png-${image.breakpoint}`} type="image/png" media={media(image)} srcSet={image.imagePath} />
      ))}
      <img
        className={className}
        src={fallback.imagePath}
        width={fallback.width}
        height={fallback.height}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
