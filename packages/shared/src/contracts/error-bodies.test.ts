import { describe, expect, it } from 'vitest';
import { allContracts, routeErrors, routeKey } from './index.ts';

describe('the error bodies a route declares', () => {
  it('are bodies of codes the route may answer, each a schema of the extra fields', () => {
    const declared = allContracts().flatMap((contract) =>
      Object.entries(contract.errorBodies ?? {}).map(([code, schema]) => ({ contract, code, schema })),
    );
    // The image routes (limit modal, nearest dates) and the stock writes (the negative stock's day) at least.
    expect(declared.map(({ contract, code }) => `${routeKey(contract)} ${code}`)).toEqual(
      expect.arrayContaining([
        'POST /images/:indexName QUOTA_EXHAUSTED',
        'POST /images/:indexName NO_SCENE',
        'POST /images/:indexName/change ALL_CLOUDY',
        'POST /stock/movements STOCK_NEGATIVE',
      ]),
    );
    for (const { contract, code, schema } of declared) {
      expect([...routeErrors(contract)], `${routeKey(contract)} declares a body for ${code}`).toContain(code);
      // A plain `{ code, message }` is not what the route declared.
      expect(schema.safeParse({ code, message: 'x' }).success, `${routeKey(contract)} ${code}`).toBe(false);
    }
  });
});
