import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { profileMessages, type updateProfileBody, type Vibe, vibes } from '#contract/profile.ts';
import type { AppDeps } from '#server/deps.ts';
import { Invalid, Unauthorized } from '#server/http/errors.ts';
import type { TemporaryFile } from '#server/http/multipart.ts';
import { nationalityToStore, readNationality } from '#server/identity/nationality.ts';
import { todayIn } from '#server/identity/time-zone.ts';
import { findUserById, type UserDetails, type UserRow, updateUserDetails } from '#server/identity/users.ts';
import type { JourneyService } from '../journey/index.ts';
import { countUnread } from '../notifications/index.ts';
import { countMemories } from '../soul-story/index.ts';
import { prepareAvatar } from './avatar.ts';

export interface ProfileDeps extends Pick<AppDeps, 'db' | 'media' | 'storage' | 'logger'> {
  /** The Camino record, whose start date follows the profile's. */
  journey: Pick<JourneyService, 'followProfileStartDate'>;
}

/** Every avatar a pilgrim uploaded is stored under this folder. */
export const avatarFolder = (userId: string) => `avatars/${userId}`;

const asVibe = (value: string | null): Vibe | null =>
  value && (vibes as readonly string[]).includes(value) ? (value as Vibe) : null;

type ProfileUpdate = z.output<typeof updateProfileBody>;

/**
 * The worldview is kept with the time consent was given. A vibe sent without `vibe_consent` (the spec's
 * clients) is stored as the spec says but without recorded consent, unless it is the very vibe already
 * kept with consent; consent sent alone confirms the vibe already stored.
 */
const worldviewChanges = (input: ProfileUpdate, current: UserRow, now: Date): UserDetails => {
  if (input.vibe === undefined) return input.vibe_consent && current.vibe ? { vibeConsentAt: now } : {};
  if (input.vibe === null) return { vibe: null, vibeConsentAt: null };
  if (input.vibe_consent) return { vibe: input.vibe, vibeConsentAt: now };
  return { vibe: input.vibe, vibeConsentAt: input.vibe === current.vibe ? current.vibeConsentAt : null };
};

export const createProfileService = (deps: ProfileDeps) => {
  const present = async (row: UserRow) => ({
    user: { first_name: row.firstName, username: row.username, email: row.email },
    ...readNationality(row.nationality),
    bio: row.bio,
    avatar_url: row.avatarKey ? deps.media.url(row.avatarKey) : null,
    vibe: asVibe(row.vibe),
    vibe_consent_at: row.vibe ? (row.vibeConsentAt?.toISOString() ?? null) : null,
    camino_start_date: row.caminoStartDate,
    camino_duration: row.caminoDuration,
    reminder_emails: row.reminderEmails,
    time_zone: row.timeZone,
    soul_stories_count: await countMemories(deps.db, row.id),
    unread_notifications_count: await countUnread(deps.db, row.id),
  });

  const requireProfile = async (userId: string) => {
    const row = await findUserById(deps.db, userId);
    if (!row) throw new Unauthorized();
    return row;
  };

  const getProfile = async (userId: string) => present(await requireProfile(userId));

  /**
   * Merges only the fields sent; a start date may not lie after today in the pilgrim's own time zone.
   * A new start date moves the Camino record's with it; unless a duration was sent too, the duration
   * then follows from the record's two dates when it has both.
   */
  const updateProfile = async (userId: string, input: ProfileUpdate) => {
    const current = await requireProfile(userId);
    const timeZone = input.time_zone ?? current.timeZone;
    if (input.camino_start_date && input.camino_start_date > todayIn(timeZone))
      throw new Invalid(profileMessages.startDateInFuture, 'camino_start_date');
    const journeyDuration =
      input.camino_start_date !== undefined
        ? await deps.journey.followProfileStartDate(userId, input.camino_start_date)
        : undefined;
    const caminoDuration = input.camino_duration !== undefined ? input.camino_duration : journeyDuration;
    const changes: UserDetails = {
      ...(input.nationality !== undefined ? { nationality: nationalityToStore(input.nationality) } : {}),
      ...(input.bio !== undefined ? { bio: input.bio } : {}),
      ...worldviewChanges(input, current, new Date()),
      ...(input.camino_start_date !== undefined ? { caminoStartDate: input.camino_start_date } : {}),
      ...(caminoDuration !== undefined ? { caminoDuration } : {}),
      ...(input.reminder_emails !== undefined ? { reminderEmails: input.reminder_emails } : {}),
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
    };
    const row = Object.keys(changes).length ? await updateUserDetails(deps.db, userId, changes) : current;
    return present(row ?? current);
  };

  /** Stores the re-encoded avatar under a new key, then removes the previous file. */
  const replaceAvatar = async (userId: string, upload: TemporaryFile) => {
    const current = await requireProfile(userId);
    const image = await prepareAvatar(upload.path);
    const key = `${avatarFolder(userId)}/${randomUUID()}.webp`;
    await deps.storage.write(key, image);
    const row = await updateUserDetails(deps.db, userId, { avatarKey: key });
    if (current.avatarKey) {
      await deps.storage.remove(current.avatarKey).catch((error) => {
        deps.logger.warn({ err: error, key: current.avatarKey }, 'old avatar could not be removed');
      });
    }
    return present(row ?? current);
  };

  /** Withdrawing consent erases the worldview and the time consent was given. */
  const eraseWorldview = async (userId: string) => {
    const current = await requireProfile(userId);
    const row = await updateUserDetails(deps.db, userId, { vibe: null, vibeConsentAt: null });
    return present(row ?? current);
  };

  return { getProfile, updateProfile, replaceAvatar, eraseWorldview };
};

export type ProfileService = ReturnType<typeof createProfileService>;
