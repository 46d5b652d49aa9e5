import { InternalPage } from '../components/internal-page.tsx';

export default function Page() {
  return <InternalPage title="complete-test-suite" description="Being built.">{null}</InternalPage>;
}
