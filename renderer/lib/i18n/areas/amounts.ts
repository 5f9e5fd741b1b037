// Words about amounts and numbers as typed: sizes beyond what an invoice can carry, and the seller's own tax number.
import { defineMessages } from '../define';

export const amountMessages = defineMessages({
  hu: {
    'amt.tooLarge': 'túl nagy szám: legfeljebb {max} lehet',
    'amt.lineTooLarge': 'A tétel összege túl nagy: legfeljebb {max} lehet. Csökkentsd a mennyiséget vagy az egységárat, vagy bontsd több számlára.',
    'amt.totalTooLarge': 'A számla végösszege túl nagy: legfeljebb {max} lehet. Bontsd több számlára.',
    'amt.sellerTaxNumber': 'érvénytelen magyar adószám: a céged adószámát add meg, ahogy a NAV kiadta (pl. 12345676-2-41)',
  },
  en: {
    'amt.tooLarge': 'the number is too large: at most {max}',
    'amt.lineTooLarge': 'The amount of this item is too large: at most {max}. Lower the quantity or the unit price, or split it over several invoices.',
    'amt.totalTooLarge': 'The invoice total is too large: at most {max}. Split it over several invoices.',
    'amt.sellerTaxNumber': 'not a valid Hungarian tax number: give your company’s tax number as NAV issued it (e.g. 12345676-2-41)',
  },
  de: {
    'amt.tooLarge': 'die Zahl ist zu groß: höchstens {max}',
    'amt.lineTooLarge': 'Der Betrag dieser Position ist zu groß: höchstens {max}. Verringern Sie Menge oder Einzelpreis oder teilen Sie sie auf mehrere Rechnungen auf.',
    'amt.totalTooLarge': 'Der Rechnungsbetrag ist zu groß: höchstens {max}. Teilen Sie ihn auf mehrere Rechnungen auf.',
    'amt.sellerTaxNumber': 'keine gültige ungarische Steuernummer: die Steuernummer Ihres Unternehmens so, wie die NAV sie vergeben hat (z. B. 12345676-2-41)',
  },
});
