// The roles as the UI names them, in the contract's order (owner first).
import { ROLES, type Role } from '../../../../shared/contract/areas/users';
import type { Option } from '../../../components/select-option';
import { t, type MessageKey } from '../../../lib/i18n/i18n.svelte';

export const roleLabel = (role: Role): string => t(`usr.role.${role}` as MessageKey);

export const roleOptions = (): Option[] => ROLES.map((r) => ({ value: r, label: roleLabel(r) }));
