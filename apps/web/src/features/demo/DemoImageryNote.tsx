import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../lib/publicSettings.ts';

/**
 * Says plainly that the index maps are synthetic when the deployment runs on the bundled demo catalog
 * (`demoImagery` of GET /api/settings/public): they cover only the demo area and dates.
 */
export function DemoImageryNote({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  if (!settings?.demoImagery) return null;
  return (
    <p
      role="note"
      data-testid="demo-imagery-note"
      className={`rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className}`}
    >
      {t('demoImagery')}
    </p>
  );
}
