import { z } from 'zod';

/** Answer fields farmer plans and seller plans share, with the SPEC's field names (§3). */

/** A plan's names: French texts (the SPEC's fields), their Arabic versions next to them, '' when not translated yet. */
export const planNameFields = {
  nameAbonnement: z.string(),
  nameAbonnementAr: z.string(),
  nameClient: z.string(),
  nameClientAr: z.string(),
};

/** `name` is French (the SPEC's field); `nameAr` its Arabic version, '' when not translated yet. */
export const Functionality = z.object({
  id: z.number().int(),
  name: z.string(),
  nameAr: z.string(),
  psudo: z.string(),
});
export type Functionality = z.infer<typeof Functionality>;
