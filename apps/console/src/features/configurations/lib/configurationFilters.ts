import { BIOMETRY_LEVELS } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import type { FilterDefinitionOf } from '../../../components/filters/filterTypes';
import type { ConfigurationQuery } from '../api/configurationsApi';

/** The drawer of the configurations list: each login on or off, and the app's biometry level. */
export const configurationFilterDefinitions = (t: TFunction): FilterDefinitionOf<ConfigurationQuery>[] => [
  {
    type: 'triMode',
    key: 'web_login',
    label: 'configurations.filters.webLoginOn',
    secondLabel: 'configurations.filters.webLoginOff',
  },
  {
    type: 'triMode',
    key: 'workstation_login',
    label: 'configurations.filters.workstationLoginOn',
    secondLabel: 'configurations.filters.workstationLoginOff',
  },
  {
    type: 'select',
    key: 'biometry',
    label: 'configurations.columns.biometry',
    options: BIOMETRY_LEVELS.map((b) => ({ value: b, label: t(`configurations.biometry.${b}`) })),
  },
];
