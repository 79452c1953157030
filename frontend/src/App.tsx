import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router-dom";
import { createQueryClient } from "./api/query-client";
import { useRestoreKeptInput } from "./auth/kept-input";
import { authUserQuery } from "./auth/use-auth";
import { AppRoutes } from "./routes/AppRoutes";
import { Toaster } from "./ui/Toaster";
import { toast } from "./ui/toast-store";

/** Fills back what a person typed before their session expired, on the page they return to. */
function KeptInputRestorer() {
  useRestoreKeptInput(() =>
    toast({ title: "Your input is back", description: "What you had typed before signing in again is filled in." }),
  );
  return null;
}

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Every page shows who is signed in: ask at once, while the route's code is still loading.
    void client.prefetchQuery(authUserQuery);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <AppRoutes />
        <KeptInputRestorer />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
