// At phone width a list's table reads as cards (styles/app.css "phone width"): each row a card, each cell a line
// under its column's name. The names come from the table's own header cells: this action copies each column's
// header text to its cells' `data-label`, which the stylesheet shows before the value, and keeps it so when rows
// change (paging, a search). No text of its own, so a language switch re-labels through the header.
export function cardLabels(table: HTMLTableElement): { destroy(): void } {
  const label = () => {
    const names = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        const name = names[i] ?? '';
        if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
      });
    }
  };
  label();
  const observer = new MutationObserver(label);
  // attributes are not watched: our own writes would wake the observer again
  observer.observe(table, { childList: true, subtree: true, characterData: true });
  table.classList.add('cards');
  return { destroy: () => observer.disconnect() };
}
