import { createRequire } from 'node:module';
import type { Point } from './planner.types.js';
import { ZipLocator } from './zip-locator.port.js';

interface ZipRecord {
  latitude: number;
  longitude: number;
  country: string;
}

/** The offline ZIP table of the `zipcodes` package (the one sales geocodes with), loaded on first use. */
export class ZipTableLocator extends ZipLocator {
  private table: { lookup(zip: string): ZipRecord | undefined } | null = null;

  locate(zipCode: string): Point | null {
    if (!/^\d{5}$/.test(zipCode)) return null;
    this.table ??= createRequire(import.meta.url)('zipcodes') as { lookup(zip: string): ZipRecord | undefined };
    const record = this.table.lookup(zipCode);
    // The package also holds Canadian codes and a few records with impossible coordinates.
    if (!record || record.country !== 'US') return null;
    const { latitude, longitude } = record;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  }
}
