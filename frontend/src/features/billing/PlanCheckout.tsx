import { ENTERPRISE_SEATS } from "@lg/domain/billing/plan-catalogue";
import { useId, useState } from "react";
import type { Plan } from "../../content/marketing";
import { ChoosePlanButton } from "./ChoosePlanButton";

/** A number of people checkout accepts (the server checks the same range), or undefined. */
export function parsePeople(value: string | null): number | undefined {
  const people = Number(value);
  return value !== null && Number.isInteger(people) && people >= ENTERPRISE_SEATS.min && people <= ENTERPRISE_SEATS.max
    ? people
    : undefined;
}

/**
 * A plan's way to checkout: a plan priced per protected person first asks how many people the
 * organisation protects, the rest go straight to checkout.
 */
export function PlanCheckout(props: { plan: Plan; label: string; className: string; people?: number }) {
  const { plan } = props;
  const inputId = useId();
  const [people, setPeople] = useState(String(props.people ?? ENTERPRISE_SEATS.min));
  if (!plan.perProtectedPerson) {
    return <ChoosePlanButton tier={plan.tier} name={plan.name} label={props.label} className={props.className} />;
  }
  const chosen = parsePeople(people);
  return (
    <div className="field">
      <label htmlFor={inputId}>People to protect</label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={ENTERPRISE_SEATS.min}
        max={ENTERPRISE_SEATS.max}
        step={1}
        value={people}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => setPeople(event.target.value)}
      />
      <p id={`${inputId}-hint`} className="small muted">
        {chosen === undefined
          ? `Choose from ${ENTERPRISE_SEATS.min} to ${ENTERPRISE_SEATS.max} people; contact sales for more.`
          : `${chosen} ${chosen === 1 ? "person" : "people"} at $${plan.monthlyPrice} each a month. Add more later with Manage billing.`}
      </p>
      {chosen === undefined ? null : (
        <ChoosePlanButton
          tier={plan.tier}
          name={plan.name}
          label={props.label}
          className={props.className}
          people={chosen}
        />
      )}
    </div>
  );
}
