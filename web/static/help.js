// The page's settings kept in this browser, the first visit's short "how
// to play" dialog, and the switch of the single-key shortcuts. localStorage key
// mastermind.settings: {"version": 1, "shortcuts": true, "hard": false,
// "welcomed": true}; a setting absent has its default.

import { readJSON, writeJSON } from "./storage.js";
import { codeView, el, feedbackView, rowView } from "./ui.js";

const key = "mastermind.settings";
const defaults = { version: 1, shortcuts: true, hard: false, welcomed: false };

// read returns the settings kept, over the defaults.
function read() {
  const v = readJSON(key);
  if (v && v.version === defaults.version) return { ...defaults, ...v };
  return { ...defaults };
}

// setting returns the value of setting name: "shortcuts" (single-key
// shortcuts on), "hard" (hard mode), "welcomed" (how to play was shown).
export function setting(name) {
  return read()[name];
}

// setSetting keeps value as setting name.
function setSetting(name, value) {
  const v = read();
  v[name] = value;
  writeJSON(key, v, "your settings");
}

// The example of the first visit's dialog: a secret, a guess and its
// answer (0 in place, 2 and 3 elsewhere, 1 not in the code).
const example = { secret: [0, 3, 4, 2], guess: [0, 1, 2, 3], black: 1, white: 2 };

// welcome shows, on a first visit, a short dialog that teaches the game
// with one example row, over the page at its top; dismissed, it is not
// shown again. Its "All the rules" opens details (the full rules and
// keys), in the menu. daily says the page opens on today's daily, which
// the dialog then names, and its Play starts.
export function welcome(details, daily) {
  if (setting("welcomed")) return;
  const rules = el("button", { type: "button", class: "rules" }, "All the rules");
  const dialog = el("dialog", { class: "welcome", "aria-labelledby": "welcome-title" },
    el("h2", { id: "welcome-title" }, "How to play"),
    el("p", {}, "Find the secret code: a row of coloured pegs, each with its number. Every guess gets an answer:"),
    el("ul", { class: "legend" },
      el("li", {}, el("span", { class: "dot black", "aria-hidden": "true" }), el("span", {}, el("b", {}, "black"), ": a right colour in the right place")),
      el("li", {}, el("span", { class: "dot white", "aria-hidden": "true" }), el("span", {}, el("b", {}, "white"), ": a right colour in the wrong place"))),
    el("p", { class: "example-head" }, "If the secret were ", codeView(example.secret, "secret"), ":"),
    el("ol", { class: "board example" }, rowView(0, example.guess, feedbackView(example.black, example.white))),
    el("p", {}, "0 is in its place (1 black); 2 and 3 are in the code, elsewhere (2 white); 1 is not in it."),
    el("p", {}, el("b", {}, "Computer guesses"), ": you think of a code and answer. ",
      el("b", {}, "You guess"), ": the computer answers. ",
      el("b", {}, "Solver"), ": a game played elsewhere. ",
      el("b", {}, "Why?"), " shows how a guess splits the codes."),
    daily ? el("p", { class: "welcome-daily" }, el("b", {}, "Today's daily"),
      ": the same code for everyone today, 10 guesses, a new one tomorrow.") : null,
    el("form", { method: "dialog", class: "welcome-actions" },
      el("button", { class: "primary" }, daily ? "Play today's daily" : "Play"), rules));
  // Dismissed is recorded at once, as the player acts (Play, All the rules,
  // Escape): the dialog's close event comes later, after a reload or a
  // closed tab may have lost it.
  const dismissed = () => setSetting("welcomed", true);
  dialog.querySelector("form").addEventListener("submit", dismissed);
  dialog.addEventListener("cancel", dismissed);
  rules.addEventListener("click", () => {
    dismissed();
    dialog.close();
    details.open = true;
    const menu = details.closest("[popover]");
    if (menu && details.getClientRects().length === 0) menu.showPopover();
    details.querySelector("summary").focus();
  });
  dialog.addEventListener("close", dismissed);
  document.body.append(dialog);
  dialog.showModal();
}

// switchSetting ties a checkbox to setting name.
export function switchSetting(checkbox, name) {
  checkbox.checked = Boolean(setting(name));
  checkbox.addEventListener("change", () => setSetting(name, checkbox.checked));
}
