import { useCallback, useState } from 'react';
import { GEOLOCATION } from '@garage/contracts/constants';
import { geolocationErrorMessage, GEOLOCATION_MESSAGES, type Coordinates } from '@/hooks/use-geolocation';

export interface LocateState {
  position: Coordinates | null;
  error: string | null;
  locating: boolean;
  locate: () => void;
}

/** The browser's location when the shopper asks for it (the planner never asks on its own). */
export function useLocate(): LocateState {
  const [state, setState] = useState<Omit<LocateState, 'locate'>>({ position: null, error: null, locating: false });
  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ position: null, error: GEOLOCATION_MESSAGES.unsupported, locating: false });
      return;
    }
    setState((previous) => ({ ...previous, error: null, locating: true }));
    navigator.geolocation.getCurrentPosition(
      (result) =>
        setState({ position: { latitude: result.coords.latitude, longitude: result.coords.longitude }, error: null, locating: false }),
      (error) => setState({ position: null, error: geolocationErrorMessage(error?.code), locating: false }),
      { enableHighAccuracy: GEOLOCATION.enableHighAccuracy, timeout: GEOLOCATION.timeoutMs, maximumAge: GEOLOCATION.maximumAgeMs },
    );
  }, []);
  return { ...state, locate };
}
