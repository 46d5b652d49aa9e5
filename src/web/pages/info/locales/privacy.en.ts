export default {
  title: 'Privacy Policy',
  intro:
    'Truck Finder connects drivers who need roadside help with the mechanics, tire shops and tow operators who provide it. This page says what we keep about you, why, and what you can ask of us.',
  keepTitle: 'What we keep',
  keepAccount:
    'Your account: name, email, phone, username, role, and optional location, company, AAA member ID, CDL number and vehicles.',
  keepPassword: 'Your password only as an argon2id hash; nobody at Truck Finder can read it.',
  keepBookings: 'Bookings, reviews and notifications you create or receive.',
  keepProviders:
    'For providers: business details, license and insurance numbers (seen only by you and our verification team), and plan payments.',
  keepPosition:
    'Your position only while you use location features: to find providers near you, or, for a provider on a job, to show the driver where you are. It is not tracked in the background.',
  keepSignIns:
    'Sign-in records (time, address, browser) to keep your account safe and to stop password guessing.',
  whyTitle: 'Why',
  why: 'To run the service you asked for: find and book help, let the other side of a booking reach you, take payments, verify providers, and keep the marketplace honest. We do not sell personal data and we show no third-party advertising.',
  whoTitle: 'Who sees it',
  who: "When you book, the provider sees your name, phone, vehicle details and the location you give. The driver sees the provider's business details and, during a job, its live position. Card payments are processed by our payment provider; we never store card numbers.",
  choicesTitle: 'Your choices',
  choices:
    'You can correct your profile at any time, and ask us to export or delete your account by writing to <0>privacy@truckfinder.test</0>. We keep booking and payment records as long as tax law requires, then delete them.',
};
