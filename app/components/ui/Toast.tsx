import { useEffect, useId, useState } from "react";
import { TOAST_TIMEOUT_MS } from "../../../contract/limits";

export interface ToastMessage {
  kind: "success" | "error";
  message: string;
}

/**
 * A flash message from the previous action. Without JS it stays on the page it arrived with; with JS it
 * leaves after 2.5 s (TOAST_TIMEOUT_MS). On phones it sits above the bottom bar, clear of the header's
 * controls, and stands aside while the admin menu is open (app/tailwind.css). Either way it can be dismissed:
 * a visually hidden checkbox hides it by CSS alone, so a message that never times out does not stay in the way.
 */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  // Each new toast remounts the dismiss checkbox, so dismissing one never hides the next.
  const [serial, setSerial] = useState(0);
  // Unique per toast, so a page with a second toast (a download's, say) keeps its ids unique.
  const dismissId = useId();
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    setSerial((n) => n + 1);
    const timer = setTimeout(() => setVisible(null), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const tone = visible.kind === "success" ? "bg-emerald-700" : "bg-red-700";
  return (
    <div
      key={serial}
      data-toast
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-3 md:bottom-auto md:top-3"
    >
      <input id={dismissId} type="checkbox" className="peer sr-only" />
      <div
        className={`pointer-events-auto flex max-w-md items-center gap-1 rounded-lg py-1 pl-4 pr-1 text-white shadow-lg peer-checked:hidden peer-focus-visible:ring-4 peer-focus-visible:ring-amber-400 ${tone}`}
      >
        <p
          role={visible.kind === "error" ? "alert" : "status"}
          data-testid="toast"
          className="py-2 text-center text-base font-semibold"
        >
          {visible.message}
        </p>
        <label
          htmlFor={dismissId}
          className="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-2xl leading-none hover:bg-black/20"
        >
          <span aria-hidden>×</span>
          <span className="sr-only">Dismiss</span>
        </label>
      </div>
    </div>
  );
}
