import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { AddToCalendarLink } from './add-to-calendar-link';

const ICS =
  'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nLOCATION:12 Maple St\\, Springfield\\, IL 62701\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

describe('AddToCalendarLink', () => {
  afterEach(() => {
    signOutForTest();
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('is a plain download link of the sale’s ICS file for a visitor', async () => {
    const { calls } = mockFetch({});
    renderScreen(<AddToCalendarLink saleId={12} />);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('href', '/api/sales/12/calendar.ics');
    expect(link).toHaveAttribute('download', 'garage-sale-12.ics');
    expect(calls).toHaveLength(0);
  });

  it('fetches the file with the token for a signed-in user (the full address) and saves it', async () => {
    signInAs();
    const createObjectURL = vi.fn(() => 'blob:sale');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href.startsWith('blob:')) saved.push(this.download);
    });
    const { calls } = mockFetch({
      'GET /api/sales/12/calendar.ics': () => new Response(ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } }),
    });
    renderScreen(<AddToCalendarLink saleId={12} />);
    await userEvent.click(screen.getByRole('link', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toEqual(['garage-sale-12.ics']));
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('text/calendar;charset=utf-8');
    expect(await blob.text()).toBe(ICS);
  });

  it('says so when the file cannot be fetched', async () => {
    signInAs();
    mockFetch({ 'GET /api/sales/12/calendar.ics': () => json({ error: 'Sale not found' }, 404) });
    renderScreen(<AddToCalendarLink saleId={12} />);
    await userEvent.click(screen.getByRole('link', { name: 'Add to calendar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not get the calendar file. Please try again.');
  });
});
