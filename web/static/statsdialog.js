// The Statistics dialog, opened from the menu's tools: every preset
// played, as figures (statsview.js), its games under each answer rule
// with it, with Export, Import and Reset; the statistics themselves are
// stats.js's.
import { call } from "./api.js";
import { today } from "./daily.js";
import { splitName } from "./rules.js";
import { keepImported, loadStats, mergeStats, readImport, resetStats, setAsideKey } from "./stats.js";
import { countdown, presetFigures } from "./statsview.js";
import { el } from "./ui.js";

const body = el("div", { class: "statsbody" });
const dialog = el("dialog", { class: "stats", "aria-labelledby": "stats-title" },
  el("h2", { id: "stats-title" }, "Your statistics"),
  el("p", { class: "note" }, "Kept in this browser only."),
  body,
  el("form", { method: "dialog" }, el("button", { class: "primary" }, "Close")));
document.body.append(dialog);

// openStats draws the statistics as of today's daily and shows them.
export async function openStats() {
  let number = 0;
  try {
    if (navigator.onLine) number = (await call("/api/daily", { date: today(), game: "classic" })).number;
  } catch (e) {
    // no engine: streaks as kept
  }
  statsView(body, number);
  if (!dialog.open) dialog.showModal();
}

// statsView draws every preset played into node (under any rule: the
// games of "classic-slots" are classic's), with Export and Reset; today is
// the number of today's daily (for the streaks).
function statsView(node, today) {
  const s = loadStats();
  const presets = [...new Set([...Object.keys(s.games), ...Object.keys(s.evil)].map((name) => splitName(name).preset))].sort();
  const reset = el("button", {
    type: "button", class: "reset",
    onclick: () => {
      if (!confirm("Reset your statistics? They cannot be brought back (Export keeps a copy).")) return;
      resetStats();
      statsView(node, today);
    },
  }, "Reset…");
  const kept = setAsideKey();
  const note = el("p", { class: "importnote", role: "status" });
  const file = el("input", { type: "file", accept: ".json,application/json", hidden: true, onchange: () => importFile(file, note, node, today) });
  node.replaceChildren(
    ...(kept ? [el("p", { class: "note" }, `Statistics this page could not read whole were kept aside in this browser (localStorage ${kept}); the rest is here.`)] : []),
    ...(presets.length ? presets.map((p) => presetFigures(s, p, today)) : [el("p", {}, "No game finished yet: play You guess, or today's daily.")]),
    countdown(),
    el("p", { class: "actions" },
      el("button", { type: "button", onclick: () => download(s) }, "Export"),
      el("button", { type: "button", class: "import", onclick: () => file.click() }, "Import…"), file, reset),
    note);
}

// importFile reads the file chosen in input and, if it holds statistics,
// asks whether to merge them with these or replace these; note says what
// came of it. The dialog (node) is drawn again after.
async function importFile(input, note, node, today) {
  const f = input.files[0];
  input.value = "";
  if (!f) return;
  const got = f.size > 50 * 1024 * 1024 ? { refused: "it is larger than any file of statistics" } : readImport(await f.text());
  if (got.refused) {
    note.textContent = `${f.name.slice(0, 60)} is not imported: ${got.refused}.`;
    note.classList.add("alert");
    return;
  }
  note.classList.remove("alert");
  const name = f.name.slice(0, 60);
  const done = (s, how) => {
    const failed = keepImported(s);
    statsView(node, today);
    const out = node.querySelector(".importnote");
    out.textContent = failed ? `${name} is not imported: ${failed}. The statistics that were here stay.` : `${name} ${how}.`;
    out.classList.toggle("alert", Boolean(failed));
  };
  note.replaceChildren(`${name} holds statistics: `,
    el("button", { type: "button", class: "merge", onclick: () => done(mergeStats(loadStats(), got.s), "is merged with the statistics that were here") }, "Merge with these"), " ",
    el("button", { type: "button", class: "replace", onclick: () => done(got.s, "replaces the statistics that were here") }, "Replace these"), " ",
    el("button", { type: "button", onclick: () => note.replaceChildren() }, "Cancel"));
}

// download saves the statistics as a JSON file.
function download(s) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(s, null, 2) + "\n"], { type: "application/json" }));
  const a = el("a", { href: url, download: "mastermind-stats.json" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
