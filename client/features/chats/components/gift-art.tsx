import type { ReactNode } from "react";

/** Drawings of the gifts: the same on every device, whatever emoji font it has (decorative). */
const ART: Record<string, ReactNode> = {
  rose: (
    <>
      <path d="M32 36v22" stroke="#2f9e44" strokeWidth="3" strokeLinecap="round" />
      <path d="M32 48c-6-6-14-4-16 0 6 4 12 3 16 0Z" fill="#40c057" />
      <path d="M32 44c5-5 12-4 14-1-5 4-10 4-14 1Z" fill="#51cf66" />
      <circle cx="32" cy="22" r="15" fill="#e03131" />
      <path d="M22 20c4-8 16-8 20 0-4 6-16 6-20 0Z" fill="#f03e3e" />
      <path d="M27 21c2-4 8-4 10 0-2 3-8 3-10 0Z" fill="#c92a2a" />
    </>
  ),
  heart: <path d="M32 54S8 40 8 24a12 12 0 0 1 24-4 12 12 0 0 1 24 4c0 16-24 30-24 30Z" fill="#e64980" />,
  kiss: (
    <>
      <path d="M6 30c8-10 18-12 26-6 8-6 18-4 26 6-10 2-18 3-26 3S16 32 6 30Z" fill="#e03131" />
      <path d="M6 30c10 14 42 14 52 0-10 4-42 4-52 0Z" fill="#c92a2a" />
    </>
  ),
  champagne: (
    <>
      <path d="M14 8h14l-2 20a5 5 0 0 1-10 0Z" fill="#ffe066" stroke="#f59f00" strokeWidth="2" />
      <path d="M21 33v16M15 52h12" stroke="#868e96" strokeWidth="3" strokeLinecap="round" />
      <path d="M36 8h14l-2 20a5 5 0 0 1-10 0Z" fill="#ffe066" stroke="#f59f00" strokeWidth="2" />
      <path d="M43 33v16M37 52h12" stroke="#868e96" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="6" r="2" fill="#fab005" />
    </>
  ),
  teddy: (
    <>
      <circle cx="18" cy="16" r="7" fill="#a0522d" />
      <circle cx="46" cy="16" r="7" fill="#a0522d" />
      <circle cx="32" cy="28" r="16" fill="#b5651d" />
      <ellipse cx="32" cy="34" rx="7" ry="5" fill="#deb887" />
      <circle cx="26" cy="25" r="2" fill="#212529" />
      <circle cx="38" cy="25" r="2" fill="#212529" />
      <circle cx="32" cy="32" r="2" fill="#212529" />
      <ellipse cx="32" cy="52" rx="14" ry="9" fill="#b5651d" />
    </>
  ),
  diamond: (
    <>
      <path d="M16 10h32l10 14-26 32L6 24Z" fill="#74c0fc" />
      <path d="M6 24h52L32 56Z" fill="#4dabf7" />
      <path d="M16 10l8 14h16l8-14M24 24l8 32 8-32" fill="none" stroke="#e7f5ff" strokeWidth="1.5" />
    </>
  ),
};

/** A gift's drawing by its key (falls back to nothing for an unknown key). */
export function GiftArt({ gift, size = 40 }: { gift: string; size?: number }) {
  const art = ART[gift];
  if (!art) return null;
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false" className="gift-art">
      {art}
    </svg>
  );
}
