import { isTeamRole, type Role } from '#core/users/roles.ts';
import { preloadable } from '#web/lib/preloadable.ts';

/** Each kind of account's profile in a module of its own: a driver loads no business tabs. */
export const driverProfile = preloadable(async () => ({
  default: (await import('./driver-profile.tsx')).DriverProfile,
}));
export const mechanicProfile = preloadable(async () => ({
  default: (await import('./mechanic-profile.tsx')).MechanicProfile,
}));
export const memberProfile = preloadable(async () => ({
  default: (await import('./member-profile.tsx')).MemberProfile,
}));

/** Loads the code of the profile a role sees. */
export const loadProfileOf = (role: Role): Promise<unknown> =>
  (isTeamRole(role) ? memberProfile : role === 'mechanic' ? mechanicProfile : driverProfile).load();

/** Loads the business creation form, which a mechanic without a business opens on. */
export const loadCreateBusiness = async () => {
  await mechanicProfile.load();
  await (await import('./mechanic-profile.tsx')).createBusinessCard.load();
};
