import { Link } from "react-router-dom";
import { COMPLIANCE_STATUS, CONTROL_MAPPINGS } from "../content/compliance";
import { PolicyPage } from "../features/legal/PolicyPage";

const FRAMEWORKS = ["SOC 2", "GDPR", "BIPA"] as const;

/** /compliance: what each SOC 2, GDPR and BIPA control we design for maps to in the code; no certification claimed. */
export default function ComplianceRoute() {
  return (
    <PolicyPage title="Designed for SOC 2, GDPR and BIPA" lead={COMPLIANCE_STATUS} sections={[]}>
      {FRAMEWORKS.map((framework) => (
        <section key={framework}>
          <h2>{framework}</h2>
          <dl>
            {CONTROL_MAPPINGS.filter((c) => c.framework === framework).map((c) => (
              <div key={c.control}>
                <dt>
                  <strong>{c.control}</strong>
                </dt>
                <dd>{c.whatTheCodeDoes}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p>
        The retention schedule and the processors we use are in the <Link to="/privacy">privacy policy</Link>.
      </p>
    </PolicyPage>
  );
}
