import { describe, expect, it } from '@jest/globals';
import { spreadDots } from './dot-layout.js';

const frame = { left: 36, top: 120, right: 576, bottom: 660 };

function closestPair(points: { x: number; y: number }[]): number {
  let closest = Infinity;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++)
      closest = Math.min(closest, Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y));
  }
  return closest;
}

describe('spreadDots', () => {
  it('keeps a dot with room around it on its own point', () => {
    const anchors = [
      { x: 100, y: 200 },
      { x: 300, y: 400 },
    ];

    expect(spreadDots(anchors, 14, frame)).toEqual(anchors);
  });

  it('parts 400 sales sharing five points so that no two dots overlap, all inside the frame', () => {
    const anchors = Array.from({ length: 400 }, (_, i) => ({ x: 250 + (i % 5) * 30, y: 350 + (i % 5) * 20 }));

    const dots = spreadDots(anchors, 14.2, frame);

    expect(closestPair(dots)).toBeGreaterThanOrEqual(14.2 - 1e-9);
    for (const dot of dots) {
      expect(dot.x).toBeGreaterThanOrEqual(frame.left + 7.1);
      expect(dot.x).toBeLessThanOrEqual(frame.right - 7.1);
      expect(dot.y).toBeGreaterThanOrEqual(frame.top + 7.1);
      expect(dot.y).toBeLessThanOrEqual(frame.bottom - 7.1);
    }
  });

  it('keeps the first of a group on the shared point and the rest close around it', () => {
    const anchors = Array.from({ length: 30 }, () => ({ x: 300, y: 300 }));

    const dots = spreadDots(anchors, 14, frame);

    expect(dots[0]).toEqual({ x: 300, y: 300 });
    // Thirty dots packed around one point fit in a disc a little over sqrt(30) spacings across.
    for (const dot of dots) expect(Math.hypot(dot.x - 300, dot.y - 300)).toBeLessThan(14 * 4);
  });

  it('pushes a dot at the frame edge inside it', () => {
    const [dot] = spreadDots([{ x: 0, y: 0 }], 14, frame);

    expect(dot).toEqual({ x: frame.left + 7, y: frame.top + 7 });
  });

  it('keeps every dot off the blocked boxes', () => {
    const blocked = { left: 36, top: 120, right: 200, bottom: 260 };
    const anchors = Array.from({ length: 100 }, () => ({ x: 150, y: 200 }));

    const dots = spreadDots(anchors, 14, frame, [blocked]);

    for (const dot of dots) {
      const inside = dot.x + 7 > blocked.left && dot.x - 7 < blocked.right && dot.y + 7 > blocked.top && dot.y - 7 < blocked.bottom;
      expect(inside).toBe(false);
    }
    expect(closestPair(dots)).toBeGreaterThanOrEqual(14 - 1e-9);
  });
});
