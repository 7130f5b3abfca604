import { controlClass } from '../../../components/ui/fields.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches } from '../../../components/ui/AdminPage.tsx';
import { card } from '../../../components/ui/styles.ts';
import type { UserRow } from '../types.ts';

interface Props {
  users: readonly UserRow[];
  selectedId: number | null;
  onSelect: (user: UserRow) => void;
}

/** SPEC §2/§9: the farmers, searchable by name or e-mail, in a list that scrolls beyond 24rem. */
export function UserPicker({ users, selectedId, onSelect }: Props) {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const listId = useId();
  const [query, setQuery] = useState('');
  const shown = users.filter((u) => matches(query, u.userName, u.email));

  return (
    <div className={card}>
      <h2 className="text-lg font-bold text-stone-900">{t('parcels.usersTitle')}</h2>
      <label htmlFor={searchId} className="mt-3 block text-sm font-medium text-stone-800">
        {t('parcels.searchUsers')}
      </label>
      <input
        id={searchId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-controls={listId}
        className={`${controlClass} mt-1`}
      />
      <ul
        id={listId}
        aria-label={t('parcels.usersTitle')}
        className="mt-3 max-h-[24rem] space-y-1 overflow-y-auto"
        data-testid="parcel-user-list"
      >
        {shown.length === 0 ? (
          <li className="px-3 py-4 text-center text-stone-600">{t('parcels.noUser')}</li>
        ) : (
          shown.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                aria-pressed={u.id === selectedId}
                onClick={() => onSelect(u)}
                className="w-full rounded-lg px-3 py-2 text-start hover:bg-stone-100 aria-pressed:bg-brand-800 aria-pressed:text-white"
              >
                <span className="block font-medium">{u.userName}</span>
                <span dir="ltr" className="block truncate text-xs opacity-80">
                  {u.email}
                </span>
              </button>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
