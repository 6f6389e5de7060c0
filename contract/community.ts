import { z } from 'zod';
import { emailField, optionValues } from './common.ts';
import { honeypot, messageText, personName, visitorMessageItem } from './contact.ts';

/** The three audiences of /JoinUs. */
export const joinAudiences = [
  {
    value: 'pilgrim',
    label: 'Pilgrims',
    description:
      'You have walked the Camino or another path, or you are about to. Find others who understand what the road gave you, and keep its lessons alive at home.',
  },
  {
    value: 'soul-companion',
    label: 'Soul Companions',
    description:
      'Spiritual directors, counsellors and listeners who walk beside pilgrims after the journey, in Soul Circles, one-to-one conversations and shared meals.',
  },
  {
    value: 'teacher-theologian',
    label: 'Teachers & Theologians',
    description:
      'Teachers of many traditions, and of none, who help pilgrims put words to what they found, through the Soul Learning Hub and reflections on the blog.',
  },
] as const;
export type JoinAudience = (typeof joinAudiences)[number]['value'];
const joinAudienceValues = optionValues(joinAudiences);

/** Where a volunteer would like to help. */
export const volunteerAreas = [
  {
    value: 'welcoming',
    label: 'Welcoming new pilgrims',
    description: 'Answer first messages and help newcomers find their way around.',
  },
  {
    value: 'soul-circles',
    label: 'Hosting a Soul Circle',
    description: 'Gather a small group, online or in person, to share what the road left behind.',
  },
  {
    value: 'soul-table',
    label: 'Soul Table meals',
    description: 'Cook, host or organise a simple shared meal where pilgrims can meet.',
  },
  {
    value: 'soul-action',
    label: 'Soul Action service projects',
    description: 'Help run local projects that turn gratitude into service.',
  },
  {
    value: 'prayer-and-care',
    label: 'Prayer and care',
    description: 'Hold others in quiet support, in whatever way your tradition, or none, does that.',
  },
  {
    value: 'stories-and-writing',
    label: 'Stories and writing',
    description: 'Write reflections for the blog or help pilgrims shape their Soul Stories.',
  },
  {
    value: 'design-and-technology',
    label: 'Design and technology',
    description: 'Lend your craft to the website, the app, photography or film.',
  },
  {
    value: 'translation',
    label: 'Translation',
    description: 'Help pilgrims from every country feel at home in their own language.',
  },
  {
    value: 'other',
    label: 'Something else',
    description: 'Tell us what you would love to give; we will find a place for it.',
  },
] as const;
export type VolunteerArea = (typeof volunteerAreas)[number]['value'];
const volunteerAreaValues = optionValues(volunteerAreas);

export const communityMessages = {
  audienceRequired: 'Please choose how you would like to join',
  areaRequired: 'Please choose an area of interest',
  joinMessageMax: 'Message must be at most 5000 characters',
  joined: 'Welcome to the community!',
  joinedDetail: 'We have sent a note to your inbox and will be in touch soon.',
  volunteered: 'Thank you for offering your time!',
  volunteeredDetail: 'We have sent a note to your inbox and will be in touch within a week.',
  failed: 'Submission failed',
  tryAgain: 'Please try again.',
  tooMany: 'You have sent several requests in a short time. Please wait a few minutes and try again.',
} as const;

const optionalMessage = z
  .string()
  .trim()
  .max(5000, communityMessages.joinMessageMax)
  .optional()
  .transform((value) => value ?? '');

export const joinRequest = z.object({
  name: personName,
  email: emailField,
  audience: z.enum(joinAudienceValues, { error: communityMessages.audienceRequired }),
  message: optionalMessage,
  website: honeypot,
});
export type JoinRequest = z.input<typeof joinRequest>;

export const volunteerRequest = z.object({
  name: personName,
  email: emailField,
  areaOfInterest: z.enum(volunteerAreaValues, { error: communityMessages.areaRequired }),
  message: messageText,
  website: honeypot,
});
export type VolunteerRequest = z.input<typeof volunteerRequest>;

export const communityRequestKinds = ['join', 'volunteer'] as const;

/** One join or volunteer request, as the admin console lists it; `interest` is the audience or the area. */
const communityRequestItem = visitorMessageItem(communityRequestKinds).extend({ interest: z.string() });
export type CommunityRequestItem = z.infer<typeof communityRequestItem>;
