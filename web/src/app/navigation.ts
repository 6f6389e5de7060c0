/** The seven links of the navigation bar, in the spec's order. */
export const mainLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'Who we are' },
  { to: '/Joinus', label: 'Join Us' },
  { to: '/donate', label: 'Donate' },
  { to: '/Volunteer', label: 'Volunteer' },
  { to: '/store', label: 'Store' },
  { to: '/survey', label: 'Survey' },
] as const;

export const accountLinks = [
  { to: '/profile', label: 'Profile' },
  { to: '/chatbot', label: 'Chat with Vela' },
  { to: '/soul-story', label: 'Soul Story' },
] as const;

export const footerLinks = [
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/press', label: 'Press' },
  { to: '/terms', label: 'Code of Conduct' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/blog', label: 'Blog' },
] as const;

export const socialLinks = [
  { href: 'mailto:hello@pilgrimsoul.org', label: 'Email' },
  { href: 'https://instagram.com/pilgrimsoul', label: 'Instagram' },
  { href: 'https://facebook.com/pilgrimsoul', label: 'Facebook' },
  { href: 'https://twitter.com/pilgrimsoul', label: 'Twitter' },
] as const;
