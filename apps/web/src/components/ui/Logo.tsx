/** The Filaha mark: a sprouting seedling in a rounded square. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#14532d" />
      <path
        d="M16 25V12m0 5c-4 0-6-3-6-6 4 0 6 2 6 6zm0-2c4 0 6-3 6-6-4 0-6 2-6 6z"
        stroke="#bef264"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
