import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addPasskeyAtSignInSchema,
  addPasskeySchema,
  answerSchema,
  confirmTotpAtSignInSchema,
  confirmTotpSchema,
  currentPasswordSchema,
  enrolledLoginAnswerSchema,
  loginAnswerSchema,
  messageAnswerSchema,
  MESSAGES,
  passkeyOptionsSchema,
  pendingStepSchema,
  recoveryCodesSchema,
  SECOND_FACTOR_MESSAGES,
  secondFactorSignInSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
} from '@school-transport/shared';
import { errorAnswers, type ErrorStatus } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { clientOf, LOGIN_ATTEMPTS_PER_MINUTE } from './auth-routes.js';
import type { SecondFactorService } from './second-factor-service.js';

/** The sign-in step is public (the pending token is its credential) and limited like the password step. */
const signInStep = {
  access: 'public' as const,
  rateLimit: { max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000 },
};

/** What refuses a sign-in step, whichever it is. */
const STEP_REFUSALS: Partial<Record<ErrorStatus, string>> = {
  401: 'The pending sign-in has run out, or the code or passkey is not right',
  403: 'The account has been disabled',
};
const LAST_FACTOR = 'Not an administrator, or this is the last second factor an administrator must keep';

/**
 * The second step of an administrator's sign-in (public), and an administrator's own second factor on the profile
 * (administrators only: the default access). Drivers and parents have none.
 */
export function secondFactorRoutes(secondFactor: SecondFactorService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    routes.post(
      '/auth/second-factor',
      {
        config: signInStep,
        schema: {
          tags,
          body: secondFactorSignInSchema,
          response: { 200: loginAnswerSchema, ...errorAnswers(STEP_REFUSALS) },
        },
      },
      async (request) => {
        const { token, user } = await secondFactor.completeSignIn(request.body, clientOf(request));
        return { ...success(undefined, MESSAGES.loginSuccess), token, user };
      },
    );

    routes.post(
      '/auth/second-factor/passkey-options',
      {
        config: signInStep,
        schema: {
          tags,
          body: pendingStepSchema,
          response: {
            200: answerSchema(passkeyOptionsSchema),
            ...errorAnswers(STEP_REFUSALS, { 409: SECOND_FACTOR_MESSAGES.noPasskeys }),
          },
        },
      },
      async (request) => {
        const options = await secondFactor.passkeyOptionsAtSignIn(
          request.body.pendingToken,
          clientOf(request),
        );
        // Spread: the library's interface as the plain record the answer's schema passes through.
        return success({ options: { ...options } });
      },
    );

    routes.post(
      '/auth/second-factor/enrol',
      {
        config: signInStep,
        schema: {
          tags,
          body: pendingStepSchema,
          response: {
            200: answerSchema(totpEnrolmentSchema),
            ...errorAnswers(STEP_REFUSALS, { 409: SECOND_FACTOR_MESSAGES.alreadyEnrolled }),
          },
        },
      },
      async (request) =>
        success(await secondFactor.startEnrolmentAtSignIn(request.body.pendingToken, clientOf(request))),
    );

    routes.post(
      '/auth/second-factor/enrol/confirm',
      {
        config: signInStep,
        schema: {
          tags,
          body: confirmTotpAtSignInSchema,
          response: {
            200: enrolledLoginAnswerSchema,
            ...errorAnswers(STEP_REFUSALS, { 409: SECOND_FACTOR_MESSAGES.notStarted }),
          },
        },
      },
      async (request) => {
        const { pendingToken, code } = request.body;
        const signedIn = await secondFactor.confirmEnrolmentAtSignIn(pendingToken, code, clientOf(request));
        return { ...success(undefined, MESSAGES.loginSuccess), ...signedIn };
      },
    );

    routes.post(
      '/auth/second-factor/enrol/passkey-options',
      {
        config: signInStep,
        schema: {
          tags,
          body: pendingStepSchema,
          response: { 200: answerSchema(passkeyOptionsSchema), ...errorAnswers(STEP_REFUSALS) },
        },
      },
      async (request) => {
        const { pendingToken } = request.body;
        const options = await secondFactor.passkeyRegistrationAtSignIn(pendingToken, clientOf(request));
        return success({ options: { ...options } });
      },
    );

    routes.post(
      '/auth/second-factor/enrol/passkey',
      {
        config: signInStep,
        schema: {
          tags,
          body: addPasskeyAtSignInSchema,
          response: {
            200: enrolledLoginAnswerSchema,
            ...errorAnswers(STEP_REFUSALS, { 409: SECOND_FACTOR_MESSAGES.passkeyTaken }),
          },
        },
      },
      async (request) => {
        const { pendingToken, label, credential } = request.body;
        const signedIn = await secondFactor.confirmPasskeyAtSignIn(
          pendingToken,
          label,
          credential as RegistrationResponseJSON,
          clientOf(request),
        );
        return { ...success(undefined, MESSAGES.loginSuccess), ...signedIn };
      },
    );

    routes.get(
      '/profile/second-factor',
      {
        config: { access: 'staff' },
        schema: { tags, response: { 200: answerSchema(secondFactorStatusSchema) } },
      },
      async (request) => success(await secondFactor.status(changeContextOf(request).actor.id)),
    );

    routes.post(
      '/profile/second-factor/totp',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          response: {
            200: answerSchema(totpEnrolmentSchema),
            ...errorAnswers({ 409: SECOND_FACTOR_MESSAGES.alreadyEnrolled }),
          },
        },
      },
      async (request) => success(await secondFactor.startEnrolment(changeContextOf(request))),
    );

    routes.post(
      '/profile/second-factor/totp/confirm',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          body: confirmTotpSchema,
          response: {
            200: answerSchema(recoveryCodesSchema),
            ...errorAnswers({ 409: SECOND_FACTOR_MESSAGES.notStarted }),
          },
        },
      },
      async (request) => {
        const codes = await secondFactor.confirmEnrolment(request.body.code, changeContextOf(request));
        return success({ recoveryCodes: codes }, 'Your authenticator app is set up.');
      },
    );

    routes.post(
      '/profile/second-factor/totp/remove',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          body: currentPasswordSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers({ 403: LAST_FACTOR }) },
        },
      },
      async (request) => {
        await secondFactor.remove(request.body.password, changeContextOf(request));
        return success(undefined, 'The authenticator app has been removed.');
      },
    );

    routes.post(
      '/profile/second-factor/passkeys/options',
      {
        config: { access: 'staff' },
        schema: { tags, response: { 200: answerSchema(passkeyOptionsSchema) } },
      },
      async (request) => {
        const options = await secondFactor.startPasskeyRegistration(changeContextOf(request));
        return success({ options: { ...options } });
      },
    );

    routes.post(
      '/profile/second-factor/passkeys',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          body: addPasskeySchema,
          response: {
            200: answerSchema(recoveryCodesSchema),
            ...errorAnswers({ 409: SECOND_FACTOR_MESSAGES.passkeyNotStarted }),
          },
        },
      },
      async (request) => {
        const { label, credential } = request.body;
        const context = changeContextOf(request);
        const codes = await secondFactor.addPasskey(label, credential as RegistrationResponseJSON, context);
        return success({ recoveryCodes: codes }, 'The passkey has been added.');
      },
    );

    routes.post(
      '/profile/second-factor/passkeys/:id/remove',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          params: z.object({ id: z.uuid() }),
          body: currentPasswordSchema,
          response: { 200: messageAnswerSchema, ...errorAnswers({ 403: LAST_FACTOR }) },
        },
      },
      async (request) => {
        const context = changeContextOf(request);
        await secondFactor.removePasskey(request.params.id, request.body.password, context);
        return success(undefined, 'The passkey has been removed.');
      },
    );

    routes.post(
      '/profile/second-factor/recovery-codes',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          body: currentPasswordSchema,
          response: {
            200: answerSchema(recoveryCodesSchema),
            ...errorAnswers({ 409: SECOND_FACTOR_MESSAGES.notStarted }),
          },
        },
      },
      async (request) => {
        const codes = await secondFactor.renewRecoveryCodes(request.body.password, changeContextOf(request));
        return success({ recoveryCodes: codes }, 'New recovery codes made; the old ones no longer work.');
      },
    );
  };
}
