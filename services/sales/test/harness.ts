import { addDays, usToday, type UserSnapshot } from '@garage/contracts';
import { userSnapshot as baseUser } from '@garage/testing';

/** The sales service's fixtures; starting it, tokens, events and waiting come from `@garage/testing`. */

/** The calendar day `days` after the server's "today" (UTC-10), as the sale rules see it. */
export function dayFromToday(days: number): string {
  return addDays(usToday(new Date()), days);
}

/** A valid sale form (Beverly Hills, 90210), starting in a week. */
export function saleForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Moving sale',
    description: 'Furniture and books',
    address: '1 Main St',
    city: 'Beverly Hills',
    state: 'CA',
    zipCode: '90210',
    startDate: dayFromToday(7),
    endDate: dayFromToday(8),
    startTime: '08:00',
    endTime: '16:00',
    ...overrides,
  };
}

/** A user as auth announces it: Ada Lovelace, with a phone, unless overridden. */
export function userSnapshot(id: number, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return baseUser(id, { firstName: 'Ada', lastName: 'Lovelace', phone: '555-0100', ...overrides });
}

/**
 * A valid community sale form: two miles around Beverly Hills (90210's centre), the two days of
 * `saleForm`'s sale, a rain date the week after, no approval needed.
 */
export function communitySaleForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Beverly Hills Sale Day',
    description: 'Sales all over the neighbourhood',
    latitude: 34.0901,
    longitude: -118.4065,
    radiusMiles: 2,
    days: [
      { date: dayFromToday(7), startTime: '08:00', endTime: '15:00' },
      { date: dayFromToday(8), startTime: '09:00', endTime: '13:00' },
    ],
    rainDate: dayFromToday(14),
    coverImageUrl: '/api/images/cover.jpg',
    requiresApproval: false,
    ...overrides,
  };
}
