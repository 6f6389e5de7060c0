import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponse,
  currentUser,
  loginBody,
  logoutBody,
  messageResponse,
  refreshBody,
  registerBody,
  resetPasswordBody,
  resetRequestBody,
  sessionTokens,
  updateUserBody,
  verifyResetTokenBody,
  verifyResetTokenResponse,
} from '#contract/auth.ts';
import { authMessages } from '#contract/auth-terms.ts';
import { errorBody } from '#contract/common.ts';
import type { AppDeps } from '#server/deps.ts';
import { ownResource } from '#server/http/auth-guard.ts';
import { limitRegistration, limitResetRequest, limitSignIn } from './limits.ts';
import type { AuthService } from './service.ts';

const rejected = { 400: errorBody, 429: errorBody };

export const authRoutes =
  (deps: AppDeps, service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/register/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an account and sign in',
          body: registerBody,
          response: { 201: authResponse, 409: errorBody, ...rejected },
        },
      },
      async (request, reply) => {
        await limitRegistration(deps, request.body.email, request.ip);
        return reply.status(201).send(await service.register(request.body));
      },
    );

    app.post(
      '/api/login/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: loginBody,
          response: { 200: authResponse, 401: errorBody, ...rejected },
        },
      },
      async (request) => limitSignIn(deps, request.body.email, request.ip, () => service.login(request.body)),
    );

    app.post(
      '/api/token/refresh/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for a new access and refresh token (the old one stops working)',
          body: refreshBody,
          response: { 200: sessionTokens, 401: errorBody, 400: errorBody },
        },
      },
      async (request) => service.refresh(request.body.refresh),
    );

    app.post(
      '/api/logout/',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the session this refresh token belongs to',
          body: logoutBody,
          response: { 204: z.null(), 400: errorBody },
        },
      },
      async (request, reply) => {
        await service.logout(request.body.refresh);
        return reply.status(204).send(null);
      },
    );

    ownResource(app, deps.auth, '/api/user/', {
      tags: ['auth'],
      answer: currentUser,
      read: { summary: 'The signed-in user', run: service.currentUser },
      change: {
        summary: 'Change the signed-in user’s name',
        body: updateUserBody,
        refusals: { 404: errorBody },
        run: (userId, user) => service.updateFirstName(userId, user.first_name),
      },
    });

    app.post(
      '/api/password/reset-request/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Email a password reset link; answers the same whether or not the account exists',
          body: resetRequestBody,
          response: { 200: messageResponse, ...rejected },
        },
      },
      async (request) => {
        await limitResetRequest(deps, request.body.email, request.ip, () =>
          service.requestPasswordReset(request.body.email),
        );
        return { message: authMessages.resetRequestSent };
      },
    );

    app.post(
      '/api/password/verify-token/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Whether a password reset token can still be used',
          body: verifyResetTokenBody,
          response: { 200: verifyResetTokenResponse, 400: errorBody },
        },
      },
      async (request) => ({ valid: await service.verifyResetToken(request.body.token) }),
    );

    app.post(
      '/api/password/reset/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token; every session of the account ends',
          body: resetPasswordBody,
          response: { 200: messageResponse, 400: errorBody },
        },
      },
      async (request) => {
        await service.resetPassword(request.body.token, request.body.password);
        return { message: authMessages.resetDone };
      },
    );
  };
