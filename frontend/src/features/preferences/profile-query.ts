import { Profile } from "@lg/domain/accounts/web-contract";
import { queryOptions } from "@tanstack/react-query";
import { getChecked } from "../../api/client";

export const PROFILE_KEY = ["/api/profile"] as const;

export const profileQuery = (enabled: boolean) =>
  queryOptions({ queryKey: PROFILE_KEY, queryFn: getChecked(Profile), enabled });
