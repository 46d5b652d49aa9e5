import { roleLabels, type Role } from '#core/users/roles.ts';
import { shownLabel, useSpanishLabels } from './i18n.ts';

/**
 * A role's label in the language in use, as `useLabel()('role', role)` gives it, without the
 * other lists' English tables: the account menu's badge shows on every signed-in page. (The
 * Spanish set is one table of every list, loaded with the language.)
 */
export function useRoleLabel(): (role: Role) => string {
  const labels = useSpanishLabels()?.role ?? roleLabels;
  return (role) => shownLabel(labels[role] ?? role);
}
