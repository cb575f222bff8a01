import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountInvitationSchema,
  activeSessionSchema,
  answerSchema,
  changeEmailSchema,
  changeNameSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  idParamsSchema,
  inviteAdminSchema,
  invitedAccountAnswerSchema,
  staffUserListQuerySchema,
  messageAnswerSchema,
  pageAnswerSchema,
  PARENT_PORTAL_PATHS,
  parentProfileInputSchema,
  parentProfileSchema,
  pendingEmailSchema,
  profileSchema,
  resetPasswordSchema,
  staffRoleSchema,
  staffUserSchema,
  verifiedEmailSchema,
  verifyEmailSchema,
} from '@school-transport/shared';
import { errorAnswers } from '../../../lib/answers.js';
import { changeContextOf } from '../../../lib/change-context.js';
import { success } from '../../../lib/envelope.js';
import { exactTotal, listAnswer } from '../../../lib/pagination.js';
import { requireAuth } from '../../../plugins/authentication.js';
import { EMAIL_TAKEN } from '../users/index.js';
import type { AccountService } from './account-service.js';
import type { ParentProfileService } from './parent-profile-service.js';
import type { AccountRole } from './role-account-queries.js';
import type { RoleAccountService } from './role-account-service.js';
import { roleChangedMessage, type StaffService } from './staff-service.js';

/** Requests for mails or password changes one client address may make per minute. */
const ACCOUNT_REQUESTS_PER_MINUTE = 5;
const limited = { rateLimit: { max: ACCOUNT_REQUESTS_PER_MINUTE, timeWindow: 60_000 } };

const messageAnswer = { 200: messageAnswerSchema };
const profileAnswer = { 200: answerSchema(profileSchema) };
const staffUserAnswer = { 200: answerSchema(staffUserSchema) };

/**
 * Sends the answer, then does the work, so how long the answer takes tells nothing about what the work found.
 * Nobody waits for the work's errors any more: they go to the log. The handler runs until the work ends, so a
 * shutdown still waits for it (app.ts).
 */
async function answerThenDo(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: unknown,
  work: () => Promise<void>,
): Promise<FastifyReply> {
  await reply.send(answer);
  // One turn of the event loop first, so that whatever waits for the answer in this process runs before the work.
  await new Promise((resolve) => setImmediate(resolve));
  await work().catch((error: unknown) =>
    request.log.error({ err: error }, `${request.routeOptions.url}: the work after the answer failed`),
  );
  return reply;
}

/**
 * Forgot and reset password (public). One's own password and sessions: anyone signed in (a driver changes their
 * password in the driver app; their sessions are their phones). E-mail verification, the profile and renaming
 * oneself: administrators only (the default access), since a driver's name and e-mail are the office's records
 * of them, kept by the office (sign-in-roles.ts).
 */
export function accountRoutes(accounts: AccountService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['accounts'];

    routes.post(
      '/auth/forgot-password',
      {
        config: { access: 'public', ...limited },
        schema: { tags, body: forgotPasswordSchema, response: messageAnswer },
      },
      async (request, reply) =>
        answerThenDo(request, reply, success(undefined, ACCOUNT_MESSAGES.resetLinkSent), () =>
          accounts.forgotPassword(request.body.email, request.ip),
        ),
    );

    routes.post(
      '/auth/reset-password',
      {
        config: { access: 'public', ...limited },
        schema: { tags, body: resetPasswordSchema, response: messageAnswer },
      },
      async (request) => {
        await accounts.resetPassword(request.body, request.ip);
        return success(undefined, ACCOUNT_MESSAGES.passwordUpdated);
      },
    );

    routes.post(
      '/auth/verify-email',
      {
        config: { access: 'staff', ...limited },
        schema: {
          tags,
          body: verifyEmailSchema,
          response: {
            200: answerSchema(verifiedEmailSchema),
            ...errorAnswers({ 409: EMAIL_TAKEN.users_email_lower_unique.message }),
          },
        },
      },
      async (request) => {
        const email = await accounts.verifyEmail(
          requireAuth(request).user.id,
          request.body.code,
          changeContextOf(request),
        );
        return success({ email }, `Your email address is now ${email}.`);
      },
    );

    routes.post(
      '/auth/resend-code',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          response: {
            ...messageAnswer,
            ...errorAnswers({
              400: 'There is no e-mail change waiting for a code',
              429: 'A code was sent moments ago: wait before asking for another',
            }),
          },
        },
      },
      async (request) => {
        await accounts.resendCode(requireAuth(request).user.id, changeContextOf(request));
        return success(undefined, 'A new code is on its way.');
      },
    );

    routes.get(
      '/profile',
      { config: { access: 'staff' }, schema: { tags, response: profileAnswer } },
      async (request) => success(await accounts.profile(requireAuth(request).user.id)),
    );

    routes.put(
      '/profile/name',
      { config: { access: 'staff' }, schema: { tags, body: changeNameSchema, response: profileAnswer } },
      async (request) => {
        await accounts.changeName(requireAuth(request).user.id, request.body.name, changeContextOf(request));
        return success(await accounts.profile(requireAuth(request).user.id), 'Your name has been updated.');
      },
    );

    routes.post(
      '/profile/change-password',
      {
        config: { access: 'signed-in', ...limited },
        schema: { tags, body: changePasswordSchema, response: messageAnswer },
      },
      async (request) => {
        await accounts.changePassword(requireAuth(request), request.body, changeContextOf(request));
        return success(undefined, 'Your password has been changed. Your other sessions have been ended.');
      },
    );

    routes.post(
      '/profile/change-email',
      {
        config: { access: 'staff', ...limited },
        schema: {
          tags,
          body: changeEmailSchema,
          response: {
            200: answerSchema(pendingEmailSchema),
            ...errorAnswers({ 409: EMAIL_TAKEN.users_email_lower_unique.message }),
          },
        },
      },
      async (request) => {
        await accounts.requestEmailChange(
          requireAuth(request).user.id,
          request.body,
          changeContextOf(request),
        );
        return success(
          { pendingEmail: request.body.email },
          `We sent a 6-digit code to ${request.body.email}.`,
        );
      },
    );

    routes.get(
      '/profile/sessions',
      {
        config: { access: 'signed-in' },
        schema: { tags, response: { 200: answerSchema(activeSessionSchema.array()) } },
      },
      async (request) => success(await accounts.sessions(requireAuth(request))),
    );

    routes.delete(
      '/profile/sessions/:id',
      { config: { access: 'signed-in' }, schema: { tags, params: idParamsSchema, response: messageAnswer } },
      async (request) => {
        await accounts.endSession(requireAuth(request), request.params.id, changeContextOf(request));
        return success(undefined, 'The session has been ended.');
      },
    );
  };
}

/** Staff users: the list is the office's to read; inviting, roles and accounts are administrators' (the default). */
export function staffRoutes(staff: StaffService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['users'];

    routes.get(
      '/users/get-all',
      {
        config: { access: 'office-read' },
        schema: {
          tags,
          querystring: staffUserListQuerySchema,
          response: { 200: pageAnswerSchema(staffUserSchema) },
        },
      },
      async (request) => {
        const { rows, total } = await staff.list(request.query);
        return listAnswer(rows, exactTotal(total), request.query);
      },
    );

    routes.post(
      '/users/invite',
      {
        schema: {
          tags,
          body: inviteAdminSchema,
          response: {
            201: answerSchema(staffUserSchema),
            ...errorAnswers({ 409: EMAIL_TAKEN.users_email_lower_unique.message }),
          },
        },
      },
      async (request, reply) => {
        const invited = await staff.invite(request.body, changeContextOf(request));
        return reply.code(201).send(success(invited, `Invitation sent to ${invited.email}.`));
      },
    );

    routes.post(
      '/users/resend-invitation/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            ...messageAnswer,
            ...errorAnswers({ 409: 'This administrator has already accepted the invitation' }),
          },
        },
      },
      async (request) => {
        await staff.resendInvitation(request.params.id, changeContextOf(request));
        return success(undefined, 'Invitation sent again.');
      },
    );

    routes.post(
      '/users/disable/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: {
            ...staffUserAnswer,
            ...errorAnswers({ 409: 'This is your own account, or the last active administrator’s' }),
          },
        },
      },
      async (request) =>
        success(
          await staff.disable(request.params.id, changeContextOf(request)),
          'Account disabled; its sessions have ended.',
        ),
    );

    routes.put(
      '/users/role/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: staffRoleSchema,
          response: {
            ...staffUserAnswer,
            ...errorAnswers({ 409: 'This is the last administrator who can sign in' }),
          },
        },
      },
      async (request) => {
        const changed = await staff.changeRole(request.params.id, request.body, changeContextOf(request));
        return success(changed, roleChangedMessage(changed));
      },
    );

    routes.post(
      '/users/enable/:id',
      { schema: { tags, params: idParamsSchema, response: staffUserAnswer } },
      async (request) =>
        success(await staff.enable(request.params.id, changeContextOf(request)), 'Account enabled.'),
    );
  };
}

/**
 * The accounts of drivers (the driver app) and parents (the parent portal), on their records:
 * POST /{drivers|parents}/:id/invite, /{drivers|parents}/:id/disable and /enable. Administrators only (the default
 * access).
 */
export function roleAccountRoutes(roleAccounts: RoleAccountService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const invitationAnswer = {
      200: answerSchema(accountInvitationSchema),
      ...errorAnswers({
        409: 'The account is disabled, or its owner already signs in with their own password',
      }),
    };
    const stateAnswer = { 200: answerSchema(invitedAccountAnswerSchema) };
    const records: Record<AccountRole, string> = { driver: 'drivers', parent: 'parents' };

    for (const [role, path] of Object.entries(records) as [AccountRole, string][]) {
      routes.post(
        `/${path}/:id/invite`,
        { schema: { tags: [path], params: idParamsSchema, response: invitationAnswer } },
        async (request) => {
          const sent = await roleAccounts.invite(role, request.params.id, changeContextOf(request));
          return success(sent, `Invitation to ${roleAccounts.appOf(role)} sent to ${sent.email}.`);
        },
      );
      // Disabling ends the person's sessions; their record and its assignment stay (role-account-service.ts).
      for (const disabled of [true, false]) {
        routes.post(
          `/${path}/:id/${disabled ? 'disable' : 'enable'}`,
          { schema: { tags: [path], params: idParamsSchema, response: stateAnswer } },
          async (request) =>
            success(
              await roleAccounts.setDisabled(role, request.params.id, disabled, changeContextOf(request)),
              disabled
                ? `The ${role}’s account is disabled; their sessions have ended.`
                : `The ${role}’s account is enabled.`,
            ),
        );
      }
    }
  };
}

/** GET and PUT /parent/profile: a signed-in parent's own contact details (the parent portal). */
export function parentProfileRoutes(profiles: ParentProfileService) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const options = { config: { access: 'parent' as const }, schema: { tags: ['parent portal'] } };
    const profileAnswer = {
      200: answerSchema(parentProfileSchema),
      ...errorAnswers({ 404: 'No parent record belongs to this account' }),
    };

    routes.get(
      PARENT_PORTAL_PATHS.profile,
      { ...options, schema: { ...options.schema, response: profileAnswer } },
      async (request) => success(await profiles.get(requireAuth(request).user.id)),
    );

    routes.put(
      PARENT_PORTAL_PATHS.profile,
      { ...options, schema: { ...options.schema, body: parentProfileInputSchema, response: profileAnswer } },
      async (request) =>
        success(
          await profiles.update(requireAuth(request).user.id, request.body, changeContextOf(request)),
          'Your contact details have been saved.',
        ),
    );
  };
}
