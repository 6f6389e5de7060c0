const SHARE_TEXT = 'My Soul Story: a keepsake of my pilgrimage';

/** Where each share button sends the public link: the networks' own share pages. */
export const shareTargets = (url: string) => {
  const link = encodeURIComponent(url);
  const text = encodeURIComponent(SHARE_TEXT);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${link}`,
    twitter: `https://twitter.com/intent/tweet?url=${link}&text=${text}`,
    whatsapp: `https://wa.me/?text=${text}%20${link}`,
  };
};
