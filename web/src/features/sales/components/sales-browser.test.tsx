import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aSale } from '@/test/fixtures';
import { json, mockFetch, removeGeolocation, renderScreen, signInAs, signOutForTest, stubGeolocation, testUser } from '@/test/render';
import { SalesBrowser } from './sales-browser';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number }) => void;

/** An instant `minutes` before now, as the API writes it. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A browser whose location answers are scripted, one per request. */
function scriptedGeolocation(...answers: Array<{ code: number } | { latitude: number; longitude: number }>) {
  const getCurrentPosition = vi.fn((success: Success, failure: Failure) => {
    const answer = answers.shift()!;
    if ('code' in answer) failure(answer);
    else success({ coords: answer });
  });
  stubGeolocation({ getCurrentPosition } as unknown as Geolocation);
  return getCurrentPosition;
}

describe('Browse sales', () => {
  afterEach(() => {
    signOutForTest();
    removeGeolocation();
  });

  it('asks for the location with the spec options, and on denial offers Try Again', async () => {
    const geo = scriptedGeolocation({ code: 1 }, { latitude: 39.8, longitude: -89.6 });
    const { calls } = mockFetch({ 'GET /api/sales': () => json([aSale()]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });

    expect(await screen.findByText('Location access denied. Please enable location permissions to see nearby sales.')).toBeInTheDocument();
    expect(geo).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 300_000,
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.searchParams.get('latitude')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Showing garage sales within 25 miles of your location.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('latitude')).toBe('39.8'));
    expect(calls.at(-1)!.url.searchParams.get('longitude')).toBe('-89.6');
    expect(calls.at(-1)!.url.searchParams.get('radius')).toBe('25');
  });

  it.each([
    [2, 'Location information unavailable'],
    [3, 'Location request timed out'],
    [99, 'Unable to get your location'],
  ])('shows the message for error code %i', async (code, message) => {
    scriptedGeolocation({ code });
    mockFetch({ 'GET /api/sales': () => json([]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says when the browser has no geolocation', async () => {
    stubGeolocation(undefined);
    mockFetch({ 'GET /api/sales': () => json([]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    expect(await screen.findByText('Geolocation is not supported by this browser')).toBeInTheDocument();
  });

  it('shows the empty state with a link to create a sale', async () => {
    scriptedGeolocation({ latitude: 1, longitude: 1 });
    mockFetch({ 'GET /api/sales': () => json([]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    expect(await screen.findByRole('heading', { name: 'No garage sales found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a garage sale' })).toHaveAttribute('href', '/create-sale');
  });

  it('with no sale in the radius, offers the nearest sales further out with their distance', async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    const { calls } = mockFetch({
      'GET /api/sales': (call) =>
        call.url.searchParams.has('latitude')
          ? json([])
          : json([
              aSale({ id: 1, title: 'Far Away', latitude: 41.88, longitude: -87.63 }),
              aSale({ id: 2, title: 'Nearest', latitude: 40.1, longitude: -89.6 }),
              aSale({ id: 3, title: 'Nowhere', latitude: null, longitude: null }),
              aSale({ id: 4, title: 'Second', latitude: 40.7, longitude: -89.6 }),
              aSale({ id: 5, title: 'Fourth', latitude: 45, longitude: -89.6 }),
            ]),
    });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    expect(await screen.findByRole('heading', { name: 'No garage sales found' })).toBeInTheDocument();
    const nearest = await screen.findByRole('region', { name: 'Nearest garage sales beyond 25 miles' });
    const cards = within(nearest).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Nearest', 'Second', 'Far Away']);
    expect(within(cards[0]!).getByText('20.7 miles away')).toBeInTheDocument();
    // The second call has the same window and no location.
    const unlocated = calls.find((call) => !call.url.searchParams.has('latitude'))!;
    expect(unlocated.url.searchParams.has('longitude')).toBe(false);
  });

  it('lists sales in the list view and sends the filters', async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    const { calls } = mockFetch({
      'GET /api/sales': () =>
        json([aSale({ distance: 2.345, live_state: 'winding_down', live_state_at: minutesAgo(12), payment_methods: ['cash', 'venmo'] })]),
    });
    const { router } = renderScreen(<SalesBrowser />, { path: '/sales' });
    await userEvent.click(await screen.findByRole('button', { name: 'List View' }));
    const card = (await screen.findByRole('link', { name: 'Maple Street Moving Sale' })).closest('article')!;
    expect(within(card).getByText('2.3 miles away')).toBeInTheDocument();
    expect(within(card).getByText('8:00 AM - 4:00 PM')).toBeInTheDocument();
    // The sale's live state with how long ago it was said, and the payments it takes.
    expect(within(card).getByTestId('live-state')).toHaveTextContent('Winding down · 12 min ago');
    expect(within(card).getByRole('list', { name: 'Payment accepted' })).toHaveTextContent('CashVenmo');

    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2030-06-14' } });
    await userEvent.selectOptions(screen.getByLabelText('Radius'), '50');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('radius')).toBe('50'));
    expect(calls.at(-1)!.url.searchParams.get('startDate')).toBe('2030-06-14');
    expect(calls.at(-1)!.url.searchParams.get('paymentMethod')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Payment'), 'venmo');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('paymentMethod')).toBe('venmo'));
    expect(router.state.location.search).toContain('paymentMethod=venmo');
    // Free users choose up to 50 miles.
    expect(screen.queryByRole('option', { name: 'Within 100 miles' })).not.toBeInTheDocument();
  });

  it('does not ask the server for an inverted window; says so next to the field', async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    const { calls } = mockFetch({ 'GET /api/sales': () => json([aSale()]) });
    renderScreen(<SalesBrowser />, {
      path: '/sales',
      route: '/sales?startTime=17:00&endTime=12:00&startDate=2030-06-14&endDate=2030-06-13',
    });
    expect(await screen.findByText('End time must be after the start time')).toBeInTheDocument();
    expect(screen.getByText('End date cannot be before the start date')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check the dates and times' })).toBeInTheDocument();
    expect(screen.getByLabelText('End Time')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('End Time'), { target: { value: '19:00' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2030-06-15' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].url.searchParams.get('endTime')).toBe('19:00');
    expect(screen.queryByText('End time must be after the start time')).not.toBeInTheDocument();
  });

  it('offers 100 miles to premium users', async () => {
    signInAs({ ...testUser, isPremium: true });
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    mockFetch({ 'GET /api/sales': () => json([]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    expect(await screen.findByRole('option', { name: 'Within 100 miles' })).toBeInTheDocument();
  });

  it('pictures the map with a pin per sale with valid coordinates; a pin opens the live map on its popup', async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    mockFetch({
      'GET /api/sales': () =>
        json([
          aSale({
            id: 1,
            title: 'Valid Sale',
            description: 'x'.repeat(150),
            photo_urls: ['/p/a.jpg', '/p/b.jpg'],
            live_state: 'closed_early',
            live_state_at: minutesAgo(12),
          }),
          aSale({ id: 2, title: 'No Coordinates', latitude: null, longitude: null }),
          aSale({ id: 3, title: 'Off The Planet', latitude: 95, longitude: 10 }),
          aSale({ id: 4, title: 'Bad Longitude', latitude: 10, longitude: -181 }),
        ]),
    });
    const { container } = renderScreen(<SalesBrowser />, { path: '/sales' });
    const legend = await screen.findByLabelText('Map legend', {}, { timeout: 10_000 });
    expect(legend).toHaveTextContent('Your location');
    expect(legend).toHaveTextContent('1 garage sale');

    // First a picture: OpenStreetMap's tiles around the visitor at zoom 12, and the pins, no Leaflet.
    const picture = screen.getByRole('group', { name: 'Map of garage sales' });
    const tiles = [...picture.querySelectorAll('img[width="256"]')].map((tile) => tile.getAttribute('src'));
    expect(tiles).toContain('https://b.tile.openstreetmap.org/12/1028/1553.png');
    expect(
      within(picture)
        .getAllByRole('button')
        .map((pin) => pin.getAttribute('title')),
    ).toEqual(['Valid Sale']);
    expect(container.querySelector('.leaflet-container')).toBeNull();

    // A tap on the pin: the press asks for the live map, the click that follows names the sale.
    const pin = within(picture).getByRole('button', { name: 'Valid Sale' });
    await act(async () => {
      fireEvent.pointerDown(pin, { pointerType: 'touch' });
    });
    expect(pin).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(pin, { detail: 1 });
    });
    // The live map is built a few tasks later, over the picture, with the tapped sale's popup open.
    const popup = await screen.findByRole('link', { name: 'View Sale' }, { timeout: 10_000 });
    expect(popup).toHaveAttribute('href', '/sales/1');
    expect(screen.getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    const photos = within(popup.closest('.leaflet-popup') as HTMLElement)
      .getByTestId('sale-photos')
      .querySelectorAll('img');
    expect([...photos].map((photo) => photo.getAttribute('src'))).toEqual(['/p/a.jpg', '/p/b.jpg']);
    expect(within(popup.closest('.leaflet-popup') as HTMLElement).getByTestId('live-state')).toHaveTextContent('Closed early · 12 min ago');
    const markers = container.querySelectorAll('.leaflet-marker-icon');
    expect([...markers].map((marker) => marker.getAttribute('title'))).toEqual(['Valid Sale']);
    // Closed early today: its pin stays on the map, faded.
    expect((markers[0] as HTMLElement).style.opacity).toBe('0.55');
    // The picture stays under the map, out of reach.
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    expect(picture).toHaveAttribute('inert');
    expect(document.activeElement).not.toBe(container.querySelector('.leaflet-container'));
    expect(screen.getByLabelText('Map legend')).toHaveTextContent('1 garage sale');
  });

  it('opens the live map on a pin chosen from the keyboard, with the focus in it', async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    mockFetch({ 'GET /api/sales': () => json([aSale({ id: 1, title: 'Valid Sale' })]) });
    const { container } = renderScreen(<SalesBrowser />, { path: '/sales' });
    const picture = await screen.findByRole('group', { name: 'Map of garage sales' }, { timeout: 10_000 });
    const pin = within(picture).getByRole('button', { name: 'Valid Sale' });
    pin.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('link', { name: 'View Sale' }, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(container.querySelector('.leaflet-container')));
  });

  it('turns the picture into the live map on a press or a mouse coming over it, not on a passing touch', async () => {
    scriptedGeolocation({ code: 1 });
    mockFetch({ 'GET /api/sales': () => json([aSale({ id: 1, title: 'Valid Sale' })]) });
    const { container } = renderScreen(<SalesBrowser />, { path: '/sales' });
    const picture = await screen.findByRole('group', { name: 'Map of garage sales' }, { timeout: 10_000 });
    // Without a location, the whole country at zoom 4.
    expect(picture.querySelector('img[src="https://a.tile.openstreetmap.org/4/3/6.png"]')).not.toBeNull();

    fireEvent.pointerEnter(picture, { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('.leaflet-container')).toBeNull();

    fireEvent.pointerDown(picture, { pointerType: 'touch' });
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1), { timeout: 10_000 });
    expect(container.querySelector('.leaflet-popup')).toBeNull();
  });

  it('says the radius does not apply once the location is denied and sales everywhere are listed', async () => {
    scriptedGeolocation({ code: 1 });
    mockFetch({ 'GET /api/sales': () => json([aSale({ id: 1, title: 'Valid Sale' })]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    expect(await screen.findByText('Showing upcoming sales everywhere instead of nearby ones.')).toBeInTheDocument();
    const radius = screen.getByLabelText('Radius');
    expect(radius).toBeDisabled();
    expect(radius).toHaveDisplayValue('Everywhere');
    expect(screen.queryByRole('option', { name: 'Within 25 miles' })).not.toBeInTheDocument();
  });

  it('turns the picture into the live map when a mouse comes over it', async () => {
    scriptedGeolocation({ code: 1 });
    mockFetch({ 'GET /api/sales': () => json([aSale({ id: 1, title: 'Valid Sale' })]) });
    const { container } = renderScreen(<SalesBrowser />, { path: '/sales' });
    const picture = await screen.findByRole('group', { name: 'Map of garage sales' }, { timeout: 10_000 });
    fireEvent.pointerEnter(picture, { pointerType: 'mouse' });
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull(), { timeout: 10_000 });
  });

  it("shows each sale's item photos on its card, or says it has none yet", async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    mockFetch({
      'GET /api/sales': () =>
        json([
          aSale({ id: 1, title: 'With Photos', photo_urls: ['/p/1.jpg', '/p/2.jpg', '/p/3.jpg', '/p/4.jpg'] }),
          aSale({ id: 2, title: 'Without Photos', photo_urls: [] }),
        ]),
    });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    await userEvent.click(await screen.findByRole('button', { name: 'List View' }));
    const card = (await screen.findByRole('link', { name: 'With Photos' })).closest('article')!;
    const images = within(card).getByTestId('sale-photos').querySelectorAll('img');
    // The first three: one large and two beside it, each with its size reserved and loaded lazily.
    expect([...images].map((image) => image.getAttribute('src'))).toEqual(['/p/1.jpg', '/p/2.jpg', '/p/3.jpg']);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
    }
    const bare = (await screen.findByRole('link', { name: 'Without Photos' })).closest('article')!;
    expect(within(bare).getByText('No photos yet')).toBeInTheDocument();
  });

  it('folds the filters behind a button on a phone, opening them on demand', async () => {
    scriptedGeolocation({ latitude: 39.8, longitude: -89.6 });
    mockFetch({ 'GET /api/sales': () => json([]) });
    renderScreen(<SalesBrowser />, { path: '/sales' });
    const toggle = await screen.findByRole('button', { name: 'Show filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveClass('hidden', 'lg:grid');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
  });
});
