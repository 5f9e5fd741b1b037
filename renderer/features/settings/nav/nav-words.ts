// The nav area's core answers in the UI's words: a check's reason code as a title and what to do, and a refused
// report's NAV code in plain words with what to do — Folio's own words for the common codes, else the core's
// description of the code (NAV's English where Folio has no Hungarian), and a general "what to do".
import type { NavCheckReason, NavRefusedReport, NavSystem } from '../../../../shared/contract/areas/nav';
import { i18n, t } from '../../../lib/i18n/i18n.svelte';

export const reasonTitle = (reason: NavCheckReason): string => t(`navs.reason.${reason}.title`);
export const reasonFix = (reason: NavCheckReason): string => t(`navs.reason.${reason}.fix`);
export const systemName = (system: NavSystem | 'other'): string => t(`navs.system.${system}`);

export function refusalWords(report: NavRefusedReport): { words: string; fix: string } {
  const code = report.error_code ?? '';
  const described = i18n.lang === 'hu' ? report.described.hu : report.described.en;
  return {
    words: i18n.tDynamic(`navs.code.${code}`, described),
    fix: i18n.tDynamic(`navs.fix.${code}`, t('navs.fix.generic')),
  };
}
