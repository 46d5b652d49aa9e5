export const serviceTypes = ['mobile_mechanic', 'tire_shop', 'towing'] as const;
export type ServiceType = (typeof serviceTypes)[number];

export const serviceTypeLabels: Record<ServiceType, string> = {
  mobile_mechanic: 'Mobile Mechanic',
  tire_shop: 'Tire Service',
  towing: 'Towing Service',
};

/** The services a driver can book, by the provider's type (as specified). */
export function serviceOptionsFor(type: ServiceType): readonly string[] {
  return type === 'mobile_mechanic'
    ? ['Engine Diagnostics', 'Brake Repair', 'Transmission Service', 'Emergency Service']
    : ['Tire Replacement', 'Tire Repair', 'Wheel Alignment', 'Road Service'];
}

export const providerStatuses = ['available', 'busy', 'enroute', 'offline'] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
