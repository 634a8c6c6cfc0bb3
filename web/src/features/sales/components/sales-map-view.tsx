import { lazy, Suspense, useCallback, useState } from 'react';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import { DEFAULT_MAP_CENTER, LOCATED_MAP_ZOOM } from '@garage/contracts/constants';
import type { Sale } from '@garage/contracts';
import type { Coordinates } from '@/hooks/use-geolocation';
import { pluralize } from '@/lib/format';
import { hasValidCoordinates } from '../utils/coordinates';
import { MapPreview, type LiveMapRequest, type MapView, type PinNumber } from './map-preview';
import type { SaleActionsRenderer } from './sale-summary';

// Leaflet is the heaviest part of the page: it loads only when a visitor reaches for the map.
const SalesMap = lazy(() => import('./sales-map'));

interface SalesMapViewProps {
  sales: Sale[];
  position: Coordinates | null;
  renderSaleActions?: SaleActionsRenderer;
  /** Where the map looks (a community sale's area); else the visitor's location or the default. */
  view?: MapView;
  /** Numbered discs instead of pins (a community sale's numbers). */
  numberOf?: PinNumber;
  /** The legend's words for what the pins are. */
  legend?: string;
}

/**
 * The browse page's map view: a picture of the map first (`MapPreview`), the live map once a
 * visitor touches it, points a mouse at it or picks a sale's pin, and the legend under both.
 */
export function SalesMapView({ sales, position, renderSaleActions, view: askedView, numberOf, legend }: SalesMapViewProps) {
  const [live, setLive] = useState<LiveMapRequest | null>(null);
  const [built, setBuilt] = useState(false);
  // A tap is a press, then a click: the pin chosen by the click is added to the press's request.
  const open = useCallback((request: LiveMapRequest) => setLive((asked) => ({ ...asked, ...request })), []);
  const onBuilt = useCallback(() => setBuilt(true), []);
  const placed = sales.filter(hasValidCoordinates);
  const view: MapView =
    askedView ?? (position ? { center: position, zoom: LOCATED_MAP_ZOOM } : { center: DEFAULT_MAP_CENTER, zoom: DEFAULT_MAP_CENTER.zoom });

  return (
    <div className="overflow-hidden rounded-lg shadow-sm ring-1 ring-gray-200">
      {/* The picture stays in place (a pressed pin is not replaced before its click lands) and
          holds the frame's size; the live map is laid over it once built. */}
      <div className="relative">
        <MapPreview
          view={view}
          sales={placed}
          position={position}
          onOpen={open}
          opening={live !== null && !built}
          covered={built}
          numberOf={numberOf}
        />
        {live && (
          <Suspense fallback={null}>
            <SalesMap
              view={view}
              sales={placed}
              position={position}
              renderSaleActions={renderSaleActions}
              openSaleId={live.saleId}
              takeFocus={live.byKeyboard}
              onBuilt={onBuilt}
              numberOf={numberOf}
            />
          </Suspense>
        )}
      </div>
      <div
        className="flex flex-wrap items-center gap-6 border-t border-gray-200 bg-white px-4 py-3 text-sm text-gray-800"
        aria-label="Map legend"
      >
        {position && (
          <span className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-3.5 w-3.5 rounded-full border-2 border-white bg-blue-700 ring-1 ring-blue-700"
            />
            Your location
          </span>
        )}
        <span className="flex items-center gap-2">
          {numberOf ? (
            <span
              aria-hidden="true"
              className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white"
            >
              1
            </span>
          ) : (
            <img src={iconUrl} alt="" aria-hidden="true" className="h-5 w-auto" />
          )}
          {legend ?? pluralize(placed.length, 'garage sale')}
        </span>
      </div>
    </div>
  );
}
