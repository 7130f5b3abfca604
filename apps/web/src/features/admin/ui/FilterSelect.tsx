import { useId } from 'react';
import { controlClass } from '../../../components/ui/fields.tsx';

/** A labelled select above a table that narrows its rows (the first option, value '', shows them all). */
export function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
  /** The width beside the other filters, e.g. `sm:w-48`. */
  className: string;
}) {
  const id = useId();
  return (
    <div className={`w-full ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${controlClass} mt-1`}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
