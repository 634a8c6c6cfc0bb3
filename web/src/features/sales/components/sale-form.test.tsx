import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayLocal } from '@/lib/format';
import { aSale, anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { CreateSale } from './create-sale';
import { EditSale } from './edit-sale';

async function fillSale() {
  await userEvent.type(screen.getByLabelText(/^Sale Title/), 'Big Sale');
  await userEvent.type(screen.getByLabelText(/^Street Address/), '12 Maple St');
  await userEvent.type(screen.getByLabelText(/^City/), 'Springfield');
  await userEvent.selectOptions(screen.getByLabelText(/^State/), 'IL');
  await userEvent.type(screen.getByLabelText(/^ZIP Code/), '62701');
  await userEvent.type(screen.getByLabelText(/^Start Date/), '2030-06-14');
  await userEvent.type(screen.getByLabelText(/^End Date/), '2030-06-15');
}

describe('Create sale', () => {
  beforeEach(() => signInAs());
  afterEach(() => signOutForTest());

  it('starts at 08:00-16:00 with today as the earliest start date', () => {
    mockFetch({});
    renderScreen(<CreateSale />, { path: '/create-sale' });
    expect(screen.getByLabelText(/^Start Time/)).toHaveValue('08:00');
    expect(screen.getByLabelText(/^End Time/)).toHaveValue('16:00');
    expect(screen.getByLabelText(/^Start Date/)).toHaveAttribute('min', todayLocal());
    expect(screen.getByLabelText(/^End Date/)).toHaveAttribute('min', todayLocal());
  });

  it('checks the fields with the contract rules', async () => {
    const { calls } = mockFetch({ 'POST /api/items/availability': () => json([]) });
    renderScreen(<CreateSale />, { path: '/create-sale' });
    await userEvent.type(screen.getByLabelText(/^ZIP Code/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Garage Sale' }));
    expect(screen.getByLabelText(/^Sale Title/)).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText(/^ZIP Code/)).toHaveAccessibleDescription('ZIP must be 5 digits');
    expect(screen.getByLabelText(/^State/)).toHaveAccessibleDescription('State must be one of the 50 two-letter US codes');
    expect(screen.getByLabelText(/^Start Date/)).toHaveAccessibleDescription('Use the format YYYY-MM-DD');

    // Cross-field rules apply once every field is well-formed.
    await fillSale();
    await userEvent.clear(screen.getByLabelText(/^Start Date/));
    await userEvent.type(screen.getByLabelText(/^Start Date/), '2000-01-01');
    await userEvent.clear(screen.getByLabelText(/^End Date/));
    await userEvent.type(screen.getByLabelText(/^End Date/), '1999-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Create Garage Sale' }));
    expect(screen.getByLabelText(/^Start Date/)).toHaveAccessibleDescription('Start date cannot be in the past');
    expect(screen.getByLabelText(/^End Date/)).toHaveAccessibleDescription('End date cannot be before the start date');
    expect(calls.filter((call) => call.url.pathname === '/api/sales')).toHaveLength(0);
  });

  it('lists existing items with conflicts (still selectable), creates, assigns, and opens the sale', async () => {
    const { calls } = mockFetch({
      'POST /api/items/availability': () =>
        json([
          { ...anItem({ id: 1, title: 'Free Lamp', garage_sale_id: null, sale_title: null }), is_available: true, conflict_reason: null },
          {
            ...anItem({ id: 2, title: 'Busy Table' }),
            is_available: false,
            conflict_reason: 'In "Maple Street Moving Sale" on Jun 14-15 at 12 Maple St',
          },
        ]),
      'POST /api/sales': () => json(aSale({ id: 42 }), 201),
      'POST /api/sales/assign-items': () => json({ assigned: 2 }),
    });
    renderScreen(<CreateSale />, { path: '/create-sale', routes: [{ path: '/sales/:id', element: <p>New sale page</p> }] });
    await fillSale();

    const picker = await screen.findByRole('list', { name: 'Your items' });
    expect(picker).toHaveClass('max-h-96', 'overflow-y-auto');
    const busy = within(picker).getByLabelText('Busy Table');
    expect(busy).toHaveAccessibleDescription(/Unavailable: In "Maple Street Moving Sale"/);
    await userEvent.click(busy);
    await userEvent.click(within(picker).getByLabelText('Free Lamp'));
    expect(screen.getByText('2 items selected')).toBeInTheDocument();

    const availability = calls.find((call) => call.url.pathname === '/api/items/availability')!;
    expect(availability.body).toMatchObject({
      startDate: '2030-06-14',
      endDate: '2030-06-15',
      startTime: '08:00',
      endTime: '16:00',
      city: 'Springfield',
      state: 'IL',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Create Garage Sale' }));
    expect(await screen.findByText('New sale page')).toBeInTheDocument();
    const create = calls.find((call) => call.url.pathname === '/api/sales')!;
    expect(create.body).toMatchObject({
      title: 'Big Sale',
      zipCode: '62701',
      state: 'IL',
      startTime: '08:00',
      endTime: '16:00',
      description: null,
    });
    const assign = calls.find((call) => call.url.pathname === '/api/sales/assign-items')!;
    expect(assign.body).toEqual({ saleId: 42, itemIds: [2, 1] });
  });

  it('still opens the new sale when the assignment fails (only logged)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'POST /api/items/availability': () => json([{ ...anItem({ id: 1, title: 'Lamp' }), is_available: true, conflict_reason: null }]),
      'POST /api/sales': () => json(aSale({ id: 42 }), 201),
      'POST /api/sales/assign-items': () => json({ error: 'nope' }, 403),
    });
    renderScreen(<CreateSale />, { path: '/create-sale', routes: [{ path: '/sales/:id', element: <p>New sale page</p> }] });
    await fillSale();
    await userEvent.click(await screen.findByLabelText('Lamp'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Garage Sale' }));
    expect(await screen.findByText('New sale page')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to assign items to the new sale', expect.anything());
  });

  it("shows 'Failed to create sale' and the server's field details", async () => {
    mockFetch({
      'POST /api/items/availability': () => json([]),
      'POST /api/sales': () => json({ error: 'Validation failed', details: [{ field: 'zipCode', message: 'Unknown ZIP code' }] }, 400),
    });
    renderScreen(<CreateSale />, { path: '/create-sale' });
    await fillSale();
    await userEvent.click(screen.getByRole('button', { name: 'Create Garage Sale' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create sale');
    expect(screen.getByLabelText(/^ZIP Code/)).toHaveAccessibleDescription('Unknown ZIP code');
  });
});

describe('Edit sale', () => {
  afterEach(() => signOutForTest());

  it('sends a non-owner to /sales', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({ 'GET /api/sales/1': () => json({ ...aSale(), items: [] }) });
    renderScreen(<EditSale saleId="1" />, {
      path: '/sales/:id/edit',
      route: '/sales/1/edit',
      routes: [{ path: '/sales', element: <p>Browse page</p> }],
    });
    expect(await screen.findByText('Browse page')).toBeInTheDocument();
  });

  it("updates the owner's sale with 'Updating...' while saving", async () => {
    signInAs(testUser);
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({
      'GET /api/sales/1': () => json({ ...aSale(), items: [] }),
      'PUT /api/sales/1': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderScreen(<EditSale saleId="1" />, {
      path: '/sales/:id/edit',
      route: '/sales/1/edit',
      routes: [{ path: '/sales/:id', element: <p>Sale page</p> }],
    });
    const title = await screen.findByLabelText(/^Sale Title/);
    expect(title).toHaveValue('Maple Street Moving Sale');
    await userEvent.clear(title);
    await userEvent.type(title, 'Renamed Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Update Garage Sale' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ title: 'Renamed Sale', status: 'active' });
    answer(json(aSale({ title: 'Renamed Sale' })));
    expect(await screen.findByText('Sale page')).toBeInTheDocument();
  });

  it("shows 'Failed to load sale' when the sale cannot load", async () => {
    signInAs(testUser);
    mockFetch({ 'GET /api/sales/1': () => json({ error: 'down' }, 503) });
    renderScreen(<EditSale saleId="1" />, { path: '/sales/:id/edit', route: '/sales/1/edit' });
    expect(await screen.findByText('Failed to load sale')).toBeInTheDocument();
  });
});
