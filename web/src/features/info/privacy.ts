/** One kind of data the app keeps: what it is, why, for how long, and who besides us handles it. */
export interface StoredData {
  what: string;
  details: string;
  why: string;
  howLong: string;
  processors: string;
}

/** Written from what this app stores (its tables, its files and its browser storage); keep it in step. */
export const storedData: readonly StoredData[] = [
  {
    what: 'Your account',
    details:
      'Your email address, username, password (only as a salted hash we cannot read back), first name, nationality, bio, avatar picture and time zone.',
    why: 'To let you sign in, show your profile and send you the emails you asked for.',
    howLong: 'Until you delete your account on your profile page.',
    processors: 'Our server and database. The avatar is kept with your other media (see below).',
  },
  {
    what: 'Sign-ins',
    details:
      'A record of each sign-in, so we can end it when you log out or reset your password. Your browser keeps the sign-in itself (its tokens, your email and username) in its local storage.',
    why: 'To keep you signed in safely and to end a sign-in that should no longer work.',
    howLong:
      'A sign-in lasts at most 30 days without use and ends when you log out. A password reset link works for 60 minutes. The records go with your account.',
    processors: 'Our server and database.',
  },
  {
    what: 'Your Soul Story',
    details:
      'The video reflections (takes) and photos you upload with their titles and order, the keepsake film made from them, and a share link if you create one.',
    why: 'To build your keepsake film and let you watch, download or share it.',
    howLong:
      'Until you delete a memory, withdraw the share link, or delete your account, when the files are removed too.',
    processors:
      'Our server; the files are kept on its disk or, where the site is set up with one, in a cloud storage bucket. Media is private and served through links that expire.',
  },
  {
    what: 'Your pilgrimage details',
    details:
      'When your pilgrimage began, how long it lasted, whether you want prompt emails, and the reminders planned from them.',
    why: 'So Vela knows where you are in your journey and your Soul Story prompts arrive at the right time.',
    howLong: 'Until you change them or delete your account.',
    processors: 'Our server and database; reminder emails go through our mail server.',
  },
  {
    what: 'Your Camino record',
    details:
      'The route you walked, where you started and finished, your start and arrival dates, the distance, whether and when you received the Compostela, and who you walked with.',
    why: 'To show your journey on your profile and to write your keepsake’s opening card (your first name, route, places, dates and distance) and its closing card (the day of your Compostela). Who you walked with appears only on your profile. Anyone you give the keepsake’s share link sees the cards.',
    howLong:
      'Until you change or clear it, or delete your account. When it changes, the keepsake’s cards are made again and the old ones are removed.',
    processors:
      'Our server and database; the cards are kept with your other media. Your start date is also your pilgrimage start date (see above).',
  },
  {
    what: 'Your conversation with Vela',
    details: 'The messages you send Vela and its replies.',
    why: 'So the conversation is there when you come back, and Vela can follow what was said.',
    howLong:
      'Until you start a new conversation (which erases it) or delete your account. Messages that matched a safety check are kept in your history but never sent to a language model.',
    processors:
      'Our server. When the site connects Vela to a language model, each message is sent with the recent conversation, your pilgrimage dates and the worldview in use to that model provider to write the reply (see below).',
  },
  {
    what: 'Your worldview',
    details:
      'The vibe Vela speaks from (Atheist, Agnostic, Faith-based or Unknown Worldview). It is a religious or philosophical belief, special-category data under article 9 of the GDPR.',
    why: 'So Vela can speak in a way that fits you. We keep it only with your explicit consent, and record when you gave it; without consent it stays in your browser for that visit only.',
    howLong:
      'Until you withdraw consent on your profile page, which erases it at once, or delete your account.',
    processors:
      'Our server and database; sent with each message to the model provider when one is connected.',
  },
  {
    what: 'Notifications',
    details: 'The messages in your notifications list, such as Soul Story progress and reminders.',
    why: 'To tell you what has happened while you were away.',
    howLong: 'Until you delete your account.',
    processors: 'Our server; those sent by email also go through our mail server.',
  },
  {
    what: 'Gifts and donations',
    details:
      'The amount, currency, frequency and dates of each gift, your email address, and the payment provider’s customer reference. Card details go straight to the payment provider; we never see them.',
    why: 'To take your gift, send your receipt, and let you manage or cancel a monthly gift.',
    howLong:
      'The law requires us to keep the amount, the date and the receipt number for bookkeeping. When you delete your account these stay, without your name or email; a running monthly gift is cancelled.',
    processors: 'Stripe, our payment provider, processes the payment; receipts go through our mail server.',
  },
  {
    what: 'Store orders',
    details: 'Your name, email, shipping address and what you ordered.',
    why: 'To send your order and keep the books.',
    howLong: 'As long as bookkeeping law requires. Ask us through the contact form to erase anything else.',
    processors: 'Our server; the confirmation goes through our mail server.',
  },
  {
    what: 'Newsletter',
    details: 'Your email address and when you confirmed or unsubscribed.',
    why: 'To send the newsletter you confirmed, and to respect your choice if you leave.',
    howLong:
      'While you are subscribed. After you unsubscribe (from any letter, or by deleting your account) we keep only the address marked as unsubscribed, so we never write to it again.',
    processors: 'Our mail server.',
  },
  {
    what: 'Survey answers',
    details: 'Your ratings and comments, and optionally your age range and stage of pilgrimage.',
    why: 'To learn what works and what to improve.',
    howLong: 'Kept to guide our work. They are not linked to your account or your email.',
    processors: 'Our server and database.',
  },
  {
    what: 'Contact and community messages',
    details:
      'Your name, email and message from the contact, inquiry, join us and volunteer forms; not linked to an account.',
    why: 'To answer you; the team receives a copy by email and you receive an acknowledgement.',
    howLong: 'As long as we need to answer and follow up. Ask us through the contact form to erase them.',
    processors: 'Our server; the emails go through our mail server.',
  },
  {
    what: 'Data exports',
    details:
      'The zip you ask for with “Download my data”: your profile, Camino record, memories, keepsake, conversation with Vela, notifications, survey answers, newsletter status, gifts and orders.',
    why: 'So you can take a copy of everything your account holds.',
    howLong: 'Seven days after it is ready, or until you ask for a newer one or delete your account.',
    processors: 'Our server and its file storage; the link is emailed to you through our mail server.',
  },
  {
    what: 'Logs and limits',
    details:
      'A log of requests (time, address asked for, result, network address), with passwords, tokens and cookies removed, and short-lived counters by network address or account that slow down repeated attempts.',
    why: 'To keep the service running and secure, and to stop abuse such as password guessing.',
    howLong:
      'The counters reset within an hour at most. Logs are kept only as long as we need them to find faults and abuse.',
    processors: 'Our server and its hosting.',
  },
];

/** Those who handle data on our behalf, as this site is set up. */
export const processors = {
  model: {
    offline:
      'Vela runs as its offline guide here: your messages are answered on our server and sent to no model provider.',
    connected: (mode: string) =>
      `Vela is connected to a language model (${mode === 'openai' ? 'an OpenAI-compatible service' : 'Hugging Face'}): each message, the recent conversation, your pilgrimage dates and the worldview in use are sent to that provider to write the reply.`,
  },
  payments:
    'Stripe processes card payments for gifts. It receives the amount and your card and contact details under its own privacy policy.',
  mail: 'Our mail server sends password reset links, reminders, receipts, newsletters and replies to your messages; each email passes through it with your address.',
} as const;
