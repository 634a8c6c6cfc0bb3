import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { openPrintout } from '../api/open-printout';

/**
 * The host's printouts of a sale: the yard sign and the price stickers (Avery 5160). Each is a PDF
 * only the host may fetch, so it is fetched with the host's token and opened from a blob.
 */
export function PrintKitButtons({ saleId }: { saleId: number }) {
  const [error, setError] = useState<string | null>(null);
  const open = (kind: 'sign' | 'stickers') => {
    setError(null);
    openPrintout(`/api/sales/${saleId}/${kind}.pdf`).catch(() => setError('The printout could not be made. Please try again.'));
  };
  return (
    <>
      <Button variant="secondary" onClick={() => open('sign')}>
        Print Yard Sign
      </Button>
      <Button variant="secondary" onClick={() => open('stickers')}>
        Print Price Stickers
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
