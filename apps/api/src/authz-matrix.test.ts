import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, RECIPES, type World } from '../test/authz-world.ts';
import { json, useTestApp } from '../test/helper.ts';
import { buildApp } from './app.ts';
import {
  AUTHZ_MATRIX,
  CALLERS,
  DEFAULT_CODES,
  renderAuthzTable,
  renderOutcome,
  routeKey,
  type Caller,
  type Outcome,
} from './authz-matrix.ts';

/**
 * Issue 6, acceptance 2: every route of the API called as every kind of caller, against the one matrix of
 * `authz-matrix.ts` (also the table of docs/AUTHORIZATION.md). The fixtures are built once; calls that destroy
 * or create something make their own fresh target, so every cell is independent of the others' order.
 */
const t = useTestApp();
const DOC = new URL('../../../docs/AUTHORIZATION.md', import.meta.url);
const DOC_START = '<!-- authz-matrix:start -->';
const DOC_END = '<!-- authz-matrix:end -->';

/** The answer matches the cell: its status, and the error/issue code (or, for `public`, no private field). */
function checkOutcome(res: { statusCode: number; body: string }, outcome: Outcome): void {
  const context = `${res.statusCode} ${res.body.slice(0, 400)}`;
  expect(res.statusCode, context).toBe(outcome.status);
  const code = outcome.code ?? DEFAULT_CODES[outcome.status];
  if (code === 'public') {
    expect(Object.keys(json(res)).sort(), context).toEqual(['id', 'userName']);
  } else if (code) {
    const body = json<{ code?: string; issues?: Array<{ code: string }> }>(res);
    expect([body.code, ...(body.issues ?? []).map((issue) => issue.code)], context).toContain(code);
  }
}

const cellPublic: Outcome = { status: 200, code: 'public', allowed: true };

/** A private address per cell: the per-address limits (sign-in, codes, service requests) never interfere. */
const addressOf = (rowIndex: number, caller: Caller) =>
  `10.${CALLERS.indexOf(caller) + 1}.${rowIndex >> 8}.${rowIndex & 255}`;

let world: World;
beforeAll(async () => {
  world = await buildWorld(t);
});

const rows = AUTHZ_MATRIX.map((row, index) => [routeKey(row.method, row.path), { ...row, index }] as const);

describe('the authorization matrix', () => {
  describe.each(rows)('%s', (name, row) => {
    const cells = CALLERS.flatMap((caller) => {
      const outcome = row.expect[caller];
      return outcome ? [[`${caller} → ${renderOutcome(outcome)}`, caller, outcome] as const] : [];
    });
    it.each(cells)('%s', async (_title, caller, outcome) => {
      const recipe = RECIPES[name];
      if (!recipe) throw new Error(`no request recipe for ${name}`);
      const call = await recipe(world, caller);
      const res = await t.current.inject({
        method: row.method,
        url: call.url,
        headers: { ...(caller === 'anonymous' ? {} : world.callers[caller].headers), ...call.headers },
        ...(call.payload === undefined ? {} : { payload: call.payload }),
        remoteAddress: addressOf(row.index, caller),
      });
      checkOutcome(res, outcome);
    });
  });
});

describe('GET /api/files/* needs no token because the signature is the permission', () => {
  it('refuses the same file without its signature, or with a tampered one', async () => {
    const [path, query = ''] = world.fileUrl.split('?');
    const tampered = query.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(query);
    for (const url of [path!, `${path}?${tampered}`]) {
      const res = await t.current.inject({ method: 'GET', url, headers: world.callers.farmer.headers });
      expect(res.statusCode, url).toBe(403);
      expect(json(res)).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

describe('the matrix itself', () => {
  it('has one row for every route the app registers under /api, and none for a route that does not exist', async () => {
    const registered = new Set<string>();
    const app = await buildApp(t.current.config, {
      database: t.current.database,
      onRoute: (route) => {
        // Fastify answers HEAD like the GET it adds it for; the GET row covers both.
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && route.url.startsWith('/api')) registered.add(routeKey(method, route.url));
        }
      },
    });
    await app.close();
    const keys = rows.map(([key]) => key);
    expect(new Set(keys).size, 'duplicate rows').toBe(keys.length);
    expect(
      [...registered].filter((key) => !keys.includes(key)),
      'routes without a row',
    ).toEqual([]);
    expect(
      keys.filter((key) => !registered.has(key)),
      'rows without a route',
    ).toEqual([]);
  });

  it('has a request recipe for every row, and no recipe without a row', () => {
    expect(Object.keys(RECIPES).sort()).toEqual(rows.map(([key]) => key).sort());
  });

  it('tells a refused caller who got in from one who was refused', () => {
    const ok = { statusCode: 200, body: '[]' };
    const refused = { statusCode: 403, body: JSON.stringify({ code: 'FORBIDDEN', message: '…' }) };
    expect(() => checkOutcome(ok, { status: 403, allowed: false })).toThrow();
    expect(() => checkOutcome(refused, { status: 200, allowed: true })).toThrow();
    expect(() => checkOutcome(refused, { status: 403, code: 'SUBSCRIPTION_REQUIRED', allowed: false })).toThrow();
    expect(() =>
      checkOutcome({ statusCode: 200, body: '{"id":1,"userName":"A","email":"a@b.dz"}' }, cellPublic),
    ).toThrow();
    checkOutcome(refused, { status: 403, allowed: false });
  });

  it('is the table of docs/AUTHORIZATION.md (UPDATE_AUTHZ_DOC=1 rewrites it)', async () => {
    let doc = await readFile(DOC, 'utf8');
    const start = doc.indexOf(DOC_START);
    const end = doc.indexOf(DOC_END);
    expect(start, 'markers in docs/AUTHORIZATION.md').toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const generated = renderAuthzTable();
    if (process.env.UPDATE_AUTHZ_DOC) {
      doc = `${doc.slice(0, start + DOC_START.length)}\n\n${generated}\n\n${doc.slice(end)}`;
      await writeFile(DOC, doc);
    }
    expect(tableCells(doc.slice(doc.indexOf(DOC_START), doc.indexOf(DOC_END)))).toEqual(tableCells(generated));
  });
});

/** The cells of a markdown table, whatever the padding a formatter added. */
function tableCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
        .map((cell) => (/^:?-+:?$/.test(cell) ? '---' : cell)),
    );
}
