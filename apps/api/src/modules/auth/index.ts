import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRolesRepository } from '../roles/roles.repository.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createResetCodesRepository } from './reset-codes.repository.ts';

/** Sign-up, sign-in and password reset: repositories → services → routes. Reset mails go out after the answer. */
const auth: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const users = createUsersRepository(db);
  await app.register(authRoutes, {
    auth: createAuthService(users, createRolesRepository(db), app.tokens),
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
