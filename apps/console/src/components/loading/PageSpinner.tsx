import { SPINNER_SIZES } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import styles from './PageSpinner.module.css';

/**
 * The console's medium spinner (spec 9: 60 px, thickness 4) over a whole page, drawn as MUI's
 * CircularProgress draws it but without MUI: it shows while the first chunks of a page load, in
 * the shell the sign-in page shares, which loads no MUI (issue 35).
 */
export function PageSpinner() {
  const { t } = useTranslation();
  const { size, thickness } = SPINNER_SIZES.medium;
  // MUI's geometry: a 44-unit view box, the thickness in its units.
  const box = 44;
  return (
    <div className={styles.page}>
      <span
        className={styles.spinner}
        role="progressbar"
        aria-label={t('common.loading')}
        style={{ width: size, height: size }}
      >
        <svg viewBox={`${box / 2} ${box / 2} ${box} ${box}`} aria-hidden="true">
          <circle cx={box} cy={box} r={(box - thickness) / 2} fill="none" strokeWidth={thickness} />
        </svg>
      </span>
    </div>
  );
}
