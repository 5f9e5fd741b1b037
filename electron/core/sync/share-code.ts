// The remote's side of a share code made on a device (PUT /sync/invoices/{id}/code): the device made the code and
// may already have given the link to a customer, so the remote takes that very code — it does not make its own — and
// from then on opens the invoice at /access/c:{code} like a code of its own. A revoked code (null) stops working
// here too. The latest device to set it wins, as for master data; a code another invoice holds is refused.
import type { ShareCodeInput } from '../../../shared/contract/sync';
import { FolioError, notFound, rule } from '../../../shared/errors';
import { INVOICE_TYPE } from '../../../shared/invoice-codes';
import { writeTransaction } from '../../db/transaction';
import type { CoreContext } from '../context';
import { deviceOrigin } from './device';

export function createShareCodeHandler(ctx: CoreContext) {
  return async function shareCode(input: ShareCodeInput): Promise<{ code: string | null }> {
    deviceOrigin();
    return writeTransaction(ctx.db, async (trx) => {
      const invoice = await trx.selectFrom('invoices').select(['id', 'type', 'sealed', 'share_code']).where('id', '=', input.id).executeTakeFirst();
      if (!invoice) throw notFound(`Invoice ${input.id}`);
      if (invoice.type === INVOICE_TYPE.draft || !invoice.sealed) throw rule('A draft cannot be shared; issue it first');
      if (invoice.share_code === input.code) return { code: input.code };
      if (input.code !== null) {
        const holder = await trx.selectFrom('invoices').select('id').where('share_code', '=', input.code).executeTakeFirst();
        if (holder) throw new FolioError('conflict', 'This share code already opens another invoice', [{ field: 'code', message: 'is already used' }]);
      }
      await trx.updateTable('invoices').set({ share_code: input.code }).where('id', '=', invoice.id).execute();
      return { code: input.code };
    });
  };
}
