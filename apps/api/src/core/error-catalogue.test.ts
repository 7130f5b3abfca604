import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  allowedStatuses,
  ERROR_CODES,
  ERROR_STATUS,
  ERROR_STATUS_VARIANTS,
  errorStatus,
  type ApiError,
  type ErrorCode,
} from '@filaha/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorMessage } from '../i18n/messages.ts';
import { errorHandlerPlugin } from '../plugins/error-handler.ts';
import { QuotaExhaustedError } from '../modules/images/images.errors.ts';
import { AppError, ConflictError, WordedError } from './errors.ts';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const HANDLER_FILE = 'plugins/error-handler.ts';

/** The production sources of apps/api/src (tests and their helpers left out), path relative to src → text. */
function sources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    const path = entry.split('\\').join('/');
    if (!path.endsWith('.ts') || path.endsWith('.test.ts') || path.includes('test-support/')) continue;
    files.set(path, readFileSync(join(SRC, path), 'utf8'));
  }
  return files;
}

/** The text between the `(` at `open` and its matching `)`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1);
}

const UPPER_LITERAL = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;
const literalsIn = (text: string) => [...text.matchAll(UPPER_LITERAL)].map((m) => m[1] as string);

/** Names of every class that extends AppError, directly or through another subclass, across the sources. */
function appErrorClasses(files: Map<string, string>): Set<string> {
  const parents = new Map<string, string>();
  for (const text of files.values()) {
    for (const m of text.matchAll(/class\s+(\w+)(?:<[^>]*>)?\s+extends\s+(\w+)/g)) parents.set(m[1]!, m[2]!);
  }
  const classes = new Set(['AppError']);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of parents) {
      if (classes.has(parent) && !classes.has(child)) {
        classes.add(child);
        grew = true;
      }
    }
  }
  return classes;
}

interface Use {
  file: string;
  code: string;
  how: string;
}

/**
 * Every error code the API sources name: the string literals in the first argument of `new AppError(…)` and of every
 * subclass's `new X(…)` / `super(…)`, every upper-case `code: '…'` / `code = …` literal (the handler's own answers,
 * a code picked by a condition), and the framework-status map's values (`404: 'NOT_FOUND'`).
 */
function codesUsed(files: Map<string, string>): Use[] {
  const classes = appErrorClasses(files);
  const uses: Use[] = [];
  for (const [file, text] of files) {
    const declaresSubclass = [...classes].some((name) => new RegExp(`class\\s+${name}\\b`).test(text));
    const calls = /\b(?:new\s+(\w+)|(super))\s*\(/g;
    for (const m of text.matchAll(calls)) {
      const name = m[1] ?? m[2]!;
      if (name === 'super' ? !declaresSubclass : !classes.has(name)) continue;
      const args = argumentsAt(text, (m.index ?? 0) + m[0].length - 1);
      const first = args.split(/,(?![^(]*\))/)[0] ?? '';
      for (const code of literalsIn(first)) uses.push({ file, code, how: `${name}(…)` });
    }
    for (const m of text.matchAll(/\bcode\s*(?::|=(?!=))\s*([^;,\n}]+)/g)) {
      for (const code of literalsIn(m[1]!)) uses.push({ file, code, how: 'code literal' });
    }
    for (const m of text.matchAll(/^\s*\d{3}:\s*'([A-Z_]+)'/gm)) uses.push({ file, code: m[1]!, how: 'status map' });
  }
  return uses;
}

describe('error catalogue', () => {
  const files = sources();
  const uses = codesUsed(files);

  it('finds the codes thrown across the API (the scan is not blind)', () => {
    const found = new Set(uses.map((u) => u.code));
    // One of each way a code is named: AppError literal, subclass argument, super(), conditional, handler literal.
    for (const code of [
      'SELF_DELETE',
      'IN_USE',
      'RESET_CODE_LOCKED',
      'RESET_CODE_INVALID',
      'TOKEN_EXPIRED',
      'NO_SCENE',
      'IDEMPOTENCY_KEY_REUSED',
      'CONFLICT',
      'INTERNAL',
      'UNSUPPORTED_MEDIA',
    ]) {
      expect(found, code).toContain(code);
    }
    expect(found.size).toBeGreaterThanOrEqual(25);
  });

  it('has every code the sources throw', () => {
    const unknown = uses.filter((u) => !(u.code in ERROR_STATUS)).map((u) => `${u.file}: ${u.how} ${u.code}`);
    expect(unknown).toEqual([]);
  });

  it('leaves no status to a throw site: no numeric status next to a code', () => {
    const handPicked: string[] = [];
    for (const [file, text] of files) {
      for (const m of text.matchAll(/\b(?:new\s+\w+|super)\s*\(\s*'[A-Z_]+'\s*,\s*\d{3}\b/g)) {
        handPicked.push(`${file}: ${m[0]}`);
      }
    }
    expect(handPicked).toEqual([]);
  });

  it('has an Arabic and a French message for every code, and no message without a code', () => {
    for (const code of ERROR_CODES) {
      const ar = errorMessage(code, 'ar');
      const fr = errorMessage(code, 'fr');
      expect(ar, code).toMatch(/[\u0600-\u06ff]{2}/);
      expect(fr, code).toMatch(/[A-Za-zÀ-ÿ]{2}/);
      expect(fr, code).not.toMatch(/[\u0600-\u06ff]/);
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('gives every code one error status, and a variant only where it differs from the usual one', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
    for (const [code, variants] of Object.entries(ERROR_STATUS_VARIANTS) as Array<[ErrorCode, object]>) {
      const statuses = allowedStatuses(code);
      expect(statuses[0]).toBe(ERROR_STATUS[code]);
      expect(new Set(statuses).size, code).toBe(statuses.length);
      for (const [name, status] of Object.entries(variants)) {
        expect(errorStatus(code, name as never), `${code}.${name}`).toBe(status);
      }
    }
    expect(() => errorStatus('NOT_FOUND', 'publishing' as never)).toThrow(RangeError);
  });

  it('takes the status of an AppError from the catalogue, or from its named variant', () => {
    expect(new AppError('SUBSCRIPTION_INACTIVE').statusCode).toBe(403);
    expect(new AppError('SUBSCRIPTION_INACTIVE', { variant: 'publishing' }).statusCode).toBe(401);
    expect(new AppError('SUBSCRIPTION_INACTIVE', { variant: 'usageRepair' }).statusCode).toBe(409);
    expect(new ConflictError('STOCK_NEGATIVE').statusCode).toBe(409);
    // @ts-expect-error NOT_FOUND has no status variant.
    expect(() => new AppError('NOT_FOUND', { variant: 'publishing' })).toThrow(RangeError);
    // @ts-expect-error a conflict error only takes a 409 code (checked by the typecheck, never run).
    const wrongCode = () => new ConflictError('NOT_FOUND');
    expect(wrongCode).toBeTypeOf('function');
  });
});

describe('one error handler', () => {
  it('is registered only by plugins/error-handler.ts', () => {
    const files = sources();
    expect(files.get(HANDLER_FILE)).toMatch(/\.setErrorHandler\(/);
    const others = [...files]
      .filter(([file, text]) => file !== HANDLER_FILE && /setErrorHandler\s*\(/.test(text))
      .map(([file]) => file);
    expect(others).toEqual([]);
  });

  describe('answers', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = Fastify();
      await app.register(errorHandlerPlugin);
      // A nested scope, like a module: its errors reach the app's handler.
      await app.register(async (scope) => {
        scope.get('/quota', async () => {
          throw new QuotaExhaustedError('NDVI', 3, 3);
        });
        scope.get('/worded', async () => {
          throw new WordedError('NOT_FOUND', 'indexNotFound');
        });
        scope.get('/publishing', async () => {
          throw new AppError('SUBSCRIPTION_REQUIRED', {
            variant: 'publishing',
            issues: [{ path: 'sellerAbonnementUserId', code: 'subscription_required', message: 'm' }],
          });
        });
      });
    });
    afterAll(() => app.close());

    it('renders a DetailedError with its extra fields, thrown from a nested scope', async () => {
      const res = await app.inject({ url: '/quota', headers: { 'accept-language': 'fr' } });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        code: 'QUOTA_EXHAUSTED',
        title: 'Limite de requêtes atteinte',
        indicator_info: { indicators_used: 3, indicators_limit: 3 },
      });
      const worded = await app.inject({ url: '/worded', headers: { 'accept-language': 'fr' } });
      expect(worded.statusCode).toBe(404);
      expect(worded.json()).toEqual({ code: 'NOT_FOUND', message: 'Index non trouvé.' });
    });

    it('answers a variant with its status and the usual body', async () => {
      const res = await app.inject({ url: '/publishing', headers: { 'accept-language': 'fr' } });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiError>()).toEqual({
        code: 'SUBSCRIPTION_REQUIRED',
        message: 'Cette action nécessite un abonnement.',
        issues: [{ path: 'sellerAbonnementUserId', code: 'subscription_required', message: 'm' }],
      });
    });
  });
});
