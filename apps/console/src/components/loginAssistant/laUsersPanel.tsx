import { type ComponentType, createContext, Suspense, useContext } from 'react';
import type { PickedMember } from '../members/memberSearch';

/** Which credentials the panel lists and presets in its add dialog: one member's, or one login group's. */
export type LaUsersPanelProps =
  | { member: PickedMember; loginGroupId?: undefined }
  | { loginGroupId: string; member?: undefined };

/**
 * The login-assistant credentials of a member or a login group, with add, edit and delete. The
 * laUsers area owns it; features do not import each other, so the app provides it here (see
 * app/providers.tsx) and the login group page renders it through LaUsersPanel.
 */
export const LaUsersPanelContext = createContext<ComponentType<LaUsersPanelProps> | null>(null);

export function LaUsersPanel(props: LaUsersPanelProps) {
  const Panel = useContext(LaUsersPanelContext);
  if (!Panel) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
