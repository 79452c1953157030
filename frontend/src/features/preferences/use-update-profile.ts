import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import { isUnauthorizedError, serverMessage } from "../../api/errors";
import type { DataExpiryDays, NotificationSettings, PrivacySettings, ScanPreferences } from "../../api/types";
import { toast } from "../../ui/toast-store";
import { PROFILE_KEY } from "./profile-query";

/** The PUT /api/profile shapes of spec section 7 (plus the profile-setup fields). */
export type ProfileUpdate =
  | { scanPreferences: ScanPreferences }
  | { notificationSettings: NotificationSettings }
  | { scanPreferences: ScanPreferences; notificationSettings: NotificationSettings }
  | { privacySettings: PrivacySettings }
  | { dataExpiryDays: DataExpiryDays }
  | Record<string, unknown>;

/** Saves one section, then refreshes the profile (spec section 4 'Settings'). */
export function useUpdateProfile(options: { successToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => apiJson<unknown>("PUT", "/api/profile", update),
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
