import { Page } from '@/components/ui/page';
import { SUPPORT_EMAIL } from '@/components/layout/footer';

export default function PrivacyRoute() {
  return (
    <Page title="Privacy Policy" heading="Privacy Policy" intro="What we collect, why, and your choices." width="medium">
      <div className="space-y-6 text-gray-800">
        <section>
          <h2 className="text-lg font-semibold text-gray-900">What we collect</h2>
          <p className="mt-2">
            Your name, email address and, if you give it, your phone number; the sales and items you list with their photos; and, only while
            you browse and only if you allow it, your location to show nearby sales. Payments are handled by our payment provider; we never
            see or store your card number.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-gray-900">Who sees what</h2>
          <p className="mt-2">
            Visitors who are not signed in see only the city and state of a sale. Signed-in members see the street address, the host&apos;s
            name, rating and phone number. Photo metadata, including GPS position, is removed when you upload.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-gray-900">How we use it</h2>
          <p className="mt-2">
            To run the marketplace, keep your account secure and answer support requests. We do not sell your personal data.
          </p>
        </section>
        <section>
          <h2 className="text-lg font-semibold text-gray-900">Your choices</h2>
          <p className="mt-2">
            You can edit your profile at any time, delete your sales and items, and ask us to delete your account by writing to{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-blue-700 hover:underline">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </section>
      </div>
    </Page>
  );
}
