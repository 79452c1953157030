import { ConfirmInput } from "@lg/domain/accounts/auth-service";
import { authService } from "../../shared/accounts/services.js";
import { parseJson, sourceIp } from "../../shared/http/request.js";
import type { ApiHandler } from "../../shared/http/route-group.js";
import { signedInResponse } from "./signed-in.js";

/** POST /api/auth/confirm: checks the code, then signs the new account in. */
export const confirm: ApiHandler = async (event) => {
  const input = parseJson(event, ConfirmInput);
  return signedInResponse(await authService().confirm(input, sourceIp(event)));
};
