import { createRouteGroup } from "../../shared/route-group.js";

export const handler = createRouteGroup("demo", {});
