import type { SignInStage } from '@portiere/contracts';
import { useId, useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useFocusOnMount } from '../../lib/useFocusOnMount';
import { AppAnswer } from './answers/AppAnswer';
import { KeyAnswer } from './answers/KeyAnswer';
import { SentCodeAnswer } from './answers/SentCodeAnswer';
import { TypedAnswer } from './answers/TypedAnswer';
import { type AnswerKind, answerKinds } from './kinds';
import type { SignInFlowApi } from './useSignIn';

type Choice = AnswerKind | 'recovery';

interface Props {
  stage: SignInStage;
  flow: SignInFlowApi;
  attemptsLeft: number;
}

/**
 * One stage of the flow: the member picks one of its kinds when it offers several, and answers
 * it; a recovery code may stand in (for credentials that recovery mode turned off).
 */
export function StageStep({ stage, flow, attemptsLeft }: Props) {
  const { d } = useI18n();
  const kinds = answerKinds(stage.kinds);
  const [choice, setChoice] = useState<Choice>(kinds[0] ?? 'recovery');
  // On arrival the first control takes the focus; after the member picks a kind it stays on the pick.
  const [focusAnswer, setFocusAnswer] = useState(kinds.length <= 1);
  const pickerRef = useFocusOnMount<HTMLInputElement>(kinds.length > 1);
  const name = useId();

  const props = { flow, attemptsLeft, autoFocus: focusAnswer };
  const follow = (next: Choice) => {
    setFocusAnswer(true);
    setChoice(next);
  };

  return (
    <>
      {kinds.length === 0 && choice === 'recovery' && <p>{d.signin.noKinds}</p>}
      {kinds.length > 1 && choice !== 'recovery' && (
        <fieldset className="kind-picker">
          <legend>{d.signin.chooseKind}</legend>
          {kinds.map((kind) => (
            <label key={kind} className="kind-option">
              <input
                ref={kind === choice ? pickerRef : undefined}
                type="radio"
                name={name}
                value={kind}
                checked={kind === choice}
                onChange={() => {
                  setFocusAnswer(false);
                  setChoice(kind);
                }}
              />
              <span>{d.kinds[kind].name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div key={choice}>
        {choice === 'app' ? (
          <AppAnswer {...props} />
        ) : choice === 'keypair' ? (
          <KeyAnswer {...props} />
        ) : choice === 'mail' || choice === 'sms' ? (
          <SentCodeAnswer {...props} kind={choice} />
        ) : (
          <TypedAnswer {...props} kind={choice} />
        )}
      </div>
      <div className="links">
        {choice === 'recovery' ? (
          kinds[0] && (
            <button type="button" className="btn btn-link" onClick={() => follow(kinds[0] as AnswerKind)}>
              {d.signin.useOtherWay}
            </button>
          )
        ) : (
          <button type="button" className="btn btn-link" onClick={() => follow('recovery')}>
            {d.signin.useRecovery}
          </button>
        )}
      </div>
    </>
  );
}
