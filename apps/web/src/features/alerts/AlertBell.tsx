import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { useSettled } from '../../lib/settled.ts';
import { ALERTS_POLL_MS, alertQueries } from './alertsApi.ts';
import { BellIcon } from './BellIcon.tsx';

/**
 * The header's bell (farmers only): a link to the notification centre with the number of unread alerts. Its
 * accessible name says the count in the page's language. It waits for the first screen (lib/settled.ts), then
 * asks every minute; an error leaves the bell without a number rather than breaking the header.
 */
export function AlertBell({ className = '' }: { className?: string }) {
  const { t } = useTranslation('alerts');
  const { session } = useSession();
  const farmer = session.status === 'authenticated' && session.role === 'User';
  const settled = useSettled();
  // No retry: a failed ask leaves the bell without a number until the next minute.
  const list = useQuery({
    ...alertQueries.list,
    enabled: farmer && settled,
    refetchInterval: ALERTS_POLL_MS,
    retry: false,
  });
  if (!farmer) return null;
  const unread = list.data?.unread ?? 0;
  return (
    <Link
      to="/user/alertes"
      data-testid="alert-bell"
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label')}
      className={`relative inline-flex size-11 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 ${className}`}
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          data-testid="alert-bell-count"
          aria-hidden="true"
          className="absolute -top-0.5 end-0 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
