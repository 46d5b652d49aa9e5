export const roles = ['driver', 'mechanic', 'admin'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  driver: 'Driver',
  mechanic: 'Mechanic',
  admin: 'Admin',
};
