import { useState } from "react";
import { trpc } from "../../../lib/trpc";

/**
 * security.exportData: fetch everything stored about the member and save it as a JSON file
 * (personal-data export). `download()` starts it; `isPending` and `error` describe it.
 */
export function useExportData() {
  const utils = trpc.useUtils();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const data = await utils.security.exportData.fetch(undefined, { staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  return { download, isPending, error };
}
