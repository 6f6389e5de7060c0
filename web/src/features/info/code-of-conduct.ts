export interface ConductSection {
  title: string;
  points: readonly string[];
}

export const conductSections: readonly ConductSection[] = [
  {
    title: 'Walk with respect',
    points: [
      'Treat every member as a fellow pilgrim. Disagree with ideas if you must, never with a person’s dignity.',
      'Honour every tradition and every absence of one. Do not mock beliefs, rituals or doubts.',
      'Harassment, hate speech, threats and discrimination based on faith, ethnicity, nationality, gender, sexuality, disability or age have no place here.',
    ],
  },
  {
    title: 'Share stories with care',
    points: [
      'Share only what is yours to share. Ask before posting a story, photo or recording that features someone else.',
      'What is shared in a Soul Circle stays in the circle.',
      'Do not copy, download or repost another member’s Soul Story without their permission.',
    ],
  },
  {
    title: 'Keep the space safe',
    points: [
      'Do not post content that is sexually explicit, violent or intended to shock.',
      'No spam, advertising or recruitment to groups, causes or businesses without the team’s agreement.',
      'Do not pretend to be someone else, and do not offer medical, legal or psychological advice as though you were a professional.',
      'If someone seems to be in danger, encourage them to contact local emergency services and let us know.',
    ],
  },
  {
    title: 'Give generously, receive gracefully',
    points: [
      'Offer help without expecting anything back, as so many did for you on the road.',
      'Never ask other members for money, gifts or personal details.',
      'Volunteers and mentors give their time freely; please respect their boundaries and their limits.',
    ],
  },
];

export const consequences: readonly string[] = [
  'A gentle reminder of this code from a member of the team.',
  'Removal of content that breaks it.',
  'Temporary suspension from circles, events or the site.',
  'Permanent removal from the community for serious or repeated harm.',
];
