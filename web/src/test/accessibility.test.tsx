import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
// Screens whose page adds other features' widgets (the hearts, saving a search) are rendered as their route page.
import CommunitySaleRoute from '@/app/routes/community-sales/detail';
import ItemDetailRoute from '@/app/routes/items/detail';
import SearchRoute from '@/app/routes/search';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { AddItem } from '@/features/items/components/add-item';
import { MyItemsList } from '@/features/items/components/my-items-list';
import { ProfileSettings } from '@/features/profile/components/profile-settings';
import { SubscribePage } from '@/features/premium/components/subscribe-page';
import { OrganizeCommunitySale } from '@/features/community-sales/components/edit-community-sale';
import { CreateSale } from '@/features/sales/components/create-sale';
import { MySalesList } from '@/features/sales/components/my-sales-list';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { aCommunitySale, someEntries } from './community-sale-fixtures';
import { anItem, aSale, aSearchResult } from './fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from './render';

/** axe in jsdom: structure, names, labels and ARIA. Colour contrast needs a real browser. */
async function expectNoViolations(container: Element) {
  const results = await axe.run(container, {
    rules: {
      'color-contrast': { enabled: false },
      region: { enabled: false },
      // Off by default in axe (experimental), but a real failure: a control's name must contain its visible text.
      'label-content-name-mismatch': { enabled: true },
    },
  });
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** The route the screen is mounted at, or its pattern and the URL to open. */
type Where = string | { path: string; route: string };

const screens: Array<[string, () => ReactElement, Where, string]> = [
  [
    'header and footer',
    () => (
      <>
        <Header />
        <Footer />
      </>
    ),
    '/',
    '',
  ],
  ['login', () => <LoginForm />, '/login', ''],
  ['register', () => <RegisterForm />, '/register', ''],
  ['search results', () => <SearchRoute />, { path: '/search', route: '/search?q=table' }, 'Oak Dining Table'],
  ['my items', () => <MyItemsList />, '/my-items', 'Showing 1 of 1 items'],
  ['item detail', () => <ItemDetailRoute />, { path: '/items/:id', route: '/items/100' }, 'Garage Sale Details'],
  ['add item', () => <AddItem saleId={null} />, '/create-item', ''],
  ['create sale', () => <CreateSale />, '/create-sale', ''],
  ['my sales', () => <MySalesList />, '/my-sales', 'Maple Street Moving Sale'],
  ['profile', () => <ProfileSettings />, '/profile', ''],
  ['subscribe', () => <SubscribePage />, '/subscribe', ''],
  ['community sale', () => <CommunitySaleRoute />, { path: '/community-sales/:id', route: '/community-sales/3' }, 'Oak Street Sale'],
  ['organise a community sale', () => <OrganizeCommunitySale uploadCover={async () => ({ message: 'unused' })} />, '/organize', ''],
];

describe('accessibility (axe)', () => {
  afterEach(() => signOutForTest());

  it.each(screens)('%s has no violations', async (_name, element, where, waitFor) => {
    signInAs();
    mockFetch({
      'GET /api/items/search': () => json([aSearchResult({ image_urls: ['/p/1.jpg'] })]),
      'GET /api/items/my-items': () => json([anItem()]),
      'GET /api/items/100': () => json(anItem({ image_urls: ['/p/1.jpg', '/p/2.jpg'] })),
      'GET /api/sales/my-sales': () => json([aSale()]),
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(someEntries()),
      'GET /api/payments/config': () => json({ provider: 'simulated', publishableKey: null, priceCents: 199, currency: 'usd' }),
    });
    const { container } = renderScreen(element(), typeof where === 'string' ? { path: where } : where);
    if (waitFor) await screen.findAllByText(waitFor);
    await expectNoViolations(container);
  });
});
