import { PRIVACY_POLICY, RETENTION, SUB_PROCESSORS } from "../content/legal";
import { PolicyPage } from "../features/legal/PolicyPage";

/** /privacy: the privacy policy, with the retention and destruction schedule (BIPA) and the sub-processors. */
export default function PrivacyRoute() {
  return (
    <PolicyPage
      title="Privacy Policy"
      lead="What we keep about you, for how long, how it is destroyed, and who processes it for us. Written from what the service's code does."
      sections={PRIVACY_POLICY}
    >
      <section>
        <h2 id="retention">Retention and destruction schedule</h2>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">How long each kind of data is kept</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Where</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              {RETENTION.map((row) => (
                <tr key={row.mechanism}>
                  <th scope="row">{row.data}</th>
                  <td>{row.where}</td>
                  <td>{row.kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2 id="sub-processors">Who processes data for us</h2>
        <ul>
          {SUB_PROCESSORS.map((p) => (
            <li key={p.name}>
              <strong>{p.name}</strong>: {p.does}
            </li>
          ))}
        </ul>
      </section>
    </PolicyPage>
  );
}
