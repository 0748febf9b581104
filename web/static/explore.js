// The Strategies tab: walk a shipped optimal tree (/api/tree) node by
// node: the guess, its answers as rows to go down, the histogram of the
// secrets by guesses, a breadcrumb of the guesses and answers back up, and
// a link that reopens the node (#explore=super/11/02: the tree, then each
// answer in its rule's written form: black and white digits, the blacks
// alone, the marks, as classic-slots/G.Y./GG..). The tab has one game
// picker, the tree's, grouped by answer rule, named as the Game menu names
// games; the whole-game report plays the tree's game.
import { call } from "./api.js";
import { answerOf, answerWords, defaultRule, ruleOf, ruleTitles, shortAnswer, wins } from "./rules.js";
import { bar, codeView, el, Mode, plural } from "./ui.js";

// evalCodes is the largest game /api/eval evaluates (web/eval.go's
// evalCodes, held to it by TestEvalCodesSame): a larger tree's game is not
// offered for evaluation, and the report says why.
const evalCodes = 10000;

// codesOf returns the number of codes of game g.
function codesOf(g) {
  let n = 1;
  for (let i = 0; i < g.positions; i++) n *= g.distinct ? g.colors - i : g.colors;
  return n;
}

// A step of a path is an answer of the tree's game g in its rule's keys
// ({black, white}, {black} or {marks}); the API takes it as [B,W], B or
// the marks, and a link writes it as "BW", "B" or the marks.
const apiStep = (g, a) => ({ black: a.black, slots: a.marks })[ruleOf(g)] ?? [a.black, a.white];
const stepText = (g, a) => ({ black: `${a.black}`, slots: a.marks })[ruleOf(g)] ?? `${a.black}${a.white}`;

// stepForms reads a link's step under each rule, with what it should be.
const stepForms = {
  [defaultRule]: [/^[0-9][0-9]$/, (p) => ({ black: Number(p[0]), white: Number(p[1]) }), "two digits, black then white, as 11"],
  black: [/^[0-9]$/, (p) => ({ black: Number(p) }), "the number of right places, as 2"],
  slots: [/^[GY.]+$/, (p) => ({ marks: p }), "a mark per position, G, Y or ., as GY.."],
};

// pathText writes a path of game g for the link: "11/02".
const pathText = (g, path) => path.map((a) => stepText(g, a)).join("/");

// parseLink reads "super/11/02" into the tree's name and its path, or
// {refused: why} when a step is not an answer of the rule of the tree's
// game g (black-white when there is no such tree).
function parseLink(text, g) {
  const [name, ...rest] = text.split("/");
  const [form, read, want] = stepForms[ruleOf(g)];
  const path = [];
  for (const [i, p] of rest.entries()) {
    if (!form.test(p)) return { refused: `step ${i + 1}, "${p.slice(0, 10)}", is not an answer (${want})` };
    path.push(read(p));
  }
  return { name, path };
}

export class Explorer extends Mode {
  constructor(panel) {
    super(panel);
    this.select = panel.querySelector(".treegame");
    this.crumbs = panel.querySelector(".crumbs");
    this.node = panel.querySelector(".node");
    this.trees = [];
    this.guesses = new Map(); // "name/path" -> the guess of that node
    this.evalSeq = 0;
    this.select.addEventListener("change", () => this.go(this.select.value, []));
  }

  // setStrategies fills the whole-game report's choice of strategies from
  // /api/games' list: chosen at first, the API's default (its first) and
  // those it notes ("best", "Knuth").
  setStrategies(strategies) {
    const form = this.panel.querySelector(".report");
    form.querySelector(".pick").append(...strategies.map((s, i) => el("label", { class: "check" },
      el("input", { type: "checkbox", value: s.name, checked: i === 0 || Boolean(s.note) }), ` ${s.name}`)));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.evaluate();
    });
  }

  // evaluate shows the whole-game report (/api/eval) of each strategy
  // chosen, side by side, on the game of the tree shown.
  async evaluate() {
    const out = this.panel.querySelector(".report .results");
    const names = [...this.panel.querySelectorAll(".report .pick input:checked")].map((i) => i.value);
    const s = { game: this.apiGame(this.name), name: this.name };
    const seq = ++this.evalSeq;
    out.replaceChildren(el("p", {}, `Playing every secret of ${this.title(this.name)}…`));
    const results = [];
    for (const name of names) { // one at a time: each takes the processors
      try {
        results.push({ name, v: await call("/api/eval", { game: s.game, strategy: name }) });
      } catch (e) {
        results.push({ name, error: e.message });
      }
      if (seq !== this.evalSeq) return;
    }
    out.replaceChildren(report(results, s.game, s.name));
  }

  // setTrees fills the menu of trees from /api/games' trees, a group for
  // each answer rule (black and white first), each named as the Game menu
  // names it: a preset by its option there ("Classic (4 of 6)"), another
  // game by its size ("4 of 8, distinct"), then its rule when it is not
  // black and white (title), which the closed menu shows.
  setTrees(trees) {
    this.trees = trees;
    const rules = [...new Set([...Object.keys(ruleTitles), ...trees.map(ruleOf)])].filter((r) => trees.some((t) => ruleOf(t) === r));
    this.select.replaceChildren(...rules.map((r) => el("optgroup", { label: ruleTitles[r] ?? r },
      trees.filter((t) => ruleOf(t) === r).map((t) => el("option", { value: t.name }, this.title(t.name))))));
  }

  // preset returns the Game menu's option of the preset of tree name
  // ("classic", "classic-slots"), or null when the tree's game is not a
  // preset.
  preset(name) {
    const base = name.split("-")[0];
    return [...document.querySelectorAll("#game option")].find((o) => o.value === base && base !== "custom") || null;
  }

  // gameTitle names the game of tree name, whatever its rule, as the Game
  // menu does.
  gameTitle(name) {
    const o = this.preset(name);
    if (o) return o.textContent;
    const t = this.trees.find((x) => x.name === name);
    return `${t.positions} of ${t.colors}${t.distinct ? ", distinct" : ""}`;
  }

  // title names the game of tree name with its rule, when it is not black
  // and white: "Classic (4 of 6), Marks (Wordle)".
  title(name) {
    const r = ruleOf(this.game(name));
    return r === defaultRule ? this.gameTitle(name) : `${this.gameTitle(name)}, ${ruleTitles[r] ?? r}`;
  }

  // apiGame returns the game of tree name as the API takes it: the
  // preset's name (with its rule: {preset, feedback}), or its size.
  apiGame(name) {
    const g = this.game(name);
    if (!this.preset(name)) return g;
    const preset = name.split("-")[0];
    return g.feedback ? { preset, feedback: g.feedback } : preset;
  }

  // start opens the root of the tree of the chosen game, if it has one,
  // or of classic; a link given (this.link, "super/11/02") opens its node
  // instead.
  start(s) {
    const l = this.link && parseLink(this.link, this.trees.find((t) => t.name === this.link.split("/")[0]));
    this.link = null;
    if (l && !l.refused) {
      this.go(l.name, l.path);
      return;
    }
    const same = (t) => t.positions === s.g.positions && t.colors === s.g.colors && t.distinct === s.g.distinct && ruleOf(t) === ruleOf(s.g);
    const t = this.trees.find(same) || this.trees.find((x) => x.name === "classic") || this.trees[0];
    if (t) this.go(t.name, []);
    else this.say("No optimal tree is at hand.", true);
  }

  // linkError returns why the link text ("super/11/02", read after
  // #explore=) names no node of the trees, or "" when it may (the tree
  // says whether its path does).
  linkError(text) {
    const l = parseLink(text, this.trees.find((t) => t.name === text.split("/")[0]));
    if (l.refused) return l.refused;
    if (!this.trees.some((t) => t.name === l.name)) return `there is no tree "${l.name.slice(0, 20)}" (the trees are ${this.trees.map((t) => t.name).join(", ")})`;
    return "";
  }

  // stay keeps the address as it is when the next node opens (a link that
  // is not understood stays in the address bar, beside its note).
  stay() {
    this.staying = true;
  }

  // game returns the API's game of the tree name, with its rule when it
  // is not black and white.
  game(name) {
    const t = this.trees.find((x) => x.name === name);
    const g = { positions: t.positions, colors: t.colors, distinct: t.distinct };
    return t.feedback && t.feedback !== defaultRule ? { ...g, feedback: t.feedback } : g;
  }

  // offer offers the whole-game report for the tree name's game, or says
  // why not: a game larger than the API evaluates.
  offer(name) {
    const form = this.panel.querySelector(".report");
    const n = codesOf(this.game(name));
    const over = n > evalCodes;
    let why = form.querySelector(".toolarge");
    if (!why) {
      why = el("p", { class: "toolarge note" });
      form.querySelector(".pick").before(why);
    }
    why.hidden = !over;
    why.textContent = over ? `${this.title(name)} has ${n.toLocaleString("en")} codes, more than the ${evalCodes.toLocaleString("en")} the page evaluates: "mastermind eval" evaluates it.` : "";
    form.querySelector(".pick").hidden = over;
    form.querySelector("button[type=submit]").hidden = over;
    if (over && this.shown !== name) form.querySelector(".results").replaceChildren();
    this.shown = name;
  }

  // go opens the node of tree name that path reaches.
  async go(name, path, focus = false) {
    const seq = ++this.seq;
    if (this.trees.some((t) => t.name === name)) this.offer(name);
    this.name = name;
    this.path = path;
    this.select.value = name;
    this.say(`Reading the tree of ${this.title(name)}…`);
    let v;
    const above = [];
    const g = this.game(name);
    const asked = (p) => p.map((a) => apiStep(g, a));
    try {
      // The node, then the guesses above it for the breadcrumb (known
      // from the way down, or asked for, one at a time, when a link opens
      // the node).
      v = await call("/api/tree", { game: g, path: asked(path) });
      for (let i = 0; i < path.length && seq === this.seq; i++) {
        const p = path.slice(0, i);
        above.push(this.guesses.get(`${name}/${pathText(g, p)}`) ?? (await call("/api/tree", { game: g, path: asked(p) })).guess);
      }
    } catch (e) {
      // "the tree of 4of8 needs a connection…" names the tree as the menu.
      const own = `the tree of ${name} `;
      if (seq !== this.seq) return;
      this.say(e.message.startsWith(own) ? `The tree of ${this.title(name)} ${e.message.slice(own.length)}.` : e.message, true);
      this.crumbs.replaceChildren(); // nothing of another node stays
      this.node.replaceChildren();
      return;
    }
    if (seq !== this.seq) return;
    this.guesses.set(`${name}/${pathText(g, path)}`, v.guess);
    above.forEach((guess, i) => this.guesses.set(`${name}/${pathText(g, path.slice(0, i))}`, guess));
    this.above = above;
    const hash = `#explore=${name}${path.length ? "/" + pathText(g, path) : ""}`;
    if (location.hash !== hash && !this.staying) history.replaceState(null, "", hash);
    this.staying = false;
    this.draw(v, hash);
    this.say("");
    if (focus) this.node.querySelector("h2").focus();
  }

  // draw shows node v.
  draw(v, hash) {
    const depth = this.path.length + 1;
    const g = this.game(this.name);
    // An answer said for a screen reader: as before the rules, "1 black
    // 1 white" under black and white.
    const said = (a) => (ruleOf(g) === defaultRule ? `${a.black} black ${a.white} white` : answerWords(g, a));
    const crumbs = [el("li", {}, el("button", { type: "button", class: "crumb", onclick: () => this.go(this.name, [], true), "aria-current": depth === 1 ? "step" : null }, "Start"))];
    this.path.forEach((a, i) => {
      // Named by what it shows ("guess 1 0 0 1 1, answered 1 black 1
      // white"), not by a label of its own beside it.
      crumbs.push(el("li", {}, el("button", {
        type: "button", class: "crumb", "aria-current": i === this.path.length - 1 ? "step" : null,
        onclick: () => this.go(this.name, this.path.slice(0, i + 1), true),
      }, codeView(this.above[i], `guess ${i + 1}`), el("span", { class: "crumb-answer", "aria-hidden": "true" }, shortAnswer(g, a)),
      el("span", { class: "sr" }, `, answered ${said(a)}`))));
    });
    this.crumbs.replaceChildren(el("ol", {}, crumbs));
    const avg = (v.total / v.secrets).toLocaleString("en", { maximumFractionDigits: 3 });
    const most = Math.max(...v.histogram);
    const rows = v.answers.map((a) => {
      const solved = wins(g, a);
      const text = solved ? `${shortAnswer(g, a)}: found, the guess is the secret`
        : `${shortAnswer(g, a)}: ${plural(a.secrets, "secret")}, ${a.total.toLocaleString("en")} guesses, at most ${a.most}`;
      return el("li", {}, solved ? el("span", { class: "branch found" }, text)
        : el("button", { type: "button", class: "branch", "data-secrets": String(a.secrets), onclick: () => this.go(this.name, [...this.path, answerOf(g, a)], true) }, text));
    });
    this.node.replaceChildren(...[
      el("h2", { tabindex: "-1" }, `Guess ${depth}: `, codeView(v.guess, `guess ${depth}`)),
      el("p", { class: "figures" }, `${plural(v.secrets, "secret")} ${v.secrets === 1 ? "reaches" : "reach"} this guess; ${v.secrets === 1 ? "it needs" : "they need"} ${v.total.toLocaleString("en")} guesses in all (${avg} on average), at most ${v.most}.`),
      el("div", { class: "explore-cols" },
        el("div", {}, el("h3", {}, "Answers"), el("ul", { class: "branches", "aria-label": "the answers: choose one to go down" }, rows)),
        el("div", {}, el("h3", {}, "Secrets by guesses"),
          el("ul", { class: "bars", "aria-label": "secrets by number of guesses" },
            v.histogram.map((n, k) => [n, k]).filter(([n]) => n > 0).map(([n, k]) => el("li", {},
              el("span", { class: "bar-label" }, plural(k, "guess")),
              bar(n / most),
              el("span", { class: "bar-n" }, n.toLocaleString("en"))))))),
      v.codes ? el("div", {}, el("h3", {}, "The secrets here"), el("ul", { class: "cands" }, v.codes.map((c) => el("li", {}, codeView(c))))) : null,
      el("p", {}, el("a", { class: "link", href: hash }, "Link to this node")),
    ].filter((x) => x)); // replaceChildren would write a null as text
  }

  // key: Backspace or u goes up one answer.
  key(e) {
    if ((e.key === "Backspace" || e.key === "u") && this.path && this.path.length) {
      this.go(this.name, this.path.slice(0, -1), true);
      return true;
    }
    return false;
  }
}

// download asks /api/eval for the strategy's decision tree of game in
// form ("json" or "dot") and saves it as NAME-STRATEGY.json or .dot, name
// the game's as the project writes it (a preset, "4x7", "5of7": the
// trees' names); the button says what it is doing.
async function download(button, game, name, strategy, form) {
  const label = button.textContent;
  button.disabled = true;
  button.textContent = "…";
  try {
    const v = await call("/api/eval", { game, strategy, tree: form });
    const url = URL.createObjectURL(new Blob([v.tree], { type: form === "json" ? "application/json" : "text/vnd.graphviz" }));
    const a = el("a", { href: url, download: `${name}-${strategy}.${form}` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    button.textContent = label;
  } catch (e) {
    button.textContent = label;
    button.title = e.message;
  } finally {
    button.disabled = false;
  }
}

// report draws the whole-game reports side by side: a column per strategy,
// its total, average and worst, then the secrets by guesses as bars, and
// buttons that download each strategy's decision tree (of game, named
// name).
function report(results, game, name) {
  const ok = results.filter((r) => r.v);
  const rows = Math.max(0, ...ok.map((r) => r.v.histogram.length));
  const most = Math.max(1, ...ok.flatMap((r) => r.v.histogram));
  const cell = (r, f) => el("td", {}, r.v ? f(r.v) : "");
  const body = [
    el("tr", {}, el("th", { scope: "row" }, "Guesses in all"), results.map((r) => r.v ? cell(r, (v) => v.total.toLocaleString("en")) : el("td", { class: "alert" }, r.error))),
    el("tr", {}, el("th", { scope: "row" }, "Average"), results.map((r) => cell(r, (v) => v.average.toLocaleString("en", { minimumFractionDigits: 3, maximumFractionDigits: 3 })))),
    el("tr", {}, el("th", { scope: "row" }, "Worst"), results.map((r) => cell(r, (v) => plural(v.most, "guess")))),
  ];
  const save = (r, form) => el("button", {
    type: "button", class: "download", "data-form": form, "aria-label": `Download ${r.name}'s decision tree as ${form.toUpperCase()}`,
    onclick: (e) => download(e.currentTarget, game, name, r.name, form),
  }, form.toUpperCase());
  body.push(el("tr", { class: "downloads" }, el("th", { scope: "row" }, "Decision tree"), results.map((r) => cell(r, () => [save(r, "json"), " ", save(r, "dot")]))));
  for (let k = 1; k < rows; k++) {
    body.push(el("tr", { class: "hist" }, el("th", { scope: "row" }, `found in ${k}`), results.map((r) => cell(r, (v) => {
      const n = v.histogram[k] || 0;
      return el("span", { class: "histcell" }, bar(n / most), el("span", { class: "bar-n" }, n.toLocaleString("en")));
    }))));
  }
  return el("table", { class: "report-table" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), results.map((r) => el("th", { scope: "col" }, r.name)))),
    el("tbody", {}, body));
}
