// Mode 2: the person guesses the computer's code, drawn in the page from a
// seed that is shown, so that a game can be replayed.
import { call, turns } from "./api.js";
import { reviewView, Why } from "./explain.js";
import { Board, CodeEntry, codeView, el, feedbackView, Mode, plural, rowView } from "./ui.js";

// rng returns a generator of numbers in [0, 1) from a seed (mulberry32).
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// secretOf draws the secret of game g for seed.
function secretOf(g, seed) {
  const r = rng(seed);
  const colors = [...Array(g.colors).keys()];
  const code = [];
  for (let i = 0; i < g.positions; i++) {
    if (g.distinct) {
      const j = i + Math.floor(r() * (g.colors - i));
      [colors[i], colors[j]] = [colors[j], colors[i]];
      code.push(colors[i]);
    } else {
      code.push(Math.floor(r() * g.colors));
    }
  }
  return code;
}

export class Breaker extends Mode {
  constructor(panel) {
    super(panel);
    this.seedOut = panel.querySelector(".seed");
    this.seedIn = panel.querySelector(".seedin");
    this.summary = panel.querySelector(".summary");
    panel.querySelector(".hint").addEventListener("click", () => this.hint());
    // Why explains the guess being built beside the engine's, or the
    // engine's alone.
    this.why = new Why(() => this.over ? null : {
      game: this.s.game, strategy: this.s.strategy, history: turns(this.history),
      ...(this.entry.full() ? { guess: this.entry.code.slice() } : {}),
    }, () => this.s.strategy);
    panel.querySelector(".hint").after(this.why.button);
    panel.querySelector(".actions").after(this.why.panel);
    panel.querySelector(".giveup").addEventListener("click", () => this.giveUp());
    panel.querySelector(".replay").addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = Number(this.seedIn.value);
      if (Number.isInteger(seed) && seed >= 0) this.start(this.s, seed);
    });
  }

  start(s, seed) {
    this.s = s;
    this.seq++;
    this.seed = seed ?? Math.floor(Math.random() * 1000000);
    this.secret = secretOf(s.g, this.seed);
    this.history = [];
    this.hints = 0;
    this.over = false;
    this.seedOut.textContent = String(this.seed);
    this.seedIn.value = String(this.seed);
    this.board = new Board(this.boardList, s.g);
    this.entry = new CodeEntry(s.g, () => this.why.refresh());
    this.why.open(false);
    this.check = el("button", { type: "button", class: "primary", onclick: () => this.guess() }, "Check");
    this.turn.replaceChildren(
      el("div", { class: "entryline" }, el("span", { class: "num", "aria-hidden": "true" }, "?"), this.entry.slots, this.check),
      this.entry.palette);
    this.summary.hidden = true;
    this.say(`A secret of ${s.g.positions} from colours 0-${s.g.colors - 1}${s.g.distinct ? ", no colour twice" : ""}: your guess?`);
    this.draw();
  }

  // guess checks the code entered against the secret.
  async guess() {
    if (this.over) return;
    const n = this.s.g.positions - this.entry.code.length;
    if (n > 0) {
      this.say(`A code has ${this.s.g.positions} colours: add ${n} more.`, true);
      return;
    }
    const guess = this.entry.code.slice();
    const seq = this.seq;
    let v;
    try {
      v = await call("/api/score", { game: this.s.game, secret: this.secret, guess });
    } catch (e) {
      this.say(e.message, true);
      return;
    }
    if (seq !== this.seq) return;
    this.history.push({ guess, black: v.black, white: v.white });
    this.entry.set([]);
    this.draw();
    if (v.black === this.s.g.positions) {
      this.finish(`You found it in ${plural(this.history.length, "guess")}!`);
    } else {
      this.say(`${v.black} black, ${v.white} white. Next guess?`);
    }
  }

  // hint shows the engine's next guess in the person's place.
  async hint() {
    if (this.over) return;
    const seq = this.seq;
    try {
      const v = await call("/api/next", { game: this.s.game, strategy: this.s.strategy, history: turns(this.history) });
      if (seq !== this.seq) return;
      this.hints++;
      this.say(`The engine would guess ${v.guess.join(" ")}; ${plural(v.remaining, "code")} still possible.`);
      this.entry.set(v.guess);
      this.why.refresh();
    } catch (e) {
      this.say(e.message, true);
    }
  }

  giveUp() {
    if (this.over) return;
    this.finish(`The code was ${this.secret.join(" ")}.`, true);
  }

  // finish ends the game with a summary: the person's guesses against the
  // engine's for the same secret.
  async finish(text, gaveUp = false) {
    this.over = true;
    this.say(text);
    this.turn.hidden = true;
    this.why.button.hidden = true;
    const seq = this.seq;
    const engine = [];
    try {
      for (let i = 0; i < 30; i++) {
        const v = await call("/api/next", { game: this.s.game, strategy: this.s.strategy, history: turns(engine) });
        if (v.solved || !v.guess) break;
        const f = await call("/api/score", { game: this.s.game, secret: this.secret, guess: v.guess });
        engine.push({ guess: v.guess, black: f.black, white: f.white });
      }
    } catch (e) {
      engine.length = 0;
    }
    let review = null;
    if (this.history.length) {
      try {
        review = await call("/api/review", { game: this.s.game, secret: this.secret, guesses: this.history.map((t) => t.guess), strategy: this.s.strategy });
      } catch (e) {
        review = null;
      }
    }
    if (seq !== this.seq) return;
    this.why.open(false);
    const you = gaveUp ? `You gave up after ${plural(this.history.length, "guess")}` : `You: ${plural(this.history.length, "guess")}`;
    const hints = this.hints ? ` with ${plural(this.hints, "hint")}` : "";
    const lines = [
      el("h2", {}, "Summary"),
      el("p", {}, `${you}${hints}. The engine (${this.s.strategy}) needs ${engine.length ? plural(engine.length, "guess") : "—"} for this secret:`),
      el("ol", { class: "board small", "aria-label": "the engine's guesses" },
        engine.map((t, i) => rowView(i, t.guess, feedbackView(t.black, t.white)))),
      review && reviewView(review, this.s.strategy),
      el("p", {}, `Secret `, codeView(this.secret, "secret"), ` · seed ${this.seed}. `,
        el("button", { type: "button", class: "primary", onclick: () => this.start(this.s) }, "New game")),
    ];
    this.summary.replaceChildren(...lines);
    this.summary.hidden = false;
    this.summary.focus();
  }

  draw() {
    this.turn.hidden = this.over;
    this.why.button.hidden = this.over;
    this.board.draw(this.history);
  }

  key(e) {
    if (this.over) return false;
    if (/^[0-9]$/.test(e.key)) this.entry.digit(Number(e.key));
    else if (e.key === "Backspace") this.entry.back();
    else if (e.key === "Enter") this.guess();
    else if (e.key === "h") this.hint();
    else if (e.key === "y") this.why.toggle();
    else return false;
    return true;
  }
}
