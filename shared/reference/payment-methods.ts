// Payment methods of the interface (ids and English names are fixed: plugins match on them; id 3 does not exist).
export type Lang = 'hu' | 'en' | 'de';
export const LANGS: readonly Lang[] = ['hu', 'en', 'de'];

export interface PaymentMethodDef {
  id: number;
  advancePaid: boolean;
  names: Record<Lang, string>;
  /**
   * How a document prints the name where it differs from the interface's: `names` are matched by plugins and
   * answered by /payment_methods as they always were ("Wiretransfer"), a reader gets the words ("Wire transfer").
   */
  printed?: Partial<Record<Lang, string>>;
}

export const PAYMENT_METHODS: readonly PaymentMethodDef[] = [
  { id: 1, advancePaid: true, names: { en: 'Cash', hu: 'Készpénz', de: 'Barzahlung' } },
  { id: 2, advancePaid: false, names: { en: 'Wiretransfer', hu: 'Átutalás', de: 'Überweisung' }, printed: { en: 'Wire transfer' } },
  { id: 4, advancePaid: false, names: { en: 'Cash on Delivery', hu: 'Utánvét', de: 'Nachnahme' } },
  { id: 5, advancePaid: true, names: { en: 'Bankcard', hu: 'Bankkártya', de: 'Bankkarte' } },
  { id: 6, advancePaid: false, names: { en: 'SZEP card', hu: 'SZÉP kártya', de: 'SZÉP-Karte' } },
  { id: 7, advancePaid: false, names: { en: 'PayPal', hu: 'PayPal', de: 'PayPal' } },
  { id: 8, advancePaid: false, names: { en: 'Postal check', hu: 'Postai csekk', de: 'Postanweisung' } },
  { id: 9, advancePaid: true, names: { en: 'Compensation', hu: 'Kompenzáció', de: 'Verrechnung' } },
  {
    id: 10,
    advancePaid: false,
    names: { en: 'Health insurance card', hu: 'Egészségpénztári kártya', de: 'Gesundheitskassenkarte' },
  },
  { id: 11, advancePaid: true, names: { en: 'Coupon', hu: 'Kupon', de: 'Coupon' } },
  { id: 12, advancePaid: true, names: { en: 'Voucher', hu: 'Utalvány', de: 'Gutschein' } },
];

export function findPaymentMethod(id: number): PaymentMethodDef | undefined {
  return PAYMENT_METHODS.find((m) => m.id === id);
}

/** The name a document prints in `lang`: the printed form where there is one, else the interface's name. */
export function printedPaymentMethodName(method: PaymentMethodDef, lang: Lang): string {
  return method.printed?.[lang] ?? method.names[lang];
}
