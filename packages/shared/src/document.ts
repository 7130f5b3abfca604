/**
 * The id of the JSON block with the public settings (GET /api/settings/public's answer) that the API puts into every
 * document it sends (apps/api/src/plugins/web.ts) and the web app reads there (apps/web/src/lib/publicSettings.ts).
 * Its own entry point, free of zod, because the web app reads it before its first paint. apps/web/index.html's
 * inline script names it too, before any module has loaded: keep the two in step (e2e/tests/route-shell.e2e.ts).
 */
export const SETTINGS_ELEMENT_ID = 'filaha-settings';
