// The daily code, the links that open a game, and the share text of a
// finished daily. The code of a day comes from POST /api/daily (the rule is
// the engine's, package daily); the page adds the day's date and the links.
import { defaultRule, shareRow } from "./rules.js";

// dailyGuesses is the number of guesses a daily allows: the share text
// reads "5/10", and a daily not found in 10 guesses is lost.
export const dailyGuesses = 10;

// first is the date of daily #1.
const first = "2026-11-01";

// today returns the player's local date, "YYYY-MM-DD": the daily changes at
// the player's midnight.
export function today() {
  return dateOf(new Date());
}

// dateOf writes the local date of d as "YYYY-MM-DD".
function dateOf(d) {
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

// realDate reports whether s ("YYYY-MM-DD") is a day of the calendar.
function realDate(s) {
  const [y, m, d] = s.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

// dailyOf returns the daily of date for the preset named game, {number,
// seed}, by the engine's rule (package daily: the seed is the first 8
// bytes of SHA-256("DATE|GAME") modulo the seeds, the number the days from
// the first daily, plus one), so that the day's game starts before the
// engine has; null where the browser does not hash (crypto.subtle is only
// in a secure context): then /api/daily answers. A browser test checks it
// against /api/daily.
export async function dailyOf(date, game) {
  if (!globalThis.crypto?.subtle) return null;
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${date}|${game}`)));
  let x = 0n;
  for (let i = 0; i < 8; i++) x = (x << 8n) | BigInt(h[i]);
  const utc = (s) => { const [y, m, d] = s.split("-").map(Number); return Date.UTC(y, m - 1, d); };
  return { number: Math.round((utc(date) - utc(first)) / 86400000) + 1, seed: Number(x % BigInt(seeds)) };
}

// seeds is the number of seeds of You guess: 0 to seeds-1.
const seeds = 1000000;

// readLink reads a link's hash: "#daily=YYYY-MM-DD&game=P" (the daily of
// that date) or "#seed=N&game=P" (a challenge: You guess's code of seed N;
// "&feedback=RULE" plays it under that answer rule), as {daily, game} or
// {seed, game, feedback}; {refused: why} for such a link the page cannot
// follow (presets names the games it can, rules the answer rules: a rule
// is not checked without them); null for any other hash. The daily is
// black and white's: a rule in its link is not its.
export function readLink(hash, presets, rules) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const daily = p.get("daily");
  const seed = p.get("seed");
  if (daily === null && seed === null) return null;
  const game = p.get("game");
  const known = `the games are ${presets.join(", ")}`;
  if (game === null) return { refused: `it names no game (game=…; ${known})` };
  if (!presets.includes(game)) return { refused: `it names the game "${game.slice(0, 20)}", not one of this page (${known})` };
  if (daily !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(daily) || !realDate(daily)) return { refused: `"${daily.slice(0, 20)}" is not a date (YYYY-MM-DD)` };
    if (daily < first) return { refused: `the first daily is of ${first}, not ${daily}` };
    const now = today();
    if (daily > now) return { refused: `the daily of ${daily} is not out yet: today is ${now}` };
    return { daily, game };
  }
  if (!/^\d{1,6}$/.test(seed)) return { refused: `the seed "${seed.slice(0, 20)}" is not one of 0 to ${(seeds - 1).toLocaleString("en")}` };
  const feedback = p.get("feedback") ?? defaultRule;
  if (rules && !rules.includes(feedback)) return { refused: `it names the answer rule "${feedback.slice(0, 20)}", not one of ${rules.join(", ")}` };
  return { seed: Number(seed), game, feedback };
}

// link returns the address of a game: the daily of date, or the challenge
// of seed, of the preset named game (under answer rule feedback, if not
// the default).
export function link({ daily, seed, game, feedback }) {
  const u = new URL(location.href);
  const rule = feedback && feedback !== defaultRule ? `&feedback=${feedback}` : "";
  u.hash = daily ? `daily=${daily}&game=${game}` : `seed=${seed}&game=${game}${rule}`;
  return u.href;
}

// marks returns one row of a share text: a black mark per black, a white
// mark per white, a dot for each other position ("●●○·").
function marks(positions, black, white) {
  return shareRow({ positions }, { black, white });
}

// ruleShareText returns the spoiler-free text of a practice game of g
// under an answer rule other than black and white: "Mastermind classic
// slots 5 guesses" ("given up after 5"), then one row per guess, under
// slots a coloured square per position as Wordle's (rules.js shareRow).
export function ruleShareText(game, g, turns, won) {
  const head = `Mastermind ${game} ${g.feedback} ${won ? `${turns.length} guess${turns.length === 1 ? "" : "es"}` : `X (given up after ${turns.length})`}`;
  return [head, ...turns.map((t) => shareRow(g, t))].join("\n");
}

// shareText returns the spoiler-free text of a finished daily: "Mastermind
// classic #3 5/10" (X/10 when not found; "5/10*" in hard mode, as Wordle
// marks it), then one row of marks per guess.
export function shareText(game, number, positions, turns, won, hard = false) {
  const head = `Mastermind ${game} #${number} ${won ? turns.length : "X"}/${dailyGuesses}${hard ? "*" : ""}`;
  return [head, ...turns.map((t) => marks(positions, t.black, t.white))].join("\n");
}

// evilShareText returns the spoiler-free text of a game against the evil
// codemaker, as Absurdle's: "Mastermind classic evil 6/∞"
// (X/∞ when given up; a * in hard mode), then one row of marks per guess.
export function evilShareText(game, positions, turns, won, hard = false) {
  const head = `Mastermind ${game} evil ${won ? turns.length : "X"}/∞${hard ? "*" : ""}`;
  return [head, ...turns.map((t) => marks(positions, t.black, t.white))].join("\n");
}
