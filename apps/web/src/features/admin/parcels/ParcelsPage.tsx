import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PolygonInput } from '@filaha/shared';
import { Loading } from '../../../components/ui/Loading.tsx';
import { parseRole } from '../../../lib/roles.ts';
import { call } from '../../../lib/client.ts';
import { KEYS } from '../adminApi.ts';
import { usersQuery } from '../queries.ts';
import type { Parcel, UserRow } from '../types.ts';
import { AdminPage } from '../../../components/ui/AdminPage.tsx';
import { scrollBehavior } from '../../../lib/format.ts';
import { card } from '../../../components/ui/styles.ts';
import { useToast, withToasts } from '../../../components/ui/Toasts.tsx';
import { useErrorText } from '../../../lib/useErrorText.ts';
import { coverageQuery, DEMO_BOX, densestArea } from './coverage.ts';
import { NewParcelForm } from './NewParcelForm.tsx';
import { ParcelTable } from './ParcelTable.tsx';
import { UserPicker } from './UserPicker.tsx';
import { useConfirmedDelete } from '../ui/RowActions.tsx';
import { useTableState } from '../ui/useTableState.ts';

// Leaflet and the drawing tool load only with the map, after the lists are on screen.
const ParcelMap = lazy(() => import('./ParcelMap.tsx').then((m) => ({ default: m.ParcelMap })));

/**
 * /admin/Parcelle, 'Gestion des Parcelles' (SPEC §2): the farmers beside the map, the chosen farmer's parcels
 * below (full width, the six SPEC columns fit), then the new-parcel form.
 */
function ParcelsPageView() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const errorText = useErrorText();
  const mapRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<UserRow | null>(null);
  const [focus, setFocus] = useState<{ id: number | null; key: number }>({ id: null, key: 0 });
  const [geom, setGeom] = useState<PolygonInput | null>(null);
  const [preview, setPreview] = useState<PolygonInput | null>(null);
  const [drawing, setDrawing] = useState(false);

  const users = useQuery(usersQuery);
  const farmers = (users.data ?? []).filter((u) => parseRole(u.roleName) === 'User');
  const parcels = useQuery({
    queryKey: [...KEYS.parcels, selected?.id ?? 0],
    queryFn: () => call('GET /parcelle', { query: { userId: selected?.id ?? 0 } }),
    enabled: selected !== null,
  });
  const parcelsState = useTableState(parcels);
  // Every parcel (staff see them all): the map opens where most of them are, else on the demo area.
  const allParcels = useQuery({
    queryKey: [...KEYS.parcels, 'all'],
    queryFn: () => call('GET /parcelle'),
  });
  const home = allParcels.isPending ? null : (densestArea(allParcels.data ?? []) ?? DEMO_BOX);
  const coverage = useQuery(coverageQuery);
  const remove = useConfirmedDelete({
    remove: (p: Parcel) => call('DELETE /parcelle/:id', { params: { id: p.id } }),
    success: () => t('parcels.deleted'),
    invalidate: [KEYS.parcels],
    // SPEC §8 words this failure itself.
    onError: () => toast.error(t('parcels.deleteError')),
    confirm: (p) => ({ title: t('parcels.confirmTitle'), message: t('parcels.confirmText', { name: p.identifiantU }) }),
  });

  const scrollToMap = () => mapRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
  const onDrawn = useCallback((p: PolygonInput) => {
    setGeom(p);
    setDrawing(false);
  }, []);
  const onDrawCancel = useCallback(() => setDrawing(false), []);

  return (
    <AdminPage title={t('parcels.title')} intro={t('parcels.intro')}>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <UserPicker users={farmers} selectedId={selected?.id ?? null} onSelect={setSelected} />
        <div ref={mapRef} className="min-w-0">
          <Suspense fallback={<Loading />}>
            <ParcelMap
              parcels={parcels.data && selected ? parcels.data : []}
              ownerId={parcels.data && selected ? selected.id : null}
              focusId={focus.id}
              focusKey={focus.key}
              draft={preview}
              drawing={drawing}
              onDrawn={onDrawn}
              onDrawCancel={onDrawCancel}
              label={t('parcels.mapLabel')}
              home={home}
              coverage={coverage.data ?? null}
              others={allParcels.data ?? []}
            />
          </Suspense>
        </div>
      </div>
      <div className="space-y-3">
        <h2 className="text-lg font-bold text-stone-900">
          {selected
            ? t('parcels.parcelsOf', { name: selected.userName ?? selected.email ?? '' })
            : t('parcels.parcelsTitle')}
        </h2>
        {users.isError ? (
          <p role="alert" className="text-red-800">
            {errorText(users.error)}
          </p>
        ) : null}
        {selected ? (
          <ParcelTable
            owner={selected}
            rows={parcels.data}
            {...parcelsState}
            onShow={(p) => {
              setFocus((f) => ({ id: p.id, key: f.key + 1 }));
              scrollToMap();
            }}
            onDelete={remove.ask}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
            {t('parcels.selectUser')}
          </p>
        )}
      </div>
      <div className={card}>
        <h2 className="text-lg font-bold text-stone-900">{t('parcels.newTitle')}</h2>
        <div className="mt-4">
          <NewParcelForm
            farmers={farmers}
            selectedUserId={selected?.id ?? null}
            geom={geom}
            onGeomChange={setGeom}
            onPreview={setPreview}
            drawing={drawing}
            onDrawToggle={() => {
              if (!drawing) scrollToMap();
              setDrawing((d) => !d);
            }}
          />
        </div>
      </div>
      {remove.dialog}
    </AdminPage>
  );
}

export const ParcelsPage = withToasts(ParcelsPageView);
