// The supplier's identifiers as its e-invoice gave them, each by its business term of EN 16931: BT-31 the VAT
// identifier (spaces taken out, nothing else changed), BT-32 the tax registration (a German Steuernummer, a
// Hungarian adószám: as written), BT-30 the legal registration with its scheme, and BT-29's seller identifiers with
// theirs (JSON, a list). `supplier_taxcode` stays the one number Folio books by (a Hungarian supplier's full tax
// number, else the VAT id); these keep what the file said beside it. Empty for expenses typed in. Frozen in time
// like every migration.
import type { Kysely } from 'kysely';

const COLUMNS = ['supplier_vat_id', 'supplier_tax_registration', 'supplier_legal_registration', 'supplier_legal_registration_scheme'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const c of COLUMNS) await db.schema.alterTable('expenses').addColumn(c, 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('expenses').addColumn('supplier_identifiers', 'text', (col) => col.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['supplier_identifiers', ...COLUMNS].reverse()) await db.schema.alterTable('expenses').dropColumn(c).execute();
}
