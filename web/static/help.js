// The page's settings kept in this browser, the first visit's "how to
// play", and the switch of the single-key shortcuts. localStorage key
// mastermind.settings: {"version": 1, "shortcuts": true, "hard": false,
// "welcomed": true}; a setting absent has its default.

const key = "mastermind.settings";
const defaults = { version: 1, shortcuts: true, hard: false, welcomed: false };

// read returns the settings kept, over the defaults.
function read() {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "{}");
    if (v && v.version === defaults.version) return { ...defaults, ...v };
  } catch (e) {
    // unreadable or refused: the defaults
  }
  return { ...defaults };
}

// setting returns the value of setting name: "shortcuts" (single-key
// shortcuts on), "hard" (hard mode), "welcomed" (how to play was shown).
export function setting(name) {
  return read()[name];
}

// setSetting keeps value as setting name.
function setSetting(name, value) {
  const v = read();
  v[name] = value;
  try {
    localStorage.setItem(key, JSON.stringify(v));
  } catch (e) {
    // not kept
  }
}

// welcome opens details (the rules and keys) on a first visit.
export function welcome(details) {
  if (setting("welcomed")) return;
  details.open = true;
  setSetting("welcomed", true);
}

// switchSetting ties a checkbox to setting name.
export function switchSetting(checkbox, name) {
  checkbox.checked = Boolean(setting(name));
  checkbox.addEventListener("change", () => setSetting(name, checkbox.checked));
}
