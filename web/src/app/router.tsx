import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import HomePage from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../shared/NotFoundPage.tsx';
import { Layout } from './Layout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './RouteError.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Each page is its own chunk, so the home route loads only what it shows. The home page itself (a few
 * kilobytes) comes with the entry: most pilgrims land there, and its hero can then paint without waiting
 * for a second round trip.
 */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

const route = (path: string, load: () => PageModule): RouteObject => ({ path, lazy: page(load) });

/**
 * A page behind sign-in: its chunk loads when it renders, not when the route matches, so a signed-out
 * visitor sent to sign in does not download the page they cannot see yet.
 */
const signedInRoutes = (paths: string[], load: () => PageModule): RouteObject[] => {
  const Page = lazy(load);
  const element = (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
  return paths.map((path) => ({ path, element }));
};

/** Both spellings the spec gives lead to one screen; paths match without regard to letter case. */
const routes = (paths: string[], load: () => PageModule): RouteObject[] =>
  paths.map((path) => route(path, load));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { path: '/', Component: HomePage },
      ...routes(['/LoginSignup', '/login'], () => import('../features/auth/LoginSignupPage.tsx')),
      route('/reset-password/:token?', () => import('../features/auth/ResetPasswordPage.tsx')),
      route('/about', () => import('../features/about/AboutPage.tsx')),
      route('/lumen', () => import('../features/vela/LumenPage.tsx')),
      route('/inquire', () => import('../features/contact/InquirePage.tsx')),
      route('/contact', () => import('../features/contact/ContactPage.tsx')),
      route('/faq', () => import('../features/info/FaqPage.tsx')),
      route('/terms', () => import('../features/info/TermsPage.tsx')),
      route('/privacy', () => import('../features/info/PrivacyPage.tsx')),
      route('/press', () => import('../features/info/PressPage.tsx')),
      route('/doors', () => import('../features/info/DoorsPage.tsx')),
      route('/donate', () => import('../features/donations/DonatePage.tsx')),
      route('/donations/manage/:token', () => import('../features/donations/ManageGiftPage.tsx')),
      route('/store', () => import('../features/store/StorePage.tsx')),
      route('/store/order', () => import('../features/store/StoreOrderPage.tsx')),
      route('/blog', () => import('../features/blog/BlogListPage.tsx')),
      route('/blog/:id', () => import('../features/blog/BlogPostPage.tsx')),
      route('/JoinUs', () => import('../features/community/JoinUsPage.tsx')),
      route('/Volunteer', () => import('../features/community/VolunteerPage.tsx')),
      route('/survey', () => import('../features/survey/SurveyPage.tsx')),
      route('/newsletter/confirm', () => import('../features/newsletter/NewsletterConfirmPage.tsx')),
      route('/newsletter/unsubscribe', () => import('../features/newsletter/NewsletterUnsubscribePage.tsx')),
      route('/s/:token', () => import('../features/soul-story/SharePage.tsx')),
      route('/admin/*', () => import('../features/admin/AdminPage.tsx')),
      {
        element: <RequireAuth />,
        children: [
          ...signedInRoutes(['/profile'], () => import('../features/profile/ProfilePage.tsx')),
          ...signedInRoutes(
            ['/soul-story', '/soulstory'],
            () => import('../features/soul-story/SoulStoryPage.tsx'),
          ),
          ...signedInRoutes(['/chatbot'], () => import('../features/vela/ChatPage.tsx')),
          ...signedInRoutes(
            ['/notifications'],
            () => import('../features/notifications/NotificationsPage.tsx'),
          ),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
