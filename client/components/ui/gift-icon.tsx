/** A gift box (decorative): the welcome bonus and gifts. */
export function GiftIcon({ size = 28, className }: { size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className={className} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M20 7h-2.18A3 3 0 0 0 12 3.35 3 3 0 0 0 6.18 7H4a2 2 0 0 0-2 2v2a1 1 0 0 0 1 1h1v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7h1a1 1 0 0 0 1-1V9a2 2 0 0 0-2-2Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 1-1h1ZM9 5a1 1 0 0 1 1 1v1H9a1 1 0 1 1 0-2Zm-5 4h7v2H4V9Zm2 4h5v6H6v-6Zm12 6h-5v-6h5v6Zm2-8h-7V9h7v2Z"
      />
    </svg>
  );
}
