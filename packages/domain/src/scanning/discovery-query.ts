import type { DiscoveryQuery } from "@lg/connectors/connector";
import { SELF_PERSON_ID, type UserProfileRecord } from "../records.js";
import { protectedNamesOf } from "./impersonation.js";
import type { EnrolledPerson } from "./scan-ports.js";

type Known = Pick<UserProfileRecord, "firstName" | "lastName" | "aliases" | "handles">;

/**
 * What a scan searches platforms for: the person's name, aliases and handles, and each protected
 * person's name (docs/people.md). Read from the profile inside the task that searches, never
 * carried in the scan workflow's state.
 */
export function discoveryQuery(profile: Known, people: EnrolledPerson[]): DiscoveryQuery {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  const otherNames = people.filter((p) => p.personId !== SELF_PERSON_ID).map((p) => p.displayName);
  return {
    names: [...new Set([...(name ? [name] : []), ...otherNames])],
    aliases: profile.aliases,
    handles: profile.handles,
    watchedAccounts: [],
    hashtags: [],
  };
}

/** The names a look-alike profile's handle or display name is matched against. */
export function protectedNames(profile: Pick<Known, "aliases" | "handles">, people: EnrolledPerson[]): string[] {
  return people.flatMap((p) =>
    protectedNamesOf({ displayName: p.displayName, aliases: profile.aliases, handles: profile.handles }),
  );
}
