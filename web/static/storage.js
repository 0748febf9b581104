// What the page keeps in this browser (localStorage), read and written in
// one place:
//
//   - JSON is read into objects of no prototype (parseJSON), so that a key
//     "__proto__" kept or imported is a key like any other and no value
//     reaches Object.prototype;
//   - a write that fails (the browser's storage full, or refused) says so,
//     on the page and to its caller, instead of keeping quiet: what was
//     kept before stays as it was.
import { el } from "./ui.js";

// parseJSON parses text as JSON, every object of it made with no
// prototype; it throws on text that is not JSON.
export function parseJSON(text) {
  return JSON.parse(text, (k, v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? Object.assign(Object.create(null), v) : v));
}

// readText returns the text kept under key, or null when there is none or
// storage is refused.
export function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

// readJSON returns the value kept under key as JSON (parseJSON), or null
// when there is none, it is not JSON, or storage is refused.
export function readJSON(key) {
  const text = readText(key);
  if (text === null) return null;
  try {
    return parseJSON(text);
  } catch (e) {
    return null;
  }
}

// why says why a write failed with error e.
function why(e) {
  return e && e.name === "QuotaExceededError" ?
    "this browser's storage for the page is full" :
    "this browser refuses to keep anything for the page";
}

// note says, above the modes, what the browser did not keep.
let note = null;

// failed says on the page that what (a phrase: "your statistics") was not
// kept, and why.
function failed(what, reason) {
  if (!note) {
    note = el("p", { class: "msg alert storenote", role: "alert" });
    (document.querySelector("main") ?? document.body).prepend(note);
  }
  note.textContent = `Not kept in this browser: ${what} (${reason}). What was kept before stays.`;
}

// write keeps text under key (removes key when text is null), and returns
// "" or why it could not; a failure is also said on the page, naming what
// (a phrase: "your statistics").
export function write(key, text, what) {
  try {
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    return "";
  } catch (e) {
    const reason = why(e);
    failed(what, reason);
    return reason;
  }
}

// writeJSON keeps v as JSON under key (write).
export function writeJSON(key, v, what) {
  return write(key, JSON.stringify(v), what);
}
