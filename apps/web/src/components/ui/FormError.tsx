import { ErrorBanner } from './ErrorBanner.tsx';

/** A form's server error (409 reasons…), dismissible, announced as an alert. */
export function FormError({ text, onClose }: { text: string | null; onClose: () => void }) {
  if (!text) return null;
  return (
    <div className="sm:col-span-full">
      <ErrorBanner message={text} onClose={onClose} />
    </div>
  );
}
