import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { coreFiles } from '../../build/precache-core.ts';

const SRC = '/repo/apps/web/src/';

function chunk(fileName: string, modules: string[], extra: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    moduleIds: modules.map((m) => `${SRC}${m}`),
    imports: [],
    viteMetadata: { importedCss: new Set(), importedAssets: new Set() },
    ...extra,
  } as unknown as Rollup.OutputChunk;
}

describe('the farmer core of the precache (issue 27 §1)', () => {
  it('takes the entry and the farm, parcel, curve and services chunks with what they import; not the back office', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', ['main.tsx'], {
          isEntry: true,
          viteMetadata: {
            importedCss: new Set(['assets/index.css']),
            importedAssets: new Set(['assets/kufi.woff2', 'assets/marker.png']),
          },
        } as Partial<Rollup.OutputChunk>),
        chunk('assets/farm-page.js', ['features/farm/FarmMapPage.tsx'], { imports: ['assets/vendor.js'] }),
        chunk('assets/vendor.js', ['../node_modules/react-hook-form/index.js']),
        chunk('assets/SeasonChart.js', ['features/farm/SeasonChart.tsx']),
        chunk('assets/ServicesPage.js', ['features/services/ServicesPage.tsx']),
        chunk('assets/strings-ar.js', ['i18n/locales/ar/farm.json']),
        chunk('assets/compare.js', ['features/farm/compare/CompareView.tsx']),
        chunk('assets/UserManagement.js', ['features/admin/UserManagement.tsx']),
        chunk('assets/admin-ar.js', ['i18n/locales/ar/admin.json']),
        chunk('assets/MarketplacePage.js', ['features/marketplace/MarketplacePage.tsx']),
      ].map((c) => [c.fileName, c]),
    );
    expect(coreFiles(bundle)).toEqual([
      'assets/SeasonChart.js',
      'assets/ServicesPage.js',
      'assets/farm-page.js',
      'assets/index.css',
      'assets/index.js',
      'assets/marker.png',
      'assets/strings-ar.js',
      'assets/vendor.js',
    ]);
  });
});
