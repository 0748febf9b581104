// A person's statistics, kept in this browser only: localStorage under
// mastermind.stats, JSON (docs/web-api.md describes it):
//
//   {"version": 1,
//    "games": {"classic": {"played": 5, "won": 4, "guesses": [0, 0, 1, 2, 1],
//                          "paired": {"games": 4, "you": 17, "engine": 18},
//                          "streak": 2, "best": 3, "last": 3}, ...},
//    "evil": {"classic": {"played": 1, "won": 1, "guesses": [0, 0, 0, 0, 0, 1]}, ...},
//    "daily": {"classic": {"2026-11-03": {"number": 3, "won": true,
//                          "turns": [{"guess": [0, 0, 1, 1], "black": 1, "white": 0}, ...]}}}}
//
// games counts You guess against a secret, per preset: guesses[i] the
// games won in i+1 guesses; paired the games won whose secret the engine
// also played, with the guesses of each side; streak the dailies won on
// consecutive days up to the daily numbered last, best the longest streak.
// evil counts the games against the evil codemaker apart; daily keeps each
// daily played, to show its result again. Custom games are not counted.
import { bar, el, plural } from "./ui.js";

const key = "mastermind.stats";
const version = 1;

// fresh returns empty statistics.
function fresh() {
  return { version, games: {}, evil: {}, daily: {} };
}

// load returns the statistics kept, or empty ones when there are none, or
// they are not of this version, or storage is refused.
function load() {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "null");
    if (v && v.version === version && v.games && v.evil && v.daily) return v;
  } catch (e) {
    // unreadable: start again
  }
  return fresh();
}

// save keeps s; without storage (a private window) it is lost at reload.
function save(s) {
  try {
    localStorage.setItem(key, JSON.stringify(s));
  } catch (e) {
    // not kept
  }
}

// tally returns the counts of preset in group, created empty.
function tally(group, preset) {
  group[preset] ??= { played: 0, won: 0, guesses: [] };
  return group[preset];
}

// recordGame counts a finished game of You guess on a preset: turns (the
// history), won, engine (the engine's guesses for the same secret, or 0 if
// unknown), evil (against the evil codemaker), daily ({date, number, today}
// when it is a daily; only today's daily makes a streak).
export function recordGame(preset, { turns, won, engine = 0, evil = false, daily = null }) {
  const s = load();
  const t = tally(evil ? s.evil : s.games, preset);
  t.played++;
  if (won) {
    t.won++;
    const n = turns.length;
    while (t.guesses.length < n) t.guesses.push(0);
    t.guesses[n - 1]++;
    if (!evil && engine > 0) {
      t.paired ??= { games: 0, you: 0, engine: 0 };
      t.paired.games++;
      t.paired.you += n;
      t.paired.engine += engine;
    }
  }
  if (daily) {
    s.daily[preset] ??= {};
    s.daily[preset][daily.date] = { number: daily.number, won, turns };
    if (daily.today) {
      t.streak = won ? (t.last === daily.number - 1 ? (t.streak || 0) + 1 : 1) : 0;
      t.last = daily.number;
      t.best = Math.max(t.best || 0, t.streak);
    }
  }
  save(s);
}

// dailyPlayed returns the daily of preset on date as it was played
// ({number, won, turns}), or null.
export function dailyPlayed(preset, date) {
  return load().daily[preset]?.[date] ?? null;
}

// streakOf returns the daily streak of t as of the daily numbered today:
// broken when neither today's nor yesterday's daily was won.
function streakOf(t, today) {
  return t.streak && t.last >= today - 1 ? t.streak : 0;
}

// average returns sum/n with one decimal, or "—".
function average(sum, n) {
  return n ? (sum / n).toFixed(1) : "—";
}

// chart draws the distribution of guesses as bars (ui.js's), one per
// number of guesses, each as long as its share of the most common.
function chart(t, label) {
  const most = Math.max(1, ...t.guesses);
  return el("ul", { class: "bars", "aria-label": label },
    t.guesses.map((n, i) => el("li", { "aria-label": `${plural(i + 1, "guess")}: ${plural(n, "game")}` },
      el("span", { class: "bar-label", "aria-hidden": "true" }, String(i + 1)),
      bar(n / most),
      el("span", { class: "bar-n", "aria-hidden": "true" }, String(n)))));
}

// presetView draws the statistics of one preset.
function presetView(s, preset, today) {
  const t = s.games[preset];
  const e = s.evil[preset];
  const parts = [el("h3", {}, preset)];
  if (t) {
    const p = t.paired ?? { games: 0, you: 0, engine: 0 };
    const won = t.guesses.reduce((a, n, i) => a + n * (i + 1), 0);
    parts.push(
      el("p", {}, `${plural(t.played, "game")} played, ${t.won} won (${Math.round(100 * t.won / t.played)}%), ` +
        `in ${average(won, t.won)} guesses on average. On ${plural(p.games, "secret")} played by both: ` +
        `you ${average(p.you, p.games)}, the engine ${average(p.engine, p.games)}. Daily streak ${streakOf(t, today)}, best ${t.best || 0}.`),
      chart(t, `${preset}: games won by number of guesses`));
  }
  if (e) {
    parts.push(el("p", {}, `Against the evil codemaker: ${plural(e.played, "game")}, ${e.won} won` +
      (e.won ? `, in ${average(e.guesses.reduce((a, n, i) => a + n * (i + 1), 0), e.won)} guesses on average.` : ".")));
  }
  return el("section", { class: "stat" }, parts);
}

// statsView draws every preset played into node, with Export and Reset;
// today is the number of today's daily (for the streaks).
export function statsView(node, today) {
  const s = load();
  const presets = [...new Set([...Object.keys(s.games), ...Object.keys(s.evil)])].sort();
  const reset = el("button", {
    type: "button", class: "reset",
    onclick: () => {
      if (!confirm("Reset your statistics? They cannot be brought back (Export keeps a copy).")) return;
      try {
        localStorage.removeItem(key);
      } catch (e) {
        // nothing kept
      }
      statsView(node, today);
    },
  }, "Reset…");
  node.replaceChildren(
    ...(presets.length ? presets.map((p) => presetView(s, p, today)) : [el("p", {}, "No game finished yet: play You guess, or today's daily.")]),
    el("p", { class: "actions" },
      el("button", { type: "button", onclick: () => download(s) }, "Export"), reset));
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
