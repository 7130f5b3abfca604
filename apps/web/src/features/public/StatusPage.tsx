import '../../pages.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { homeOf } from '../../lib/roles.ts';

/** /unauthorized (SPEC §2 "Other") and the not-found page share one calm layout. */
export function StatusPage({ kind }: { kind: 'unauthorized' | 'notFound' }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const back =
    kind === 'unauthorized' && session.status === 'authenticated'
      ? { to: homeOf(session.role), label: t('unauthorized.mySpace') }
      : { to: '/', label: t(`${kind}.home`) };
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-800" aria-hidden="true">
        {kind === 'unauthorized' ? '403' : '404'}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t(`${kind}.title`)}</h1>
      <p className="mt-3 text-stone-700">{t(`${kind}.text`)}</p>
      <Link to={back.to} className="mt-8 rounded-lg bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900">
        {back.label}
      </Link>
    </section>
  );
}
