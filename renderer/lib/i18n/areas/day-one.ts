// Issue 36 (a newcomer's day, keyboard and phone): the folding menu, the skip link, the dashboard's NAV and setup
// cards, the modifying invoice's confirmation, the follow-up documents' buttons.
import { defineMessages } from '../define';

export const dayOneMessages = defineMessages({
  hu: {
    'shell.menu': 'Menü',
    'shell.skipToSearch': 'Ugrás a keresésre',
    'shell.skipToContent': 'Ugrás a tartalomra',
    'day.checkWaiting': 'Válaszd ki az ügyfelet és add meg a tételeket; ami a kiállításhoz még hiányzik, itt jelenik meg.',
    'day.modifyConfirmTitle': 'Kiállítod a módosító számlát?',
    'day.modifyConfirmText': 'A módosító számla sorszámot kap, és többé nem módosítható, nem törölhető. Végösszege: {total}; az eredeti számla ezzel: {resulting}.',
  },
  en: {
    'shell.menu': 'Menu',
    'shell.skipToSearch': 'Skip to search',
    'shell.skipToContent': 'Skip to content',
    'day.checkWaiting': 'Choose the client and enter the lines; whatever is still missing for issuing shows here.',
    'day.modifyConfirmTitle': 'Issue the modifying invoice?',
    'day.modifyConfirmText': 'The modifying invoice gets a number and can no longer be changed or deleted. Its total: {total}; the original invoice with it: {resulting}.',
  },
  de: {
    'shell.menu': 'Menü',
    'shell.skipToSearch': 'Zur Suche springen',
    'shell.skipToContent': 'Zum Inhalt springen',
    'day.checkWaiting': 'Wählen Sie den Kunden und erfassen Sie die Positionen; was zum Ausstellen noch fehlt, erscheint hier.',
    'day.modifyConfirmTitle': 'Korrekturrechnung ausstellen?',
    'day.modifyConfirmText': 'Die Korrekturrechnung erhält eine Nummer und kann danach weder geändert noch gelöscht werden. Ihr Betrag: {total}; die ursprüngliche Rechnung damit: {resulting}.',
  },
});
