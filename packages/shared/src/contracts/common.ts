import { z } from 'zod';

/** `{ message }`: what a write without a body of its own answers (the text follows Accept-Language). */
export const MessageAnswer = z.object({ message: z.string() });
export const IdParams = z.object({ id: z.coerce.number().int().positive() });
