import { DMCA_POLICY } from "../content/legal";
import { PolicyPage } from "../features/legal/PolicyPage";

/** /dmca-policy: how takedown notices are prepared and sent, and what happens after. */
export default function DmcaPolicyRoute() {
  return (
    <PolicyPage
      title="DMCA and Takedown Policy"
      lead="How we prepare and send takedown notices for you, and what happens after."
      sections={DMCA_POLICY}
    />
  );
}
