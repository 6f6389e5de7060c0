import { useState } from 'react';

/**
 * A dialog whose code loads when it is first opened: `mounted` turns true then and stays true, so that
 * the dialog closes with its transition instead of vanishing.
 */
export const useLazyDialog = () => {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  return {
    opened,
    mounted,
    open: () => {
      setMounted(true);
      setOpened(true);
    },
    close: () => setOpened(false),
  };
};
