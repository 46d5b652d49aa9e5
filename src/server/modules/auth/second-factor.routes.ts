import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mfaCodeSchema,
  mfaPasswordSchema,
  mfaStatusSchema,
  recoveryCodesSchema,
  stepUpResponseSchema,
  stepUpSchema,
  totpSetupSchema,
} from '../../../core/auth/second-factor.ts';
import { authResponseSchema } from '../../../core/auth/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { AuthService } from './auth.service.ts';
import { withRetryAfter } from './retry-after.ts';
import { clientInfo, deliverSession, readSessionToken, setDeviceCookie } from './session-cookie.ts';

/** Two-step sign-in (TOTP) and step-up: docs/decisions/037-second-factor.md. */
export function secondFactorRoutes(app: FastifyInstance, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessionOf = (id: string | null) => id ?? '';

  r.get('/api/auth/mfa', {
    config: { access: access.signedIn },
    schema: {
      tags: ['auth'],
      summary: 'Whether two-step sign-in is on, whether this account must have it, codes left',
      response: { 200: mfaStatusSchema, ...errors(401) },
    },
    handler: async (request) =>
      auth.secondFactor.status(currentUser(request), request.proof?.verifiedAt ?? null),
  });

  r.post('/api/auth/mfa/totp/setup', {
    config: { access: access.signedIn, stepUp: true },
    schema: {
      tags: ['auth'],
      summary:
        'Start TOTP enrolment: a new secret (shown only now), its otpauth URL and QR code; needs a step-up',
      response: { 200: totpSetupSchema, ...errors(401, 403, 409) },
    },
    handler: async (request) => auth.secondFactor.setup(currentUser(request)),
  });

  r.post('/api/auth/mfa/totp/enable', {
    config: { access: access.signedIn },
    schema: {
      tags: ['auth'],
      summary: 'Turn TOTP on with a first code; answers ten single-use recovery codes, shown once',
      body: mfaCodeSchema,
      response: { 200: recoveryCodesSchema, ...errors(400, 401, 409) },
    },
    handler: async (request) => ({
      recoveryCodes: await auth.secondFactor.enable(currentUser(request), request.body.code),
    }),
  });

  r.delete('/api/auth/mfa/totp', {
    config: { access: access.signedIn },
    schema: {
      tags: ['auth'],
      summary: 'Turn two-step sign-in off (password required); the recovery codes go too',
      body: mfaPasswordSchema,
      response: { 204: z.null(), ...errors(400, 401, 429) },
    },
    handler: async (request, reply) => {
      await withRetryAfter(reply, () =>
        auth.disableSecondFactor(
          currentUser(request),
          sessionOf(request.sessionId),
          request.body.password,
          clientInfo(request),
        ),
      );
      return reply.status(204).send(null);
    },
  });

  r.post('/api/auth/mfa/verify', {
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary:
        'Finish a sign-in that answered {mfaRequired: true}: a TOTP code (±1 step, each once) or a recovery code (each once)',
      body: mfaCodeSchema,
      response: { 200: authResponseSchema, ...errors(400, 429) },
    },
    handler: async (request, reply) => {
      const session = await withRetryAfter(reply, () =>
        auth.verifySecondFactor(readSessionToken(request), request.body.code, clientInfo(request)),
      );
      if (session.deviceToken) setDeviceCookie(request, reply, session.deviceToken);
      return { user: session.user, ...deliverSession(request, reply, session) };
    },
  });

  r.post('/api/auth/step-up', {
    config: { access: access.signedIn },
    schema: {
      tags: ['auth'],
      summary:
        'Confirm it is you (password or code): role changes, exports and outbox reads are open for 10 minutes',
      body: stepUpSchema,
      response: { 200: stepUpResponseSchema, ...errors(400, 401, 429) },
    },
    handler: async (request, reply) =>
      withRetryAfter(reply, () =>
        auth.stepUp(
          currentUser(request),
          sessionOf(request.sessionId),
          request.body,
          clientInfo(request),
        ),
      ),
  });
}
