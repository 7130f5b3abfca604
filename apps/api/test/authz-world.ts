import {
  createConversation,
  createMessage,
  createStockItem,
  createStockMovement,
  factories,
  squarePolygon,
  uniqueSuffix,
} from '@filaha/db/testing';
import { sql } from '@filaha/db';
import type { InjectOptions } from 'fastify';
import { CALLER_ROLES, type Caller, type SignedCaller } from '../src/authz-matrix.ts';
import { insertAlert } from '../src/modules/alerts/alerts.test-support.ts';
import { answerOf, generate, WINDOW } from '../src/modules/images/test-support/fixtures.ts';
import { jpegFile, multipart, publicationFields } from '../src/modules/marketplace/marketplace.test-support.ts';
import { json, validRegistration, type TestApp } from './helper.ts';

/** A one-parcel GeoJSON import as a multipart form (issue 30 §2). */
function importForm() {
  const ring = [
    [2.95, 36.55],
    [2.952, 36.55],
    [2.952, 36.5516],
    [2.95, 36.5516],
    [2.95, 36.55],
  ];
  const file = JSON.stringify({
    type: 'Feature',
    properties: { name: 'Champ' },
    geometry: { type: 'Polygon', coordinates: [ring] },
  });
  return multipart({}, [
    { name: 'file', filename: 'champ.geojson', contentType: 'application/geo+json', bytes: Buffer.from(file) },
  ]);
}

/**
 * The world the authorization matrix (src/authz-matrix.test.ts) and the input fuzz (src/input-fuzz.test.ts)
 * call every route in: one account per kind of caller, the resources farmer A owns, and a request recipe per
 * route (a URL and a body that passes validation). Bind it to a test app with `buildWorld(t)` in beforeAll.
 */
let bound: { readonly current: TestApp } | undefined;
const t = {
  get current(): TestApp {
    if (!bound) throw new Error('authz world: call buildWorld(t) first');
    return bound.current;
  },
};

export interface Account {
  id: number;
  email: string;
  password: string;
  headers: Record<string, string>;
}

/** What the calls reach; owned resources are farmer A's (`callers.farmer`). */
export interface World {
  callers: Record<SignedCaller, Account>;
  /** A's conversation partner; also the target of unblock / unhide. */
  peer: Account;
  ndviId: number;
  /** A's plan (NDVI assigned) and active subscription. */
  planId: number;
  farmerSubscriptionId: number;
  parcelId: number;
  sellerPlanId: number;
  sellerSubscriptions: { farmer: number; seller: number };
  publicationId: number;
  photoName: string;
  item: { id: number; name: string };
  conversationId: number;
  /** An index and legend made by the admin, for the edit routes. */
  indexId: number;
  legendId: number;
  /** A signed URL of A's index map. */
  fileUrl: string;
  /** An organisation farmer A is an admin of, with A's parcel granted to it (issue 30 §1). */
  organisation: { id: number; accessCode: string };
  /** An import of that organisation, uploaded by A (issue 30 §2). */
  importId: number;
}

const IMAGE_BODY = { ...WINDOW, width: 256, height: 256 };
/** Phones given to POST /api/sms/phone so far (authz recipes). */
let smsPhones = 0;
const db = () => t.current.database;

async function account(test: TestApp, role: Parameters<TestApp['createUser']>[0]): Promise<Account> {
  const { user, password, headers } = await test.createUser(role);
  return { id: user.id, email: user.email, password, headers };
}

async function asAdmin<T = { id: number }>(w: World, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.current.inject({ method, url, headers: w.callers.admin.headers, payload });
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
}

const freshUserId = async (role: 'User' | 'Seller' = 'User') => (await factories.createUser(db(), { role })).user.id;
/** An index code the engine computes (the API refuses others), never the world's own index's. */
const vacantCode = (w: World) => factories.vacantIndexCode(db(), w.indexId ? [w.indexId] : []);
const freshIndex = async (w: World) =>
  asAdmin(w, 'POST', '/api/indice', {
    indiceName: `Indice ${await vacantCode(w)}`,
    recomndation: 'r',
    description: 'd',
  });
/** Above the default legend a new index starts with (its classes end at 1): no overlap. */
const legendBody = (indiceId: number) => ({
  intervalDeb: 1,
  intervalFin: 2,
  color: 'rgb(10, 20, 30)',
  descriptionLeg: 'Végétation',
  indiceId,
});
const historyQuery = (w: World) => `userId=${w.callers.farmer.id}&parcelleId=${w.parcelId}&indiceId=${w.ndviId}`;
const freshFunctionality = (w: World) =>
  asAdmin(w, 'POST', '/api/fonctionnality', { name: `Fonction ${uniqueSuffix()}`, psudo: 'authz' });

async function makeWorld(test: TestApp): Promise<World> {
  const entries = await Promise.all(
    (Object.keys(CALLER_ROLES) as SignedCaller[]).map(
      async (caller) => [caller, await account(test, { role: CALLER_ROLES[caller] })] as const,
    ),
  );
  const callers = Object.fromEntries(entries) as Record<SignedCaller, Account>;
  const peer = await account(test, { role: 'User' });
  const farmer = callers.farmer;
  const database = test.database;

  const { plan } = await factories.createPlan(database);
  // The plan holds the water advice (issue 31 §2), so the farmer's row of its route is an answer, not a refusal.
  const [water] = (
    await database.db.execute<{ id: number }>(sql`
      INSERT INTO functionalities (name, name_ar, psudo) VALUES (${`Eau ${uniqueSuffix()}`}, '', 'irrigation') RETURNING id`)
  ).rows;
  await database.db.execute(
    sql`INSERT INTO plan_functionalities (plan_id, functionality_id) VALUES (${plan.id}, ${water!.id})`,
  );
  const { subscription } = await factories.createFarmerSubscription(database, { userId: farmer.id, planId: plan.id });
  const { parcel } = await factories.createParcel(database, { userId: farmer.id });
  // One real index map, so the history has a row and /api/files has a signed URL of A's.
  const image = await generate(test, farmer, 'ndvi', { ...IMAGE_BODY, parcelle_id: parcel.id });
  if (image.statusCode !== 200) throw new Error(`fixture image: ${image.statusCode} ${image.body}`);

  const { sellerPlan } = await factories.createSellerPlan(database);
  const [farmerSale, sellerSale] = await Promise.all(
    [farmer, callers.seller].map(
      async ({ id }) =>
        (await factories.createSellerSubscription(database, { userId: id, sellerPlanId: sellerPlan.id }))
          .sellerSubscription.id,
    ),
  );
  const form = multipart(publicationFields(farmerSale!), [await jpegFile()]);
  const published = await test.inject({
    method: 'POST',
    url: '/api/publications/add',
    headers: { ...farmer.headers, ...form.headers },
    payload: form.payload,
  });
  if (published.statusCode !== 201) throw new Error(`fixture publication: ${published.statusCode} ${published.body}`);
  const { publication } = json<{ publication: { id: number; images: Array<{ imagePath: string }> } }>(published);
  await factories.createPublication(database, { userId: callers.seller.id, sellerSubscriptionId: sellerSale! });

  const { item } = await createStockItem(database, { userId: farmer.id });
  await createStockMovement(database, { itemId: item.id, quantity: 10 });
  const { conversation } = await createConversation(database, { userIds: [farmer.id, peer.id] });
  await createMessage(database, { conversationId: conversation.id, senderId: peer.id });

  const partial = { callers } as World;
  const organisation = await asAdmin<{ id: number; accessCode: string }>(partial, 'POST', '/api/organisations', {
    name: `Coopérative ${uniqueSuffix()}`,
    type: 'cooperative',
  });
  await asAdmin(partial, 'POST', `/api/organisations/${organisation.id}/members`, {
    email: farmer.email,
    role: 'admin',
  });
  const granted = await test.inject({
    method: 'POST',
    url: '/api/grants',
    headers: farmer.headers,
    payload: { accessCode: organisation.accessCode, parcelIds: [parcel.id] },
  });
  if (granted.statusCode !== 201) throw new Error(`fixture grant: ${granted.statusCode} ${granted.body}`);
  const importBody = importForm();
  const upload = await test.inject({
    method: 'POST',
    url: `/api/organisations/${organisation.id}/parcels/import`,
    headers: { ...farmer.headers, ...importBody.headers },
    payload: importBody.payload,
  });
  if (upload.statusCode !== 202) throw new Error(`fixture import: ${upload.statusCode} ${upload.body}`);
  const index = await freshIndex(partial);
  const legend = await asAdmin(partial, 'POST', '/api/legende', legendBody(index.id));

  return {
    callers,
    peer,
    ndviId: await factories.indexIdByCode(database, 'NDVI'),
    planId: plan.id,
    farmerSubscriptionId: subscription.id,
    parcelId: parcel.id,
    sellerPlanId: sellerPlan.id,
    sellerSubscriptions: { farmer: farmerSale!, seller: sellerSale! },
    publicationId: publication.id,
    photoName: publication.images[0]!.imagePath.split('/').pop()!,
    item: { id: item.id, name: item.name },
    conversationId: conversation.id,
    indexId: index.id,
    legendId: legend.id,
    fileUrl: answerOf(image).imageUrl,
    organisation: { id: organisation.id, accessCode: organisation.accessCode },
    importId: json<{ id: number }>(upload).id,
  };
}

export interface Call {
  url: string;
  payload?: InjectOptions['payload'];
  /** Besides the caller's token (a multipart body's content type). */
  headers?: Record<string, string>;
}
export type Recipe = (w: World, caller: Caller) => Call | Promise<Call>;

const at =
  (url: string): Recipe =>
  () => ({ url });
const send =
  (url: string, payload: (w: World, caller: Caller) => object | Promise<object>): Recipe =>
  async (w, caller) => ({ url, payload: await payload(w, caller) });

/** How to reach each route: the URL (and a body that passes validation) for the given caller. */
export const RECIPES: Record<string, Recipe> = {
  'GET /api/health': at('/api/health'),
  'GET /api/settings/public': at('/api/settings/public'),
  'GET /api/settings/service-prices': at('/api/settings/service-prices'),
  'PUT /api/settings/service-prices': send('/api/settings/service-prices', () => ({ soil: '15 000', other: null })),
  'DELETE /api/settings/service-prices': at('/api/settings/service-prices'),
  'GET /api/docs': at('/api/docs'),
  'GET /api/docs/static/index.html': at('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': at('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': at('/api/docs/static/swagger-ui.css'),
  'GET /api/docs/json': at('/api/docs/json'),
  'GET /api/docs/yaml': at('/api/docs/yaml'),

  'POST /api/auth/register': send('/api/auth/register', () => validRegistration()),
  'POST /api/auth/login': send('/api/auth/login', (w) => ({
    email: w.callers.farmer.email,
    password: w.callers.farmer.password,
  })),
  'POST /api/auth/forgot-password': send('/api/auth/forgot-password', () => ({
    email: `nobody-${uniqueSuffix()}@test.filaha.dz`,
  })),
  'POST /api/auth/reset-password': send('/api/auth/reset-password', () => ({
    email: `nobody-${uniqueSuffix()}@test.filaha.dz`,
    code: '12345',
    password: 'another-pass-123',
  })),
  'GET /api/users/profile': at('/api/users/profile'),
  'GET /api/users/get': at('/api/users/get'),
  'GET /api/users': at('/api/users'),
  'GET /api/users/:id': (w) => ({ url: `/api/users/${w.callers.farmer.id}` }),
  'PUT /api/users/:id': (w) => ({ url: `/api/users/${w.callers.farmer.id}`, payload: { userName: 'Farmer A' } }),
  'DELETE /api/users/:id': async () => ({ url: `/api/users/${await freshUserId()}` }),
  'GET /api/roles/my-role': at('/api/roles/my-role'),
  'GET /api/roles': at('/api/roles'),
  'GET /api/sellerRoles': at('/api/sellerRoles'),
  'GET /api/userSellerRole/:userId': (w) => ({ url: `/api/userSellerRole/${w.callers.seller.id}` }),

  'POST /api/images/:indexName': (w) => ({
    url: '/api/images/NDVI',
    payload: { ...IMAGE_BODY, parcelle_id: w.parcelId },
  }),
  'POST /api/images/:indexName/change': (w) => ({
    url: '/api/images/NDVI/change',
    payload: {
      parcelle_id: w.parcelId,
      earlier: { startDate: '2025-08-10', endDate: '2025-08-10' },
      later: { startDate: '2025-08-15', endDate: '2025-08-15' },
      width: 256,
      height: 256,
    },
  }),
  'GET /api/images/latest-acquisition': (w) => ({ url: `/api/images/latest-acquisition?parcelId=${w.parcelId}` }),
  'GET /api/images/latest-clear': (w) => ({ url: `/api/images/latest-clear?parcelId=${w.parcelId}` }),
  'GET /api/images/coverage': at('/api/images/coverage'),
  'GET /api/request/images': (w) => ({ url: `/api/request/images?${historyQuery(w)}` }),
  'GET /api/request/image': (w) => ({ url: `/api/request/image?${historyQuery(w)}` }),
  'GET /api/files/*': (w) => ({ url: w.fileUrl }),

  'GET /api/abonnement': at('/api/abonnement'),
  'GET /api/abonnement/details': at('/api/abonnement/details'),
  'GET /api/abonnementFonctionnality/detailed': at('/api/abonnementFonctionnality/detailed'),
  'GET /api/abonnementFonctionality/detailed': at('/api/abonnementFonctionality/detailed'),
  'POST /api/abonnement': send('/api/abonnement', () => ({
    nameAbonnement: `Plan ${uniqueSuffix()}`,
    nameClient: 'Exploitations',
    prices: '10000 DA/an',
  })),
  'PUT /api/abonnement/:id': async () => ({
    url: `/api/abonnement/${(await factories.createPlan(db())).plan.id}`,
    payload: { nameAbonnement: `Plan ${uniqueSuffix()}`, nameClient: 'Exploitations', prices: '10000 DA/an' },
  }),
  'DELETE /api/abonnement/:id': async () => ({ url: `/api/abonnement/${(await factories.createPlan(db())).plan.id}` }),
  'GET /api/fonctionnality': at('/api/fonctionnality'),
  'POST /api/fonctionnality': send('/api/fonctionnality', () => ({ name: `Fonction ${uniqueSuffix()}`, psudo: 'p' })),
  'PUT /api/fonctionnality/:id': async (w) => ({
    url: `/api/fonctionnality/${(await freshFunctionality(w)).id}`,
    payload: { name: `Fonction ${uniqueSuffix()}`, nameAr: `ميزة ${uniqueSuffix()}`, psudo: 'p' },
  }),
  'POST /api/abonnementFonctionnality': send('/api/abonnementFonctionnality', async (w) => ({
    fonctionnalityId: (await freshFunctionality(w)).id,
    abonnementId: w.planId,
    abonnementType: 'agriculteur',
  })),
  'POST /api/sellerAbonnementFonctionality': send('/api/sellerAbonnementFonctionality', async (w) => ({
    fonctionnalityId: (await freshFunctionality(w)).id,
    sellerabonnementid: w.sellerPlanId,
    abonnementType: 'vendeur',
  })),

  'GET /api/abonnementUser/user/:userId/status': (w) => ({
    url: `/api/abonnementUser/user/${w.callers.farmer.id}/status`,
  }),
  'GET /api/abonnementUser': at('/api/abonnementUser'),
  'GET /api/stats/requests-per-month': at('/api/stats/requests-per-month?months=3'),
  'GET /api/admin/jobs': at('/api/admin/jobs'),
  'POST /api/admin/jobs/catalog-poll': at('/api/admin/jobs/catalog-poll'),
  'POST /api/admin/jobs/:id/retry': at('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry'),
  'POST /api/abonnementUser': send('/api/abonnementUser', (w) => ({ abn_id: w.planId, user_id: w.callers.farmer.id })),
  'PUT /api/abonnementUser/:id': (w) => ({
    url: `/api/abonnementUser/${w.farmerSubscriptionId}`,
    payload: { etat: 'actif' },
  }),
  'DELETE /api/abonnementUser/:id': async () => {
    const { subscription } = await factories.createFarmerSubscription(db(), {
      userId: await freshUserId(),
      state: 'désactivé',
    });
    return { url: `/api/abonnementUser/${subscription.id}` };
  },
  'GET /api/abonnementUserIndice/restReq/:abonnementUserId/indices-restants': (w) => ({
    url: `/api/abonnementUserIndice/restReq/${w.farmerSubscriptionId}/indices-restants`,
  }),
  'POST /api/abonnementUserIndice/indices': send('/api/abonnementUserIndice/indices', (w) => ({
    abonnementuser_id: w.farmerSubscriptionId,
  })),

  'GET /api/indice': at('/api/indice'),
  'GET /api/indice/:id': (w) => ({ url: `/api/indice/${w.ndviId}` }),
  'GET /api/indice/:userId/indices': (w) => ({ url: `/api/indice/${w.callers.farmer.id}/indices` }),
  'POST /api/indice': send('/api/indice', async (w) => ({
    indiceName: `Indice ${await vacantCode(w)}`,
    recomndation: 'r',
    description: 'd',
  })),
  'PUT /api/indice/:id': (w) => ({ url: `/api/indice/${w.indexId}`, payload: { recomndation: 'Irriguer.' } }),
  'DELETE /api/indice/:id': async (w) => ({ url: `/api/indice/${(await freshIndex(w)).id}` }),
  'GET /api/legende': at('/api/legende'),
  'POST /api/legende': send('/api/legende', async (w) => legendBody((await freshIndex(w)).id)),
  'PUT /api/legende/:id': (w) => ({ url: `/api/legende/${w.legendId}`, payload: { color: 'rgb(1, 2, 3)' } }),
  'DELETE /api/legende/:id': async (w) => {
    const legend = await asAdmin(w, 'POST', '/api/legende', legendBody((await freshIndex(w)).id));
    return { url: `/api/legende/${legend.id}` };
  },
  'GET /api/abonnementIndice': at('/api/abonnementIndice'),
  'POST /api/abonnementIndice': send('/api/abonnementIndice', async (w) => ({
    IndiceId: w.ndviId,
    AbonnementId: (await factories.createPlan(db(), { requests: {} })).plan.id,
    nombre_de_requete: 6,
  })),
  'PUT /api/abonnementIndice/:abonnementId/:indiceId': (w) => ({
    url: `/api/abonnementIndice/${w.planId}/${w.ndviId}`,
    payload: { nombre_de_requete: 6 },
  }),
  'DELETE /api/abonnementIndice/:abonnementId/:indiceId': async (w) => ({
    url: `/api/abonnementIndice/${(await factories.createPlan(db())).plan.id}/${w.ndviId}`,
  }),

  'GET /api/parcelle': (w) => ({ url: `/api/parcelle?userId=${w.callers.farmer.id}` }),
  'GET /api/parcelle/:id': (w) => ({ url: `/api/parcelle/${w.parcelId}` }),
  'GET /api/parcelle/:id/series': (w) => ({
    url: `/api/parcelle/${w.parcelId}/series?index=NDVI&from=2025-08-10&to=2025-08-12`,
  }),
  'POST /api/parcelle': send('/api/parcelle', (w) => ({
    identifiantU: 'Parcelle authz',
    userId: w.callers.farmer.id,
    geom: squarePolygon(2.99, 36.61, 0.002),
  })),
  'DELETE /api/parcelle/:id': async (w) => {
    const { parcel } = await factories.createParcel(db(), { userId: w.callers.farmer.id });
    return { url: `/api/parcelle/${parcel.id}` };
  },

  'GET /api/alerts': at('/api/alerts'),
  'POST /api/alerts/read-all': at('/api/alerts/read-all'),
  'POST /api/alerts/:id/read': async (w) => ({ url: `/api/alerts/${await insertAlert(db(), w.parcelId)}/read` }),
  'GET /api/alerts/settings': at('/api/alerts/settings'),
  'PUT /api/alerts/settings': send('/api/alerts/settings', () => ({
    language: 'fr',
    email: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: false },
  })),
  'GET /api/parcelle/:id/alert-rules': (w) => ({ url: `/api/parcelle/${w.parcelId}/alert-rules` }),
  'GET /api/sms': at('/api/sms'),
  // A new phone each call (a phone gets a few codes a day): numbered in this process, whose database it is.
  'POST /api/sms/phone': send('/api/sms/phone', () => ({
    phone: `07${String(process.pid % 1000).padStart(3, '0')}${String((smsPhones += 1)).padStart(5, '0')}`,
  })),
  // No code pending for farmer A (whatever POST /api/sms/phone did before): refused as expired, after the gate.
  'POST /api/sms/verify': async (w) => {
    await db().db.execute(sql`DELETE FROM sms_subscriptions WHERE user_id = ${w.callers.farmer.id}`);
    return { url: '/api/sms/verify', payload: { code: '123456' } };
  },
  'DELETE /api/sms': at('/api/sms'),
  'GET /api/admin/sms': at('/api/admin/sms'),
  'GET /api/parcelle/:id/seasons': (w) => ({ url: `/api/parcelle/${w.parcelId}/seasons` }),
  'PUT /api/parcelle/:id/seasons/:season': (w) => ({
    url: `/api/parcelle/${w.parcelId}/seasons/2025`,
    payload: {
      crop: 'durum_wheat',
      sowingDate: '2025-11-20',
      irrigated: false,
      irrigationSystem: null,
      flowRateM3h: null,
    },
  }),
  'GET /api/parcelle/:id/water': (w) => ({ url: `/api/parcelle/${w.parcelId}/water?date=2026-04-20` }),
  'PUT /api/parcelle/:id/water/settings': (w) => ({
    url: `/api/parcelle/${w.parcelId}/water/settings`,
    payload: { soilTexture: 'loam', waterSource: true },
  }),
  'POST /api/parcelle/:id/irrigations': (w) => ({
    url: `/api/parcelle/${w.parcelId}/irrigations`,
    payload: { date: '2026-04-20', depthMm: 20 },
  }),
  'DELETE /api/parcelle/:id/irrigations/:irrigationId': async (w) => {
    const [row] = (
      await db().db.execute<{ id: number }>(sql`
        INSERT INTO parcel_irrigations (parcel_id, date, depth_mm) VALUES (${w.parcelId}, '2026-04-19', 15) RETURNING id`)
    ).rows;
    return { url: `/api/parcelle/${w.parcelId}/irrigations/${row!.id}` };
  },
  'PUT /api/parcelle/:id/alert-rules': (w) => ({
    url: `/api/parcelle/${w.parcelId}/alert-rules`,
    payload: { rules: [{ rule: 'DROP', enabled: true, threshold: 0.1 }] },
  }),

  'POST /api/service-requests': send('/api/service-requests', () => ({
    serviceKey: 'soil',
    name: 'Karim Benali',
    email: 'karim@example.dz',
    phone: '0550123456',
    message: 'Analyse de sol pour 12 ha.',
  })),
  'GET /api/service-requests': at('/api/service-requests'),

  ...Object.fromEntries(
    ['/api/sellerAbonnement', '/api/sellerabonnement'].flatMap((base): Array<[string, Recipe]> => [
      [`GET ${base}`, at(base)],
      [
        `POST ${base}`,
        send(base, () => ({ nameAbonnement: `Vendeur ${uniqueSuffix()}`, nameClient: 'V', price: 4500 })),
      ],
      [
        `PUT ${base}/:id`,
        async () => ({
          url: `${base}/${(await factories.createSellerPlan(db())).sellerPlan.id}`,
          payload: { nameAbonnement: `Vendeur ${uniqueSuffix()}`, nameClient: 'V', price: 4500 },
        }),
      ],
      [
        `DELETE ${base}/:id`,
        async () => ({ url: `${base}/${(await factories.createSellerPlan(db())).sellerPlan.id}` }),
      ],
    ]),
  ),
  'POST /api/sellerAbonnementUser': send('/api/sellerAbonnementUser', (w) => ({ sellerAbonnementId: w.sellerPlanId })),
  'GET /api/sellerAbonnementUser/current': at('/api/sellerAbonnementUser/current'),
  'GET /api/sellerAbonnementUser': at('/api/sellerAbonnementUser'),
  'PUT /api/sellerAbonnementUser/:id': (w) => ({
    url: `/api/sellerAbonnementUser/${w.sellerSubscriptions.farmer}`,
    payload: { etat: 'actif' },
  }),
  'DELETE /api/sellerAbonnementUser/:id': async () => {
    const { sellerSubscription } = await factories.createSellerSubscription(db(), {
      userId: await freshUserId('Seller'),
    });
    return { url: `/api/sellerAbonnementUser/${sellerSubscription.id}` };
  },

  // Farmer B and the others try A's subscription; the seller uses their own.
  'POST /api/publications/add': send('/api/publications/add', (w, caller) =>
    publicationFields(caller === 'seller' ? w.sellerSubscriptions.seller : w.sellerSubscriptions.farmer),
  ),
  'PUT /api/publications/update/:id': (w) => ({
    url: `/api/publications/update/${w.publicationId}`,
    payload: { productName: 'Tomates de saison' },
  }),
  'DELETE /api/publications/delete/:id': async (w) => {
    const { publication } = await factories.createPublication(db(), { userId: w.callers.farmer.id });
    return { url: `/api/publications/delete/${publication.id}` };
  },
  'GET /api/publications/one/:id': (w) => ({ url: `/api/publications/one/${w.publicationId}` }),
  'GET /api/publications/my-publications': at('/api/publications/my-publications'),
  'GET /api/publications/all': at('/api/publications/all'),
  'GET /api/publications/images/:name': (w) => ({ url: `/api/publications/images/${w.photoName}` }),

  'GET /api/conversations': at('/api/conversations'),
  'POST /api/conversations': send('/api/conversations', async () => ({ userId: await freshUserId() })),
  'GET /api/conversations/unread-count': at('/api/conversations/unread-count'),
  'GET /api/conversations/:id/messages': (w) => ({ url: `/api/conversations/${w.conversationId}/messages` }),
  'POST /api/conversations/:id/messages': (w) => ({
    url: `/api/conversations/${w.conversationId}/messages`,
    payload: { text: 'Bonjour' },
  }),
  'POST /api/conversations/:id/read': (w) => ({ url: `/api/conversations/${w.conversationId}/read` }),
  'POST /api/conversations/stream-ticket': at('/api/conversations/stream-ticket'),
  'GET /api/conversations/stream': at('/api/conversations/stream?ticket=not-a-ticket'),
  'GET /api/blocks': at('/api/blocks'),
  'POST /api/users/:id/block': async () => ({ url: `/api/users/${await freshUserId()}/block` }),
  'DELETE /api/users/:id/block': (w) => ({ url: `/api/users/${w.peer.id}/block` }),

  'GET /api/stock/items': at('/api/stock/items'),
  'POST /api/stock/items': send('/api/stock/items', () => ({
    name: `Blé ${uniqueSuffix()}`,
    unit: 'q',
    kind: 'product',
  })),
  'PUT /api/stock/items/:id': (w) => ({
    url: `/api/stock/items/${w.item.id}`,
    payload: { name: w.item.name, unit: 'kg', kind: 'product' },
  }),
  'DELETE /api/stock/items/:id': async (w) => {
    const { item } = await createStockItem(db(), { userId: w.callers.farmer.id });
    return { url: `/api/stock/items/${item.id}` };
  },
  'GET /api/stock/movements': at('/api/stock/movements'),
  'POST /api/stock/movements': send('/api/stock/movements', (w) => ({
    itemId: w.item.id,
    direction: 'in',
    kind: 'purchase',
    quantity: 1,
    unitPrice: 0,
    date: '2025-03-01',
  })),
  'DELETE /api/stock/movements/:id': async (w) => {
    const { item } = await createStockItem(db(), { userId: w.callers.farmer.id });
    const { movement } = await createStockMovement(db(), { itemId: item.id });
    return { url: `/api/stock/movements/${movement.id}` };
  },
  'GET /api/stock/summary': at('/api/stock/summary'),
  'GET /api/stock/export.csv': at('/api/stock/export.csv'),

  'POST /api/organisations': send('/api/organisations', () => ({
    name: `Organisation ${uniqueSuffix()}`,
    type: 'insurer',
  })),
  'GET /api/organisations': at('/api/organisations'),
  'GET /api/organisations/:id': (w) => ({ url: `/api/organisations/${w.organisation.id}` }),
  'POST /api/organisations/:id/members': async (w) => ({
    url: `/api/organisations/${w.organisation.id}/members`,
    payload: { email: (await factories.createUser(db(), { role: 'User' })).user.email, role: 'viewer' },
  }),
  'DELETE /api/organisations/:id/members/:userId': async (w) => {
    const { user } = await factories.createUser(db(), { role: 'User' });
    await asAdmin(w, 'POST', `/api/organisations/${w.organisation.id}/members`, { email: user.email, role: 'viewer' });
    return { url: `/api/organisations/${w.organisation.id}/members/${user.id}` };
  },
  'GET /api/organisations/:id/parcels': (w) => ({ url: `/api/organisations/${w.organisation.id}/parcels` }),
  'GET /api/organisations/:id/parcels/:parcelId': (w) => ({
    url: `/api/organisations/${w.organisation.id}/parcels/${w.parcelId}`,
  }),
  'POST /api/grants': send('/api/grants', (w) => ({ accessCode: w.organisation.accessCode, parcelIds: null })),
  'GET /api/grants': at('/api/grants'),
  'DELETE /api/grants/:id': async (w) => {
    const { parcel } = await factories.createParcel(db(), { userId: w.callers.farmer.id });
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/grants',
      headers: w.callers.farmer.headers,
      payload: { accessCode: w.organisation.accessCode, parcelIds: [parcel.id] },
    });
    const grant = json<Array<{ id: number; parcel: { id: number } | null }>>(res).find(
      (g) => g.parcel?.id === parcel.id,
    );
    if (!grant) throw new Error(`fixture grant: ${res.statusCode} ${res.body}`);
    return { url: `/api/grants/${grant.id}` };
  },
  'GET /api/access-log': at('/api/access-log'),
  'POST /api/organisations/:id/parcels/import': (w) => {
    const form = importForm();
    return {
      url: `/api/organisations/${w.organisation.id}/parcels/import`,
      payload: form.payload,
      headers: form.headers,
    };
  },
  'GET /api/organisations/:id/imports': (w) => ({ url: `/api/organisations/${w.organisation.id}/imports` }),
  'GET /api/imports/:id': (w) => ({ url: `/api/imports/${w.importId}` }),
  'GET /api/imports/:id/report.csv': (w) => ({ url: `/api/imports/${w.importId}/report.csv` }),
  'GET /api/organisations/:id/export.csv': (w) => ({ url: `/api/organisations/${w.organisation.id}/export.csv` }),
  'GET /api/organisations/:id/export.gpkg': (w) => ({ url: `/api/organisations/${w.organisation.id}/export.gpkg` }),
  'POST /api/organisations/:id/api-keys': (w) => ({
    url: `/api/organisations/${w.organisation.id}/api-keys`,
    payload: { name: 'SIG', scopes: ['parcels:read'] },
  }),
  'GET /api/organisations/:id/api-keys': (w) => ({ url: `/api/organisations/${w.organisation.id}/api-keys` }),
  'DELETE /api/organisations/:id/api-keys/:keyId': async (w) => {
    const res = await t.current.inject({
      method: 'POST',
      url: `/api/organisations/${w.organisation.id}/api-keys`,
      headers: w.callers.farmer.headers,
      payload: { name: 'à révoquer', scopes: ['parcels:read'] },
    });
    if (res.statusCode !== 201) throw new Error(`fixture key: ${res.statusCode} ${res.body}`);
    return { url: `/api/organisations/${w.organisation.id}/api-keys/${json<{ id: number }>(res).id}` };
  },
  'GET /api/organisations/:id/conditions': (w) => ({ url: `/api/organisations/${w.organisation.id}/conditions` }),
  'GET /api/organisations/:id/territory': (w) => ({ url: `/api/organisations/${w.organisation.id}/territory` }),
  'GET /api/organisations/:id/territory/curve': (w) => ({
    url: `/api/organisations/${w.organisation.id}/territory/curve?crop=barley`,
  }),
  'GET /api/organisations/:id/tiles/:z/:x/:y.mvt': (w) => ({
    url: `/api/organisations/${w.organisation.id}/tiles/12/2081/1590.mvt`,
  }),
  'GET /api/organisations/:id/parcels/:parcelId/points': (w) => ({
    url: `/api/organisations/${w.organisation.id}/parcels/${w.parcelId}/points`,
  }),

  'GET /api/network/suggestions': at('/api/network/suggestions'),
  'GET /api/network/hidden': at('/api/network/hidden'),
  'POST /api/network/hidden/:userId': async () => ({ url: `/api/network/hidden/${await freshUserId()}` }),
  'DELETE /api/network/hidden/:userId': (w) => ({ url: `/api/network/hidden/${w.peer.id}` }),
};

/** Binds the recipes to the test app and builds the fixtures once. */
export function buildWorld(testApp: { readonly current: TestApp }): Promise<World> {
  bound = testApp;
  return makeWorld(testApp.current);
}
