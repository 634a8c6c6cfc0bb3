import type { SaleFilters } from '../api/get-sales';

export type FilterErrors = Partial<Record<'endDate' | 'endTime', string>>;

/**
 * GET /api/sales refuses an inverted window with a 400 (end date before the start date, end time
 * not after the start time). Halfway through typing a window that is normal, so the browser says
 * it next to the field and does not ask the server until the window makes sense.
 */
export function saleFilterErrors(filters: Pick<SaleFilters, 'startDate' | 'endDate' | 'startTime' | 'endTime'>): FilterErrors {
  const errors: FilterErrors = {};
  if (filters.startDate && filters.endDate && filters.endDate < filters.startDate) {
    errors.endDate = 'End date cannot be before the start date';
  }
  if (filters.startTime && filters.endTime && filters.endTime <= filters.startTime) {
    errors.endTime = 'End time must be after the start time';
  }
  return errors;
}
