import type { MouseEvent, PointerEvent } from 'react';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import type { Sale } from '@garage/contracts';
import type { Coordinates } from '@/hooks/use-geolocation';
import { cn } from '@/lib/cn';
import { TILE_SIZE, tilesAround, worldPixel, type Point } from '@/lib/map-tiles';

/** The map's frame: the preview and the live map that replaces it have the same size. */
export const MAP_SIZE = 'h-[28rem] w-full sm:h-[34rem]';

/** The widest and tallest the frame gets, from its centre (the page is at most 80rem wide). */
const HALF_WIDTH = 640;
const HALF_HEIGHT = 272;

export interface MapView {
  center: Coordinates;
  zoom: number;
}

/** A sale with coordinates inside the world (`hasValidCoordinates`): one that has a pin. */
export type PlacedSale = Sale & { latitude: number; longitude: number };

/** A spot `offset` pixels from the frame's centre. */
const at = (offset: Point) => ({ left: `calc(50% + ${offset.x}px)`, top: `calc(50% + ${offset.y}px)` });

interface MapPreviewProps {
  view: MapView;
  sales: PlacedSale[];
  position: Coordinates | null;
  /**
   * Asks for the live map: on a tap or a press anywhere on the picture, on a mouse coming over it,
   * and on a sale's pin (then with that sale, whose popup the live map opens).
   */
  onOpen: (request: LiveMapRequest) => void;
  /** The live map has been asked for and is on its way. */
  opening: boolean;
  /** The live map covers the picture: it is kept only to hold the frame's size. */
  covered: boolean;
  /** A numbered disc instead of the pin, for sales that have a number (a community sale's). */
  numberOf?: PinNumber;
}

/** A sale's number on the map (a community sale's list), or null for a plain pin. */
export type PinNumber = (sale: PlacedSale) => number | null;

/** The numbered disc, the same on the picture and on the live map (`sales-map.tsx`). */
export const NUMBER_PIN_CLASS =
  'flex h-7 w-7 items-center justify-center rounded-full border-2 border-white bg-blue-700 text-xs font-bold text-white shadow-md';

export interface LiveMapRequest {
  /** The sale whose pin was chosen: its popup opens on the live map. */
  saleId?: number;
  /** The pin was chosen from the keyboard: the live map takes the focus. */
  byKeyboard?: boolean;
}

/**
 * The browse page's map as a picture: the OpenStreetMap tiles and a pin for each sale, laid out
 * with the same arithmetic Leaflet uses, in plain elements. Leaflet (its code, and building a map
 * from it, some 300 ms of a phone's main thread on a cold load) waits until a visitor reaches for
 * the map; until then the page stays responsive and the picture looks the same.
 */
export function MapPreview({ view, sales, position, onOpen, opening, covered, numberOf }: MapPreviewProps) {
  const center = worldPixel(view.center.latitude, view.center.longitude, view.zoom);
  const offsetOf = (latitude: number, longitude: number): Point => {
    const point = worldPixel(latitude, longitude, view.zoom);
    return { x: point.x - center.x, y: point.y - center.y };
  };
  // Every sale has its pin, as on the live map, also those outside the frame (clipped).
  const pins = sales.map((sale) => ({ sale, offset: offsetOf(sale.latitude, sale.longitude), number: numberOf?.(sale) ?? null }));
  const open = (event: PointerEvent) => {
    // A touch also comes "over" the picture as it lands: the press is what counts then.
    if (event.type === 'pointerenter' && event.pointerType !== 'mouse') return;
    onOpen({});
  };
  const openSale = (event: MouseEvent, saleId: number) => {
    event.stopPropagation();
    // A click with no pointer behind it (detail 0) came from Enter or Space.
    onOpen({ saleId, byKeyboard: event.detail === 0 });
  };

  return (
    <div
      className={cn(MAP_SIZE, 'relative touch-pan-y overflow-hidden bg-[#ddd] select-none')}
      role="group"
      aria-label="Map of garage sales"
      aria-busy={opening || undefined}
      aria-hidden={covered || undefined}
      inert={covered}
      onPointerEnter={open}
      onPointerDown={open}
    >
      {tilesAround(center, view.zoom, HALF_WIDTH, HALF_HEIGHT).map((tile) => (
        <img
          key={tile.url}
          src={tile.url}
          alt=""
          width={TILE_SIZE}
          height={TILE_SIZE}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="absolute max-w-none"
          style={at({ x: tile.left, y: tile.top })}
          // A tile that cannot load leaves the map's grey, as Leaflet does, not a broken image.
          onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
        />
      ))}
      {position && (
        <span
          aria-hidden="true"
          className="absolute h-[21px] w-[21px] -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-blue-700"
          style={at(offsetOf(position.latitude, position.longitude))}
        />
      )}
      {pins
        .filter((pin) => pin.number === null)
        .map(({ sale, offset }) => (
          <img
            key={`shadow-${sale.id}`}
            src={shadowUrl}
            alt=""
            width={41}
            height={41}
            draggable={false}
            className="pointer-events-none absolute max-w-none"
            style={at({ x: offset.x - 12, y: offset.y - 41 })}
          />
        ))}
      {pins.map(({ sale, offset, number }) =>
        number === null ? (
          <button
            key={sale.id}
            type="button"
            title={sale.title}
            aria-label={sale.title}
            className="absolute h-[41px] w-[25px] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            style={at({ x: offset.x - 12, y: offset.y - 41 })}
            onClick={(event) => openSale(event, sale.id)}
          >
            <img src={iconUrl} alt="" width={25} height={41} draggable={false} className="max-w-none" />
          </button>
        ) : (
          <button
            key={sale.id}
            type="button"
            title={`${number}. ${sale.title}`}
            aria-label={`${number}. ${sale.title}`}
            className={cn(
              NUMBER_PIN_CLASS,
              'absolute focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
            )}
            style={at({ x: offset.x - 14, y: offset.y - 14 })}
            onClick={(event) => openSale(event, sale.id)}
          >
            {number}
          </button>
        ),
      )}
      {opening && (
        <p
          role="status"
          className="absolute top-3 left-1/2 -translate-x-1/2 rounded-full bg-white px-3 py-1 text-sm font-medium text-gray-800 shadow"
        >
          Loading map...
        </p>
      )}
      <p className="absolute right-0 bottom-0 bg-white/80 px-1.5 text-xs text-gray-800">
        &copy;{' '}
        <a href="https://www.openstreetmap.org/copyright" className="text-blue-700 underline">
          OpenStreetMap
        </a>{' '}
        contributors
      </p>
    </div>
  );
}
