import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

/** PUBLIC_URL: where the links of alert e-mails point. */
describe('PUBLIC_URL', () => {
  it('defaults to this server on localhost, drops a trailing slash, refuses what is not http(s)', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://filaha.dz/' }).publicUrl).toBe('https://filaha.dz');
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://filaha.dz' })).toThrow(/PUBLIC_URL/);
  });
});
