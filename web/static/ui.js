// The pieces of the page: pegs, codes, answers, the answer input and the
// code entry. Colours are numbered from 0 as in the engine; every peg shows
// its number and a pattern (theme.css, by data-c), so no colour needs to
// be told apart by hue.
import { answerWords, feedbackError, markShown, markWords, ruleOf } from "./rules.js";

export { feedbackError };

// The colours, with a text colour readable on each (5:1 or more): the six
// of a classic game are six hues (red, blue, green, yellow, purple,
// orange, at least 28 degrees apart in CIELAB), told apart at a glance;
// then pink and three neutrals. Colour-blind eyes read the numbers and
// patterns.
const palette = [
  ["#E8433A", "#000"], ["#3B82E8", "#000"], ["#1E9E4A", "#000"], ["#F2D43A", "#000"],
  ["#A45CD6", "#000"], ["#F08C1E", "#000"], ["#CC79A7", "#000"], ["#000000", "#fff"],
  ["#FFFFFF", "#000"], ["#8C8C8C", "#000"],
];

// el makes an element with attributes (on* are listeners) and children.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined) e.append(c);
  }
  return e;
}

// peg draws colour c (a number), or an empty hole when c is null.
function peg(c, attrs = {}) {
  const p = el("span", { class: c === null ? "peg hole" : "peg", ...attrs }, c === null ? "" : String(c));
  if (c !== null) {
    const [bg, fg] = palette[c % palette.length];
    p.style.setProperty("--bg", bg);
    p.style.setProperty("--fg", fg);
    p.dataset.c = String(c % palette.length);
    if (c >= palette.length) p.classList.add("ring");
  }
  return p;
}

// codeView draws a code as pegs, with its numbers for screen readers.
export function codeView(code, label = "code") {
  return el("span", { class: "code", role: "img", "aria-label": `${label} ${code.join(" ")}` },
    code.map((c) => peg(c, { "aria-hidden": "true" })));
}

// feedbackView draws an answer: black and white as counts, an image to
// screen readers named by what it says.
export function feedbackView(b, w) {
  return el("span", { class: "fb", role: "img", "aria-label": `${b} black, ${w} white` },
    el("span", { class: "fb-b", "aria-hidden": "true" }, String(b)),
    el("span", { class: "fb-w", "aria-hidden": "true" }, String(w)));
}

// answerView draws answer a of game g in its rule's form: black and white
// as counts (feedbackView), the blacks alone, or a mark per position, a
// square each with its letter (G, Y, · for none), to be drawn under the
// guess's pegs (class under). To screen readers an image named by what it
// says.
export function answerView(g, a) {
  switch (ruleOf(g)) {
    case "black":
      return el("span", { class: "fb", role: "img", "aria-label": `${a.black} black` },
        el("span", { class: "fb-b", "aria-hidden": "true" }, String(a.black)));
    case "slots":
      return el("span", { class: "marks under", role: "img", "aria-label": answerWords(g, a) },
        [...a.marks].map((m) => el("span", { class: `mark mark-${markClass[m] ?? "none"}`, "aria-hidden": "true" }, markShown[m] ?? m)));
  }
  return feedbackView(a.black, a.white);
}

// markClass names the class of each mark (app.css colours them).
const markClass = { G: "right", Y: "elsewhere", ".": "none" };

// A Counter is a number with - and + buttons (touch), arrows, +/- and
// digits (keyboard): black or white of an answer.
class Counter {
  constructor(label, max, onchange) {
    this.value = 0;
    this.max = max;
    this.onchange = onchange;
    this.out = el("span", {
      class: "count", role: "spinbutton", tabindex: "0", "aria-label": label,
      "aria-valuemin": "0", "aria-valuemax": String(max), "aria-valuenow": "0",
      onkeydown: (e) => this.key(e),
    }, "0");
    this.node = el("span", { class: `counter ${label}` },
      el("span", { class: "clabel", "aria-hidden": "true" }, label),
      el("button", { type: "button", class: "step", "aria-label": `fewer ${label}`, onclick: () => this.set(this.value - 1) }, "−"),
      this.out,
      el("button", { type: "button", class: "step", "aria-label": `more ${label}`, onclick: () => this.set(this.value + 1) }, "+"));
  }
  set(v) {
    this.value = Math.max(0, Math.min(this.max, v));
    this.out.textContent = String(this.value);
    this.out.setAttribute("aria-valuenow", String(this.value));
    if (this.onchange) this.onchange();
  }
  key(e) {
    if (e.key === "ArrowUp" || e.key === "+") this.set(this.value + 1);
    else if (e.key === "ArrowDown" || e.key === "-") this.set(this.value - 1);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }
}

// An answer input takes an answer of its rule and hands it to onsubmit:
// black and white (AnswerInput), the blacks (BlackInput) or a mark per
// position (MarksInput). Each has the same ways in: digit(d) (typed
// anywhere in the mode), step(delta) (+ and -), reset(answer) (Backspace,
// or an answer to correct), focus(), its submit button and its node.

// answerInput returns the answer input of game g's rule, named label, its
// button reading button.
export function answerInput(g, label, onsubmit, button = "Answer") {
  switch (ruleOf(g)) {
    case "black": return new BlackInput(g.positions, label, onsubmit, button);
    case "slots": return new MarksInput(g.positions, label, onsubmit, button);
  }
  return new AnswerInput(g.positions, label, onsubmit, button);
}

// An AnswerInput takes black and white: two counters and a button. Digits
// typed anywhere in the mode go to black, then white.
class AnswerInput {
  constructor(positions, label, onsubmit, button = "Answer") {
    this.n = positions;
    this.black = new Counter("black", positions);
    this.white = new Counter("white", positions);
    this.typed = 0; // digits typed since the last answer
    this.submit = el("button", { type: "button", class: "primary", onclick: () => onsubmit({ black: this.black.value, white: this.white.value }) }, button);
    this.black.out.addEventListener("focus", () => { this.last = this.black; });
    this.white.out.addEventListener("focus", () => { this.last = this.white; });
    this.node = el("span", { class: "answer", role: "group", "aria-label": label },
      this.black.node, this.white.node, this.submit);
  }
  // digit takes a typed digit: black first, then white.
  digit(d) {
    this.last = this.typed % 2 === 0 ? this.black : this.white;
    this.last.set(d);
    this.typed++;
  }
  // step adds delta to the counter last typed or focused (black at first).
  step(delta) {
    const c = this.last || this.black;
    c.set(c.value + delta);
  }
  reset(a = { black: 0, white: 0 }) {
    this.black.set(a.black);
    this.white.set(a.white);
    this.typed = 0;
    this.last = null;
  }
  focus() { this.black.out.focus(); }
}

// A BlackInput takes the blacks alone: a counter and a button. A digit
// typed sets it.
class BlackInput {
  constructor(positions, label, onsubmit, button) {
    this.black = new Counter("black", positions);
    this.typed = 0;
    this.submit = el("button", { type: "button", class: "primary", onclick: () => onsubmit({ black: this.black.value }) }, button);
    this.node = el("span", { class: "answer", role: "group", "aria-label": label }, this.black.node, this.submit);
  }
  digit(d) {
    this.black.set(d);
    this.typed++;
  }
  step(delta) { this.black.set(this.black.value + delta); }
  reset(a = { black: 0 }) {
    this.black.set(a.black);
    this.typed = 0;
  }
  focus() { this.black.out.focus(); }
}

// marksCycle is the order a tap steps a mark through: none, elsewhere,
// right place.
const marksCycle = [".", "Y", "G"];

// A MarksInput takes a mark per position: a button under each peg of the
// guess (class under) that a tap or Space steps through · → Y → G; on a
// focused mark the arrows Left and Right move to the next, Up and Down
// step it, and G, Y, . (or 2, 1, 0) set it and move on. Digits typed
// anywhere in the mode set the marks from the left: 2 G, 1 Y, 0 none.
class MarksInput {
  constructor(positions, label, onsubmit, button) {
    this.n = positions;
    this.marks = Array(positions).fill(".");
    this.typed = 0;
    this.last = 0; // the position last set or focused
    this.buttons = this.marks.map((_, i) => el("button", {
      type: "button", class: "mark mark-none",
      onclick: () => { this.last = i; this.cycle(i, 1); },
      onkeydown: (e) => this.key(e, i),
      onfocus: () => { this.last = i; },
    }));
    this.row = el("span", { class: "markin under", role: "group", "aria-label": label }, this.buttons);
    this.submit = el("button", { type: "button", class: "primary", onclick: () => onsubmit({ marks: this.marks.join("") }) }, button);
    this.node = el("span", { class: "answer marks-answer" }, this.row, this.submit);
    this.draw();
  }
  // set sets the mark of position i.
  set(i, m) {
    this.marks[i] = m;
    this.last = i;
    this.draw();
  }
  // cycle steps the mark of position i by delta through marksCycle.
  cycle(i, delta) {
    const k = marksCycle.indexOf(this.marks[i]);
    this.set(i, marksCycle[(k + delta + marksCycle.length) % marksCycle.length]);
  }
  key(e, i) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toUpperCase();
    const mark = { G: "G", Y: "Y", ".": ".", 2: "G", 1: "Y", 0: "." }[k];
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      const j = i + (e.key === "ArrowRight" ? 1 : -1);
      if (j >= 0 && j < this.n) this.buttons[j].focus();
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      this.cycle(i, e.key === "ArrowUp" ? 1 : -1);
    } else if (mark) {
      this.set(i, mark);
      if (i + 1 < this.n) this.buttons[i + 1].focus();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }
  // digit sets the next mark from the left (after the n-th, the first
  // again): 2 G, 1 Y, 0 none.
  digit(d) {
    if (d > 2) return;
    this.set(this.typed % this.n, marksCycle[d]);
    this.typed++;
  }
  step(delta) { this.cycle(this.last, delta); }
  reset(a = { marks: "" }) {
    this.marks = Array.from({ length: this.n }, (_, i) => (a.marks ?? "")[i] ?? ".");
    this.typed = 0;
    this.last = 0;
    this.draw();
  }
  focus() { this.buttons[0].focus(); }
  draw() {
    this.buttons.forEach((b, i) => {
      const m = this.marks[i];
      b.className = `mark mark-${markClass[m]}`;
      b.textContent = markShown[m];
      b.setAttribute("aria-label", `mark ${i + 1} of ${this.n}: ${markWords[m]}`);
    });
  }
}

// A CodeEntry builds a code: slots and a palette of colour buttons (click or
// tap), digits, Backspace. In a distinct game a colour is used once.
export class CodeEntry {
  constructor(game, onchange) {
    this.g = game;
    this.code = [];
    this.onchange = onchange || (() => {});
    this.pending = ""; // digits typed, for games of more than 10 colours
    this.slots = el("span", { class: "code slots", role: "img", "aria-label": "your code so far: empty" });
    this.buttons = [];
    for (let c = 0; c < game.colors; c++) {
      const b = el("button", { type: "button", class: "pick", "aria-label": `colour ${c}`, onclick: () => this.add(c) });
      b.append(peg(c, { "aria-hidden": "true" }));
      this.buttons.push(b);
    }
    this.del = el("button", { type: "button", class: "del", "aria-label": "delete the last colour", onclick: () => this.back() }, "⌫");
    this.palette = el("div", { class: "palette", role: "group", "aria-label": "colours" }, this.buttons, this.del);
    this.draw();
  }
  full() { return this.code.length === this.g.positions; }
  add(c) {
    if (this.full() || c >= this.g.colors || (this.g.distinct && this.code.includes(c))) return false;
    this.code.push(c);
    this.draw();
    return true;
  }
  back() {
    if (this.code.length === 0) return false;
    this.code.pop();
    this.draw();
    return true;
  }
  set(code) {
    this.code = code.slice(0, this.g.positions);
    this.draw();
  }
  // digit takes a typed digit: the colour, or with more than ten colours
  // the first or second digit of one.
  digit(d) {
    if (this.g.colors <= 10) return this.add(d);
    clearTimeout(this.timer);
    const p = this.pending;
    this.pending = "";
    if (p !== "") {
      const v = Number(p + d);
      if (v < this.g.colors) return this.add(v);
      this.add(Number(p)); // not a colour together: two colours
    }
    if (d === 0 || d * 10 >= this.g.colors) return this.add(d);
    this.pending = String(d); // perhaps the first digit of a colour
    this.timer = setTimeout(() => { const q = this.pending; this.pending = ""; if (q !== "") this.add(Number(q)); }, 700);
    return true;
  }
  draw() {
    this.slots.replaceChildren();
    for (let i = 0; i < this.g.positions; i++) {
      this.slots.append(peg(i < this.code.length ? this.code[i] : null, { "aria-hidden": "true" }));
    }
    this.slots.setAttribute("aria-label", this.code.length ? `your code so far: ${this.code.join(" ")}` : "your code so far: empty");
    this.buttons.forEach((b, c) => { b.disabled = this.full() || (this.g.distinct && this.code.includes(c)); });
    this.onchange();
  }
}

// bar draws a bar of a chart, the share f (0 to 1) of the longest (set by
// CSSOM, which the page's Content-Security-Policy allows, not by a style
// attribute).
export function bar(f) {
  const b = el("span", { class: "bar", "aria-hidden": "true" });
  b.style.setProperty("--w", `${(100 * f).toFixed(1)}%`);
  return b;
}

// rowView draws one turn of a board: its number, the guess, the answer and
// whatever else (buttons, counts) comes after.
export function rowView(i, guess, answer, ...rest) {
  return el("li", { class: "row", "data-turn": String(i + 1) },
    el("span", { class: "num", "aria-hidden": "true" }, String(i + 1)),
    stacked(codeView(guess, `guess ${i + 1}:`), answer), ...rest);
}

// stacked returns code and an answer after it, or, for an answer drawn
// under the code (a mark per position: class under), the two stacked, each
// mark under its peg.
export function stacked(code, answer) {
  if (!answer?.classList?.contains("under")) return [code, answer];
  const n = code.querySelectorAll(".peg").length;
  const s = el("span", { class: "stack" }, code, answer);
  s.style.setProperty("--n", String(n));
  return s;
}

// plural returns "1 code" or "3 codes".
export function plural(n, noun) {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : noun.endsWith("s") ? "es" : "s"}`;
}

// rowText says turn i of game g in one line: "guess 2: 0 0 1 1, 1 black 2
// white, 48 codes left" (the count when it is known).
function rowText(g, i, t) {
  const left = t.remaining ? `, ${plural(t.remaining, "code")} left` : "";
  const said = ruleOf(g) === "black-white" ? `${t.black} black ${t.white} white` : answerWords(g, t);
  return `guess ${i + 1}: ${t.guess.join(" ")}, ${said}${left}`;
}

// A Board draws the turns of a game; with edit, each answer can be corrected
// in place (an AnswerInput in the row), and the turns of a conflict are
// marked.
export class Board {
  constructor(list, g, { edit, extra } = {}) {
    this.list = list;
    this.g = g;
    this.edit = edit; // edit(i, answer) saves a corrected answer
    this.extra = extra || (() => null);
    this.editing = -1;
    this.editor = null;
  }
  // startEdit opens the editor of turn i.
  startEdit(i, turns) {
    this.editing = i;
    this.editor = answerInput(this.g, `correct answer ${i + 1}`, (a) => this.edit(i, a), "Save");
    this.editor.reset(turns[i]);
    this.turns = turns;
  }
  stopEdit() {
    this.editing = -1;
    this.editor = null;
  }
  draw(turns, conflict = []) {
    this.list.replaceChildren();
    turns.forEach((t, i) => {
      let answer;
      const cancel = () => el("button", { type: "button", onclick: () => { this.stopEdit(); this.draw(turns, conflict); } }, "Cancel");
      const after = [];
      if (i === this.editing && this.editor.row) { // marks: under the guess
        answer = this.editor.row;
        after.push(el("span", { class: "editing" }, this.editor.submit, cancel()));
      } else if (i === this.editing) {
        answer = el("span", { class: "editing" }, this.editor.node, cancel());
      } else {
        answer = answerView(this.g, t);
      }
      const tools = [];
      if (this.edit && i !== this.editing) {
        tools.push(el("button", {
          type: "button", class: "edit", "aria-label": `edit answer ${i + 1}`,
          onclick: () => { this.startEdit(i, turns); this.draw(turns, conflict); this.editor.focus(); },
        }, "✎", el("span", { class: "word" }, " Edit")));
      }
      const shown = [this.extra(t, i)];
      if (i !== this.editing) {
        // One text for screen readers; what it says is hidden from them.
        for (const e of [answer, ...shown]) e?.setAttribute("aria-hidden", "true");
      }
      const row = rowView(i, t.guess, answer, ...after, ...shown, ...tools);
      if (i !== this.editing) {
        row.querySelector(".code").setAttribute("aria-hidden", "true");
        row.prepend(el("span", { class: "sr" }, rowText(this.g, i, t)));
      }
      if (conflict.includes(i + 1)) {
        row.classList.add("conflict");
        row.append(el("span", { class: "sr" }, "(contradicts)"));
      }
      this.list.append(row);
    });
  }
}

// A Mode is one tab of the page: its panel, with the board of turns, the
// turn being played and the message line. seq counts the requests made, so
// that a late answer to an earlier one is dropped.
export class Mode {
  constructor(panel) {
    this.panel = panel;
    this.boardList = panel.querySelector(".board");
    this.turn = panel.querySelector(".turn");
    this.msg = panel.querySelector(".msg");
    this.seq = 0;
  }

  // leave reports whether the game on view may be left for another (a
  // mode whose games count says so: Breaker).
  leave() {
    return true;
  }

  // begin starts a game of s in the place of the one on view, if that one
  // may be left (leave): every way of leaving a game (New game, n, a link,
  // Replay, another kind of code) comes here. It reports whether it did.
  begin(s, how) {
    if (!this.leave()) return false;
    this.start(s, how);
    return true;
  }

  // say shows text in the message line, as an alert or not.
  say(text, alert = false) {
    this.msg.textContent = text;
    this.msg.classList.toggle("alert", alert);
  }
}
