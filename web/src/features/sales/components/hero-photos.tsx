import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bike, BookOpen, Lamp, Sofa } from 'lucide-react';
import { saleKeys } from '@/lib/query-keys';
import { getSales } from '../api/get-sales';

const WIDE = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const isWide = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches;

/** Stand-ins while no sale has photos yet (a new install): the kinds of things people find. */
const PLACEHOLDERS = [
  { Icon: Sofa, label: 'Furniture', tone: 'bg-amber-100 text-amber-800' },
  { Icon: Bike, label: 'Sports', tone: 'bg-emerald-100 text-emerald-800' },
  { Icon: Lamp, label: 'Home', tone: 'bg-rose-100 text-rose-800' },
  { Icon: BookOpen, label: 'Books', tone: 'bg-sky-100 text-sky-800' },
];

/**
 * The landing hero's other half on a wide screen: photos of items in the upcoming sales (the
 * sales' `photo_urls`), so a visitor sees what is on offer. Phones skip it (and its request): the
 * hero text and its buttons are what fits above the fold there. The box is hidden by CSS rather
 * than left out, so the prerendered page (which cannot know the width) already holds its place on
 * a wide screen and the hero does not move when the app takes over.
 */
export function HeroPhotos() {
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  const sales = useQuery({
    queryKey: saleKeys.hero,
    queryFn: ({ signal }) => getSales({ startDate: '', endDate: '', startTime: '', endTime: '', radius: 25 }, signal),
    enabled: wide,
    staleTime: 5 * 60_000,
  });
  const photos = [...new Set((sales.data ?? []).flatMap((sale) => sale.photo_urls ?? []))].slice(0, 4);
  return (
    <div className="hidden aspect-[4/3] grid-cols-2 grid-rows-2 gap-3 lg:grid" data-testid="hero-photos">
      {photos.length === 4
        ? photos.map((url) => (
            <img
              key={url}
              src={url}
              alt=""
              width={300}
              height={225}
              className="h-full w-full rounded-xl object-cover shadow-lg ring-1 ring-white/20"
            />
          ))
        : PLACEHOLDERS.map(({ Icon, label, tone }) => (
            <div key={label} className={`flex flex-col items-center justify-center gap-2 rounded-xl shadow-lg ${tone}`}>
              <Icon aria-hidden className="h-14 w-14" />
              <span className="text-sm font-semibold">{label}</span>
            </div>
          ))}
    </div>
  );
}
