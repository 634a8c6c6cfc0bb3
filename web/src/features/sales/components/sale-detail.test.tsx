import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saleKeys } from '@/lib/query-keys';
import { aSale, anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { SaleDetail } from './sale-detail';

const visitorSale = {
  ...aSale({ address: null, zip_code: null, phone: null, first_name: null, last_name: null, rating: null }),
  items: [anItem({ id: 5, title: 'Desk Lamp', price: 8, original_price: 20, is_reserved: true })],
};
const memberSale = { ...aSale(), items: [anItem({ id: 5, title: 'Desk Lamp', price: 8 })] };

function renderSale(id = '1') {
  return renderScreen(<SaleDetail saleId={id} />, {
    path: '/sales/:id',
    route: `/sales/${id}`,
    routes: [{ path: '/my-sales', element: <p>My sales page</p> }],
  });
}

describe('Sale detail', () => {
  afterEach(() => signOutForTest());

  it('shows a visitor the city and state only, with a prompt to sign in', async () => {
    mockFetch({ 'GET /api/sales/1': () => json(visitorSale) });
    renderSale();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Street Moving Sale' })).toBeInTheDocument();
    expect(screen.getByText('Springfield, IL')).toBeInTheDocument();
    expect(screen.getByText(/Sign in to see the full address/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Fri, Jun 14, 2030 - Sat, Jun 15, 2030')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM - 4:00 PM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Sale' })).not.toBeInTheDocument();
    const lamp = screen.getByRole('link', { name: 'Desk Lamp' }).closest('article')!;
    expect(within(lamp).getByText('Reserved')).toBeInTheDocument();
    expect(within(lamp).getByText('$20.00')).toHaveClass('line-through');
  });

  it('shows a signed-in user the address, host and phone, without owner buttons', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({ 'GET /api/sales/1': () => json(memberSale) });
    renderSale();
    expect(await screen.findByText('12 Maple St')).toBeInTheDocument();
    expect(screen.getByText('Pat Host')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '555-0100' })).toHaveAttribute('href', 'tel:555-0100');
    expect(screen.queryByRole('link', { name: 'Edit Sale' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pickup Desk' })).not.toBeInTheDocument();
  });

  it('gives the owner Edit Sale, Add Item and Delete Sale with a confirmation', async () => {
    signInAs(testUser); // id 7 owns the sale
    const { calls } = mockFetch({
      'GET /api/sales/1': () => json(memberSale),
      'DELETE /api/sales/1': () => new Response(null, { status: 204 }),
    });
    const { queryClient } = renderSale();
    queryClient.setQueryData(saleKeys.mine, [aSale({ id: 1 }), aSale({ id: 2 })]);
    expect(await screen.findByRole('link', { name: 'Edit Sale' })).toHaveAttribute('href', '/sales/1/edit');
    expect(screen.getByRole('link', { name: 'Add Item' })).toHaveAttribute('href', '/sales/1/add-item');
    expect(screen.getByRole('link', { name: 'Pickup Desk' })).toHaveAttribute('href', '/sales/1/reservations');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Sale' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this garage sale?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Sale' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Sale' }));
    expect(await screen.findByText('My sales page')).toBeInTheDocument();
    // My Garage Sales, where the host lands, no longer lists it while it refetches.
    expect(queryClient.getQueryData<Array<{ id: number }>>(saleKeys.mine)!.map((sale) => sale.id)).toEqual([2]);
  });

  it('alerts when the delete fails', async () => {
    signInAs(testUser);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({ 'GET /api/sales/1': () => json(memberSale), 'DELETE /api/sales/1': () => json({ error: 'nope' }, 500) });
    renderSale();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sale' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Sale' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete sale. Please try again.'));
  });

  it("shows 'Sale Not Found' for an address that is not a sale id, without asking the API", async () => {
    // The API refuses such an id with a 400: that must not read as a failure to load.
    const { calls } = mockFetch({ 'GET /api/sales/abc': () => json({ error: 'Invalid sale id' }, 400) });
    renderSale('abc');
    expect(await screen.findByRole('heading', { name: 'Sale Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load sale')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/sales'))).toHaveLength(0);
  });

  it("shows 'Sale Not Found' for an unknown sale", async () => {
    mockFetch({ 'GET /api/sales/999': () => json({ error: 'Sale not found' }, 404) });
    renderSale('999');
    expect(await screen.findByRole('heading', { name: 'Sale Not Found' })).toBeInTheDocument();
  });
});
