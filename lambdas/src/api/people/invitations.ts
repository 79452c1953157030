import { InvitationTokenInput, InviteInput } from "@lg/domain/people/people-inputs";
import { requireActor } from "../../shared/http/actor.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { peopleService } from "../../shared/people/services.js";

/** POST /api/people/invitations {method, displayName, email|phone}: invited within the stored plan's limit. */
export const invitePerson: ApiHandler = async (event) => {
  const actor = await requireActor(event);
  const input = parseJson(event, InviteInput);
  return json(201, { person: await peopleService().invite(actor, input, sourceIp(event)) });
};

/** POST /api/people/invitations/preview {token}: who invites, before the invitee signs in (no session). */
export const previewInvitation: ApiHandler = async (event) => {
  const { token } = parseJson(event, InvitationTokenInput);
  return json(200, await peopleService().preview(token));
};

/** POST /api/people/invitations/accept {token}: links the signed-in invitee, once. */
export const acceptInvitation: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { token } = parseJson(event, InvitationTokenInput);
  return json(200, await peopleService().accept(userId, token));
};
