/** A door of the community (spec §3: id, title, image, link, description). */
export interface Door {
  id: string;
  title: string;
  image: string;
  link: string;
  description: string;
}

/** The six doors of spec §1; each opens onto /doors until it is built. */
export const doors: readonly Door[] = [
  {
    id: 'soul-direction',
    title: 'Soul Direction',
    image: '/static/images/doors/soul-direction.svg',
    link: '/doors',
    description:
      'Find a spiritual director or therapist who understands pilgrimage and can walk beside you as you make sense of the road.',
  },
  {
    id: 'soul-circles',
    title: 'Soul Circles',
    image: '/static/images/doors/soul-circles.svg',
    link: '/doors',
    description:
      'Small groups of returning pilgrims who meet to listen, share what the way stirred up and keep each other company.',
  },
  {
    id: 'soul-learning-hub',
    title: 'Soul Learning Hub',
    image: '/static/images/doors/soul-learning-hub.svg',
    link: '/doors',
    description:
      'Courses, readings and conversations with teachers from many traditions, for minds still curious after the last stage.',
  },
  {
    id: 'soul-table',
    title: 'Soul Table',
    image: '/static/images/doors/soul-table.svg',
    link: '/doors',
    description:
      'Local meals that bring back the pilgrim supper: an open table, simple food and people who know what the road is like.',
  },
  {
    id: 'soul-action',
    title: 'Soul Action',
    image: '/static/images/doors/soul-action.svg',
    link: '/doors',
    description:
      'Service projects close to home, so the generosity you met along the way can travel on through you.',
  },
  {
    id: 'soul-prayer-hub',
    title: 'Soul Prayer Hub',
    image: '/static/images/doors/soul-prayer-hub.svg',
    link: '/doors',
    description:
      'A quiet place for prayer, meditation and intention, whatever words or silence you bring to it.',
  },
];
