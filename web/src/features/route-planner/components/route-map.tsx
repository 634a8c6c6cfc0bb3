import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CircleMarker, MapContainer, Marker, Polyline, Popup, TileLayer, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { RoutePlan } from '@garage/contracts';
import { TILE_ATTRIBUTION, TILE_URL } from '@/lib/map-tiles';
import { planTime } from '../utils/plan-format';

/** A numbered disc per stop: the order is what the map is for. */
const MARKER_CLASS =
  'flex h-7 w-7 items-center justify-center rounded-full border-2 border-white bg-blue-700 text-sm font-bold text-white shadow-md';

function numberIcon(order: number): L.DivIcon {
  return L.divIcon({
    className: '',
    html: `<span class="${MARKER_CLASS}">${order}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });
}

function FitRoute({ points }: { points: Array<[number, number]> }) {
  const map = useMap();
  // Fitted when the places change, not on each render: a plan of today is read again every minute,
  // and refitting then would undo the shopper's own panning. Not animated: a re-plan replaces the map
  // while an animated fit still has frames to run, and Leaflet then reads a removed pane's position.
  const places = points.map((point) => point.join(',')).join(' ');
  useEffect(() => {
    const fitted = places.split(' ').map((point) => point.split(',').map(Number) as [number, number]);
    if (fitted.length > 1) map.fitBounds(L.latLngBounds(fitted), { padding: [32, 32], animate: false });
  }, [map, places]);
  return null;
}

/** The planned route on a map: the start, numbered stops in driving order and the line between them. */
export default function RouteMap({ plan }: { plan: RoutePlan }) {
  const start: [number, number] = [plan.start.latitude, plan.start.longitude];
  const points: Array<[number, number]> = [start, ...plan.stops.map((stop): [number, number] => [stop.latitude, stop.longitude])];
  // The line goes only to the stops still on today (a stop that dropped out keeps its marker).
  const routed = [start, ...plan.stops.filter((stop) => !stop.droppedOut).map((stop): [number, number] => [stop.latitude, stop.longitude])];
  return (
    <div className="overflow-hidden rounded-lg shadow-sm ring-1 ring-gray-200">
      <MapContainer
        center={start}
        zoom={12}
        scrollWheelZoom={false}
        className="h-[22rem] w-full sm:h-[28rem]"
        aria-label="Map of the route"
      >
        <TileLayer attribution={TILE_ATTRIBUTION} url={TILE_URL} />
        <FitRoute points={points} />
        <Polyline positions={routed} pathOptions={{ color: '#1d4ed8', weight: 4, opacity: 0.8, dashArray: '8 6' }} />
        <CircleMarker center={start} radius={9} pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#15803d', fillOpacity: 1 }}>
          <Tooltip>Start</Tooltip>
        </CircleMarker>
        {plan.stops.map((stop) => (
          <Marker
            key={stop.saleId}
            position={[stop.latitude, stop.longitude]}
            icon={numberIcon(stop.order)}
            title={`Stop ${stop.order}: ${stop.title}`}
          >
            <Popup>
              <div className="space-y-1 text-sm text-gray-800">
                <p className="font-semibold text-gray-900">
                  {stop.order}. {stop.title}
                </p>
                <p>
                  Arrive {planTime(stop.arrival)} · Leave {planTime(stop.departure)}
                </p>
                <p>
                  <Link to={`/sales/${stop.saleId}`} className="font-semibold text-blue-700 underline">
                    View Sale
                  </Link>
                </p>
              </div>
            </Popup>
          </Marker>
        ))}
      </MapContainer>
      <div
        className="flex flex-wrap items-center gap-6 border-t border-gray-200 bg-white px-4 py-3 text-sm text-gray-800"
        aria-label="Map legend"
      >
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3.5 w-3.5 rounded-full border-2 border-white bg-green-700 ring-1 ring-green-700"
          />
          Start
        </span>
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white"
          >
            1
          </span>
          Stops in driving order
        </span>
      </div>
    </div>
  );
}
