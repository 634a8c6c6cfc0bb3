import { describe, expect, it } from 'vitest';
import { itemStatus } from './item-status';

const item = (is_sold: boolean, is_reserved: boolean, garage_sale_id: number | null) => ({ is_sold, is_reserved, garage_sale_id });

describe('itemStatus', () => {
  it('Sold wins over everything', () => {
    expect(itemStatus(item(true, true, 3))).toBe('sold');
    expect(itemStatus(item(true, false, null))).toBe('sold');
  });

  it('Reserved wins over In Sale', () => {
    expect(itemStatus(item(false, true, 3))).toBe('reserved');
  });

  it('an item in a sale is In Sale', () => {
    expect(itemStatus(item(false, false, 3))).toBe('in_sale');
  });

  it('anything else is Available', () => {
    expect(itemStatus(item(false, false, null))).toBe('available');
  });

  it('the item page knows only sold, reserved and available', () => {
    expect(itemStatus(item(false, false, 3), { withSale: false })).toBe('available');
    expect(itemStatus(item(false, true, 3), { withSale: false })).toBe('reserved');
  });
});
