import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { loadRuntimeConfig } from "./api/runtime-config";
import "./styles.css";

// Nothing waits for the runtime config: API calls are relative to this origin.
void loadRuntimeConfig();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
