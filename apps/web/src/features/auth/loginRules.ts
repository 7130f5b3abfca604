import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '@filaha/shared';

/** The sign-in form's rules (SPEC §3 LoginInput), loaded apart from the page (lib/lazyResolver.ts). */
export const loginResolver = zodResolver(LoginInput);
