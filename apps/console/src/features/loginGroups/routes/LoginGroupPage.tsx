import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';

/** Credentials of a login group; the header is hidden, so the page carries title and back button. */
export default function LoginGroupPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('routes.loginGroups')} backTo="/login-groups" />;
}
