import { createContext, useContext } from 'react';
import type { Validators } from '../lib/settingsForm';

/** The validators of the settings answer, for every field of the form to read its own bounds. */
export const ValidatorsContext = createContext<Validators>({});
export const useValidators = () => useContext(ValidatorsContext);
