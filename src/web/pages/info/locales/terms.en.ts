export default {
  title: 'Terms of Service',
  intro:
    'These terms apply when you use Truck Finder as a driver, as a service provider, or as a visitor.',
  serviceTitle: 'The service',
  service:
    "Truck Finder is a marketplace. Providers are independent businesses; the repair, tire or towing work is agreed between the driver and the provider. We verify each provider's business license and insurance before listing it, but we do not perform the work.",
  pricesTitle: 'Bookings and prices',
  pricesFees:
    "Each booking shows the provider's visit fee, a platform fee of 10 % of the visit fee, and the total before you confirm.",
  pricesExtra:
    "Work beyond the visit (parts, labor at the provider's hourly rate) is agreed with the provider on site.",
  pricesCancel:
    'You may cancel a booking while it is pending or confirmed. Once a job has started it can only be completed.',
  providersTitle: 'Providers',
  providersAccurate:
    'Keep your business details, prices and availability accurate, and your license and insurance valid.',
  providersPlans:
    'Plans are billed monthly by card and renew until cancelled; reminders are sent 7, 3 and 1 days before renewal.',
  fairUseTitle: 'Fair use',
  fairUse:
    "No false reviews, no bookings you do not intend to keep, no attempts to get at other people's data. We may suspend accounts that break these rules.",
  emergencyTitle: 'In an emergency',
  emergency:
    'If anyone is hurt or in danger, call 911 first. Truck Finder is not an emergency service.',
};
