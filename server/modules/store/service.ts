import { z } from 'zod';
import { snakeCased } from '#contract/snake-case.ts';
import {
  type createOrderBody,
  formatDollars,
  type OrderSummary,
  productById,
  storeCurrency,
} from '#contract/store.ts';
import type { AppDeps } from '#server/deps.ts';
import { Invalid, NotFound } from '#server/http/errors.ts';
import type { PaymentListener, PaymentsService } from '../payments/index.ts';
import * as repository from './repository.ts';

export const CONFIRMATION_JOB = 'store-order-confirmation';

type NewOrderInput = z.output<typeof createOrderBody>;

/** A short reference people can quote: the first part of the order id. */
const referenceOf = (id: string) => `PS-${id.slice(0, 8).toUpperCase()}`;

const summaryOf = (order: repository.OrderRow): OrderSummary => ({
  id: order.id,
  reference: referenceOf(order.id),
  productId: order.productId,
  title: productById(order.productId)?.title ?? order.productId,
  size: order.size,
  quantity: order.quantity,
  unitPriceCents: order.unitPriceCents,
  totalCents: order.totalCents,
  currency: order.currency,
  status: order.status,
});

/**
 * Orders follow their payments; merchandise is never recorded as a donation. Built from the repository alone,
 * before the payments service that calls it and that the store service checks out through.
 */
export const orderListener = (deps: Pick<AppDeps, 'queue'>): PaymentListener => ({
  handle: async (tx, checkout, event) => {
    const orderId = checkout?.reference;
    if (!orderId) return;
    if (event.type === 'payment.succeeded') {
      const paid = await repository.moveStatus(tx, orderId, 'paid', ['pending', 'failed']);
      if (paid) await deps.queue.send(CONFIRMATION_JOB, { orderId }, { retryLimit: 5, retryDelay: 30 }, tx);
    }
    if (event.type === 'payment.failed') await repository.moveStatus(tx, orderId, 'failed', ['pending']);
    if (event.type === 'payment.refunded') await repository.moveStatus(tx, orderId, 'refunded', ['paid']);
  },
});

const confirmationText = (order: repository.OrderRow) =>
  [
    `Dear ${order.name},`,
    '',
    `Thank you for your order ${referenceOf(order.id)} from the Pilgrim Soul store.`,
    '',
    `${order.quantity} × ${productById(order.productId)?.title ?? order.productId}${order.size ? ` (size ${order.size})` : ''}`,
    `Total paid: ${formatDollars(order.totalCents)}`,
    '',
    'We will ship it to:',
    order.name,
    order.addressLine1,
    ...(order.addressLine2 ? [order.addressLine2] : []),
    `${order.city} ${order.postalCode}`,
    order.country,
    '',
    'Buen Camino!',
  ].join('\n');

/** Orders, paid through the payments service, their confirmations and the admin's list, built once. */
export const createStoreService = (deps: AppDeps, payments: Pick<PaymentsService, 'createCheckout'>) => {
  /** Prices come from the catalogue on the server; the order is paid through the same provider as gifts. */
  const placeOrder = async (input: NewOrderInput) => {
    const product = productById(input.productId);
    if (!product) throw new Invalid('Please choose a product.', 'productId');
    const order = await repository.insertOrder(deps.db, {
      productId: product.id,
      size: input.size ?? null,
      quantity: input.quantity,
      unitPriceCents: product.priceCents,
      totalCents: product.priceCents * input.quantity,
      currency: storeCurrency,
      name: input.name,
      email: input.email,
      addressLine1: input.address.line1,
      addressLine2: input.address.line2 || null,
      city: input.address.city,
      postalCode: input.address.postalCode,
      country: input.address.country,
    });
    const checkout = await payments.createCheckout({
      purpose: 'order',
      reference: order.id,
      amountMinor: order.totalCents,
      currency: 'usd',
      interval: null,
      email: order.email,
      description: `Pilgrim Soul store order ${referenceOf(order.id)}`,
    });
    await repository.setCheckout(deps.db, order.id, checkout.id);
    return { order: summaryOf(order), clientSecret: checkout.clientSecret! };
  };

  const orderSummary = async (id: string) => {
    const order = z.uuid().safeParse(id).success ? await repository.findOrder(deps.db, id) : null;
    if (!order) throw new NotFound('Order not found');
    return summaryOf(order);
  };

  /** Sends the confirmation of one paid order; safe to run twice. */
  const sendConfirmation = async (orderId: string) => {
    const order = await repository.findOrder(deps.db, orderId);
    if (order?.status !== 'paid') return;
    if (!(await repository.confirmationSent.claim(deps.db, orderId))) return;
    try {
      await deps.mailer.send({
        to: order.email,
        subject: `Your Pilgrim Soul order ${referenceOf(order.id)} is confirmed`,
        text: confirmationText(order),
      });
    } catch (error) {
      await repository.confirmationSent.release(deps.db, orderId);
      throw error;
    }
  };

  /** Every order, newest first, for the admin console. */
  const listOrders = async () =>
    (await repository.listOrders(deps.db)).map((order) => ({
      ...snakeCased(summaryOf(order)),
      name: order.name,
      email: order.email,
      address: {
        line1: order.addressLine1,
        line2: order.addressLine2,
        city: order.city,
        postal_code: order.postalCode,
        country: order.country,
      },
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
    }));

  /** The orders placed with the pilgrim's email, each with its confirmation once paid, for their data export. */
  const ordersOf = async (email: string) =>
    (await repository.ordersOf(deps.db, email)).map((order) => ({
      reference: referenceOf(order.id),
      product_id: order.productId,
      size: order.size,
      quantity: order.quantity,
      total_cents: order.totalCents,
      currency: order.currency,
      status: order.status,
      ship_to: {
        name: order.name,
        address_line1: order.addressLine1,
        address_line2: order.addressLine2,
        city: order.city,
        postal_code: order.postalCode,
        country: order.country,
      },
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      receipt: order.status === 'paid' ? confirmationText(order) : null,
    }));

  return { placeOrder, orderSummary, sendConfirmation, listOrders, ordersOf };
};

export type StoreService = ReturnType<typeof createStoreService>;
