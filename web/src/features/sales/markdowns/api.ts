import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Markdown, MarkdownCreate } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

export function getMarkdowns(saleId: number): Promise<Markdown[]> {
  return api.get<Markdown[]>('/api/markdowns', { query: { saleId } });
}

export function scheduleMarkdown(body: MarkdownCreate): Promise<Markdown> {
  return api.post<Markdown>('/api/markdowns', body);
}

export function cancelMarkdown(id: number): Promise<void> {
  return api.delete(`/api/markdowns/${id}`);
}

export function useMarkdowns(saleId: number) {
  return useQuery({ queryKey: saleKeys.markdowns(saleId), queryFn: () => getMarkdowns(saleId) });
}

/** The list and every sale object (its `upcoming_markdown`) are read anew. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: saleKeys.all });
}

export function useScheduleMarkdown() {
  return useMutation({ mutationFn: scheduleMarkdown, onSuccess: useRefresh() });
}

export function useCancelMarkdown() {
  return useMutation({ mutationFn: cancelMarkdown, onSuccess: useRefresh() });
}
