// Mode 2: the person guesses the computer's code: one drawn in the page from
// a seed that is shown (a game can be replayed, or sent as a challenge
// link), the daily code of a date, or none at all against the evil
// codemaker, who answers each guess to keep the most codes possible.
import { call, turns } from "./api.js";
import { dailyGuesses, dailyOf, evilShareText, link, ruleShareText, shareText, today } from "./daily.js";
import { reviewView, Why } from "./explain.js";
import { switchSetting } from "./help.js";
import { dailyPlayed, dailyProgress, loadStats, recordEngine, recordGame, saveProgress, settleDailies } from "./stats.js";
import { countdown, presetFigures } from "./statsview.js";
import { answerOf, answerText, defaultRule, gameName, ruleOf, sameAnswer, wins } from "./rules.js";
import { answerView, Board, CodeEntry, codeView, el, Mode, plural, rowView } from "./ui.js";

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

// blackWhite returns the settings s under the rule black-white: the daily
// and the evil codemaker answer so, whatever rule is chosen.
function blackWhite(s) {
  if (ruleOf(s.g) === defaultRule) return s;
  const g = { positions: s.g.positions, colors: s.g.colors, distinct: s.g.distinct };
  return { ...s, g, game: s.preset ?? g };
}

export class Breaker extends Mode {
  constructor(panel) {
    super(panel);
    this.seedOut = panel.querySelector(".seed");
    this.seedIn = panel.querySelector(".seedin");
    this.summary = panel.querySelector(".summary");
    this.kind = panel.querySelector(".kind");
    this.hard = panel.querySelector(".hardmode");
    switchSetting(this.hard, "hard");
    this.actions = panel.querySelector(".actions");
    this.replay = panel.querySelector(".replay");
    this.hintButton = panel.querySelector(".hint");
    this.hintButton.addEventListener("click", () => this.hint());
    // Why explains the guess being built beside the engine's, or the
    // engine's alone.
    this.why = new Why(() => this.over ? null : {
      game: this.s.game, strategy: this.s.strategy, history: turns(this.history),
      ...(this.entry?.full() ? { guess: this.entry.code.slice() } : {}),
    }, () => this.s.strategy);
    panel.querySelector(".hint").after(this.why.button);
    panel.querySelector(".actions").after(this.why.panel);
    panel.querySelector(".giveup").addEventListener("click", () => this.giveUp());
    // New game at the end, in the dock: one tap away on a phone too, where
    // the menu's is behind ☰ and the summary's under the result.
    this.again = el("button", { type: "button", class: "primary newgame", hidden: true, onclick: () => this.begin(this.asked) }, "New game");
    panel.querySelector(".giveup").after(this.again);
    // The guesses a daily has left, always in view beside Give up.
    this.left = el("span", { class: "guessesleft", hidden: true });
    panel.querySelector(".giveup").after(this.left);
    panel.querySelector(".replay").addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = Number(this.seedIn.value);
      if (!Number.isInteger(seed) || seed < 0 || seed >= 1000000) return;
      // Enter in the seed field of the game on view, its seed unchanged,
      // checks the code: only another seed, or Replay pressed, starts a game.
      if (document.activeElement === this.seedIn && this.s && !this.over && seed === this.seed) {
        this.guess();
        return;
      }

      if (this.s) this.begin(this.asked, { seed });
      else this.wanted = seed; // the engine is starting: the first game plays it
    });
    settleDailies(today()); // a day's daily left unfinished counts as lost
    // The daily is one game in every tab: what another tab kept of it (a
    // guess, its end) is shown here too.
    window.addEventListener("storage", (e) => this.elsewhere(e.key));
    // A practice or evil game with a guess made, left by a reload, a closed
    // tab or another address: the browser asks first, and the game left
    // counts as given up, as any other way of leaving it (a daily is kept
    // instead: it comes back).
    window.addEventListener("beforeunload", (e) => { if (this.leaving()) e.preventDefault(); });
    window.addEventListener("pagehide", () => {
      if (!this.leaving()) return;
      this.over = true;
      this.record(false);
    });
    this.kind.addEventListener("change", () => {
      if (this.s && !this.begin(this.asked, { kind: this.kind.value })) this.kind.value = this.daily ? "daily" : this.evil ? "evil" : "seed"; // kept
    });
    this.title = panel.querySelector(".gametitle");
  }

  // start starts a game of s: with how.seed, that seed's code; with
  // how.daily (a date), that day's daily; with how.kind, a game of that
  // kind ("seed": a random seed, "daily": today's, "evil": the evil
  // codemaker); else the kind chosen in the Code menu, but a practice game
  // after a daily ended (New game after the daily plays on).
  async start(s, how = {}) {
    if (this.wanted !== undefined && how.seed === undefined && !how.daily) how = { seed: this.wanted };
    this.wanted = undefined;
    const chosen = this.kind.value === "daily" && this.daily && this.over ? "seed" : this.kind.value;
    const kind = how.daily ? "daily" : how.seed !== undefined ? "seed" : how.kind ?? chosen;
    this.kind.value = kind;
    this.title.textContent = { evil: "Evil codemaker", daily: "Daily", seed: "Practice" }[kind];
    // The daily and the evil codemaker answer in black and white, and say
    // so when another rule is chosen.
    this.ruleNote = kind !== "seed" && ruleOf(s.g) !== defaultRule ? ` (${kind === "daily" ? "The daily" : "The evil codemaker"} answers in black and white.)` : "";
    this.asked = s; // the game as chosen: the next game's
    if (kind !== "seed") s = blackWhite(s);
    this.s = s;
    const seq = ++this.seq;
    this.busy = false; // a guess is being answered
    this.hardGame = false; // hard mode, fixed at the first guess
    this.hard.disabled = false;
    this.hard.title = "";
    this.history = [];
    this.hints = 0;
    this.over = false;
    this.evil = kind === "evil";
    this.daily = null;
    this.secret = null;
    this.summary.hidden = true;
    this.summary.replaceChildren();
    this.again.hidden = true;
    this.board = new Board(this.boardList, s.g);
    this.why.open(false);
    this.board.draw([]);
    this.turn.replaceChildren();
    if (kind === "daily") {
      const date = how.daily || today();
      if (typeof s.game !== "string") {
        this.say("The daily code is drawn for the presets: choose one above.", true);
        return;
      }
      let d;
      try {
        d = await dailyOf(date, s.game) ?? await call("/api/daily", { date, game: s.game });
      } catch (e) {
        if (seq === this.seq) this.say(e.message, true);
        return;
      }
      if (seq !== this.seq) return;
      this.daily = { date, number: d.number, today: date === today() };
      this.title.textContent = `Daily #${d.number}${this.daily.today ? "" : ` (${date})`}`;
      this.seed = d.seed;
      const played = dailyPlayed(s.game, date);
      if (played) {
        this.panel.querySelector(".seedline").hidden = true;
        this.seedIn.value = "";
        this.history = played.turns;
        this.hardGame = Boolean(played.hard);
        this.secret = secretOf(s.g, this.seed);
        this.over = true;
        this.draw();
        this.say(`You played daily #${d.number} (${date}) already: ${played.won ? `found in ${plural(played.turns.length, "guess")}` : "not found"}.`);
        this.showShare(played.won);
        this.review(seq, false); // the day's game as it ended, the review with it
        return;
      }
      const kept = dailyProgress(s.game, date); // begun here before: go on
      if (kept && kept.turns.length < dailyGuesses) {
        this.history = kept.turns;
        this.hints = kept.hints;
        this.hardGame = kept.hard;
        if (kept.turns.length) this.hard.checked = kept.hard;
      }
    } else if (!this.evil) {
      this.seed = how.seed ?? Math.floor(Math.random() * 1000000);
    }
    if (!this.evil) this.secret = secretOf(s.g, this.seed);
    // No seed is shown for a daily (it would tell the code) nor the evil
    // codemaker (who has none).
    const unseeded = this.evil || Boolean(this.daily);
    this.panel.querySelector(".seedline").hidden = unseeded;
    this.seedOut.textContent = unseeded ? "" : String(this.seed);
    this.seedIn.value = unseeded ? "" : String(this.seed);
    this.entry = new CodeEntry(s.g, () => this.changed());
    this.check = el("button", { type: "button", class: "primary", onclick: () => this.guess() }, "Check");
    this.turn.replaceChildren(
      el("div", { class: "entryline" }, el("span", { class: "num", "aria-hidden": "true" }, "?"), this.entry.slots, this.check),
      this.entry.palette);
    const what = `${s.g.positions} from colours 0-${s.g.colors - 1}${s.g.distinct ? ", no colour twice" : ""}`;
    if (this.history.length) {
      this.hard.disabled = true;
      this.hard.title = "Fixed for this game from its first guess";
    }
    const rule = { black: ", answered with the blacks alone", slots: ", answered with a mark per position" }[ruleOf(s.g)] ?? "";
    if (this.daily && this.history.length) this.say(`Daily #${this.daily.number} (${this.daily.date}), as you left it: ${plural(this.history.length, "guess")} of ${dailyGuesses} made. Your guess ${this.history.length + 1}?${this.ruleNote}`);
    else if (this.daily) this.say(`Daily #${this.daily.number} (${this.daily.date}): a code of ${what}, ${dailyGuesses} guesses. Your guess?${this.ruleNote}`);
    else if (this.evil) this.say(`The evil codemaker holds no code of ${what}: each answer keeps the most codes possible. Corner it!${this.ruleNote}`);
    else this.say(`A secret of ${what}${rule}: your guess?`);
    this.draw();
  }

  // changed follows the code being entered: Why? follows it; the note of a
  // code too short goes once it is whole; a whole code takes the focus to
  // Check (from the palette, whose buttons it disables, a tab, the page),
  // where Enter checks it.
  changed() {
    this.why.refresh();
    if (!this.entry?.full()) return;
    if (this.short) this.say("");
    this.short = false;
    if (this.check && !this.check.disabled && !this.panel.hidden) this.check.focus();
  }

  // breaks returns, in hard mode, the first answer so far that guess does
  // not fit ("guess 2 gave 1 black, 0 white; 0 0 1 1 would give 2 black,
  // 0 white"), or "".
  async breaks(guess) {
    if (!this.hardGame) return "";
    const g = this.s.g;
    const got = await Promise.all(this.history.map((t) => call("/api/score", { game: this.s.game, secret: guess, guess: t.guess })));
    const i = got.findIndex((v, i) => !sameAnswer(g, v, this.history[i]));
    if (i < 0) return "";
    const t = this.history[i];
    return `Hard mode: guess ${i + 1} gave ${answerText(g, t)}; ${guess.join(" ")} would give ${answerText(g, got[i])}.`;
  }

  // guess checks the code entered: against the secret, or the evil
  // codemaker's answer.
  async guess() {
    if (this.over || this.busy || !this.ready()) return; // one guess at a time
    const n = this.s.g.positions - this.entry.code.length;
    if (n > 0) {
      this.say(`A code has ${this.s.g.positions} colours: add ${n} more.`, true);
      this.short = true;
      return;
    }
    const guess = this.entry.code.slice();
    const seq = this.seq;
    if (this.history.length === 0) {
      this.hardGame = this.hard.checked;
      this.hard.disabled = true; // hard mode or not, for the whole game
      this.hard.title = "Fixed for this game from its first guess";
    }
    this.busy = true;
    this.check.disabled = true;
    let v;
    try {
      const broken = await this.breaks(guess);
      if (seq !== this.seq) return;
      if (broken) {
        this.say(broken, true);
        return;
      }
      const body = { game: this.s.game, history: turns(this.history), guess };
      v = await call("/api/answer", this.evil ? { ...body, mode: "adversary" } : { ...body, mode: "secret", secret: this.secret });
    } catch (e) {
      if (seq === this.seq) this.say(e.message, true);
      return;
    } finally {
      if (seq === this.seq) {
        this.busy = false;
        this.check.disabled = false;
        this.hard.disabled = this.history.length > 0;
      }
    }
    if (seq !== this.seq || this.over) return;
    const a = answerOf(this.s.g, v);
    this.history.push({ guess, ...a, remaining: v.remaining });
    this.keep();
    this.hard.disabled = true;
    this.entry.set([]);
    this.draw();
    if (wins(this.s.g, a)) {
      this.finish(`You found it in ${plural(this.history.length, "guess")}!`, true);
    } else if (this.daily && this.history.length >= dailyGuesses) {
      this.finish(`${answerText(this.s.g, a)}. That was guess ${dailyGuesses}: the code was ${this.secret.join(" ")}.`, false);
    } else {
      this.say(`${answerText(this.s.g, a)}; ${plural(v.remaining, "code")} still possible. Next guess?`);
    }
  }

  // hint shows the engine's next guess in the person's place.
  async hint() {
    if (this.over || this.hinting || !this.ready() || this.daily) return;
    const seq = this.seq;
    this.hinting = true;
    try {
      const v = await call("/api/next", { game: this.s.game, strategy: this.s.strategy, history: turns(this.history) });
      if (seq !== this.seq) return;
      this.hints++;
      this.keep();
      this.entry.set(v.guess); // first: a whole code clears the note of a short one
      this.say(`The engine would guess ${v.guess.join(" ")}; ${plural(v.remaining, "code")} still possible.`);
    } catch (e) {
      if (seq === this.seq) this.say(e.message, true);
    } finally {
      this.hinting = false;
    }
  }

  // elsewhere follows a change another tab made to the key kept (null:
  // all cleared): the daily on view, if it ended there or was played on,
  // is shown as that tab left it.
  elsewhere(key) {
    if (!this.daily || typeof this.s?.game !== "string" || this.busy) return;
    if (key !== null && !key.startsWith("mastermind.stats") && key !== "mastermind.daily") return;
    const played = dailyPlayed(this.s.game, this.daily.date);
    if (this.over && !played) return;
    const kept = dailyProgress(this.s.game, this.daily.date);
    if (!played && (kept?.turns.length ?? 0) === this.history.length) return;
    this.start(this.s, { daily: this.daily.date });
  }

  // keep keeps a daily in progress on the device, as played so far: a
  // reload brings it back, its guesses counted (stats.js).
  keep() {
    if (!this.daily || this.over || typeof this.s.game !== "string" || dailyPlayed(this.s.game, this.daily.date)) return;
    saveProgress(this.s.game, this.daily.date, {
      number: this.daily.number, today: this.daily.today, hard: this.hardGame, hints: this.hints, turns: this.history,
    });
  }

  // ready reports whether a game is on (its secret drawn, or the evil
  // codemaker's), not still starting.
  ready() {
    return Boolean(this.entry) && (this.evil || this.secret !== null);
  }

  // leave reports whether the game on view may be left for another: a
  // game in progress (a guess made, not over) is left only if the player
  // says so, and then counts as given up (Mode.begin asks it).
  leave() {
    if (!this.s || this.over || !this.history?.length) return true;
    const what = this.daily ? `daily #${this.daily.number}` : "this game";
    if (!confirm(`Leave ${what} for a new game? It counts as given up.`)) return false;
    this.over = true;
    this.record(false);
    return true;
  }

  // leaving reports whether leaving the page would leave a game that
  // counts: a practice or evil game with a guess made, not over.
  leaving() {
    return Boolean(this.s) && !this.over && !this.daily && this.history?.length > 0 && this.statsName() !== "";
  }

  // statsName returns the name the statistics count the game under: its
  // preset's, with its rule when it is not black-white ("classic-slots",
  // as the terminal's; the daily and the evil codemaker are black-white's),
  // or "" for a custom game, which is not counted.
  statsName() {
    return this.s.preset ? gameName(this.s.preset, ruleOf(this.s.g)) : "";
  }

  // record counts the game in the statistics (on a preset, under its
  // rule's name), at once; a daily once, though played in two tabs
  // (stats.js).
  record(won) {
    if (!this.statsName()) return;
    recordGame(this.statsName(), { turns: turns(this.history), won, evil: this.evil, daily: this.daily, hard: this.hardGame });
  }

  // giveUp ends the game as lost, once the player says so (before a guess
  // as after one: one tap would lose a daily and its streak).
  giveUp() {
    if (this.over || this.busy || !this.ready()) return;
    if (!confirm("Give up? The code is shown, and the game counts as lost.")) return;
    if (this.evil) {
      this.finish("You gave up: the evil codemaker never had a code.", false, true);
      return;
    }
    this.finish(`The code was ${this.secret.join(" ")}.`, false, true);
  }

  // engineGuesses returns the turns the engine plays against the secret
  // of the game numbered seq (none once another game has started).
  async engineGuesses(seq) {
    const { s, secret } = this;
    const engine = [];
    try {
      for (let i = 0; i < 30 && seq === this.seq; i++) {
        const v = await call("/api/next", { game: s.game, strategy: s.strategy, history: turns(engine) });
        if (v.solved || !v.guess || seq !== this.seq) break;
        const f = await call("/api/score", { game: s.game, secret, guess: v.guess });
        engine.push({ guess: v.guess, ...answerOf(s.g, f) });
      }
    } catch (e) {
      engine.length = 0;
    }
    return engine;
  }

  // finish ends the game: the statistics count it at once (on a preset);
  // then a summary sets the person's guesses against the engine's for the
  // same secret (the engine's count is added to the statistics when it
  // comes), with a table of how the person played, the share text of a
  // daily and a challenge link; against the evil codemaker, a share text
  // and the engine's worst case.
  async finish(text, won, gaveUp = false) {
    if (this.over) return;
    if (this.daily && typeof this.s.game === "string" && dailyPlayed(this.s.game, this.daily.date)) {
      // Ended in another tab first: that end is this one's.
      this.start(this.s, { daily: this.daily.date });
      return;
    }
    this.over = true;
    this.record(won);
    this.hard.disabled = false; // for the next game
    this.hard.title = "";
    this.say(text);
    this.draw();
    const seq = this.seq;
    const you = gaveUp ? `You gave up after ${plural(this.history.length, "guess")}` : `You: ${plural(this.history.length, "guess")}`;
    const hints = this.hints ? ` with ${plural(this.hints, "hint")}` : "";
    const newGame = () => el("button", { type: "button", class: "primary", onclick: () => this.begin(this.asked) }, "New game");
    this.why.open(false);
    if (this.evil) {
      const worst = el("span", {}, "…");
      // The result and the share text first.
      this.summary.replaceChildren(el("h2", { class: "result" }, won ? `Found in ${plural(this.history.length, "guess")}!` : "Given up"));
      if (typeof this.s.game === "string") this.addShare(evilShareText(this.s.game, this.s.g.positions, this.history, won, this.hardGame));
      this.summary.append(el("p", {}, `${you}${hints} against the evil codemaker${this.hardGame ? ", in hard mode" : ""}. The engine (${this.s.strategy}) needs at most `, worst, " against any secret. ", newGame()));
      this.summary.hidden = false;
      this.summary.focus();
      let most = "—";
      try {
        most = plural((await call("/api/eval", { game: this.s.game, strategy: this.s.strategy })).most, "guess");
      } catch (e) {
        most = `— (${e.message})`;
      }
      worst.textContent = most;
      return;
    }
    this.summary.replaceChildren();
    if (this.daily) this.showShare(won, gaveUp);
    else this.summary.append(el("h2", { class: "result" }, won ? `Found in ${plural(this.history.length, "guess")}!` : gaveUp ? "Given up" : "Not found"));
    this.summary.append(el("p", {}, `${you}${hints}. Secret `, codeView(this.secret, "secret"), ` · seed ${this.seed}. `, newGame()));
    if (this.s.preset && !this.daily && ruleOf(this.s.g) !== defaultRule) {
      // Under another rule, a share text too.
      this.addShare(ruleShareText(this.s.preset, this.s.g, this.history, won));
    }
    if (this.s.preset && !this.daily) {
      // A practice game's share: its challenge link, at the top too.
      const url = link({ seed: this.seed, game: this.s.preset, feedback: ruleOf(this.s.g) });
      this.summary.append(el("p", {}, "Challenge a friend with the same code: ", el("a", { class: "challenge", href: url }, url)));
    }
    this.summary.hidden = false;
    this.summary.focus({ preventScroll: true });
    // The end on view: the last row (the secret found, or revealed) at
    // the top, the result under it.
    (this.boardList.lastElementChild || this.summary).scrollIntoView({ block: "start" });
    await this.review(seq, won);
  }

  // review adds to the summary of the game numbered seq, ended, the
  // engine's game for the same secret and the review of the person's
  // guesses; once, as the game ends (count), the engine's count is added
  // to the statistics of a game won. A daily played shows them again.
  async review(seq, count) {
    const engine = await this.engineGuesses(seq);
    if (seq !== this.seq) return;
    if (count && engine.length && this.statsName()) recordEngine(this.statsName(), { you: this.history.length, engine: engine.length, evil: this.evil, hard: this.hardGame });
    let review = null;
    if (this.history.length) {
      try {
        review = await call("/api/review", { game: this.s.game, secret: this.secret, guesses: this.history.map((t) => t.guess), strategy: this.s.strategy });
      } catch (e) {
        review = null;
      }
    }
    if (seq !== this.seq) return;
    const lines = [
      el("p", {}, `The engine (${this.s.strategy}) needs ${engine.length ? plural(engine.length, "guess") : "—"} for this secret:`),
      el("ol", { class: "board small", "aria-label": "the engine's guesses" },
        engine.map((t, i) => rowView(i, t.guess, answerView(this.s.g, t))))];
    if (review) lines.push(reviewView(review, this.s.strategy, this.s.g));
    this.summary.append(...lines);
  }

  // showShare puts the daily's moment at the top of the summary: its
  // result, the share text with Copy (and Share), the time to the next
  // daily and, for today's, the statistics of the daily's game.
  showShare(won, gaveUp = false) {
    if (this.summary.hidden) this.summary.replaceChildren();
    const n = plural(this.history.length, "guess");
    this.summary.append(el("h2", { class: "result" }, `Daily #${this.daily.number}: ${won ? `found in ${n}!` : gaveUp ? "given up" : "not found"}`));
    this.addShare(shareText(this.s.game, this.daily.number, this.s.g.positions, this.history, won, this.hardGame));
    if (this.daily.today) this.summary.append(countdown(), el("div", { class: "daystats" }, presetFigures(loadStats(), this.s.game, this.daily.number)));
    this.summary.hidden = false;
  }

  // addShare adds a share text to the summary, with Copy (and Share where
  // the browser shares).
  addShare(text) {
    const out = el("pre", { class: "share", "aria-label": "share text" }, text);
    const copied = el("span", { role: "status" });
    const copy = el("button", {
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(text);
          copied.textContent = "Copied.";
        } catch (e) {
          getSelection().selectAllChildren(out);
          copied.textContent = "Copying is refused here: the text is selected, copy it yourself.";
        }
      },
    }, "Copy");
    const share = navigator.share && el("button", {
      type: "button",
      onclick: () => navigator.share({ text }).catch(() => {}),
    }, "Share");
    this.summary.append(out, el("p", {}, copy, " ", share, " ", copied));
  }

  // draw shows the board; the entry, Hint, Give up and Replay only while
  // the game goes on (Replay only for a seeded game: the summary's New game
  // and challenge link follow it), New game in the dock once it is over.
  draw() {
    this.turn.hidden = this.over;
    // The daily is played alone: no Hint and no Why? till it ends (its
    // review follows it).
    this.why.button.hidden = this.over || Boolean(this.daily);
    this.left.hidden = !this.daily || this.over;
    if (this.daily) this.left.textContent = `${plural(dailyGuesses - this.history.length, "guess")} left of ${dailyGuesses}`;
    this.actions.hidden = false;
    this.panel.querySelector(".giveup").hidden = this.over;
    this.hintButton.hidden = this.over || Boolean(this.daily);
    this.again.hidden = !this.over;
    this.replay.hidden = this.over || this.evil || Boolean(this.daily);
    this.board.draw(this.history);
    // A game found: its last row is the secret, turned over (app.css).
    const found = this.history.length > 0 && wins(this.s.g, this.history.at(-1));
    if (this.over && found) this.boardList.lastElementChild?.classList.add("found");
    if (this.over && this.secret && !found) {
      // The secret, revealed under the guesses of a game not won.
      this.boardList.append(el("li", { class: "reveal" }, el("span", { class: "num" }, ""), codeView(this.secret, "the secret"), el("span", { class: "reveal-label" }, "the code")));
    }
  }

  key(e) {
    if (this.over) return false;
    if (/^[0-9]$/.test(e.key)) this.entry.digit(Number(e.key));
    else if (e.key === "Backspace") this.entry.back();
    else if (e.key === "Enter") this.guess();
    else if (e.key === "h" && !this.daily) this.hint();
    else if (e.key === "y" && !this.daily) this.why.toggle();
    else return false;
    return true;
  }
}
