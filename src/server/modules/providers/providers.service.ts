import { usernameFromEmail } from '../../../core/auth/registration-forms.ts';
import { AppError } from '../../../core/errors.ts';
import type { Provider, ProviderApplication } from '../../../core/providers/schemas.ts';
import type {
  ProviderDetails,
  ProviderResult,
  ProviderSearch,
} from '../../../core/providers/search.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { USER_EXISTS_MESSAGE } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser, userExists } from '../users/users.repository.ts';
import { insertProvider } from './providers.repository.ts';
import { findProviderById, recentReviews, searchProviders } from './search.repository.ts';

export function createProvidersService(db: Database) {
  return {
    search(search: ProviderSearch): Promise<ProviderResult[]> {
      return searchProviders(db, search);
    },

    /** Anyone sees an approved provider; an unapproved one only its owner and admins. */
    async details(id: string, viewer: PublicUser | null): Promise<ProviderDetails> {
      const provider = await findProviderById(db, id);
      const visible =
        provider &&
        (provider.verification === 'approved' ||
          viewer?.role === 'admin' ||
          viewer?.id === provider.userId);
      if (!provider || !visible) throw new AppError('not_found', 'No provider found');
      return { ...provider, reviews: await recentReviews(db, id) };
    },

    /** A mechanic account and its business in one transaction; listed only once an admin approves. */
    async apply(input: ProviderApplication): Promise<{ user: PublicUser; provider: Provider }> {
      const username = usernameFromEmail(input.email);
      if (await userExists(db, input.email, username))
        throw new AppError('conflict', USER_EXISTS_MESSAGE);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            username,
            email: input.email,
            passwordHash,
            role: 'mechanic',
            name: input.contactName,
            phone: input.phone,
            location: `${input.city}, ${input.state}`,
          });
          const provider = await insertProvider(tx, {
            userId: user.id,
            businessName: input.businessName,
            serviceType: input.serviceType,
            description: input.description || null,
            address: input.businessAddress,
            city: input.city,
            state: input.state,
            zipCode: input.zipCode,
            phone: input.phone,
            email: input.email,
            visitFee: input.visitFee,
            hourlyRate: input.hourlyRate,
            specialties: input.specialties,
            is24Hour: input.is24Hour,
            acceptsAAA: input.acceptsAAA,
            licenseNumber: input.licenseNumber,
            insurancePolicy: input.insurancePolicy,
            verification: 'pending',
          });
          return { user, provider };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', USER_EXISTS_MESSAGE);
        throw error;
      }
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
