import { usernameFromEmail } from '../../../core/auth/registration-input.ts';
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
  ProviderFilters,
  ProviderSearch,
  ProviderSummary,
} from '../../../core/providers/search.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { ProviderStatus } from '../../../core/providers/catalog.ts';
import type { OwnProvider, PendingValues } from '../../../core/providers/pending-changes.ts';
import { reviewedFields } from '../../../core/providers/reviewed-fields.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  USER_EXISTS_MESSAGE,
  hashPassword,
  assertGuessResistant,
  refuseDemoAddress,
} from '../auth/index.ts';
import type { Localized, ServerText } from '../../i18n/index.ts';
import { insertNotifications } from '../notifications/index.ts';
import { findAdminIds, insertUser, userExists } from '../users/index.ts';
import type { IssueEmailLink } from '../contacts/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Executor, WithinChange } from '../../db/client.ts';
import { auditedChange, changedFields, isAdminActFor } from '../admin/index.ts';
import { zipCentroidGeocoder, type Geocoder } from '../../geo/geocoder.ts';
import {
  findPendingChanges,
  findProviderByUser,
  insertProvider,
  setProviderStatus,
  updateProvider,
  type NewProvider,
} from './providers.repository.ts';
import { recentReviews } from '../reviews/index.ts';
import type { UploadsService } from '../../storage/uploads.service.ts';
import { providerPhotoSlots } from './provider-photo-slots.ts';
import {
  findProviderById,
  isListed,
  searchCardsJson,
  searchProviders,
  summarizeProviders,
  type SearchPage,
  type SearchPageJson,
} from './search.repository.ts';

const UNKNOWN_ZIP = 'We could not find this ZIP code; check it or drop a pin on the map';

/**
 * Splits an owner's edit of a verified business: reviewed fields that differ from the live values
 * join the changes awaiting review (a value set back to the live one leaves them); the rest apply.
 */
export function splitReviewed(
  live: Provider,
  changes: Record<string, unknown>,
  waiting: PendingValues,
  pinned: boolean,
): { apply: Record<string, unknown>; pending: PendingValues | null } {
  const apply = { ...changes };
  const pending: Record<string, unknown> = { ...waiting };
  for (const field of reviewedFields) {
    if (changes[field] === undefined) continue;
    delete apply[field];
    if (changes[field] === live[field]) delete pending[field];
    else pending[field] = changes[field];
  }
  // A ZIP code set back drops the position it brought, unless a pin came with this edit.
  if ('zipCode' in waiting && !('zipCode' in pending) && !pinned) {
    delete pending.latitude;
    delete pending.longitude;
  }
  return {
    apply,
    pending: Object.keys(pending).length > 0 ? (pending as PendingValues) : null,
  };
}

/** The uploads a decision on a waiting photo settles (storage/uploads.service.ts). */
export type PhotoFiles = Pick<UploadsService, 'settleWaiting' | 'remove'>;

export function createProvidersService(
  db: Database,
  events: EventBus,
  geocoder: Geocoder = zipCentroidGeocoder,
  photos: PhotoFiles | undefined,
  /** Mails the link that confirms a new applicant's email (the contacts module). */
  issueEmailLink: IssueEmailLink,
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

  /**
   * The one way a provider's status changes (the availability switch and the business edit):
   * saved, then every open search page hears it.
   */
  async function saveStatus(exec: Executor, id: string, status: ProviderStatus) {
    const updated = (await setProviderStatus(exec, id, status))!;
    await announce(exec, updated);
    return updated;
  }

  /**
   * Every admin hears of a business newly waiting for review: a new one to approve, or a verified
   * one's changes (each time its list of waiting changes starts, not at every further edit).
   */
  async function tellAdmins(
    exec: Executor,
    provider: { id: string; businessName: string },
    changes: boolean,
  ) {
    const admins = await findAdminIds(exec);
    const stored = await insertNotifications(
      exec,
      admins.map((userId) => ({
        userId,
        type: 'account_update' as const,
        title: ({ t }: ServerText) =>
          t(changes ? 'businessChangesToReview' : 'newProviderApplication'),
        message: ({ t }: ServerText) =>
          t(changes ? 'businessChangesToReviewMessage' : 'newProviderApplicationMessage', {
            business: provider.businessName,
          }),
        metadata: {
          providerId: provider.id,
          category: 'account' as const,
          kind: 'provider_application' as const,
        },
      })),
    );
    for (const [i, notification] of stored.entries())
      await events.publish(
        exec,
        { userIds: [admins[i]!] },
        { type: 'notification', data: notification },
      );
  }

  /** The provider, if the caller owns it or is an admin; 404 when missing, 403 for others. */
  async function ownedBy(user: PublicUser, id: string): Promise<Provider> {
    const provider = await findProviderById(db, id);
    if (!provider) throw new AppError('not_found', 'No service provider found');
    if (user.role !== 'admin' && provider.userId !== user.id)
      throw new AppError('forbidden', 'You can only change your own business');
    return provider;
  }

  /** The owner's view: the business with its changes awaiting review. */
  const withPending = async (exec: Executor, provider: Provider): Promise<OwnProvider> => ({
    ...provider,
    pendingChanges: await findPendingChanges(exec, provider.id),
  });

  return {
    /**
     * One page of the list, and where the next one starts: list items as the database wrote their
     * JSON, whole providers (`fields=full`) as values.
     */
    search(search: ProviderSearch, from: Executor = db): Promise<SearchPage | SearchPageJson> {
      return search.fields === 'full'
        ? searchProviders(from, search)
        : searchCardsJson(from, search);
    },

    /** The counts over every page of a search: total, available, per service type, AAA. */
    summary(filters: ProviderFilters, from: Executor = db): Promise<ProviderSummary> {
      return summarizeProviders(from, filters);
    },

    /**
     * Anyone sees an approved provider; an unapproved one only its owner and admins. `from`: a
     * read replica for these three reads (app.reads), the primary by default.
     */
    async details(
      id: string,
      viewer: PublicUser | null,
      from: Executor = db,
    ): Promise<ProviderDetails> {
      const provider = await findProviderById(from, id);
      const visible =
        provider &&
        (viewer?.role === 'admin' ||
          viewer?.id === provider.userId ||
          (await isListed(from, provider.id)));
      if (!provider || !visible) throw new AppError('not_found', 'No provider found');
      return { ...provider, reviews: await recentReviews(from, id) };
    },

    /** A mechanic account and its business in one transaction; listed only once an admin approves. */
    async apply(input: ProviderApplication): Promise<{ user: PublicUser; provider: Provider }> {
      const username = usernameFromEmail(input.email);
      await refuseDemoAddress(db, input.email);
      await assertGuessResistant(input.password, { ...input, name: input.contactName, username });
      // Hashed before the check, so a taken email answers no sooner than a new one.
      const passwordHash = await hashPassword(input.password);
      if (await userExists(db, input.email, username))
        throw new AppError('conflict', USER_EXISTS_MESSAGE);
      try {
        const applied = await db.transaction(async (tx) => {
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
          await tellAdmins(tx, provider, false);
          return { user, provider, sendLink: await issueEmailLink(tx, user) };
        });
        applied.sendLink();
        return { user: applied.user, provider: applied.provider };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', USER_EXISTS_MESSAGE);
        throw error;
      }
    },

    /** Available, busy, en route or offline in one tap; open search pages hear it at once. */
    async setStatus(
      user: PublicUser,
      id: string,
      status: ProviderStatus,
      within?: WithinChange<Provider>,
    ): Promise<Provider> {
      const before = await ownedBy(user, id);
      const audit =
        within ??
        (isAdminActFor(user, before.userId)
          ? auditedChange<Provider>(user, 'provider.status', 'provider', ['status'])
          : undefined);
      return db.transaction(async (tx) => {
        const updated = await saveStatus(tx, id, status);
        await audit?.(tx, before, updated);
        return updated;
      });
    },

    /**
     * Checks the caller may change this provider's photo (before any upload is read) and answers
     * the upload slot it fills: the owner's new photo of a verified business waits for review.
     */
    async photoTarget(user: PublicUser, id: string) {
      const provider = await ownedBy(user, id);
      const slots = providerPhotoSlots(provider.id);
      const reviewed = user.role !== 'admin' && provider.verification === 'approved';
      return { provider, reviewed, slot: reviewed ? slots.waiting : slots.live };
    },

    /**
     * Points the business to its new photo, or, when `reviewed`, adds it to the changes awaiting
     * review while drivers keep seeing the approved one. `within` runs in the same transaction
     * (the upload's bookkeeping).
     */
    async setPhoto(
      actor: PublicUser,
      target: { provider: Provider; reviewed: boolean },
      url: string,
      within?: (tx: Executor) => Promise<void>,
    ): Promise<OwnProvider> {
      const id = target.provider.id;
      return db.transaction(async (tx) => {
        if (target.reviewed) {
          const waiting = await findPendingChanges(tx, id);
          const updated = (await updateProvider(tx, id, {
            pendingChanges: { ...waiting?.values, profileImage: url },
            pendingSince: waiting ? new Date(waiting.since) : new Date(),
          }))!;
          await within?.(tx);
          if (!waiting) await tellAdmins(tx, updated, true);
          return withPending(tx, updated);
        }
        const before = target.provider;
        const updated = (await updateProvider(tx, id, { profileImage: url }))!;
        await within?.(tx);
        if (isAdminActFor(actor, before.userId))
          await auditedChange<Provider>(actor, 'provider.update', 'provider', ['profileImage'])(
            tx,
            before,
            updated,
          );
        await announce(tx, updated);
        return withPending(tx, updated);
      });
    },

    /**
     * An admin's decision on a business: approved ones appear in search; the owner is told. For a
     * verified business with changes awaiting review, the decision is on those changes: approving
     * makes them live, rejecting discards them and the business stays listed as it was.
     */
    async decide(
      id: string,
      decision: VerificationDecision,
      within?: WithinChange<OwnProvider>,
    ): Promise<OwnProvider> {
      const found = await findProviderById(db, id);
      if (!found) throw new AppError('not_found', 'No service provider found');
      const provider = await withPending(db, found);
      const approved = decision.verification === 'approved';
      const review = provider.verification === 'approved' ? provider.pendingChanges : null;
      const photo = review?.values.profileImage !== undefined;
      let unusedPhoto: string | null = null;
      const after = await db.transaction(async (tx) => {
        if (photo && photos)
          unusedPhoto = await photos.settleWaiting(tx, providerPhotoSlots(id), approved);
        const updated = (await updateProvider(
          tx,
          id,
          review
            ? {
                ...(approved ? { ...review.values, verifiedAt: new Date() } : {}),
                pendingChanges: null,
                pendingSince: null,
              }
            : {
                verification: decision.verification,
                verificationReason: decision.reason || null,
                verifiedAt: approved ? new Date() : null,
              },
        ))!;
        const after: OwnProvider = { ...updated, pendingChanges: null };
        const [notification] = await insertNotifications(tx, [
          {
            userId: provider.userId,
            type: 'account_update',
            ...decisionNotice(provider.businessName, approved, Boolean(review), decision.reason),
            metadata: { providerId: id, category: 'account' },
          },
        ]);
        await events.publish(
          tx,
          { userIds: [provider.userId] },
          { type: 'notification', data: notification! },
        );
        await announce(tx, updated);
        await within?.(tx, provider, after);
        return after;
      });
      if (unusedPhoto) await photos?.remove(unusedPhoto);
      return after;
    },

    /** The business of a user (any verification state): for its owner and admins. */
    async byUser(userId: string): Promise<OwnProvider> {
      const provider = await findProviderByUser(db, userId);
      if (!provider) throw new AppError('not_found', 'No service provider found');
      return withPending(db, provider);
    },

    /**
     * A mechanic who signed up without a business creates it; it awaits verification. The
     * business is always the caller's: a body naming another user is refused.
     */
    async createBusiness(user: PublicUser, input: CreateBusinessInput): Promise<Provider> {
      if (input.userId !== undefined && input.userId !== user.id)
        throw new AppError('forbidden', 'You can only create a business for your own account');
      if (await findProviderByUser(db, user.id))
        throw new AppError('conflict', 'You already have a business profile');
      const { userId: _userId, latitude: _lat, longitude: _lng, website, ...fields } = input;
      try {
        return await db.transaction(async (tx) => {
          const provider = await insertProvider(tx, {
            ...fields,
            ...place(input),
            website: website || null,
            description: fields.description || null,
            userId: user.id,
            verification: 'pending',
          });
          await tellAdmins(tx, provider, false);
          return provider;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'You already have a business profile');
        throw error;
      }
    },

    /**
     * The owner or an admin edits the business; a new address moves it on the map. A status
     * among the changes goes through the availability switch's path. An owner's change of a
     * reviewed field of a verified business waits for an admin (splitReviewed).
     */
    async updateBusiness(
      user: PublicUser,
      id: string,
      input: UpdateBusinessInput,
    ): Promise<OwnProvider> {
      const current = await ownedBy(user, id);
      const { latitude: _lat, longitude: _lng, website, description, status, ...fields } = input;
      const moved =
        input.latitude !== undefined ||
        (input.zipCode !== undefined && input.zipCode !== current.zipCode);
      let changes: Record<string, unknown> = {
        ...fields,
        ...(website !== undefined ? { website: website || null } : {}),
        ...(description !== undefined ? { description: description || null } : {}),
        ...(moved ? place(input) : {}),
      };
      const reviewed = user.role !== 'admin' && current.verification === 'approved';
      let review: Partial<NewProvider> = {};
      let newlyWaiting = false;
      if (reviewed) {
        const waiting = await findPendingChanges(db, id);
        const split = splitReviewed(
          current,
          changes,
          waiting?.values ?? {},
          input.latitude !== undefined,
        );
        changes = split.apply;
        review = {
          pendingChanges: split.pending,
          pendingSince: split.pending ? (waiting ? new Date(waiting.since) : new Date()) : null,
        };
        newlyWaiting = !waiting && split.pending !== null;
      }
      return db.transaction(async (tx) => {
        let updated = (await updateProvider(tx, id, {
          ...(changes as Partial<NewProvider>),
          ...review,
        }))!;
        if (status !== undefined) updated = await saveStatus(tx, id, status);
        else await announce(tx, updated);
        if (newlyWaiting) await tellAdmins(tx, updated, true);
        // An admin's edit of someone's business: the changed fields before and after.
        if (isAdminActFor(user, current.userId)) {
          const fields = changedFields(current, updated, Object.keys(changes).concat('status'));
          if (fields.length > 0)
            await auditedChange<Provider>(
              user,
              'provider.update',
              'provider',
              fields,
            )(tx, current, updated);
        }
        return withPending(tx, updated);
      });
    },
  };
}

/** What the owner reads about a decision on their business or on its changes. */
function decisionNotice(
  name: string,
  approved: boolean,
  changes: boolean,
  reason: string | undefined,
): { title: Localized; message: Localized } {
  const why = reason ? `: ${reason}` : '.';
  const business = name;
  if (changes) {
    const sentence = reason ? `: ${reason.replace(/[.!]+$/, '')}.` : '.';
    return approved
      ? {
          title: ({ t }) => t('businessChangesApproved'),
          message: ({ t }) => t('businessChangesApprovedMessage', { business }),
        }
      : {
          title: ({ t }) => t('businessChangesNotApproved'),
          message: ({ t }) => t('businessChangesNotApprovedMessage', { business, why: sentence }),
        };
  }
  return approved
    ? {
        title: ({ t }) => t('businessApproved'),
        message: ({ t }) => t('businessApprovedMessage', { business }),
      }
    : {
        title: ({ t }) => t('businessNotApproved'),
        message: ({ t }) => t('businessNotApprovedMessage', { business, why }),
      };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
