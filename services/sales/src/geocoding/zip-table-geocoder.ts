import { createRequire } from 'node:module';
import { Geocoder, type GeoPoint } from './geocoder.port.js';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  country: string;
}

interface ZipTable {
  lookup(zip: string): ZipRecord | undefined;
}

/**
 * The offline US ZIP table of the `zipcodes` package (about 42,500 ZIPs with their centroids):
 * deterministic, no network, loaded once per process.
 */
export class ZipTableGeocoder extends Geocoder {
  private table: ZipTable | null = null;

  async locate(zipCode: string): Promise<GeoPoint | null> {
    if (!/^\d{5}$/.test(zipCode)) return null;
    const record = this.zipTable().lookup(zipCode);
    // The package also holds Canadian codes and a few records with impossible coordinates.
    if (!record || record.country !== 'US') return null;
    const { latitude, longitude } = record;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  }

  private zipTable(): ZipTable {
    // A CommonJS package without type declarations: loaded lazily, so a process that never geocodes
    // does not pay for parsing the table.
    this.table ??= createRequire(import.meta.url)('zipcodes') as ZipTable;
    return this.table;
  }
}
