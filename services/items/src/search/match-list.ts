import {
  boundingBox,
  CATEGORIES,
  CONDITIONS,
  greatCircleMiles,
  longitudeRanges,
  toCents,
  type Category,
  type Condition,
} from '@garage/contracts';

/** What narrows a list of matches: the search's filters other than its words. */
export interface MatchFilters {
  category?: Category;
  condition?: Condition;
  maxPrice?: number;
  near?: { latitude: number; longitude: number; radiusMiles: number };
}

export interface Hit {
  id: number;
  distance: number | null;
}

const categoryCode = new Map<string, number>(CATEGORIES.map((category, index) => [category, index]));
const conditionCode = new Map<string, number>(CONDITIONS.map((condition, index) => [condition, index]));
const NO_CODE = 255;

/** The columns of a list, one typed array each. */
interface Columns {
  ids: Int32Array;
  /** `ts_rank`, a float4 in Postgres: a Float32Array holds it exactly, so both order alike. */
  ranks: Float32Array;
  latitudes: Float64Array;
  longitudes: Float64Array;
  priceCents: Int32Array;
  categories: Uint8Array;
  conditions: Uint8Array;
}

function allocate(size: number): Columns {
  return {
    ids: new Int32Array(size),
    ranks: new Float32Array(size),
    latitudes: new Float64Array(size),
    longitudes: new Float64Array(size),
    priceCents: new Int32Array(size),
    categories: new Uint8Array(size),
    conditions: new Uint8Array(size),
  };
}

function copy(from: Columns, at: number, to: Columns, index: number): void {
  to.ids[index] = from.ids[at]!;
  to.ranks[index] = from.ranks[at]!;
  to.latitudes[index] = from.latitudes[at]!;
  to.longitudes[index] = from.longitudes[at]!;
  to.priceCents[index] = from.priceCents[at]!;
  to.categories[index] = from.categories[at]!;
  to.conditions[index] = from.conditions[at]!;
}

function copyRange(from: Columns, start: number, end: number, to: Columns, index: number): void {
  to.ids.set(from.ids.subarray(start, end), index);
  to.ranks.set(from.ranks.subarray(start, end), index);
  to.latitudes.set(from.latitudes.subarray(start, end), index);
  to.longitudes.set(from.longitudes.subarray(start, end), index);
  to.priceCents.set(from.priceCents.subarray(start, end), index);
  to.categories.set(from.categories.subarray(start, end), index);
  to.conditions.set(from.conditions.subarray(start, end), index);
}

/**
 * Every searchable item that matches one set of words, in the order search returns them (rank,
 * then newest first), with what the filters need, in typed arrays (about 30 bytes a match). Postgres
 * finds and ranks the matches once; each search with these words and any filters then walks the
 * list and stops at its first `limit` hits, which is why a list keeps the database's order.
 */
export class MatchList {
  private static revisions = 0;

  private constructor(
    /** The search generation the list is true at. */
    readonly generation: string,
    private readonly columns: Columns,
    /** Moves whenever the content does: a list brought to a later generation unchanged keeps it. */
    readonly revision = (MatchList.revisions += 1),
  ) {}

  get size(): number {
    return this.columns.ids.length;
  }

  /**
   * Reads the list from the text the database aggregates (see `matchListQuery`): one line per
   * match, id, rank, latitude, longitude, price in cents, category and condition separated by tabs.
   */
  static parse(generation: string, text: string | null): MatchList {
    const body = text ?? '';
    let size = body ? 1 : 0;
    for (let at = body.indexOf('\n'); at !== -1; at = body.indexOf('\n', at + 1)) size += 1;
    const columns = allocate(size);
    // Field by field with indexOf: a list can hold 150,000 lines, and splitting them all at once
    // would make a million short-lived strings.
    let at = 0;
    const field = (end: string) => {
      const stop = body.indexOf(end, at);
      const value = body.slice(at, stop === -1 ? body.length : stop);
      at = stop === -1 ? body.length : stop + 1;
      return value;
    };
    for (let index = 0; index < size; index += 1) {
      columns.ids[index] = Number(field('\t'));
      columns.ranks[index] = Number(field('\t'));
      const latitude = field('\t');
      const longitude = field('\t');
      // A sale without a place never matches a radius (NaN compares false), as in SQL.
      columns.latitudes[index] = latitude ? Number(latitude) : NaN;
      columns.longitudes[index] = longitude ? Number(longitude) : NaN;
      columns.priceCents[index] = Number(field('\t'));
      columns.categories[index] = categoryCode.get(field('\t')) ?? NO_CODE;
      columns.conditions[index] = conditionCode.get(field('\n')) ?? NO_CODE;
    }
    return new MatchList(generation, columns);
  }

  /**
   * The list at a later generation: without the items that changed since, plus those of them that
   * match now (`additions`, ranked as the database ranks them), each in its place. A change is a
   * handful of items against a list of up to 150,000 matches, and every list searched is brought
   * up to date after each change: the changed items are found by the typed array's own `indexOf`
   * and the rest is copied in runs, rather than visiting every match in JavaScript.
   */
  updated(generation: string, changed: ReadonlySet<number>, additions: MatchList): MatchList {
    const from = this.columns;
    const added = additions.columns;
    const removed = positionsOf(from.ids, changed);
    if (removed.length === 0 && added.ids.length === 0) return new MatchList(generation, from, this.revision);
    // Where each addition goes: before the first match it ranks above (the list is in rank order).
    const inserted = Array.from({ length: added.ids.length }, (_, index) => insertionPoint(from, added, index));
    const to = allocate(from.ids.length - removed.length + added.ids.length);
    let index = 0;
    let at = 0;
    const copyUpTo = (end: number) => {
      if (end > at) copyRange(from, at, end, to, index);
      index += Math.max(0, end - at);
      at = Math.max(at, end);
    };
    let next = 0;
    for (const position of removed) {
      for (; next < inserted.length && inserted[next]! <= position; next += 1) {
        copyUpTo(inserted[next]!);
        copy(added, next, to, index++);
      }
      copyUpTo(position);
      at = position + 1;
    }
    for (; next < inserted.length; next += 1) {
      copyUpTo(inserted[next]!);
      copy(added, next, to, index++);
    }
    copyUpTo(from.ids.length);
    return new MatchList(generation, to);
  }

  /** The first `limit` matches that pass the filters, best first, with their distance if `near` is set. */
  pick(filters: MatchFilters, limit: number): Hit[] {
    const category = filters.category === undefined ? undefined : (categoryCode.get(filters.category) ?? NO_CODE);
    const condition = filters.condition === undefined ? undefined : (conditionCode.get(filters.condition) ?? NO_CODE);
    const maxCents = filters.maxPrice === undefined ? undefined : toCents(filters.maxPrice);
    const near = filters.near;
    const box = near && boundingBox(near.latitude, near.longitude, near.radiusMiles);
    const ranges = box ? longitudeRanges(box) : null;
    const { ids, latitudes, longitudes, priceCents, categories, conditions } = this.columns;
    const hits: Hit[] = [];
    for (let index = 0; index < ids.length && hits.length < limit; index += 1) {
      if (category !== undefined && categories[index] !== category) continue;
      if (condition !== undefined && conditions[index] !== condition) continue;
      if (maxCents !== undefined && priceCents[index]! > maxCents) continue;
      if (!near || !box) {
        hits.push({ id: ids[index]!, distance: null });
        continue;
      }
      const latitude = latitudes[index]!;
      const longitude = longitudes[index]!;
      if (!(latitude >= box.south && latitude <= box.north) || (ranges !== null && !inRanges(longitude, ranges))) continue;
      const distance = greatCircleMiles(near, { latitude, longitude });
      if (distance <= near.radiusMiles) hits.push({ id: ids[index]!, distance });
    }
    return hits;
  }
}

/** Positions of the ids in `ids` (each at most once in a list), in ascending order. */
function positionsOf(ids: Int32Array, changed: ReadonlySet<number>): number[] {
  const positions: number[] = [];
  if (changed.size <= 64) {
    for (const id of changed) {
      const position = ids.indexOf(id);
      if (position !== -1) positions.push(position);
    }
  } else {
    for (let position = 0; position < ids.length; position += 1) if (changed.has(ids[position]!)) positions.push(position);
  }
  return positions.sort((a, b) => a - b);
}

/** The first position in `list` whose match ranks below `additions`' match at `index` (rank, then newest first). */
function insertionPoint(list: Columns, additions: Columns, index: number): number {
  const rank = additions.ranks[index]!;
  const id = additions.ids[index]!;
  let low = 0;
  let high = list.ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rank > list.ranks[middle]! || (rank === list.ranks[middle] && id > list.ids[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Whether a longitude is in one of the box's ranges (at most two: see `longitudeRanges`). */
function inRanges(longitude: number, ranges: Array<[number, number]>): boolean {
  for (const [west, east] of ranges) if (longitude >= west && longitude <= east) return true;
  return false;
}
