import { useLocation, useNavigate } from 'react-router';

/**
 * A Back button's action: the page before, or `fallback` when the pilgrim arrived straight from a link
 * and there is no page before to go back to.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
}
