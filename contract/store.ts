import { z } from 'zod';
import { emailField, limitedText, numberFromText } from './common.ts';

export const shirtSizes = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export type ShirtSize = (typeof shirtSizes)[number];

/** Spec §3 and §9: the three items and their prices, in US cents; the server's word on price. */
export const storeProducts = [
  { id: 'tee-shirt', title: 'Tee-shirt', priceCents: 2000, priceLabel: '$20', sizes: shirtSizes },
  { id: 'tote-bag', title: 'Tote Bag', priceCents: 1000, priceLabel: '$10.00', sizes: [] },
  {
    id: 'cam-covers',
    title: 'Laptop & Phone Cam Covers',
    priceCents: 850,
    priceLabel: '$8.50',
    sizes: [],
  },
] as const satisfies readonly {
  id: string;
  title: string;
  priceCents: number;
  priceLabel: string;
  sizes: readonly ShirtSize[];
}[];

export type StoreProductId = (typeof storeProducts)[number]['id'];
export const storeProductIds = storeProducts.map((product) => product.id) as [
  StoreProductId,
  ...StoreProductId[],
];
export const storeCurrency = 'usd';
export const maximumQuantity = 10;

export const productById = (id: string) => storeProducts.find((product) => product.id === id);

export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const storeMessages = {
  product: 'Please choose a product.',
  size: 'Please choose a size.',
  noSize: 'This item comes in one size.',
  quantity: `Quantity must be a whole number from 1 to ${maximumQuantity}.`,
  name: 'Name is required',
  line1: 'Address is required',
  city: 'City is required',
  postalCode: 'Postal code is required',
  country: 'Country is required',
  orderFailed: 'Failed to place the order. Please try again.',
  confirmedTitle: 'Thank you! Your order is confirmed.',
} as const;

const required = (max: number, name: string, message: string) =>
  limitedText(max, name).trim().min(1, message);

export const shippingAddress = z.object({
  line1: required(200, 'Address', storeMessages.line1),
  line2: limitedText(200, 'Address line 2').trim().optional(),
  city: required(100, 'City', storeMessages.city),
  postalCode: required(20, 'Postal code', storeMessages.postalCode),
  country: required(100, 'Country', storeMessages.country),
});

/** POST /api/store/orders/: the browser names what it wants; the price comes from the server. */
export const createOrderBody = z
  .object({
    productId: z.enum(storeProductIds, { error: storeMessages.product }),
    quantity: numberFromText(
      z
        .number({ error: storeMessages.quantity })
        .int(storeMessages.quantity)
        .min(1, storeMessages.quantity)
        .max(maximumQuantity, storeMessages.quantity),
    ),
    size: z.enum(shirtSizes, { error: storeMessages.size }).optional(),
    name: required(120, 'Name', storeMessages.name),
    email: emailField,
    address: shippingAddress,
  })
  .superRefine((order, context) => {
    const product = productById(order.productId);
    if (product && product.sizes.length > 0 && !order.size)
      context.addIssue({ code: 'custom', message: storeMessages.size, path: ['size'] });
    if (product && product.sizes.length === 0 && order.size)
      context.addIssue({ code: 'custom', message: storeMessages.noSize, path: ['size'] });
  });
export type CreateOrderInput = z.input<typeof createOrderBody>;

export const orderStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;

/** An order as its buyer sees it (camelCase, as the store's answers have always been). */
export const orderSummary = z.object({
  id: z.string(),
  reference: z.string(),
  productId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  status: z.enum(orderStatuses),
});
export type OrderSummary = z.infer<typeof orderSummary>;

const createOrderResponse = z.object({
  order: orderSummary,
  clientSecret: z.string(),
});
export type CreatedOrder = z.infer<typeof createOrderResponse>;

export const productList = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    price: z.string(),
    priceCents: z.number().int(),
    sizes: z.array(z.string()),
    link: z.string(),
  }),
);
