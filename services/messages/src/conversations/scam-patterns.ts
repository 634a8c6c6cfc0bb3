/**
 * Payment-scam patterns (issue 39): a message matching one is stored and delivered as written, and
 * its recipient is warned. Deliberately simple and explainable: each pattern names what it found.
 */

/** What the recipient of a flagged message reads beside it. */
export const SCAM_WARNING =
  'Be careful: this message looks like a common payment scam. Pay only at the sale or through Garage, never by gift card, ' +
  'a payment link or money sent ahead to someone you have not met.';

/** Links to pages where money is sent (payment apps, checkout and invoice pages). */
const PAYMENT_LINK =
  /\b(?:https?:\/\/|www\.)\S*(?:paypal|venmo|cash\.app|zellepay|zelle|squareup|square\.link|stripe|checkout|invoice|payment|pay\.|\/pay\b|wise\.com|westernunion|moneygram)/i;
/** Shortened or bare domains of payment apps even without a scheme (`paypal.me/x`). */
const PAYMENT_DOMAIN = /\b(?:paypal\.me|venmo\.com|cash\.app|zellepay\.com|buy\.stripe\.com)\b/i;
const GIFT_CARD = /\bgift\s*-?\s*cards?\b/i;
/** A North American phone number, however it is punctuated. */
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
const TEXT_ME = /\b(?:text|txt|sms|whats\s*app|call)\s+me\b/i;
const ZELLE_FIRST = /\b(?:zelle|venmo|cash\s*app|paypal|wire|send)\b[^.!?\n]{0,40}\b(?:first|upfront|up front|in advance|ahead|deposit)\b/i;

/** Whether a message's text looks like a payment scam. */
export function looksLikeScam(text: string): boolean {
  return (
    PAYMENT_LINK.test(text) ||
    PAYMENT_DOMAIN.test(text) ||
    GIFT_CARD.test(text) ||
    (PHONE.test(text) && TEXT_ME.test(text)) ||
    ZELLE_FIRST.test(text)
  );
}
