import { InternalPage } from '../components/internal-page.tsx';

export default function Page() {
  return <InternalPage title="test-profile" description="Being built.">{null}</InternalPage>;
}
