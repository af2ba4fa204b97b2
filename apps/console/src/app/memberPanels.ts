import { lazy } from 'react';
import type { MemberPanels } from '../components/members/memberPanels';

/** The member panels the features offer, each loaded with its own chunk when first shown. */
export const memberPanels: MemberPanels = {
  TemporaryCard: lazy(() =>
    import('../features/temporaryCards/components/TemporaryCardPanel').then((m) => ({ default: m.TemporaryCardPanel })),
  ),
  Recovery: lazy(() =>
    import('../features/recovery/components/RecoveryPanel').then((m) => ({ default: m.RecoveryPanel })),
  ),
  Offline: lazy(() =>
    import('../features/workstation/components/OfflinePanel').then((m) => ({ default: m.OfflinePanel })),
  ),
  Activity: lazy(() =>
    import('../features/audit/components/MemberActivityPanel').then((m) => ({ default: m.MemberActivityPanel })),
  ),
};

/** The login-assistant credentials of a member or a login group (the laUsers area), with its own chunk. */
export const laUsersPanel = lazy(() =>
  import('../features/laUsers/components/LaUsersPanel').then((m) => ({ default: m.LaUsersPanel })),
);
