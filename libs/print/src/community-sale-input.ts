/** One day of a sale: `YYYY-MM-DD` and `HH:MM` (24 h) on the sale's own clock. */
export interface PrintDay {
  date: string;
  startTime: string;
  endTime: string;
}

/** Who the printout is for: a member sees each sale's address, a visitor only its street. */
export type PrintAudience = 'member' | 'visitor';

/** One sale in a community sale, under its stable number. */
export interface CommunitySalePrintEntry {
  number: number;
  title: string;
  /** The street address; printed for members only (never for a visitor, whatever is passed). */
  address: string | null;
  /** The street without house number or unit (`streetOnly(address)`); what a visitor sees. */
  street: string | null;
  latitude: number;
  longitude: number;
  /** The sale's hours on each of the community sale's days it is open. */
  hours: PrintDay[];
  categories: string[];
  itemCount: number;
}

/**
 * Everything a community sale's printout shows. The area is a circle of `radiusMiles` around
 * (`latitude`, `longitude`), or, when `zipCodes` is not empty, the ZIP codes listed (drawn as the
 * outline around the sales).
 */
export interface CommunitySalePrintInput {
  name: string;
  description: string;
  days: PrintDay[];
  rainDate: string | null;
  latitude: number;
  longitude: number;
  radiusMiles: number | null;
  zipCodes: string[];
  /** The community sale's public page, encoded in the QR code. */
  pageUrl: string;
  audience: PrintAudience;
  entries: CommunitySalePrintEntry[];
}
