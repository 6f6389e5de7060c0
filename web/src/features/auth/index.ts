/** What other features may use from accounts. */
export { useCurrentUser, useReloadCurrentUser } from './api/current-user.ts';
export { updateUser } from './api/update-user.ts';
export { CountrySelect } from './components/CountrySelect.tsx';
export { useLogout } from './logout.ts';
