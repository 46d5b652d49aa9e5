import type { OnboardingForm } from './onboarding-form-schema.ts';

export const emptyOnboardingForm: OnboardingForm = {
  firstName: '',
  lastName: '',
  dob: '',
  idNumber: '',
  routingNumber: '',
  accountNumber: '',
  tosAccepted: false,
};

/** Only the identity document is still due: the form asks for that alone. */
export const onlyDocumentDue = (currentlyDue: string[]) =>
  currentlyDue.length > 0 && currentlyDue.every((item) => item.endsWith('verification.document'));
