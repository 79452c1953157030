import { createRouteGroup } from "../../shared/http/route-group.js";
import { deleteAccount } from "./delete-account.js";

/** Account deletion alone: its function may erase evidence under Object Lock, which nothing else may. */
export const handler = createRouteGroup("account", {
  "DELETE /api/account": deleteAccount,
});
