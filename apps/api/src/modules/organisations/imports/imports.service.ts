import { IMPORT_FIELDS, MAX_IMPORT_BYTES, type ParcelImport, type ParcelImportSummary } from '@filaha/shared/contracts';
import type { ImportField, ImportFileErrorCode } from '@filaha/shared/contracts';
import { AppError, NotFoundError, ValidationError } from '../../../core/errors.ts';
import type { OrgCaller } from '../api-keys/org-caller.ts';
import type { ImportRow, ImportsRepository, RefusalRow } from './imports.repository.ts';
import { detectFormat } from './readers.ts';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * An import whose job is dead (deadJobs) is answered as failed, `not_stored`: nothing of it was kept (the parcels
 * are stored in one transaction with its end), and the farmer is told to send the file again.
 */
const shown = (r: ImportRow, dead: Set<number>): ImportRow =>
  dead.has(r.id) ? { ...r, status: 'failed', error: 'not_stored', finished_at: null } : r;

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

/** Who may act on an organisation's imports, checked by the route (org-caller.ts): 404, 403, or the caller. */
export type Authorize = (organisationId: number, scope: 'parcels:read' | 'parcels:write') => Promise<OrgCaller>;

/**
 * An organisation's parcel imports (issue 30 §2): its admins and agronomists, or a key with `parcels:write`, upload;
 * every member, or a key with `parcels:read`, reads the reports; anyone else — a platform admin who is not a member
 * included — gets 404, as for the organisation itself.
 */
export function createImportsService(deps: {
  imports: ImportsRepository;
  enqueue: (importId: number) => Promise<void>;
}) {
  const { imports } = deps;

  async function visible(importId: number, authorize: Authorize) {
    const row = await imports.get(importId);
    if (!row) throw new NotFoundError();
    await authorize(row.organisation_id, 'parcels:read');
    return shown(row, await imports.deadJobs([row]));
  }

  return {
    /** `read` reads the upload, once the caller may import: a stranger's file is never read. */
    async create(
      organisationId: number,
      authorize: Authorize,
      read: () => Promise<ImportUpload | undefined>,
    ): Promise<ParcelImport> {
      const caller = await authorize(organisationId, 'parcels:write');
      const upload = await read();
      if (!upload || upload.bytes.length === 0) throw ValidationError.field('file', 'validation.required');
      if (upload.bytes.length > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const format = detectFormat(upload.fileName, upload.bytes);
      if (!format) throw ValidationError.field('file', 'validation.importFormat');
      const mapping = parseMapping(upload.mapping);
      const id = await imports.create({
        organisationId,
        createdBy: caller.kind === 'member' ? caller.userId : null,
        fileName: upload.fileName.slice(0, 200) || 'import',
        format,
        file: upload.bytes,
        mapping,
      });
      try {
        await deps.enqueue(id);
      } catch (error) {
        // Not queued, so never run: said failed at once when the database can still write (else by deadJobs).
        await imports.fail(id, 'not_stored').catch(() => undefined);
        throw error;
      }
      return toImport((await imports.get(id))!, []);
    },

    async list(organisationId: number, authorize: Authorize): Promise<ParcelImportSummary[]> {
      await authorize(organisationId, 'parcels:read');
      const rows = await imports.list(organisationId);
      const counts = await imports.refusalCounts(rows.map((r) => r.id));
      const dead = await imports.deadJobs(rows);
      return rows.map((r) => summary(shown(r, dead), counts.get(r.id) ?? 0));
    },

    async get(importId: number, authorize: Authorize): Promise<ParcelImport> {
      const row = await visible(importId, authorize);
      return toImport(row, await imports.refusals(importId));
    },

    /** The report's refusals, for the CSV. */
    async report(importId: number, authorize: Authorize) {
      const row = await visible(importId, authorize);
      return { row, refusals: await imports.refusals(importId) };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
