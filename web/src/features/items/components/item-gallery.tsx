import { useState } from 'react';
import { ITEM_DETAIL_THUMBNAILS } from '@garage/contracts/constants';

/** Photos are stored shrunk to fit 800×600 (spec): the box keeps that shape before one loads. */
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;

/**
 * The main photo large, and the item's other photos (up to four) as thumbnails; choosing a
 * thumbnail shows it large and puts the previous main photo among the thumbnails.
 */
export function ItemGallery({ urls, title }: { urls: string[]; title: string }) {
  const photos = urls.slice(0, 1 + ITEM_DETAIL_THUMBNAILS);
  const [selected, setSelected] = useState(0);
  const current = photos[selected] ? selected : 0;
  const main = photos[current];

  if (!main) {
    return <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-gray-100 text-gray-600">No photos yet</div>;
  }
  const others = photos.map((url, index) => ({ url, index })).filter(({ index }) => index !== current);

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200">
        {/* The largest thing on the page: fetched first, never lazily. */}
        <img
          src={main}
          alt={`${title}, photo ${current + 1} of ${photos.length}`}
          width={PHOTO_WIDTH}
          height={PHOTO_HEIGHT}
          fetchPriority="high"
          className="aspect-[4/3] h-auto w-full object-contain"
        />
      </div>
      {others.length > 0 && (
        <ul className="grid grid-cols-4 gap-2" aria-label="More photos">
          {others.map(({ url, index }) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show photo ${index + 1}`}
                className="block aspect-square w-full overflow-hidden rounded-md ring-2 ring-transparent hover:ring-gray-300"
              >
                <img src={url} alt="" width={150} height={150} loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
