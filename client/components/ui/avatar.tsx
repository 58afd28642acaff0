/** A round profile thumbnail, with the member's initial when there is no photo. */
export function Avatar({ src, name, size = 40 }: { src?: string | null; name: string; size?: number }) {
  const style = { width: size, height: size };
  if (src) return <img src={src} alt="" className="avatar rounded-circle object-fit-cover" style={style} />;
  return (
    <span
      className="avatar avatar-fallback rounded-circle d-inline-flex align-items-center justify-content-center"
      style={style}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
