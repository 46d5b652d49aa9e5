import { useText } from '#web/lib/i18n.ts';
import { ContentPage } from './content-page.tsx';
import { termsText } from './terms-text.ts';

export default function TermsPage() {
  const t = useText(termsText);
  return (
    <ContentPage title={t('title')} updated="2026-11-22">
      <p>{t('intro')}</p>
      <h2>{t('serviceTitle')}</h2>
      <p>{t('service')}</p>
      <h2>{t('pricesTitle')}</h2>
      <ul>
        <li>{t('pricesFees')}</li>
        <li>{t('pricesExtra')}</li>
        <li>{t('pricesCancel')}</li>
      </ul>
      <h2>{t('providersTitle')}</h2>
      <ul>
        <li>{t('providersAccurate')}</li>
        <li>{t('providersPlans')}</li>
      </ul>
      <h2>{t('fairUseTitle')}</h2>
      <p>{t('fairUse')}</p>
      <h2>{t('emergencyTitle')}</h2>
      <p>{t('emergency')}</p>
    </ContentPage>
  );
}
