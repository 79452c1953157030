import { FieldError } from "../../ui/FieldError";
import type { Platform } from "./catalogue";

/** "Platforms to monitor": a tick box a platform of the plan, with what each one is; the error is read out with the group. */
export function PlatformChecklist(props: {
  platforms: readonly Platform[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  error?: string;
  errorId: string;
}) {
  const toggle = (id: string, on: boolean) =>
    props.onChange(on ? [...props.chosen, id] : props.chosen.filter((p) => p !== id));
  return (
    <fieldset aria-describedby={props.error ? props.errorId : undefined}>
      <legend>Platforms to monitor</legend>
      <div className="choice-grid">
        {props.platforms.map((p) => (
          <label key={p.id} className="choice">
            <input
              type="checkbox"
              checked={props.chosen.includes(p.id)}
              onChange={(e) => toggle(p.id, e.target.checked)}
            />
            <span>
              {p.name}
              <br />
              <span className="small muted">{p.description}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={props.errorId} message={props.error} />
    </fieldset>
  );
}
