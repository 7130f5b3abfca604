import { build } from 'vite';
await build({
  configFile: '/work/main/apps/web/vite.config.ts',
  logLevel: 'error',
  build: { outDir: '/tmp/webdist-analyze', emptyOutDir: true },
  plugins: [{
    name: 'an',
    generateBundle(_o, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        const n = c.fileName.replace('assets/','');
        if (!/^(App|area|AreaLayout|useMedia|alertsApi|ui|format|valuesGrid|farmApi|ResultPanels|FarmMapPage|text|auth|authApi|SignInPage|zod|schemas|localized|marketplace-limits|ProductCard|MarketplacePage|rolldown)/.test(n)) continue;
        console.log(n, c.code.length, c.moduleIds.map((id) => id.replace(/.*node_modules\//, 'nm/').replace(/.*\/work\/main\//, '')).join(' '));
      }
    },
  }],
});
