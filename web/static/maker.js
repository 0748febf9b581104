// Mode 1: the computer guesses the person's code.
import { call, turns } from "./api.js";
import { AnswersMode, conflictText } from "./answers.js";
import { Why } from "./explain.js";
import { answerError } from "./rules.js";
import { answerInput, Board, codeView, el, plural, stacked } from "./ui.js";

export class Maker extends AnswersMode {
  constructor(panel) {
    super(panel);
    panel.querySelector(".undo").addEventListener("click", () => this.undo());
    // New game at the end, in the dock: on a phone the menu's is hidden.
    this.again = el("button", { type: "button", class: "primary newgame", hidden: true, onclick: () => this.begin(this.s) }, "New game");
    panel.querySelector(".actions").append(this.again);
    this.why = new Why(() => this.guess && { game: this.s.game, strategy: this.s.strategy, history: turns(this.history), guess: this.guess }, () => this.s.strategy);
    this.turn.after(this.why.panel);
  }

  start(s) {
    this.s = s;
    this.again.hidden = true;
    this.history = [];
    this.guess = null;
    this.conflict = [];
    this.board = new Board(this.boardList, s.g, {
      edit: (i, a) => this.fix(i, a),
      extra: (t) => !t.remaining ? null : el("span", { class: "left" }, `${plural(t.remaining, "code")} left`),
    });
    this.ask();
  }

  // changed goes on from a history corrected or taken back (answers.js).
  changed() {
    this.ask();
  }

  // ask gets the computer's next guess for the history.
  async ask() {
    const seq = ++this.seq;
    const focused = this.holdsFocus();
    this.guess = null;
    this.say("Thinking…");
    this.draw();
    let v;
    try {
      v = await call("/api/next", { game: this.s.game, strategy: this.s.strategy, history: turns(this.history) });
    } catch (e) {
      if (seq === this.seq) {
        this.say(e.message, true);
        this.draw();
      }
      return;
    }
    if (seq !== this.seq) return;
    const last = this.history[this.history.length - 1];
    this.conflict = v.conflict || [];
    this.again.hidden = !v.solved;
    if (v.solved) {
      last.remaining = 1;
      this.say(`Found it in ${plural(v.guesses, "guess")}: ${last.guess.join(" ")}. Press New game to play again.`);
    } else if (v.conflict) {
      if (last) last.remaining = 0;
      this.say(conflictText(v.message), true);
    } else {
      if (last) last.remaining = v.remaining;
      this.guess = v.guess;
      this.say(`${plural(v.remaining, "code")} still possible. Is it this one?`);
    }
    this.draw();
    if (this.guess && focused && this.holdsFocus()) this.input.focus();
    this.captions(seq);
  }

  // captions fills in the codes left after each earlier answer that has
  // none (an answer corrected clears them all), one at a time.
  async captions(seq) {
    for (let i = 0; i < this.history.length - 1; i++) {
      if (this.history[i].remaining !== undefined) continue;
      let v;
      try {
        v = await call("/api/candidates", { game: this.s.game, history: turns(this.history.slice(0, i + 1)), limit: 1 });
      } catch (e) {
        return; // no captions: the board is still right
      }
      if (seq !== this.seq) return;
      this.history[i].remaining = v.remaining;
      this.board.draw(this.history, this.conflict);
    }
  }

  // holdsFocus reports whether the focus is in the mode (or nowhere), so
  // that moving it to the answer takes it from nothing else.
  holdsFocus() {
    const a = document.activeElement;
    return !a || a === document.body || this.panel.contains(a);
  }

  // answer takes answer a to the current guess.
  answer(a) {
    if (!this.guess) return;
    const bad = answerError(this.s.g, a);
    if (bad) {
      this.say(bad, true);
      return;
    }
    this.history.push({ guess: this.guess, ...a });
    this.ask();
  }

  draw() {
    this.board.draw(this.history, this.conflict);
    this.turn.replaceChildren();
    this.turn.hidden = !this.guess;
    if (this.guess) {
      const n = this.history.length + 1;
      this.input = answerInput(this.s.g, `your answer to guess ${n}`, (a) => this.answer(a));
      const code = codeView(this.guess, `guess ${n}:`);
      // A mark per position goes under the guess's pegs, its button after.
      const answer = this.input.row ? [stacked(code, this.input.row), this.input.submit] : [code, this.input.node];
      this.turn.append(el("span", { class: "num", "aria-hidden": "true" }, String(n)), ...answer, this.why.button);
      this.why.refresh();
    } else {
      this.why.open(false);
    }
  }

  // key handles a key typed in the mode; it returns whether it did.
  key(e) {
    if (this.editKey(e)) return true;
    const input = this.guess && this.input;
    if (/^[0-9]$/.test(e.key) && input) input.digit(Number(e.key));
    else if ((e.key === "+" || e.key === "-") && input) input.step(e.key === "+" ? 1 : -1);
    else if (e.key === "Enter" && input) input.submit.click();
    else if (e.key === "Backspace" && input) input.reset();
    else if (e.key === "y" && this.guess) this.why.toggle();
    else return false;
    return true;
  }
}
