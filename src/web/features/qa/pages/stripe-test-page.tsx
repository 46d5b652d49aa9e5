import { InternalPage } from '../components/internal-page.tsx';

export default function Page() {
  return <InternalPage title="stripe-test" description="Being built.">{null}</InternalPage>;
}
