import { Page } from '@/components/ui/page';
import { ProfileSettings } from '@/features/profile/components/profile-settings';

export default function ProfileRoute() {
  return (
    <Page title="Profile Settings" heading="Profile Settings" intro="Manage your account details." width="medium">
      <ProfileSettings />
    </Page>
  );
}
