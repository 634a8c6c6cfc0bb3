import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCommunitySale } from '@/test/community-sale-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { EditCommunitySale, OrganizeCommunitySale } from './edit-community-sale';

const upload = vi.fn(async () => ({ url: '/api/images/cover.jpg' }));

describe('Organising a community sale', () => {
  afterEach(() => signOutForTest());

  it('sends the form as the contract’s body and opens the new community sale', async () => {
    signInAs({ ...testUser, id: 9 });
    const { calls } = mockFetch({ 'POST /api/community-sales': () => json(aCommunitySale({ id: 41 }), 201) });
    renderScreen(<OrganizeCommunitySale uploadCover={upload} />, {
      path: '/organize',
      routes: [{ path: '/community-sales/:id', element: <p>Its page</p> }],
    });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Hopewell Sale Day');
    await userEvent.type(screen.getByLabelText('Latitude'), '39.8');
    await userEvent.type(screen.getByLabelText('Longitude'), '-89.6');
    await userEvent.clear(screen.getByLabelText(/Radius/));
    await userEvent.type(screen.getByLabelText(/Radius/), '30');
    await userEvent.type(screen.getByLabelText('Day 1'), '2030-06-14');
    await userEvent.click(screen.getByRole('button', { name: 'Add a day' }));
    await userEvent.type(screen.getByLabelText('Day 2'), '2030-06-15');
    await userEvent.type(screen.getByLabelText('Rain date (optional)'), '2030-06-21');
    await userEvent.upload(screen.getByLabelText(/Add a photo/), new File(['x'], 'cover.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /approval/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Community Sale' }));
    // The schema's own message: at most 25 miles.
    expect(await screen.findByText('radiusMiles must be at most 25')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/Radius/));
    await userEvent.type(screen.getByLabelText(/Radius/), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create Community Sale' }));
    expect(await screen.findByText('Its page')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      name: 'Hopewell Sale Day',
      description: null,
      latitude: 39.8,
      longitude: -89.6,
      radiusMiles: 3,
      zipCodes: [],
      days: [
        { date: '2030-06-14', startTime: '08:00', endTime: '14:00' },
        { date: '2030-06-15', startTime: '08:00', endTime: '14:00' },
      ],
      rainDate: '2030-06-21',
      coverImageUrl: '/api/images/cover.jpg',
      requiresApproval: true,
    });
  });

  it("shows the server's details next to the field, for a ZIP-list area", async () => {
    signInAs({ ...testUser, id: 9 });
    mockFetch({
      'POST /api/community-sales': () =>
        json({ error: 'Validation failed', details: [{ field: 'zipCodes', message: 'ZIP 00000 does not exist' }] }, 400),
    });
    renderScreen(<OrganizeCommunitySale uploadCover={upload} />, { path: '/organize' });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Eastside');
    await userEvent.click(screen.getByRole('radio', { name: 'A list of ZIP codes' }));
    await userEvent.type(screen.getByLabelText('ZIP codes'), '62701, 00000');
    await userEvent.type(screen.getByLabelText('Day 1'), '2030-06-14');
    await userEvent.click(screen.getByRole('button', { name: 'Create Community Sale' }));
    expect(await screen.findByText('ZIP 00000 does not exist')).toBeInTheDocument();
  });

  it('edits with the form filled in, and sends only the organiser there', async () => {
    signInAs({ ...testUser, id: 9 });
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'PUT /api/community-sales/3': () => json(aCommunitySale({ name: 'Renamed' })),
    });
    renderScreen(<EditCommunitySale communitySaleId="3" uploadCover={upload} />, {
      path: '/community-sales/:id/edit',
      route: '/community-sales/3/edit',
      routes: [{ path: '/community-sales/:id', element: <p>Its page</p> }],
    });
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Hopewell Town-wide Garage Sale');
    expect(screen.getByLabelText('Day 2')).toHaveValue('2030-06-15');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Its page')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ name: 'Renamed', radiusMiles: 3, rainDate: '2030-06-21' });
  });

  it('sends anyone but the organiser to its page', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({ 'GET /api/community-sales/3': () => json(aCommunitySale()) });
    renderScreen(<EditCommunitySale communitySaleId="3" uploadCover={upload} />, {
      path: '/community-sales/:id/edit',
      route: '/community-sales/3/edit',
      routes: [{ path: '/community-sales/:id', element: <p>Its page</p> }],
    });
    expect(await screen.findByText('Its page')).toBeInTheDocument();
  });
});
