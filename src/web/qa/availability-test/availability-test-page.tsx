import { InternalPage } from '../shared/internal-page.tsx';
import { ProviderChooser } from './provider-chooser.tsx';

export default function AvailabilityTestPage() {
  return (
    <InternalPage
      title="Availability Test"
      description="Changes a provider's status through the live API, times each answer and the provider-status event that announces it, and puts the original status back when you are done."
    >
      <ProviderChooser />
    </InternalPage>
  );
}
