import { useParams } from 'react-router-dom';
import { useUser } from '@/lib/auth';
import { Page } from '@/components/ui/page';
import { ConversationThread } from '@/features/messages/components/conversation-thread';
import { OfferInThread } from '@/features/offers/components/offer-in-thread';
import { useConversation } from '@/features/messages/api/messages';

export default function ConversationRoute() {
  const { id = '' } = useParams();
  const user = useUser();
  // Shared with the thread's own query (same key): which side of its offers the caller is on.
  const buyerId = useConversation(id).data?.pages[0]?.buyerId;
  const role = buyerId === user?.id ? 'buyer' : 'host';
  return (
    <Page width="medium">
      <ConversationThread
        key={id}
        id={id}
        renderOffer={(change, current) => <OfferInThread change={change} role={role} current={current} />}
      />
    </Page>
  );
}
