import { useTranslation } from 'react-i18next';
import { formatSavedAt } from '../../lib/offline.ts';
import { useMessages } from '../../lib/messages.ts';
import { useOutbox, type OutboxKind } from '../../lib/outbox.ts';

/**
 * A form's outbox (lib/outbox.ts): what was submitted without a connection and waits to be sent, then what
 * became of it once the network answered (sent, or refused with the reason). Shown inside the form's card.
 */
export function PendingSubmissions({ kind }: { kind: OutboxKind }) {
  const { t, i18n } = useTranslation();
  const { errorMessage } = useMessages();
  const { pending, events, dismiss } = useOutbox(kind);
  const date = (iso: string) => formatSavedAt(iso, i18n.language);
  if (pending.length === 0 && events.length === 0) return null;
  return (
    <div className="space-y-2" data-testid={`outbox-${kind}`}>
      {pending.length > 0 ? (
        <div
          role="status"
          data-state="pending"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0"
            fill="none"
            stroke="currentColor"
          >
            <circle cx="12" cy="12" r="9" strokeWidth="2" />
            <path d="M12 7v5l3 2" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <div>
            <p className="font-semibold">{t('outbox.pending')}</p>
            <ul className="mt-1 list-inside list-disc">
              {pending.map((e) => (
                <li key={e.id}>{t('outbox.typedOn', { date: date(e.createdAt) })}</li>
              ))}
            </ul>
            <p className="mt-1 text-amber-900">{t('outbox.discardNote')}</p>
          </div>
        </div>
      ) : null}
      {events.length > 0 ? (
        <div
          role="status"
          data-state="done"
          className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
        >
          <ul className="flex-1 space-y-1">
            {events.map((e) =>
              e.type === 'sent' ? (
                <li key={e.entry.id} data-outcome="sent">
                  {t('outbox.sent', { date: date(e.entry.createdAt) })}
                </li>
              ) : (
                <li key={e.entry.id} data-outcome="rejected" className="text-red-800">
                  {t('outbox.rejected', { date: date(e.entry.createdAt), reason: errorMessage(e.error) })}
                </li>
              ),
            )}
          </ul>
          <button
            type="button"
            onClick={dismiss}
            className="rounded px-2 py-0.5 text-xs font-semibold hover:bg-brand-100"
          >
            {t('outbox.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
