import type { RoleName } from '@filaha/shared';

/** Farmers are role User (SPEC §6: "Farmers (agriculteur)"). Who may act on what: core/access.ts. */
export const FARMER_ROLE = 'User' satisfies RoleName;
