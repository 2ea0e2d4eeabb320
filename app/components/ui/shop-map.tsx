/** A drawn map of the store's area: no outside map tiles or requests, just the address on a street plan. */
export function ShopMap({ address, city }: { address: string; city: string }) {
  return (
    <figure className="overflow-hidden rounded-xl border border-stone-200 bg-white">
      <svg
        viewBox="0 0 400 220"
        role="img"
        aria-label={`Map showing our store at ${address}, ${city}`}
        className="h-auto w-full"
      >
        <rect width="400" height="220" fill="#eef2ea" />
        <path d="M0 160 C80 150 120 185 200 170 S330 140 400 150 V220 H0Z" fill="#bfdbfe" />
        <g stroke="#fff" strokeWidth="14" strokeLinecap="round">
          <path d="M-10 60 H410" />
          <path d="M-10 120 H410" />
          <path d="M90 -10 V170" />
          <path d="M250 -10 V165" />
        </g>
        <g stroke="#fde68a" strokeWidth="6">
          <path d="M-10 120 H410" />
        </g>
        <g fill="#d6dfd0">
          <rect x="105" y="72" width="130" height="36" rx="4" />
          <rect x="265" y="72" width="130" height="36" rx="4" />
          <rect x="5" y="72" width="70" height="36" rx="4" />
          <rect x="105" y="8" width="130" height="40" rx="4" />
        </g>
        <text x="300" y="176" fontSize="12" fill="#1e3a8a" fontFamily="sans-serif">
          Arabian Sea
        </text>
        <text x="100" y="138" fontSize="10" fill="#57534e" fontFamily="sans-serif">
          Khayaban-e-Ittehad
        </text>
        <g transform="translate(170 60)">
          <path d="M0 0 C-12 -14 -12 -30 0 -34 C12 -30 12 -14 0 0Z" fill="#dc2626" />
          <circle cy="-22" r="5" fill="#fff" />
        </g>
      </svg>
      <figcaption className="px-4 py-3 text-sm text-stone-700">
        {address}, {city}
      </figcaption>
    </figure>
  );
}
