import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { ConversationThread } from '@/features/messages/components/conversation-thread';

export default function ConversationRoute() {
  const { id = '' } = useParams();
  return (
    <Page width="medium">
      <ConversationThread key={id} id={id} />
    </Page>
  );
}
