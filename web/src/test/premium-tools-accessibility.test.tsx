import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
// Screens whose page adds other features' widgets are rendered as their route page, composed as in the app.
import RoutePlannerRoute from '@/app/routes/plans/planner';
import SaleDetailRoute from '@/app/routes/sales/detail';
import SavedRoute from '@/app/routes/saved';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { AlertsPage } from '@/features/alerts/components/alerts-page';
import { RoutePlanPrint } from '@/features/route-planner/components/route-plan-print';
import { RoutePlanResult } from '@/features/route-planner/components/route-plan-result';
import { RoutePlansList } from '@/features/route-planner/components/route-plans-list';
import { SaveSearchAction } from '@/features/saved-searches/components/save-search-action';
import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list';
import { aSale, anItem } from './fixtures';
import { aFavoriteItem, aFavoriteSale, anAlert, aRoutePlan, aSavedSearch } from './premium-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from './render';

/** axe in jsdom for the premium planning tools (as src/test/accessibility.test.tsx does for the rest). */
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

const premium = { ...testUser, isPremium: true, premiumExpiresAt: '2031-01-01T00:00:00Z' };

/** The route the screen is mounted at, or its pattern and the URL to open. */
type Where = string | { path: string; route: string };
type Case = [string, () => ReactElement, Where, string | RegExp, ((container: HTMLElement) => Promise<void>)?];

const screens: Case[] = [
  ['saved page', () => <SavedRoute />, '/saved', 'Saved Sales (1)'],
  ['alerts page', () => <AlertsPage />, '/alerts', /New match for/],
  [
    'alerts bell with its panel open',
    () => <AlertsBell />,
    '/',
    '',
    async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
      await screen.findByRole('link', { name: 'See all alerts' });
      await screen.findAllByText(/Brass Floor Lamp for/);
    },
  ],
  ['saved searches page', () => <SavedSearchesList />, '/saved-searches', 'Lamps'],
  [
    'save this search dialog',
    () => <SaveSearchAction search={{ q: 'lamp', category: '', maxPrice: '', condition: '', radius: 25 }} />,
    '/search',
    '',
    async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Save this search' }));
    },
  ],
  ['route planner', () => <RoutePlannerRoute />, '/plan', 'Pick the sales'],
  ['route plan result', () => <RoutePlanResult plan={aRoutePlan()} showMap={false} />, '/plan/42', 'Could Not Fit (1 sale)'],
  ['route plan print', () => <RoutePlanPrint planId="42" />, '/plan/42/print', 'Stop Sale 2'],
  ['route plans list', () => <RoutePlansList />, '/plans', 'Saturday loop'],
  ['sale detail with the planning tools', () => <SaleDetailRoute />, { path: '/sales/:id', route: '/sales/1' }, 'Add to calendar'],
];

describe('accessibility of the planning tools (axe)', () => {
  afterEach(() => signOutForTest());

  it.each(screens)('%s has no violations', async (_name, element, where, waitFor, act) => {
    signInAs(premium);
    mockFetch({
      'GET /api/favorites': () => json({ sales: [aFavoriteSale()], items: [aFavoriteItem({ image_urls: ['/p/1.jpg'] })] }),
      'GET /api/favorites/ids': () => json({ saleIds: [1], itemIds: [100] }),
      'GET /api/alerts': () =>
        json({ alerts: [anAlert(), anAlert({ id: 2, read: true, link: null, title: 'Sale deleted' })], unreadCount: 1, nextBefore: 2 }),
      'GET /api/alerts/unread-count': () => json({ unreadCount: 1 }),
      'GET /api/alerts/settings': () => json({ saleUpdateEmails: true, dropOutEmails: false }),
      'GET /api/saved-searches': () => json([aSavedSearch()]),
      'GET /api/route-plans': () =>
        json([
          {
            id: 42,
            name: 'Saturday loop',
            date: '2030-06-14',
            startTime: '08:00',
            stopCount: 2,
            unplannedCount: 1,
            createdAt: '2030-06-01T12:00:00Z',
          },
        ]),
      'GET /api/route-plans/42': () => json(aRoutePlan()),
      'GET /api/sales/1': () => json({ ...aSale({ user_id: 99 }), items: [anItem({ id: 5, title: 'Desk Lamp' })] }),
    });
    const { container } = renderScreen(element(), typeof where === 'string' ? { path: where } : where);
    if (waitFor) await screen.findAllByText(waitFor);
    if (act) await act(container);
    await expectNoViolations(document.body);
  });
});
