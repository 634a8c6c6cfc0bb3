import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aSale } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { EditSale } from './edit-sale';
import { AddressTimingNote } from './address-timing-note';
import { PaymentBadges } from './payment-badges';

describe("The host's kit on the sale form", () => {
  afterEach(() => signOutForTest());

  it('shows the sale’s payment methods and address moment, and sends what the host changes', async () => {
    signInAs(testUser);
    const { calls } = mockFetch({
      'GET /api/sales/1': () => json({ ...aSale({ payment_methods: ['venmo'], address_visible_from: '2030-06-13T18:00' }), items: [] }),
      'PUT /api/sales/1': () => json(aSale()),
    });
    renderScreen(<EditSale saleId="1" />, {
      path: '/sales/:id/edit',
      route: '/sales/1/edit',
      routes: [{ path: '/sales/:id', element: <p>Sale page</p> }],
    });
    const venmo = await screen.findByRole('checkbox', { name: 'Venmo' });
    expect(venmo).toBeChecked();
    expect(screen.getByLabelText('Address visible from')).toHaveValue('2030-06-13T18:00');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash App' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash' }));
    await userEvent.clear(screen.getByLabelText('Address visible from'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Garage Sale' }));
    expect(await screen.findByText('Sale page')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.paymentMethods).toEqual(['cash', 'venmo', 'cash_app']);
    expect(body.addressVisibleFrom).toBeUndefined();
  });

  it('shows a badge per payment method, and nothing for a sale that names none', () => {
    const { rerender } = render(<PaymentBadges methods={['cash', 'paypal']} />);
    expect(screen.getByRole('list', { name: 'Payment accepted' })).toHaveTextContent('CashPayPal');
    rerender(<PaymentBadges methods={[]} />);
    expect(screen.queryByRole('list', { name: 'Payment accepted' })).toBeNull();
  });

  it('tells a shopper when the house number shows, on the sale’s clock, and the host what shoppers see', () => {
    const sale = aSale({ address_visible_from: '2099-06-13T18:00' });
    const { rerender } = render(<AddressTimingNote sale={sale} isOwner={false} />);
    expect(screen.getByTestId('address-timing')).toHaveTextContent('The house number shows from Sat, Jun 13, 6:00 PM');
    rerender(<AddressTimingNote sale={sale} isOwner />);
    expect(screen.getByTestId('address-timing')).toHaveTextContent(
      'Shoppers see your street without the house number until Sat, Jun 13, 6:00 PM',
    );
    rerender(<AddressTimingNote sale={aSale({ address_visible_from: '2020-06-13T18:00' })} isOwner={false} />);
    expect(screen.queryByTestId('address-timing')).toBeNull();
  });
});
