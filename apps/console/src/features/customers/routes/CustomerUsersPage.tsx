import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';

/** Manager users of one customer; the header is hidden, so the page carries title and back button. */
export default function CustomerUsersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const name = params.get('name');
  const title = name ? `${t('routes.userManagement')}: ${name}` : t('routes.userManagement');
  return <PageHeader title={title} backTo="/customer-view" />;
}
