import { useTranslation } from 'react-i18next';
import type { Parcel, UserRow } from '../types.ts';
import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { useFormat } from '../../../lib/format.ts';
import { DeleteButton, RowButton } from '../ui/RowActions.tsx';

interface Props {
  owner: UserRow;
  rows: Parcel[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onShow: (parcel: Parcel) => void;
  onDelete: (parcel: Parcel) => void;
}

/** SPEC §2: the selected farmer's parcels — id, identifiantU, bEN, bES, bWN, bWS (and the area in ha). */
export function ParcelTable({ owner, rows, loading, error, onRetry, onShow, onDelete }: Props) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const num = (v: number) => <span dir="ltr">{fmt.number(v, 6)}</span>;
  const columns: Column<Parcel>[] = [
    { id: 'id', header: t('parcels.columns.id'), cell: (p) => p.id, sort: (p) => p.id },
    {
      id: 'name',
      header: t('parcels.columns.name'),
      cell: (p) => <span className="font-medium">{p.identifiantU}</span>,
      sort: (p) => p.identifiantU,
    },
    { id: 'bEN', header: 'bEN', cell: (p) => num(p.bEN), sort: (p) => p.bEN },
    { id: 'bES', header: 'bES', cell: (p) => num(p.bES), sort: (p) => p.bES },
    { id: 'bWN', header: 'bWN', cell: (p) => num(p.bWN), sort: (p) => p.bWN },
    { id: 'bWS', header: 'bWS', cell: (p) => num(p.bWS), sort: (p) => p.bWS },
    { id: 'area', header: t('parcels.columns.area'), cell: (p) => fmt.number(p.areaHa, 2), sort: (p) => p.areaHa },
  ];
  return (
    <DataTable
      caption={t('parcels.parcelsOf', { name: owner.userName ?? '' })}
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyText={t('parcels.noParcel')}
      pageSize={8}
      detailsSubtitle={(p) => p.identifiantU}
      details={(p) => [
        { label: t('parcels.columns.id'), value: p.id },
        { label: t('parcels.columns.name'), value: p.identifiantU },
        { label: t('parcels.farmer'), value: owner.userName },
        { label: t('parcels.columns.area'), value: t('parcels.area', { ha: fmt.number(p.areaHa, 4) }) },
        { label: t('parcels.bounds.bWS'), value: num(p.bWS) },
        { label: t('parcels.bounds.bWN'), value: num(p.bWN) },
        { label: t('parcels.bounds.bES'), value: num(p.bES) },
        { label: t('parcels.bounds.bEN'), value: num(p.bEN) },
        { label: t('common.createdAt'), value: fmt.date(p.createdAt) },
      ]}
      actions={(p) => (
        <>
          <RowButton
            label={t('parcels.showOnMap')}
            name={p.identifiantU}
            variant="smallBrand"
            onClick={() => onShow(p)}
          />
          <DeleteButton name={p.identifiantU} onClick={() => onDelete(p)} />
        </>
      )}
    />
  );
}
