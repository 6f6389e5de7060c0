/**
 * What the server fills a page's first screen in with (a public list such as the blog's posts): each
 * query's key and answer, written into the page as JSON in the element with this id, so that the app
 * starts with the answers the screen already shows instead of asking for them again. Its own module,
 * without imports, so the app's entry chunk takes nothing else with it.
 */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

export interface FirstScreenQuery {
  key: readonly unknown[];
  value: unknown;
}
