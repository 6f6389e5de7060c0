export interface Question {
  question: string;
  answer: string;
}

export const faq: readonly Question[] = [
  {
    question: 'What is Pilgrim Soul?',
    answer:
      'Pilgrim Soul is an online community for people who have walked a pilgrimage, are planning one or feel drawn to the idea. It helps you keep your story, reflect on what the journey meant and stay connected with others who understand.',
  },
  {
    question: 'Do I have to be religious to join?',
    answer:
      'No. Pilgrims come from every faith and from none. Our prompts, circles and Vela are written to welcome believers, seekers, agnostics and atheists alike.',
  },
  {
    question: 'I have not walked the Camino. Is this still for me?',
    answer:
      'Yes. Any pilgrimage counts: another long-distance way, a journey to a holy site or a walk you made for reasons of your own. Some members are still planning their first steps.',
  },
  {
    question: 'What is a Soul Story?',
    answer:
      'A Soul Story is a keepsake of your pilgrimage. You record four short video reflections (The Call, The Suffering, The Joy and What Found You), add up to three photos and arrange them in the order you like. We then combine them into one film you can download and share.',
  },
  {
    question: 'How long does a Soul Story take?',
    answer:
      'As long as you like. Each reflection can be a minute or two. You can record one prompt today and the next one next week; your progress is saved, and you can re-record any prompt until it feels right.',
  },
  {
    question: 'Who can see my recordings and photos?',
    answer:
      'Only you, while you are signed in. Your media is stored privately and served through links that expire. Nothing is shared unless you choose to create a share link, and you can withdraw that link at any time.',
  },
  {
    question: 'Can I download my finished film?',
    answer:
      'Yes. When all four prompts are recorded, your keepsake is assembled automatically and a Download button appears on your Soul Story page. It is an ordinary MP4 file that plays on phones and computers.',
  },
  {
    question: 'What is Vela?',
    answer:
      'Vela is our AI companion. You can talk with it about your journey, set intentions and reflect on what comes up. It adapts to the worldview you choose when you first start a conversation.',
  },
  {
    question: 'Is Vela a therapist?',
    answer:
      'No. Vela is an AI, not a therapist, doctor or spiritual director, and it can make mistakes. If you are in distress, please contact someone you trust or your local emergency services. Our Soul Direction door will connect you with human guides.',
  },
  {
    question: 'What happens to my conversations with Vela?',
    answer:
      'Your chat history is kept with your account so Vela can pick up where you left off. You can clear it whenever you like from the chat page.',
  },
  {
    question: 'What are the Doors?',
    answer:
      'The Doors are the ways our community gathers: Soul Direction, Soul Circles, Soul Learning Hub, Soul Table, Soul Action and Soul Prayer Hub, plus your own Soul Story. We are opening them one at a time.',
  },
  {
    question: 'Does Pilgrim Soul cost anything?',
    answer:
      'No. Pilgrim Soul is donation-based in its early stages, so everything here is free to use. We may one day offer a small optional monthly subscription, but the heart of the community will stay open to all.',
  },
  {
    question: 'How are donations used?',
    answer:
      'Gifts pay for hosting, storage for your Soul Stories, the running costs of Vela and the time of the people who build and care for the community. Monthly supporters receive a small thank-you gift such as stickers, a tote bag or a T-shirt.',
  },
  {
    question: 'How do I delete my account or my data?',
    answer:
      'You can delete any memory from your Soul Story page at any time. To close your account and remove everything stored with it, write to us through the contact page and we will take care of it.',
  },
  {
    question: 'Can I get a copy of my data?',
    answer:
      'Yes. On your profile, press "Download my data": we prepare one zip file with your profile, every memory and photo as you recorded them, your keepsake, your conversation with Vela, your notifications, survey answers, newsletter status, gifts and orders, and email you the link, which works for 7 days. Your conversation with Vela alone also downloads from the chat page.',
  },
  {
    question: 'How can I get involved?',
    answer:
      'Join us as a pilgrim, soul companion or teacher, volunteer your skills, take our short survey or simply tell a friend. Every story shared makes the path a little easier for the next person.',
  },
];
