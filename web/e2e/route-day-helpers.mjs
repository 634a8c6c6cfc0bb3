/**
 * For journeys on the day of a sale: a place whose day still has room for a route, its clock, sales
 * open all of that day there, and a premium shopper (route plans are a membership feature).
 *
 * "Today" is the sales' own day: the sales are in Springfield, IL, or, late in a Chicago evening
 * (when a plan could no longer fit before midnight there), in Honolulu, four or five hours behind.
 */
import { api, eventually, HOME } from './helpers.mjs';

const SPRINGFIELD = {
  zone: 'America/Chicago',
  latitude: HOME.latitude,
  longitude: HOME.longitude,
  zipCode: HOME.zipCode,
  city: HOME.city,
  state: HOME.state,
};
const HONOLULU = { zone: 'Pacific/Honolulu', latitude: 21.3069, longitude: -157.8583, zipCode: '96813', city: 'Honolulu', state: 'HI' };

/** The date and HH:MM on the clocks of `zone` now. */
export function clockIn(zone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, hour: Number(parts.hour) };
}

/** Where today's sales are: Springfield, or Honolulu once Chicago's evening is too late. */
export function placeForToday() {
  return clockIn(SPRINGFIELD.zone).hour < 22 ? SPRINGFIELD : HONOLULU;
}

/** A sale form for a sale open all of today at `place`. */
export function todaysSale(place, title, address) {
  const today = clockIn(place.zone).date;
  return {
    title,
    address,
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    startDate: today,
    endDate: today,
    startTime: '00:00',
    endTime: '23:59',
  };
}

/** The account made premium through the simulated provider, with its user object as it reads now. */
export async function premium(account) {
  const { paymentIntentId } = await api('POST', '/api/payments/subscribe', { token: account.token });
  await api('POST', '/api/payments/confirm-subscription', { token: account.token, body: { paymentIntentId } });
  await eventually(async () => (await api('GET', '/api/users/me', { token: account.token })).isPremium, { what: 'the premium membership' });
  return { ...account, user: await api('GET', '/api/users/me', { token: account.token }) };
}
