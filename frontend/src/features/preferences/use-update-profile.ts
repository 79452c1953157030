import { Profile } from "@lg/domain/accounts/web-contract";
import type { ProfileUpdateRequest } from "@lg/domain/accounts/web-requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import { isUnauthorizedError, serverMessage } from "../../api/errors";
import { toast } from "../../ui/toast-store";
import { PROFILE_KEY } from "./profile-query";

/** Saves one section (a PUT /api/profile body, typed from the domain's ProfileUpdateInput), then refreshes the profile (spec section 4 'Settings'). */
export function useUpdateProfile(options: { successToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdateRequest) => apiJson("PUT", "/api/profile", update, Profile),
    onSuccess: async () => {
      if (options.successToast !== false) {
        toast({ title: "Settings saved", description: "Your preferences have been updated successfully." });
      }
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
    onError: (error) => {
      // A 401 is answered by the global handler (toast and login redirect).
      if (isUnauthorizedError(error)) return;
      toast({ title: "Update failed", description: serverMessage(error), variant: "destructive" });
    },
  });
}
