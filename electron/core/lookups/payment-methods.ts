import { FolioError } from '../../../shared/errors';
import { LANGS, PAYMENT_METHODS, type Lang } from '../../../shared/reference/payment-methods';

export function listPaymentMethods(lang: string) {
  if (!(LANGS as readonly string[]).includes(lang)) {
    throw new FolioError('validation_failed', 'Payment methods exist in hu, en and de', [{ field: 'lang', message: 'must be hu, en or de' }]);
  }
  const l = lang as Lang;
  return PAYMENT_METHODS.map((m) => ({
    id: String(m.id),
    attributes: { id: String(m.id), lang_code: l, name: m.names[l], advance_paid: (m.advancePaid ? '1' : '0') as '0' | '1' },
  }));
}
