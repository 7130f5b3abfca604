/** Roles that read everything the admin reads (the manager area is read-only, plus subscription toggles). */
export const READER_ROLES = new Set(['Admin', 'Manager']);
/** Farmers are role User (SPEC §6: "Farmers (agriculteur)"). */
export const FARMER_ROLE = 'User';
