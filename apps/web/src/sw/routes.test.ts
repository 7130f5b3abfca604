import { describe, expect, it } from 'vitest';
import { cachedApiPath, filesCacheKey } from './routes.ts';

describe('what the service worker keeps', () => {
  it('keeps a result file by its path: two signatures of one file are one entry, two files are two', () => {
    const first = 'https://filaha.dz/api/files/results/12/ndvi.png?exp=1800000000&sig=AAAA';
    const later = 'https://filaha.dz/api/files/results/12/ndvi.png?exp=1800000007&sig=BBBB';
    expect(filesCacheKey(first)).toBe('https://filaha.dz/api/files/results/12/ndvi.png');
    expect(filesCacheKey(later)).toBe(filesCacheKey(first));
    expect(filesCacheKey('https://filaha.dz/api/files/results/13/ndvi.png?exp=1&sig=A')).not.toBe(filesCacheKey(first));
  });

  it('keeps a download name apart, signature still left out', () => {
    const key = filesCacheKey('https://filaha.dz/api/files/results/12/ndvi.tif?exp=1&sig=A&name=ndvi%20parcelle.tif');
    expect(key).toBe('https://filaha.dz/api/files/results/12/ndvi.tif?name=ndvi%20parcelle.tif');
  });

  it('sends the files to their cache, the farmer screens to theirs, and nothing else', () => {
    expect(cachedApiPath('/api/files/results/12/ndvi.png')).toBe('files');
    expect(cachedApiPath('/api/request/image')).toBe('api');
    expect(cachedApiPath('/api/parcelle/3/series')).toBe('api');
    expect(cachedApiPath('/api/parcelle/3/water')).toBe('api');
    expect(cachedApiPath('/api/parcelle/3/irrigations')).toBeNull();
    expect(cachedApiPath('/api/messages')).toBeNull();
    expect(cachedApiPath('/api/auth/login')).toBeNull();
  });
});
