import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { FavoriteButton } from './favorite-button';

function Hearts() {
  return (
    <>
      <FavoriteButton kind="sale" id={1} title="Maple Street Moving Sale" />
      <FavoriteButton kind="sale" id={2} title="Oak Avenue Sale" />
      <FavoriteButton kind="item" id={100} title="Oak Dining Table" variant="labelled" />
    </>
  );
}

describe('FavoriteButton (the heart)', () => {
  afterEach(() => signOutForTest());

  it('is not shown to visitors, who have nothing to save to', () => {
    const { calls } = mockFetch({});
    renderScreen(<Hearts />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('reads every heart from one GET /api/favorites/ids and shows which are saved', async () => {
    signInAs();
    const { calls } = mockFetch({ 'GET /api/favorites/ids': () => json({ saleIds: [2], itemIds: [100] }) });
    renderScreen(<Hearts />);
    expect(await screen.findByRole('button', { name: 'Saved: Oak Avenue Sale' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save sale: Maple Street Moving Sale' })).toHaveAttribute('aria-pressed', 'false');
    // The labelled heart of a detail page says it in words.
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((call) => call.url.pathname === '/api/favorites/ids')).toHaveLength(1);
  });

  it('saves with POST and removes with DELETE, filling and emptying the heart at once', async () => {
    signInAs();
    const server = { saleIds: [] as number[], itemIds: [100] };
    const { calls } = mockFetch({
      'GET /api/favorites/ids': () => json(server),
      'POST /api/favorites/sales/1': () => {
        server.saleIds = [1];
        return json({ saleId: 1, savedAt: '2030-06-01T12:00:00Z' }, 201);
      },
      'DELETE /api/favorites/items/100': () => {
        server.itemIds = [];
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<Hearts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save sale: Maple Street Moving Sale' }));
    expect(await screen.findByRole('button', { name: 'Saved: Maple Street Moving Sale' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/favorites/sales/1')).toBe(true);
    expect(calls.find((call) => call.method === 'POST')!.headers.get('Authorization')).toBe('Bearer test-token');

    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: 'Save item' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/favorites/items/100')).toBe(true);
    // The hearts ask again afterwards, so the Saved page and every card agree with the server.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/favorites/ids').length).toBeGreaterThan(1));
  });

  it('puts the heart back and says so when the server refuses', async () => {
    signInAs();
    mockFetch({
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
      'POST /api/favorites/sales/2': () => json({ error: 'Sale not found' }, 404),
    });
    renderScreen(<Hearts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save sale: Oak Avenue Sale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sale not found');
    expect(screen.getByRole('button', { name: 'Save sale: Oak Avenue Sale' })).toHaveAttribute('aria-pressed', 'false');
  });
});
