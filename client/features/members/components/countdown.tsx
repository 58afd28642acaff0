import { useEffect, useState } from "react";

/** Zero-padded hours:minutes:seconds until `deadlineMs`, ticking every second. */
export function Countdown({ deadlineMs }: { deadlineMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.round((deadlineMs - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    <span className="font-monospace">
      {pad(Math.floor(left / 3600))}:{pad(Math.floor((left % 3600) / 60))}:{pad(left % 60)}
    </span>
  );
}
