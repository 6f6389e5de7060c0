import type { AppDeps } from '../deps.ts';
import { adminFeature } from './admin/index.ts';
import { authFeature } from './auth/index.ts';
import { blogFeature } from './blog/index.ts';
import { donationListener, donationsFeature } from './donations/index.ts';
import type { Feature } from './feature-module.ts';
import { messagesFeature } from './messages/index.ts';
import { newsletterFeature } from './newsletter/index.ts';
import { notificationsFeature } from './notifications/index.ts';
import { type PaymentListeners, paymentsFeature } from './payments/index.ts';
import { profileFeature } from './profile/index.ts';
import { soulStoryFeature } from './soul-story/index.ts';
import { orderListener, storeFeature } from './store/index.ts';
import { surveyFeature } from './survey/index.ts';
import { velaFeature } from './vela/index.ts';

/**
 * Builds every feature once, from the runtime's shared parts, and wires what one feature tells
 * another: a payment reaches the record of giving or the store, by what it paid for.
 */
export const createFeatures = (deps: AppDeps): Feature[] => {
  const paymentListeners: PaymentListeners = {
    donation: donationListener(deps),
    order: orderListener(deps),
  };
  return [
    authFeature(deps),
    profileFeature(deps),
    soulStoryFeature(deps),
    notificationsFeature(deps),
    velaFeature(deps),
    paymentsFeature(deps, paymentListeners),
    donationsFeature(deps, paymentListeners),
    storeFeature(deps),
    blogFeature(deps),
    newsletterFeature(deps),
    messagesFeature(deps),
    surveyFeature(deps),
    adminFeature(deps),
  ];
};
