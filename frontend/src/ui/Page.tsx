import type { ReactNode } from "react";

/** The main landmark every route renders into; focusable so navigation can move focus here. */
export function Main({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={className}>
      {children}
    </main>
  );
}
