import { useState } from 'react';
import { GEOLOCATION } from '@garage/contracts/constants';
import type { Sale } from '@garage/contracts';
import { geolocationErrorMessage, GEOLOCATION_MESSAGES, type Coordinates } from '@/hooks/use-geolocation';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { useCheckIn } from './api';

function currentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return reject(new Error(GEOLOCATION_MESSAGES.unsupported));
    navigator.geolocation.getCurrentPosition(
      (result) => resolve({ latitude: result.coords.latitude, longitude: result.coords.longitude }),
      (error) => reject(new Error(geolocationErrorMessage(error.code))),
      { timeout: GEOLOCATION.timeoutMs, maximumAge: 60_000, enableHighAccuracy: GEOLOCATION.enableHighAccuracy },
    );
  });
}

/**
 * "Still going?" for a signed-in shopper at the sale during its hours: Yes or No, sent with where the
 * browser says she is. The server's refusals (too far, already answered, not open now) show as they are.
 */
export function StillGoing({ sale }: { sale: Sale }) {
  const mutation = useCheckIn(sale.id);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [answered, setAnswered] = useState<boolean | null>(null);

  const answer = async (going: boolean) => {
    setProblem(null);
    setLocating(true);
    let position: Coordinates;
    try {
      position = await currentPosition();
    } catch (error) {
      setProblem((error as Error).message);
      return;
    } finally {
      setLocating(false);
    }
    mutation.mutate(
      { going, ...position },
      {
        onSuccess: () => setAnswered(going),
        onError: (error) => setProblem(errorMessage(error, 'Could not send your answer. Please try again.')),
      },
    );
  };

  const busy = locating || mutation.isPending;
  return (
    <div>
      <p className="font-medium text-gray-900" id="still-going-question">
        Still going?
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2" role="group" aria-labelledby="still-going-question">
        <Button variant="success" className="min-h-11" disabled={busy} onClick={() => void answer(true)}>
          Yes, it’s on
        </Button>
        <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => void answer(false)}>
          No, it’s over
        </Button>
      </div>
      {busy && <p className="mt-2 text-sm text-gray-700">{locating ? 'Finding where you are…' : 'Sending…'}</p>}
      {answered !== null && !problem && <p className="mt-2 text-sm text-green-800">Thanks, your answer helps other shoppers.</p>}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
