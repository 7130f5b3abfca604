import { allContracts, routeKey } from '@filaha/shared/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { buildApp } from '../app.ts';

/**
 * Routes under /api that are not JSON routes of the product and so have no contract: the OpenAPI document and
 * its UI (made by @fastify/swagger-ui), and the stored files behind short-lived signed URLs (lib/storage, the
 * bytes of an image, a values grid or a GeoTIFF). Everything else is registered from packages/shared/src/contracts.
 */
const WITHOUT_CONTRACT = [/^\/api\/docs(\/|$)/, /^\/api\/files\//];

const t = useTestApp();

describe('route contracts', () => {
  it('every /api route is registered from its contract, and every contract is registered once', async () => {
    const registered: string[] = [];
    const withoutContract: string[] = [];
    const app = await buildApp(t.current.config, {
      database: t.current.database,
      counterPrefix: 'contract-coverage:',
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || !route.url.startsWith('/api/')) continue;
          if (WITHOUT_CONTRACT.some((pattern) => pattern.test(route.url))) continue;
          const contract = route.config?.contract;
          if (!contract) withoutContract.push(`${method} ${route.url}`);
          else registered.push(`${method} ${route.url}`);
          if (contract) expect(`${method} ${route.url}`).toBe(`${contract.method} /api${contract.path}`);
        }
      },
    });
    await app.close();
    expect(withoutContract, 'routes registered without a contract').toEqual([]);
    const declared = allContracts().map((c) => `${c.method} /api${c.path}`);
    expect(new Set(declared).size, 'two contracts with one key').toBe(declared.length);
    expect(
      declared.filter((key) => !registered.includes(key)),
      'contracts no route registers',
    ).toEqual([]);
    expect(
      registered.filter((key, i) => registered.indexOf(key) !== i),
      'routes registered twice',
    ).toEqual([]);
  });

  it('every contract declares its statuses and codes sensibly', () => {
    for (const contract of allContracts()) {
      const key = routeKey(contract);
      const statuses = Object.keys(contract.responses).map(Number);
      expect(statuses.length, `${key}: no success answer`).toBeGreaterThan(0);
      expect(
        statuses.every((s) => s >= 200 && s < 300),
        `${key}: responses are success answers`,
      ).toBe(true);
      expect(new Set(contract.errors).size, `${key}: a code listed twice`).toBe(contract.errors.length);
      expect(contract.path.startsWith('/') && !contract.path.startsWith('/api/'), `${key}: path under /api`).toBe(true);
    }
  });
});
