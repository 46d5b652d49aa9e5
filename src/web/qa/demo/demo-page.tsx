import { InternalPage } from '../shared/internal-page.tsx';
import {
  AuthSection,
  OverviewSection,
  ProfileSection,
  ProvidersSection,
  SearchSection,
} from './demo-sections.tsx';

export default function DemoPage() {
  return (
    <InternalPage
      title="Platform Demo"
      description="A tour of Truck Finder on the live API: the marketplace's figures, signing in, providers, your profile and a search around Dallas."
    >
      <OverviewSection />
      <AuthSection />
      <ProvidersSection />
      <ProfileSection />
      <SearchSection />
    </InternalPage>
  );
}
