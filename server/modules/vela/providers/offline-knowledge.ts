/**
 * What the offline guide knows as fact: the Camino, its routes, the Compostela, coming home, and this app.
 * Figures are the usual round ones pilgrims quote, kept modest on purpose; the guide says it is the offline
 * guide whenever it shares one of these.
 */
export interface KnowledgeEntry {
  /** How the guide names the subject when it has already shared what it knows. */
  subject: string;
  /** Words or phrases (compromise match syntax, accents ignored) that point to this entry. */
  about: string[];
  answer: string;
  /** A question that follows the answer naturally. */
  followUp: string;
}

/** The more specific entries come first: on equal evidence the first one wins. */
export const knowledge: KnowledgeEntry[] = [
  {
    subject: 'ultreia',
    about: ['ultreia', 'ultreya', 'suseia'],
    answer:
      'Ultreia is an old pilgrim greeting, from the Latin of the medieval songs, meaning roughly onward, further on. The answer was et suseia, and upward; today most pilgrims simply say buen camino.',
    followUp: 'What keeps you going onward these days?',
  },
  {
    subject: 'the Camino Francés',
    about: ['frances', 'french way', 'saint jean', 'st jean', 'roncesvalles', 'sarria', 'o cebreiro'],
    answer:
      'the Camino Francés is the most walked route, about 780 km from Saint-Jean-Pied-de-Port over the Pyrenees, through Pamplona, Burgos, the meseta and León to Santiago. Most pilgrims take four to five weeks; many start at Sarria, a little over 100 km out, to earn the Compostela.',
    followUp: 'Are you remembering the Francés, or thinking of walking it?',
  },
  {
    subject: 'the Camino Portugués',
    about: ['portugues', 'portuguese', 'portugal', 'lisbon', 'porto', 'tui', 'por la costa', 'coastal route'],
    answer:
      'the Camino Portugués runs north from Lisbon, about 620 km, or from Porto, about 240 km, by an inland way or along the coast (the Camino Portugués por la Costa). From Tui, on the Spanish border, it is a little over 100 km to Santiago.',
    followUp: 'What draws you to the Portuguese way?',
  },
  {
    subject: 'the Camino del Norte',
    about: ['norte', 'northern route', 'north route', 'irun', 'san sebastian', 'bilbao', 'santander'],
    answer:
      'the Camino del Norte follows the northern coast of Spain for about 820 km from Irún, through San Sebastián, Bilbao and Santander. It is hillier and quieter than the Francés, with the sea beside you for many days.',
    followUp: 'Does the sea call to you more than the meseta?',
  },
  {
    subject: 'the Camino Primitivo',
    about: ['primitivo', 'original way', 'oviedo', 'alfonso'],
    answer:
      'the Camino Primitivo starts in Oviedo and crosses the mountains of Asturias and Galicia, about 320 km, joining the Francés at Melide. It is called the original way because King Alfonso II is said to have walked it in the ninth century.',
    followUp: 'What do you imagine the mountains would ask of you?',
  },
  {
    subject: 'the Camino Inglés',
    about: ['ingles', 'english way', 'english route', 'ferrol', 'a coruna', 'coruna'],
    answer:
      'the Camino Inglés begins at Ferrol, about 120 km from Santiago, or at A Coruña, about 75 km out. Pilgrims from England and northern Europe once landed at those ports and walked on from there.',
    followUp: 'Is a shorter way something you are looking for right now?',
  },
  {
    subject: 'the Vía de la Plata',
    about: ['plata', 'silver way', 'seville', 'sevilla', 'merida', 'salamanca'],
    answer:
      'the Vía de la Plata is the long road north from Seville, about 1,000 km through Mérida, Cáceres and Salamanca, much of it on an old Roman road. It is hot, wide and sparsely served, and asks for good planning.',
    followUp: 'What would you want to carry with you on such a long, quiet road?',
  },
  {
    subject: 'the Le Puy route',
    about: ['le puy', 'podiensis', 'gr 65', 'gr65'],
    answer:
      'the Le Puy route, the Via Podiensis, crosses France for about 750 km from Le Puy-en-Velay to Saint-Jean-Pied-de-Port, where the Camino Francés begins. Many pilgrims walk it in sections over several years.',
    followUp: 'Would you walk it in one go, or a piece at a time?',
  },
  {
    subject: 'the Via Francigena',
    about: ['francigena', 'canterbury', 'rome', 'sigeric'],
    answer:
      'the Via Francigena is a pilgrim road to Rome rather than Santiago, about 2,000 km from Canterbury through France and Switzerland and over the Alps, following the journey Archbishop Sigeric wrote down around the year 990.',
    followUp: 'What is it about walking to Rome that speaks to you?',
  },
  {
    subject: 'the way to Finisterre and Muxía',
    about: ['finisterre', 'fisterra', 'muxia', 'end of the world', 'costa da morte'],
    answer:
      'from Santiago many pilgrims walk on to the sea: about 90 km to Finisterre, once thought the end of the world, and about 30 km more along the coast to Muxía. Some burn or leave something there as a sign of an ending.',
    followUp: 'Is there something you would leave at the end of the world?',
  },
  {
    subject: 'the Compostela',
    about: [
      'the compostela',
      'a compostela',
      'my compostela',
      'la compostela',
      'compostela certificate',
      'certificate',
      'pilgrim office',
    ],
    answer:
      'the Compostela is the certificate the Pilgrim’s Office in Santiago gives to those who walked at least the last 100 km (200 km by bicycle or on horseback), shown by the stamps in their credential, two a day over the last stretch.',
    followUp: 'What did, or would, that certificate mean to you?',
  },
  {
    subject: 'the credential',
    about: ['credential', 'credencial', 'pilgrim passport', 'stamps', 'sello', 'sellos'],
    answer:
      'the credential is the pilgrim’s passport: a folded card you carry and have stamped at albergues, churches and cafés along the way. It opens the doors of pilgrim hostels and shows the Pilgrim’s Office your road.',
    followUp: 'Do you still have your credential somewhere at home?',
  },
  {
    subject: 'coming home',
    about: [
      'blues',
      'post camino',
      'after the camino',
      'coming home',
      'come home',
      'came home',
      'back home',
      'return home',
      'going home',
      'readjust',
    ],
    answer:
      'many pilgrims feel flat, restless or sad in the weeks after they come home; some call it the post-Camino blues. It is common and it usually eases. Walking a little each day, writing, and talking with other pilgrims often help, and if the heaviness stays or grows, please talk with your doctor or someone you trust.',
    followUp: 'What has coming home been like for you so far?',
  },
  {
    subject: 'Soul Stories',
    about: ['soul story', 'soul stories', 'keepsake', 'soulstory'],
    answer:
      'a Soul Story is a keepsake of your pilgrimage. You record four short video reflections (The Call, The Suffering, The Joy and What Found You), add up to three photos, arrange them, and the app joins them into one video to download and share.',
    followUp: 'Which of the four reflections would you begin with?',
  },
  {
    subject: 'Vela',
    about: [
      'vela',
      'who are you',
      'what are you',
      'are you real',
      'are you a real',
      'are you human',
      'are you a person',
      'are you a bot',
      'are you an ai',
      'talking to',
    ],
    answer:
      'Vela is this app’s AI companion for pilgrims. It speaks from the worldview you chose, listens, and asks questions; it is not a therapist or a doctor. When no language model is configured, as now, you are talking with me, its small offline guide.',
    followUp: 'What would you most like a companion for right now?',
  },
  {
    subject: 'giving',
    about: ['donate', 'donation', 'donations', 'give money', 'giving', 'support the app', 'subscription'],
    answer:
      'the app is donation-based in its early days. On the Donate page you can give once, monthly or yearly, in pounds, with amounts from 5 to 100 suggested; every gift keeps it going.',
    followUp: 'What would you like your giving to make possible?',
  },
  {
    subject: 'the blog',
    about: ['blog', 'pilgrim reflections', 'articles', 'posts'],
    answer:
      'the blog is called Pilgrim Reflections: stories and thoughts from the road, open to everyone at /blog.',
    followUp: 'Is there something from your own road you would like to read about?',
  },
  {
    subject: 'the Camino de Santiago',
    about: [
      // The Camino is named in many questions that do not ask about it, so only a question for facts counts.
      'what (is|was) the camino',
      'tell me about the? (camino|santiago)',
      '(explain|describe) the camino',
      '(history|origin|origins) of the camino',
      'where (is|does|do) the? (camino|santiago)',
      'how long (is|does|did) the camino',
      '(what|who) (is|was) (st|saint) james',
      'way of (st|saint) james',
      'what is a pilgrimage',
      'yellow (arrow|arrows)',
      'scallop',
      'what (is|are) (an|the)? (albergue|albergues)',
    ],
    answer:
      'the Camino de Santiago is a web of pilgrim roads, walked since the Middle Ages, that lead to the cathedral of Santiago de Compostela in Galicia, where tradition places the tomb of the apostle James. Yellow arrows and the scallop shell mark the way, and pilgrims sleep in albergues along it.',
    followUp: 'What first drew you to the Camino?',
  },
];
