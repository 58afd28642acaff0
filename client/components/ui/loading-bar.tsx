import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from "../../lib/constants";

/** §9 loading bar on navigation: shows after 200 ms, fills over 5 s. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), LOADING_BAR_THROTTLE_MS);
    return () => clearTimeout(t);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label="Loading"
      style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }}
    />
  );
}
