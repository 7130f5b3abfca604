import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '../../lib/focusFirstInvalid.ts';
import { profileQuery, unwrap } from '../../lib/queries.ts';
import { marketKeys } from '../marketplace/api.ts';
import { createPublication, publicationFormData } from '../marketplace/publicationUpload.ts';
import { useMarketErrors } from '../marketplace/errors.ts';
import { PhotoInput } from '../marketplace/PhotoInput.tsx';
import { ProductFields } from '../marketplace/ProductFields.tsx';
import {
  EMPTY_PRODUCT,
  ProductForm,
  toFields,
  type ProductFormInput,
  type ProductFormValues,
} from '../marketplace/productForm.ts';
import { sellerKeys, type SellerSubscription } from './api.ts';
import { RemainingPosts } from './SubscriptionCard.tsx';

/** The publication form (SPEC §3) under the caller's active seller subscription, with photo previews. */
export function SubmissionForm({ subscription }: { subscription: SellerSubscription }) {
  const { t } = useTranslation('seller');
  const describe = useMarketErrors();
  const client = useQueryClient();
  const profile = useQuery(profileQuery);
  const [files, setFiles] = useState<File[]>([]);
  const [created, setCreated] = useState(false);
  const [progress, setProgress] = useState<number[] | null>(null);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(ProductForm),
    defaultValues: EMPTY_PRODUCT,
    shouldFocusError: false, // focusFirstInvalid: the first refused field on screen
  });

  // The account's phone is the likely contact number; prefilled once, still editable.
  const phone = profile.data?.phoneNumber;
  useEffect(() => {
    if (phone && !form.getValues('phone')) form.setValue('phone', phone);
  }, [phone, form]);

  const publish = useMutation({
    mutationFn: async (values: ProductFormValues) =>
      unwrap(
        await createPublication(
          publicationFormData(toFields(values), files, { sellerAbonnementUserId: subscription.id }),
          files.length ? setProgress : undefined,
        ),
      ),
    onSuccess: () => {
      form.reset({ ...EMPTY_PRODUCT, phone: phone ?? '' });
      setFiles([]);
      setCreated(true);
    },
    // Success or refusal, the post counter may have moved: refresh it and the lists.
    onSettled: async () => {
      setProgress(null);
      await Promise.all([
        client.invalidateQueries({ queryKey: sellerKeys.current }),
        client.invalidateQueries({ queryKey: marketKeys.all }),
      ]);
    },
  });

  const exhausted = subscription.remainingPosts === 0;
  const error = publish.error ? describe(publish.error, t('submit.createError')) : null;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setCreated(false);
        publish.mutate(values);
      }, focusFirstInvalid)}
      className="space-y-6 rounded-2xl border border-stone-200 bg-white p-6"
    >
      <div className="rounded-lg bg-stone-50 p-3 text-sm text-stone-800">
        <RemainingPosts subscription={subscription} />
      </div>
      {created ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 font-medium text-brand-900">
          {t('submit.created')}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-medium">{error.text}</p>
          {error.detail && error.detail !== error.text ? <p className="mt-1 text-sm">{error.detail}</p> : null}
        </div>
      ) : null}
      <ProductFields form={form} />
      <PhotoInput files={files} onChange={setFiles} progress={publish.isPending ? (progress ?? []) : null} />
      {exhausted ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('submit.exhausted')}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={publish.isPending || exhausted}
        className="rounded-lg bg-brand-800 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {publish.isPending ? t('submit.sending') : t('submit.send')}
      </button>
    </form>
  );
}
