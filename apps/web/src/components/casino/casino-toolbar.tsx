import type { Provider } from '@playhouse/shared/contracts/casino';
import type { Locale } from '@playhouse/shared/locales';
import { ProviderPicker } from './provider-picker';
import { SearchBox } from './search-box';
import styles from './casino-toolbar.module.css';

/** The row above a games grid: the provider picker and the search box. */
export function CasinoToolbar({
  lng,
  providers,
  activeSlug,
}: {
  lng: Locale;
  providers: Provider[];
  activeSlug: string | null;
}) {
  return (
    <div className={styles.toolbar}>
      <ProviderPicker providers={providers} activeSlug={activeSlug} />
      <SearchBox lng={lng} />
    </div>
  );
}
