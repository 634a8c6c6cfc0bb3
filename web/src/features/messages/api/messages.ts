import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationDetail, ConversationList, ConversationStart, Message } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { usePollInterval } from '@/lib/live-updates';
import { messageKeys } from '@/lib/query-keys';

/** How often the header and an open conversation ask for what is new (and again on focus). */
export const MESSAGES_POLL_MS = 30_000;
const PAGE_SIZE = 30;

export function getConversations(signal?: AbortSignal): Promise<ConversationList> {
  return api.get<ConversationList>('/api/conversations', { signal });
}

export function getConversation(id: string, before: number | undefined, signal?: AbortSignal): Promise<ConversationDetail> {
  return api.get<ConversationDetail>(`/api/conversations/${encodeURIComponent(id)}`, { query: { limit: PAGE_SIZE, before }, signal });
}

export function startConversation(body: ConversationStart): Promise<Conversation> {
  return api.post<Conversation>('/api/conversations', body);
}

export function sendMessage(id: string, text: string): Promise<Message> {
  return api.post<Message>(`/api/conversations/${encodeURIComponent(id)}/messages`, { text });
}

export function markConversationRead(id: string): Promise<{ unreadCount: number }> {
  return api.post<{ unreadCount: number }>(`/api/conversations/${encodeURIComponent(id)}/read`);
}

export function blockMember(userId: number): Promise<unknown> {
  return api.post('/api/blocks', { userId });
}

export function reportConversation(id: string, reason: string): Promise<unknown> {
  return api.post(`/api/conversations/${encodeURIComponent(id)}/report`, { reason });
}

/** The caller's conversations, latest message first, and the header's unread count. */
export function useConversations() {
  return useQuery({
    queryKey: messageKeys.list,
    queryFn: ({ signal }) => getConversations(signal),
    enabled: useSession().status === 'authenticated',
    refetchInterval: usePollInterval(MESSAGES_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** One conversation, newest page first; older pages on demand. */
export function useConversation(id: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.detail(id),
    queryFn: ({ pageParam, signal }) => getConversation(id, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    refetchInterval: usePollInterval(MESSAGES_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.list }),
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage(id, text),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useMarkConversationRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.list }),
  });
}

export function useBlockMember() {
  return useMutation({ mutationFn: blockMember });
}

export function useReportConversation(id: string) {
  return useMutation({ mutationFn: (reason: string) => reportConversation(id, reason) });
}
