import { IMPORT_FIELDS, MAX_IMPORT_BYTES, type ParcelImport, type ParcelImportSummary } from '@filaha/shared/contracts';
import type { ImportField, ImportFileErrorCode } from '@filaha/shared/contracts';
import type { AuthedCtx } from '../../context.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { OrganisationsRepository } from '../organisations/organisations.repository.ts';
import type { ImportRow, ImportsRepository, RefusalRow } from './imports.repository.ts';
import { detectFormat } from './readers.ts';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const summary = (r: ImportRow, refusedCount: number): ParcelImportSummary => ({
  id: r.id,
  organisationId: r.organisation_id,
  fileName: r.file_name,
  format: r.format,
  status: r.status,
  total: r.total,
  accepted: r.accepted,
  repaired: r.repaired,
  error: r.error as ImportFileErrorCode | null,
  createdAt: iso(r.created_at)!,
  finishedAt: iso(r.finished_at),
  refusedCount,
});

const toImport = (r: ImportRow, refusals: RefusalRow[]): ParcelImport => {
  const { refusedCount: _count, ...rest } = summary(r, refusals.length);
  return { ...rest, refused: refusals.map((f) => ({ feature: f.feature, reason: f.reason, detail: f.detail })) };
};

export interface ImportUpload {
  fileName: string;
  bytes: Uint8Array;
  mapping?: string;
}

/** The `mapping` field: a JSON object naming a column for some of IMPORT_FIELDS. */
function parseMapping(text: string | undefined): Record<string, string> {
  if (!text || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ValidationError.field('mapping', 'validation.invalid');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw ValidationError.field('mapping', 'validation.invalid');
  const out: Record<string, string> = {};
  for (const [field, column] of Object.entries(value)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(field) || typeof column !== 'string' || column.length > 200)
      throw ValidationError.field(`mapping.${field}`, 'validation.invalid');
    if (column.trim() !== '') out[field as ImportField] = column.trim();
  }
  return out;
}

/**
 * An organisation's parcel imports (issue 30 §2): its admins and agronomists upload (a viewer: 403), every member
 * reads the reports; anyone else — a platform admin who is not a member included — gets 404, as for the
 * organisation itself.
 */
export function createImportsService(deps: {
  imports: ImportsRepository;
  organisations: OrganisationsRepository;
  enqueue: (importId: number) => Promise<void>;
}) {
  const { imports, organisations } = deps;

  async function roleIn(ctx: AuthedCtx, organisationId: number) {
    const row = await organisations.get(ctx.actor.id, organisationId);
    if (!row || row.my_role === null) throw new NotFoundError();
    return row.my_role;
  }

  async function visible(ctx: AuthedCtx, importId: number) {
    const row = await imports.get(importId);
    if (!row) throw new NotFoundError();
    await roleIn(ctx, row.organisation_id);
    return row;
  }

  return {
    /** `read` reads the upload, once the caller may import: a stranger's file is never read. */
    async create(
      ctx: AuthedCtx,
      organisationId: number,
      read: () => Promise<ImportUpload | undefined>,
    ): Promise<ParcelImport> {
      const role = await roleIn(ctx, organisationId);
      if (role === 'viewer') throw new ForbiddenError();
      const upload = await read();
      if (!upload || upload.bytes.length === 0) throw ValidationError.field('file', 'validation.required');
      if (upload.bytes.length > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const format = detectFormat(upload.fileName, upload.bytes);
      if (!format) throw ValidationError.field('file', 'validation.importFormat');
      const mapping = parseMapping(upload.mapping);
      const id = await imports.create({
        organisationId,
        createdBy: ctx.actor.id,
        fileName: upload.fileName.slice(0, 200) || 'import',
        format,
        file: upload.bytes,
        mapping,
      });
      await deps.enqueue(id);
      return toImport((await imports.get(id))!, []);
    },

    async list(ctx: AuthedCtx, organisationId: number): Promise<ParcelImportSummary[]> {
      await roleIn(ctx, organisationId);
      const rows = await imports.list(organisationId);
      const counts = await imports.refusalCounts(rows.map((r) => r.id));
      return rows.map((r) => summary(r, counts.get(r.id) ?? 0));
    },

    async get(ctx: AuthedCtx, importId: number): Promise<ParcelImport> {
      const row = await visible(ctx, importId);
      return toImport(row, await imports.refusals(importId));
    },

    /** The report's refusals, for the CSV. */
    async report(ctx: AuthedCtx, importId: number) {
      const row = await visible(ctx, importId);
      return { row, refusals: await imports.refusals(importId) };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
