// What a player comes back to, beside the modes: the theme toggle and the
// statistics in the header, the rules opened on a first visit, and the
// switch of the single-key shortcuts.
import { call } from "./api.js";
import { today } from "./daily.js";
import { switchSetting, welcome } from "./help.js";
import { statsView } from "./stats.js";
import { themeToggle } from "./theme.js";
import { el } from "./ui.js";

const body = el("div", { class: "statsbody" });
const dialog = el("dialog", { class: "stats", "aria-labelledby": "stats-title" },
  el("h2", { id: "stats-title" }, "Your statistics"),
  el("p", { class: "note" }, "Kept in this browser only."),
  body,
  el("form", { method: "dialog" }, el("button", { class: "primary" }, "Close")));
document.body.append(dialog);

// openStats draws the statistics as of today's daily and shows them.
async function openStats() {
  let number = 0;
  try {
    if (navigator.onLine) number = (await call("/api/daily", { date: today(), game: "classic" })).number;
  } catch (e) {
    // no engine: streaks as kept
  }
  statsView(body, number);
  if (!dialog.open) dialog.showModal();
}

const theme = el("button", { type: "button", class: "tool theme" });
themeToggle(theme);
document.getElementById("settings").after(el("div", { class: "tools" },
  el("button", { type: "button", class: "tool stats-open", onclick: openStats }, "Statistics"), theme));

const help = document.getElementById("help");
// The rules on a first visit, but not over a deep link (a challenge, a
// tree's node, a day of the archive: NAME=...), which opens where it
// points. With no link at all, the page opens on today's daily, and the
// rules say so.
if (help && !location.hash.includes("=")) welcome(help, location.hash === "" || location.hash === "#");
const shortcuts = document.getElementById("shortcuts");
if (shortcuts) switchSetting(shortcuts, "shortcuts");
