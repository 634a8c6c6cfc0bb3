import type { Point } from './plane.js';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
const ROUNDS = 80;

/**
 * Where to draw each numbered dot so that no two overlap: each dot starts at its sale's place and
 * is pushed just far enough from its neighbours, inside `bounds`. Sales are placed at their ZIP
 * code's centre, so a whole neighbourhood can share one point: those start as a sunflower
 * (Vogel's spiral) around it, in the order given, so the lowest numbers sit in the middle.
 *
 * `spacing` is the distance between dot centres (a diameter plus a gap). A spatial grid keeps each
 * round linear in the number of dots; 400 dots settle in a few milliseconds.
 */
export function spreadDots(anchors: Point[], spacing: number, bounds: Bounds): Point[] {
  const positions = sunflowers(anchors, spacing);
  for (let round = 0; round < ROUNDS; round++) {
    const moved = pushApart(positions, spacing);
    for (const position of positions) keepInside(position, bounds, spacing / 2);
    if (moved < spacing * 0.01) break;
  }
  return positions;
}

function sunflowers(anchors: Point[], spacing: number): Point[] {
  const seen = new Map<string, number>();
  return anchors.map((anchor) => {
    const key = `${Math.round(anchor.x * 2)},${Math.round(anchor.y * 2)}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    // Vogel: radius grows with the square root of the index, so the disc fills evenly.
    const radius = spacing * 0.55 * Math.sqrt(index);
    return { x: anchor.x + radius * Math.cos(index * GOLDEN_ANGLE), y: anchor.y + radius * Math.sin(index * GOLDEN_ANGLE) };
  });
}

/** One round of moving every overlapping pair apart, half each; answers the largest overlap seen. */
function pushApart(positions: Point[], spacing: number): number {
  const grid = new Map<string, number[]>();
  const cellOf = (point: Point) => [Math.floor(point.x / spacing), Math.floor(point.y / spacing)] as const;
  positions.forEach((point, index) => {
    const [cx, cy] = cellOf(point);
    const key = `${cx},${cy}`;
    const cell = grid.get(key);
    if (cell) cell.push(index);
    else grid.set(key, [index]);
  });
  let largest = 0;
  positions.forEach((point, index) => {
    const [cx, cy] = cellOf(point);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (other <= index) continue;
          const neighbour = positions[other]!;
          let vx = neighbour.x - point.x;
          let vy = neighbour.y - point.y;
          let distance = Math.hypot(vx, vy);
          if (distance >= spacing) continue;
          const overlap = spacing - distance;
          if (distance < 1e-6) {
            // Exactly on top of each other: part them in a direction that depends on the pair.
            const angle = (index * 7 + other * 13) * GOLDEN_ANGLE;
            [vx, vy, distance] = [Math.cos(angle), Math.sin(angle), 1];
          }
          largest = Math.max(largest, overlap);
          const push = overlap / 2 / distance;
          point.x -= vx * push;
          point.y -= vy * push;
          neighbour.x += vx * push;
          neighbour.y += vy * push;
        }
      }
    }
  });
  return largest;
}

function keepInside(point: Point, bounds: Bounds, radius: number): void {
  point.x = Math.min(bounds.right - radius, Math.max(bounds.left + radius, point.x));
  point.y = Math.min(bounds.bottom - radius, Math.max(bounds.top + radius, point.y));
}
