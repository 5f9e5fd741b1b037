// A delivery failure's reason code in the UI's words.
import type { MailFailureReason } from '../../../../shared/contract/areas/mail';
import { i18n, t } from '../../../lib/i18n/i18n.svelte';

export function reasonText(reason: MailFailureReason | null): string {
  return i18n.tDynamic(`mail.reason.${reason ?? 'other'}`, t('mail.reason.other'));
}
