import type { ReactNode } from 'react';

/** A card with an item's first photo (or "No photo") on top and `children` below it. */
export function PhotoCard({ imageUrl, alt, children }: { imageUrl: string | undefined; alt: string; children: ReactNode }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <div className="aspect-[4/3] bg-gray-100">
        {imageUrl ? (
          <img src={imageUrl} alt={alt} loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-gray-600">No photo</div>
        )}
      </div>
      {children}
    </article>
  );
}
