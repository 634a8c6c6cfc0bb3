/**
 * What an intent pays for, written into its metadata (`purpose`) when it is made and read back from
 * the provider's reports: payments grants a membership only for a premium one, items marks a
 * reservation paid only for a reservation one.
 */
export const PREMIUM_PURPOSE = 'premium_membership';
export const RESERVATION_PURPOSE = 'reservation';
