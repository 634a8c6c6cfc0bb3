import { useState, type MouseEvent } from 'react';
import { Crosshair, Minus, Plus } from 'lucide-react';
import { GEOLOCATION } from '@garage/contracts/constants';
import { geolocationErrorMessage } from '@/hooks/use-geolocation';
import { TILE_SIZE, tilesAround, worldPixel } from '@/lib/map-tiles';
import { Button } from '@/components/ui/button';

export interface Centre {
  latitude: number;
  longitude: number;
}

const HALF_WIDTH = 400;
const HALF_HEIGHT = 140;
const METRES_PER_MILE = 1609.344;

/** The place under a pixel of the whole world's map at `zoom` (the inverse of `worldPixel`). */
function placeAt(x: number, y: number, zoom: number): Centre {
  const size = TILE_SIZE * 2 ** zoom;
  const longitude = (x / size) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}

/** The frame's half height on a phone (h-56), less a margin: how far the circle may reach. */
const HALF_FRAME = 100;

function fitZoom(latitude: number, radiusMiles: number): number {
  if (!(radiusMiles > 0)) return 12;
  const metresPerPixelAtZoom0 = 156_543.03 * Math.cos((latitude * Math.PI) / 180);
  return Math.floor(Math.log2((HALF_FRAME * metresPerPixelAtZoom0) / (radiusMiles * METRES_PER_MILE)));
}

interface CentrePickerProps {
  centre: Centre | null;
  radiusMiles: number;
  onChange: (centre: Centre) => void;
  /** Where the map looks before a centre is set. */
  fallback: Centre;
  error?: string;
}

/**
 * The area's centre: a tap on the map (the same tiles as the app's maps, laid out as plain images
 * so the form needs no map library) or the organiser's location; the circle shows the radius.
 */
export function CentrePicker({ centre, radiusMiles, onChange, fallback, error }: CentrePickerProps) {
  // The zoom that fits the radius's circle in the frame, moved in or out by the buttons.
  const [zoomOffset, setZoomOffset] = useState(0);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const shown = centre ?? fallback;
  const zoom = Math.max(4, Math.min(17, fitZoom(shown.latitude, radiusMiles) + zoomOffset));
  const middle = worldPixel(shown.latitude, shown.longitude, zoom);
  const metresPerPixel = (156_543.03 * Math.cos((shown.latitude * Math.PI) / 180)) / 2 ** zoom;
  const radiusPixels = (radiusMiles * METRES_PER_MILE) / metresPerPixel;

  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const frame = event.currentTarget.getBoundingClientRect();
    const x = middle.x + (event.clientX - frame.left - frame.width / 2);
    const y = middle.y + (event.clientY - frame.top - frame.height / 2);
    onChange(placeAt(x, y, zoom));
  };
  const locate = () => {
    if (!navigator.geolocation) return setLocateError(geolocationErrorMessage(undefined));
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      (result) => {
        setLocating(false);
        onChange({ latitude: result.coords.latitude, longitude: result.coords.longitude });
      },
      (failure) => {
        setLocating(false);
        setLocateError(geolocationErrorMessage(failure?.code));
      },
      { enableHighAccuracy: GEOLOCATION.enableHighAccuracy, timeout: GEOLOCATION.timeoutMs, maximumAge: GEOLOCATION.maximumAgeMs },
    );
  };

  return (
    <div className="space-y-2">
      <div className="relative overflow-hidden rounded-md ring-1 ring-gray-300">
        <div
          role="presentation"
          className="relative h-56 w-full cursor-crosshair touch-pan-y overflow-hidden bg-[#ddd] select-none sm:h-72"
          onClick={pick}
        >
          {tilesAround(middle, zoom, HALF_WIDTH, HALF_HEIGHT).map((tile) => (
            <img
              key={tile.url}
              src={tile.url}
              alt=""
              width={TILE_SIZE}
              height={TILE_SIZE}
              draggable={false}
              className="absolute max-w-none"
              style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
              onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
            />
          ))}
          {centre && (
            <>
              <span
                aria-hidden="true"
                className="pointer-events-none absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-blue-700 bg-blue-700/10"
                style={{ width: radiusPixels * 2, height: radiusPixels * 2 }}
              />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute left-1/2 top-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-blue-700"
              />
            </>
          )}
        </div>
        <div className="absolute top-2 right-2 flex flex-col gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label="Zoom in"
            onClick={() => setZoomOffset((value) => Math.min(value + 1, 17 - zoom + value))}
          >
            <Plus aria-hidden className="h-4 w-4" />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label="Zoom out"
            onClick={() => setZoomOffset((value) => Math.max(value - 1, 4 - zoom + value))}
          >
            <Minus aria-hidden className="h-4 w-4" />
          </Button>
        </div>
        <p className="absolute right-0 bottom-0 bg-white/80 px-1.5 text-xs text-gray-800">&copy; OpenStreetMap contributors</p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button variant="secondary" size="sm" onClick={locate} disabled={locating}>
          <Crosshair aria-hidden className="h-4 w-4" />
          {locating ? 'Finding you...' : 'Use my location'}
        </Button>
        <span className="text-gray-700" role="status">
          {centre ? `Centre: ${centre.latitude.toFixed(4)}, ${centre.longitude.toFixed(4)}` : 'Tap the map to set the centre.'}
        </span>
      </div>
      {(error ?? locateError) && <p className="text-sm text-red-700">{error ?? locateError}</p>}
    </div>
  );
}
