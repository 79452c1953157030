import { TERMS } from "../content/legal";
import { PolicyPage } from "../features/legal/PolicyPage";

/** /terms: the terms of service. */
export default function TermsRoute() {
  return (
    <PolicyPage title="Terms of Service" lead="What the service does, and what it asks of you." sections={TERMS} />
  );
}
