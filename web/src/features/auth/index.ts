/** What other features may use from accounts. */
export { useReloadCurrentUser } from './api/current-user.ts';
export { updateUser } from './api/update-user.ts';
export { useLogout } from './logout.ts';
