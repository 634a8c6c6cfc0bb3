import { useCallback, useEffect, useState } from 'react';
import { GEOLOCATION } from '@garage/contracts/constants';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The spec's messages for each way a location request can fail (section 8). */
export const GEOLOCATION_MESSAGES = {
  unsupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied. Please enable location permissions to see nearby sales.',
  unavailable: 'Location information unavailable',
  timeout: 'Location request timed out',
  unknown: 'Unable to get your location',
} as const;

export function geolocationErrorMessage(code: number | undefined): string {
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.unknown;
  }
}

export interface GeolocationState {
  position: Coordinates | null;
  error: string | null;
  loading: boolean;
  retry: () => void;
}

/** Asks the browser once on mount (timeout 10 s, cached up to 5 min, high accuracy); retry asks again. */
export function useGeolocation(): GeolocationState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<GeolocationState, 'retry'>>({ position: null, error: null, loading: true });

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      setState({ position: null, error: GEOLOCATION_MESSAGES.unsupported, loading: false });
      return;
    }
    let active = true;
    setState((previous) => ({ ...previous, error: null, loading: true }));
    navigator.geolocation.getCurrentPosition(
      (result) => {
        if (!active) return;
        setState({
          position: { latitude: result.coords.latitude, longitude: result.coords.longitude },
          error: null,
          loading: false,
        });
      },
      (error) => {
        if (!active) return;
        setState({ position: null, error: geolocationErrorMessage(error?.code), loading: false });
      },
      {
        enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
        timeout: GEOLOCATION.timeoutMs,
        maximumAge: GEOLOCATION.maximumAgeMs,
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, retry };
}
