/** The foot of an onboarding step that saves a form: back a step, or save it and go on. */
export function SaveStepNav(props: { pending: boolean; onPrevious: () => void; disabled?: boolean }) {
  return (
    <div className="wizard-nav">
      <button type="button" className="btn btn-secondary" onClick={props.onPrevious}>
        Previous
      </button>
      <button type="submit" className="btn btn-primary" disabled={props.pending || props.disabled}>
        {props.pending ? "Saving..." : "Save and Continue"}
      </button>
    </div>
  );
}
