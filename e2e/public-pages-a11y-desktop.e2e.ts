import { describe } from 'vitest';
import { useBrowser } from './fixtures.ts';
import { itIsAccessibleAt } from './public-pages-helpers.ts';

describe('public pages: accessibility on desktop', () => {
  itIsAccessibleAt(useBrowser(), 'desktop', 1280);
});
