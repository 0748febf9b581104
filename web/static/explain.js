// Why this guess, and how you played: the figures of /api/explain and
// /api/review, as a bar chart and words, and as a table.
import { call } from "./api.js";
import { answerWords, ruleOf, shortAnswer, wins } from "./rules.js";
import { bar, codeView, el, plural } from "./ui.js";

// fmt writes a figure with at most one decimal.
const fmt = (x) => x.toLocaleString("en", { maximumFractionDigits: 1 });

// words says how a guess splits the codes, as a sentence.
function words(v, remaining) {
  const bits = v.entropy.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `splits the ${plural(remaining, "code")} into ${plural(v.parts, "part")}; at most ${fmt(v.largest)} remain; ${fmt(v.expected)} expected; ${bits} bits`;
}

// bars draws the parts of an explanation of game g: a bar per answer, as
// long as its share of the codes, with the answer and the count in words.
function bars(g, answers, remaining, label) {
  const most = Math.max(...answers.map((a) => a.codes));
  const slots = ruleOf(g) === "slots";
  return el("ul", { class: "bars", "aria-label": label },
    answers.map((a) => el("li", {},
      el("span", { class: slots ? "bar-label marks-label" : "bar-label" }, slots ? el("span", { "aria-hidden": "true" }, shortAnswer(g, a)) : shortAnswer(g, a),
        slots ? el("span", { class: "sr" }, answerWords(g, a)) : null),
      bar(a.codes / most),
      el("span", { class: "bar-n" }, `${a.codes.toLocaleString("en")}`,
        el("span", { class: "sr" }, ` of ${remaining.toLocaleString("en")} codes`)))));
}

// explainView draws the answer of /api/explain about game g: the guess's
// chart and figures, and the engine's pick beside it when it is another
// guess.
function explainView(g, v, strategy) {
  if (v.conflict) return el("p", { class: "why-words" }, `No code fits the answers: ${v.message}.`);
  const own = el("div", { class: "why-one" },
    el("p", { class: "why-words" }, "Guess ", codeView(v.guess, "guess"), ` ${words(v, v.remaining)}${v.consistent ? "" : " (it cannot be the secret)"}.`),
    bars(g, v.answers, v.remaining, `how guess ${v.guess.join(" ")} splits the codes`));
  const parts = [own];
  if (v.best && v.best.guess.join() !== v.guess.join()) {
    parts.push(el("div", { class: "why-one engine" },
      el("p", { class: "why-words" }, `The engine (${strategy}) would guess `, codeView(v.best.guess, "the engine's guess"), `: it ${words(v.best, v.remaining)}.`)));
  }
  return el("div", { class: "why-body" }, parts);
}

// A Why is a "Why?" button and its panel: opened, it asks /api/explain
// for request() (the body, or null when there is nothing to explain) and
// shows the answer.
export class Why {
  constructor(request, strategy) {
    this.request = request;
    this.strategy = strategy;
    this.seq = 0;
    // Focusable: where it scrolls (the dock on a phone) the keyboard
    // scrolls it too.
    this.panel = el("div", { class: "why", hidden: true, role: "region", "aria-label": "why this guess", tabindex: "0" });
    this.button = el("button", { type: "button", class: "whybtn", "aria-expanded": "false", onclick: () => this.toggle() }, "Why?");
  }

  toggle() {
    this.open(this.panel.hidden);
  }

  // open shows (or hides) the panel, asking afresh.
  async open(show = true) {
    this.panel.hidden = !show;
    this.button.setAttribute("aria-expanded", String(show));
    if (!show) return;
    const body = this.request();
    const seq = ++this.seq;
    if (!body) {
      this.panel.replaceChildren(el("p", { class: "why-words" }, "Nothing to explain yet."));
      return;
    }
    this.panel.replaceChildren(el("p", { class: "why-words" }, "Thinking…"));
    try {
      const v = await call("/api/explain", body);
      if (seq === this.seq) this.panel.replaceChildren(explainView({ feedback: ruleOf(body.game) }, v, this.strategy()));
    } catch (e) {
      if (seq === this.seq) this.panel.replaceChildren(el("p", { class: "why-words alert" }, e.message));
    }
    // Opened above the board (the Solver's), it is brought into view; in
    // the dock it is in view already.
    if (seq === this.seq && !this.panel.hidden && !this.panel.closest(".dock")) this.panel.scrollIntoView({ block: "nearest" });
  }

  // refresh asks again if the panel is open, and hides it otherwise.
  refresh() {
    if (!this.panel.hidden) this.open(true);
  }
}

// luckText says the luck of step s of game g: "found" for the guess that
// found the secret, "—" where every code then possible would have left as
// many (the API's null), else a percentage.
function luckText(s, g) {
  if (wins(g, s)) return "found";
  if (s.luck === null || s.luck === undefined) return "—";
  return `${s.luck}%`;
}

// reviewView draws the answer of /api/review: a row per guess (a line on
// a phone) with the engine's pick at that point beside the person's, in
// game g.
export function reviewView(v, strategy, g) {
  const head = ["#", "Your guess", "Answer", "Codes", "Bits", "Engine's pick", "Skill", "Luck"];
  return el("div", { class: "review" },
    el("h3", {}, "How you played"),
    el("table", { class: "review-table" },
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, v.steps.map((s, i) => el("tr", {},
        el("td", { "data-label": "#" }, String(i + 1)),
        el("td", { "data-label": "Your guess" }, codeView(s.guess, `guess ${i + 1}`)),
        el("td", { "data-label": "Answer" }, shortAnswer(g, s)),
        el("td", { "data-label": "Codes" }, `${s.before.toLocaleString("en")} → ${s.after.toLocaleString("en")}`),
        el("td", { "data-label": "Bits" }, fmt(s.bits)),
        el("td", { "data-label": "Engine's pick" }, codeView(s.best.guess, `the engine's guess ${i + 1}`)),
        el("td", { "data-label": "Skill", title: `expected codes left: yours ${fmt(s.expected)}, the engine's ${fmt(s.best.expected)}` }, String(s.skill)),
        el("td", { "data-label": "Luck" }, luckText(s, g)))))),
    el("p", { class: "review-note" },
      `Skill: 100 is as good as the engine's pick (${strategy}) by the codes expected to remain, above 100 better. Luck: the share of the secrets then possible that would have left more codes than the answer that came, those leaving as many counting half; — where every secret would have left as many. The engine needs ${plural(v.engine, "guess")} for this secret.`));
}
