import { ApiError } from '@garage/service-kit';
import { ProviderUnavailableError } from './payment-provider.port.js';

/** A provider outage reaches the buyer as a 503 to retry, never as a 500 or the provider's words. */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new ApiError(503, 'The payment provider is unavailable. Try again shortly.');
    throw error;
  }
}
