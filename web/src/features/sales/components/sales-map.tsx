import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { DEFAULT_MAP_CENTER, LOCATED_MAP_ZOOM } from '@garage/contracts/constants';
import type { Sale } from '@garage/contracts';
import type { Coordinates } from '@/hooks/use-geolocation';
import { pluralize } from '@/lib/format';
import { hasValidCoordinates } from '../utils/coordinates';
import { SalePopup, type SaleActionsRenderer } from './sale-summary';

// Leaflet finds its marker images by a CSS path that a bundler breaks; hand it the bundled files.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

function FollowPosition({ position }: { position: Coordinates | null }) {
  const map = useMap();
  useEffect(() => {
    if (position) map.setView([position.latitude, position.longitude], LOCATED_MAP_ZOOM);
  }, [map, position]);
  return null;
}

const MAP_SIZE = 'h-[28rem] w-full sm:h-[34rem]';

/** What the map shows so far: Leaflet builds it in steps, one task each (see `useBuildSteps`). */
const STEP = { container: 1, tiles: 2, markers: 3 } as const;

/**
 * Counts up to `last`, one step per task, each after the browser has painted. Built in one go,
 * the map (Leaflet measuring a page whose layout React has just changed, its panes and controls,
 * the tile layer, the markers) blocks a phone's main thread for some 150 ms, and taps wait.
 */
function useBuildSteps(last: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= last) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setStep(step + 1))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [step, last]);
  return step;
}

interface SalesMapProps {
  sales: Sale[];
  position: Coordinates | null;
  renderSaleActions?: SaleActionsRenderer;
}

export default function SalesMap({ sales, position, renderSaleActions }: SalesMapProps) {
  const step = useBuildSteps(STEP.markers);
  const placed = sales.filter(hasValidCoordinates);
  const center: [number, number] = position
    ? [position.latitude, position.longitude]
    : [DEFAULT_MAP_CENTER.latitude, DEFAULT_MAP_CENTER.longitude];
  return (
    <div className="overflow-hidden rounded-lg shadow-sm ring-1 ring-gray-200">
      <div className="relative">
        {step < STEP.container ? (
          <div className={`${MAP_SIZE} bg-[#ddd]`} aria-hidden="true" />
        ) : (
          <MapContainer
            center={center}
            zoom={position ? LOCATED_MAP_ZOOM : DEFAULT_MAP_CENTER.zoom}
            scrollWheelZoom={false}
            className={MAP_SIZE}
            aria-label="Map of garage sales"
          >
            {step >= STEP.tiles && (
              <TileLayer
                attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
                url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
              />
            )}
            <FollowPosition position={position} />
            {position && (
              <CircleMarker
                center={[position.latitude, position.longitude]}
                radius={9}
                pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1d4ed8', fillOpacity: 1 }}
              >
                <Tooltip>Your location</Tooltip>
              </CircleMarker>
            )}
            {step >= STEP.markers &&
              placed.map((sale) => (
                <Marker key={sale.id} position={[sale.latitude, sale.longitude]} title={sale.title} alt={sale.title}>
                  <Popup>
                    <SalePopup sale={sale} actions={renderSaleActions?.(sale, 'popup')} />
                  </Popup>
                </Marker>
              ))}
          </MapContainer>
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
          <img src={iconUrl} alt="" aria-hidden="true" className="h-5 w-auto" />
          {pluralize(placed.length, 'garage sale')}
        </span>
      </div>
    </div>
  );
}
