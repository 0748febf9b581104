// The page of "mastermind serve": four modes on tabs, one game and strategy
// form, keys routed to the mode on view.
import { call } from "./api.js";
import { Breaker } from "./breaker.js";
import { readLink } from "./daily.js";
import { Explorer } from "./explore.js";
import { setting, switchSetting, welcome } from "./help.js";
import { Maker } from "./maker.js";
import { defaultRule, ruleOf, ruleTitles } from "./rules.js";
import { Solver } from "./solver.js";
import { el } from "./ui.js";

const $ = (sel) => document.querySelector(sel);

// The presets by name, and the strategies by name, from GET /api/games;
// the names of the answer rules.
const presets = {};
const strategies = {};
let rules = [defaultRule];

// menus fills the game and strategy menus from the API's answer c: the
// presets smallest first (the first is chosen), then Custom; the strategies
// in the server's order, the default first.
function menus(c) {
  const custom = $('#game option[value="custom"]');
  for (const g of c.games) {
    presets[g.name] = { positions: g.positions, colors: g.colors, distinct: g.distinct };
    custom.before(el("option", { value: g.name }, `${g.title} (${g.positions} of ${g.colors}${g.distinct ? ", distinct" : ""})`));
  }
  $("#game").value = c.games.length ? c.games[0].name : "custom";
  // The answer rules the API knows (black and white alone before it
  // knew others).
  rules = (c.rules || [{ name: defaultRule }]).map((r) => r.name);
  for (const r of rules) $("#feedback").append(el("option", { value: r }, ruleTitles[r] ?? r));
  $("#feedback").value = defaultRule;
  modes.explore.setTrees(c.trees || []);
  modes.explore.setStrategies(c.strategies, () => settings());
  for (const s of c.strategies) {
    strategies[s.name] = s;
    $("#strategy").append(el("option", { value: s.name, title: `plays ${s.games}` }, s.note ? `${s.name} (${s.note})` : s.name));
  }
  fit();
}

// customGame reads the custom game's fields, within the page's limits.
function customGame() {
  const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, Math.round(Number(v)) || lo));
  const g = {
    positions: clamp($("#positions").value, 1, 10),
    colors: clamp($("#colors").value, 2, 20),
    distinct: $("#distinct").checked,
  };
  if (g.distinct && g.colors < g.positions) g.colors = g.positions;
  return g;
}

// count returns the number of codes of game g.
function count(g) {
  let n = 1;
  for (let i = 0; i < g.positions; i++) n *= g.distinct ? g.colors - i : g.colors;
  return n;
}

// fit lets the strategy menu offer only the strategies the server plays on
// the chosen game under the chosen rule (a custom game of a preset's size
// is that preset; the server names a preset under a rule "classic-slots");
// when the one chosen is not, the first that is.
function fit() {
  const name = $("#game").value;
  const g = name === "custom" ? customGame() : presets[name];
  const rule = $("#feedback").value || defaultRule;
  const same = (p) => p.positions === g.positions && p.colors === g.colors && p.distinct === g.distinct;
  const preset = name !== "custom" ? name : Object.keys(presets).find((k) => same(presets[k]));
  const named = preset && (rule === defaultRule ? preset : `${preset}-${rule}`);
  const options = [...$("#strategy").options];
  for (const o of options) {
    const s = strategies[o.value];
    o.disabled = named ? !s.presets.includes(named) : count(g) > s.maxCodes;
  }
  const chosen = $("#strategy").selectedOptions[0];
  if (chosen && chosen.disabled) {
    const first = options.find((o) => !o.disabled);
    if (first) $("#strategy").value = first.value;
  }
}

// settings reads the game and strategy form: game as the API takes it (a
// preset's name, or the game's object; under another answer rule than the
// default, {preset, feedback} or the object with its feedback), g the game
// with its rule (feedback), preset the preset's name (null for a custom
// game).
function settings() {
  const name = $("#game").value;
  const strategy = $("#strategy").value;
  const feedback = $("#feedback").value || defaultRule;
  let g = name !== "custom" ? presets[name] : customGame();
  if (name === "custom") {
    $("#positions").value = g.positions;
    $("#colors").value = g.colors;
  }
  const preset = name !== "custom" ? name : null;
  if (feedback === defaultRule) return { game: preset ?? g, g, strategy, preset };
  g = { ...g, feedback };
  return { game: preset ? { preset, feedback } : g, g, strategy, preset };
}

// linkRule reads the answer rule a link names ("&feedback=RULE"), or null
// when it names none.
function linkRule(text) {
  const m = /(?:^|&)feedback=([^&]*)/.exec(text);
  return m ? m[1] : null;
}

// keepRule puts the answer rule of the game on view of a mode's link in the
// address (#solver&feedback=slots), so that the link or a reload opens it
// again; the default rule is not written. A challenge's link has its own
// (breaker.js), the daily's and a tree's none.
function keepRule() {
  const text = location.hash.slice(1);
  const head = text.split("&")[0];
  if (!modes[head] || head === "explore") return;
  const s = modes[head].asked ?? modes[head].s; // the game on view, as chosen
  const rule = s ? ruleOf(s.g) : $("#feedback").value;
  const want = rule && rule !== defaultRule ? `#${head}&feedback=${rule}` : `#${head}`;
  if (location.hash !== want && (linkRule(text) !== null || want !== `#${head}`)) history.replaceState(null, "", want);
}

const modes = {
  maker: new Maker($("#maker")),
  breaker: new Breaker($("#breaker")),
  solver: new Solver($("#solver")),
  explore: new Explorer($("#explore")),
};
const started = {};
let ready = false; // the menus are filled: games can start
let active = "maker";
const tabs = [...document.querySelectorAll('[role="tab"]')];

// show puts the mode of a link on view (name, or explore=TREE/PATH),
// starting its first game.
// An address that names no mode lands on You guess, on today's daily
// (landing).
let landing = false;
function show(link, focus = false) {
  let [name, arg] = link.split("&")[0].split("=");
  if (!modes[name]) {
    name = "breaker";
    landing = true;
  }
  active = name;
  for (const t of tabs) {
    const on = t.getAttribute("aria-controls") === name;
    t.setAttribute("aria-selected", String(on));
    t.tabIndex = on ? 0 : -1;
    document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
    if (on && focus) t.focus();
  }
  if (name === "explore" && arg) { // a node to open, if the trees have it
    const why = ready ? modes.explore.linkError(arg) : "";
    modes.explore.link = why ? null : arg;
    if (why) {
      refuse(`This link is not understood (#explore=${arg.slice(0, 40)}): ${why}. Here are the strategies instead.`);
      modes.explore.stay();
    }
  }
  if (ready && (!started[name] || arg)) {
    started[name] = true;
    modes[name].start(settings(), name === "breaker" && landing ? { kind: "daily" } : undefined);
  }
  if (ready) keepRule();
}

// linkNote says, above the modes, why the address's link is not followed
// (or nothing, with text "").
const linkNote = el("p", { class: "msg alert linknote", role: "alert", hidden: true });
$("main").prepend(linkNote);
function refuse(text) {
  linkNote.textContent = text;
  linkNote.hidden = !text;
}

// follow opens what the address's hash names: a mode (#maker, #breaker,
// #solver, #explore=TREE/PATH), or in You guess a daily (#daily=YYYY-MM-DD&game=P) or a
// challenge (#seed=N&game=P) of a preset. A link it cannot read or follow
// opens You guess on today's daily (or another game for a game's link) and
// says why; so does an address that names nothing.
function follow() {
  const hash = location.hash.slice(1);
  let text;
  try {
    text = decodeURIComponent(hash);
  } catch (e) {
    refuse(`This link is not understood (#${hash.slice(0, 40)}): it is not well encoded. Here is today's daily instead.`);
    show("");
    return;
  }
  const l = ready ? readLink(location.hash, Object.keys(presets), rules) : readLink(location.hash, []);
  // The answer rule a mode's link names (#solver&feedback=slots) is the
  // menu's; a challenge's is read with it.
  const rule = linkRule(text);
  if (ready && rule !== null && !l) {
    if (!rules.includes(rule)) {
      refuse(`This link's answer rule is not understood (feedback=${rule.slice(0, 20)}): the rules are ${rules.join(", ")}. Here are black and white answers instead.`);
      $("#feedback").value = defaultRule;
      show(text);
      return;
    }
    if ($("#feedback").value !== rule) {
      $("#feedback").value = rule;
      fit();
      started[text.split("&")[0]] = false; // the mode starts a game of the rule
    }
  }
  if (!l) {
    const name = text.split("&")[0].split("=")[0];
    refuse(name && !modes[name] ? `This link is not understood (#${text.slice(0, 40)}): it names no part of the page. Here is today's daily instead.` : "");
    show(text);
    return;
  }
  if (!ready) { // the page cannot start: nothing to play
    show("breaker");
    return;
  }
  if (l.refused) {
    refuse(`This link cannot be followed: ${l.refused}. Here is another game instead.`);
  } else {
    refuse("");
    const was = $("#game").value;
    const wasRule = $("#feedback").value;
    $("#game").value = l.game;
    if (l.feedback) $("#feedback").value = l.feedback;
    fit();
    if (modes.breaker.begin(settings(), l.daily ? { daily: l.daily } : { seed: l.seed })) {
      $("#custom").hidden = true;
      started.breaker = true;
    } else { // the player keeps the game on view
      $("#game").value = was;
      $("#feedback").value = wasRule;
      fit();
      history.replaceState(null, "", "#breaker");
    }
  }
  show("breaker");
}

// Tabs are links (#maker, #breaker, #solver); arrows move between them.
window.addEventListener("hashchange", follow);
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

$("#game").addEventListener("change", () => { $("#custom").hidden = $("#game").value !== "custom"; fit(); });
$("#custom").addEventListener("change", fit);
$("#feedback").addEventListener("change", fit);
$("#settings").addEventListener("submit", (e) => {
  e.preventDefault();
  document.activeElement.blur(); // keys go to the new game
  if (ready && modes[active].begin(settings())) keepRule();
});

// pointed is the element that last took the focus by a click or a tap (a
// button, a menu, a checkbox), null when the focus moved by the keyboard
// or by the page (a whole code focuses Check): keys then still go to the
// game, as if nothing had been clicked. pointing is true from a press of
// the pointer to its click (a tap focuses between the two).
let pointing = false;
let pointed = null;
document.addEventListener("pointerdown", () => { pointing = true; }, true);
for (const end of ["click", "pointercancel", "keydown"]) document.addEventListener(end, () => { pointing = false; }, true);
document.addEventListener("focusin", (e) => { pointed = pointing ? e.target : null; }, true);

// textField reports whether t takes typed text (keys stay there).
function textField(t) {
  if (!t.closest) return false;
  const f = t.closest("textarea, [contenteditable=''], [contenteditable=true], input");
  return Boolean(f) && !(f.tagName === "INPUT" && /^(checkbox|radio|button|submit|reset|range|color)$/.test(f.type));
}

// Keys go to the mode on view, wherever the last click was, except in a
// text field, a dialog, or a control reached by the keyboard (where Enter
// and Space press it, and a menu or the tabs take their keys).
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  // A dialog open (How to play, the statistics) takes every key: none
  // reaches the game behind it, wherever the focus is.
  if (textField(t) || (t.closest && t.closest("dialog")) || document.querySelector("dialog:modal")) return;
  const clicked = pointed !== null && t === pointed;
  // Digits and Backspace act on the game wherever the focus is (a tab, a
  // button, a menu), but in a text field.
  const codeKey = /^[0-9]$/.test(e.key) || e.key === "Backspace";
  if (!clicked && !codeKey && t.closest) {
    if (t.closest("select, input, form.settings, [role=tablist]")) return;
    if ((e.key === "Enter" || e.key === " ") && t.closest("button, a, summary")) return;
  }
  if (e.key.length === 1 && !setting("shortcuts")) return; // single-key shortcuts off
  if (!ready) {
    // Before the engine has started, a key of the game is answered, not
    // dropped without a word.
    if (/^[0-9]$/.test(e.key) || ["Enter", "Backspace", "n", "u", "h", "y", "+", "-"].includes(e.key)) {
      const msg = document.querySelector(`#${active} .msg`);
      if (msg && !msg.classList.contains("alert")) msg.textContent = `Starting the engine… (${e.key} not taken: the game takes keys once it shows)`;
      e.preventDefault();
    }
    return;
  }
  if (e.key === "n") {
    if (modes[active].begin(settings())) keepRule();
  } else if (!modes[active].key(e)) {
    return;
  }
  e.preventDefault();
});

// The menus come from the server (on the static site, from the engine,
// which takes a moment to start): till then they say so, and the tab of
// the link is on view.
const startingOption = () => el("option", { value: "", class: "starting" }, "Starting…");
$("#game").prepend(startingOption());
$("#game").value = "";
$("#strategy").append(startingOption());
$("#feedback").append(startingOption());
$("#explore .treegame")?.append(startingOption());
follow();
// The rules on a first visit, but not over a deep link (a challenge, a
// tree's node, a day of the archive: NAME=...), which opens where it
// points. With no link at all, the page opens on today's daily, and the
// rules say so.
if (!location.hash.includes("=")) welcome($("#help"), location.hash === "" || location.hash === "#");
switchSetting($("#shortcuts"), "shortcuts");
for (const m of document.querySelectorAll(".panel .msg")) m.textContent = "Starting the engine…";
let catalog = null;
try {
  catalog = await call("/api/games");
} catch (e) {
  for (const m of document.querySelectorAll(".msg")) {
    m.textContent = `The page cannot start: ${e.message}`;
    m.classList.add("alert");
  }
}
if (catalog) {
  for (const o of document.querySelectorAll("option.starting")) o.remove();
  for (const m of document.querySelectorAll(".panel .msg")) m.textContent = "";
  menus(catalog);
  ready = true;
  follow();
}
