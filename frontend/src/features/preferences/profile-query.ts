import { queryOptions } from "@tanstack/react-query";
import type { Profile } from "../../api/types";

export const PROFILE_KEY = ["/api/profile"] as const;

export const profileQuery = (enabled: boolean) => queryOptions<Profile>({ queryKey: PROFILE_KEY, enabled });
