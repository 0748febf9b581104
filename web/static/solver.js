// Mode 3: the solver for a game played elsewhere. Guesses and answers are
// entered freely; it shows the codes still possible, the best next guess,
// and the answers that contradict each other.
import { call, turns } from "./api.js";
import { AnswersMode, conflictText } from "./answers.js";
import { Why } from "./explain.js";
import { answerError, ruleOf } from "./rules.js";
import { answerInput, Board, CodeEntry, codeView, el, plural, stacked } from "./ui.js";

// listLimit is the most codes still possible that are listed.
const listLimit = 60;

export class Solver extends AnswersMode {
  constructor(panel) {
    super(panel);
    this.count = panel.querySelector(".tally");
    this.best = panel.querySelector(".best");
    this.cands = panel.querySelector(".cands");
    panel.querySelector(".undo").addEventListener("click", () => this.undo());
    // Why explains the best guess, or the guess being entered beside it.
    this.why = new Why(() => ({
      game: this.s.game, strategy: this.s.strategy, history: turns(this.history),
      ...(this.entry.full() ? { guess: this.entry.code.slice() } : {}),
    }), () => this.s.strategy);
    this.best.after(this.why.panel);
  }

  start(s) {
    this.s = s;
    this.history = [];
    this.conflict = [];
    this.board = new Board(this.boardList, s.g, { edit: (i, a) => this.fix(i, a) });
    this.entry = new CodeEntry(s.g, () => this.why.refresh());
    this.why.open(false);
    this.input = answerInput(s.g, "its answer", (a) => this.add(a), "Add");
    // A mark per position goes under the guess's pegs, Add after.
    const answer = this.input.row ? [stacked(this.entry.slots, this.input.row), this.input.submit] : [this.entry.slots, this.input.node];
    this.turn.replaceChildren(
      el("div", { class: "entryline" }, el("span", { class: "num", "aria-hidden": "true" }, "+"), ...answer),
      this.entry.palette);
    this.say(this.first());
    this.analyse();
  }

  // add takes a guess and its answer a.
  add(a) {
    const n = this.s.g.positions - this.entry.code.length;
    if (n > 0) {
      this.say(`A code has ${this.s.g.positions} colours: add ${n} more.`, true);
      return;
    }
    const bad = answerError(this.s.g, a);
    if (bad) {
      this.say(bad, true);
      return;
    }
    this.history.push({ guess: this.entry.code.slice(), ...a });
    this.entry.set([]);
    this.input.reset();
    this.analyse();
  }

  // first says how to enter the first guess and its answer, by the rule.
  first() {
    if (ruleOf(this.s.g) === "slots") return "Type or pick a guess, then tap each mark under it (· → Y → G; or type 0 1 2), then Add (or Enter).";
    return "Type or pick a guess, then its answer, then Add (or Enter).";
  }

  // changed goes on from a history corrected or taken back (answers.js).
  changed() {
    this.analyse();
  }

  // draw draws the board.
  draw() {
    this.board.draw(this.history, this.conflict);
  }

  // analyse asks for the codes still possible and the best next guess.
  async analyse() {
    const seq = ++this.seq;
    this.board.draw(this.history, this.conflict);
    this.count.textContent = "Thinking…";
    const body = { game: this.s.game, history: turns(this.history) };
    const [cr, nr] = await Promise.allSettled([
      call("/api/candidates", { ...body, limit: listLimit }),
      call("/api/next", { ...body, strategy: this.s.strategy }),
    ]);
    if (seq !== this.seq) return;
    if (cr.status === "rejected") {
      this.count.textContent = "";
      this.say(cr.reason.message, true);
      return;
    }
    const c = cr.value;
    const next = nr.status === "fulfilled" ? nr.value : { error: nr.reason.message };
    this.conflict = c.conflict || [];
    this.board.draw(this.history, this.conflict);
    this.cands.replaceChildren();
    this.best.replaceChildren();
    if (c.conflict) {
      this.count.textContent = "No code is possible.";
      this.say(conflictText(c.message), true);
      return;
    }
    this.count.textContent = c.remaining === 1 ? "One code is possible:" : `${plural(c.remaining, "code")} still possible${c.remaining <= listLimit ? ":" : "."}`;
    if (c.remaining <= listLimit) {
      this.cands.append(...c.codes.map((code) => el("li", {}, codeView(code))));
    }
    if (next.solved) {
      this.say(`Solved in ${plural(next.guesses, "guess")}.`);
      this.best.append(el("button", { type: "button", class: "primary newgame", onclick: () => this.begin(this.s) }, "New game"));
    } else if (next.error) {
      this.say(`No best guess: ${next.error}`, true);
    } else {
      this.best.append(el("span", {}, "Best next guess "), codeView(next.guess, "best next guess"),
        el("button", { type: "button", onclick: () => { this.entry.set(next.guess); this.input.focus(); } }, "Use it"), this.why.button);
      this.why.refresh();
      this.say(this.history.length ? "Enter the next guess and its answer." : this.first());
    }
  }

  key(e) {
    if (this.editKey(e)) return true;
    if (/^[0-9]$/.test(e.key)) {
      const d = Number(e.key);
      if (!this.entry.full()) this.entry.digit(d);
      else this.input.digit(d);
    } else if (e.key === "+" || e.key === "-") this.input.step(e.key === "+" ? 1 : -1);
    else if (e.key === "Backspace") {
      if (this.input.typed > 0) this.input.reset();
      else this.entry.back();
    } else if (e.key === "Enter") this.input.submit.click();
    else if (e.key === "y") this.why.toggle();
    else return false;
    return true;
  }
}
