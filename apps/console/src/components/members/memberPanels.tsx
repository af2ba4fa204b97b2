import { type ComponentType, createContext, Suspense, useContext } from 'react';

/**
 * Panels about one member that other features own (temporary card, recovery). Features do not
 * import each other: the app provides the implementations and pages render them through here.
 */
export interface MemberPanels {
  TemporaryCard?: ComponentType<{ memberId: string }>;
  Recovery?: ComponentType<{ memberId: string }>;
  /** The audit events about the member. */
  Activity?: ComponentType<{ memberId: string }>;
  /** The machines holding the member's offline material (workstation). */
  Offline?: ComponentType<{ memberId: string }>;
}

export const MemberPanelsContext = createContext<MemberPanels>({});

export function MemberPanel({ kind, memberId }: { kind: keyof MemberPanels; memberId: string }) {
  const Panel = useContext(MemberPanelsContext)[kind];
  if (!Panel) return null;
  return (
    <Suspense fallback={null}>
      <Panel memberId={memberId} />
    </Suspense>
  );
}
