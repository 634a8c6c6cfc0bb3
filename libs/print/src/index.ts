export type { CommunitySalePrintEntry, CommunitySalePrintInput, PrintAudience, PrintDay } from './community-sale-input.js';
export { communitySalePrintout } from './community-sale-printout.js';
export { saleHoursOn, type SaleSchedule } from './hours.js';
export { streetOnly } from './street-only.js';
export { AVERY_5160, labelBox, priceLabel, priceStickers, type PriceSticker, type PriceStickerOptions } from './price-stickers.js';
export { yardSign, type YardSignInput } from './yard-sign.js';
