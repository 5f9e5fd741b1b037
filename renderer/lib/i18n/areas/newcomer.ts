// Issue 36's words (a newcomer's day): the checks of account and community VAT numbers, advances not yet received,
// refunds of an overpayment, and the other field messages it made plain.
import { defineMessages } from '../define';

export const newcomerMessages = defineMessages({
  hu: {
    'nc.fm.ibanForm': 'nem IBAN (pl. HU42 1177 3016 1111 1018 0000 0000)',
    'nc.fm.ibanLength': 'nem IBAN: a(z) {country} IBAN {n} karakter hosszú',
    'nc.fm.ibanCheck': 'ilyen IBAN nem létezhet: az ellenőrző számjegyei nem stimmelnek (elgépelés?)',
    'nc.fm.ibanGiro': 'ilyen IBAN nem létezhet: a benne lévő bankszámlaszám ellenőrző számjegye hibás',
    'nc.fm.giroForm': 'nem magyar bankszámlaszám (12345678-12345678 vagy 12345678-12345678-12345678)',
    'nc.fm.giroCheck': 'ilyen bankszámlaszám nem létezhet: az ellenőrző számjegye hibás (elgépelés?)',
    'nc.fm.giroIban': 'nem az IBAN-ban szereplő számla ({account})',
    'nc.fm.vatOther': 'nem a(z) {taxcode} adószámhoz tartozó közösségi adószám (az: {own})',
    'nc.fm.vatForm': 'nem magyar közösségi adószám (HU és az adószám első 8 számjegye, pl. HU12345676)',
    'nc.fm.vatCheck': 'ilyen közösségi adószám nem létezhet: az ellenőrző számjegye hibás',
  },
  en: {
    'nc.fm.ibanForm': 'is not an IBAN (e.g. HU42 1177 3016 1111 1018 0000 0000)',
    'nc.fm.ibanLength': 'is not an IBAN: a {country} IBAN has {n} characters',
    'nc.fm.ibanCheck': 'cannot be an IBAN: its check digits do not match (a typo?)',
    'nc.fm.ibanGiro': 'cannot be an IBAN: the account number in it fails its check digit',
    'nc.fm.giroForm': 'is not a Hungarian account number (12345678-12345678 or 12345678-12345678-12345678)',
    'nc.fm.giroCheck': 'cannot be an account number: its check digit does not match (a typo?)',
    'nc.fm.giroIban': 'is not the account in the IBAN ({account})',
    'nc.fm.vatOther': 'is not the EU VAT number of the tax number {taxcode} (that is {own})',
    'nc.fm.vatForm': 'is not a Hungarian EU VAT number (HU and the first 8 digits of the tax number, e.g. HU12345676)',
    'nc.fm.vatCheck': 'cannot be an EU VAT number: its check digit does not match',
  },
  de: {
    'nc.fm.ibanForm': 'ist keine IBAN (z. B. HU42 1177 3016 1111 1018 0000 0000)',
    'nc.fm.ibanLength': 'ist keine IBAN: eine IBAN aus {country} hat {n} Zeichen',
    'nc.fm.ibanCheck': 'kann keine IBAN sein: die Prüfziffern stimmen nicht (Tippfehler?)',
    'nc.fm.ibanGiro': 'kann keine IBAN sein: die Kontonummer darin hat eine falsche Prüfziffer',
    'nc.fm.giroForm': 'ist keine ungarische Kontonummer (12345678-12345678 oder 12345678-12345678-12345678)',
    'nc.fm.giroCheck': 'kann keine Kontonummer sein: die Prüfziffer stimmt nicht (Tippfehler?)',
    'nc.fm.giroIban': 'ist nicht das Konto der IBAN ({account})',
    'nc.fm.vatOther': 'ist nicht die USt-IdNr. der Steuernummer {taxcode} (diese ist {own})',
    'nc.fm.vatForm': 'ist keine ungarische USt-IdNr. (HU und die ersten 8 Ziffern der Steuernummer, z. B. HU12345676)',
    'nc.fm.vatCheck': 'kann keine USt-IdNr. sein: die Prüfziffer stimmt nicht',
  },
});
