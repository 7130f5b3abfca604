import type { ErrorBodyOf, InputOf, ResponseOf, RouteContract, RouteKeyOf } from './contract.ts';
import { parcelsContract } from './parcels.ts';
import { marketplaceContract } from './marketplace.ts';
import { stockContract } from './stock.ts';
import { networkContract } from './network.ts';
import { servicesContract } from './services.ts';
import { messagingContract } from './messaging.ts';
import { plansContract } from './plans.ts';
import { sellerPlansContract } from './seller-plans.ts';
import { subscriptionsContract } from './subscriptions.ts';
import { indicesContract, legendsContract } from './indices.ts';
import { imagesContract } from './images.ts';
import { historyContract } from './history.ts';
import { authContract } from './auth.ts';
import { usersContract } from './users.ts';
import { rolesContract } from './roles.ts';
import { settingsContract } from './settings.ts';
import { statsContract } from './stats.ts';
import { alertsContract } from './alerts.ts';
import { jobsContract } from './jobs.ts';
import { healthContract } from './health.ts';
import { organisationsContract } from './organisations.ts';
import { cropsContract } from './crops.ts';
import { waterContract } from './water.ts';
import { importsContract } from './imports.ts';
import { territoryContract } from './territory.ts';
import { apiKeysContract } from './api-keys.ts';
import { smsContract } from './sms.ts';

export * from './contract.ts';
export * from './common.ts';
export * from './parcels.ts';
export * from './marketplace.ts';
export * from './stock.ts';
export * from './network.ts';
export * from './services.ts';
export * from './messaging.ts';
export * from './plan-common.ts';
export * from './plans.ts';
export * from './seller-plans.ts';
export * from './subscriptions.ts';
export * from './indices.ts';
export * from './images.ts';
export * from './history.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './roles.ts';
export * from './settings.ts';
export * from './stats.ts';
export * from './alerts.ts';
export * from './jobs.ts';
export * from './health.ts';
export * from './organisations.ts';
export * from './crops.ts';
export * from './water.ts';
export * from './imports.ts';
export * from './territory.ts';
export * from './api-keys.ts';
export * from './sms.ts';
export * from './error-bodies.ts';

/**
 * Every route of the API by domain. The API registers each from here; the web names a route by its key
 * (`'GET /parcelle/:id'`) and imports only types from this module, so zod stays out of its production bundle.
 */
export const API_CONTRACTS = {
  parcels: parcelsContract,
  marketplace: marketplaceContract,
  stock: stockContract,
  network: networkContract,
  services: servicesContract,
  messaging: messagingContract,
  plans: plansContract,
  sellerPlans: sellerPlansContract,
  subscriptions: subscriptionsContract,
  indices: indicesContract,
  legends: legendsContract,
  images: imagesContract,
  history: historyContract,
  auth: authContract,
  users: usersContract,
  roles: rolesContract,
  settings: settingsContract,
  stats: statsContract,
  alerts: alertsContract,
  jobs: jobsContract,
  health: healthContract,
  organisations: organisationsContract,
  crops: cropsContract,
  water: waterContract,
  imports: importsContract,
  territory: territoryContract,
  apiKeys: apiKeysContract,
  sms: smsContract,
};

type Domains = typeof API_CONTRACTS;
type AnyRoute = { [D in keyof Domains]: Domains[D][keyof Domains[D]] }[keyof Domains];

/** Route key → contract, e.g. `ApiRoutes['GET /parcelle/:id']`. */
export type ApiRoutes = { [R in AnyRoute as RouteKeyOf<R>]: R };
export type RouteKey = keyof ApiRoutes;
/** The body of a route's success answer. */
export type RouteData<K extends RouteKey> = ResponseOf<ApiRoutes[K]>;
/** What the web sends to a route (params, query, body). */
export type RouteInput<K extends RouteKey> = InputOf<ApiRoutes[K]>;
/** A route's error answer, discriminated by `code`: the fields its contract declares for some codes (`errorBodies`). */
export type RouteError<K extends RouteKey> = ErrorBodyOf<ApiRoutes[K]>;

/** Every contract, once. */
export function allContracts(): RouteContract[] {
  return Object.values(API_CONTRACTS).flatMap((domain) => Object.values(domain) as RouteContract[]);
}

/** The contract of a route key (the web's development check of answers). */
export function contractOf(key: string): RouteContract | undefined {
  return allContracts().find((c) => `${c.method} ${c.path}` === key);
}
