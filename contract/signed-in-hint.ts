/**
 * A cookie that only says "this browser holds a session" (the session itself stays in localStorage and
 * travels as a bearer token): the server picks which first screen to send a page behind sign-in with it.
 * It grants nothing; a wrong value costs one repainted screen. Its own module, without imports, so the
 * app's entry chunk takes nothing else with it.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
