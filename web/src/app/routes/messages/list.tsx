import { Page } from '@/components/ui/page';
import { ConversationList } from '@/features/messages/components/conversation-list';

export default function MessagesRoute() {
  return (
    <Page title="Messages" heading="Messages" intro="Your conversations with hosts and shoppers." width="medium">
      <ConversationList />
    </Page>
  );
}
