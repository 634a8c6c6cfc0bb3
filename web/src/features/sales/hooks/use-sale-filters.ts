import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_RADIUS_MILES, PAYMENT_METHODS } from '@garage/contracts/constants';
import type { SaleFilters } from '../api/get-sales';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Browse filters live in the URL, so a filtered view can be shared and survives Back. */
export function useSaleFilters(radiusChoices: readonly number[]): [SaleFilters, (next: Partial<SaleFilters>) => void, () => void] {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<SaleFilters>(() => {
    const pick = (key: string, pattern: RegExp) => {
      const value = params.get(key) ?? '';
      return pattern.test(value) ? value : '';
    };
    const radius = Number(params.get('radius'));
    return {
      startDate: pick('startDate', DATE),
      endDate: pick('endDate', DATE),
      startTime: pick('startTime', TIME),
      endTime: pick('endTime', TIME),
      radius: radiusChoices.includes(radius) ? radius : DEFAULT_RADIUS_MILES,
      paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(params.get('paymentMethod') ?? '') ? params.get('paymentMethod')! : '',
    };
  }, [params, radiusChoices]);

  const update = useCallback(
    (next: Partial<SaleFilters>) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === '' || value === undefined || (key === 'radius' && value === DEFAULT_RADIUS_MILES)) merged.delete(key);
            else merged.set(key, String(value));
          }
          return merged;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return [filters, update, clear];
}
