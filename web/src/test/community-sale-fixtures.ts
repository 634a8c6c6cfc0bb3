import type { CommunitySale } from '@garage/contracts';
import type { Entry } from '@/features/community-sales/api/community-sales';
import { aSale } from './fixtures';

export function aCommunitySale(overrides: Partial<CommunitySale> = {}): CommunitySale {
  return {
    id: 3,
    organizerId: 9,
    name: 'Hopewell Town-wide Garage Sale',
    description: 'Sales all over town.',
    latitude: 39.8,
    longitude: -89.6,
    radiusMiles: 3,
    zipCodes: [],
    days: [
      { date: '2030-06-14', startTime: '08:00', endTime: '15:00' },
      { date: '2030-06-15', startTime: '09:00', endTime: '13:00' },
    ],
    rainDate: '2030-06-21',
    coverImageUrl: null,
    requiresApproval: true,
    status: 'scheduled',
    saleCount: 3,
    ...overrides,
  };
}

/** Three numbered sales (Furniture at 1 and 3, Books at 2), as a visitor receives them (no address). */
export function someEntries(): Entry[] {
  const sale = (id: number, title: string, userId = 50 + id) => ({
    ...aSale({ id, title, user_id: userId, address: null, zip_code: null, first_name: null, last_name: null, phone: null, rating: null }),
    latitude: 39.8 + id / 1000,
    longitude: -89.6,
  });
  return [
    { number: 1, status: 'approved', sale: sale(11, 'Oak Street Sale'), categories: ['Furniture', 'Toys'] },
    { number: 2, status: 'approved', sale: sale(12, 'Elm Street Sale'), categories: ['Books'] },
    { number: 3, status: 'approved', sale: sale(13, 'Birch Street Sale'), categories: ['Furniture'] },
  ];
}
