import type { AppDeps } from '../deps.ts';
import { findUserById } from '../identity/users.ts';
import { accountFeature } from './account/index.ts';
import { adminFeature } from './admin/index.ts';
import { authFeature } from './auth/index.ts';
import { type BlogService, blogFeature, createBlogService } from './blog/index.ts';
import { dataExportFeature } from './data-export/index.ts';
import {
  createDonationsService,
  type DonationsService,
  donationListener,
  donationsFeature,
} from './donations/index.ts';
import type { Feature } from './feature-module.ts';
import { createJourneyService, type JourneyService, journeyFeature } from './journey/index.ts';
import { createMessagesService, type MessagesService, messagesFeature } from './messages/index.ts';
import { createNewsletterService, type NewsletterService, newsletterFeature } from './newsletter/index.ts';
import { notificationsFeature } from './notifications/index.ts';
import {
  createPaymentProvider,
  createPaymentsService,
  type PaymentsService,
  paymentsFeature,
} from './payments/index.ts';
import { profileFeature } from './profile/index.ts';
import {
  createCaptionsService,
  createSoulStoryService,
  type JourneyCardSource,
  journeyCardFacts,
  type SoulStoryService,
  soulStoryFeature,
} from './soul-story/index.ts';
import { createStoreService, orderListener, type StoreService, storeFeature } from './store/index.ts';
import { createSurveyService, type SurveyService, surveyFeature } from './survey/index.ts';
import { createUploadsService, type UploadsService, uploadsFeature } from './uploads/index.ts';
import { createModelProvider, velaFeature } from './vela/index.ts';

/** The services other features, and tests through the runtime, call directly. */
export interface Services {
  blog: BlogService;
  journey: JourneyService;
  messages: MessagesService;
  newsletter: NewsletterService;
  payments: PaymentsService;
  soulStory: SoulStoryService;
  donations: DonationsService;
  store: StoreService;
  survey: SurveyService;
  uploads: UploadsService;
}

/** The keepsake's cards: the first name from the account, the rest from the Camino record. */
const journeyCardOf =
  (deps: AppDeps, journey: JourneyService): JourneyCardSource =>
  async (userId) => {
    const [user, record] = await Promise.all([findUserById(deps.db, userId), journey.journeySummary(userId)]);
    return journeyCardFacts(user?.firstName ?? null, record);
  };

/**
 * Builds every feature once, from the runtime's shared parts and the parts only one feature uses (the
 * payment provider, Vela's model), and wires what one feature tells another: a payment reaches the record
 * of giving or the store, by what it paid for; a saved journey re-renders the keepsake's cards.
 */
export const createFeatures = (deps: AppDeps): { features: Feature[]; services: Services } => {
  // The listeners need only their feature's repository, so payments is built first and handed to the sellers.
  const payments = createPaymentsService(deps, createPaymentProvider(deps), {
    donation: donationListener(deps),
    order: orderListener(deps),
  });
  // The cards read the journey and a saved journey re-renders them, so the two services meet through a late-bound call.
  const journey = createJourneyService({
    ...deps,
    onJourneyChanged: async (userId) => {
      await soulStory.refreshJourneyCards(userId);
    },
  });
  const soulStory = createSoulStoryService({ ...deps, journeyCard: journeyCardOf(deps, journey) });
  const services: Services = {
    blog: createBlogService(deps),
    journey,
    messages: createMessagesService(deps),
    newsletter: createNewsletterService(deps),
    payments,
    soulStory,
    donations: createDonationsService(deps, payments),
    store: createStoreService(deps, payments),
    survey: createSurveyService(deps),
    uploads: createUploadsService(deps, soulStory),
  };
  const features = [
    authFeature(deps),
    profileFeature(deps, services.journey),
    journeyFeature(deps, services.journey),
    soulStoryFeature(deps, services.soulStory, createCaptionsService(deps)),
    uploadsFeature(deps, services.uploads),
    notificationsFeature(deps),
    velaFeature(deps, createModelProvider(deps.config, deps.metrics)),
    paymentsFeature(services.payments),
    donationsFeature(services.donations),
    storeFeature(services.store),
    blogFeature(deps, services.blog),
    newsletterFeature(services.newsletter),
    messagesFeature(services.messages),
    surveyFeature(deps.auth, services.survey),
    adminFeature(deps, services),
    accountFeature(
      deps,
      payments.cancelSubscription,
      services.uploads.removeForUser,
      services.soulStory.stopRendersOf,
    ),
    dataExportFeature(deps, services),
  ];
  return { features, services };
};
