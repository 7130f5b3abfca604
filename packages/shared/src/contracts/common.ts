import { z } from 'zod';

/** `{ message }`: what a write without a body of its own answers (the text follows Accept-Language). */
export const MessageAnswer = z.object({ message: z.string() });
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** Request body examples of the OpenAPI document, by body schema (see `withExample`). */
export const bodyExamples = z.registry<{ example: unknown }>();

/**
 * A body schema with the example the OpenAPI document shows, for the few bodies whose refinements (an order between
 * two fields, a colour's form) the example built from the JSON schema would break (apps/api
 * plugins/openapi-operation.ts). Kept beside the schema, not in its `.meta()`: zod leaves examples out of the input
 * JSON schema of a body that transforms.
 */
export function withExample<S extends z.ZodType>(schema: S, example: z.input<S>): S {
  bodyExamples.add(schema, { example });
  return schema;
}
