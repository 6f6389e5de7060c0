import { useEffect, useState } from 'react';

/**
 * True once the window's load event has fired and the browser then has an idle moment: for work that
 * must never compete with the first screen (the hero's ambient video).
 */
export const useAfterPageLoad = () => {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let idle = 0;
    const whenIdle = () => {
      idle = requestIdleCallback(() => setLoaded(true), { timeout: 2000 });
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdleCallback(idle);
    };
  }, []);
  return loaded;
};
