// The outbox as the reminders in the core use it (electron/core/reminders/outbox-port.ts): their messages go in with
// purpose 'reminder', in the transaction the core opened for the step.
import type { ReminderOutbox } from '../core/reminders/outbox-port';
import { insertMessage } from './outbox';
import { mailDb } from './tables';

export function reminderOutbox(): ReminderOutbox {
  return {
    async put(trx, message, at) {
      return (await insertMessage(trx, { ...message, quote_id: null, purpose: 'reminder' }, at)).id;
    },
    async waiting(trx) {
      const rows = await mailDb(trx).selectFrom('mail_outbox').select('id').where('purpose', '=', 'reminder').where('state', '=', 'queued').execute();
      return rows.map((r) => r.id);
    },
    async takeBack(trx, id) {
      // 'queued' only: a message a worker has claimed ('sending') may be on the wire already
      const gone = await mailDb(trx).deleteFrom('mail_outbox').where('id', '=', id).where('state', '=', 'queued').executeTakeFirst();
      return Number(gone.numDeletedRows) === 1;
    },
    async states(db, ids) {
      const out = new Map<number, { state: 'queued' | 'sending' | 'sent' | 'failed'; sent_at: string | null }>();
      if (!ids.length) return out;
      const rows = await mailDb(db).selectFrom('mail_outbox').select(['id', 'state', 'sent_at']).where('id', 'in', ids).execute();
      for (const r of rows) out.set(r.id, { state: r.state, sent_at: r.sent_at });
      return out;
    },
  };
}
