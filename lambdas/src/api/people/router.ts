import { createRouteGroup } from "../../shared/http/route-group.js";
import { acceptInvitation, invitePerson, previewInvitation } from "./invitations.js";
import { getPerson, listPeople, myProtections, removePerson } from "./people.js";

export const handler = createRouteGroup("people", {
  "GET /api/people": listPeople,
  "GET /api/people/me": myProtections,
  "GET /api/people/{id}": getPerson,
  "DELETE /api/people/{id}": removePerson,
  "POST /api/people/invitations": invitePerson,
  "POST /api/people/invitations/preview": previewInvitation,
  "POST /api/people/invitations/accept": acceptInvitation,
});
