// The page's menu and frame: the menu's tools (Statistics and the theme),
// the menu on a phone (a popover behind the header's ☰ button, app.css),
// which closes once a new game is asked for, and a board scrolled in its
// own area keeping its newest row in view.
import { openStats } from "./statsdialog.js";
import { themeToggle } from "./theme.js";

const menu = document.getElementById("menu");

// The tools, under the game's settings (index.html): the statistics and
// the theme.
themeToggle(document.querySelector(".tools .theme"));
document.querySelector(".tools .stats-open").addEventListener("click", openStats);
const phone = matchMedia("(max-width: 40rem)");

// A new game (the settings' submit) closes the menu, so that it can be
// played at once.
document.getElementById("settings").addEventListener("submit", () => {
  if (menu.matches(":popover-open")) menu.hidePopover();
});

// Opened, the menu puts the focus on its first control (unless it is
// already in the menu).
menu.addEventListener("toggle", (e) => {
  if (e.newState === "open" && !menu.contains(document.activeElement)) menu.querySelector("select, button, summary")?.focus();
});

// Each board's newest row is kept in view when a row comes and when the
// dock grows (Why? opened, a longer message; not when it shrinks as the
// summary comes): in the board's own area on a phone, above the dock
// stuck to the window's bottom on a wide screen.
for (const board of document.querySelectorAll(".panel > .scroll > .board")) {
  const panel = board.closest(".panel");
  const dock = panel.querySelector(".dock");
  const keep = () => {
    const last = board.lastElementChild;
    if (!last || panel.hidden) return;
    if (phone.matches) {
      last.scrollIntoView({ block: "nearest" });
      return;
    }
    const under = last.getBoundingClientRect().bottom - dock.getBoundingClientRect().top;
    if (under > 0) window.scrollBy(0, under + 8);
  };
  new MutationObserver(keep).observe(board, { childList: true });
  let height = dock.offsetHeight;
  new ResizeObserver(() => {
    // On a wide screen the window's scroll padding leaves the dock room,
    // so that what is scrolled into view (a Why? panel opened) shows above
    // it, not under it.
    if (!panel.hidden) document.documentElement.style.scrollPaddingBottom = phone.matches ? "" : `${dock.offsetHeight}px`;
    if (dock.offsetHeight > height) keep(); // grown, not shrunk as a game ends
    height = dock.offsetHeight;
  }).observe(dock);
}
