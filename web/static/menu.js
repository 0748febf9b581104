// The page's frame on a phone: the menu (a popover behind the header's ☰
// button, app.css) closes once a new game is asked for, and a board
// scrolled in its own area keeps its newest row in view.

const menu = document.getElementById("menu");
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

// Each board's newest row is scrolled into view when a row comes: in the
// board's own area on a phone, above the dock stuck to the window's
// bottom on a wide screen.
for (const board of document.querySelectorAll(".panel > .scroll > .board")) {
  const panel = board.closest(".panel");
  const dock = panel.querySelector(".dock");
  new MutationObserver(() => {
    const last = board.lastElementChild;
    if (!last || panel.hidden) return;
    if (phone.matches) {
      last.scrollIntoView({ block: "nearest" });
      return;
    }
    const under = last.getBoundingClientRect().bottom - dock.getBoundingClientRect().top;
    if (under > 0) window.scrollBy(0, under + 8);
  }).observe(board, { childList: true });
}
