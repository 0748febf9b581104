// The answer rules of a game, as the engine defines them (docs/protocols.md,
// "Answer rules"): "black-white" (the default: black and white counts),
// "black" (the blacks alone) and "slots" (a mark per position, Wordle's:
// G right place, Y elsewhere, . neither). A game of the page, g, is
// {positions, colors, distinct, feedback}; an answer is kept in the keys
// of its rule, as the API takes and gives it: {black, white}, {black} or
// {marks}. Each function here speaks of an answer for every rule, so that
// the modes never ask which rule it is.

// defaultRule is the rule of a game that names none.
export const defaultRule = "black-white";

// ruleOf returns the rule of a game of the page, or of the API's game
// (a preset's name is black-white's).
export function ruleOf(g) {
  return (g && typeof g === "object" && g.feedback) || defaultRule;
}

// ruleTitles names the rules in the menu.
export const ruleTitles = {
  "black-white": "Black and white",
  black: "Blacks only",
  slots: "Marks (Wordle)",
};

// answerOf returns an answer of the API (the keys of the game's rule, and
// perhaps others: remaining, codes) as the page keeps it.
export function answerOf(g, v) {
  switch (ruleOf(g)) {
    case "black": return { black: v.black };
    case "slots": return { marks: v.marks };
  }
  return { black: v.black, white: v.white };
}

// sameAnswer reports whether answers a and b of g are the same.
export function sameAnswer(g, a, b) {
  const x = answerOf(g, a);
  const y = answerOf(g, b);
  return x.black === y.black && x.white === y.white && x.marks === y.marks;
}

// wins reports whether answer a ends a game of g: every position right.
export function wins(g, a) {
  if (ruleOf(g) === "slots") return typeof a.marks === "string" && a.marks.length === g.positions && /^G*$/.test(a.marks);
  return a.black === g.positions;
}

// markWords says each mark in words, for screen readers and the buttons
// that set them.
export const markWords = { G: "right place", Y: "elsewhere", ".": "not in the code" };

// markShown is the character a mark is drawn with ("·" for ".": a dot
// alone is too small to read).
export const markShown = { G: "G", Y: "Y", ".": "·" };

// answerText says answer a of g in words: "1 black, 2 white", "2 black",
// "GY·G: 2 right places, 1 elsewhere".
export function answerText(g, a) {
  switch (ruleOf(g)) {
    case "black": return `${a.black} black`;
    case "slots": {
      const n = (m) => [...a.marks].filter((x) => x === m).length;
      const parts = [[n("G"), "right place"], [n("Y"), "elsewhere"]].filter(([k]) => k > 0).map(([k, w]) => (w === "elsewhere" ? `${k} elsewhere` : `${k} ${w}${k === 1 ? "" : "s"}`));
      return `${shownMarks(a.marks)}: ${parts.length ? parts.join(", ") : "none in the code"}`;
    }
  }
  return `${a.black} black, ${a.white} white`;
}

// answerWords says answer a of g for a screen reader: as answerText, and
// under slots the mark of each position, "marks GY.G: right place,
// elsewhere, not in the code, right place".
export function answerWords(g, a) {
  if (ruleOf(g) !== "slots") return answerText(g, a);
  return `marks ${a.marks}: ${[...a.marks].map((m) => markWords[m] ?? m).join(", ")}`;
}

// shownMarks writes marks as the page draws them: "GY·G".
function shownMarks(marks) {
  return [...marks].map((m) => markShown[m] ?? m).join("");
}

// shortAnswer writes answer a of g briefly, for charts and tables: "1b 2w",
// "2b", "GY.G".
export function shortAnswer(g, a) {
  switch (ruleOf(g)) {
    case "black": return `${a.black}b`;
    case "slots": return shownMarks(a.marks);
  }
  return `${a.black}b ${a.white}w`;
}

// shareRow returns one row of a share text for answer a of g, spoiler
// free: a black mark per black, a white per white, a dot for each other
// position ("●●○·"); under slots a coloured square per position, as
// Wordle's ("🟩🟨⬛🟩").
export function shareRow(g, a) {
  if (ruleOf(g) === "slots") return [...a.marks].map((m) => ({ G: "🟩", Y: "🟨" })[m] ?? "⬛").join("");
  const b = a.black;
  const w = a.white ?? 0;
  return "●".repeat(b) + "○".repeat(w) + "·".repeat(g.positions - b - w);
}

// answerError says why no secret of game g gives answer a, as the engine
// (mastermind.Game.ValidFeedback) checks it, or "" when some secret can.
export function answerError(g, a) {
  const n = g.positions;
  switch (ruleOf(g)) {
    case "black":
      if (!(a.black >= 0 && a.black <= n)) return `${a.black} black is out of range 0 to ${n}.`;
      if (g.distinct && g.colors === n && n > 1 && a.black === n - 1) return `${a.black} black is impossible: with ${n} distinct of ${g.colors} colours the last colour is right too.`;
      return "";
    case "slots": {
      const m = a.marks ?? "";
      if (m.length !== n || !/^[GY.]*$/.test(m)) return `An answer is ${n} marks, each G, Y or ·.`;
      const y = m.split("Y").length - 1;
      const other = n - (m.split("G").length - 1); // marks not G
      const dots = other - y;
      const beforeDot = (m.split(".")[0].match(/Y/g) || []).length;
      if (other === 1 && y === 1) return `${m} is impossible: with ${n - 1} right, the last colour cannot be elsewhere.`;
      if (g.distinct && dots > g.colors - n) return `${m} is impossible: with ${n} distinct of ${g.colors} colours at most ${g.colors - n} marks can be ·.`;
      if (!g.distinct && g.colors === 2 && y % 2 === 1) return `${m} is impossible: with two colours the Y marks come in pairs.`;
      if (!g.distinct && g.colors === 2 && dots > 0 && beforeDot < y / 2) return `${m} is impossible: with two colours half the Y marks stand before the first ·.`;
      return "";
    }
  }
  return feedbackError(g, a.black, a.white);
}

// feedbackError says why no secret of game g gives black b and white w
// under black-white, as the engine checks it, or "" when some secret can.
export function feedbackError(g, b, w) {
  const n = g.positions;
  if (b < 0 || w < 0) return `${b} black and ${w} white has a negative number.`;
  if (b + w > n) return `${b} black and ${w} white add up to more than the ${n} positions.`;
  if (b === n - 1 && w === 1) return `${b} black and 1 white is impossible: with ${n - 1} right, the last colour cannot be misplaced.`;
  if (g.distinct && b + w < 2 * n - g.colors) return `${b} black and ${w} white is impossible: at least ${2 * n - g.colors} colours are common.`;
  return "";
}

// gameName names a preset played under rule as the project names a game
// (mastermind.Game.Name): the preset's name, followed under a rule other
// than black-white by "-" and the rule's ("classic-slots"). The
// statistics count each game under it, the page's as the terminal's.
export function gameName(preset, rule = defaultRule) {
  return rule === defaultRule ? preset : `${preset}-${rule}`;
}

// splitName returns the preset and the rule of a name gameName writes
// ("classic-slots": {preset: "classic", rule: "slots"}); a name that ends
// in no other rule is black-white's.
export function splitName(name) {
  for (const rule of Object.keys(ruleTitles)) {
    const end = `-${rule}`;
    if (rule !== defaultRule && name.length > end.length && name.endsWith(end)) return { preset: name.slice(0, -end.length), rule };
  }
  return { preset: name, rule: defaultRule };
}
