// The page of "mastermind serve": three modes on tabs, one game and strategy
// form, keys routed to the mode on view.
import { Breaker } from "./breaker.js";
import { Maker } from "./maker.js";
import { Solver } from "./solver.js";

const presets = {
  classic: { positions: 4, colors: 6, distinct: false },
  bulls: { positions: 4, colors: 10, distinct: true },
  super: { positions: 5, colors: 8, distinct: false },
  digits: { positions: 4, colors: 10, distinct: false },
};

const $ = (sel) => document.querySelector(sel);

// settings reads the game and strategy form.
function settings() {
  const name = $("#game").value;
  const strategy = $("#strategy").value;
  if (name !== "custom") return { game: name, g: presets[name], strategy };
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, Math.round(Number(v)) || lo));
  const g = {
    positions: clamp($("#positions").value, 1, 10),
    colors: clamp($("#colors").value, 2, 20),
    distinct: $("#distinct").checked,
  };
  if (g.distinct && g.colors < g.positions) g.colors = g.positions;
  $("#positions").value = g.positions;
  $("#colors").value = g.colors;
  return { game: g, g, strategy };
}

const modes = {
  maker: new Maker($("#maker")),
  breaker: new Breaker($("#breaker")),
  solver: new Solver($("#solver")),
};
const started = {};
let active = "maker";
const tabs = [...document.querySelectorAll('[role="tab"]')];

// show puts mode name on view, starting its first game.
function show(name, focus = false) {
  if (!modes[name]) name = "maker";
  active = name;
  for (const t of tabs) {
    const on = t.getAttribute("aria-controls") === name;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
    if (on && focus) t.focus();
  }
  if (!started[name]) {
    started[name] = true;
    modes[name].start(settings());
  }
}

// Tabs are links (#maker, #breaker, #solver); arrows move between them.
window.addEventListener("hashchange", () => show(location.hash.slice(1)));
$('[role="tablist"]').addEventListener("keydown", (e) => {
  const i = tabs.indexOf(document.activeElement);
  if (i < 0) return;
  let j = -1;
  if (e.key === "ArrowRight") j = (i + 1) % tabs.length;
  else if (e.key === "ArrowLeft") j = (i + tabs.length - 1) % tabs.length;
  else if (e.key === "Home") j = 0;
  else if (e.key === "End") j = tabs.length - 1;
  else return;
  e.preventDefault();
  history.replaceState(null, "", tabs[j].getAttribute("href"));
  show(tabs[j].getAttribute("aria-controls"), true);
});

$("#game").addEventListener("change", () => { $("#custom").hidden = $("#game").value !== "custom"; });
$("#settings").addEventListener("submit", (e) => {
  e.preventDefault();
  document.activeElement.blur(); // keys go to the new game
  modes[active].start(settings());
});

// Keys typed outside form fields go to the mode on view.
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  if (t.closest && t.closest("input, select, textarea, form.settings, [role=tablist]")) return;
  if ((e.key === "Enter" || e.key === " ") && t.closest && t.closest("button, a, summary")) return;
  if (e.key === "n") {
    modes[active].start(settings());
  } else if (!modes[active].key(e)) {
    return;
  }
  e.preventDefault();
});

show(location.hash.slice(1) || "maker");
