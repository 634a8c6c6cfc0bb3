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
  const spacing = radius * 2 + 1.2;
  const circle = input.zipCodes.length === 0 && input.radiusMiles !== null && input.radiusMiles > 0 ? input.radiusMiles : null;
  const sales = places.length > 0 ? boxOf(places) : null;
  // A wide circle around a small town would leave its sales a blur in the middle: the map then
  // shows where the sales are, and a small locator shows that part within the whole circle.
  const zoomed = circle !== null && sales !== null && Math.max(widthOf(sales), heightOf(sales)) < 2 * circle * ZOOM_SHARE;

  // Miles -> page: what is shown fills the frame, less room at the edges for a dot. Where the
  // sales' own extent is shown (a ZIP-code area, a zoomed circle), the room also holds the largest
  // group of sales sharing one point, drawn as a disc of dots.
  const extent =
    circle !== null && !zoomed ? withPoints(circleBox(circle), places) : grown(sales ?? { left: 0, top: 0, right: 0, bottom: 0 });
  const pad = radius + 6 + (circle === null || zoomed ? spacing * 0.6 * Math.sqrt(largestGroup(places)) : 0);
  const fitWidth = Math.max(widthOf(frame) - 2 * pad, widthOf(frame) / 3);
  const fitHeight = Math.max(heightOf(frame) - 2 * pad, heightOf(frame) / 3);
  const scale = Math.min(fitWidth / Math.max(widthOf(extent), 0.2), fitHeight / Math.max(heightOf(extent), 0.2));
  const midX = (extent.left + extent.right) / 2;
  const midY = (extent.top + extent.bottom) / 2;
  const centreX = (frame.left + frame.right) / 2;
  const centreY = (frame.top + frame.bottom) / 2;
  const toPage = (point: Point): Point => ({ x: centreX + (point.x - midX) * scale, y: centreY + (point.y - midY) * scale });
  const blocked = [scaleBarBox(frame), northArrowBox(frame), ...(zoomed ? [locatorBox(frame)] : [])];
  const dots = spreadDots(places.map(toPage), spacing, frame, blocked);

  doc.save();
  doc.rect(frame.left, frame.top, widthOf(frame), heightOf(frame)).clip();
  // A ZIP-code area has no shape of its own here: its outline is drawn around the sales' dots.
  drawOutline(doc, circle !== null ? { centre: toPage({ x: 0, y: 0 }), radius: circle * scale } : { hull: dots, margin: radius + 5 });
  drawDots(
    doc,
    mapped.map((entry) => entry.number),
    dots,
    radius,
  );
  doc.restore();

  doc.rect(frame.left, frame.top, widthOf(frame), heightOf(frame)).lineWidth(0.8).stroke(INK);
  if (zoomed) {
    const shown = {
      left: midX + (frame.left - centreX) / scale,
      right: midX + (frame.right - centreX) / scale,
      top: midY + (frame.top - centreY) / scale,
      bottom: midY + (frame.bottom - centreY) / scale,
    };
    drawLocator(doc, circle, shown, frame);
  }
  drawScaleBar(doc, scale, frame);
  drawNorthArrow(doc, frame);
}

/** Zoom in when the sales span less than this share of the circle's diameter. */
const ZOOM_SHARE = 0.4;
const LOCATOR_SIZE = 92;

/** The whole circle, small, in the frame's top left corner, with the part the map shows. */
function locatorBox(frame: Bounds): Bounds {
  return { left: frame.left + 8, top: frame.top + 8, right: frame.left + 8 + LOCATOR_SIZE, bottom: frame.top + 8 + LOCATOR_SIZE };
}

function drawLocator(doc: Pdf, circleMiles: number, shown: Bounds, frame: Bounds): void {
  const { left, top } = locatorBox(frame);
  const ring = (LOCATOR_SIZE - 22) / 2;
  const cx = left + LOCATOR_SIZE / 2;
  const cy = top + 6 + ring;
  const perMile = ring / circleMiles;
  doc.save();
  doc.rect(left, top, LOCATOR_SIZE, LOCATOR_SIZE).lineWidth(0.6).fillAndStroke('#ffffff', INK);
  doc.circle(cx, cy, ring).lineWidth(0.8).dash(3, { space: 2 }).fillAndStroke(AREA_FILL, OUTLINE);
  doc.undash();
  const width = Math.max(widthOf(shown) * perMile, 3);
  const height = Math.max(heightOf(shown) * perMile, 3);
  const x = cx + ((shown.left + shown.right) / 2) * perMile - width / 2;
  const y = cy + ((shown.top + shown.bottom) / 2) * perMile - height / 2;
  doc.rect(x, y, width, height).lineWidth(1.2).stroke(INK);
  doc.font(FONT).fontSize(6.5).fillColor(INK);
  doc.text('The whole area', left, top + LOCATOR_SIZE - 11, { width: LOCATOR_SIZE, align: 'center', lineBreak: false });
  doc.restore();
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

/** Where the scale bar goes: the bottom left corner, as wide as its longest bar and its label. */
function scaleBarBox(frame: Bounds): Bounds {
  return { left: frame.left + 6, top: frame.bottom - 34, right: frame.left + 12 + widthOf(frame) / 4 + 60, bottom: frame.bottom - 8 };
}

function northArrowBox(frame: Bounds): Bounds {
  return { left: frame.right - 32, top: frame.top + 8, right: frame.right - 8, bottom: frame.top + 44 };
}

function drawScaleBar(doc: Pdf, pointsPerMile: number, frame: Bounds): void {
  const longest = (frame.right - frame.left) / 4;
  const miles = [...SCALE_STEPS_MILES].reverse().find((step) => step * pointsPerMile <= longest) ?? SCALE_STEPS_MILES[0]!;
  const length = miles * pointsPerMile;
  const x = frame.left + 12;
  const y = frame.bottom - 22;
  const label = `${miles} ${miles === 1 ? 'mile' : 'miles'}`;
  const box = scaleBarBox(frame);
  doc.save();
  doc.rect(box.left, box.top, widthOf(box), heightOf(box)).fill('#ffffff');
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

const widthOf = (box: Bounds) => box.right - box.left;
const heightOf = (box: Bounds) => box.bottom - box.top;

/** `box` grown by a tenth of its size on each side, and by at least a quarter mile. */
function grown(box: Bounds): Bounds {
  const margin = Math.max(0.25, 0.1 * Math.max(widthOf(box), heightOf(box)));
  return { left: box.left - margin, top: box.top - margin, right: box.right + margin, bottom: box.bottom + margin };
}

function circleBox(radiusMiles: number): Bounds {
  return { left: -radiusMiles, top: -radiusMiles, right: radiusMiles, bottom: radiusMiles };
}

/** `box` grown to hold `points` too (a sale just outside its circle still shows). */
function withPoints(box: Bounds, points: Point[]): Bounds {
  extentInclude(box, points);
  return box;
}

function extentInclude(box: Bounds, points: Point[]): void {
  for (const point of points) {
    box.left = Math.min(box.left, point.x);
    box.right = Math.max(box.right, point.x);
    box.top = Math.min(box.top, point.y);
    box.bottom = Math.max(box.bottom, point.y);
  }
}
