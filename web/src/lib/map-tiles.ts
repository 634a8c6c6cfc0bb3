/**
 * The OpenStreetMap tiles every map of the app is drawn from, and the Web Mercator arithmetic
 * that places them: the live maps hand the URL to Leaflet, the browse page's map picture
 * (`MapPreview`) lays the same tiles out itself, so the picture and the map that replaces it match
 * and share the browser's cache.
 */
export const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const TILE_SIZE = 256;
const SUBDOMAINS = ['a', 'b', 'c'];

export interface Point {
  x: number;
  y: number;
}

/** Where a place falls on the whole world's map at `zoom`, in pixels from its top-left corner. */
export function worldPixel(latitude: number, longitude: number, zoom: number): Point {
  const size = TILE_SIZE * 2 ** zoom;
  // Web Mercator stops at ±85.05°, as the tiles do.
  const sin = Math.min(Math.max(Math.sin((latitude * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export interface Tile {
  url: string;
  /** The tile's top-left corner relative to the view's centre, in pixels. */
  left: number;
  top: number;
}

/**
 * The tiles that cover a view centred on `center`, reaching `halfWidth` and `halfHeight` pixels
 * out from it. Columns wrap around the date line; rows stop at the poles. The subdomain is chosen
 * as Leaflet chooses it, so a tile has one URL wherever it is drawn.
 */
export function tilesAround(center: Point, zoom: number, halfWidth: number, halfHeight: number): Tile[] {
  const count = 2 ** zoom;
  const tiles: Tile[] = [];
  const firstRow = Math.max(0, Math.floor((center.y - halfHeight) / TILE_SIZE));
  const lastRow = Math.min(count - 1, Math.floor((center.y + halfHeight) / TILE_SIZE));
  const firstColumn = Math.floor((center.x - halfWidth) / TILE_SIZE);
  const lastColumn = Math.floor((center.x + halfWidth) / TILE_SIZE);
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      const x = ((column % count) + count) % count;
      const subdomain = SUBDOMAINS[Math.abs(x + row) % SUBDOMAINS.length];
      tiles.push({
        url: TILE_URL.replace('{s}', subdomain).replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(row)),
        left: column * TILE_SIZE - center.x,
        top: row * TILE_SIZE - center.y,
      });
    }
  }
  return tiles;
}
