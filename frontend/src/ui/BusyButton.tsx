import type { ButtonHTMLAttributes } from "react";

/** A button that starts something and, while it runs, is disabled and says so in place of its label. */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & { busy: boolean; busyLabel: string }) {
  return (
    <button type="button" disabled={busy || disabled} {...button}>
      {busy ? busyLabel : children}
    </button>
  );
}
