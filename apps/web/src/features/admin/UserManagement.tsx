import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_NAMES, WILAYAS } from '@filaha/shared';
import { profileQuery } from '../../lib/queries.ts';
import { parseRole } from '../../lib/roles.ts';
import { call } from '../../lib/client.ts';
import { KEYS } from './adminApi.ts';
import { usersQuery } from './queries.ts';
import type { UserRow } from './types.ts';
import { FilterSelect } from './ui/FilterSelect.tsx';
import { useConfirmedDelete } from './ui/RowActions.tsx';
import { AdminPage, matches, SearchBox } from '../../components/ui/AdminPage.tsx';
import { DataTable, type Column } from '../../components/ui/DataTable.tsx';
import { useFormat } from '../../lib/format.ts';
import { Button } from '../../components/ui/Button.tsx';
import { withToasts } from '../../components/ui/Toasts.tsx';

/**
 * /admin/UserManagement: users table, role filter ('All Roles'), search, delete after confirmation. The signed-in
 * admin's own row offers no Delete (the API refuses it too: SELF_DELETE).
 */
function UserManagementView() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const fmt = useFormat();
  const [role, setRole] = useState('');
  const [query, setQuery] = useState('');
  const users = useQuery(usersQuery);
  const me = useQuery(profileQuery);
  const myId = me.data?.id;

  const remove = useConfirmedDelete({
    remove: (u: UserRow) => call('DELETE /users/:id', { params: { id: u.id } }),
    success: () => t('users.deleted'),
    invalidate: [KEYS.users],
    confirm: (u) => ({
      title: t('users.confirmTitle'),
      message: t('users.confirmText', { name: u.userName ?? '', email: u.email ?? '' }),
      confirmLabel: t('users.confirm'),
    }),
  });

  const roleLabel = (name: string | undefined) => {
    const parsed = parseRole(name);
    return parsed ? tc(`roles.${parsed}`) : (name ?? '');
  };
  const wilayaName = (id: number | null | undefined) => {
    const w = WILAYAS.find((x) => x.id === id);
    return w ? (fmt.lang === 'fr' ? w.fr : w.ar) : '—';
  };
  const rows = (users.data ?? []).filter(
    (u) => (!role || parseRole(u.roleName) === role) && matches(query, u.userName, u.email),
  );
  const name = (u: UserRow) => u.userName ?? u.email ?? String(u.id);

  const columns: Column<UserRow>[] = [
    {
      id: 'userName',
      header: t('users.columns.userName'),
      cell: (u) => <span className="font-medium text-stone-900">{u.userName}</span>,
      sort: (u) => u.userName,
    },
    {
      id: 'email',
      header: t('users.columns.email'),
      cell: (u) => <span dir="ltr">{u.email}</span>,
      sort: (u) => u.email,
    },
    {
      id: 'phoneNumber',
      header: t('users.columns.phoneNumber'),
      cell: (u) => <span dir="ltr">{u.phoneNumber}</span>,
      sort: (u) => u.phoneNumber,
    },
    {
      id: 'roleName',
      header: t('users.columns.roleName'),
      cell: (u) => roleLabel(u.roleName),
      sort: (u) => roleLabel(u.roleName),
    },
  ];

  return (
    <AdminPage
      title={t('users.title')}
      actions={
        <>
          <SearchBox label={t('users.search')} value={query} onChange={setQuery} />
          <FilterSelect
            label={t('users.filter')}
            allLabel={t('users.allRoles')}
            options={ROLE_NAMES.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
            value={role}
            onChange={setRole}
            className="sm:w-56"
          />
        </>
      }
    >
      <DataTable
        caption={t('users.title')}
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        loading={users.isPending}
        error={users.isError ? t('users.loadError') : null}
        onRetry={() => void users.refetch()}
        initialSort={{ id: 'userName', dir: 'asc' }}
        detailsSubtitle={name}
        details={(u) => [
          { label: t('common.id'), value: u.id },
          { label: t('users.columns.userName'), value: u.userName },
          { label: t('users.columns.email'), value: <span dir="ltr">{u.email}</span> },
          { label: t('users.columns.phoneNumber'), value: <span dir="ltr">{u.phoneNumber}</span> },
          { label: t('users.wilaya'), value: wilayaName(u.wilaya) },
          { label: t('users.columns.roleName'), value: roleLabel(u.roleName) },
          { label: t('users.createdAt'), value: fmt.date(u.created_at) },
        ]}
        actions={(u) =>
          myId === undefined ? null : u.id === myId ? (
            <span className="text-xs text-stone-600" title={t('users.youHint')}>
              {t('users.you')}
              <span className="sr-only"> — {t('users.youHint')}</span>
            </span>
          ) : (
            <Button
              type="button"
              onClick={() => remove.ask(u)}
              aria-label={t('users.deleteLabel', { name: name(u) })}
              variant="smallDanger"
            >
              {t('users.delete')}
            </Button>
          )
        }
      />
      {remove.dialog}
    </AdminPage>
  );
}

export const UserManagement = withToasts(UserManagementView);
