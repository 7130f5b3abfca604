// The request.file() typings come with the plugin (registered in index.ts).
import type {} from '@fastify/multipart';
import { importsContract as contract, MAX_IMPORT_BYTES } from '@filaha/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { fromContract } from '../../../core/contract-route.ts';
import { AppError, ValidationError } from '../../../core/errors.ts';
import { pickLanguage } from '../../../i18n/language.ts';
import { multipartDigest } from '../../../plugins/idempotency.ts';
import { orgCaller } from '../api-keys/org-caller.ts';
import type { OrganisationsRepository } from '../organisations.repository.ts';
import type { Authorize, ImportsService, ImportUpload } from './imports.service.ts';
import { reportCsv } from './report-csv.ts';

/** The multipart form: one `file` part and an optional `mapping` field, in any order. */
async function readUpload(request: FastifyRequest): Promise<ImportUpload | undefined> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA');
  const digest = multipartDigest();
  let upload: ImportUpload | undefined;
  let mapping: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        throw ValidationError.field(part.fieldname, 'validation.unexpectedFile');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      digest.file(part.fieldname, part.filename, bytes);
      upload = { fileName: part.filename ?? '', bytes };
    } else {
      if (part.valueTruncated) throw ValidationError.field(part.fieldname, 'validation.tooLong');
      digest.field(part.fieldname, String(part.value));
      if (part.fieldname === 'mapping') mapping = String(part.value);
    }
  }
  request.bodyDigest = digest.digest();
  return upload && { ...upload, mapping };
}

export const IMPORT_MULTIPART_LIMITS = {
  fileSize: MAX_IMPORT_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 16 * 1024,
  parts: 10,
  headerPairs: 200,
} as const;

/**
 * `/organisations/:id/parcels/import`, `/organisations/:id/imports`, `/imports/:id` (issue 30 §2): for its members
 * and its API keys (issue 30 §4).
 */
export const importsRoutes: FastifyPluginAsyncZod<{
  service: ImportsService;
  organisations: OrganisationsRepository;
}> = async (app, { service, organisations }) => {
  const signedIn = app.authenticateOrKey;
  const authorize =
    (request: FastifyRequest): Authorize =>
    (organisationId, scope) =>
      orgCaller(request, organisations, organisationId, scope);

  app.route({
    ...fromContract(contract.create),
    onRequest: signedIn,
    handler: async (request, reply) =>
      reply.code(202).send(await service.create(request.params.id, authorize(request), () => readUpload(request))),
  });
  app.route({
    ...fromContract(contract.list),
    onRequest: signedIn,
    handler: (request) => service.list(request.params.id, authorize(request)),
  });
  app.route({
    ...fromContract(contract.get),
    onRequest: signedIn,
    handler: (request) => service.get(request.params.id, authorize(request)),
  });
  // CSV text, not JSON: registered without the contract's response schema (as the stock export).
  const csv = fromContract(contract.reportCsv);
  const { response: _text, ...csvSchema } = csv.schema;
  app.route({
    ...csv,
    schema: { ...csvSchema, produces: ['text/csv'] },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const lang = request.query.lang ?? pickLanguage(request.headers['accept-language']);
      const { row, refusals } = await service.report(request.params.id, authorize(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${row.id}-report.csv"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(refusals, lang));
    },
  });
};
