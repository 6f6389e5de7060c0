import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#contract/common.ts';
import { MAX_AVATAR_BYTES, profileMessages, profileResponse, updateProfileBody } from '#contract/profile.ts';
import type { AppDeps } from '#server/deps.ts';
import { ownResource, signedIn, userIdOf } from '#server/http/auth-guard.ts';
import { Invalid } from '#server/http/errors.ts';
import { receiveForm } from '#server/http/multipart.ts';
import type { ProfileService } from './service.ts';

export const profileRoutes =
  (deps: AppDeps, service: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    ownResource(app, deps.auth, '/api/profile/', {
      tags: ['profile'],
      answer: profileResponse,
      read: {
        summary: 'The signed-in pilgrim’s profile, journey settings and counts',
        run: service.getProfile,
      },
      change: {
        summary: 'Change only the profile fields sent',
        body: updateProfileBody,
        run: service.updateProfile,
      },
    });

    app.delete(
      '/api/profile/vibe/',
      signedIn(deps.auth, {
        tags: ['profile'],
        summary:
          'Withdraw consent to keeping the worldview: erases the stored vibe and when consent was given',
        response: { 200: profileResponse },
      }),
      async (request) => service.eraseWorldview(userIdOf(request)),
    );

    app.post(
      '/api/profile/upload/',
      signedIn(deps.auth, {
        tags: ['profile'],
        summary: 'Replace the avatar (multipart field `avatar`, an image of at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: profileResponse, 400: errorBody, 406: errorBody, 413: errorBody },
      }),
      async (request) => {
        const userId = userIdOf(request);
        const form = await receiveForm(request, {
          fileField: 'avatar',
          maxBytes: MAX_AVATAR_BYTES,
          tooLargeMessage: profileMessages.avatarTooLarge,
          incompleteMessage: profileMessages.uploadFailed,
          temporaryDir: deps.config.temporaryDir,
          uploadBytes: deps.metrics.uploadBytes,
        });
        try {
          if (!form.file) throw new Invalid(profileMessages.avatarMissing, 'avatar');
          return await service.replaceAvatar(userId, form.file);
        } finally {
          await form.discard();
        }
      },
    );
  };
