import { describe } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { itIsAccessibleAt } from './public-pages-helpers.ts';

describe('public pages: accessibility on phone', () => {
  itIsAccessibleAt(useBrowser(), 'phone', 390);
});
