import '../../pages.css';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tabs } from '../../components/ui/Tabs.tsx';

const HISTORY = ['idea', 'pilot', 'today', 'next'] as const;
const TEAM = ['agronomists', 'remoteSensing', 'engineers', 'advisors'] as const;
const VALUES = ['transparency', 'proximity', 'rigor', 'data'] as const;

function Cards({ children }: { children: ReactNode }) {
  return <ul className="grid gap-5 sm:grid-cols-2">{children}</ul>;
}

/** /about and /About: vision, history, team and values tabs, then the way in (→ /auth/SignUp). */
export function AboutPage() {
  const { t } = useTranslation('about');
  const { t: tc } = useTranslation();

  useEffect(() => {
    document.title = `${t('title')} · ${tc('brand.name')}`;
  }, [t, tc]);

  const items = [
    {
      id: 'vision',
      label: t('tabs.vision'),
      panel: (
        <div className="max-w-3xl space-y-4 text-lg text-stone-700">
          <p>{t('vision.p1')}</p>
          <p>{t('vision.p2')}</p>
        </div>
      ),
    },
    {
      id: 'history',
      label: t('tabs.history'),
      panel: (
        <ol className="relative max-w-3xl space-y-8 border-s-2 border-brand-200 ps-6">
          {HISTORY.map((step, i) => (
            <li key={step} className="relative">
              <span className="absolute -start-[2.1rem] top-0.5 flex size-6 items-center justify-center rounded-full bg-brand-800 text-xs font-bold text-white">
                {i + 1}
              </span>
              <h3 className="text-lg font-semibold text-stone-900">{t(`history.${step}.title`)}</h3>
              <p className="mt-1 text-stone-700">{t(`history.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      ),
    },
    {
      id: 'team',
      label: t('tabs.team'),
      panel: (
        <>
          <p className="mb-6 text-lg text-stone-700">{t('team.intro')}</p>
          <Cards>
            {TEAM.map((g) => (
              <li key={g} className="rounded-xl border border-stone-200 bg-white p-5">
                <h3 className="font-semibold text-stone-900">{t(`team.${g}.title`)}</h3>
                <p className="mt-1 text-sm text-stone-700">{t(`team.${g}.text`)}</p>
              </li>
            ))}
          </Cards>
        </>
      ),
    },
    {
      id: 'values',
      label: t('tabs.values'),
      panel: (
        <Cards>
          {VALUES.map((v) => (
            <li key={v} className="rounded-xl border border-stone-200 bg-white p-5">
              <h3 className="font-semibold text-stone-900">{t(`values.${v}.title`)}</h3>
              <p className="mt-1 text-sm text-stone-700">{t(`values.${v}.text`)}</p>
            </li>
          ))}
        </Cards>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
      <h1 className="text-3xl font-bold text-stone-900 md:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-stone-700">{t('lead')}</p>
      <div className="mt-10">
        <Tabs items={items} label={t('tabsLabel')} />
      </div>
      <section
        aria-labelledby="join-title"
        className="mt-6 flex flex-col items-start gap-4 rounded-2xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between"
      >
        <div>
          <h2 id="join-title" className="text-2xl font-bold">
            {t('join.title')}
          </h2>
          <p className="mt-1 text-brand-100">{t('join.text')}</p>
        </div>
        <Link
          to="/auth/SignUp"
          className="rounded-lg bg-lime-300 px-6 py-3 font-semibold text-brand-950 hover:bg-lime-200"
        >
          {t('join.button')}
        </Link>
      </section>
    </div>
  );
}
