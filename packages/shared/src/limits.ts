/** Business constants shared by the server and the forms (SPEC.md §9). */
export const LIMITS = {
  phoneMaxDigits: 10,
  wilayaCount: 58,
  resetCodeLength: 5,
  resetCodeTtlMinutes: 15,
  resetCodeMaxAttempts: 5,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  userNameMaxLength: 80,
  emailMaxLength: 254,
  maxPeriodDays: 6,
  imageSize: 2048,
  defaultSubscriptionMonths: 12,
  sellerSubscriptionMonths: 12,
  sellerPriorityDefault: 1,
  defaultRequestsPerIndex: 6,
  httpTimeoutMs: 10000,
} as const;

/** The largest id a row can have (PostgreSQL integer): a larger one names nothing. */
export const ID_MAX = 2_147_483_647;

/** Role ids. Farmer (User) 2 and Seller 6 are fixed by the earlier product's clients. */
export const ROLE_IDS = { admin: 1, user: 2, manager: 3, investor: 4, seller: 6 } as const;
export const ROLE_NAMES = ['Admin', 'User', 'Manager', 'Investor', 'Seller'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const SUBSCRIPTION_STATES = ['actif', 'désactivé'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const PUBLICATION_STATES = ['DISPO', 'NONDISPO'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
/**
 * What a publication's price and quantity count in (issue 13 §5), one fixed list: the database CHECK, the API
 * and the form use it; the labels are in the web's `marketplace` locale files (`unit.<code>`).
 */
export const PUBLICATION_UNITS = ['kg', 'quintal', 'tonne', 'litre', 'piece', 'box', 'bag', 'bunch', 'dozen'] as const;
export type PublicationUnit = (typeof PUBLICATION_UNITS)[number];

/**
 * Where each role lands after sign-in without a deep link (SPEC.md §2, changed by issue 13 §5): a farmer on their
 * farm map, a seller on their publications (product submission and "Mes publications"); an investor, who has no
 * parcels, on the marketplace.
 */
export const ROLE_HOME: Record<RoleName, string> = {
  Admin: '/admin/UserManagement',
  Manager: '/manager/Dashboard',
  User: '/user/ferme-map',
  Investor: '/user/marketplace',
  Seller: '/seller/product-submission',
};
