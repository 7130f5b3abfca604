import { useState } from 'react';
import type { PolygonInput } from '@filaha/shared';
import { FARMER_ROW } from '../../../../test/fixtures.ts';
import { NewParcelForm } from './NewParcelForm.tsx';

/**
 * The new-parcel form with the page's state around it, for tests: one farmer (FARMER_ROW) already chosen, the
 * geometry from a file or the manual bounds kept, the preview it reports passed to `onPreview`, no drawing.
 */
export function NewParcelFormHarness({ onPreview = () => {} }: { onPreview?: (p: PolygonInput | null) => void }) {
  const [geom, setGeom] = useState<PolygonInput | null>(null);
  return (
    <NewParcelForm
      farmers={[FARMER_ROW]}
      selectedUserId={FARMER_ROW.id}
      geom={geom}
      onGeomChange={setGeom}
      onPreview={onPreview}
      drawing={false}
      onDrawToggle={() => {}}
    />
  );
}
