import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { wallClockAt } from '@garage/contracts/time-zone';
import type { RoutePlan, RoutePlanBody, RoutePlanPreview, RoutePlanReplanBody, RoutePlanSummary } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { routePlanKeys } from '@/lib/query-keys';

/** What the form sends: the contract's body before defaults (minutesPerStop, name) are applied. */
export type RoutePlanRequest = Omit<RoutePlanBody, 'minutesPerStop' | 'name' | 'communitySaleId' | 'filters'> & {
  minutesPerStop?: number;
  name?: string | null;
  communitySaleId?: number | null;
  filters?: RoutePlanBody['filters'];
};

/** POST /api/route-plans/preview: everyone signed in gets the summary; members also the plan. */
export function previewRoutePlan(body: RoutePlanRequest): Promise<RoutePlanPreview> {
  return api.post<RoutePlanPreview>('/api/route-plans/preview', body);
}

/** POST /api/route-plans: plans and saves (premium; the server answers 403 otherwise). */
export function createRoutePlan(body: RoutePlanRequest): Promise<RoutePlan> {
  return api.post<RoutePlan>('/api/route-plans', body);
}

export function getRoutePlans(signal?: AbortSignal): Promise<RoutePlanSummary[]> {
  return api.get<RoutePlanSummary[]>('/api/route-plans', { signal });
}

export function getRoutePlan(id: string, signal?: AbortSignal): Promise<RoutePlan> {
  return api.get<RoutePlan>(`/api/route-plans/${encodeURIComponent(id)}`, { signal });
}

export function deleteRoutePlan(id: number): Promise<void> {
  return api.delete(`/api/route-plans/${id}`);
}

/** POST /api/route-plans/{id}/replan: the rest of today from where the shopper is (premium; nothing saved). */
export function replanRoutePlan(id: number, here: RoutePlanReplanBody): Promise<RoutePlan> {
  return api.post<RoutePlan>(`/api/route-plans/${id}/replan`, here);
}

export const routePlanCalendarPath = (id: number) => `/api/route-plans/${id}/calendar.ics`;

export const routePlansQueryOptions = () => queryOptions({ queryKey: routePlanKeys.list, queryFn: ({ signal }) => getRoutePlans(signal) });

/** Read again each minute on the plan's day (on its clock). */
export const PLAN_DAY_REFRESH_MS = 60_000;

/** Whether the plan read is for today on its own clock. */
const onItsDay = (query: { state: { data?: RoutePlan } }) => {
  const plan = query.state.data;
  return plan !== undefined && wallClockAt(new Date(), plan.timeZone).date === plan.date;
};

export const routePlanQueryOptions = (id: string) =>
  // A saved plan is a snapshot, but on its day its stops' sales change (a host winding down, a sale
  // closing early and dropping out): then it is read again each minute, and at once when the
  // shopper comes back to the app (a phone in a pocket between stops).
  queryOptions({
    queryKey: routePlanKeys.detail(id),
    queryFn: ({ signal }) => getRoutePlan(id, signal),
    staleTime: 60_000,
    refetchInterval: (query) => (onItsDay(query) ? PLAN_DAY_REFRESH_MS : false),
    refetchOnWindowFocus: (query) => (onItsDay(query) ? 'always' : false),
  });

export function useRoutePlans() {
  return useQuery(routePlansQueryOptions());
}

export function useRoutePlan(id: string) {
  return useQuery(routePlanQueryOptions(id));
}

export function usePreviewRoutePlan() {
  return useMutation({ mutationFn: previewRoutePlan });
}

export function useCreateRoutePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoutePlan,
    onSuccess: (plan) => {
      if (plan.id !== null) queryClient.setQueryData(routePlanKeys.detail(String(plan.id)), plan);
      void queryClient.invalidateQueries({ queryKey: routePlanKeys.list });
    },
  });
}

export function useReplanRoutePlan(id: number) {
  return useMutation({ mutationFn: (here: RoutePlanReplanBody) => replanRoutePlan(id, here) });
}

export function useDeleteRoutePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoutePlan,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: routePlanKeys.detail(String(id)) });
      void queryClient.invalidateQueries({ queryKey: routePlanKeys.list });
    },
  });
}
