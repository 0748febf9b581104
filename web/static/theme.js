// Dark mode. The page follows the system's prefers-color-scheme (theme.css
// writes every colour with light-dark()); the toggle overrides it, and the
// choice is remembered in localStorage under mastermind.theme: "light" or
// "dark" (absent: follow the system).

import { readText, write } from "./storage.js";

const key = "mastermind.theme";
const query = matchMedia("(prefers-color-scheme: dark)");

// choice is the theme chosen, or "" to follow the system.
let choice = "";
const kept = readText(key);
if (kept === "light" || kept === "dark") choice = kept;

// system returns the system's theme.
const system = () => (query.matches ? "dark" : "light");

// apply sets the theme chosen on the page, and labels the toggle with the
// theme it switches to.
function apply(toggle) {
  if (choice) document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
  const dark = (choice || system()) === "dark";
  toggle.textContent = dark ? "☀ Light" : "☾ Dark";
  toggle.setAttribute("aria-label", `switch to the ${dark ? "light" : "dark"} theme`);
}

// themeToggle wires button to switch between the light and dark themes and
// remember the choice; a choice equal to the system's is forgotten, so that
// the page follows the system again.
export function themeToggle(button) {
  button.addEventListener("click", () => {
    const next = (choice || system()) === "dark" ? "light" : "dark";
    choice = next === system() ? "" : next;
    write(key, choice || null, "the theme chosen"); // this page keeps it anyway
    apply(button);
  });
  query.addEventListener("change", () => apply(button));
  apply(button);
}
