/**
 * What an empty threat list says. Only the dashboard knows whether protection ran and the last scan
 * succeeded, so a list on its own says no more than that it holds nothing (issue 27).
 */
export const NO_THREATS_FOUND = "No threats found.";
