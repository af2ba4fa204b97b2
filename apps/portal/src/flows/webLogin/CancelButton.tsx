import { useI18n } from '../../lib/i18n/I18nProvider';
import { Refusal } from './Refusal';
import type { SignInFlowApi } from './useSignIn';
import { useSubmit } from './useSubmit';

/** Cancel: the member's own sign-in, so no confirmation; the application hears it was aborted. */
export function CancelButton({ flow }: { flow: SignInFlowApi }) {
  const { d } = useI18n();
  const submit = useSubmit();
  return (
    <div className="cancel">
      <Refusal error={submit.error} onRetry={submit.again} />
      <button type="button" className="btn btn-secondary" disabled={submit.busy} onClick={() => submit.run(flow.abort)}>
        {d.signin.cancel}
      </button>
    </div>
  );
}
