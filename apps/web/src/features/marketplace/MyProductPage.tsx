import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading } from '../../components/ui/Loading.tsx';
import { focusFirstInvalid } from '../../lib/focusFirstInvalid.ts';
import { ApiAnswerError, profileQuery, unwrap } from '../../lib/queries.ts';
import { deletePublication, fetchPublication, marketKeys, type Publication } from './api.ts';
import { publicationFormData, updatePublication } from './publicationUpload.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { CurrentPhotos } from './CurrentPhotos.tsx';
import { useMarketErrors, type ErrorText } from './errors.ts';
import { PhotoInput } from './PhotoInput.tsx';
import { BackButton } from './ProductDetailsPage.tsx';
import { ProductFields } from './ProductFields.tsx';
import { ProductForm, toFields, type ProductFormInput, type ProductFormValues } from './productForm.ts';
import { useAreaBase } from './format.ts';
import { useBack } from './useBack.ts';

/** Where the seller's own list lives; deleting a product returns there with the SPEC §8 message. */
export const OWN_LIST = 'product-submission';
export interface FlashState {
  flash?: string;
}

const valuesOf = (p: Publication): ProductFormInput => ({
  productName: p.nomProduit,
  quantity: String(p.quantité),
  price: String(p.prixUnitaire),
  // A publication without a unit opens with none chosen: the form asks for one.
  unit: p.unit ?? '',
  location: p.addresse,
  phone: p.phoneNumber,
  disponibility: p.etat,
});

function Notice({ kind, message }: { kind: 'ok' | 'error'; message: ErrorText | string }) {
  const m = typeof message === 'string' ? { text: message } : message;
  return kind === 'ok' ? (
    <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-900">
      {m.text}
    </p>
  ) : (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{m.text}</p>
      {m.detail && m.detail !== m.text ? <p className="mt-1">{m.detail}</p> : null}
    </div>
  );
}

function EditForm({ publication }: { publication: Publication }) {
  const { t } = useTranslation('marketplace');
  const base = useAreaBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const describe = useMarketErrors();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(ProductForm),
    defaultValues: valuesOf(publication),
    shouldFocusError: false, // focusFirstInvalid: the first refused field on screen
  });

  const save = useMutation({
    mutationFn: async (values: ProductFormValues) =>
      unwrap(
        await updatePublication(
          publication.id,
          publicationFormData(toFields(values), files, { deletedImageIds: [...removed] }),
          files.length ? setProgress : undefined,
        ),
      ),
    onSettled: () => setProgress(null),
    onSuccess: async (answer) => {
      client.setQueryData(marketKeys.one(publication.id), answer.publication);
      form.reset(valuesOf(answer.publication));
      setRemoved(new Set());
      setFiles([]);
      setSaved(true);
      await client.invalidateQueries({ queryKey: marketKeys.all, refetchType: 'none' });
    },
  });

  const remove = useMutation({
    mutationFn: async () => unwrap(await deletePublication(publication.id)),
    onSuccess: async () => {
      client.removeQueries({ queryKey: marketKeys.one(publication.id) });
      await client.invalidateQueries({ queryKey: marketKeys.all });
      const state: FlashState = { flash: t('mine.deleted') };
      void navigate(`${base}/${OWN_LIST}`, { state });
    },
    onError: () => setConfirming(false),
  });

  const toggle = (id: number) => {
    setSaved(false);
    setRemoved((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const kept = publication.images.length - removed.size;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setSaved(false);
        save.mutate(values);
      }, focusFirstInvalid)}
      className="space-y-6 rounded-2xl border border-stone-200 bg-white p-6"
    >
      {saved ? <Notice kind="ok" message={t('mine.updated')} /> : null}
      {save.error ? <Notice kind="error" message={describe(save.error, t('mine.updateError'))} /> : null}
      {remove.error ? <Notice kind="error" message={describe(remove.error, t('mine.deleteError'))} /> : null}
      <ProductFields form={form} />
      <section aria-labelledby="current-photos" className="space-y-3">
        <h2 id="current-photos" className="text-sm font-medium text-stone-800">
          {t('mine.currentPhotos')}
        </h2>
        <CurrentPhotos images={publication.images} removed={removed} onToggle={toggle} />
      </section>
      <PhotoInput
        files={files}
        onChange={(next) => {
          setSaved(false);
          setFiles(next);
        }}
        kept={kept}
        progress={save.isPending ? (progress ?? []) : null}
        legend={t('mine.newPhotos')}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-5">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {save.isPending ? t('mine.saving') : t('mine.save')}
        </button>
        <Link
          to={`${base}/product-details/${publication.id}`}
          className="rounded-lg border border-stone-300 px-5 py-2.5 font-semibold text-stone-800 hover:bg-stone-100"
        >
          {t('mine.view')}
        </Link>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="ms-auto rounded-lg border border-red-300 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50"
        >
          {t('mine.delete')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDelete
          name={publication.nomProduit}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </form>
  );
}

/** /seller|user/my-product-details/:id (SPEC §2): the owner edits, changes photos, or deletes a product. */
export function MyProductPage() {
  const { t } = useTranslation('marketplace');
  const base = useAreaBase();
  const back = useBack(`${base}/${OWN_LIST}`);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const item = useQuery({ queryKey: marketKeys.one(id), queryFn: () => fetchPublication(id), enabled: valid });
  const me = useQuery(profileQuery);

  if (valid && (item.isPending || me.isPending)) return <Loading />;
  const notFound = !valid || (item.error instanceof ApiAnswerError && item.error.status === 404);
  const notMine = item.data && me.data?.id !== item.data.userId;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-4xl space-y-4">
      <BackButton onClick={back} />
      <h1 id="page-title" className="text-2xl font-bold text-stone-900">
        {item.data ? t('mine.title', { name: item.data.nomProduit }) : t('mine.titleFallback')}
      </h1>
      {!item.data ? (
        <Notice kind="error" message={notFound ? t('details.notFound') : t('details.loadError')} />
      ) : notMine ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p>{t('mine.notMine')}</p>
          <Link to={`${base}/product-details/${item.data.id}`} className="mt-2 inline-block font-semibold underline">
            {t('mine.view')}
          </Link>
        </div>
      ) : (
        <EditForm key={item.data.id} publication={item.data} />
      )}
    </section>
  );
}
