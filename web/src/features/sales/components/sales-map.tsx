import { useEffect, useRef, useState, type RefObject } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import type { Coordinates } from '@/hooks/use-geolocation';
import { TILE_ATTRIBUTION, TILE_URL } from '@/lib/map-tiles';
import { MAP_SIZE, NUMBER_PIN_CLASS, type MapView, type PinNumber, type PlacedSale } from './map-preview';
import { SalePopup, type SaleActionsRenderer } from './sale-summary';
import { isOverToday } from '../live-status/live-state';

// Leaflet finds its marker images by a CSS path that a bundler breaks; hand it the bundled files.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

function numberIcon(number: number): L.DivIcon {
  return L.divIcon({
    className: '',
    html: `<span class="${NUMBER_PIN_CLASS}">${number}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });
}

/** Moves the map to a new view (the visitor's location, once known) after it is built. */
function FollowView({ view }: { view: MapView }) {
  const map = useMap();
  const { latitude, longitude } = view.center;
  useEffect(() => {
    map.setView([latitude, longitude], view.zoom);
  }, [map, latitude, longitude, view.zoom]);
  return null;
}

/**
 * Once the markers are on the map: opens the chosen sale's popup (also one chosen while the map
 * was being built), hands the map the focus if asked, and says the map is built.
 */
function WhenBuilt({
  chosen,
  saleId,
  focus,
  onBuilt,
}: {
  chosen: RefObject<L.Marker | null>;
  saleId?: number;
  focus: boolean;
  onBuilt: () => void;
}) {
  const map = useMap();
  useEffect(() => {
    if (saleId !== undefined) chosen.current?.openPopup();
  }, [chosen, saleId]);
  useEffect(() => {
    if (focus) map.getContainer().focus({ preventScroll: true });
  }, [map, focus]);
  useEffect(onBuilt, [onBuilt]);
  return null;
}

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
  view: MapView;
  sales: PlacedSale[];
  position: Coordinates | null;
  renderSaleActions?: SaleActionsRenderer;
  /** The sale whose pin was chosen on the picture: its popup opens once the map is built. */
  openSaleId?: number;
  /** Move the focus into the map once built (the pin was chosen from the keyboard). */
  takeFocus?: boolean;
  /** Called once the markers are on the map. */
  onBuilt: () => void;
  numberOf?: PinNumber;
}

/**
 * The browse page's live map (Leaflet). It is laid over the map's picture, which shows until
 * Leaflet has built the map and keeps the frame's size.
 */
export default function SalesMap({
  view,
  sales,
  position,
  renderSaleActions,
  openSaleId,
  takeFocus = false,
  onBuilt,
  numberOf,
}: SalesMapProps) {
  const step = useBuildSteps(STEP.markers);
  const chosen = useRef<L.Marker>(null);
  if (step < STEP.container) return null;
  return (
    <MapContainer
      center={[view.center.latitude, view.center.longitude]}
      zoom={view.zoom}
      scrollWheelZoom={false}
      className={`${MAP_SIZE} absolute top-0 left-0`}
      aria-label="Map of garage sales"
    >
      {step >= STEP.tiles && <TileLayer attribution={TILE_ATTRIBUTION} url={TILE_URL} />}
      <FollowView view={view} />
      {position && (
        <CircleMarker
          center={[position.latitude, position.longitude]}
          radius={9}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#1d4ed8', fillOpacity: 1 }}
        >
          <Tooltip>Your location</Tooltip>
        </CircleMarker>
      )}
      {step >= STEP.markers && (
        <>
          {sales.map((sale) => {
            const number = numberOf?.(sale) ?? null;
            return (
              <Marker
                key={sale.id}
                ref={sale.id === openSaleId ? chosen : undefined}
                position={[sale.latitude, sale.longitude]}
                title={number === null ? sale.title : `${number}. ${sale.title}`}
                alt={sale.title}
                // A sale that is over today stays on the map, faded.
                opacity={isOverToday(sale) ? 0.55 : 1}
                {...(number === null ? {} : { icon: numberIcon(number) })}
              >
                <Popup>
                  <SalePopup sale={sale} actions={renderSaleActions?.(sale, 'popup')} />
                </Popup>
              </Marker>
            );
          })}
          <WhenBuilt chosen={chosen} saleId={openSaleId} focus={takeFocus} onBuilt={onBuilt} />
        </>
      )}
    </MapContainer>
  );
}
