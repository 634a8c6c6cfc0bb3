import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { AddItem } from './add-item';
import { EditItem } from './edit-item';

describe('Add item', () => {
  beforeEach(() => signInAs());
  afterEach(() => signOutForTest());

  it('has the four sections, the defaults, and Cancel back to the sale', () => {
    mockFetch({});
    renderScreen(<AddItem saleId={1} />, { path: '/sales/:saleId/add-item', route: '/sales/1/add-item' });
    for (const name of ['Item Details', 'Pricing', 'Additional Details (optional)', 'Photos']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/^Condition/)).toHaveValue('good');
    expect(screen.getByLabelText(/^Price/)).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText(/^Price/)).toHaveAttribute('min', '0');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/sales/1');
  });

  it('validates, posts the payload, shows Adding Item..., then goes to the sale', async () => {
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({ 'POST /api/items': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderScreen(<AddItem saleId={1} />, {
      path: '/sales/:saleId/add-item',
      route: '/sales/1/add-item',
      routes: [{ path: '/sales/:id', element: <p>Sale page</p> }],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText(/^Category/)).toHaveAccessibleDescription('Choose a category from the list');
    expect(screen.getByLabelText(/^Price \(\$\)/)).toHaveAccessibleDescription('Price is required');
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Title/), 'Desk Lamp');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Home & Garden');
    await userEvent.type(screen.getByLabelText(/^Price \(\$\)/), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(screen.getByRole('button', { name: 'Adding Item...' })).toBeDisabled();
    expect(calls[0].body).toEqual({
      garageSaleId: 1,
      title: 'Desk Lamp',
      description: null,
      category: 'Home & Garden',
      condition: 'good',
      price: 12.5,
      originalPrice: null,
      minOfferPrice: null,
      autoAcceptPrice: null,
      brand: null,
      dimensions: null,
      weight: null,
      imageUrls: [],
    });
    answer(json(anItem({ id: 9 }), 201));
    expect(await screen.findByText('Sale page')).toBeInTheDocument();
  });

  it("alerts the server's text when creating fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({
      'GET /api/sales/my-sales': () => json([]),
      'POST /api/items': () => json({ error: 'You can only add items to your own sales' }, 403),
    });
    renderScreen(<AddItem saleId={null} />, { path: '/create-item' });
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/my-items');
    expect(screen.getByLabelText('Garage Sale')).toHaveAccessibleDescription(/do not appear in searches/);
    await userEvent.type(screen.getByLabelText(/^Title/), 'Desk Lamp');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'Other');
    await userEvent.type(screen.getByLabelText(/^Price \(\$\)/), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('You can only add items to your own sales'));
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled();
  });
});

describe('Edit item', () => {
  afterEach(() => signOutForTest());

  it("shows 'Unable to Edit Item' for someone else's item", async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({ 'GET /api/items/100': () => json(anItem()) });
    renderScreen(<EditItem itemId="100" />, { path: '/items/:id/edit', route: '/items/100/edit' });
    expect(await screen.findByRole('heading', { name: 'Unable to Edit Item' })).toBeInTheDocument();
    expect(screen.getByText('Item not found or unauthorized')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Garage Sales/ })).toHaveAttribute('href', '/my-sales');
  });

  it("shows 'Failed to load item or unauthorized access' when loading fails", async () => {
    signInAs();
    mockFetch({ 'GET /api/items/100': () => json({ error: 'boom' }, 500) });
    renderScreen(<EditItem itemId="100" />, { path: '/items/:id/edit', route: '/items/100/edit' });
    expect(await screen.findByText('Failed to load item or unauthorized access')).toBeInTheDocument();
  });

  it('saves the flags and photo order, with empty texts as null', async () => {
    signInAs();
    const { calls } = mockFetch({
      'GET /api/items/100': () => json(anItem({ image_urls: ['/p/a.jpg', '/p/b.jpg', '/p/c.jpg'] })),
      'PUT /api/items/100': ({ body }) => json({ ...anItem(), ...(body as object) }),
    });
    renderScreen(<EditItem itemId="100" />, {
      path: '/items/:id/edit',
      route: '/items/100/edit',
      routes: [{ path: '/items/:id', element: <p>Item page</p> }],
    });
    await userEvent.click(await screen.findByLabelText('Mark as Sold'));
    await userEvent.clear(screen.getByLabelText('Brand'));
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(
      within(screen.getByRole('list', { name: 'Item photos' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/p/b.jpg', '/p/a.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Item page')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ isSold: true, isReserved: false, brand: null, imageUrls: ['/p/b.jpg', '/p/a.jpg'], garageSaleId: 1 });
  });

  it("loads and saves the host's offer prices, and checks them against the price", async () => {
    signInAs();
    const { calls } = mockFetch({
      'GET /api/items/100': () => json(anItem({ price: 40, min_offer_price: 15, auto_accept_price: null })),
      'PUT /api/items/100': ({ body }) => json({ ...anItem(), ...(body as object) }),
    });
    renderScreen(<EditItem itemId="100" />, {
      path: '/items/:id/edit',
      route: '/items/100/edit',
      routes: [{ path: '/items/:id', element: <p>Item page</p> }],
    });
    const floor = await screen.findByLabelText("Lowest offer you'll consider ($)");
    expect(floor).toHaveValue(15);
    const autoAccept = screen.getByLabelText('Accept offers at or above ($)');
    await userEvent.type(autoAccept, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(autoAccept).toHaveAccessibleDescription(/Auto-accept price cannot be above the price/);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(autoAccept);
    await userEvent.type(autoAccept, '35');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Item page')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ minOfferPrice: 15, autoAcceptPrice: 35 });
  });

  it('deletes from the Danger Zone after the exact confirmation, then goes to the sale', async () => {
    signInAs();
    mockFetch({
      'GET /api/items/100': () => json(anItem()),
      'DELETE /api/items/100': () => new Response(null, { status: 204 }),
    });
    renderScreen(<EditItem itemId="100" />, {
      path: '/items/:id/edit',
      route: '/items/100/edit',
      routes: [{ path: '/sales/:id', element: <p>Sale page</p> }],
    });
    const zone = await screen.findByRole('region', { name: 'Danger Zone' });
    await userEvent.click(within(zone).getByRole('button', { name: 'Delete Item' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this item? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Item' }));
    expect(await screen.findByText('Sale page')).toBeInTheDocument();
  });
});
