import type { RoleName } from '@filaha/shared';

/**
 * The authorization matrix (issue 6): every route of `/api` × every kind of caller, with the answer the caller
 * gets. ONE source: `authz-matrix.test.ts` calls every cell against the real app, checks that every registered
 * route has a row, and checks that the table of `docs/AUTHORIZATION.md` is `renderAuthzTable()` of these rows.
 *
 * Resources reached by id ("owned") belong to farmer A unless the row says otherwise; farmer B is another farmer.
 */
export const CALLERS = ['anonymous', 'farmer', 'otherFarmer', 'seller', 'investor', 'manager', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedCaller = Exclude<Caller, 'anonymous'>;

/** The role of each signed-in caller (farmers are role User). */
export const CALLER_ROLES: Record<SignedCaller, RoleName> = {
  farmer: 'User',
  otherFarmer: 'User',
  seller: 'Seller',
  investor: 'Investor',
  manager: 'Manager',
  admin: 'Admin',
};

export const CALLER_TITLES: Record<Caller, string> = {
  anonymous: 'Anonymous',
  farmer: 'Farmer A',
  otherFarmer: 'Farmer B',
  seller: 'Seller',
  investor: 'Investor',
  manager: 'Manager',
  admin: 'Admin',
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Outcome {
  status: number;
  /** An error `code` (or issue code) the answer must carry; `public` = a 200 without private fields. */
  code?: string;
  /** Whether the caller got past authorization (a 2xx/3xx, or a validation/business answer after the gate). */
  allowed: boolean;
}

export interface AuthzRow {
  method: HttpMethod;
  /** As registered, with the `/api` prefix and Fastify's `:param` syntax. */
  path: string;
  /** Who may call it, in words. */
  who: string;
  /** The resource the call reaches, when the answer depends on who owns it. */
  owned?: string;
  /** `null`: not applicable (farmer B only matters where a resource is owned). */
  expect: Record<Caller, Outcome | null>;
}

/** Codes an answer of this status carries when the cell names none. */
export const DEFAULT_CODES: Partial<Record<number, string>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};

/**
 * One cell: `200` / `201` / `205` / `302` allowed; `+409:subscription_open` allowed (passed the gate, then
 * refused by a business or validation rule); `401` / `403` / `404` / `400:unknown_reference` refused;
 * `200:public` allowed with the public view only; `.` not applicable.
 */
function cell(token: string): Outcome | null {
  if (token === '.') return null;
  const match = /^(\+)?([1-5]\d\d)(?::([A-Za-z_]+))?$/.exec(token);
  if (!match) throw new Error(`authz matrix: bad cell "${token}"`);
  const [, passed, status, code] = match;
  const n = Number(status);
  return { status: n, ...(code ? { code } : {}), allowed: Boolean(passed) || n < 400 };
}

function row(method: HttpMethod, path: string, who: string, cells: string, owned?: string): AuthzRow {
  const tokens = cells.trim().split(/\s+/);
  if (tokens.length !== CALLERS.length)
    throw new Error(`authz matrix: ${method} ${path} needs ${CALLERS.length} cells`);
  const expect = Object.fromEntries(CALLERS.map((caller, i) => [caller, cell(tokens[i] ?? '')])) as AuthzRow['expect'];
  for (const [caller, outcome] of Object.entries(expect)) {
    if (outcome === null && caller !== 'otherFarmer') throw new Error(`authz matrix: ${method} ${path} ${caller}`);
  }
  if (owned === undefined && expect.otherFarmer !== null) {
    throw new Error(`authz matrix: ${method} ${path}: farmer B is only checked on owned resources`);
  }
  return { method, path, who, ...(owned ? { owned } : {}), expect };
}

//                                                                          anon  A    B    sell inv  mgr  admin
const ANYONE = '200 200 . 200 200 200 200';
const SIGNED_IN = '401 200 . 200 200 200 200';
const STAFF_READ = '401 403 . 403 403 200 200';
const ADMIN_CREATE = '401 403 . 403 403 403 201';
const ADMIN_WRITE = '401 403 . 403 403 403 200';
const STOCK_READ = '401 200 . 200 403 403 403';
const NETWORK = '401 200 . 200 200 403 403';

export const AUTHZ_MATRIX: readonly AuthzRow[] = [
  // Health and the OpenAPI documentation.
  row('GET', '/api/health', 'anyone', ANYONE),
  row('GET', '/api/settings/public', 'anyone', ANYONE),
  row('GET', '/api/settings/service-prices', 'Admin', ADMIN_WRITE),
  row('PUT', '/api/settings/service-prices', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/settings/service-prices', 'Admin', ADMIN_WRITE),
  row('GET', '/api/docs', 'anyone', ANYONE),
  row('GET', '/api/docs/static/index.html', 'anyone (redirect)', '302 302 . 302 302 302 302'),
  row('GET', '/api/docs/static/swagger-initializer.js', 'anyone', ANYONE),
  row('GET', '/api/docs/static/*', 'anyone', ANYONE),
  row('GET', '/api/docs/json', 'anyone', ANYONE),
  row('GET', '/api/docs/yaml', 'anyone', ANYONE),

  // Accounts.
  row('POST', '/api/auth/register', 'anyone', '201 201 . 201 201 201 201'),
  row('POST', '/api/auth/login', 'anyone', ANYONE),
  row('POST', '/api/auth/forgot-password', 'anyone', ANYONE),
  row(
    'POST',
    '/api/auth/reset-password',
    'anyone (a wrong code is sent)',
    '+400:RESET_CODE_INVALID +400:RESET_CODE_INVALID . +400:RESET_CODE_INVALID +400:RESET_CODE_INVALID +400:RESET_CODE_INVALID +400:RESET_CODE_INVALID',
  ),
  row('GET', '/api/users/profile', 'signed in (own profile)', SIGNED_IN),
  row('GET', '/api/users/get', 'signed in (own ids)', SIGNED_IN),
  row('GET', '/api/users', 'Admin, Manager', STAFF_READ),
  row(
    'GET',
    '/api/users/:id',
    'signed in: self and staff see the profile, others the name only',
    '401 200 200:public 200:public 200:public 200 200',
    "A's account",
  ),
  row('PUT', '/api/users/:id', 'self, Admin', '401 200 403 403 403 403 200', "A's account"),
  row('DELETE', '/api/users/:id', 'Admin (not themself)', ADMIN_WRITE),
  row('GET', '/api/roles/my-role', 'signed in', SIGNED_IN),
  row('GET', '/api/roles', 'signed in', SIGNED_IN),
  row('GET', '/api/sellerRoles', 'anyone', ANYONE),
  row('GET', '/api/userSellerRole/:userId', 'self, staff', '401 403 403 200 403 200 200', "the seller's account"),

  // Satellite images, their history and stored files.
  row('POST', '/api/images/:indexName', 'farmer, own parcel', '401 200 404 403 403 403 403', "A's parcel"),
  row('POST', '/api/images/:indexName/change', 'farmer, own parcel', '401 200 404 403 403 403 403', "A's parcel"),
  row('GET', '/api/images/latest-acquisition', 'farmer, own parcel', '401 200 404 403 403 403 403', "A's parcel"),
  row('GET', '/api/images/latest-clear', 'farmer, own parcel', '401 200 404 403 403 403 403', "A's parcel"),
  row('GET', '/api/images/coverage', 'Admin, Manager', STAFF_READ),
  row('GET', '/api/request/images', 'self; Admin for anyone', '401 200 403 403 403 403 200', '?userId=A'),
  row('GET', '/api/request/image', 'self; Admin for anyone', '401 200 403 403 403 403 200', '?userId=A'),
  row('GET', '/api/files/*', 'anyone holding a signed URL', '200 200 200 200 200 200 200', "A's index map"),

  // Farmer plans and functionalities.
  row('GET', '/api/abonnement', 'anyone', ANYONE),
  row('GET', '/api/abonnement/details', 'anyone', ANYONE),
  row('GET', '/api/abonnementFonctionnality/detailed', 'anyone', ANYONE),
  row('GET', '/api/abonnementFonctionality/detailed', 'anyone', ANYONE),
  row('POST', '/api/abonnement', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/abonnement/:id', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/abonnement/:id', 'Admin', ADMIN_WRITE),
  row('GET', '/api/fonctionnality', 'anyone', ANYONE),
  row('POST', '/api/fonctionnality', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/fonctionnality/:id', 'Admin', ADMIN_WRITE),
  row('POST', '/api/abonnementFonctionnality', 'Admin', ADMIN_CREATE),
  row('POST', '/api/sellerAbonnementFonctionality', 'Admin', ADMIN_CREATE),

  // Farmer subscriptions and their usage.
  row(
    'GET',
    '/api/abonnementUser/user/:userId/status',
    'self, staff',
    '401 200 403 403 403 200 200',
    "A's subscriptions",
  ),
  row('GET', '/api/abonnementUser', 'Admin, Manager', STAFF_READ),
  row('GET', '/api/stats/requests-per-month', 'Admin, Manager', STAFF_READ),
  // Background jobs (issue 15 §4): a random job id is no dead job (404 once past the gate).
  row('GET', '/api/admin/jobs', 'Admin, Manager', STAFF_READ),
  row('POST', '/api/admin/jobs/catalog-poll', 'Admin, Manager', '401 403 . 403 403 202 202'),
  row('POST', '/api/admin/jobs/:id/retry', 'Admin, Manager', '401 403 . 403 403 +404 +404'),
  row(
    'POST',
    '/api/abonnementUser',
    'farmer, for themself',
    '401 +409:subscription_open 403 403 403 403 403',
    'body user_id = A',
  ),
  row('PUT', '/api/abonnementUser/:id', 'Admin, Manager', '401 403 403 403 403 200 200', "A's subscription"),
  row('DELETE', '/api/abonnementUser/:id', 'Admin', ADMIN_WRITE),
  row(
    'GET',
    '/api/abonnementUserIndice/restReq/:abonnementUserId/indices-restants',
    'owner, staff',
    '401 200 404 404 404 200 200',
    "A's subscription",
  ),
  row('POST', '/api/abonnementUserIndice/indices', 'Admin, Manager', '401 403 403 403 403 200 200', "A's subscription"),

  // Indices, legends, plan ↔ index assignments.
  row('GET', '/api/indice', 'anyone', ANYONE),
  row('GET', '/api/indice/:id', 'anyone', ANYONE),
  row('GET', '/api/indice/:userId/indices', 'self, staff', '401 200 403 403 403 200 200', "A's index configuration"),
  row('POST', '/api/indice', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/indice/:id', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/indice/:id', 'Admin', ADMIN_WRITE),
  row('GET', '/api/legende', 'anyone', ANYONE),
  row('POST', '/api/legende', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/legende/:id', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/legende/:id', 'Admin', ADMIN_WRITE),
  row('GET', '/api/abonnementIndice', 'anyone', ANYONE),
  row('POST', '/api/abonnementIndice', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/abonnementIndice/:abonnementId/:indiceId', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/abonnementIndice/:abonnementId/:indiceId', 'Admin', ADMIN_WRITE),

  // Parcels.
  row('GET', '/api/parcelle', 'farmer (own only), staff', '401 200 403 403 403 200 200', '?userId=A'),
  row('GET', '/api/parcelle/:id', 'owner, staff', '401 200 404 403 403 200 200', "A's parcel"),
  row(
    'GET',
    '/api/parcelle/:id/series',
    'owner with an active plan holding the index, staff',
    '401 200 404 403 403 200 200',
    "A's parcel, NDVI",
  ),
  row(
    'POST',
    '/api/parcelle',
    'farmer for themself, Admin for a farmer',
    '401 201 403 403 403 403 201',
    'body userId = A',
  ),
  row('DELETE', '/api/parcelle/:id', 'owner, Admin', '401 200 404 403 403 403 200', "A's parcel"),

  // Alerts (issue 15 §3): the farmer's own notification centre and e-mail settings; a parcel's rules read by
  // its owner and staff (the parcel's read rights), written by the owner.
  row('GET', '/api/alerts', 'farmer (own)', '401 200 . 403 403 403 403'),
  row('POST', '/api/alerts/read-all', 'farmer (own)', '401 200 . 403 403 403 403'),
  row('POST', '/api/alerts/:id/read', 'owner', '401 200 404 403 403 403 403', "A's alert"),
  row('GET', '/api/alerts/settings', 'farmer (own)', '401 200 . 403 403 403 403'),
  row('PUT', '/api/alerts/settings', 'farmer (own)', '401 200 . 403 403 403 403'),
  // SMS (issue 31 §4): the farmer's own opt-in (verify without a code sent: refused after the gate); the list of
  // SMS sent is the staff's.
  row('GET', '/api/sms', 'farmer (own)', '401 200 . 403 403 403 403'),
  row('POST', '/api/sms/phone', 'farmer (own)', '401 202 . 403 403 403 403'),
  row('POST', '/api/sms/verify', 'farmer (own)', '401 +400:PHONE_CODE_EXPIRED . 403 403 403 403'),
  row('DELETE', '/api/sms', 'farmer (own)', '401 200 . 403 403 403 403'),
  row('GET', '/api/admin/sms', 'Admin, Manager', STAFF_READ),
  row('GET', '/api/parcelle/:id/alert-rules', 'owner, staff', '401 200 404 403 403 200 200', "A's parcel"),
  row('PUT', '/api/parcelle/:id/alert-rules', 'owner', '401 200 404 403 403 403 403', "A's parcel"),
  row('GET', '/api/parcelle/:id/seasons', 'owner, staff', '401 200 404 403 403 200 200', "A's parcel"),
  row('PUT', '/api/parcelle/:id/seasons/:season', 'owner', '401 200 404 403 403 403 403', "A's parcel"),
  row(
    'GET',
    '/api/parcelle/:id/water',
    'owner in a plan with water, staff',
    '401 200 404 403 403 200 200',
    "A's parcel",
  ),
  row('PUT', '/api/parcelle/:id/water/settings', 'owner', '401 200 404 403 403 403 403', "A's parcel"),
  row('POST', '/api/parcelle/:id/irrigations', 'owner', '401 201 404 403 403 403 403', "A's parcel"),
  row('DELETE', '/api/parcelle/:id/irrigations/:irrigationId', 'owner', '401 200 404 403 403 403 403', "A's parcel"),

  // Service requests.
  row('POST', '/api/service-requests', 'anyone (token optional)', '201 201 . 201 201 201 201'),
  row('GET', '/api/service-requests', 'Admin, Manager', STAFF_READ),

  // Seller plans and seller subscriptions.
  row('GET', '/api/sellerAbonnement', 'anyone', ANYONE),
  row('POST', '/api/sellerAbonnement', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/sellerAbonnement/:id', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/sellerAbonnement/:id', 'Admin', ADMIN_WRITE),
  row('GET', '/api/sellerabonnement', 'anyone', ANYONE),
  row('POST', '/api/sellerabonnement', 'Admin', ADMIN_CREATE),
  row('PUT', '/api/sellerabonnement/:id', 'Admin', ADMIN_WRITE),
  row('DELETE', '/api/sellerabonnement/:id', 'Admin', ADMIN_WRITE),
  row(
    'POST',
    '/api/sellerAbonnementUser',
    'Seller, farmer (for themself)',
    '401 +409:subscription_open . +409:subscription_open 403 403 403',
  ),
  row('GET', '/api/sellerAbonnementUser/current', 'signed in (own)', SIGNED_IN),
  row('GET', '/api/sellerAbonnementUser', 'Admin, Manager', STAFF_READ),
  row(
    'PUT',
    '/api/sellerAbonnementUser/:id',
    'Admin, Manager',
    '401 403 403 403 403 200 200',
    "A's seller subscription",
  ),
  row('DELETE', '/api/sellerAbonnementUser/:id', 'Admin', ADMIN_WRITE),

  // Marketplace publications.
  row(
    'POST',
    '/api/publications/add',
    'Seller, farmer, with their own active seller subscription',
    '401 201 401:SUBSCRIPTION_REQUIRED 201 403 403 403',
    "A's seller subscription (B, Seller: their own)",
  ),
  row('PUT', '/api/publications/update/:id', 'owner', '401 200 403 403 403 403 403', "A's publication"),
  row('DELETE', '/api/publications/delete/:id', 'owner, Admin', '401 200 403 403 403 403 200', "A's publication"),
  row('GET', '/api/publications/one/:id', 'anyone', ANYONE),
  row('GET', '/api/publications/my-publications', 'signed in (own; 205 = none)', '401 200 . 200 205 205 205'),
  row('GET', '/api/publications/all', 'anyone', ANYONE),
  row('GET', '/api/publications/images/:name', 'anyone', ANYONE),

  // Messaging.
  row('GET', '/api/conversations', 'signed in (own)', SIGNED_IN),
  row('POST', '/api/conversations', 'signed in', '401 201 . 201 201 201 201'),
  row('GET', '/api/conversations/unread-count', 'signed in (own)', SIGNED_IN),
  row(
    'GET',
    '/api/conversations/:id/messages',
    'the two participants',
    '401 200 404 404 404 404 404',
    "A's conversation",
  ),
  row(
    'POST',
    '/api/conversations/:id/messages',
    'the two participants',
    '401 201 404 404 404 404 404',
    "A's conversation",
  ),
  row('POST', '/api/conversations/:id/read', 'the two participants', '401 200 404 404 404 404 404', "A's conversation"),
  row('POST', '/api/conversations/stream-ticket', 'signed in', SIGNED_IN),
  row(
    'GET',
    '/api/conversations/stream',
    'holder of a fresh ticket only (no Bearer); an unknown ticket is sent',
    '401 401 . 401 401 401 401',
  ),
  row('GET', '/api/blocks', 'signed in (own)', SIGNED_IN),
  row('POST', '/api/users/:id/block', 'signed in', '401 201 . 201 201 201 201'),
  row('DELETE', '/api/users/:id/block', 'signed in', SIGNED_IN),

  // Stock management: owner-only, roles User and Seller.
  row('GET', '/api/stock/items', 'farmer, Seller (own)', STOCK_READ),
  row('POST', '/api/stock/items', 'farmer, Seller', '401 201 . 201 403 403 403'),
  row('PUT', '/api/stock/items/:id', 'owner (farmer, Seller)', '401 200 404 404 403 403 403', "A's item"),
  row('DELETE', '/api/stock/items/:id', 'owner (farmer, Seller)', '401 200 404 404 403 403 403', "A's item"),
  row('GET', '/api/stock/movements', 'farmer, Seller (own)', STOCK_READ),
  row(
    'POST',
    '/api/stock/movements',
    'owner of the item (farmer, Seller)',
    '401 201 400:unknown_reference 400:unknown_reference 403 403 403',
    "body itemId = A's item",
  ),
  row('DELETE', '/api/stock/movements/:id', 'owner (farmer, Seller)', '401 200 404 404 403 403 403', "A's movement"),
  row('GET', '/api/stock/summary', 'farmer, Seller (own)', STOCK_READ),
  row('GET', '/api/stock/export.csv', 'farmer, Seller (own)', STOCK_READ),

  // Farmers' network.
  row('GET', '/api/network/suggestions', 'farmer, Seller, Investor', NETWORK),
  row('GET', '/api/network/hidden', 'farmer, Seller, Investor (own)', NETWORK),
  row('POST', '/api/network/hidden/:userId', 'farmer, Seller, Investor', '401 201 . 201 201 403 403'),
  row('DELETE', '/api/network/hidden/:userId', 'farmer, Seller, Investor', NETWORK),
  // Organisations and the farmers' consent (issue 30 §1): farmer A is an admin of the organisation and granted it
  // a parcel; membership, not the platform role, decides (a platform admin manages members but reads no parcel).
  row('POST', '/api/organisations', 'Admin', ADMIN_CREATE),
  row('GET', '/api/organisations', 'signed in (their own; all for Admin)', SIGNED_IN),
  row('GET', '/api/organisations/:id', 'its members, Admin', '401 200 404 404 404 404 200', 'organisation'),
  row('POST', '/api/organisations/:id/members', 'its admins, Admin', '401 201 404 404 404 404 201', 'organisation'),
  row(
    'DELETE',
    '/api/organisations/:id/members/:userId',
    'its admins, Admin',
    '401 200 404 404 404 404 200',
    'organisation',
  ),
  row('GET', '/api/organisations/:id/parcels', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row(
    'GET',
    '/api/organisations/:id/parcels/:parcelId',
    'its members (granted parcels)',
    '401 200 404 404 404 404 404',
    'organisation',
  ),
  row('POST', '/api/grants', 'User', '401 201 . 403 403 403 403'),
  row('GET', '/api/grants', 'User (their own)', '401 200 . 403 403 403 403'),
  row('DELETE', '/api/grants/:id', 'User (owner)', '401 200 404 403 403 403 403', 'grant'),
  row('GET', '/api/access-log', 'User (their own)', '401 200 . 403 403 403 403'),
  row(
    'POST',
    '/api/organisations/:id/parcels/import',
    'its admins and agronomists',
    '401 202 404 404 404 404 404',
    'organisation',
  ),
  row('GET', '/api/organisations/:id/imports', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/imports/:id', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/imports/:id/report.csv', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/export.csv', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/export.gpkg', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('POST', '/api/organisations/:id/api-keys', 'its admins', '401 201 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/api-keys', 'its admins', '401 200 404 404 404 404 404', 'organisation'),
  row('DELETE', '/api/organisations/:id/api-keys/:keyId', 'its admins', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/conditions', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/territory', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/territory/curve', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row('GET', '/api/organisations/:id/tiles/:z/:x/:y.mvt', 'its members', '401 200 404 404 404 404 404', 'organisation'),
  row(
    'GET',
    '/api/organisations/:id/parcels/:parcelId/points',
    'its members (followed parcels)',
    '401 200 404 404 404 404 404',
    'organisation',
  ),
];

export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** How a cell reads in the documentation. */
export function renderOutcome(outcome: Outcome | null): string {
  if (!outcome) return '·';
  if (outcome.code === 'public') return `✓ ${outcome.status} name only`;
  const code = outcome.code ? ` ${outcome.code}` : '';
  return outcome.allowed ? `✓ ${outcome.status}${code}` : `${outcome.status}${code}`;
}

/** The markdown table of docs/AUTHORIZATION.md (the test compares it cell by cell). */
export function renderAuthzTable(rows: readonly AuthzRow[] = AUTHZ_MATRIX): string {
  const header = ['Route', 'Who', ...CALLERS.map((c) => CALLER_TITLES[c])];
  const lines = [header, header.map(() => '---')];
  for (const r of rows) {
    const route = `\`${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}\``;
    const who = r.owned ? `${r.who} — _${r.owned}_` : r.who;
    lines.push([route, who, ...CALLERS.map((c) => renderOutcome(r.expect[c]))]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
