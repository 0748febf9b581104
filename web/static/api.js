// Calls to the JSON API. Served by "mastermind serve", the page asks the
// server it came from. On the static site ("go run ./cmd/site DIR", whose
// page carries <meta name="mastermind-engine" content="worker">), the engine
// compiled to WebAssembly answers in a Web Worker: the same requests, the
// same answers and errors, and never the network.

const inWorker = document.querySelector('meta[name="mastermind-engine"]')?.content === "worker";

// call posts body to path (or gets path, with no body) and returns the
// answer, or throws an Error with the API's message. An abort of signal (an
// AbortSignal, optional) stops the request and throws its reason.
export function call(path, body, signal) {
  if (inWorker) return engine().call(path, body === undefined ? "" : JSON.stringify(body), signal);
  return post(path, body, signal);
}

// turns gives the history of a board as the API takes it: each guess with
// its answer in the keys of the game's rule, {black, white}, {black} or
// {marks} (rules.js), as the board keeps it.
export function turns(history) {
  return history.map(({ guess, black, white, marks }) => (marks !== undefined ? { guess, marks } : white !== undefined ? { guess, black, white } : { guess, black }));
}

// post calls the server.
async function post(path, body, signal) {
  let r;
  try {
    const init = body === undefined ? { signal } : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal };
    r = await fetch(path, init);
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new Error("The server cannot be reached.");
  }
  let v = null;
  try {
    v = await r.json();
  } catch (e) {
    // not JSON: the status says it
  }
  if (!r.ok) throw new Error((v && v.error) || `The server answered ${r.status}.`);
  return v;
}

// The server's deadline for a request (web.Options.Timeout's default; the
// page's tests set mastermindDeadline, for a loaded machine) and its answer
// when a request about a game passes it; GET /api/games, which computes
// nothing, passes it only when the engine does not start.
const deadline = globalThis.mastermindDeadline ?? 10_000;
const tooLong = "game: too large for the API: no answer within the deadline";
const noEngine = `The engine did not answer within ${(deadline / 1000).toLocaleString("en")} s: reload the page to try again.`;

// An aborted request's computation is given grace ms to end before the
// worker is replaced: a new worker starts in a second or so and reads again
// the spaces and trees the old one kept.
const grace = 500;

// An Engine is the engine in a Web Worker (worker.js). WebAssembly Go is
// never preempted, so a computation cannot see its own deadline: a request
// that passes the deadline, or whose signal aborts, is stopped by
// terminating the worker; a new worker takes the requests still waiting.
class Engine {
  constructor() {
    this.module = null; // the compiled engine, once the first worker has it
    this.pending = new Map(); // id -> {path, body, resolve, reject, timer}
    this.abandoned = new Set(); // ids of requests stopped, still computing
    this.id = 0;
    this.start();
  }

  start() {
    this.worker = new Worker("worker.js");
    this.worker.onmessage = (e) => {
      const m = e.data;
      if (m.module) this.module = m.module;
      else if (m.broken) this.fail(new Error(`The engine cannot be loaded: ${m.broken}.`));
      else this.answer(m);
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.fail(new Error(`The engine cannot run: ${e.message || "worker.js failed"}.`));
    };
    this.worker.postMessage(this.module ? { module: this.module } : { url: "mastermind.wasm" });
  }

  call(path, body, signal) {
    if (this.broken) return Promise.reject(this.broken);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const id = ++this.id;
      const r = { path, body, resolve, reject };
      r.timer = setTimeout(() => this.stop(id, new Error(path === "/api/games" ? noEngine : tooLong), 0), deadline);
      signal?.addEventListener("abort", () => this.stop(id, signal.reason, grace), { once: true });
      this.pending.set(id, r);
      this.worker.postMessage({ id, path, body });
    });
  }

  // answer settles a request with the worker's answer.
  answer({ id, status, answer }) {
    this.abandoned.delete(id);
    const r = this.settle(id);
    if (!this.idled && this.pending.size === 0) {
      // Once the engine has answered and nothing waits (the page's first
      // requests have been answered: the menus, the first guess), the page
      // says so: site.js then lets the service worker download the site,
      // which would otherwise compete with those first answers.
      setTimeout(() => {
        if (this.idled || this.pending.size > 0) return;
        this.idled = true;
        window.dispatchEvent(new Event("mastermind-engine")); // site.js waits for it
      }, 0);
    }
    if (!r) return;
    let v = null;
    try {
      v = JSON.parse(answer);
    } catch (e) {
      // not JSON: the status says it
    }
    if (status === 200 && v) r.resolve(v);
    else r.reject(new Error((v && v.error) || `The engine answered ${status}.`));
  }

  // stop fails request id with err now, and stops its computation if it
  // has not ended after wait ms: the worker is replaced, and the requests
  // still waiting go to the new one.
  stop(id, err, wait) {
    const r = this.settle(id);
    if (!r) return;
    r.reject(err);
    this.abandoned.add(id);
    const worker = this.worker;
    setTimeout(() => {
      if (this.worker !== worker || !this.abandoned.has(id)) return;
      worker.terminate();
      this.abandoned.clear();
      this.start();
      for (const [id, { path, body }] of this.pending) this.worker.postMessage({ id, path, body });
    }, wait);
  }

  // fail fails every request, now and later, with err: the engine cannot run.
  fail(err) {
    this.broken = err;
    for (const id of [...this.pending.keys()]) this.settle(id).reject(err);
  }

  // settle forgets request id and returns it (undefined if already settled).
  settle(id) {
    const r = this.pending.get(id);
    if (!r) return undefined;
    this.pending.delete(id);
    clearTimeout(r.timer);
    return r;
  }
}

let theEngine = null;

// engine returns the one engine of the page, starting it on the first call.
function engine() {
  theEngine ??= new Engine();
  return theEngine;
}
if (inWorker) engine(); // load it while the page starts
