import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bodyExamples, type RouteContract } from '@filaha/shared/contracts';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  BEARER_SCHEME,
  errorResponses,
  exampleOf,
  mergeRepeatedAlternatives,
  operationId,
  API_KEY_SCHEME,
  operationSecurity,
  operationSummary,
} from './openapi-operation.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The contract's success answers a route registered without (a CSV download, an event stream: not serialized as
 * JSON), documented under the types its schema `produces`.
 */
function unserialized(contract: RouteContract, schema: { response?: object; produces?: string[] }) {
  if (schema.response) return {};
  const types = schema.produces ?? ['application/json'];
  return Object.fromEntries(
    Object.entries(contract.responses).map(([status, body]) => [
      status,
      { description: 'Success', content: Object.fromEntries(types.map((type) => [type, { schema: body }])) },
    ]),
  );
}

/**
 * The zod transform, with what the contract says besides its schemas (openapi-operation.ts): operationId, summary,
 * security, the error answers, and an example of the request body (the contract's `withExample`, else one built
 * from the body's JSON schema).
 */
function contractTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const contract = input.route.config?.contract;
  if (!contract || contract.hide) return jsonSchemaTransform(input);
  const schema = {
    ...input.schema,
    operationId: operationId(contract),
    summary: operationSummary(contract),
    security: operationSecurity(contract),
    response: {
      ...errorResponses(contract),
      ...unserialized(contract, input.schema as { response?: object; produces?: string[] }),
      ...(input.schema.response as object),
    },
  };
  const transformed = jsonSchemaTransform({ ...input, schema });
  const body = (transformed.schema as { body?: Parameters<typeof exampleOf>[0] }).body;
  // fastify-swagger moves a one-item `examples` to the media type's `example`.
  if (body && contract.body) body.examples = [bodyExamples.get(contract.body)?.example ?? exampleOf(body)];
  return transformed;
}

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /api/docs (JSON at /api/docs/json).
 * Must be registered before the routes: @fastify/swagger collects them as they are added.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Filaha API',
          description: 'Errors are `{ code, message, issues? }`; `message` follows Accept-Language (ar default, fr).',
          version: '0.1.0',
        },
        // Relative: the document describes the server that serves it (paths carry their `/api` prefix).
        servers: [{ url: '/', description: 'The server this document was read from' }],
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            [API_KEY_SCHEME]: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description:
                "`ApiKey <key>`: an organisation's key (docs/API.md); each operation that takes one names the scope it needs.",
            },
          },
        },
      },
      transform: contractTransform,
      transformObject: (document) =>
        'openapiObject' in document ? mergeRepeatedAlternatives(document.openapiObject) : document.swaggerObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Same reason as the app's CSP: the embedded default is served over plain http.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'docs' },
);
