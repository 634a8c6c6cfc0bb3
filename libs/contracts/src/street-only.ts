/**
 * The street of a US street address without the house number or the unit: what a visitor may see
 * of a sale's place on a printout ("1204 N Maple St, Apt 3" -> "N Maple St"). A visitor never gets
 * the address itself (docs/api-contract.md); the street alone narrows a sale to a few blocks, which
 * is what a shopper with a paper map needs and no more.
 *
 * Only the first comma-separated part that names a street is kept, so a city, state or ZIP that
 * follows is dropped too. Numbered streets keep their number ("5th Ave", "16 Mile Rd" after a
 * house number). The answer is '' when nothing but numbers is left.
 */
export function streetOnly(address: string | null | undefined): string {
  if (!address) return '';
  for (const part of address.split(',')) {
    const street = withoutUnit(withoutHouseNumber(part.replace(/\s+/g, ' ').trim()));
    if (street && !UNIT_ONLY.test(street) && /[a-z]/i.test(street)) return street;
  }
  return '';
}

/**
 * A house number: digits with an optional letter, a hyphenated part (Queens' "123-45"), a fraction
 * ("12 1/2"), or a Wisconsin grid number ("W123N4567"). A number left alone is not a street name.
 */
const HOUSE_NUMBER = /^(?:[NSEW]\d+[NSEW]?\d*|\d+[A-Z]?(?:-\d+[A-Z]?)?)(?:\s+\d\/\d)?\s+(?=\S)/i;

/** Secondary unit designators (USPS Publication 28, C2) followed by their number, or a bare "#12". */
const UNIT_DESIGNATOR = '(?:apt|apartment|unit|ste|suite|bldg|building|fl|floor|rm|room|lot|spc|space|trlr|trailer|dept|#)';
/** A unit's own number: "4", "4B", "B4", "12-3", or one letter. */
const UNIT_ID = '(?:[a-z]?\\d+[a-z]?(?:-\\d+)?|[a-z])';
const UNIT = new RegExp(`\\s+${UNIT_DESIGNATOR}\\.?\\s*#?\\s*${UNIT_ID}$`, 'i');
const TRAILING_NUMBER_SIGN = /\s*#\s*\S+$/;
const UNIT_ONLY = new RegExp(`^${UNIT_DESIGNATOR}\\.?\\s*#?\\s*${UNIT_ID}$`, 'i');

function withoutHouseNumber(part: string): string {
  return part.replace(HOUSE_NUMBER, '');
}

function withoutUnit(street: string): string {
  const cut = street.replace(UNIT, '').replace(TRAILING_NUMBER_SIGN, '').trim();
  return cut || street;
}
