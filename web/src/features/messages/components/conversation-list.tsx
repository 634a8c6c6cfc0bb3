import { Link } from 'react-router-dom';
import type { Conversation } from '@garage/contracts';
import { useUser } from '@/lib/auth';
import { truncate } from '@/lib/format';
import { formatWhen } from '@/lib/when';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useConversations } from '../api/messages';

/** Who the caller is talking to, as they would say it. */
export function otherSide(conversation: Conversation, userId: number | undefined): string {
  return conversation.hostId === userId ? 'A shopper' : 'The host';
}

/** The caller's conversations, latest message first, unread ones marked. */
export function ConversationList() {
  const user = useUser();
  const conversations = useConversations();
  if (!conversations.isSuccess) return <QueryStatus query={conversations} error="Your messages could not be loaded" />;
  const list = conversations.data.conversations;
  if (list.length === 0) {
    return (
      <EmptyState title="No messages yet">
        Ask a seller about an item with <strong>Contact Seller</strong> on its page.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white ring-1 ring-gray-200" aria-label="Conversations">
      {list.map((conversation) => {
        const last = conversation.lastMessage;
        const unread = conversation.unreadCount;
        return (
          <li key={conversation.id}>
            <Link to={`/messages/${conversation.id}`} className="flex items-start gap-3 px-4 py-3 hover:bg-gray-50">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className={unread > 0 ? 'font-bold text-gray-900' : 'font-semibold text-gray-900'}>
                    {conversation.saleTitle ?? 'A garage sale'}
                  </span>
                  <span className="text-sm text-gray-700">
                    {otherSide(conversation, user?.id)}
                    {conversation.itemId !== null && ' · about an item'}
                  </span>
                </p>
                {last && (
                  <p className="mt-0.5 truncate text-sm text-gray-700">
                    {last.senderId === user?.id ? 'You: ' : ''}
                    {truncate(last.text, 120)}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                {last && (
                  <time dateTime={last.createdAt} className="text-xs text-gray-700">
                    {formatWhen(last.createdAt)}
                  </time>
                )}
                {unread > 0 && <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{unread} unread</span>}
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
