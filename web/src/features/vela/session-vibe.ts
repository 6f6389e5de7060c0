import { type Vibe, vibes } from '#contract/vela.ts';
import { readSession } from '#web/shared/session.ts';

/**
 * A worldview the pilgrim did not agree to keep lives only in this tab's sessionStorage and goes with each
 * chat request. It is tied to the signed-in email, so another pilgrim signing in in this tab never gets it.
 */
const SESSION_VIBE_KEY = 'velaSessionVibe';

export const readSessionVibe = (): Vibe | null => {
  try {
    const held = JSON.parse(sessionStorage.getItem(SESSION_VIBE_KEY) ?? 'null') as {
      email?: unknown;
      vibe?: unknown;
    } | null;
    const email = readSession().email;
    return held && email && held.email === email && vibes.includes(held.vibe as Vibe)
      ? (held.vibe as Vibe)
      : null;
  } catch {
    return null;
  }
};

export const keepSessionVibe = (vibe: Vibe) =>
  sessionStorage.setItem(SESSION_VIBE_KEY, JSON.stringify({ email: readSession().email, vibe }));

export const forgetSessionVibe = () => sessionStorage.removeItem(SESSION_VIBE_KEY);
