import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";

const STORAGE_KEY = "payment-country";

/**
 * §3 other client state: the payment country. From ?country= when given, else the member's last
 * choice (kept in this browser), else null (the server then uses the profile's country).
 */
export function usePaymentCountry(): [string | null, (country: string) => void] {
  const [params, setParams] = useSearchParams();
  const [stored, setStored] = useState(() => localStorage.getItem(STORAGE_KEY));
  const fromUrl = params.get("country");
  const country = fromUrl && /^[A-Z]{2}$/.test(fromUrl) ? fromUrl : stored;
  const set = useCallback(
    (next: string) => {
      localStorage.setItem(STORAGE_KEY, next);
      setStored(next);
      setParams(
        (p) => {
          p.set("country", next);
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [country, set];
}
