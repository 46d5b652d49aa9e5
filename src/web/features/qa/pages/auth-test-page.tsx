import { InternalPage } from '../components/internal-page.tsx';

export default function Page() {
  return <InternalPage title="auth-test" description="Being built.">{null}</InternalPage>;
}
