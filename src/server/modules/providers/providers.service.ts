import { usernameFromEmail } from '../../../core/auth/registration-forms.ts';
import { AppError } from '../../../core/errors.ts';
import type {
  CreateBusinessInput,
  Provider,
  ProviderApplication,
  UpdateBusinessInput,
  VerificationDecision,
} from '../../../core/providers/schemas.ts';
import type {
  ProviderDetails,
  ProviderResult,
  ProviderSearch,
} from '../../../core/providers/search.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { ProviderStatus } from '../../../core/providers/catalog.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { USER_EXISTS_MESSAGE } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { insertUser, userExists } from '../users/users.repository.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Executor } from '../../db/client.ts';
import { zipCentroidGeocoder, type Geocoder } from '../../geo/geocoder.ts';
import {
  findProviderByUser,
  insertProvider,
  setProviderStatus,
  updateProvider,
} from './providers.repository.ts';
import { findProviderById, recentReviews, searchProviders } from './search.repository.ts';

const UNKNOWN_ZIP = 'We could not find this ZIP code; check it or drop a pin on the map';

export function createProvidersService(
  db: Database,
  events: EventBus,
  geocoder: Geocoder = zipCentroidGeocoder,
) {
  /** The pin if one was dropped, else the ZIP code's centre; 400 for a ZIP code we cannot place. */
  function place(input: { latitude?: number; longitude?: number; zipCode?: string }) {
    if (input.latitude !== undefined && input.longitude !== undefined)
      return { latitude: input.latitude, longitude: input.longitude };
    if (input.zipCode === undefined) return {};
    const found = geocoder.locate({ zipCode: input.zipCode });
    if (!found) throw new AppError('bad_request', UNKNOWN_ZIP, { zipCode: UNKNOWN_ZIP });
    return found;
  }

  /** Search pages refresh a provider whose place, services or status changed. */
  const announce = (exec: Executor, provider: Provider) =>
    events.publish(
      exec,
      { everyone: true },
      {
        type: 'provider-status',
        data: {
          id: provider.id,
          status: provider.status,
          rating: provider.rating,
          reviewCount: provider.reviewCount,
        },
      },
    );

  /** The provider, if the caller owns it or is an admin; 404 when missing, 403 for others. */
  async function ownedBy(user: PublicUser, id: string): Promise<Provider> {
    const provider = await findProviderById(db, id);
    if (!provider) throw new AppError('not_found', 'No service provider found');
    if (user.role !== 'admin' && provider.userId !== user.id)
      throw new AppError('forbidden', 'You can only change your own business');
    return provider;
  }

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

    /** Available, busy, en route or offline in one tap; open search pages hear it at once. */
    async setStatus(user: PublicUser, id: string, status: ProviderStatus): Promise<Provider> {
      await ownedBy(user, id);
      return db.transaction(async (tx) => {
        const updated = (await setProviderStatus(tx, id, status))!;
        await announce(tx, updated);
        return updated;
      });
    },

    /** Checks the caller may change this provider's photo (before any upload is read). */
    photoTarget: (user: PublicUser, id: string) => ownedBy(user, id),

    async setPhoto(id: string, url: string): Promise<Provider> {
      return db.transaction(async (tx) => {
        const updated = (await updateProvider(tx, id, { profileImage: url }))!;
        await announce(tx, updated);
        return updated;
      });
    },

    /** An admin's decision on a business: approved ones appear in search; the owner is told. */
    async decide(id: string, decision: VerificationDecision): Promise<Provider> {
      const provider = await findProviderById(db, id);
      if (!provider) throw new AppError('not_found', 'No service provider found');
      return db.transaction(async (tx) => {
        const updated = (await updateProvider(tx, id, {
          verification: decision.verification,
          verificationReason: decision.reason || null,
          verifiedAt: decision.verification === 'approved' ? new Date() : null,
        }))!;
        const approved = decision.verification === 'approved';
        const [notification] = await insertNotifications(tx, [
          {
            userId: provider.userId,
            type: 'account_update',
            title: approved ? 'Business approved' : 'Business not approved',
            message: approved
              ? `${provider.businessName} is verified and now appears in driver searches.`
              : `${provider.businessName} was not approved${decision.reason ? `: ${decision.reason}` : '.'}`,
            metadata: { providerId: id },
          },
        ]);
        await events.publish(
          tx,
          { userIds: [provider.userId] },
          { type: 'notification', data: notification! },
        );
        await announce(tx, updated);
        return updated;
      });
    },

    /** The business of a user (any verification state): for its owner and admins. */
    async byUser(userId: string): Promise<Provider> {
      const provider = await findProviderByUser(db, userId);
      if (!provider) throw new AppError('not_found', 'No service provider found');
      return provider;
    },

    /** A mechanic who signed up without a business creates it; it awaits verification. */
    async createBusiness(user: PublicUser, input: CreateBusinessInput): Promise<Provider> {
      if (await findProviderByUser(db, user.id))
        throw new AppError('conflict', 'You already have a business profile');
      const { latitude: _lat, longitude: _lng, website, ...fields } = input;
      try {
        return await insertProvider(db, {
          ...fields,
          ...place(input),
          website: website || null,
          description: fields.description || null,
          userId: user.id,
          verification: 'pending',
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'You already have a business profile');
        throw error;
      }
    },

    /** The owner or an admin edits the business; a new address moves it on the map. */
    async updateBusiness(user: PublicUser, id: string, input: UpdateBusinessInput) {
      const current = await ownedBy(user, id);
      const { latitude: _lat, longitude: _lng, website, description, ...fields } = input;
      const moved =
        input.latitude !== undefined ||
        (input.zipCode !== undefined && input.zipCode !== current.zipCode);
      return db.transaction(async (tx) => {
        const updated = (await updateProvider(tx, id, {
          ...fields,
          ...(website !== undefined ? { website: website || null } : {}),
          ...(description !== undefined ? { description: description || null } : {}),
          ...(moved ? place(input) : {}),
        }))!;
        await announce(tx, updated);
        return updated;
      });
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
