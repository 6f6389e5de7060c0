import camCovers from './images/cam-covers.svg';
import teeShirt from './images/tee-shirt.svg';
import toteBag from './images/tote-bag.svg';

export const productImages: Record<string, string> = {
  'tee-shirt': teeShirt,
  'tote-bag': toteBag,
  'cam-covers': camCovers,
};
