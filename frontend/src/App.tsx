import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router-dom";
import { createQueryClient } from "./api/query-client";
import { authUserQuery } from "./auth/use-auth";
import { AppRoutes } from "./routes/AppRoutes";
import { Toaster } from "./ui/Toaster";

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
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
