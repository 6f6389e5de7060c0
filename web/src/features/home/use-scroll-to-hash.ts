import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Brings the element named by the URL's #fragment into view once the page has rendered it. */
export const useScrollToHash = () => {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
};
