import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { BRAND } from "../content/marketing";

/** The main landmark every route renders into; focusable so navigation can move focus here. */
export function Main({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={className}>
      {children}
    </main>
  );
}

/** A narrow page for one task (sign in, sign up, an invitation…) under the brand, which leads home. */
export function WizardPage({ children }: { children: ReactNode }) {
  return (
    <Main className="container narrow wizard">
      <Link to="/" className="brand">
        {BRAND}
      </Link>
      {children}
    </Main>
  );
}
