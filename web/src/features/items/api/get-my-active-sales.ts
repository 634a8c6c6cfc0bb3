import { useQuery } from '@tanstack/react-query';
import type { Sale } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

/** The host's sales an item can be added to from /create-item (active ones only). */
export function useMyActiveSales() {
  return useQuery({
    queryKey: saleKeys.mine,
    queryFn: ({ signal }) => api.get<Sale[]>('/api/sales/my-sales', { signal }),
    select: (sales) => sales.filter((sale) => sale.status === 'active'),
  });
}
