import type { SubscriptionState } from '@filaha/shared';
import type { AuthedCtx } from '../../context.ts';
import type { Language } from '../../i18n/messages.ts';
import { text, type TextKey } from '../../i18n/texts.ts';
import { conflict, NotFoundError, unknownReference } from '../errors.ts';
import type { SubscriptionStore } from './store.ts';

/** A success answer: the message and the subscription under the kind's field name (SPEC §3). */
export type SubscriptionAnswer<K extends string, P> = { message: string } & { [key in K]: P };

export interface SubscriptionCommandsOptions<R, P, K extends string> {
  store: Pick<SubscriptionStore<R>, 'findById' | 'create' | 'setState' | 'remove'>;
  /** The record in the contract's shape. */
  present(record: R): P;
  /** The answer's field holding the subscription ('abonnementUser', 'sellerAbonnementUser'). */
  answerKey: K;
  /** The body field naming the plan, for the 409 and 400 issues ('abn_id', 'sellerAbonnementId'). */
  planField: string;
  /** The kind's success texts (i18n/texts.ts). */
  textKeys: Record<'created' | 'updated' | 'deleted', TextKey>;
}

/**
 * Subscribe, switch the state, delete: the same answers and errors for farmer and seller subscriptions (who may
 * call is the route guards' and the module service's business).
 */
export function createSubscriptionCommands<R, P, K extends string>(options: SubscriptionCommandsOptions<R, P, K>) {
  const { store, present, answerKey, planField, textKeys } = options;
  const texts = (key: keyof typeof textKeys, lang: Language) => text(textKeys[key], lang);

  async function answer(id: number, message: string): Promise<SubscriptionAnswer<K, P>> {
    const record = await store.findById(id);
    if (!record) throw new NotFoundError();
    const payload = { [answerKey]: present(record) } as { [key in K]: P };
    return { message, ...payload };
  }

  return {
    /** Opens the caller's subscription to `planId`: 409 subscription_open, 400 for an unknown plan. */
    async subscribe(ctx: AuthedCtx, planId: number): Promise<SubscriptionAnswer<K, P>> {
      const outcome = await store.create(ctx.actor.id, planId);
      if (!outcome.ok) {
        throw outcome.reason === 'open' ? conflict('subscription_open', planField) : unknownReference(planField);
      }
      return answer(outcome.id, texts('created', ctx.lang));
    },

    async setState({ ctx, id, etat }: { ctx: AuthedCtx; id: number; etat: SubscriptionState }) {
      const outcome = await store.setState(id, etat);
      if (outcome === 'not_found') throw new NotFoundError();
      if (outcome === 'other_active') throw conflict('other_active', 'etat');
      return answer(id, texts('updated', ctx.lang));
    },

    async remove({ ctx, id }: { ctx: AuthedCtx; id: number }): Promise<{ message: string }> {
      if (!(await store.remove(id))) throw new NotFoundError();
      return { message: texts('deleted', ctx.lang) };
    },
  };
}
