/**
 * A customer's settings as the API keeps them, for the page tests of the settings area: GET
 * answers settings and validators, PATCH deep-merges like the server (the SMS token apart), and
 * the mail-template calls answer from the same settings.
 */
import {
  type CustomerSettings,
  deepMerge,
  defaultSettings,
  MAIL_TEMPLATE_NAMES,
  MAIL_TEMPLATES,
  type MailTemplateName,
  settingsValidators,
  type Validator,
} from '@portiere/contracts';
import type { ApiCall } from './fakeApi';
import { jsonResponse } from './renderApp';

export const BUILT_IN: Record<MailTemplateName, { subject: string; content: string }> = Object.fromEntries(
  MAIL_TEMPLATE_NAMES.map((name) => [
    name,
    { subject: `Built-in ${name}`, content: `Hello {first_name}, here is {${MAIL_TEMPLATES[name].mandatory[0]}}.` },
  ]),
) as Record<MailTemplateName, { subject: string; content: string }>;

export function settingsServer() {
  const state = {
    settings: defaultSettings() as CustomerSettings,
    validators: settingsValidators() as Record<string, Validator>,
    /** The next PATCH answers this instead (status and body). */
    refuseNext: null as { status: number; body: unknown } | null,
  };
  const reset = () => {
    state.settings = defaultSettings();
    state.validators = settingsValidators();
    state.refuseNext = null;
  };
  const answer = () => jsonResponse(200, { settings: state.settings, validators: state.validators });

  const handle = ({ path, method, body }: ApiCall): Response | undefined => {
    if (path === '/customers/c1/settings/') {
      if (method === 'GET') return answer();
      if (method === 'PATCH') {
        if (state.refuseNext) {
          const { status, body: refusal } = state.refuseNext;
          state.refuseNext = null;
          return jsonResponse(status, refusal);
        }
        const { sms_api_token: token, ...general } = body.general ?? {};
        state.settings = deepMerge(state.settings, { ...body, ...(body.general ? { general } : {}) });
        if (token !== undefined) state.settings.general.sms_api_token_set = token !== '';
        return answer();
      }
    }
    if (path === '/customers/c1/mail-templates/' && method === 'GET') {
      return jsonResponse(200, {
        language: state.settings.general.language,
        items: MAIL_TEMPLATE_NAMES.map((name) => {
          const own = state.settings.general[name];
          return {
            name,
            ...own,
            customised: Boolean(own.subject || own.content),
            default: BUILT_IN[name],
            mandatory: [...MAIL_TEMPLATES[name].mandatory],
            optional: [...MAIL_TEMPLATES[name].optional],
          };
        }),
      });
    }
    return undefined;
  };
  return { state, reset, handle };
}
