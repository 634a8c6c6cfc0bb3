import { describe, expect, it } from '@jest/globals';
import { streetOnly } from './street-only.js';

describe('streetOnly', () => {
  it.each([
    ['1204 Maple St', 'Maple St'],
    ['1204 N Maple St', 'N Maple St'],
    ['1204 Maple St, Apt 3', 'Maple St'],
    ['1204 Maple St Apt 3B', 'Maple St'],
    ['1204 Maple St #12', 'Maple St'],
    ['1204 Maple St Unit C', 'Maple St'],
    ['77 Oak Ave Suite 200, Austin, TX 78701', 'Oak Ave'],
    ['1204A Maple St', 'Maple St'],
    ['12 1/2 Main St', 'Main St'],
    ['123-45 Queens Blvd', 'Queens Blvd'],
    ['W123N4567 Fond du Lac Ave', 'Fond du Lac Ave'],
    ['450 5th Ave', '5th Ave'],
    ['2200 16 Mile Rd', '16 Mile Rd'],
    ['90 Route 66', 'Route 66'],
    ['  31   Lot   Ln ', 'Lot Ln'],
    ['8 Suite Dr', 'Suite Dr'],
    ['Apt 4, 1204 Maple St', 'Maple St'],
    ['Maple St', 'Maple St'],
  ])('%s -> %s', (address, street) => {
    expect(streetOnly(address)).toBe(street);
  });

  it.each([[''], [null], [undefined], ['1204'], ['1204, Apt 3']])('answers nothing for %p', (address) => {
    expect(streetOnly(address)).toBe('');
  });
});
