import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { loadRuntimeConfig } from "./api/runtime-config";
import "./styles.css";

// The runtime config decides where the API lives, so nothing may call it before this resolves.
loadRuntimeConfig().then(() => {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
