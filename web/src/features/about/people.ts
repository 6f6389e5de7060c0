export interface Person {
  name: string;
  role: string;
  portrait: string;
  bio: string;
}

export const team: readonly Person[] = [
  {
    name: 'Clara',
    role: 'Founder',
    portrait: '/static/images/people/founder.svg',
    bio: 'Clara walked from the Pyrenees to Santiago and came home with more than she could carry. Pilgrim Soul began as the place she wished had been waiting for her.',
  },
  {
    name: 'Daniel',
    role: 'Tech Lead',
    portrait: '/static/images/people/tech-lead.svg',
    bio: 'Daniel builds the quiet machinery behind Soul Stories and Vela, and cares most that your memories stay private and your keepsake stays yours.',
  },
];

export const mentors: readonly Person[] = [
  {
    name: 'Margaret',
    role: 'Spiritual director',
    portrait: '/static/images/people/mentor-1.svg',
    bio: 'A retired chaplain who has accompanied walkers of every faith and none, Margaret helps shape our reflection prompts and Soul Circles.',
  },
  {
    name: 'Samuel',
    role: 'Pilgrimage guide',
    portrait: '/static/images/people/mentor-2.svg',
    bio: 'Samuel has led groups on old ways across Europe and Africa. He advises on the practical and emotional side of coming home.',
  },
  {
    name: 'Ana',
    role: 'Meditation teacher',
    portrait: '/static/images/people/mentor-3.svg',
    bio: 'Ana teaches contemplative practice rooted in several traditions and guides the meditations that accompany each Soul Story prompt.',
  },
];
