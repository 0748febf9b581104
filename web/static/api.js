// Calls to the JSON API of the server the page came from.

// call posts body to path (or gets path, with no body) and returns the
// answer, or throws an Error with the server's message.
export async function call(path, body) {
  let r;
  try {
    r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {
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

// turns gives the history of a board as the API takes it.
export function turns(history) {
  return history.map(({ guess, black, white }) => ({ guess, black, white }));
}
