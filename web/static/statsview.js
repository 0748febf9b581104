// The statistics as figures, as a daily game shows them: per preset, the
// dailies apart from the practice games (You guess against a random
// code), and the practice games of each other answer rule apart (counted
// under "classic-slots": rules.js gameName), each with games played, the
// share won, the streaks (dailies), and the distribution of the guesses
// as bars, the bar of the game just finished marked; a countdown to the next daily, which comes at the
// player's local midnight. The statistics themselves (what is kept, how it
// is read) are stats.js's.
import { dailyGuesses } from "./daily.js";
import { defaultRule, gameName, ruleTitles } from "./rules.js";
import { bar, el, plural } from "./ui.js";

// last is the game finished last on this page ({preset, daily, won,
// guesses}), told by stats.js's "mastermind-recorded" event: its bar is
// marked.
let last = null;
window.addEventListener("mastermind-recorded", (e) => { last = e.detail; });

// title names a preset as the Game menu does ("Classic (4 of 6)").
function title(preset) {
  return [...document.querySelectorAll("#game option")].find((o) => o.value === preset)?.textContent ?? preset;
}

// figure is one figure: a number and what it counts.
const figure = (n, label) => el("div", { class: "fig" }, el("span", { class: "fig-n" }, String(n)), el("span", { class: "fig-label" }, label));

// percent returns the share won, in whole percent ("—" of no game).
const percent = (won, played) => played ? String(Math.round(100 * won / played)) : "—";

// average returns sum/n with one decimal, or "—".
const average = (sum, n) => n ? (sum / n).toFixed(1) : "—";

// distribution draws the games won by number of guesses as bars, each as
// long as its share of the most common; mark (a number of guesses, or 0)
// is the bar of the game just finished.
function distribution(guesses, label, mark) {
  const most = guesses.reduce((a, n) => Math.max(a, n), 1);
  return el("ul", { class: "bars dist", "aria-label": label },
    guesses.map((n, i) => el("li", { "aria-label": `${plural(i + 1, "guess")}: ${plural(n, "game")}${i + 1 === mark ? " (this game)" : ""}` },
      el("span", { class: "bar-label", "aria-hidden": "true" }, String(i + 1)),
      markBar(bar(n / most), i + 1 === mark),
      el("span", { class: "bar-n", "aria-hidden": "true" }, String(n)))));
}

// markBar marks bar b as this game's when on.
function markBar(b, on) {
  if (on) b.classList.add("this");
  return b;
}

// dailies returns the figures of the dailies of a preset kept in days
// ({date: {number, won, turns}}): played, won, and the games won by
// number of guesses.
function dailies(days) {
  const d = { played: 0, won: 0, guesses: [] };
  for (const day of Object.values(days ?? {})) {
    d.played++;
    if (!day.won) continue;
    d.won++;
    const n = day.turns.length;
    while (d.guesses.length < n) d.guesses.push(0);
    d.guesses[n - 1]++;
  }
  return d;
}

// streak returns the daily streak of tally t as of the daily numbered
// today: broken when neither today's nor yesterday's daily was won.
const streak = (t, today) => t.streak && t.last >= today - 1 ? t.streak : 0;

// presetFigures draws the statistics of preset: its dailies, its practice
// games (the games of the tally that are not dailies), hard mode and the
// evil codemaker's games, then those of each other answer rule played,
// apart; today is the number of today's daily.
export function presetFigures(s, preset, today) {
  const rules = Object.keys(ruleTitles).filter((r) => r !== defaultRule && (s.games[gameName(preset, r)] || s.evil[gameName(preset, r)]));
  const parts = [el("h3", {}, title(preset)), ...tallyFigures(s, preset, today, rules.length ? ruleTitles[defaultRule] : "")];
  for (const r of rules) parts.push(...tallyFigures(s, gameName(preset, r), today, ruleTitles[r]));
  return el("section", { class: "stat" }, parts);
}

// tallyFigures returns the figures of the games counted under name (a
// preset's, with its rule: gameName), rule the rule's title to name the
// practice games by ("" when there is no other); today is the number of
// today's daily.
function tallyFigures(s, name, today, rule) {
  const t = s.games[name] ?? { played: 0, won: 0, guesses: [] };
  const e = s.evil[name];
  const d = dailies(s.daily[name]);
  const p = {
    played: Math.max(0, t.played - d.played),
    won: Math.max(0, t.won - d.won),
    guesses: t.guesses.map((n, i) => Math.max(0, n - (d.guesses[i] ?? 0))),
  };
  while (p.guesses.length && p.guesses[p.guesses.length - 1] === 0) p.guesses.pop();
  const mark = (daily) => last && last.preset === name && !last.evil && last.won && Boolean(last.daily) === daily ? last.guesses : 0;
  const practice = rule ? `Practice, ${rule[0].toLowerCase()}${rule.slice(1)}` : "Practice";
  const parts = [];
  if (d.played) {
    parts.push(el("h4", {}, "Daily"),
      el("div", { class: "figs" }, figure(d.played, "played"), figure(percent(d.won, d.played), "win %"),
        figure(streak(t, today), "current streak"), figure(t.best || 0, "best streak")),
      distribution(Array.from({ length: Math.max(dailyGuesses, d.guesses.length) }, (_, i) => d.guesses[i] ?? 0), `${name} dailies: games won by number of guesses`, mark(true)));
  }
  if (p.played) {
    const sum = p.guesses.reduce((a, n, i) => a + n * (i + 1), 0);
    const paired = t.paired ?? { games: 0, you: 0, engine: 0 };
    parts.push(el("h4", {}, practice),
      el("div", { class: "figs" }, figure(p.played, "played"), figure(percent(p.won, p.played), "win %"),
        figure(average(sum, p.won), "guesses on average")),
      distribution(p.guesses, `${name} practice: games won by number of guesses`, mark(false)));
    if (paired.games) {
      parts.push(el("p", { class: "note" }, `On ${plural(paired.games, "secret")} the engine played too: you ${average(paired.you, paired.games)} guesses, the engine ${average(paired.engine, paired.games)}.`));
    }
  }
  if (t.hard) parts.push(el("p", { class: "note" }, `In hard mode: ${plural(t.hard.played, "game")}, ${t.hard.won} won.`));
  if (e) {
    parts.push(el("p", { class: "note" }, `Against the evil codemaker: ${plural(e.played, "game")}, ${e.won} won` +
      (e.won ? `, in ${average(e.guesses.reduce((a, n, i) => a + n * (i + 1), 0), e.won)} guesses on average.` : ".")));
  }
  return parts;
}

// untilMidnight returns the time to the next local midnight, "h:mm:ss".
function untilMidnight(now = new Date()) {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const s = Math.max(0, Math.ceil((next - now) / 1000));
  const two = (n) => String(n).padStart(2, "0");
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

// countdown returns a line that counts down to the next daily, updated
// each second while it is in the page.
export function countdown() {
  const out = el("time", { class: "fig-n" }, untilMidnight());
  const line = el("p", { class: "countdown" }, "Next daily in ", out);
  const timer = setInterval(() => {
    if (!line.isConnected) clearInterval(timer);
    else out.textContent = untilMidnight();
  }, 1000);
  return line;
}
