import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { Compass } from 'lucide-react';

export default function NotFoundRoute() {
  return (
    <Page title="Page Not Found" width="medium">
      <EmptyState title="Page Not Found" icon={<Compass />} asPageHeading>
        <p>The page you are looking for does not exist.</p>
        <p className="mt-4">
          <LinkButton to="/">Go Home</LinkButton>
        </p>
      </EmptyState>
    </Page>
  );
}
