/**
 * What drivers rely on to find and trust a verified business: a change of any of these goes back
 * to an admin, and the approved values stay in search until one decides.
 */
export const reviewedFields = [
  'businessName',
  'serviceType',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'latitude',
  'longitude',
  'website',
  'email',
  'description',
  'profileImage',
] as const;
export type ReviewedField = (typeof reviewedFields)[number];

export const reviewedFieldLabels: Record<ReviewedField, string> = {
  businessName: 'Business name',
  serviceType: 'Service type',
  phone: 'Phone',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  latitude: 'Map position',
  longitude: 'Map position',
  website: 'Website',
  email: 'Business email',
  description: 'Description',
  profileImage: 'Photo',
};
