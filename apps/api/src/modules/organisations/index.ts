import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createOrganisationsRepository } from './organisations.repository.ts';
import { organisationsRoutes } from './organisations.routes.ts';
import { createOrganisationsService } from './organisations.service.ts';

/** Organisations and the farmers' consent (issue 30 §1): repository → service → routes. */
const organisations: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  await app.register(organisationsRoutes, { service: createOrganisationsService(createOrganisationsRepository(db)) });
};

export const organisationsModule = fp(organisations, {
  name: 'organisations',
  dependencies: ['platform', 'auth'],
  encapsulate: true,
});
