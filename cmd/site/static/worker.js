// The engine of the static site, in a Web Worker, so that the page never
// waits while it thinks. The page (api.js) first sends where the engine is,
// {url}, or the engine a worker before this one compiled, {module}; a worker
// that compiles the engine sends it to the page as {module}, or {broken}
// with the reason when it cannot. Then the page sends requests {id, path,
// body}, body a JSON string; each is answered {id, status, answer}, the HTTP
// status and the JSON answer the server would give.
importScripts("wasm_exec.js");

// ready settles when the engine has started.
let begin;
const ready = new Promise((resolve) => { begin = resolve; }).then(start);
ready.catch((err) => postMessage({ broken: err.message }));

// start runs the engine: its main defines mastermindDo, then waits for calls.
async function start({ url, module }) {
  if (!module) {
    module = await compile(url);
    postMessage({ module });
  }
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
  const fail = (err) => postMessage({ id: m.id, status: 500, answer: JSON.stringify({ error: `The engine failed: ${err.message}` }) });
  ready.then(() => {
    const err = self.mastermindDo(m.path, m.body, (status, answer) => postMessage({ id: m.id, status, answer }));
    if (err) fail(err);
  }, () => {}); // the page is told once, by {broken}
};
