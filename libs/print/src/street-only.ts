// The rule lives in contracts, so every service that hides an address hides it the same way.
export { streetOnly } from '@garage/contracts';
