import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRoleLookup } from '../roles/public.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** Profiles and the account list: repositories → service → routes. */
const users: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(usersRoutes, { users: createUsersService(createUsersRepository(db), createRoleLookup(db)) });
};

export const usersModule = fp(users, { name: 'users', dependencies: ['platform', 'auth'], encapsulate: true });
