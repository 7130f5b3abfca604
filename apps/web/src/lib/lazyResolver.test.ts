import { describe, expect, it, vi } from 'vitest';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { lazyResolver } from './lazyResolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const accept: Resolver<FieldValues> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the rules once, at the first validation, and validates with them', async () => {
    const load = vi.fn(async () => accept);
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ email: 'a@b.dz' }, undefined, options)).toEqual({
      values: { email: 'a@b.dz' },
      errors: {},
    });
    await resolver({ email: 'c@d.dz' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the next validation when loading failed (connection lost)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(accept);
    const { resolver } = lazyResolver(load);
    await expect(resolver({}, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({}, undefined, options)).resolves.toEqual({ values: {}, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('prefetch loads the rules once the page has settled', async () => {
    const load = vi.fn(async () => accept);
    lazyResolver(load).prefetch();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });
});
