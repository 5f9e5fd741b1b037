// Folio payment method ids → NAV PaymentMethodType. NAV's CARD covers "debit card, credit card, other cash-substitute
// payment instrument" and VOUCHER "voucher, bill of exchange, other non-cash instrument"; the rest is OTHER.

export type NavPaymentMethod = 'TRANSFER' | 'CASH' | 'CARD' | 'VOUCHER' | 'OTHER';

const BY_ID: Record<number, NavPaymentMethod> = {
  1: 'CASH', // Cash
  2: 'TRANSFER', // Wiretransfer
  4: 'CASH', // Cash on Delivery: the courier collects cash
  5: 'CARD', // Bankcard
  6: 'CARD', // SZÉP card: an electronic cash-substitute card paid at a card terminal
  7: 'OTHER', // PayPal: an e-money account, neither card nor transfer
  8: 'OTHER', // Postal check (postai csekk): cash paid in at the post office, neither cash to us nor a bank transfer
  9: 'OTHER', // Compensation (offset of mutual debts)
  10: 'CARD', // Health insurance fund card (egészségpénztári kártya)
  11: 'VOUCHER', // Coupon
  12: 'VOUCHER', // Voucher
};

export function navPaymentMethod(id: number | null | undefined): NavPaymentMethod {
  return (id !== null && id !== undefined && BY_ID[id]) || 'OTHER';
}
