// The fake NAV of the nav-inbound benchmark in a process of its own, as NAV is a server of its own: Folio's process
// then pays only for its own side of each request. Holds `count` received invoices (originals over January 2025,
// one insertion instant apart) and prints its address; ends with its parent's stdin.
//   node --import tsx tests/bench/nav-inbound-fake.ts <count>
import { startFakeNav } from '../nav/fake-nav-server';
import { invoiceDataXml, yearOfInvoices } from '../nav/inbound-fixtures';

const count = Number(process.argv[2] ?? '1000');
const nav = await startFakeNav({ validateSchemas: false });
const docs = yearOfInvoices(Math.ceil(count * 1.3), 2025).filter((d) => d.operation === 'CREATE').slice(0, count);
docs.forEach((d, i) => nav.inbound.add(invoiceDataXml(d.invoice), new Date(Date.UTC(2025, 0, 2, 8, 0, 0, i)), { compress: d.compress }));
process.stdout.write(`NAV ${nav.baseUrl} ${docs.length}\n`);
process.stdin.resume();
process.stdin.on('end', () => void nav.close().then(() => process.exit(0)));
