// Issue 36 (a newcomer's day, keyboard and phone): the folding menu, the skip link, the dashboard's NAV and setup
// cards, the modifying invoice's confirmation, the follow-up documents' buttons.
import { defineMessages } from '../define';

export const dayOneMessages = defineMessages({
  hu: {
    'shell.menu': 'Menü',
    'shell.skipToSearch': 'Ugrás a keresésre',
    'shell.skipToContent': 'Ugrás a tartalomra',
  },
  en: {
    'shell.menu': 'Menu',
    'shell.skipToSearch': 'Skip to search',
    'shell.skipToContent': 'Skip to content',
  },
  de: {
    'shell.menu': 'Menü',
    'shell.skipToSearch': 'Zur Suche springen',
    'shell.skipToContent': 'Zum Inhalt springen',
  },
});
