/**
 * Which module draws each page, by the router's path pattern (letter case is ignored), relative to
 * web/src/features. The router loads its pages from these tables, and the build reads them to tell the
 * server which chunks each page needs, so that the page's HTML can preload them (vite.config.ts).
 */
export const publicPages: Record<string, string> = {
  '/LoginSignup': 'auth/LoginSignupPage.tsx',
  '/login': 'auth/LoginSignupPage.tsx',
  '/reset-password/:token?': 'auth/ResetPasswordPage.tsx',
  '/about': 'about/AboutPage.tsx',
  '/lumen': 'vela/LumenPage.tsx',
  '/inquire': 'contact/InquirePage.tsx',
  '/contact': 'contact/ContactPage.tsx',
  '/faq': 'info/FaqPage.tsx',
  '/terms': 'info/TermsPage.tsx',
  '/privacy': 'info/PrivacyPage.tsx',
  '/press': 'info/PressPage.tsx',
  '/doors': 'info/DoorsPage.tsx',
  '/donate': 'donations/DonatePage.tsx',
  '/donations/manage/:token': 'donations/ManageGiftPage.tsx',
  '/store': 'store/StorePage.tsx',
  '/store/order': 'store/StoreOrderPage.tsx',
  '/blog': 'blog/BlogListPage.tsx',
  '/blog/:id': 'blog/BlogPostPage.tsx',
  '/JoinUs': 'community/JoinUsPage.tsx',
  '/Volunteer': 'community/VolunteerPage.tsx',
  '/survey': 'survey/SurveyPage.tsx',
  '/newsletter/confirm': 'newsletter/NewsletterConfirmPage.tsx',
  '/newsletter/unsubscribe': 'newsletter/NewsletterUnsubscribePage.tsx',
  '/s/:token': 'soul-story/SharePage.tsx',
  '/admin/*': 'admin/AdminPage.tsx',
};

/**
 * Pages behind sign-in. A visitor without a session is sent to sign in before the page loads, so a
 * first visit to one of them needs the sign-in page's chunks, not the page's own.
 */
export const signedInPages: Record<string, string> = {
  '/profile': 'profile/ProfilePage.tsx',
  '/soul-story': 'soul-story/SoulStoryPage.tsx',
  '/soulstory': 'soul-story/SoulStoryPage.tsx',
  '/chatbot': 'vela/ChatPage.tsx',
  '/notifications': 'notifications/NotificationsPage.tsx',
};

export const SIGN_IN_PATH = '/LoginSignup';
