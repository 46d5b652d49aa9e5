import { InternalPage } from '../components/internal-page.tsx';

export default function Page() {
  return <InternalPage title="demo" description="Being built.">{null}</InternalPage>;
}
