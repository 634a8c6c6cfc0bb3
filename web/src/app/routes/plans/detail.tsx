import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { downloadCalendar } from '@/features/calendar/api/download-calendar';
import { useRoutePlan } from '@/features/route-planner/api/route-plans';
import { RoutePlanView } from '@/features/route-planner/components/route-plan-view';
import { getSaleQueryOptions } from '@/features/sales/api/get-sale';

/**
 * A plan opened with the network fetches its sales and their photos too, so the service worker
 * keeps them (src/service-worker.js): on the road, the plan, each stop's sale page and its photos
 * open without network.
 */
export function useKeepPlanOffline(planId: string) {
  const plan = useRoutePlan(planId);
  const queryClient = useQueryClient();
  const saleIds = plan.data?.stops.map((stop) => stop.saleId) ?? [];
  const key = saleIds.join(',');
  useEffect(() => {
    if (!key || !navigator.onLine) return;
    const controller = new AbortController();
    for (const saleId of key.split(',')) {
      void queryClient
        .fetchQuery(getSaleQueryOptions(saleId))
        .then((sale) => {
          const photos = new Set([...(sale.photo_urls ?? []), ...sale.items.flatMap((item) => item.image_urls)]);
          return Promise.all([...photos].map((url) => fetch(url, { signal: controller.signal }).catch(() => undefined)));
        })
        .catch(() => undefined); // a sale that cannot be fetched now is simply not kept
    }
    return () => controller.abort();
  }, [key, queryClient]);
}

export default function RoutePlanRoute() {
  const { id = '' } = useParams();
  useKeepPlanOffline(id);
  return (
    <Page>
      <RoutePlanView key={id} planId={id} downloadCalendar={downloadCalendar} />
    </Page>
  );
}
