import type { CommunitySalePrintInput } from './community-sale-input.js';
import { spreadDots, type Bounds } from './dot-layout.js';
import { BOLD, FONT, INK, type Pdf } from './pdf-document.js';
import { grownHull, Plane, type Point } from './plane.js';

const AREA_FILL = '#f3f3f0';
const OUTLINE = '#6b6b6b';
const DOT_STROKE = '#1f3b63';
const SCALE_STEPS_MILES = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 50];

/** Dot size by how many sales share the page: bigger where there is room, never below a legible 6 pt figure. */
function dotRadius(count: number): number {
  if (count <= 60) return 8.5;
  if (count <= 150) return 7.5;
  return 6.5;
}

/**
 * The area's map in `frame`: the area shaded and outlined (its circle, or the outline around the
 * sales of a ZIP-code area), one numbered dot per sale at its place (moved apart where sales are
 * close), a scale bar in miles and a north arrow. No tiles: it prints the same anywhere, offline.
 */
export function drawAreaMap(doc: Pdf, input: CommunitySalePrintInput, frame: Bounds): void {
  const plane = new Plane(input.latitude, input.longitude);
  // A sale without a usable place is left off the map; the list still has it.
  const mapped = input.entries.filter((entry) => Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude));
  const places = mapped.map((entry) => plane.project(entry.latitude, entry.longitude));
  const radius = dotRadius(mapped.length);
  const byZip = input.zipCodes.length > 0 || !(input.radiusMiles !== null && input.radiusMiles > 0);

  // Miles -> page: the area fills the frame, less room at the edges for a dot. A ZIP-code area is
  // as wide as its outermost sales, so it leaves room for the largest group of sales sharing one
  // point, drawn as a disc of dots (a circle's sales are inside it, where their discs have room).
  const extent = byZip ? boxOf(places.length > 0 ? places : [{ x: 0, y: 0 }]) : circleBox(input.radiusMiles!);
  if (!byZip) extentInclude(extent, places);
  const spacing = radius * 2 + 1.2;
  const pad = radius + 6 + (byZip ? spacing * 0.6 * Math.sqrt(largestGroup(places)) : 0);
  const widthMiles = Math.max(extent.right - extent.left, 0.2);
  const heightMiles = Math.max(extent.bottom - extent.top, 0.2);
  const fitWidth = Math.max(frame.right - frame.left - 2 * pad, (frame.right - frame.left) / 3);
  const fitHeight = Math.max(frame.bottom - frame.top - 2 * pad, (frame.bottom - frame.top) / 3);
  const scale = Math.min(fitWidth / widthMiles, fitHeight / heightMiles);
  const midX = (extent.left + extent.right) / 2;
  const midY = (extent.top + extent.bottom) / 2;
  const centreX = (frame.left + frame.right) / 2;
  const centreY = (frame.top + frame.bottom) / 2;
  const toPage = (point: Point): Point => ({ x: centreX + (point.x - midX) * scale, y: centreY + (point.y - midY) * scale });
  const dots = spreadDots(places.map(toPage), spacing, frame);

  doc.save();
  doc.rect(frame.left, frame.top, frame.right - frame.left, frame.bottom - frame.top).clip();
  // A ZIP-code area has no shape of its own here: its outline is drawn around the sales' dots.
  drawOutline(doc, byZip ? { hull: dots, margin: radius + 5 } : { centre: toPage({ x: 0, y: 0 }), radius: input.radiusMiles! * scale });
  drawDots(
    doc,
    mapped.map((entry) => entry.number),
    dots,
    radius,
  );
  doc.restore();

  doc
    .rect(frame.left, frame.top, frame.right - frame.left, frame.bottom - frame.top)
    .lineWidth(0.8)
    .stroke(INK);
  drawScaleBar(doc, scale, frame);
  drawNorthArrow(doc, frame);
}

function drawOutline(doc: Pdf, area: { centre: Point; radius: number } | { hull: Point[]; margin: number }): void {
  doc.save();
  if ('centre' in area) {
    doc.circle(area.centre.x, area.centre.y, area.radius);
  } else {
    if (area.hull.length === 0) return void doc.restore();
    const outline = grownHull(area.hull, area.margin);
    doc.polygon(...outline.map((point): [number, number] => [point.x, point.y]));
  }
  doc.fillColor(AREA_FILL).strokeColor(OUTLINE).lineWidth(1.2).dash(5, { space: 3 }).fillAndStroke();
  doc.undash();
  doc.restore();
}

function drawDots(doc: Pdf, numbers: number[], positions: Point[], radius: number): void {
  if (numbers.length === 0) return;
  const digits = String(Math.max(...numbers)).length;
  // Helvetica's figures are 0.556 em wide: the widest number fits inside its dot.
  const fontSize = Math.min(radius * 1.15, (radius * 2 - 1.4) / (0.556 * digits));
  doc.save();
  doc.lineWidth(0.7).fillColor('#ffffff').strokeColor(DOT_STROKE);
  for (const position of positions) doc.circle(position.x, position.y, radius);
  doc.fillAndStroke();
  doc.font(BOLD).fontSize(fontSize).fillColor(INK);
  // Helvetica's cap height is 0.718 em: this puts the figures' middle on the dot's centre.
  const lift = fontSize * (0.718 / 2 + 0.207);
  numbers.forEach((number, index) => {
    const { x, y } = positions[index]!;
    doc.text(String(number), x - radius, y - lift, { width: radius * 2, align: 'center', lineBreak: false });
  });
  doc.restore();
}

function drawScaleBar(doc: Pdf, pointsPerMile: number, frame: Bounds): void {
  const longest = (frame.right - frame.left) / 4;
  const miles = [...SCALE_STEPS_MILES].reverse().find((step) => step * pointsPerMile <= longest) ?? SCALE_STEPS_MILES[0]!;
  const length = miles * pointsPerMile;
  const x = frame.left + 12;
  const y = frame.bottom - 22;
  const label = `${miles} ${miles === 1 ? 'mile' : 'miles'}`;
  doc.save();
  doc.rect(x - 6, y - 12, length + 12 + 60, 26).fill('#ffffff');
  doc.lineWidth(0.6).strokeColor(INK);
  doc.rect(x, y, length / 2, 5).fillAndStroke(INK, INK);
  doc.rect(x + length / 2, y, length / 2, 5).fillAndStroke('#ffffff', INK);
  doc.font(FONT).fontSize(7).fillColor(INK);
  doc.text('0', x - 2, y - 9, { lineBreak: false });
  doc.text(label, x + length + 6, y - 1, { lineBreak: false });
  doc.restore();
}

function drawNorthArrow(doc: Pdf, frame: Bounds): void {
  const x = frame.right - 20;
  const y = frame.top + 14;
  doc.save();
  doc.polygon([x, y], [x - 6, y + 16], [x, y + 12], [x + 6, y + 16]).fill(INK);
  doc
    .font(BOLD)
    .fontSize(8)
    .fillColor(INK)
    .text('N', x - 10, y + 17, { width: 20, align: 'center', lineBreak: false });
  doc.restore();
}

/** How many sales share the most crowded point (to a few yards). */
function largestGroup(places: Point[]): number {
  const counts = new Map<string, number>();
  let largest = 0;
  for (const place of places) {
    const key = `${Math.round(place.x * 200)},${Math.round(place.y * 200)}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    largest = Math.max(largest, count);
  }
  return largest;
}

function boxOf(points: Point[]): Bounds {
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  extentInclude(box, points);
  return box;
}

function circleBox(radiusMiles: number): Bounds {
  return { left: -radiusMiles, top: -radiusMiles, right: radiusMiles, bottom: radiusMiles };
}

/** Grows `box` to hold `points` too (a sale just outside its circle still shows). */
function extentInclude(box: Bounds, points: Point[]): void {
  for (const point of points) {
    box.left = Math.min(box.left, point.x);
    box.right = Math.max(box.right, point.x);
    box.top = Math.min(box.top, point.y);
    box.bottom = Math.max(box.bottom, point.y);
  }
}
