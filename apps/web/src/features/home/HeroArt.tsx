/**
 * Hero illustration drawn inline (no image request on the critical path): a satellite sweeping a patchwork
 * of parcels coloured like an NDVI map, from stressed (ochre) to vigorous (deep green).
 */
export function HeroArt({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 400 320" role="img" aria-label={label} className="h-auto w-full max-w-64 md:max-w-md">
      <defs>
        <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bef264" stopOpacity=".55" />
          <stop offset="1" stopColor="#bef264" stopOpacity="0" />
        </linearGradient>
      </defs>
      <circle cx="300" cy="70" r="46" fill="#fde68a" opacity=".35" />
      <path d="M232 70 120 250h250z" fill="url(#beam)" />
      <g transform="translate(0 150) skewX(-18)" stroke="#052e16" strokeOpacity=".25" strokeWidth="2">
        <path d="M90 0h90v50H90z" fill="#15803d" />
        <path d="M180 0h110v50H180z" fill="#65a30d" />
        <path d="M290 0h80v50h-80z" fill="#166534" />
        <path d="M90 50h60v55H90z" fill="#a3e635" />
        <path d="M150 50h100v55H150z" fill="#ca8a04" />
        <path d="M250 50h120v55H250z" fill="#22c55e" />
        <path d="M90 105h120v50H90z" fill="#4d7c0f" />
        <path d="M210 105h70v50h-70z" fill="#84cc16" />
        <path d="M280 105h90v50h-90z" fill="#15803d" />
      </g>
      <g transform="rotate(-20 232 62)">
        <rect x="214" y="48" width="36" height="28" rx="4" fill="#e7e5e4" stroke="#44403c" strokeWidth="2" />
        <rect x="160" y="54" width="48" height="16" fill="#1e3a8a" stroke="#44403c" strokeWidth="2" />
        <rect x="256" y="54" width="48" height="16" fill="#1e3a8a" stroke="#44403c" strokeWidth="2" />
        <path d="M208 62h6m36 0h6M232 76v8" stroke="#44403c" strokeWidth="2" />
        <circle cx="232" cy="86" r="4" fill="#44403c" />
      </g>
    </svg>
  );
}
