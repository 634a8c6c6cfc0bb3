export type { CommunitySalePrintEntry, CommunitySalePrintInput, PrintAudience, PrintDay } from './community-sale-input.js';
export { communitySalePrintout } from './community-sale-printout.js';
export { streetOnly } from './street-only.js';
