import { useEffect, useState } from "react";
import { TOAST_TIMEOUT_MS } from "../../../contract/limits";

export interface ToastMessage {
  kind: "success" | "error";
  message: string;
}

/**
 * A flash message from the previous action. Without JS it stays on the page it arrived with; with JS it
 * leaves after 2.5 s (spec section 9).
 */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const tone = visible.kind === "success" ? "bg-emerald-700" : "bg-red-700";
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3">
      <p
        role={visible.kind === "error" ? "alert" : "status"}
        data-testid="toast"
        className={`pointer-events-auto max-w-md rounded-lg px-4 py-3 text-center text-base font-semibold text-white shadow-lg ${tone}`}
      >
        {visible.message}
      </p>
    </div>
  );
}
