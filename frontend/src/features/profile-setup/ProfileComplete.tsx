import { Link } from "react-router-dom";
import { withDemo } from "../demo/demo-session";
import { COUNTRIES, type ProfileSetupValues } from "./validate-profile";

/** `saved`: on the person's account, or only in the demo (a visitor has nothing protected). */
export function ProfileComplete({
  values,
  demo,
  saved,
}: {
  values: ProfileSetupValues;
  demo: string | null;
  saved: "account" | "demo";
}) {
  const country = COUNTRIES.find((c) => c.value === values.country)?.label ?? values.country;
  return (
    <section aria-labelledby="profile-done-heading">
      <h2 id="profile-done-heading">Profile Setup Complete!</h2>
      <ul className="check-list">
        <li>Personal information</li>
        <li>Contact details</li>
        <li>Location data</li>
        {values.occupation ? <li>Professional info</li> : null}
      </ul>
      <dl className="detail-grid panel">
        <div>
          <dt>Full name</dt>
          <dd>
            {values.firstName} {values.lastName}
          </dd>
        </div>
        {values.occupation ? (
          <div>
            <dt>Occupation</dt>
            <dd>{values.occupation}</dd>
          </div>
        ) : null}
        <div>
          <dt>Phone</dt>
          <dd>{values.phone}</dd>
        </div>
        <div>
          <dt>Birth date</dt>
          <dd>{values.dateOfBirth}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>
            {values.city}, {country}
          </dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{values.address}</dd>
        </div>
        {values.bio ? (
          <div>
            <dt>Bio</dt>
            <dd>{values.bio}</dd>
          </div>
        ) : null}
        <div>
          <dt>Status</dt>
          <dd>
            {saved === "account"
              ? "Profile saved. Protection starts once your face or voice is enrolled and your first scan has run."
              : "Demo only: nothing is protected. Create an account to protect yourself."}
          </dd>
        </div>
      </dl>
      <Link to={withDemo("/biometric-training", demo)} className="btn btn-primary btn-lg" style={{ marginTop: "1rem" }}>
        Continue to Biometric Training
      </Link>
    </section>
  );
}
