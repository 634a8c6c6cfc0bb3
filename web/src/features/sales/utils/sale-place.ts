import type { Sale } from '@garage/contracts';

/** The address for signed-in viewers; visitors only ever receive city and state. */
export function salePlace(sale: Pick<Sale, 'address' | 'city' | 'state' | 'zip_code'>): string {
  const cityState = [sale.city, sale.state].filter(Boolean).join(', ');
  if (!sale.address) return cityState;
  return `${sale.address}, ${cityState}${sale.zip_code ? ` ${sale.zip_code}` : ''}`;
}
