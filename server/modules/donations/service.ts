import {
  type DonationFrequency,
  donationMessages,
  formatPounds,
  frequencyLabels,
  rewardFor,
} from '#contract/donation-terms.ts';
import type { GiftView } from '#contract/donations.ts';
import type { Tx } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { Invalid, NotFound } from '#server/http/errors.ts';
import type {
  Checkout,
  PaymentEvent,
  PaymentListener,
  PaymentsService,
  SubscriptionState,
} from '../payments/index.ts';
import { readManageToken, signManageToken } from './manage-token.ts';
import * as repository from './repository.ts';

export const RECEIPT_JOB = 'donation-receipt';

const frequencyOf = (checkout: Checkout): DonationFrequency =>
  checkout.interval === 'month' ? 'monthly' : checkout.interval === 'year' ? 'yearly' : 'one-time';

const giftOf = (tx: Tx, checkout: Checkout) =>
  repository.ensureGift(tx, {
    checkoutId: checkout.id,
    provider: checkout.provider,
    frequency: frequencyOf(checkout),
    amountPence: checkout.amountMinor,
    currency: checkout.currency,
    email: checkout.email,
    customerId: checkout.customerId,
    subscriptionId: checkout.subscriptionId,
    status: 'pending',
  });

const giftStatusFor: Record<SubscriptionState, repository.GiftRow['status']> = {
  incomplete: 'pending',
  incomplete_expired: 'failed',
  trialing: 'active',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
};

/**
 * How the record of giving follows the payment provider's events. Built from the repository alone, before the
 * payments service that calls it, since the donations service in turn cancels gifts through payments.
 */
export const donationListener = (deps: Pick<AppDeps, 'queue'>): PaymentListener => {
  const handleGiftEvent = async (tx: Tx, gift: repository.GiftRow, event: PaymentEvent) => {
    if (event.type === 'subscription.changed') {
      await repository.setGiftStatus(tx, gift.id, giftStatusFor[event.status]);
      return;
    }
    if (event.type === 'payment.failed') {
      await repository.recordFailedPayment(tx, {
        giftId: gift.id,
        providerPaymentId: event.paymentId,
        intentId: event.intentId,
        amountPence: event.amountMinor,
        currency: event.currency,
        failureReason: event.reason ?? null,
      });
      if (gift.frequency === 'one-time') await repository.setGiftStatus(tx, gift.id, 'failed', ['pending']);
      return;
    }
    if (event.type !== 'payment.succeeded') return;
    const payment = await repository.recordSucceededPayment(tx, {
      giftId: gift.id,
      providerPaymentId: event.paymentId,
      intentId: event.intentId,
      amountPence: event.amountMinor,
      currency: event.currency,
    });
    if (gift.frequency === 'one-time')
      await repository.setGiftStatus(tx, gift.id, 'completed', ['pending', 'failed']);
    else await repository.setGiftStatus(tx, gift.id, 'active', ['pending', 'failed']);
    if (payment)
      await deps.queue.send(RECEIPT_JOB, { paymentId: payment.id }, { retryLimit: 5, retryDelay: 30 }, tx);
  };

  return {
    handle: async (tx, checkout, event) => {
      if (event.type === 'payment.refunded') {
        for (const payment of await repository.markRefunded(tx, event.intentId, event.amountRefundedMinor)) {
          const gift = await repository.findGift(tx, payment.giftId);
          if (gift?.frequency === 'one-time') await repository.setGiftStatus(tx, gift.id, 'refunded');
        }
        return;
      }
      if (!checkout) return;
      await handleGiftEvent(tx, await giftOf(tx, checkout), event);
    },
  };
};

const receiptText = (gift: repository.GiftRow, amountPence: number, link: string) => {
  const frequency = gift.frequency as DonationFrequency;
  const reward = rewardFor(frequency, gift.amountPence);
  return [
    'Thank you for your gift to Pilgrim Soul.',
    '',
    `Amount: ${formatPounds(amountPence)}`,
    `Frequency: ${frequencyLabels[frequency]}`,
    `Date: ${new Date().toISOString().slice(0, 10)}`,
    ...(reward ? [`Your supporter reward: ${reward}`] : []),
    '',
    frequency === 'one-time'
      ? 'See your gift here:'
      : 'See or cancel your recurring gift here, no password needed:',
    link,
    '',
    'Your generosity keeps Pilgrim Soul open to every pilgrim.',
  ].join('\n');
};

const cancellable: repository.GiftRow['status'][] = ['pending', 'active', 'past_due'];

/** Receipts, the pages that manage a gift, and the admin's list, built once over the shared parts and payments. */
export const createDonationsService = (
  deps: AppDeps,
  payments: Pick<PaymentsService, 'cancelSubscription' | 'cardForm' | 'portalUrl'>,
) => {
  const manageUrl = (giftId: string) =>
    `${deps.config.PUBLIC_URL}/donations/manage/${signManageToken(deps.config.SECRET, giftId)}`;

  /** Sends the receipt for one succeeded payment; safe to run twice. */
  const sendReceipt = async (paymentId: string) => {
    const found = await repository.findPaymentWithGift(deps.db, paymentId);
    if (!found?.gift.email || found.payment.status !== 'succeeded') return;
    if (!(await repository.receiptSent.claim(deps.db, paymentId))) return;
    try {
      await deps.mailer.send({
        to: found.gift.email,
        subject: 'Thank you for your gift to Pilgrim Soul',
        text: receiptText(found.gift, found.payment.amountPence, manageUrl(found.gift.id)),
      });
    } catch (error) {
      await repository.receiptSent.release(deps.db, paymentId);
      throw error;
    }
  };

  const giftFromToken = async (token: string) => {
    const giftId = readManageToken(deps.config.secrets, token);
    const gift = giftId ? await repository.findGift(deps.db, giftId) : null;
    if (!gift) throw new NotFound(donationMessages.giftNotFound);
    return gift;
  };

  const viewGift = async (token: string): Promise<GiftView> => {
    const gift = await giftFromToken(token);
    const giftPayments = await repository.paymentsOfGift(deps.db, gift.id);
    const frequency = gift.frequency as DonationFrequency;
    const recurring = gift.subscriptionId !== null;
    return {
      frequency,
      amountPence: gift.amountPence,
      currency: gift.currency,
      status: gift.status,
      email: gift.email,
      reward: rewardFor(frequency, gift.amountPence),
      createdAt: gift.createdAt.toISOString(),
      canceledAt: gift.canceledAt?.toISOString() ?? null,
      canCancel: recurring && cancellable.includes(gift.status),
      portalAvailable:
        recurring &&
        gift.provider === 'stripe' &&
        gift.customerId !== null &&
        payments.cardForm.provider === 'stripe',
      payments: giftPayments.map((payment) => ({
        amountPence: payment.amountPence,
        status: payment.status,
        createdAt: payment.createdAt.toISOString(),
      })),
    };
  };

  const cancelGift = async (token: string) => {
    const gift = await giftFromToken(token);
    if (!gift.subscriptionId) throw new Invalid(donationMessages.notRecurring);
    if (cancellable.includes(gift.status)) await payments.cancelSubscription(gift.subscriptionId);
    return viewGift(token);
  };

  const customerPortal = async (token: string) => {
    const gift = await giftFromToken(token);
    const url =
      gift.customerId && gift.provider === 'stripe'
        ? await payments.portalUrl(gift.customerId, `${deps.config.PUBLIC_URL}/donations/manage/${token}`)
        : null;
    if (!url) throw new Invalid(donationMessages.portalUnavailable);
    return { url };
  };

  /** Every donation payment with its gift, newest first, for the admin console. */
  const listDonations = async () =>
    (await repository.listWithGifts(deps.db)).map(({ payment, gift }) => ({
      id: payment.id,
      gift_id: gift.id,
      email: gift.email,
      frequency: gift.frequency,
      amount_pence: payment.amountPence,
      currency: payment.currency,
      status: payment.status,
      failure_reason: payment.failureReason,
      gift_status: gift.status,
      provider: gift.provider,
      created_at: payment.createdAt.toISOString(),
    }));

  /** A donor's gifts with each payment and its receipt, as their data export holds them. */
  const givingOf = async (email: string) =>
    Promise.all(
      (await repository.giftsOf(deps.db, email)).map(async (gift) => ({
        id: gift.id,
        frequency: gift.frequency,
        amount_pence: gift.amountPence,
        currency: gift.currency,
        status: gift.status,
        created_at: gift.createdAt.toISOString(),
        canceled_at: gift.canceledAt?.toISOString() ?? null,
        payments: (await repository.paymentsOfGift(deps.db, gift.id)).reverse().map((payment) => ({
          receipt_number: payment.id,
          amount_pence: payment.amountPence,
          currency: payment.currency,
          status: payment.status,
          amount_refunded_pence: payment.amountRefundedPence,
          paid_at: payment.createdAt.toISOString(),
          receipt:
            payment.status === 'succeeded'
              ? receiptText(gift, payment.amountPence, manageUrl(gift.id))
              : null,
        })),
      })),
    );

  return { sendReceipt, viewGift, cancelGift, customerPortal, listDonations, givingOf };
};

export type DonationsService = ReturnType<typeof createDonationsService>;
