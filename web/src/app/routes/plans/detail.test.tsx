import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aRoutePlan } from '@/test/premium-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import RoutePlanRoute from './detail';

// The map loads lazily with Leaflet, which needs a window: under a loaded run its import can finish
// after the test's jsdom is gone, so the page here gets a map that draws nothing.
vi.mock('@/features/route-planner/components/route-map', () => ({ default: () => null }));

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

/** The plan page hands the route planner the calendar feature's download. */
describe('Route plan page', () => {
  afterEach(() => {
    signOutForTest();
    // jsdom has no blob URLs; the download test lends URL its two functions.
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('downloads the plan’s calendar file with the token', async () => {
    signInAs({ ...testUser, isPremium: true });
    const createObjectURL = vi.fn(() => 'blob:plan');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { calls } = mockFetch({
      'GET /api/route-plans/42': () => json(aRoutePlan()),
      'GET /api/route-plans/42/calendar.ics': () => new Response(ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } }),
    });
    renderScreen(<RoutePlanRoute />, { path: '/plan/:id', route: '/plan/42' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download calendar (.ics)' }));
    await waitFor(() => expect(clicked).toEqual(['garage-route-plan-42.ics']));
    const download = calls.find((call) => call.url.pathname === '/api/route-plans/42/calendar.ics')!;
    expect(download.headers.get('Authorization')).toBe('Bearer test-token');
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe(ICS);
  });
});
