import { useEffect, useRef, useSyncExternalStore } from "react";
import { currentToasts, dismissToast, subscribeToasts } from "./toast-store";

const SWIPE_THRESHOLD_PX = 50;

/** The toast viewport: a labelled live region that F8 focuses (spec section 9). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <ol ref={viewport} tabIndex={-1} className="toast-viewport">
        {toasts.map((t) => (
          <ToastCard key={t.id} id={t.id} title={t.title} description={t.description} variant={t.variant} />
        ))}
      </ol>
    </section>
  );
}

function ToastCard(props: { id: number; title: string; description?: string; variant?: string }) {
  const startX = useRef<number | null>(null);
  return (
    // The live-region role sits on the text, not the <li>: a role on the item would stop it being a list item.
    <li
      className={`toast${props.variant === "destructive" ? " toast-destructive" : ""}`}
      onPointerDown={(e) => {
        startX.current = e.clientX;
      }}
      onPointerUp={(e) => {
        if (startX.current !== null && e.clientX - startX.current > SWIPE_THRESHOLD_PX) dismissToast(props.id);
        startX.current = null;
      }}
    >
      <div role={props.variant === "destructive" ? "alert" : "status"} aria-atomic="true">
        <p className="toast-title">{props.title}</p>
        {props.description ? <p className="toast-description">{props.description}</p> : null}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(props.id)}
      >
        ×
      </button>
    </li>
  );
}
