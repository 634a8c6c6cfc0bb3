import { describe, expect, it } from 'vitest';
import L from 'leaflet';
import { TILE_URL, tilesAround, worldPixel } from './map-tiles';

/** The browse page's map picture must match the live map Leaflet draws: same places, same tiles. */
describe('map tiles', () => {
  it.each([
    [0, 0, 0],
    [39.8, -89.6, 12],
    [39.8283, -98.5795, 4],
    [-33.86, 151.21, 9],
    [64.15, -21.94, 6],
  ])('places %f, %f at zoom %i where Leaflet does', (latitude, longitude, zoom) => {
    const leaflet = L.CRS.EPSG3857.latLngToPoint(L.latLng(latitude, longitude), zoom);
    const ours = worldPixel(latitude, longitude, zoom);
    expect(ours.x).toBeCloseTo(leaflet.x, 6);
    expect(ours.y).toBeCloseTo(leaflet.y, 6);
  });

  it('covers the view with the tiles Leaflet would ask for, each at its offset from the centre', () => {
    const center = worldPixel(39.8, -89.6, 12);
    const tiles = tilesAround(center, 12, 300, 200);
    const layer = L.tileLayer(TILE_URL);
    // Leaflet's URL for a tile, as its tile layer builds it (no map needed for a plain template).
    const leafletUrl = (x: number, y: number) =>
      L.Util.template(TILE_URL, {
        s: (layer as unknown as { _getSubdomain(p: L.Coords): string })._getSubdomain({ x, y } as L.Coords),
        x,
        y,
        z: 12,
      });
    const columns = [Math.floor((center.x - 300) / 256), Math.floor((center.x + 300) / 256)];
    const rows = [Math.floor((center.y - 200) / 256), Math.floor((center.y + 200) / 256)];
    const expected = [];
    for (let y = rows[0]; y <= rows[1]; y++) {
      for (let x = columns[0]; x <= columns[1]; x++)
        expected.push({ url: leafletUrl(x, y), left: x * 256 - center.x, top: y * 256 - center.y });
    }
    expect(tiles).toEqual(expected);
    // The centre lies inside one of them.
    expect(tiles.some((tile) => tile.left <= 0 && tile.left + 256 > 0 && tile.top <= 0 && tile.top + 256 > 0)).toBe(true);
  });

  it('wraps columns around the date line and stops rows at the poles', () => {
    const tiles = tilesAround({ x: 10, y: 20 }, 1, 300, 100);
    expect(tiles.map((tile) => tile.url)).toEqual([
      'https://a.tile.openstreetmap.org/1/0/0.png',
      'https://b.tile.openstreetmap.org/1/1/0.png',
      'https://a.tile.openstreetmap.org/1/0/0.png',
      'https://b.tile.openstreetmap.org/1/1/0.png',
    ]);
    expect(tiles.map((tile) => tile.left)).toEqual([-522, -266, -10, 246]);
  });
});
