import type { FastifyRequest } from 'fastify';
import { pickLanguage } from './i18n/language.ts';
import type { Language } from './i18n/messages.ts';
import { type AuthUser, currentUser } from './plugins/auth.ts';

/** What a service verb knows about its caller: who (if signed in) and which language to answer in. */
export interface Ctx {
  actor: AuthUser | null;
  lang: Language;
}

/** A signed-in caller's context; services that need one take this type so the check is not forgotten. */
export interface AuthedCtx extends Ctx {
  actor: AuthUser;
}

export function ctxOf(request: FastifyRequest): Ctx {
  return { actor: request.user, lang: pickLanguage(request.headers['accept-language']) };
}

/** For routes behind `authenticate`: the context with its caller (401 if the hook was forgotten). */
export function authedCtxOf(request: FastifyRequest): AuthedCtx {
  return { ...ctxOf(request), actor: currentUser(request) };
}
