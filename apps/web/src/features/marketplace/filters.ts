import { PUBLICATION_SORTS, PUBLICATION_STATES, type PublicationSort, type PublicationState } from '@filaha/shared';
import { EMPTY_FILTERS, type ListFilters, type SellerRoleOption } from './api.ts';

/** The filters live in the address (?q=&category=…), so Back from a product returns to the same list. */
export function readFilters(params: URLSearchParams): ListFilters {
  const sort = params.get('sort');
  const etat = params.get('etat');
  const wilaya = Number(params.get('wilaya'));
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    wilaya: Number.isInteger(wilaya) && wilaya >= 1 && wilaya <= 58 ? String(wilaya) : '',
    etat: (PUBLICATION_STATES as readonly string[]).includes(etat ?? '') ? (etat as PublicationState) : '',
    sort: (PUBLICATION_SORTS as readonly string[]).includes(sort ?? '') ? (sort as PublicationSort) : 'recent',
  };
}

export function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(EMPTY_FILTERS) as Array<keyof ListFilters>) {
    const value = filters[key].trim();
    if (value && value !== EMPTY_FILTERS[key]) params.set(key, value);
  }
  return params;
}

export const hasActiveFilters = (f: ListFilters) => Boolean(f.q.trim() || f.category || f.wilaya || f.etat);

export interface CategoryOption {
  value: string;
  /** A seller role from the API, or the "all suppliers" group (the API's `category=Fournisseur`). */
  role: SellerRoleOption | 'suppliers';
}

/**
 * The category dropdown: every seller role from GET /api/sellerRoles (by id), plus "all suppliers" before the
 * first supplier role. Without the list (offline API) the SPEC's three names still filter, by name.
 */
export function categoryOptions(roles: readonly SellerRoleOption[] | undefined): CategoryOption[] {
  const list: readonly SellerRoleOption[] = roles?.length
    ? roles
    : [
        { id: 0, roleName: 'Agriculteur', roleNameAr: 'فلاح' },
        { id: 0, roleName: 'Entreprise', roleNameAr: 'مؤسسة' },
      ];
  const options: CategoryOption[] = [];
  let suppliersAdded = false;
  for (const role of list) {
    if (!suppliersAdded && /^fournisseur/i.test(role.roleName)) {
      options.push({ value: 'Fournisseur', role: 'suppliers' });
      suppliersAdded = true;
    }
    options.push({ value: role.id ? String(role.id) : role.roleName, role });
  }
  if (!suppliersAdded) options.splice(1, 0, { value: 'Fournisseur', role: 'suppliers' });
  return options;
}
