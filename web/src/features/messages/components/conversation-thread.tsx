import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationDetail, Message, MessageOffer } from '@garage/contracts';
import { MESSAGE_MAX_LENGTH } from '@garage/contracts/constants';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatWhen } from '@/lib/when';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextAreaField } from '@/components/ui/field';
import { QueryStatus } from '@/components/ui/query-status';
import { useConversation, useMarkConversationRead, useSendMessage } from '../api/messages';
import { otherSide } from './conversation-list';
import { SafetyActions } from './safety-actions';

/**
 * How a conversation shows an offer's change: the page composes it from the offers feature.
 * `current`: this is the newest message of that offer (its card carries the offer's buttons).
 */
export type RenderOffer = (change: MessageOffer, current: boolean) => ReactNode;

/** One message; the text is shown as typed (React escapes it), with the warning its recipient gets. */
function MessageBubble({ message, mine, offer }: { message: Message; mine: boolean; offer?: ReactNode }) {
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn('max-w-[85%] rounded-lg px-3 py-2', mine ? 'bg-blue-700 text-white' : 'bg-white text-gray-900 ring-1 ring-gray-200')}
      >
        {message.flagged && message.warning && (
          <p role="note" className="mb-2 rounded-md bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900">
            ⚠ {message.warning}
          </p>
        )}
        <p className="whitespace-pre-wrap break-words">{message.text}</p>
        {offer && <div className="mt-2 text-gray-900">{offer}</div>}
        <p className={cn('mt-1 text-xs', mine ? 'text-blue-100' : 'text-gray-700')}>
          <span className="sr-only">{mine ? 'You, ' : 'Them, '}</span>
          <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
        </p>
      </div>
    </li>
  );
}

function Composer({ id }: { id: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(id);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    send.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-label="Reply">
      <TextAreaField
        label="Your reply"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MESSAGE_MAX_LENGTH}
      />
      {send.isError && <Alert tone="error">{errorMessage(send.error, 'Your message could not be sent. Try again.')}</Alert>}
      <Button type="submit" disabled={send.isPending || text.trim() === ''}>
        {send.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

function Heading({ conversation, userId }: { conversation: ConversationDetail; userId: number | undefined }) {
  return (
    <div className="mb-4">
      <title>{`Messages: ${conversation.saleTitle ?? 'a garage sale'} | Garage`}</title>
      <h1 className="text-2xl font-bold text-gray-900">
        <Link to={`/sales/${conversation.saleId}`} className="hover:underline">
          {conversation.saleTitle ?? 'A garage sale'}
        </Link>
      </h1>
      <p className="mt-1 text-gray-700">
        {otherSide(conversation, userId)}
        {conversation.itemId !== null && (
          <>
            {' · '}
            <Link to={`/items/${conversation.itemId}`} className="font-semibold text-blue-700 underline">
              the item
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

/** A conversation: its messages oldest to newest, older pages on demand, a reply box, and safety. */
export function ConversationThread({ id, renderOffer }: { id: string; renderOffer?: RenderOffer }) {
  const user = useUser();
  const conversation = useConversation(id);
  const markRead = useMarkConversationRead(id);
  const first = conversation.data?.pages[0];
  const unread = first?.unreadCount ?? 0;
  const { mutate: markAsRead } = markRead;
  // Opening it (and each new message that comes while it is open) reads what was unread.
  useEffect(() => {
    if (unread > 0) markAsRead();
  }, [unread, first?.messages[0]?.id, markAsRead]);

  if (conversation.isError && isNotFound(conversation.error)) {
    return (
      <EmptyState title="Conversation not found" asPageHeading>
        <Link to="/messages" className="font-semibold text-blue-700 underline">
          Back to your messages
        </Link>
      </EmptyState>
    );
  }
  if (!conversation.isSuccess || !first) return <QueryStatus query={conversation} error="This conversation could not be loaded" />;
  const messages = conversation.data.pages.flatMap((page) => page.messages).reverse();
  // The newest message of each offer: the one whose card can still be acted on.
  const newestOfOffer = new Map(messages.filter((m) => m.offer).map((m) => [m.offer!.offerId, m.id]));
  return (
    <div>
      <Heading conversation={first} userId={user?.id} />
      {conversation.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mb-3"
          disabled={conversation.isFetchingNextPage}
          onClick={() => void conversation.fetchNextPage()}
        >
          {conversation.isFetchingNextPage ? 'Loading...' : 'Show older messages'}
        </Button>
      )}
      <ol className="mb-6 space-y-3 rounded-lg bg-gray-50 p-3" aria-label="Messages">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            mine={message.senderId === user?.id}
            offer={message.offer && renderOffer?.(message.offer, newestOfOffer.get(message.offer.offerId) === message.id)}
          />
        ))}
      </ol>
      <Composer id={id} />
      <SafetyActions conversationId={id} otherUserId={first.otherUserId} />
    </div>
  );
}
