import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createRolesRepository } from './roles.repository.ts';
import { rolesRoutes } from './roles.routes.ts';
import { createRolesService } from './roles.service.ts';

/** Roles and seller roles: repository → service → routes. */
const roles: FastifyPluginAsync = async (app) => {
  await app.register(rolesRoutes, { roles: createRolesService(createRolesRepository(app.database.db)) });
};

export const rolesModule = fp(roles, { name: 'roles', dependencies: ['platform', 'auth'], encapsulate: true });
