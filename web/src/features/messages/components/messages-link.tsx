import { Link } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useConversations } from '../api/messages';

function EnvelopeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path strokeLinecap="round" strokeLinejoin="round" d="m3 7 9 6 9-6" />
    </svg>
  );
}

/** The header's way to the conversations, with the number of unread messages. */
export function MessagesLink({ className }: { className?: string }) {
  const user = useUser();
  const conversations = useConversations();
  if (!user) return null;
  const count = conversations.data?.unreadCount ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}
      className={cn(
        'relative inline-flex items-center justify-center rounded-full p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
        className,
      )}
    >
      <EnvelopeIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
