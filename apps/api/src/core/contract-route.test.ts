import { route } from '@filaha/shared/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { fromContract } from './contract-route.ts';
import { ConflictError, NotFoundError } from './errors.ts';

const thing = route({
  method: 'GET',
  path: '/things/:id',
  tags: ['things'],
  auth: false,
  params: z.object({ id: z.coerce.number().int().positive() }),
  responses: { 200: z.object({ id: z.number(), name: z.string() }) },
  errors: ['NOT_FOUND'],
});

/** A bare app with the one error handler and a route from `thing`, whose handler answers what `answer` says. */
async function appWith(contractChecks: boolean, answer: (id: number) => unknown): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', { contractChecks } as Config);
  await app.register(errorHandlerPlugin);
  app.withTypeProvider<ZodTypeProvider>().route({
    ...fromContract(thing),
    handler: async (request) => answer(request.params.id) as { id: number; name: string },
  });
  return app;
}

describe('routes registered from a contract', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('take method, path and schemas from it: input validated, answer typed, contract kept on the route', async () => {
    app = await appWith(true, (id) => ({ id, name: `thing ${id}` }));
    expect((await app.inject({ url: '/things/3' })).json()).toEqual({ id: 3, name: 'thing 3' });
    const refused = await app.inject({ url: '/things/zero' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await app.inject({ method: 'POST', url: '/things/3' })).statusCode).toBe(404);
  });

  it('answer a declared error code as usual', async () => {
    app = await appWith(true, () => {
      throw new NotFoundError();
    });
    const res = await app.inject({ url: '/things/3' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answer 500 for a code the contract does not declare when CONTRACT_CHECKS is on, as usual when off', async () => {
    const conflict = () => {
      throw new ConflictError();
    };
    app = await appWith(true, conflict);
    const checked = await app.inject({ url: '/things/3' });
    expect(checked.statusCode).toBe(500);
    expect(checked.json()).toMatchObject({ code: 'INTERNAL' });
    await app.close();
    app = await appWith(false, conflict);
    const unchecked = await app.inject({ url: '/things/3' });
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json()).toMatchObject({ code: 'CONFLICT' });
  });
});
