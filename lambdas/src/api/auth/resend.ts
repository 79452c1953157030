import { z } from "zod";
import { parseJson } from "../../shared/request.js";
import { type ApiHandler, json } from "../../shared/route-group.js";
import { authService } from "../../shared/services.js";

const ResendInput = z.object({ username: z.string().min(1, "Username is required") });

/** POST /api/auth/resend: a fresh code; the old one stops working. */
export const resend: ApiHandler = async (event) => {
  const { username } = parseJson(event, ResendInput);
  return json(200, await authService().resend(username));
};
