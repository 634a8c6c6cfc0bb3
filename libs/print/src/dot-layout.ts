import type { Point } from './plane.js';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Candidate places tried around a sale's point before giving up on a free one. */
const CANDIDATES = 6000;
/** Vogel spiral step, in dot spacings: small enough that dots pack closely around a shared point. */
const SPIRAL_STEP = 0.3;

/**
 * Where to draw each numbered dot so that no two overlap, inside `bounds`. Sales are placed at
 * their ZIP code's centre, so a whole neighbourhood can share one point: each dot, in the order
 * given (number order), takes the free place nearest its sale's point along a sunflower (Vogel's)
 * spiral around it, so the lowest numbers sit in the middle of each group and groups that meet
 * grow side by side. A grid of placed dots keeps every test local; 400 dots take a few milliseconds.
 *
 * `spacing` is the distance between dot centres (a diameter plus a gap); no dot covers a `blocked`
 * box (the map's scale bar, its locator). Only when the frame is full does a dot stay on its point,
 * overlapping.
 */
export function spreadDots(anchors: Point[], spacing: number, bounds: Bounds, blocked: Bounds[] = []): Point[] {
  const placed = new DotGrid(spacing);
  const inset = spacing / 2;
  return anchors.map((anchor) => {
    const start = {
      x: clamp(anchor.x, bounds.left + inset, bounds.right - inset),
      y: clamp(anchor.y, bounds.top + inset, bounds.bottom - inset),
    };
    for (const offset of SPIRAL) {
      const candidate = { x: start.x + offset.x * spacing, y: start.y + offset.y * spacing };
      const inside =
        candidate.x >= bounds.left + inset &&
        candidate.x <= bounds.right - inset &&
        candidate.y >= bounds.top + inset &&
        candidate.y <= bounds.bottom - inset;
      if (inside && !blocked.some((box) => overlaps(box, candidate, inset)) && placed.isFree(candidate)) {
        placed.add(candidate);
        return candidate;
      }
    }
    placed.add(start);
    return start;
  });
}

/** The spiral's places around (0, 0), in spacings: the same for every dot, so computed once. */
const SPIRAL: Point[] = Array.from({ length: CANDIDATES }, (_, index) => {
  const radius = SPIRAL_STEP * Math.sqrt(index);
  return { x: radius * Math.cos(index * GOLDEN_ANGLE), y: radius * Math.sin(index * GOLDEN_ANGLE) };
});

/** Whether a dot of `radius` at `point` touches `box`. */
function overlaps(box: Bounds, point: Point, radius: number): boolean {
  return point.x + radius > box.left && point.x - radius < box.right && point.y + radius > box.top && point.y - radius < box.bottom;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Placed dots by grid cell (a cell as wide as the spacing): a free place is checked in 9 cells. */
class DotGrid {
  private readonly cells = new Map<number, Point[]>();

  constructor(private readonly spacing: number) {}

  isFree(point: Point): boolean {
    const column = Math.floor(point.x / this.spacing);
    const row = Math.floor(point.y / this.spacing);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of this.cells.get(key(column + dx, row + dy)) ?? []) {
          if ((other.x - point.x) ** 2 + (other.y - point.y) ** 2 < this.spacing ** 2) return false;
        }
      }
    }
    return true;
  }

  add(point: Point): void {
    const cell = key(Math.floor(point.x / this.spacing), Math.floor(point.y / this.spacing));
    const points = this.cells.get(cell);
    if (points) points.push(point);
    else this.cells.set(cell, [point]);
  }
}

/** Column and row packed into one number (page coordinates are small and positive). */
function key(column: number, row: number): number {
  return column * 65_536 + row;
}
