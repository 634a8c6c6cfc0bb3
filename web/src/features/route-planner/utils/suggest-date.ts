import type { PlanSale } from '../hooks/use-plan-selection';

/**
 * The day to plan for when the shopper has not picked one: the first day from `today` on which
 * the most of the picked sales are open (each sale is open every day from its start to its end
 * date). With nothing picked, or every sale over, it is today.
 */
export function suggestPlanDate(sales: PlanSale[], today: string): string {
  const candidates = [...new Set(sales.map((sale) => (sale.start_date > today ? sale.start_date : today)))].sort();
  let best = today;
  let bestCount = 0;
  for (const day of candidates) {
    const open = sales.filter((sale) => sale.start_date <= day && day <= sale.end_date).length;
    if (open > bestCount) {
      best = day;
      bestCount = open;
    }
  }
  return best;
}
