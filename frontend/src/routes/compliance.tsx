import { Link } from "react-router-dom";
// Generated from the infrastructure code by `npm run audit:iac`; shipped as files of the build.
import auditMatrixJsonUrl from "../../../docs/compliance/iac-audit.json?url";
import auditMatrixUrl from "../../../docs/compliance/iac-audit.md?url";
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
      <section>
        <h2>Infrastructure audit</h2>
        <p>
          Every AWS resource we deploy is defined in code and checked on every change by checkov and by cdk-nag's AWS
          Solutions, NIST 800-53 rev. 5 and HIPAA Security rules; a change fails its tests when a resource breaks a rule
          without a written reason. The <a href={auditMatrixUrl}>infrastructure control matrix</a> (also as{" "}
          <a href={auditMatrixJsonUrl}>JSON</a>), generated from that code, lists for each SOC 2, ISO/IEC 27001:2022
          Annex A and NIST 800-53 rev. 5 control the rules that check it and the resources that pass them, and every
          exception with its reason. It covers what infrastructure code can show, not the people and processes a control
          also asks for.
        </p>
      </section>
      <p>
        The retention schedule and the processors we use are in the <Link to="/privacy">privacy policy</Link>.
      </p>
    </PolicyPage>
  );
}
