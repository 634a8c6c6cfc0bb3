import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCommunitySale, someEntries } from '@/test/community-sale-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { JoinCommunitySale } from './join-community-sale';

describe('Join a community sale nearby', () => {
  afterEach(() => signOutForTest());

  it('offers the ones the sale fits, joins one, then shows its number and Leave', async () => {
    signInAs({ ...testUser, id: 55 });
    let joined = false;
    const mine = { number: 4, status: 'approved' as const, sale: { ...someEntries()[0]!.sale, id: 70, user_id: 55 } };
    const { calls } = mockFetch({
      'GET /api/community-sales': () =>
        json([aCommunitySale({ requiresApproval: false }), aCommunitySale({ id: 5, name: 'Eastside Day' })]),
      'GET /api/community-sales/3/sales': () => json(joined ? [...someEntries(), mine] : someEntries()),
      'GET /api/community-sales/5/sales': () => json([]),
      'POST /api/community-sales/3/sales': () => {
        joined = true;
        return json(mine, 201);
      },
      'DELETE /api/community-sales/3/sales/70': () => {
        joined = false;
        return json(null, 204);
      },
    });
    renderScreen(<JoinCommunitySale saleId={70} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Hopewell Town-wide Garage Sale' }));
    expect(await screen.findByText('Joined as number 4')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ saleId: 70 });
    expect(calls[0]!.url.searchParams.get('saleId')).toBe('70');
    // A sale is in one community sale at a time.
    expect(screen.getByRole('button', { name: 'Join Eastside Day' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Hopewell Town-wide Garage Sale' }));
    expect(await screen.findByRole('button', { name: 'Join Hopewell Town-wide Garage Sale' })).toBeEnabled();
  });

  it('shows nothing when the sale fits none', async () => {
    signInAs({ ...testUser, id: 55 });
    const { fetchMock } = mockFetch({ 'GET /api/community-sales': () => json([]) });
    const { container } = renderScreen(<JoinCommunitySale saleId={70} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await fetchMock.mock.results[0]!.value;
    expect(container).toBeEmptyDOMElement();
    expect(within(container).queryByRole('heading')).toBeNull();
  });
});
