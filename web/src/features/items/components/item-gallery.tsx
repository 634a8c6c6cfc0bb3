import { useState } from 'react';
import { ITEM_DETAIL_THUMBNAILS } from '@garage/contracts';
import { cn } from '@/lib/cn';

/** The main photo plus up to four more as thumbnails; choosing a thumbnail shows it large. */
export function ItemGallery({ urls, title }: { urls: string[]; title: string }) {
  const photos = urls.slice(0, 1 + ITEM_DETAIL_THUMBNAILS);
  const [selected, setSelected] = useState(0);
  const main = photos[selected] ?? photos[0];

  if (!main) {
    return <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-gray-100 text-gray-600">No photos yet</div>;
  }

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200">
        <img
          src={main}
          alt={`${title}, photo ${selected + 1} of ${photos.length}`}
          loading="lazy"
          className="aspect-[4/3] w-full object-contain"
        />
      </div>
      {photos.length > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label="Photos">
          {photos.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={`Show photo ${index + 1}`}
                className={cn(
                  'block aspect-square w-full overflow-hidden rounded-md ring-2',
                  index === selected ? 'ring-blue-700' : 'ring-transparent hover:ring-gray-300',
                )}
              >
                <img src={url} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
