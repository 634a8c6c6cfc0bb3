import { describe, expect, it } from '@jest/globals';
import {
  alertSettingsSchema,
  alertSettingsUpdateSchema,
  CATEGORIES,
  conditionLabel,
  itemCreateSchema,
  matchesRoutingPattern,
  EVENT_CONSUMERS,
  OFFER_EVENTS,
  offerBodySchema,
  offersQuerySchema,
  parseEvent,
  registerBodySchema,
  saleCreateSchema,
  saleListQuerySchema,
  US_STATES,
} from './index.js';

const sale = {
  title: 'Spring Clean-out',
  address: '12 Oak St',
  city: 'Springfield',
  state: 'il',
  zipCode: '62701',
  startDate: '2026-12-05',
  endDate: '2026-12-05',
  startTime: '08:00',
  endTime: '16:00',
};

describe('constants', () => {
  it('lists the spec’s 10 categories and 50 states', () => {
    expect(CATEGORIES).toHaveLength(10);
    expect(new Set(US_STATES).size).toBe(50);
    expect(US_STATES).not.toContain('DC');
  });

  it('shows conditions with spaces for underscores', () => {
    expect(conditionLabel('like_new')).toBe('Like New');
  });
});

describe('sale form', () => {
  const schema = saleCreateSchema('2026-12-01');

  it('accepts a valid sale and upper-cases the state', () => {
    expect(schema.parse(sale).state).toBe('IL');
  });

  it.each([
    [{ zipCode: '1234' }, 'zipCode', 'ZIP must be 5 digits'],
    [{ state: 'XX' }, 'state', 'State must be one of the 50 two-letter US codes'],
    [{ startDate: '2026-11-30' }, 'startDate', 'Start date cannot be in the past'],
    [{ endDate: '2026-12-04' }, 'endDate', 'End date cannot be before the start date'],
    [{ endTime: '08:00' }, 'endTime', 'End time must be after the start time'],
    [{ startDate: '2026-02-30', endDate: '2026-03-01' }, 'startDate', 'Not a real date'],
  ])('refuses %o naming the field', (change, field, message) => {
    const result = schema.safeParse({ ...sale, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('allows an end time before the start time on a multi-day sale only', () => {
    expect(schema.safeParse({ ...sale, endDate: '2026-12-06', endTime: '07:00' }).success).toBe(true);
  });
});

describe('queries', () => {
  it('coerces numbers and refuses a latitude without a longitude', () => {
    expect(saleListQuerySchema.parse({ latitude: '40.1', longitude: '-88.2', radius: '10' })).toMatchObject({ latitude: 40.1, radius: 10 });
    expect(saleListQuerySchema.safeParse({ latitude: '40.1' }).success).toBe(false);
    expect(saleListQuerySchema.safeParse({ radius: 'far' }).success).toBe(false);
  });
});

describe('payloads', () => {
  it('keeps cents exact and refuses a third decimal', () => {
    const base = { title: 'Lamp', category: 'Home & Garden', price: 12.5 };
    expect(itemCreateSchema.parse(base)).toMatchObject({ price: 12.5, condition: 'good', imageUrls: [], garageSaleId: null });
    expect(itemCreateSchema.safeParse({ ...base, price: 0.001 }).success).toBe(false);
    expect(itemCreateSchema.safeParse({ ...base, price: -1 }).success).toBe(false);
    expect(itemCreateSchema.safeParse({ ...base, imageUrls: Array(6).fill('/api/images/a.jpg') }).success).toBe(false);
  });

  it('takes offers above 0 in dollars with at most 2 decimals, and the host’s offer prices only when they fit the price', () => {
    expect(offerBodySchema.parse({ amount: 12.5 })).toEqual({ amount: 12.5 });
    for (const amount of [0, -1, 1.005, '12']) expect(offerBodySchema.safeParse({ amount }).success).toBe(false);
    expect(offerBodySchema.safeParse({}).error!.issues[0]!.path).toEqual(['amount']);
    expect(offersQuerySchema.parse({})).toEqual({ role: 'buyer' });
    expect(offersQuerySchema.safeParse({ role: 'seller' }).success).toBe(false);
    const base = { title: 'Lamp', category: 'Home & Garden', price: 40 };
    expect(itemCreateSchema.parse({ ...base, minOfferPrice: null })).toMatchObject({ minOfferPrice: null });
    expect(itemCreateSchema.parse({ ...base, minOfferPrice: 20, autoAcceptPrice: 35 })).toMatchObject({
      minOfferPrice: 20,
      autoAcceptPrice: 35,
    });
    const wrong = (form: object) => itemCreateSchema.safeParse({ ...base, ...form }).error?.issues.map((issue) => issue.path.join('.'));
    expect(wrong({ minOfferPrice: 41 })).toEqual(['minOfferPrice']);
    expect(wrong({ autoAcceptPrice: 41 })).toEqual(['autoAcceptPrice']);
    expect(wrong({ minOfferPrice: 30, autoAcceptPrice: 20 })).toEqual(['autoAcceptPrice']);
  });

  it('states the password rule in the spec’s words', () => {
    const result = registerBodySchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', password: '12345' });
    expect(result.error!.issues[0]!.message).toBe('Password must be at least 6 characters');
  });
});

describe('alert settings', () => {
  it('answers all three email settings, and takes any of them to change', () => {
    expect(alertSettingsSchema.safeParse({ saleUpdateEmails: true, dropOutEmails: false }).success).toBe(false);
    expect(alertSettingsSchema.parse({ saleUpdateEmails: true, dropOutEmails: false, offerEmails: true })).toEqual({
      saleUpdateEmails: true,
      dropOutEmails: false,
      offerEmails: true,
    });
    expect(alertSettingsUpdateSchema.parse({ offerEmails: false })).toEqual({ offerEmails: false });
    expect(alertSettingsUpdateSchema.parse({ dropOutEmails: true })).toEqual({ dropOutEmails: true });
    expect(alertSettingsUpdateSchema.parse({ saleUpdateEmails: false })).toEqual({ saleUpdateEmails: false });
    expect(alertSettingsUpdateSchema.parse({ saleUpdateEmails: true, dropOutEmails: true })).toEqual({
      saleUpdateEmails: true,
      dropOutEmails: true,
    });
  });

  it('refuses a change of nothing, or a setting that is not true or false', () => {
    expect(alertSettingsUpdateSchema.safeParse({}).error!.issues[0]!.message).toBe('Give saleUpdateEmails, dropOutEmails or offerEmails');
    const wrong = alertSettingsUpdateSchema.safeParse({ dropOutEmails: 'yes' }).error!.issues[0]!;
    expect([wrong.path, wrong.message]).toEqual([['dropOutEmails'], 'dropOutEmails must be true or false']);
  });
});

describe('events', () => {
  it('validates the envelope and the data of its type', () => {
    const event = {
      id: '6f1c2b9e-8c1d-4f6e-9a2b-3c4d5e6f7a8b',
      type: 'sale.deleted',
      occurredAt: new Date().toISOString(),
      version: 3,
      data: { id: 1, user_id: 2 },
    };
    expect(parseEvent(event).type).toBe('sale.deleted');
    expect(() => parseEvent({ ...event, data: { id: 'x' } })).toThrow();
    expect(() => parseEvent({ ...event, type: 'sale.exploded' })).toThrow();
  });

  it('sends every offer event to messages and notifications', () => {
    for (const type of OFFER_EVENTS) {
      expect(EVENT_CONSUMERS.messages).toContain(type);
      expect(EVENT_CONSUMERS.notifications).toContain(type);
    }
  });

  it('matches topic patterns as the broker does', () => {
    expect(matchesRoutingPattern('sale.*', 'sale.created')).toBe(true);
    expect(matchesRoutingPattern('sale.*', 'item.created')).toBe(false);
    expect(matchesRoutingPattern('#', 'user.premium_activated')).toBe(true);
    expect(matchesRoutingPattern('user.updated', 'user.updated')).toBe(true);
  });
});
