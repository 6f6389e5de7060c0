import type { Vibe } from '#contract/vela.ts';
import type { ShortKind } from './offline-reading.ts';

/**
 * The offline guide's curated library. Passages are short and in the public domain (old translations
 * and texts published before 1930); each names its source. No line here quotes the configured teacher,
 * whose words are not ours to reproduce.
 */

export interface Theme {
  name: string;
  /** Words and phrases (compromise match syntax) that point to the theme. */
  words: string[];
  questions: string[];
}

export const themes: Theme[] = [
  {
    name: 'body',
    words: [
      'tired',
      'exhausted',
      'blister',
      'blisters',
      'pain',
      'ache',
      'aching',
      'feet',
      'legs',
      'knee',
      'knees',
      'sore',
      'heat',
      'rain',
      'weary',
    ],
    questions: [
      'What did your body teach you that your mind had not yet learned?',
      'When the walking hurt, what kept you putting one foot in front of the other?',
      'How do you care for your body now that the road is behind you?',
      'Is there a place where your body still remembers the road?',
    ],
  },
  {
    name: 'alone',
    words: ['alone', 'lonely', 'loneliness', 'miss', 'missing', 'isolated', 'solitude', 'silence'],
    questions: [
      'Was the solitude a weight or a gift, or did it change from one to the other?',
      'Who do you wish could understand what you carried on the road?',
      'What did the silence say to you when you finally listened?',
      'Who could you reach out to this week, just to be heard?',
    ],
  },
  {
    name: 'joy',
    words: [
      'joy',
      'happy',
      'happiness',
      'grateful',
      'gratitude',
      'beautiful',
      'sunrise',
      'laugh',
      'laughed',
      'wonderful',
      'love',
      'loved',
    ],
    questions: [
      'What made that moment so full, and where do you feel it when you remember it?',
      'How could you make a little room for that same joy in an ordinary week?',
      'Who shared that joy with you, and have you told them what it meant?',
      'If that moment had a word, what would it be?',
    ],
  },
  {
    name: 'fear',
    words: [
      'afraid',
      'scared',
      'fear',
      'doubt',
      'doubts',
      'lost',
      'unsure',
      'anxious',
      'anxiety',
      'worried',
      'worry',
      'nervous',
    ],
    questions: [
      'What is the fear asking you to protect?',
      'When you felt lost on the road, how did you find the next arrow?',
      'What would you say to a fellow pilgrim who felt exactly this?',
      'What is one small step that would feel like courage today?',
    ],
  },
  {
    name: 'return',
    words: [
      'home',
      'back',
      'return',
      'returned',
      'returning',
      'ordinary',
      'work',
      'routine',
      'normal life',
      'after the camino',
    ],
    questions: [
      'What from the road do you most want to keep alive in daily life?',
      'What has felt strange or heavy about coming back?',
      'If your life at home had a yellow arrow, where would it point?',
      'What did you leave behind on the road that you do not want to pick up again?',
    ],
  },
  {
    name: 'people',
    words: [
      'met',
      'friend',
      'friends',
      'stranger',
      'strangers',
      'people',
      'pilgrims',
      'albergue',
      'family',
      'companion',
      'companions',
    ],
    questions: [
      'Who did you meet that you still think about, and why them?',
      'What did a stranger give you that you did not expect?',
      'How did walking beside others change the way you see people at home?',
      'Is there someone you would like to thank, even if only in your heart?',
    ],
  },
  {
    name: 'meaning',
    words: [
      'why',
      'purpose',
      'meaning',
      'god',
      'faith',
      'believe',
      'belief',
      'pray',
      'prayer',
      'spiritual',
      'soul',
      'sacred',
    ],
    questions: [
      'What question did you carry to the road, and has it changed shape?',
      'Where did you feel most awake, most yourself, on the way?',
      'What do you sense you are being invited into now?',
      'What is something you know now that you only suspected before?',
    ],
  },
  {
    name: 'grief',
    words: [
      'died',
      'death',
      'loss',
      'lost someone',
      'grief',
      'grieving',
      'mourning',
      'funeral',
      'passed away',
    ],
    questions: [
      'Would you like to tell me about the one you are carrying with you?',
      'What did walking do with your grief: did it soften, sharpen, or simply keep you company?',
      'Is there something you would still like to say to them?',
    ],
  },
];

export const generalQuestions: string[] = [
  'What is staying with you most from the road?',
  'What surprised you about yourself on the way?',
  'Which day of the walk comes back to you most often, and why that one?',
  'What did you go looking for, and what found you instead?',
  'What would you tell the person you were on the first morning?',
  'Where in your life do you feel a new beginning asking to be made?',
  'What are you still carrying that you might set down?',
  'What does a good day look like for you now?',
  'If you walked one more day tomorrow, what would you hope to think about?',
  'What is one thing you want to remember a year from now?',
  'What did you learn about rest?',
  'What did the road ask of you that ordinary life never has?',
  'What are you grateful for this week, however small?',
  'Is there a decision waiting for you that the road has made clearer?',
  'When did you last feel the peace you found on the way?',
];

/** Reflections of a statement's first clause, already turned towards the pilgrim ("you were tired"). */
export const reflections: string[] = [
  'I hear that {echo}.',
  'It sounds as though {echo}.',
  'Thank you for telling me that {echo}.',
  'So {echo}. That is worth pausing on.',
  'You are telling me that {echo}, and I am listening.',
  'If I understand you, {echo}.',
  'It matters, I think, that {echo}.',
  'I am taking in that {echo}.',
];

/** Listening without echoing, for statements that would not read well repeated back. */
export const acknowledgements: string[] = [
  'Thank you for putting that into words.',
  'I am listening, and I am glad you wrote this.',
  'There is a lot in what you have written.',
  'I can hear how much this matters to you.',
  'Thank you for trusting me with this.',
  'I am staying with what you wrote for a moment.',
  'That sounds like something you have carried for a while.',
  'Thank you for sharing a piece of your road with me.',
];

/**
 * For a statement in another language: the guide cannot read it, so it says so kindly instead of echoing
 * words it would mangle or guessing at what was meant. Vela in other languages is a later change.
 */
export const otherLanguageAcknowledgements: string[] = [
  'Thank you for writing to me in your own words. Offline, I can only read and answer in English, but you are welcome here in any language.',
  'I am glad you wrote. As the offline guide I only understand English, so forgive me if I miss what you said; I am still listening.',
  'Every language is welcome here, though offline I can only answer in English. If you like, tell me a little of it in English.',
];

/** A question that is the pilgrim's to live with: acknowledged, never answered for them, never echoed. */
export const questionAcknowledgements: string[] = [
  'That is a real question, and I would rather walk with it beside you than answer it for you.',
  'Questions like that one are worth carrying for a while.',
  'I cannot answer that for you, but I can stay with the question alongside you.',
  'That question deserves more than a quick answer.',
  'Thank you for asking it aloud; many pilgrims carry that kind of question home.',
  'I do not have an answer to give you, only some company in the asking.',
  'That is a question the road often leaves with people.',
  'It is a good question, and an honest one.',
  'I hear your question, and I will not pretend to know the answer better than you do.',
  'Some questions are answered by living with them; this may be one.',
];

/** A request for something the offline guide does not carry. */
export const requestAcknowledgements: string[] = [
  'I will share what I can, though as the offline guide I mostly listen.',
  'I carry only a little knowledge offline, so let me listen instead.',
  'That is beyond what the offline guide carries, but I am glad to keep you company.',
  'I would gladly help, though offline I know only a few things about the Camino and this app.',
];

/** How the guide introduces a fact from its knowledge, saying plainly what it is. */
export const knowledgeIntroductions: string[] = [
  'I’m Vela’s offline guide, so I can only share what I carry with me: {answer}',
  'As Vela’s offline guide I carry only a little knowledge, but here is what I have: {answer}',
  'I’m the offline guide, without a language model to ask, so this is what I know: {answer}',
];

/** When the same subject comes back after its facts were shared. */
export const knowledgeRepeats: string[] = [
  'I have shared all I carry about {subject} already; the offline guide knows no more than that.',
  'That is everything the offline guide carries about {subject}, I am afraid.',
  'I told you what I know of {subject} earlier; a fellow pilgrim or the Pilgrim’s Office could tell you more.',
];

/** Short answers to short messages. */
export const shortReplies: Record<ShortKind, string[]> = {
  greeting: [
    'Hello, pilgrim. I am glad you are here.',
    'Hola. Welcome; take your time, there is no hurry here.',
    'Hello. I am listening, whenever you are ready.',
    'Buen camino. It is good to hear from you.',
    'Hello, and welcome. I am here for you.',
  ],
  thanks: [
    'You are welcome.',
    'You are very welcome, pilgrim.',
    'De nada. Thank you for sharing the road with me.',
    'It is a gift to listen.',
    'Thank you, too, for your openness.',
    'I am glad to walk beside you in this.',
  ],
  assent: [
    'Go on, if you like; I am listening.',
    'All right.',
    'I am here; say more whenever you wish.',
    'Good. Take whatever time you need.',
    'Then let us stay with it a little longer.',
  ],
  dissent: [
    'That is all right.',
    'No need; we can leave it there.',
    'Fair enough. We can go wherever you like.',
    'That is honest, and honest is good.',
  ],
  unsure: [
    'Not knowing is a fine place to be for now.',
    'That is all right; uncertainty is part of the road.',
    'You do not need to be sure yet.',
    'We can leave it open for a while.',
  ],
  farewell: [
    'Go well, pilgrim. Buen camino.',
    'Goodbye for now. I am here when you want to talk again.',
    'Take care of yourself. Ultreia!',
    'Until next time. Walk gently.',
  ],
};

/** What a short reply may carry after it, so that a greeting or a "yes" keeps the conversation open. */
export const openers: string[] = [
  'What is on your mind today?',
  'What would you like to talk about?',
  'Where would you like to begin?',
];

export const closings: string[] = [
  'We have walked a long way together in this conversation. What is one word for how you feel right now?',
  'You have shared a great deal. What would you like to carry forward from what we said?',
  'If you like, you can start a new conversation at any time; until then, what else is on your heart?',
];

export interface Passage {
  text: string;
  source: string;
}

export const passages: Record<Vibe, Passage[]> = {
  Atheist: [
    {
      text: 'Very little is needed to make a happy life; it is all within yourself, in your way of thinking.',
      source: 'Marcus Aurelius, Meditations VII, tr. George Long, 1862',
    },
    {
      text: 'The universe is change; our life is what our thoughts make it.',
      source: 'Marcus Aurelius, Meditations IV, tr. George Long, 1862',
    },
    {
      text: 'Men are disturbed, not by things, but by the principles and notions which they form concerning things.',
      source: 'Epictetus, Enchiridion 5, tr. Elizabeth Carter, 1758',
    },
    {
      text: 'I went to the woods because I wished to live deliberately, to front only the essential facts of life.',
      source: 'Henry David Thoreau, Walden, 1854',
    },
  ],
  Agnostic: [
    {
      text: 'Afoot and light-hearted I take to the open road, healthy, free, the world before me.',
      source: 'Walt Whitman, Song of the Open Road, 1856',
    },
    {
      text: 'The journey of a thousand li commenced with a single step.',
      source: 'Tao Te Ching 64, tr. James Legge, 1891',
    },
    {
      text: 'Hope is the thing with feathers that perches in the soul.',
      source: 'Emily Dickinson, published 1891',
    },
    {
      text: 'I went to the woods because I wished to live deliberately, to front only the essential facts of life.',
      source: 'Henry David Thoreau, Walden, 1854',
    },
  ],
  'Faith-based': [
    {
      text: 'Thy word is a lamp unto my feet, and a light unto my path.',
      source: 'Psalm 119:105, King James Version',
    },
    {
      text: 'The LORD shall preserve thy going out and thy coming in from this time forth, and even for evermore.',
      source: 'Psalm 121:8, King James Version',
    },
    {
      text: 'Come unto me, all ye that labour and are heavy laden, and I will give you rest.',
      source: 'Matthew 11:28, King James Version',
    },
    {
      text: 'All shall be well, and all shall be well, and all manner of thing shall be well.',
      source: 'Julian of Norwich, Revelations of Divine Love, tr. Grace Warrack, 1901',
    },
    {
      text: 'Thou hast made us for Thyself, and our heart is restless, until it repose in Thee.',
      source: 'Augustine, Confessions I, tr. E. B. Pusey, 1838',
    },
  ],
  'Unknown Worldview': [
    {
      text: 'All that we are is the result of what we have thought.',
      source: 'Dhammapada 1, tr. F. Max Müller, 1881',
    },
    {
      text: 'Hatred does not cease by hatred at any time: hatred ceases by love.',
      source: 'Dhammapada 5, tr. F. Max Müller, 1881',
    },
    {
      text: 'He who knows other men is discerning; he who knows himself is intelligent.',
      source: 'Tao Te Ching 33, tr. James Legge, 1891',
    },
    {
      text: 'The journey of a thousand li commenced with a single step.',
      source: 'Tao Te Ching 64, tr. James Legge, 1891',
    },
  ],
};

/** A worldview's own invitations, offered between the questions. */
export const practices: Record<Vibe, string[]> = {
  Atheist: [
    'Perhaps write down three things the road showed you about what you value.',
    'You might take a walk this week with no destination, just to notice.',
  ],
  Agnostic: [
    'You do not have to resolve the question; you might simply let it walk beside you for a while.',
    'Perhaps keep a small notebook of moments that felt larger than they were.',
  ],
  'Faith-based': [
    'You might bring this to God in a short, honest prayer, in your own words.',
    'Perhaps light a candle or sit for a moment in a quiet church, as you did on the way.',
  ],
  'Unknown Worldview': [
    'In the spirit of {teacher}, you might take three slow breaths and notice where this lives in your body.',
    'In the spirit of {teacher}, you might walk a few steps very slowly today, arriving with each one.',
  ],
};
