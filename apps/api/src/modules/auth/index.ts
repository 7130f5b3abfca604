import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRoleLookup } from '../roles/public.ts';
import { createAccounts } from '../users/public.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createResetCodesRepository } from './reset-codes.repository.ts';

/**
 * Sign-up, sign-in and password reset: repositories → services → routes, the accounts and role look-ups from the
 * users and roles modules' public.ts. Reset mails go out after the answer.
 */
const auth: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const users = createAccounts(db);
  await app.register(authRoutes, {
    auth: createAuthService(users, createRoleLookup(db), app.tokens),
    passwordReset: createPasswordResetService({
      users,
      codes: createResetCodesRepository(db),
      mailer: app.mailer,
      secret: app.secret,
      defer: app.background.run,
    }),
  });
};

export const authModule = fp(auth, { name: 'auth-module', dependencies: ['platform', 'auth'], encapsulate: true });
