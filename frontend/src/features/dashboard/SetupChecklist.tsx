import { Link } from "react-router-dom";
import { type ChecklistItem, SETUP_LINKS } from "./setup-checklist";

/** Until everything protection needs is done, the dashboard says what is missing and where to do it. */
export function SetupChecklist({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((i) => i.done).length;
  return (
    <section className="panel" aria-labelledby="setup-heading">
      <h2 id="setup-heading">Finish setting up your protection</h2>
      <p className="muted">
        {done} of {items.length} done. Scans can only find what they know to look for.
      </p>
      <ul className="health-list" aria-label="Setup checklist">
        {items.map((item) => {
          const to = SETUP_LINKS[item.id];
          return (
            <li key={item.id}>
              <span>
                <span aria-hidden="true">{item.done ? "✓ " : "○ "}</span>
                {item.label}
                <span className="visually-hidden">{item.done ? ": done" : ": not done"}</span>
                {item.done ? null : <span className="small muted block">{item.todo}</span>}
              </span>
              {item.done ? (
                <span className="text-ok">Done</span>
              ) : to ? (
                <Link to={to}>Do it now</Link>
              ) : (
                <span className="text-danger">Not yet</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
