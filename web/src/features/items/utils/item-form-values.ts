import {
  DEFAULT_CONDITION,
  itemCreateSchema,
  itemUpdateSchema,
  type Condition,
  type Item,
  type ItemCreate,
  type ItemUpdate,
} from '@garage/contracts';
import { parseMoney, validate, type Validation } from '@/lib/form';

export interface ItemFormValues {
  garageSaleId: number | null;
  title: string;
  description: string;
  category: string;
  condition: Condition;
  price: string;
  originalPrice: string;
  /** The host's floor for offers and their auto-accept price (blank: none); never shown to shoppers. */
  minOfferPrice: string;
  autoAcceptPrice: string;
  brand: string;
  dimensions: string;
  weight: string;
  imageUrls: string[];
  isReserved: boolean;
  isSold: boolean;
}

export function emptyItemForm(garageSaleId: number | null): ItemFormValues {
  return {
    garageSaleId,
    title: '',
    description: '',
    category: '',
    condition: DEFAULT_CONDITION,
    price: '',
    originalPrice: '',
    minOfferPrice: '',
    autoAcceptPrice: '',
    brand: '',
    dimensions: '',
    weight: '',
    imageUrls: [],
    isReserved: false,
    isSold: false,
  };
}

export function itemToFormValues(item: Item): ItemFormValues {
  return {
    garageSaleId: item.garage_sale_id,
    title: item.title,
    description: item.description ?? '',
    category: item.category,
    condition: item.condition,
    price: String(item.price),
    originalPrice: item.original_price === null ? '' : String(item.original_price),
    minOfferPrice: item.min_offer_price == null ? '' : String(item.min_offer_price),
    autoAcceptPrice: item.auto_accept_price == null ? '' : String(item.auto_accept_price),
    brand: item.brand ?? '',
    dimensions: item.dimensions ?? '',
    weight: item.weight ?? '',
    imageUrls: item.image_urls,
    isReserved: item.is_reserved,
    isSold: item.is_sold,
  };
}

function payload(values: ItemFormValues) {
  return {
    garageSaleId: values.garageSaleId,
    title: values.title,
    description: values.description,
    category: values.category,
    condition: values.condition,
    price: parseMoney(values.price),
    originalPrice: parseMoney(values.originalPrice),
    minOfferPrice: parseMoney(values.minOfferPrice),
    autoAcceptPrice: parseMoney(values.autoAcceptPrice),
    brand: values.brand,
    dimensions: values.dimensions,
    weight: values.weight,
    imageUrls: values.imageUrls,
  };
}

/** A blank price is "required", not "must be a number" (the schema cannot tell the two apart). */
function withPriceRequired<T>(values: ItemFormValues, result: Validation<T>): Validation<T> {
  if (values.price.trim() !== '') return result;
  const errors = result.ok ? {} : result.errors;
  return { ok: false, errors: { ...errors, price: 'Price is required' } };
}

/** The create payload; blank optional texts become null through the contract schema. */
export function validateNewItem(values: ItemFormValues): Validation<ItemCreate> {
  return withPriceRequired(values, validate(itemCreateSchema, payload(values)));
}

/** The update payload: the same fields plus the owner's reserved and sold flags. */
export function validateItemUpdate(values: ItemFormValues): Validation<ItemUpdate> {
  return withPriceRequired(
    values,
    validate(itemUpdateSchema, { ...payload(values), isReserved: values.isReserved, isSold: values.isSold }),
  );
}
