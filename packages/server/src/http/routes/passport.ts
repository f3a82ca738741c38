// {passport}: sign-in, token refresh, sign-out and password change (spec §7 "Login and session").
import { AppError, ENVELOPE_MAX_CHUNK_CHARS, ENVELOPE_SEPARATOR, oaepCapacity } from '@ipdesk/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { login } from '../../modules/accounts/login.js';
import { changeOwnPassword } from '../../modules/accounts/password-change.js';
import { revokeSession, rotateRefreshToken } from '../../modules/accounts/sessions.js';
import { checkSideConflict } from '../authenticate.js';
import { requestContext } from '../../platform/context.js';
import { principalOf } from '../context.js';
import { labelled } from '../labels.js';
import { RateLimiter } from '../rate-limit.js';
import { envelopeSchema, ok } from '../reply.js';
import { clearSideCookie, readSideCookie, setSideCookie } from '../side-cookie.js';
import { accountField, passwordEnvelope, passwordChangeBody } from './schemas.js';

export interface AccountRouteOptions {
  accounts: AccountsContext;
}

const companySchema = z.object({
  sid: z.string(),
  path: z.string(),
  company_name: z.string(),
  english_name: z.string().nullable(),
  simple_name: z.string().nullable(),
  last_login_flag: z.boolean(),
});

const tokenPair = { authorization: z.string(), refresh_token: z.string() };
const publicKeyAnswer = envelopeSchema({
  data: z.object({
    public_key: z.string(),
    algorithm: z.literal('RSA-OAEP-256'),
    key_bits: z.number(),
    max_chunk_chars: z.number(),
    max_chunk_bytes: z.number(),
    separator: z.string(),
  }),
});

export const passportRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (app, { accounts }) => {
  const secureCookies = accounts.config.publicUrl?.startsWith('https://') ?? false;
  const clock = () => accounts.now().getTime();
  const loginLimiter = new RateLimiter(accounts.config.loginRateLimit, 60_000, clock);
  const refreshLimiter = new RateLimiter(Math.max(120, accounts.config.loginRateLimit), 60_000, clock);

  const publicKey = async (request: FastifyRequest) => {
    await accounts.envelope.refresh(); // rotates the key when due
    return ok(request, {
      data: {
        public_key: accounts.envelope.publicKeyPem,
        algorithm: 'RSA-OAEP-256' as const,
        key_bits: accounts.envelope.modulusBits,
        max_chunk_chars: ENVELOPE_MAX_CHUNK_CHARS,
        max_chunk_bytes: oaepCapacity(accounts.envelope.modulusBits),
        separator: ENVELOPE_SEPARATOR,
      },
    });
  };
  const keySchema = { tags: ['passport'], querystring: z.object({}).strict(), response: { 200: publicKeyAnswer } };
  app.get(
    '/get_public_key',
    { config: { access: 'public' }, schema: { summary: 'RSA public key for the password envelope', ...keySchema } },
    publicKey,
  );
  app.get(
    '/public/request_public_key',
    { config: { access: 'public' }, schema: { summary: 'Same as get_public_key', ...keySchema } },
    publicKey,
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with account or e-mail and an enveloped password',
        tags: ['passport'],
        body: z.object({ account: accountField, password: passwordEnvelope('field.password') }).strict(),
        response: {
          200: envelopeSchema({
            ...tokenPair,
            companys: z.array(companySchema),
            avatar_sid: z.string().nullable(),
            is_bind_back_office: z.boolean(),
            need_change_password: z.boolean(),
            user_type_client: z.union([z.literal(1), z.literal(2)]),
            expires_in: z.number(),
          }),
        },
      },
    },
    async (request, reply) => {
      if (!loginLimiter.hit(request.ip)) throw new AppError('rateLimited');
      await accounts.envelope.refresh(); // another server may have handed out a newer key
      const result = await login(accounts, {
        account: request.body.account,
        passwordEnvelope: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
        language: request.language,
      });
      try {
        await checkSideConflict(accounts, request, result.side);
      } catch (error) {
        // The other side is signed in here: this new session must not stay usable.
        await revokeSession(accounts.db, result.sessionSid, 'client_conflict', accounts.now());
        throw error;
      }
      setSideCookie(reply, result.side, result.sessionSid, secureCookies, accounts.config.sessionMaxHours * 3600);
      return ok(request, {
        authorization: result.authorization,
        refresh_token: result.refreshToken,
        companys: result.companys,
        avatar_sid: result.avatarSid,
        is_bind_back_office: result.isBindBackOffice,
        need_change_password: result.passwordChangeRequired,
        user_type_client: result.side,
        expires_in: accounts.tokens.lifetimeSeconds,
      });
    },
  );

  const refresh = async (request: FastifyRequest, token: string) => {
    if (!refreshLimiter.hit(request.ip)) throw new AppError('rateLimited');
    const session = await rotateRefreshToken(accounts, token);
    const authorization = await accounts.tokens.issue(session);
    return ok(request, {
      authorization,
      refresh_token: session.refreshToken,
      expires_in: accounts.tokens.lifetimeSeconds,
    });
  };
  const refreshAnswer = envelopeSchema({ ...tokenPair, expires_in: z.number() });
  const tokenField = labelled(z.string().min(16).max(256), 'field.token');
  app.get(
    '/refresh_token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Trade a refresh token for a new pair (spec form, token in the query; prefer POST)',
        tags: ['passport'],
        querystring: z.object({ token: tokenField }).strict(),
        response: { 200: refreshAnswer },
      },
    },
    (request) => refresh(request, request.query.token),
  );
  app.post(
    '/refresh_token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Trade a refresh token for a new pair',
        tags: ['passport'],
        body: z.object({ token: tokenField }).strict(),
        response: { 200: refreshAnswer },
      },
    },
    (request) => refresh(request, request.body.token),
  );

  app.post(
    '/logout',
    {
      config: { access: 'password-change' },
      schema: { summary: 'End this session', tags: ['passport'], response: { 200: envelopeSchema({}) } },
    },
    async (request, reply: FastifyReply) => {
      const principal = principalOf(request);
      await revokeSession(accounts.db, principal.sessionSid, 'logout', accounts.now());
      if (readSideCookie(request)?.sessionSid === principal.sessionSid) clearSideCookie(reply, secureCookies);
      return ok(request, {});
    },
  );

  app.post(
    '/modify_password',
    {
      config: { access: 'password-change' },
      schema: {
        summary: 'Change your own password (ends your other sessions)',
        tags: ['passport'],
        body: passwordChangeBody,
        response: { 200: envelopeSchema({ authorization: z.string() }) },
      },
    },
    async (request) => {
      const authorization = await changeOwnPassword(accounts, requestContext(request, accounts.now), request.body);
      return ok(request, { authorization });
    },
  );
};
