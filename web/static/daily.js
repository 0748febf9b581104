// The daily code, the links that open a game, and the share text of a
// finished daily. The code of a day comes from POST /api/daily (the rule is
// the engine's, package daily); the page adds the day's date and the links.

// dailyGuesses is the number of guesses a daily allows: the share text
// reads "5/10", and a daily not found in 10 guesses is lost.
export const dailyGuesses = 10;

// today returns the date of today in UTC, "YYYY-MM-DD": the daily's day.
export function today() {
  return new Date().toISOString().slice(0, 10);
}

// readLink reads a link's hash: "#daily=YYYY-MM-DD&game=P" (the daily of
// that date) or "#seed=N&game=P" (a challenge: You guess's code of seed N),
// as {daily, game} or {seed, game}; null for any other hash.
export function readLink(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const game = p.get("game");
  if (!game || !/^[a-z]+$/.test(game)) return null;
  const daily = p.get("daily");
  if (daily !== null) return /^\d{4}-\d{2}-\d{2}$/.test(daily) ? { daily, game } : null;
  const seed = p.get("seed");
  if (seed !== null && /^\d{1,6}$/.test(seed)) return { seed: Number(seed), game };
  return null;
}

// link returns the address of a game: the daily of date, or the challenge
// of seed, of the preset named game.
export function link({ daily, seed, game }) {
  const u = new URL(location.href);
  u.hash = daily ? `daily=${daily}&game=${game}` : `seed=${seed}&game=${game}`;
  return u.href;
}

// marks returns one row of a share text: a black mark per black, a white
// mark per white, a dot for each other position ("●●○·").
function marks(positions, black, white) {
  return "●".repeat(black) + "○".repeat(white) + "·".repeat(positions - black - white);
}

// shareText returns the spoiler-free text of a finished daily: "Mastermind
// classic #3 5/10" (X/10 when not found), then one row of marks per guess.
export function shareText(game, number, positions, turns, won) {
  const head = `Mastermind ${game} #${number} ${won ? turns.length : "X"}/${dailyGuesses}`;
  return [head, ...turns.map((t) => marks(positions, t.black, t.white))].join("\n");
}
