// Every operation of the contract has a permission class, and the roles are what issue 20 says they are.
import { expect, test } from '@playwright/test';
import { operationNames } from '../../shared/contract/operations';
import { AUDITED_CLASSES, PERMISSIONS, ROLE_CLASSES, isAudited, mayCall, type PermissionClass } from '../../shared/contract/permissions';

const CLASSES: PermissionClass[] = ['read', 'invoicing', 'bookkeeping', 'settings', 'export', 'sync', 'admin'];

test('every operation has exactly one known permission class, and the table names no other operation', () => {
  for (const name of operationNames) expect(CLASSES, name).toContain(PERMISSIONS[name]);
  expect(Object.keys(PERMISSIONS).sort()).toEqual([...operationNames].sort());
});

test('owner may do everything; staff reads and invoices; the accountant reads and exports', () => {
  expect([...ROLE_CLASSES.owner].sort()).toEqual([...CLASSES].sort());
  expect([...ROLE_CLASSES.staff].sort()).toEqual(['invoicing', 'read', 'sync']);
  expect([...ROLE_CLASSES.accountant].sort()).toEqual(['export', 'read']);
  expect(mayCall('staff', 'invoices.create')).toBe(true);
  expect(mayCall('staff', 'settings.update')).toBe(false);
  expect(mayCall('staff', 'users.list')).toBe(false);
  expect(mayCall('accountant', 'invoices.list')).toBe(true);
  expect(mayCall('accountant', 'data.accountantStart')).toBe(true);
  expect(mayCall('accountant', 'clients.create')).toBe(false);
  expect(mayCall('accountant', 'audit.list')).toBe(false);
});

test('reads and exports are not audited; every class that changes something is', () => {
  expect([...AUDITED_CLASSES].sort()).toEqual(['admin', 'bookkeeping', 'invoicing', 'settings', 'sync']);
  expect(operationNames.filter((n) => n.startsWith('audit.'))).toEqual(['audit.list']);
  expect(PERMISSIONS['audit.list']).toBe('admin');
  // the owner's reads of users and the log are reads: reading the log does not write to it
  expect(isAudited('audit.list')).toBe(false);
  expect(isAudited('users.list')).toBe(false);
  expect(isAudited('users.createKey')).toBe(true);
  expect(isAudited('invoices.get')).toBe(false);
  expect(isAudited('reports.export')).toBe(false);
});
