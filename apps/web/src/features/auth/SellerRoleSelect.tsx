import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/ui/fields.tsx';
import { fetchSellerRoles, type SellerRoleOption } from './authApi.ts';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; roles: SellerRoleOption[] };

/** Seller sub-type, loaded from GET /api/sellerRoles the first time "Seller" is chosen. */
export function SellerRoleSelect({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const { t, i18n } = useTranslation('auth');
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    fetchSellerRoles().then(
      (roles) => live && setState({ status: 'ready', roles }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const nameOf = (r: SellerRoleOption) => (i18n.language === 'ar' ? r.roleNameAr : r.roleName);
  const hint =
    state.status === 'loading'
      ? t('signUp.sellerRolesLoading')
      : state.status === 'error'
        ? t('signUp.sellerRolesError')
        : undefined;

  return (
    <SelectField
      label={t('signUp.sellerRole')}
      hint={hint}
      error={error}
      aria-busy={state.status === 'loading'}
      {...registration}
    >
      <option value="">{t('signUp.sellerRolePlaceholder')}</option>
      {state.status === 'ready'
        ? state.roles.map((r) => (
            <option key={r.id} value={r.id}>
              {nameOf(r)}
            </option>
          ))
        : null}
    </SelectField>
  );
}
