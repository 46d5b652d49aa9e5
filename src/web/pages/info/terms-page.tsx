import { ContentPage } from './content-page.tsx';

export default function TermsPage() {
  return (
    <ContentPage title="Terms of Service" updated="November 22, 2026">
      <p>
        These terms apply when you use Truck Finder as a driver, as a service provider, or as a
        visitor.
      </p>
      <h2>The service</h2>
      <p>
        Truck Finder is a marketplace. Providers are independent businesses; the repair, tire or
        towing work is agreed between the driver and the provider. We verify each provider&apos;s
        business license and insurance before listing it, but we do not perform the work.
      </p>
      <h2>Bookings and prices</h2>
      <ul>
        <li>
          Each booking shows the provider&apos;s visit fee, a platform fee of 10 % of the visit fee,
          and the total before you confirm.
        </li>
        <li>
          Work beyond the visit (parts, labor at the provider&apos;s hourly rate) is agreed with the
          provider on site.
        </li>
        <li>
          You may cancel a booking while it is pending or confirmed. Once a job has started it can
          only be completed.
        </li>
      </ul>
      <h2>Providers</h2>
      <ul>
        <li>
          Keep your business details, prices and availability accurate, and your license and
          insurance valid.
        </li>
        <li>
          Plans are billed monthly by card and renew until cancelled; reminders are sent 7, 3 and 1
          days before renewal.
        </li>
      </ul>
      <h2>Fair use</h2>
      <p>
        No false reviews, no bookings you do not intend to keep, no attempts to get at other
        people&apos;s data. We may suspend accounts that break these rules.
      </p>
      <h2>In an emergency</h2>
      <p>
        If anyone is hurt or in danger, call 911 first. Truck Finder is not an emergency service.
      </p>
    </ContentPage>
  );
}
