import type { RouteContract } from '@filaha/shared/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The shared contract the route was registered from (the error handler checks its error codes). */
    contract?: RouteContract;
  }
}

/**
 * A route's method, URL and schemas from its shared contract, for `app.route({ ...fromContract(c), onRequest,
 * handler })`: the handler stays in the module, and fastify-type-provider-zod types `request` and the answer from
 * the contract's zod schemas, which also validate the input, serialize the answer and make the OpenAPI document
 * (where plugins/docs.ts adds what else the contract says: operationId, summary, security, error answers).
 */
export function fromContract<const C extends RouteContract>(contract: C) {
  const schema = {
    tags: [...contract.tags],
    ...(contract.description === undefined ? {} : { description: contract.description }),
    ...(contract.hide ? { hide: true } : {}),
    ...(contract.consumes ? { consumes: [...contract.consumes] } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    response: contract.responses,
  } as {
    tags: string[];
    params: C['params'];
    querystring: C['query'];
    body: C['body'];
    headers: C['headers'];
    response: C['responses'];
  };
  return { method: contract.method, url: contract.path, schema, config: { contract } };
}
