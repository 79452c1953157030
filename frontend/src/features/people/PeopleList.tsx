import { Link } from "react-router-dom";
import { placesLabel, standingBadgeClass, standingExplanation, standingLabel } from "./person-standing";
import { RemovePersonButton } from "./RemovePersonButton";
import type { PeopleList as PeopleListData } from "./types";

const day = (iso: string) => iso.slice(0, 10);

/** Each protected person and where they stand, with their threats; no biometric data is ever shown. */
export function PeopleList({ data }: { data: PeopleListData }) {
  return (
    <section className="panel" aria-labelledby="people-heading">
      <h2 id="people-heading" className="panel-title">
        People you protect
      </h2>
      <p className="muted">{placesLabel(data.limit)}</p>
      {data.people.length === 0 ? (
        <p>No one invited yet.</p>
      ) : (
        <ul className="threat-list" aria-label="Protected people">
          {data.people.map((person) => (
            <li key={person.personId} className="threat-row">
              <div>
                <strong>{person.displayName}</strong>{" "}
                <span className={standingBadgeClass(person.standing)}>{standingLabel(person.standing)}</span>
                <p className="small muted">
                  {person.contact ? `${person.contact.address} · ` : ""}invited {day(person.invitedAt)}
                  {person.acceptedAt ? ` · accepted ${day(person.acceptedAt)}` : ""}
                  {person.withdrawnAt ? ` · withdrew ${day(person.withdrawnAt)}` : ""}
                </p>
                <p className="small">{standingExplanation(person)}</p>
                {person.standing.state === "withdrawn" ? null : <RemovePersonButton person={person} />}
              </div>
              <p className="small">
                {person.notices > 0 ? (
                  <>
                    <Link to="/takedowns">
                      {person.notices} takedown {person.notices === 1 ? "notice" : "notices"}
                    </Link>
                    {" · "}
                  </>
                ) : null}
                {person.threats.total === 0 ? (
                  "No threats found"
                ) : (
                  <Link to="/dashboard">
                    {person.threats.total} {person.threats.total === 1 ? "threat" : "threats"} ({person.threats.active}{" "}
                    open)
                  </Link>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
