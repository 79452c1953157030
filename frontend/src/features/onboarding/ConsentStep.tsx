import type { Consent } from "../../api/types";
import { ConsentGate } from "../consent/ConsentGate";

/** The biometric consent, first: nothing of the face or voice is taken before it. */
export function ConsentStep({ live, consent }: { live: boolean; consent?: Consent }) {
  if (!live) {
    return (
      <section aria-labelledby="consent-step-heading">
        <h2 id="consent-step-heading">Your consent</h2>
        <p className="banner banner-demo">Demo mode: an account asks for consent to biometric processing here.</p>
      </section>
    );
  }
  return (
    <ConsentGate enabled>
      <section aria-labelledby="consent-step-heading">
        <h2 id="consent-step-heading">Your consent</h2>
        <p className="text-ok">
          ✓ You agreed to the processing of your face and voice
          {consent?.givenAt ? ` on ${consent.givenAt.slice(0, 10)}` : ""}.
        </p>
      </section>
    </ConsentGate>
  );
}
