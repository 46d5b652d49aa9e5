import { InternalPage } from '../components/internal-page.tsx';

export default function Page() {
  return <InternalPage title="payment-test" description="Being built.">{null}</InternalPage>;
}
