import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { loadRuntimeConfig } from "./api/runtime-config";
import "./styles.css";

// API calls wait for the runtime config (apiUrlWhenLoaded), so the first paint need not.
void loadRuntimeConfig();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
