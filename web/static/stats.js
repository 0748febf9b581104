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
// games counts You guess against a secret, per preset, and the games of a
// preset under another answer rule apart, under the name the project
// gives such a game (rules.js gameName, as mastermind.Game.Name:
// "classic-slots"; the terminal counts its games under the same names):
// guesses[i] the games won in i+1 guesses; paired the games won whose
// secret the engine also played, with the guesses of each side; streak
// the dailies won on consecutive days up to the daily numbered last, best
// the longest streak.
// evil counts the games against the evil codemaker apart; daily keeps each
// daily played, to show its result again (the daily and the evil
// codemaker answer in black and white: theirs are the preset's own).
// Custom games are not counted.
// Every count is a whole number from 0 to 2^53-1 (JavaScript's exact
// integers), won at most played, the guesses summing to won, the streak at
// most the best and the best at most won: statistics that break this are
// damaged, as play/stats reads the terminal's (the vectors of
// internal/testkit/vectors/tally-*.txt hold both to it). They
// are read into objects of no prototype (storage.js), so a preset or a
// date named "__proto__" is a name like any other.
// The dialog (statsdialog.js) shows them, with statsview.js's figures.
import { parseJSON, readJSON, readText, write, writeJSON } from "./storage.js";

const key = "mastermind.stats";
const version = 1;

// Limits of a value kept: more guesses in a game, or turns in a daily, than
// any game of a preset takes by far, are not a player's.
const maxGuesses = 10000;

// dict returns an empty object of no prototype: statistics' maps.
const dict = () => Object.create(null);

// fresh returns empty statistics.
function fresh() {
  return { version, games: dict(), evil: dict(), daily: dict() };
}

// The shapes of the statistics, checked on load: each returns whether v is
// one.
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const isCounts = (v) => Array.isArray(v) && v.length <= maxGuesses && v.every(isCount);
// sumsTo reports whether counts (isCounts) add up to n, each summed only
// while the sum stays at most n (exact, however large).
function sumsTo(counts, n) {
  let left = n;
  for (const k of counts) {
    if (k > left) return false;
    left -= k;
  }
  return left === 0;
}
function isTally(t) {
  if (!isObject(t) || !isCount(t.played) || !isCount(t.won) || t.won > t.played || !isCounts(t.guesses) || !sumsTo(t.guesses, t.won)) return false;
  if (t.paired !== undefined && !(isObject(t.paired) && isCount(t.paired.games) && isCount(t.paired.you) && isCount(t.paired.engine))) return false;
  if (t.hard !== undefined && !(isObject(t.hard) && t.hard.hard === undefined && isTally(t.hard))) return false;
  if (!["streak", "best", "last"].every((k) => t[k] === undefined || isCount(t[k]))) return false;
  return (t.streak ?? 0) <= (t.best ?? 0) && (t.best ?? 0) <= t.won;
}
function isTurn(t) {
  return isObject(t) && Array.isArray(t.guess) && t.guess.length <= 100 && t.guess.every(isCount) && isCount(t.black) && isCount(t.white);
}
function isDaily(d) {
  return isObject(d) && isCount(d.number) && typeof d.won === "boolean" && Array.isArray(d.turns) &&
    d.turns.length <= maxGuesses && d.turns.every(isTurn) && (d.hard === undefined || typeof d.hard === "boolean");
}

// clean returns the statistics of v (parsed JSON) that have their shape,
// and whether anything was left out.
function clean(v) {
  const s = fresh();
  if (!isObject(v) || v.version !== version) return { s, bad: true };
  let bad = false;
  for (const group of ["games", "evil"]) {
    if (!isObject(v[group])) {
      bad = true;
      continue;
    }
    for (const [preset, t] of Object.entries(v[group])) {
      if (isTally(t)) s[group][preset] = t;
      else bad = true;
    }
  }
  if (isObject(v.daily)) {
    for (const [preset, days] of Object.entries(v.daily)) {
      if (!isObject(days)) {
        bad = true;
        continue;
      }
      for (const [date, d] of Object.entries(days)) {
        if (/^\d{4}-\d{2}-\d{2}$/.test(date) && isDaily(d)) (s.daily[preset] ??= dict())[date] = d;
        else bad = true;
      }
    }
  } else {
    bad = true;
  }
  return { s, bad };
}

// setAside keeps text (statistics not read whole) under a key of its own,
// mastermind.stats.aside, .aside.2, ... (never one already used), and
// returns that key, or "" when storage refuses it.
function setAside(text) {
  for (let i = 1; i < 1000; i++) {
    const k = `${key}.aside${i > 1 ? `.${i}` : ""}`;
    const kept = readText(k);
    if (kept === text) return k;
    if (kept !== null) continue;
    return write(k, text, "the statistics this page could not read, set aside") ? "" : k;
  }
  return "";
}

// aside is the key under which statistics not read (another version, or
// values of the wrong shape) were set aside in this page, or "".
let aside = "";

// load (loadStats) returns the statistics kept, or empty ones when there are none or
// storage is refused. Statistics of another version, or with values not of
// their shape, are set aside whole (setAside) before the values that can be
// read are kept in their place; if they cannot be set aside, nothing is
// written over them (readOnly).
function load() {
  const text = readText(key);
  if (text === null) return fresh();
  let v;
  try {
    v = parseJSON(text);
  } catch (e) {
    v = null;
  }
  const { s, bad } = clean(v);
  if (!bad) return s;
  aside = setAside(text);
  if (!aside) {
    s.readOnly = true;
    return s;
  }
  save(s);
  return s;
}

// setAsideKey returns the key under which statistics the page could not
// read were set aside, or "".
export function setAsideKey() {
  load();
  return aside;
}

// save (saveStats) keeps s, and returns "" or why it could not (storage full or
// refused, said on the page too): what was kept before then stays.
function save(s) {
  if (s.readOnly) return "the statistics kept, not read whole, could not be set aside";
  return writeJSON(key, s, "your statistics");
}

export { load as loadStats, save as saveStats };

// resetStats forgets the statistics kept.
export function resetStats() {
  write(key, null, "the statistics reset");
}

// tally returns the counts of preset in group, created empty.
function tally(group, preset) {
  group[preset] ??= { played: 0, won: 0, guesses: [] };
  return group[preset];
}

// count counts a game of n guesses, won or not, in tally t.
function count(t, won, n) {
  t.played++;
  if (!won) return;
  t.won++;
  while (t.guesses.length < n) t.guesses.push(0);
  t.guesses[n - 1]++;
}

// recordGame counts a finished game of You guess on a preset, named as
// gameName names it with its rule ("classic", "classic-slots"): turns (the
// history), won, evil (against the evil codemaker), hard (in hard mode:
// counted in the tally's hard too), daily ({date, number, today} when it
// is a daily; only today's daily makes a streak). It is called as the game
// ends, before anything is fetched; recordEngine adds the engine's figure.
// It returns "" or why the game could not be kept (said on the page too).
//
// A daily is counted once: one already kept (ended in another tab, or
// settled) is not counted again, and its progress is dropped.
export function recordGame(preset, { turns, won, evil = false, hard = false, daily = null }) {
  const s = load();
  if (daily && s.daily[preset]?.[daily.date]) {
    // A daily counts once: the first result stands (another tab's, or the terminal's).
    dropProgress(preset, daily.date);
    return "";
  }
  const t = tally(evil ? s.evil : s.games, preset);
  count(t, won, turns.length);
  if (hard) {
    t.hard ??= { played: 0, won: 0, guesses: [] };
    count(t.hard, won, turns.length);
  }
  if (daily) {
    s.daily[preset] ??= dict();
    s.daily[preset][daily.date] = { number: daily.number, won, turns, ...(hard ? { hard: true } : {}) };
    const d = tally(s.games, preset);
    if (daily.today && !(d.last >= daily.number)) {
      d.streak = won ? (d.last === daily.number - 1 ? (d.streak || 0) + 1 : 1) : 0;
      d.last = daily.number;
      d.best = Math.max(d.best || 0, d.streak);
    }
  }
  const failed = save(s);
  if (daily && !failed) dropProgress(preset, daily.date);
  // statsview.js marks this game's bar.
  window.dispatchEvent(new CustomEvent("mastermind-recorded", { detail: { preset, won, guesses: turns.length, evil, daily: Boolean(daily) } }));
  return failed;
}

// recordEngine adds to the statistics of a won game of preset (named as
// in recordGame; you guesses) the engine's guesses for the same secret.
export function recordEngine(preset, { you, engine, evil = false }) {
  if (evil) return;
  const s = load();
  const t = tally(s.games, preset);
  t.paired ??= { games: 0, you: 0, engine: 0 };
  t.paired.games++;
  t.paired.you += you;
  t.paired.engine += engine;
  save(s);
}

// dailyPlayed returns the daily of preset on date as it was played
// ({number, won, turns}), or null.
export function dailyPlayed(preset, date) {
  return load().daily[preset]?.[date] ?? null;
}

// A daily in progress is kept on the device as it is played, guess by
// guess, so that a reload (or a phone dropping the tab) brings it back
// where it was, its guesses counted: localStorage mastermind.daily,
//
//   {"version": 1, "classic": {"2026-12-02": {"number": 32, "today": true,
//     "hard": false, "hints": 0, "turns": [{"guess": [0, 0, 1, 1], "black": 1, "white": 0}, ...]}}}
//
// today: it was the day's daily when it was begun. Once the game ends it is
// counted (recordGame) and dropped from here; one begun as the day's daily
// and left unfinished past that day counts as lost (settleDailies).
const progressKey = "mastermind.daily";

// readProgress returns the dailies in progress kept (an empty set when
// none, or not readable).
function readProgress() {
  const v = readJSON(progressKey);
  if (isObject(v) && v.version === version) return v;
  return Object.assign(dict(), { version });
}

// writeProgress keeps the dailies in progress v, and returns "" or why it
// could not.
function writeProgress(v) {
  return write(progressKey, Object.keys(v).length > 1 ? JSON.stringify(v) : null, "today's daily as played so far");
}

// isProgress reports whether p is a daily in progress as kept.
function isProgress(p) {
  return isObject(p) && isCount(p.number) && typeof p.today === "boolean" && typeof p.hard === "boolean" &&
    isCount(p.hints) && Array.isArray(p.turns) && p.turns.length <= maxGuesses && p.turns.every(isTurn);
}

// saveProgress keeps the daily of preset on date as played so far: p is
// {number, today, hard, hints, turns}. It returns "" or why it could not.
export function saveProgress(preset, date, p) {
  const v = readProgress();
  if (!isObject(v[preset])) v[preset] = dict();
  v[preset][date] = p;
  return writeProgress(v);
}

// dailyProgress returns the daily of preset on date as played so far
// ({number, today, hard, hints, turns}), or null.
export function dailyProgress(preset, date) {
  const p = readProgress()[preset]?.[date];
  return isProgress(p) ? p : null;
}

// dropProgress forgets the daily of preset on date in progress.
function dropProgress(preset, date) {
  const v = readProgress();
  if (!isObject(v[preset]) || !(date in v[preset])) return;
  delete v[preset][date];
  if (Object.keys(v[preset]).length === 0) delete v[preset];
  writeProgress(v);
}

// settleDailies counts as lost every daily begun as the day's daily and
// left unfinished before now (a date, "YYYY-MM-DD"): as one given up, it
// breaks the streak.
export function settleDailies(now) {
  const v = readProgress();
  for (const [preset, days] of Object.entries(v)) {
    if (preset === "version" || !isObject(days)) continue;
    for (const [date, p] of Object.entries(days)) {
      if (date >= now || !isProgress(p) || !p.today) continue;
      recordGame(preset, { turns: p.turns, won: false, hard: p.hard, daily: { date, number: p.number, today: true } });
    }
  }
}

// readImport returns the statistics of text (an exported file), or
// {refused: why} when it is not one, whole.
export function readImport(text) {
  let v;
  try {
    v = parseJSON(text);
  } catch (e) {
    return { refused: "it is not JSON (the file Export writes is)" };
  }
  if (!isObject(v) || v.version === undefined) return { refused: "it is not a file of statistics (Export writes one)" };
  if (v.version !== version) return { refused: `it is of version ${String(v.version).slice(0, 10)}; this page reads version ${version}` };
  const { s, bad } = clean(v);
  if (bad) return { refused: "some of its values are not statistics (it was changed, or is damaged)" };
  return { s };
}

// mergeStats adds the statistics b to a: the counts added, the dailies of
// both (a's where both played a day), the streak of the later one.
export function mergeStats(a, b) {
  const add = (x, y) => {
    const t = { ...x, played: x.played + y.played, won: x.won + y.won, guesses: [] };
    for (let i = 0; i < Math.max(x.guesses.length, y.guesses.length); i++) t.guesses.push((x.guesses[i] ?? 0) + (y.guesses[i] ?? 0));
    if (x.paired || y.paired) {
      const p = x.paired ?? { games: 0, you: 0, engine: 0 }, q = y.paired ?? { games: 0, you: 0, engine: 0 };
      t.paired = { games: p.games + q.games, you: p.you + q.you, engine: p.engine + q.engine };
    }
    if (x.hard || y.hard) t.hard = add(x.hard ?? { played: 0, won: 0, guesses: [] }, y.hard ?? { played: 0, won: 0, guesses: [] });
    const later = (y.last ?? 0) > (x.last ?? 0) ? y : x;
    for (const k of ["streak", "last"]) if (later[k] !== undefined) t[k] = later[k];
    if (x.best !== undefined || y.best !== undefined) t.best = Math.max(x.best ?? 0, y.best ?? 0);
    return t;
  };
  const out = fresh();
  for (const group of ["games", "evil"]) {
    for (const preset of new Set([...Object.keys(a[group]), ...Object.keys(b[group])])) {
      const x = a[group][preset], y = b[group][preset];
      out[group][preset] = x && y ? add(x, y) : x ?? y;
    }
  }
  for (const preset of new Set([...Object.keys(a.daily), ...Object.keys(b.daily)])) {
    out.daily[preset] = Object.assign(dict(), b.daily[preset], a.daily[preset]);
  }
  return out;
}

// keepImported keeps s (statistics imported, alone or merged) in the place
// of those kept, and returns "" or why it could not: what was kept then
// stays.
export function keepImported(s) {
  // Statistics whose sums no longer have their shape (counts past 2^53-1)
  // are not kept.
  if (clean(parseJSON(JSON.stringify(s))).bad) return "the counts together are larger than statistics can hold";
  return save(s);
}
