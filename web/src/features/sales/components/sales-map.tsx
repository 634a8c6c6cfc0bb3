import { useEffect } from 'react';
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

interface SalesMapProps {
  sales: Sale[];
  position: Coordinates | null;
  renderSaleActions?: SaleActionsRenderer;
}

export default function SalesMap({ sales, position, renderSaleActions }: SalesMapProps) {
  const placed = sales.filter(hasValidCoordinates);
  const center: [number, number] = position
    ? [position.latitude, position.longitude]
    : [DEFAULT_MAP_CENTER.latitude, DEFAULT_MAP_CENTER.longitude];
  return (
    <div className="overflow-hidden rounded-lg shadow-sm ring-1 ring-gray-200">
      <div className="relative">
        <MapContainer
          center={center}
          zoom={position ? LOCATED_MAP_ZOOM : DEFAULT_MAP_CENTER.zoom}
          scrollWheelZoom={false}
          className="h-[28rem] w-full sm:h-[34rem]"
          aria-label="Map of garage sales"
        >
          <TileLayer
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
            url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
          />
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
          {placed.map((sale) => (
            <Marker key={sale.id} position={[sale.latitude, sale.longitude]} title={sale.title} alt={sale.title}>
              <Popup>
                <SalePopup sale={sale} actions={renderSaleActions?.(sale, 'popup')} />
              </Popup>
            </Marker>
          ))}
        </MapContainer>
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
