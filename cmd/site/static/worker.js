// The engine of the static site, in a Web Worker, so that the page never
// waits while it thinks. The page (api.js) first sends where the engine is,
// {url}, or the engine a worker before this one compiled, {module}; a worker
// that compiles the engine sends it to the page as {module}, or {broken}
// with the reason when it cannot. Then the page sends requests {id, path,
// body}, body a JSON string; each is answered {id, status, answer}, the HTTP
// status and the JSON answer the server would give.
//
// Until the engine has started (a second or so on a first visit), the
// page's first requests are answered from answers, which cmd/site writes
// above: the API's answers to them, computed when the site was built, by
// requestKey, and marked built: true. So the menus and the first guess
// show at once.

// ready settles when the engine has started; started is then true.
let begin;
let started = false;
const ready = new Promise((resolve) => { begin = resolve; }).then(start).then(() => { started = true; });
ready.catch((err) => postMessage({ broken: err.message }));

// requestKey returns the key of a request in answers: the path, a space
// and the body's JSON with the keys of each object in order (cmd/site's
// requestKey makes the same), or "" when the body is not JSON.
function requestKey(path, body) {
  if (body === "") return `${path} `;
  const sorted = (v) => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v === null || typeof v !== "object") return v;
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]));
  };
  try {
    return `${path} ${JSON.stringify(sorted(JSON.parse(body)))}`;
  } catch (e) {
    return "";
  }
}

// start runs the engine: its main defines mastermindDo, then waits for calls.
// Go's support code (wasm_exec.js) is read once the engine is compiled, so
// that the worker answers the first requests first.
async function start({ url, module }) {
  if (!module) {
    module = await compile(url);
    postMessage({ module });
  }
  importScripts("wasm_exec.js");
  const go = new Go();
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance);
  if (typeof self.mastermindDo !== "function") throw new Error("the engine did not start");
}

// compile compiles the WebAssembly module at url, as it arrives when the
// host serves it as application/wasm.
async function compile(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  if (r.headers.get("Content-Type")?.startsWith("application/wasm")) return WebAssembly.compileStreaming(r);
  return WebAssembly.compile(await r.arrayBuffer());
}

// mastermindTree fetches the optimal tree name (trees/NAME.json.gz, not in
// the engine: the explorer asks for it only when opened) for the engine,
// as bytes. The service worker keeps it, for offline use.
self.mastermindTree = async (name) => {
  const url = `trees/${name}.json.gz`;
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return new Uint8Array(await r.arrayBuffer());
};

self.onmessage = (e) => {
  const m = e.data;
  if (!m.id) {
    begin(m);
    return;
  }
  const k = started ? "" : requestKey(m.path, m.body);
  if (Object.hasOwn(answers, k)) {
    const [status, answer] = answers[k];
    postMessage({ id: m.id, status, answer, built: true });
    return;
  }
  ready.then(() => {
    // Every request is answered: an engine that has stopped (the Go
    // program exited) throws, and the request fails with the reason.
    let err;
    try {
      err = self.mastermindDo(m.path, m.body, (status, answer) => postMessage({ id: m.id, status, answer }));
    } catch (e) {
      err = e;
    }
    if (err) postMessage({ id: m.id, status: 500, answer: JSON.stringify({ error: `The engine failed: ${err.message}` }) });
  }, () => {}); // the page is told once, by {broken}
};
