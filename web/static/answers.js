// The answers a person gives, corrected and taken back: Computer guesses
// (maker.js) and the Solver (solver.js) each keep a history of guesses and
// answers that the person can correct in place (Edit on a row) or take back
// (Undo, u), in the same way and the same words: this mode is theirs.
import { answerError } from "./rules.js";
import { Mode } from "./ui.js";

// conflictText says that no code fits the answers; why is the engine's
// account of the smallest set of answers that contradict each other.
export const conflictText = (why) =>
  `No code fits your answers: ${why}. Correct one of the marked answers (Edit), or take back the last (Undo).`;

// An AnswersMode is a mode whose history (this.history: {guess, and the
// answer in the keys of the game's rule, rules.js}, drawn by this.board, a Board with edit) the person corrects and
// takes back. A mode of it defines changed(), its work once the history
// changed (the next guess, the codes still possible), and draw().
export class AnswersMode extends Mode {
  // fix corrects answer i to a, and goes on from there.
  fix(i, a) {
    const bad = answerError(this.s.g, a);
    if (bad) {
      this.say(bad, true);
      return;
    }
    Object.assign(this.history[i], a);
    this.history.forEach((t) => { delete t.remaining; }); // counts of before
    this.board.stopEdit();
    this.changed();
  }

  // undo takes back the last answer (with its guess), and goes on from
  // there.
  undo() {
    this.board.stopEdit();
    if (this.history.length === 0) {
      this.say("There is no answer to take back.");
      return;
    }
    this.history.pop();
    this.changed();
  }

  // editKey handles a key typed while an answer is being corrected, or u
  // (undo); it returns whether it did.
  editKey(e) {
    if (e.key === "u") {
      this.undo();
      return true;
    }
    const editor = this.board.editing >= 0 ? this.board.editor : null;
    if (!editor) return false;
    if (/^[0-9]$/.test(e.key)) editor.digit(Number(e.key));
    else if (e.key === "+" || e.key === "-") editor.step(e.key === "+" ? 1 : -1);
    else if (e.key === "Enter") editor.submit.click();
    else if (e.key === "Backspace") editor.reset();
    else if (e.key === "Escape") { this.board.stopEdit(); this.draw(); }
    else return false;
    return true;
  }
}
