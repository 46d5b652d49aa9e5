export const roles = ['driver', 'mechanic', 'admin', 'dispatcher', 'technician'] as const;
export type Role = (typeof roles)[number];

/**
 * The roles an account is given at sign-up or by an admin. Dispatchers and technicians are
 * members of a business: only the owner's invitation makes one (docs/product.md, "Teams").
 */
export const assignableRoles = ['driver', 'mechanic', 'admin'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

export const teamRoles = ['dispatcher', 'technician'] as const;
export type TeamRole = (typeof teamRoles)[number];

export const isTeamRole = (role: Role): role is TeamRole =>
  (teamRoles as readonly Role[]).includes(role);

/** The roles that work for a business: its owner (a mechanic account) and its members. */
export const businessRoles = ['mechanic', ...teamRoles] as const;

export const roleLabels: Record<Role, string> = {
  driver: 'Driver',
  mechanic: 'Mechanic',
  admin: 'Admin',
  dispatcher: 'Dispatcher',
  technician: 'Technician',
};
