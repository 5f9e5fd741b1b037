// A second process for the two-workers test: opens the database file, runs its outbox worker until nothing is
// due, prints how many attempts it made. Usage: node --import tsx worker-child.ts <db file> <smtp port>
import { openDatabase } from '../../electron/db/open';
import { createMailer } from '../../electron/mail/index';
import { renderPdf, smtpSettings } from './helpers';

const [file, port] = process.argv.slice(2);
const opened = await openDatabase(file!);
const mailer = createMailer({ db: opened.db, pdf: renderPdf, transportOptions: smtpSettings(Number(port)) });
let attempts = 0;
for (let n = await mailer.runDue(); n > 0; n = await mailer.runDue()) attempts += n;
await opened.close();
console.log(JSON.stringify({ attempts }));
