// The VAT marking of a line (NAV VatRateType), from the line's Folio VAT code and legal reason (entitlement).
// The code's treatment decides the family; for exempt, out-of-scope and margin lines the entitlement (the item's,
// else the code's default — the same rule the PDF prints by, docs/design.md §8) decides NAV's case and the reason text.
import { Big } from '../../shared/money';
import type { InvoiceItem } from '../../shared/resources';
import { findEntitlement, type EntitlementDef } from '../../shared/reference/entitlements';
import { findVatCode } from '../../shared/reference/vat-codes';
import { NavDataError } from './errors';
import { rate, text } from './format';

export type NavVatRate =
  | { kind: 'vatPercentage'; percentage: string }
  | { kind: 'vatExemption'; case: string; reason: string }
  | { kind: 'vatOutOfScope'; case: string; reason: string }
  | { kind: 'vatDomesticReverseCharge' }
  | { kind: 'marginSchemeIndicator'; case: string };

/** OSS: another member state's VAT charged by the seller is outside the Hungarian VAT act (NAV case EUE). */
const OSS_ENTITLEMENT = 'EUE';

function reasonText(entitlement: EntitlementDef): string {
  // DetailedReasonType.reason is SimpleText200NotBlank; the Hungarian legal text is what the invoice prints.
  return text(entitlement.text.hu, 200) ?? entitlement.code;
}

function fromEntitlement(entitlement: EntitlementDef): NavVatRate {
  const nav = entitlement.nav;
  switch (nav.kind) {
    case 'exemption':
      return { kind: 'vatExemption', case: nav.case, reason: reasonText(entitlement) };
    case 'outOfScope':
      return { kind: 'vatOutOfScope', case: nav.case, reason: reasonText(entitlement) };
    case 'margin':
      return { kind: 'marginSchemeIndicator', case: nav.case };
  }
}

export function navVatRate(item: Pick<InvoiceItem, 'vat_id' | 'vat_rate' | 'entitlement'>, line: number): NavVatRate {
  const code = findVatCode(item.vat_id);
  if (!code) {
    // A code Folio no longer lists: an ordinary rate is still reportable from the rate the line carries.
    const value = new Big(item.vat_rate || '0');
    if (value.gt(0)) return { kind: 'vatPercentage', percentage: rate(value) };
    throw new NavDataError(`Line ${line}: unknown VAT code ${item.vat_id}`, `items.${line - 1}.vat_id`);
  }
  switch (code.treatment) {
    case 'rate':
      return { kind: 'vatPercentage', percentage: rate(new Big(item.vat_rate || code.value)) };
    case 'reverse_charge':
      return { kind: 'vatDomesticReverseCharge' };
    case 'foreign_rate': {
      const oss = findEntitlement(OSS_ENTITLEMENT)!;
      return fromEntitlement(oss);
    }
    case 'exempt':
    case 'out_of_scope':
    case 'margin': {
      const entitlement = findEntitlement(item.entitlement) ?? findEntitlement(code.defaultEntitlement);
      if (!entitlement) {
        throw new NavDataError(
          `Line ${line}: VAT code ${code.description} needs a legal reason (entitlement)`,
          `items.${line - 1}.entitlement`,
        );
      }
      return fromEntitlement(entitlement);
    }
  }
}

/** Only a percentage rate carries Hungarian VAT; every other marking must report none (NAV *_NORMAL checks). */
export function chargesVat(vatRate: NavVatRate): boolean {
  return vatRate.kind === 'vatPercentage';
}

/** Lines with equal keys are summed into one summaryByVatRate entry. */
export function vatRateKey(vatRate: NavVatRate): string {
  switch (vatRate.kind) {
    case 'vatPercentage':
      return `pct:${vatRate.percentage}`;
    case 'vatExemption':
    case 'vatOutOfScope':
      return `${vatRate.kind}:${vatRate.case}:${vatRate.reason}`;
    case 'vatDomesticReverseCharge':
      return 'rc';
    case 'marginSchemeIndicator':
      return `margin:${vatRate.case}`;
  }
}

/** The VatRateType element content, for lineVatRate and summaryByVatRate/vatRate alike. */
export function vatRateXml(vatRate: NavVatRate): Record<string, unknown> {
  switch (vatRate.kind) {
    case 'vatPercentage':
      return { vatPercentage: vatRate.percentage };
    case 'vatExemption':
      return { vatExemption: { case: vatRate.case, reason: vatRate.reason } };
    case 'vatOutOfScope':
      return { vatOutOfScope: { case: vatRate.case, reason: vatRate.reason } };
    case 'vatDomesticReverseCharge':
      return { vatDomesticReverseCharge: 'true' };
    case 'marginSchemeIndicator':
      return { marginSchemeIndicator: vatRate.case };
  }
}
