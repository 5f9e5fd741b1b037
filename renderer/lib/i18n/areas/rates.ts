// The words of the invoice editor's exchange rate when the rate service cannot be reached (RateField.svelte), and the
// core's "rate unavailable" field message. A rate ("1 EUR = 390,84 Ft") is kept on one line with no-break spaces.
import { defineMessages } from '../define';

export const ratesMessages = defineMessages({
  hu: {
    'rate.offer': 'Nincs {source}-árfolyam a teljesítés napjára ({date}), mert az árfolyamszolgáltatás most nem érhető el. Használhatod a legutóbbi ismert árfolyamot: 1\u00a0{currency}\u00a0=\u00a0{rate}\u00a0Ft ({rateDate}), vagy írj be egy árfolyamot.',
    'rate.none': 'Nincs {source}-árfolyam a teljesítés napjára ({date}), mert az árfolyamszolgáltatás most nem érhető el, és ezen a gépen sincs korábbi. Írj be egy árfolyamot.',
    'rate.use': 'A legutóbbi árfolyam használata',
    'rate.confirmTitle': 'A legutóbbi ismert árfolyam',
    'rate.confirmText': 'A számla árfolyama 1\u00a0{currency}\u00a0=\u00a0{rate}\u00a0Ft lesz: az {source} legutóbbi ismert árfolyama (közölve: {rateDate}). A számlán megadott árfolyamként szerepel majd.',
    'rate.confirm': 'Ezt használom',
    'rate.fm.unavailable': 'nincs árfolyam a teljesítés napjára, és az árfolyamszolgáltatás nem érhető el',
    'rate.fm.notPublished': 'erre a napra nincs közzétett árfolyam ebben a pénznemben; add meg az árfolyamot',
  },
  en: {
    'rate.offer': 'There is no {source} rate for the delivery date ({date}) because the rate service cannot be reached now. You can use the latest known rate, 1\u00a0{currency}\u00a0=\u00a0{rate}\u00a0HUF ({rateDate}), or type a rate.',
    'rate.none': 'There is no {source} rate for the delivery date ({date}) because the rate service cannot be reached now, and none is saved on this computer. Type a rate.',
    'rate.use': 'Use the latest rate',
    'rate.confirmTitle': 'The latest known rate',
    'rate.confirmText': 'The invoice’s rate will be 1\u00a0{currency}\u00a0=\u00a0{rate}\u00a0HUF: the latest known {source} rate (published for {rateDate}). The invoice shows it as a given rate.',
    'rate.confirm': 'Use this rate',
    'rate.fm.unavailable': 'there is no rate for the delivery date and the rate service cannot be reached',
    'rate.fm.notPublished': 'no rate is published for this currency on this day; enter the rate',
  },
  de: {
    'rate.offer': 'Für das Leistungsdatum ({date}) gibt es keinen {source}-Kurs, weil der Kursdienst gerade nicht erreichbar ist. Sie können den letzten bekannten Kurs verwenden – 1\u00a0{currency}\u00a0=\u00a0{rate}\u00a0HUF ({rateDate}) – oder einen Kurs eingeben.',
    'rate.none': 'Für das Leistungsdatum ({date}) gibt es keinen {source}-Kurs, weil der Kursdienst gerade nicht erreichbar ist, und auf diesem Computer ist keiner gespeichert. Geben Sie einen Kurs ein.',
    'rate.use': 'Letzten Kurs verwenden',
    'rate.confirmTitle': 'Der letzte bekannte Kurs',
    'rate.confirmText': 'Der Kurs der Rechnung wird 1\u00a0{currency}\u00a0=\u00a0{rate}\u00a0HUF: der letzte bekannte {source}-Kurs (veröffentlicht für den {rateDate}). Die Rechnung führt ihn als angegebenen Kurs.',
    'rate.confirm': 'Diesen Kurs verwenden',
    'rate.fm.unavailable': 'für das Leistungsdatum gibt es keinen Kurs, und der Kursdienst ist nicht erreichbar',
    'rate.fm.notPublished': 'für diese Währung ist an diesem Tag kein Kurs veröffentlicht; geben Sie den Kurs ein',
  },
});
