import { T, useText } from '#web/lib/i18n.ts';
import { ContentPage } from './content-page.tsx';
import { privacyText } from './privacy-text.ts';

export default function PrivacyPage() {
  const t = useText(privacyText);
  return (
    <ContentPage title={t('title')} updated="2026-11-22">
      <p>{t('intro')}</p>
      <h2>{t('keepTitle')}</h2>
      <ul>
        <li>{t('keepAccount')}</li>
        <li>{t('keepPassword')}</li>
        <li>{t('keepBookings')}</li>
        <li>{t('keepProviders')}</li>
        <li>{t('keepPosition')}</li>
        <li>{t('keepSignIns')}</li>
      </ul>
      <h2>{t('whyTitle')}</h2>
      <p>{t('why')}</p>
      <h2>{t('whoTitle')}</h2>
      <p>{t('who')}</p>
      <h2>{t('choicesTitle')}</h2>
      <p>
        <T
          text={privacyText}
          id="choices"
          components={{ 0: <a href="mailto:privacy@truckfinder.test" /> }}
        />
      </p>
    </ContentPage>
  );
}
